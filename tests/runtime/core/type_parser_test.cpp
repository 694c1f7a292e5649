// The shared type parser: every form PyTorch prints in graphs and schemas,
// alias annotations, and errors that point at the offending offset.
#include <gtest/gtest.h>

#include "runtime/core/type_parser.h"

namespace jitserve {
namespace {

std::string roundTrip(std::string_view text, const TypeParseOptions& opts = {}) {
  auto t = parseType(text, opts);
  EXPECT_TRUE(t.ok()) << text << ": " << t.status();
  return t.ok() ? irTypeStr(**t) : "<error>";
}

TEST(TypeParser, GraphForms) {
  for (const char* s : {"int", "float", "bool", "str", "complex", "Tensor", "Scalar", "Device", "Generator",
                        "Any", "NoneType", "Function", "Storage", "int[]", "Tensor?", "Tensor?[]", "int[]?",
                        "float[][]", "(Tensor, int)", "()", "(int, (str, (float, bool)))", "Dict(str, Tensor)",
                        "Dict(str, (int, float))[]", "Future[Tensor]", "Future[Tensor][]", "Future[(int, int)]",
                        "Union(int, str)", "Union(float, int, NoneType)", "Union(Tensor, Tensor[])",
                        "NamedTuple(values : Tensor, indices : Tensor)",
                        "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)", "Long(*, 4)", "Bool()",
                        "FloatTensor", "Tensor(requires_grad=1)", "Double(5, device=cuda:1)"})
    EXPECT_EQ(roundTrip(s), s);
}

TEST(TypeParser, AliasesAndSchemaSpellings) {
  EXPECT_EQ(roundTrip("Layout"), "int");
  EXPECT_EQ(roundTrip("ScalarType?"), "int?");
  EXPECT_EQ(roundTrip("MemoryFormat"), "int");
  EXPECT_EQ(roundTrip("Dimname[]"), "str[]");
  EXPECT_EQ(roundTrip("SymInt[]"), "int[]");
  EXPECT_EQ(roundTrip("Future(int)"), "Future[int]");
  EXPECT_EQ(roundTrip("  int [ ] ? "), "int[]?");
}

TEST(TypeParser, ClassesEnumsAndVariables) {
  auto cls = ClassType::create("__torch__.foo.___torch_mangle_3.Bar");
  auto color = std::make_shared<EnumType>("__torch__.Color", IntType::get(), std::vector<std::string>{"RED"});
  TypeResolver r = [&](std::string_view n) -> TypePtr {
    if (n == cls->name()) return cls;
    if (n == "Enum<__torch__.Color>") return color;
    return nullptr;
  };
  TypeParseOptions o;
  o.resolver = &r;
  auto t = parseType("__torch__.foo.___torch_mangle_3.Bar[]", o);
  ASSERT_TRUE(t.ok()) << t.status();
  EXPECT_EQ((*t)->expect<ListType>().elementType().get(), cls.get());
  auto e = parseType("Enum<__torch__.Color>", o);
  ASSERT_TRUE(e.ok()) << e.status();
  EXPECT_EQ(e->get(), color.get());
  EXPECT_FALSE(parseType("__torch__.Unknown", o).ok());
  EXPECT_FALSE(parseType("t").ok());
  TypeParseOptions v;
  v.allowVarTypes = true;
  auto tv = parseType("Dict(t, t[])", v);
  ASSERT_TRUE(tv.ok());
  EXPECT_TRUE((*tv)->hasFreeVariables());
}

TEST(TypeParser, AliasAnnotations) {
  TypeParseOptions o;
  o.allowAliasAnnotations = true;
  o.allowVarTypes = true;
  auto p = parseTypePrefix("Tensor(a!) self", 0, o);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->type->str(), "Tensor");
  ASSERT_TRUE(p->alias.has_value());
  EXPECT_TRUE(p->alias->isWrite);
  EXPECT_EQ(p->alias->beforeSets, std::set<std::string>{"a"});
  EXPECT_EQ(p->alias->str(), "(a!)");
  EXPECT_EQ(p->end, 10u);

  auto w = parseTypePrefix("t(c -> *) el", 0, o);
  ASSERT_TRUE(w.ok()) << w.status();
  EXPECT_EQ(w->type->str(), "t");
  EXPECT_TRUE(w->alias->isWildcardAfter());
  EXPECT_EQ(w->alias->str(), "(c -> *)");

  auto l = parseTypePrefix("Tensor(a)[]", 0, o);
  ASSERT_TRUE(l.ok()) << l.status();
  EXPECT_EQ(l->type->str(), "Tensor[]");
  ASSERT_TRUE(l->alias.has_value());
  EXPECT_TRUE(l->alias->beforeSets.empty());
  ASSERT_EQ(l->alias->containedTypes.size(), 1u);
  EXPECT_EQ(l->alias->containedTypes[0].str(), "(a)");

  auto lw = parseTypePrefix("t[](a!)", 0, o);
  ASSERT_TRUE(lw.ok()) << lw.status();
  EXPECT_EQ(lw->alias->str(), "(a!)");

  auto opt = parseTypePrefix("Tensor(a!)?", 0, o);
  ASSERT_TRUE(opt.ok()) << opt.status();
  EXPECT_EQ(opt->type->str(), "Tensor?");
  EXPECT_TRUE(opt->alias->isWrite);

  auto fixed = parseTypePrefix("int[2] stride", 0, o);
  ASSERT_TRUE(fixed.ok()) << fixed.status();
  EXPECT_EQ(fixed->type->str(), "int[]");
  EXPECT_EQ(fixed->listSize, 2u);

  auto optList = parseTypePrefix("Tensor?[] indices", 0, o);
  ASSERT_TRUE(optList.ok());
  EXPECT_EQ(optList->type->str(), "Tensor?[]");

  auto multi = parseTypePrefix("Tensor(a|b)", 0, o);
  ASSERT_TRUE(multi.ok());
  EXPECT_EQ(multi->alias->str(), "(a|b)");

  // Without alias mode "Tensor(a!)" is neither an alias nor a refinement.
  EXPECT_FALSE(parseType("Tensor(a!)").ok());
}

void expectError(std::string_view text, size_t offset, std::string_view fragment) {
  size_t at = 12345;
  auto r = parseTypePrefixAt(text, 0, {}, &at);
  ASSERT_FALSE(r.ok()) << text;
  EXPECT_EQ(at, offset) << text << ": " << r.status().message();
  EXPECT_NE(std::string(r.status().message()).find(fragment), std::string_view::npos) << r.status().message();
  auto plain = parseType(text);
  ASSERT_FALSE(plain.ok());
  EXPECT_NE(std::string(plain.status().message()).find("offset " + std::to_string(offset)), std::string_view::npos)
      << plain.status().message();
}

TEST(TypeParser, ErrorsNamePlaceAndProblem) {
  expectError("int[", 4, "expected ']'");
  expectError("Dict(str Tensor)", 9, "expected ','");
  expectError("(int, float", 11, "expected ')'");
  expectError("Wat", 0, "unknown type 'Wat'");
  expectError("Float(2, 3, bogus=1)", 12, "unknown tensor type keyword 'bogus'");
  expectError("Float(2, device=gpu)", 16, "unknown device 'gpu'");
  expectError("Float(2, strides=[1, 1])", 9, "1 sizes but 2 strides");
  expectError("Union()", 6, "at least one member");
  expectError("NamedTuple(a Tensor)", 13, "expected ':'");
  expectError("int[3]", 3, "list size is not allowed");
  expectError("", 0, "end of input");
  auto trailing = parseType("int]");
  ASSERT_FALSE(trailing.ok());
  EXPECT_NE(std::string(trailing.status().message()).find("offset 3"), std::string_view::npos);
}

}  // namespace
}  // namespace jitserve
