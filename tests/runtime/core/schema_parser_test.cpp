// Schema parsing: every schema PyTorch 1.13 registers round-trips through
// parseSchema + str(), plus targeted cases and malformed inputs.
#include "runtime/core/schema_parser.h"

#include <fstream>
#include <regex>
#include <string>

#include "gtest/gtest.h"

namespace jitserve {
namespace {

FunctionSchema parseOk(std::string_view s) {
  auto r = parseSchema(s);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? *r : FunctionSchema{};
}

std::string replaceAll(std::string s, std::string_view from, std::string_view to) {
  size_t p = 0;
  while ((p = s.find(from, p)) != std::string::npos) {
    s.replace(p, from.size(), to);
    p += to.size();
  }
  return s;
}

TEST(SchemaParser, AllPyTorchSchemasRoundTrip) {
  std::ifstream in(std::string(JITSERVE_SOURCE_DIR) + "/tests/runtime/core/data/all_schemas.txt");
  ASSERT_TRUE(in) << "missing tests/runtime/core/data/all_schemas.txt";
  std::string line;
  size_t total = 0, failedParse = 0, differ = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ++total;
    auto r = parseSchema(line);
    if (!r.ok()) {
      ++failedParse;
      ADD_FAILURE() << "parse failed: " << line << "\n" << r.status().message();
      continue;
    }
    // Two known, harmless differences: SymInt, ScalarType, Layout,
    // MemoryFormat and QScheme are ints in TorchScript programs and our type
    // parser does not keep their spelling; alias sets print sorted ("a|b"
    // where PyTorch keeps "b|a").
    static const std::regex intAliases("\\b(SymInt|ScalarType|Layout|MemoryFormat|QScheme)\\b");
    std::string expected = std::regex_replace(line, intAliases, "int");
    expected = replaceAll(expected, "(b|a)", "(a|b)");
    if (r->str() != expected) {
      ++differ;
      ADD_FAILURE() << "round trip differs:\n  in:  " << expected << "\n  out: " << r->str();
    }
  }
  EXPECT_GT(total, 4000u);
  EXPECT_EQ(failedParse, 0u);
  EXPECT_EQ(differ, 0u);
}

TEST(SchemaParser, Structure) {
  auto s = parseOk("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_EQ(s.name, "aten::add");
  EXPECT_EQ(s.overload, "Tensor");
  ASSERT_EQ(s.arguments.size(), 3u);
  EXPECT_FALSE(s.arguments[1].kwargOnly);
  EXPECT_TRUE(s.arguments[2].kwargOnly);
  ASSERT_TRUE(s.arguments[2].defaultValue.has_value());
  EXPECT_TRUE(s.arguments[2].defaultValue->isInt());
  EXPECT_EQ(s.returns.size(), 1u);
  EXPECT_FALSE(s.isMutable());
  EXPECT_EQ(s.argumentIndexWithName("alpha"), 2u);
  EXPECT_EQ(s.argumentIndexWithName("beta"), std::nullopt);
  EXPECT_EQ(s.ns(), "aten");
  EXPECT_EQ(s.baseName(), "add");
}

TEST(SchemaParser, DefaultsAreConvertedToTheDeclaredType) {
  auto s = parseOk(
      "aten::f(int[2] stride=1, float p=2, float eps=1e-05, float lo=-inf, str r=\"sum\", str q='mean', "
      "int[] dims=[0, 1], MemoryFormat m=contiguous_format, ScalarType? dtype=None, bool b=True) -> ()");
  const auto& a = s.arguments;
  EXPECT_EQ(a[0].N, 2);
  EXPECT_EQ(a[0].defaultValue->toIntVector(), (std::vector<int64_t>{1, 1}));
  EXPECT_TRUE(a[1].defaultValue->isDouble());
  EXPECT_EQ(a[1].defaultValue->toDouble(), 2.0);
  EXPECT_EQ(a[2].defaultValue->toDouble(), 1e-05);
  EXPECT_TRUE(std::isinf(a[3].defaultValue->toDouble()) && a[3].defaultValue->toDouble() < 0);
  EXPECT_EQ(a[4].defaultValue->toStringRef(), "sum");
  EXPECT_EQ(a[5].defaultValue->toStringRef(), "mean");
  EXPECT_EQ(a[6].defaultValue->toIntVector(), (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(a[7].defaultValue->toInt(), 0);
  EXPECT_TRUE(a[8].defaultValue->isNone());
  EXPECT_TRUE(a[9].defaultValue->toBool());
  EXPECT_EQ(s.str(),
            "aten::f(int[2] stride=1, float p=2., float eps=1.0000000000000001e-05, float lo=-inf, str r=\"sum\", "
            "str q=\"mean\", int[] dims=[0, 1], int m=0, int? dtype=None, bool b=True) -> ()");
}

TEST(SchemaParser, ReturnsVarargsAndAliases) {
  auto s = parseOk("aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  ASSERT_EQ(s.returns.size(), 2u);
  EXPECT_EQ(s.returns[1].name, "indices");

  auto v = parseOk("aten::format(str self, ...) -> str");
  EXPECT_TRUE(v.isVararg);
  EXPECT_EQ(v.str(), "aten::format(str self, ...) -> str");

  auto p = parseOk("prim::Print(...) -> ()");
  EXPECT_TRUE(p.isVararg);
  EXPECT_TRUE(p.returns.empty());

  auto r = parseOk("prim::FusionGroup(...) -> ...");
  EXPECT_TRUE(r.isVarret);

  auto m = parseOk("aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");
  EXPECT_TRUE(m.isMutable());
  EXPECT_TRUE(m.arguments[0].isWrite());
  EXPECT_EQ(m.arguments[0].type->str(), "t[]");
  EXPECT_EQ(m.str(), "aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)");

  auto o = parseOk("aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)");
  EXPECT_TRUE(o.arguments[3].isOut());

  auto l = parseOk("aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]");
  EXPECT_EQ(l.str(), "aten::unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]");
}

// Each malformed schema yields an error naming the problem and its column.
struct BadCase {
  const char* schema;
  const char* messagePart;
  int column;
};

TEST(SchemaParser, MalformedSchemasNameProblemAndColumn) {
  const BadCase cases[] = {
      {"add(int a) -> int", "namespace-qualified", 4},
      {"aten::add(int a -> int", "expected ',' or ')'", 17},
      {"aten::add(int a) int", "expected '->'", 18},
      {"aten::add(int a, int) -> int", "argument name", 21},
      {"aten::add(int a=zzz) -> int", "unknown default value 'zzz'", 17},
      {"aten::add(int a=1.5) -> int", "does not match type int", 17},
      {"aten::add(int a=None) -> int", "non-optional", 17},
      {"aten::add(str a='abc) -> int", "unterminated string", 29},
      {"aten::add(int a, ..., int b) -> int", "no arguments may follow", 23},
      {"aten::add(int a) -> int r extra", "unexpected text", 27},
      {"aten::add(Tensor a) -> Tensor x=1", "returns cannot have default", 32},
      {"aten::add(Dict(int) a) -> int", "bad type", 11},
      {"aten::add.(int a) -> int", "overload name", 11},
  };
  for (const auto& c : cases) {
    auto r = parseSchema(c.schema);
    ASSERT_FALSE(r.ok()) << c.schema;
    const std::string msg(r.status().message());
    EXPECT_NE(msg.find(c.messagePart), std::string::npos) << c.schema << "\n" << msg;
    EXPECT_NE(msg.find("column " + std::to_string(c.column) + ":"), std::string::npos) << c.schema << "\n" << msg;
  }
}

TEST(SchemaParser, OperatorName) {
  auto r = parseOperatorName("aten::add.Tensor");
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->first, "aten::add");
  EXPECT_EQ(r->second, "Tensor");
  EXPECT_FALSE(parseOperatorName("aten::add(").ok());
}

}  // namespace
}  // namespace jitserve
