// OperatorRegistry: registration errors, lookups, and overload resolution
// over types and values (independent of the builtin op set).
#include "runtime/core/operator_registry.h"

#include "gtest/gtest.h"

namespace jitserve {
namespace {

void addInts(Stack& s) {
  const int64_t b = pop(s).toInt();
  s.back() = IValue(s.back().toInt() + b);
}
void noop(Stack&) {}
void withCtx(Stack& s, const void* ctx) { s.emplace_back(*static_cast<const int64_t*>(ctx)); }

TEST(OperatorRegistry, AddRejectsDuplicatesAndBadSchemas) {
  OperatorRegistry r;
  ASSERT_TRUE(r.add(OperatorDef("test::add.int(int a, int b) -> int", addInts, "a + b")).ok());
  auto dup = r.add(OperatorDef("test::add.int(int x, int y) -> int", addInts, "again"));
  EXPECT_EQ(dup.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(std::string(dup.message()).find("test::add.int is already registered"), std::string::npos);
  auto bad = r.add(OperatorDef("test::broken(int a -> int", noop, "bad"));
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(std::string(bad.message()).find("column"), std::string::npos);
  auto noKernel = r.add(OperatorDef("test::nokernel() -> ()", static_cast<Kernel>(nullptr), "none"));
  EXPECT_FALSE(noKernel.ok());
  EXPECT_EQ(r.size(), 1u);
}

TEST(OperatorRegistry, LookupsAndKernels) {
  OperatorRegistry r;
  static const int64_t kSeven = 7;
  ASSERT_TRUE(r.add(OperatorDef("test::add.int(int a, int b) -> int", addInts, "a + b")).ok());
  ASSERT_TRUE(r.add(OperatorDef("test::add(Scalar a, Scalar b) -> Scalar", noop, "generic")).ok());
  ASSERT_TRUE(r.add(OperatorDef("test::seven() -> int", withCtx, &kSeven, "ctx kernel")).ok());
  EXPECT_EQ(r.lookup("test::add").size(), 2u);
  EXPECT_TRUE(r.lookup("test::nope").empty());
  ASSERT_NE(r.findByName("test::add.int"), nullptr);
  EXPECT_EQ(r.findByName("test::add")->schema().overload, "");
  EXPECT_EQ(r.findBySchema("test::add.int(int a,int b)->int"), r.findByName("test::add.int"));

  Stack s{IValue(2), IValue(3)};
  r.findByName("test::add.int")->run(s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].toInt(), 5);
  const Operator* seven = r.findByName("test::seven");
  EXPECT_EQ(seven->kernel(), nullptr);
  seven->run(s);
  EXPECT_EQ(s.back().toInt(), 7);
  EXPECT_EQ(r.all().size(), 3u);
  EXPECT_EQ(&globalOperatorRegistry(), &globalOperatorRegistry());
}

TEST(OperatorRegistry, OverloadResolution) {
  OperatorRegistry r;
  for (const char* schema : {
           "test::f(Scalar a, Scalar b) -> Scalar",
           "test::f.int(int a, int b) -> int",
           "test::f.opt(Tensor? a, int b) -> Tensor",
           "test::f.list(t[] a, t b) -> t[]",
           "test::f.dict(Dict(str, t) a, str b) -> t",
           "test::f.var(str a, ...) -> str",
       }) {
    ASSERT_TRUE(r.add(OperatorDef(schema, noop, "test")).ok()) << schema;
  }
  auto pick = [&](std::vector<TypePtr> in, std::vector<TypePtr> out = {}) {
    const Operator* op = r.findMatchingOperator("test::f", in, out);
    return op ? op->schema().operatorName() : std::string("<none>");
  };
  const TypePtr i = IntType::get(), f = FloatType::get(), s = StringType::get();
  EXPECT_EQ(pick({i, i}), "test::f.int");  // exact beats Scalar
  EXPECT_EQ(pick({f, i}), "test::f");
  EXPECT_EQ(pick({BoolType::get(), i}), "test::f");
  EXPECT_EQ(pick({TensorType::get(), i}), "test::f.opt");
  EXPECT_EQ(pick({NoneType::get(), i}), "test::f.opt");
  EXPECT_EQ(pick({TensorType::create(ScalarType::Float, Device::cpu(), size_t{2}, false), i}), "test::f.opt");
  EXPECT_EQ(pick({ListType::ofInts(), i}), "test::f.list");
  EXPECT_EQ(pick({ListType::ofInts(), f}), "<none>");  // t bound to int
  EXPECT_EQ(pick({ListType::ofTensors(), TensorType::create(ScalarType::Float, std::nullopt, size_t{1}, std::nullopt)}),
            "test::f.list");
  EXPECT_EQ(pick({DictType::create(s, f), s}), "test::f.dict");
  EXPECT_EQ(pick({s}), "test::f.var");
  EXPECT_EQ(pick({s, i, f, s}), "test::f.var");
  EXPECT_EQ(pick({i}), "<none>");
  EXPECT_EQ(pick({i, i}, {i, i}), "<none>");  // one return, two outputs
  EXPECT_EQ(pick({f, f}, {f}), "test::f");    // Scalar return feeds a float output

  auto pickV = [&](std::vector<IValue> in) {
    const Operator* op = r.findMatchingOperatorForValues("test::f", in);
    return op ? op->schema().operatorName() : std::string("<none>");
  };
  EXPECT_EQ(pickV({IValue(1), IValue(2)}), "test::f.int");
  EXPECT_EQ(pickV({IValue(1.5), IValue(2)}), "test::f");
  EXPECT_EQ(pickV({IValue(), IValue(2)}), "test::f.opt");
  EXPECT_EQ(pickV({IValue::intList({1}), IValue(2)}), "test::f.list");
  EXPECT_EQ(pickV({IValue::intList({1}), IValue("x")}), "<none>");
  EXPECT_EQ(pickV({IValue("fmt"), IValue(1), IValue(2.0)}), "test::f.var");
}

}  // namespace
}  // namespace jitserve
