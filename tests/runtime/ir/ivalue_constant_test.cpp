// Constants built from IValues: the attribute kind PyTorch would use, the
// printed spelling, and reading the value back.
#include <gtest/gtest.h>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve {
namespace {

struct Made {
  std::string line;
  AttributeKind kind;
  std::optional<IValue> back;
};

Made make(Graph& g, const IValue& v, TypePtr type) {
  Node* n = g.create(prim::Constant);
  n->output()->setType(std::move(type));
  setConstantAttribute(n, attr::value, v);
  g.insertNode(n);
  return Made{nodeToString(*n, 0), *n->attributeKind(attr::value), constantAttributeValue(*n, attr::value)};
}

TEST(IValueConstant, KindsSpellingsAndValues) {
  Graph g;
  auto i = make(g, IValue(int64_t{7}), IntType::get());
  EXPECT_EQ(i.line, "%0 : int = prim::Constant[value=7]()\n");
  EXPECT_EQ(i.kind, AttributeKind::i);
  EXPECT_EQ(i.back->toInt(), 7);

  auto b = make(g, IValue(true), BoolType::get());
  EXPECT_EQ(b.line, "%1 : bool = prim::Constant[value=1]()\n");
  EXPECT_TRUE(b.back->isBool());
  EXPECT_TRUE(b.back->toBool());

  auto f = make(g, IValue(0.1), FloatType::get());
  EXPECT_EQ(f.line, "%2 : float = prim::Constant[value=0.10000000000000001]()\n");
  EXPECT_EQ(f.back->toDouble(), 0.1);

  auto s = make(g, IValue("it's"), StringType::get());
  EXPECT_EQ(s.line, "%3 : str = prim::Constant[value=\"it\\'s\"]()\n");
  EXPECT_EQ(s.back->toStringRef(), "it's");

  auto d = make(g, IValue(Device::cpu()), DeviceObjType::get());
  EXPECT_EQ(d.line, "%4 : Device = prim::Constant[value=\"cpu\"]()\n");
  EXPECT_TRUE(d.back->isDevice());

  auto l = make(g, IValue::intList({1, 2}), ListType::ofInts());
  EXPECT_EQ(l.line, "%5 : int[] = prim::Constant[value=[1, 2]]()\n");
  EXPECT_EQ(l.kind, AttributeKind::is);
  EXPECT_EQ(l.back->toIntVector(), (std::vector<int64_t>{1, 2}));

  auto e = make(g, IValue::intList({}), ListType::ofInts());
  EXPECT_EQ(e.line, "%6 : int[] = prim::Constant[value=annotate(List[int], [])]()\n");
  EXPECT_EQ(e.kind, AttributeKind::ival);
  EXPECT_TRUE(e.back->isList());

  auto t = make(g, IValue::tuple({IValue(0.0), IValue(0.0)}), TupleType::create({FloatType::get(), FloatType::get()}));
  EXPECT_EQ(t.line, "%7 : (float, float) = prim::Constant[value=(0., 0.)]()\n");
  EXPECT_EQ(t.back->toTupleRef().elements.size(), 2u);

  auto one = make(g, IValue::tuple({IValue("a")}), TupleType::create({StringType::get()}));
  EXPECT_EQ(one.line, "%8 : (str) = prim::Constant[value=(\"a\",)]()\n");

  auto n = make(g, IValue(), NoneType::get());
  EXPECT_EQ(n.line, "%9 : NoneType = prim::Constant[value=None]()\n");
  EXPECT_TRUE(n.back->isNone());
}

TEST(IValueConstant, InsertConstantAndReadNodes) {
  Graph g;
  Value* none = insertConstant(g, IValue());
  Value* xs = insertConstant(g, IValue::doubleList({1.0, 0.5}), SourceRange::location("<string>", 3, 4));
  Value* tup = insertConstant(g, IValue::tuple({IValue(int64_t{1}), IValue("a")}));
  g.registerOutput(xs);
  EXPECT_EQ(graphToString(g),
            "graph():\n"
            "  %0 : NoneType = prim::Constant()\n"
            "  %1 : float[] = prim::Constant[value=[1., 0.5]]() # <string>:3:4\n"
            "  %2 : (int, str) = prim::Constant[value=(1, \"a\")]()\n"
            "  return (%1)\n");
  EXPECT_TRUE(constantNodeValue(*none->node())->isNone());
  EXPECT_EQ(constantNodeValue(*xs->node())->toDoubleVector(), (std::vector<double>{1.0, 0.5}));
  EXPECT_EQ(constantNodeValue(*tup->node())->toTupleRef().elements[1].toStringRef(), "a");
  Node* fn = g.insertNode(g.create(prim::Constant));
  fn->s_(attr::name, "bsearch")->output()->setType(FunctionType::get());
  EXPECT_FALSE(constantNodeValue(*fn).has_value());
  Node* add = g.insertNode(g.create(aten::add, {xs, xs}));
  EXPECT_FALSE(constantNodeValue(*add).has_value());
}

TEST(IValueConstant, PrintedFormParsesBackToTheSameText) {
  Graph g;
  for (const IValue& v : {IValue::intList({}), IValue::tuple({IValue(1.5), IValue(int64_t{2})}),
                          IValue::doubleList({0.5, 2.0}), IValue::stringList({"x", "y"})}) {
    Node* n = g.insertNode(g.create(prim::Constant));
    setConstantAttribute(n, attr::value, v);
    n->output()->setType(v.type());
  }
  std::string text = graphToString(g);
  auto parsed = parseIR(text);
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << text;
  EXPECT_EQ(graphToString(**parsed), text);
  // Parsed literals are text the IR cannot turn back into values.
  Node* first = (*parsed)->nodes().front();
  EXPECT_FALSE(constantAttributeValue(*first, attr::value).has_value());
  EXPECT_TRUE(constantAttributeValue(*first->next()->next(), attr::value).has_value());  // fs
}

}  // namespace
}  // namespace jitserve
