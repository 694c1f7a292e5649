// Typed kernels (runtime/core/boxing.h): unpacking, results, and the
// registration check that keeps a kernel's C++ signature and its schema
// string from drifting apart.
#include "runtime/core/boxing.h"

#include <gtest/gtest.h>

#include "runtime/core/operator_registry.h"

namespace jitserve {
namespace {

int64_t addInts(int64_t a, int64_t b) { return a + b; }
std::tuple<int64_t, double> split(double x) { return {static_cast<int64_t>(x), x - static_cast<int64_t>(x)}; }
int64_t countSome(std::optional<int64_t> a, std::vector<int64_t> list, std::optional<std::string> s) {
  return a.value_or(-1) + static_cast<int64_t>(list.size()) + (s ? static_cast<int64_t>(s->size()) : 100);
}
const TensorImpl* g_seen = nullptr;
// A by-value Tensor parameter takes the stack's reference: no copy.
Tensor keep(Tensor t) {
  g_seen = t.unsafeGetImpl();
  EXPECT_EQ(t.use_count(), 1u);
  return t;
}
void nothing(const IValue&) {}

OperatorDef typed(std::string schema, Kernel k, const KernelSignature* sig) {
  OperatorDef d(std::move(schema), k, "test");
  d.signature = sig;
  return d;
}

TEST(Boxing, UnpacksArgumentsAndPushesResults) {
  Stack s{IValue(int64_t{2}), IValue(int64_t{40})};
  boxed<addInts>(s);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].toInt(), 42);

  Stack t{IValue(2.5)};
  boxed<split>(t);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t[0].toInt(), 2);
  EXPECT_DOUBLE_EQ(t[1].toDouble(), 0.5);

  Stack u{IValue(), IValue(int64_t{7}), IValue("abc")};  // int[1] takes a single int
  boxed<countSome>(u);
  EXPECT_EQ(u.back().toInt(), -1 + 1 + 3);

  Stack v{IValue(int64_t{1})};
  boxed<nothing>(v);
  EXPECT_TRUE(v.empty());
}

TEST(Boxing, ByValueTensorsAreMovedOffTheStack) {
  Stack s;
  s.emplace_back(empty({2}));
  const TensorImpl* impl = s[0].toTensor().unsafeGetImpl();
  boxed<keep>(s);
  EXPECT_EQ(g_seen, impl);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].toTensor().unsafeGetImpl(), impl);
}

TEST(Boxing, WrongArgumentTagIsAClearError) {
  Stack s{IValue("x"), IValue(int64_t{1})};
  try {
    boxed<addInts>(s);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("int"), std::string::npos) << e.what();
  }
}

TEST(Boxing, RegistrationChecksTheSignatureAgainstTheSchema) {
  OperatorRegistry r;
  EXPECT_TRUE(r.add(typed("test::add(int a, int b) -> int", &boxed<addInts>, &kernelSignatureOf<addInts>)).ok());
  EXPECT_TRUE(r.add(typed("test::split(float x) -> (int, float)", &boxed<split>, &kernelSignatureOf<split>)).ok());
  EXPECT_TRUE(r.add(typed("test::count(int? a, int[1] l, str? s=None) -> int", &boxed<countSome>,
                          &kernelSignatureOf<countSome>))
                  .ok());
  EXPECT_TRUE(r.add(typed("test::keep(Tensor(a!) self) -> Tensor(a!)", &boxed<keep>, &kernelSignatureOf<keep>)).ok());
  EXPECT_TRUE(r.add(typed("test::nothing(Any x) -> ()", &boxed<nothing>, &kernelSignatureOf<nothing>)).ok());

  // Count.
  absl::Status st =
      r.add(typed("test::add3(int a, int b, int c) -> int", &boxed<addInts>, &kernelSignatureOf<addInts>));
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("test::add3(int a, int b, int c) -> int"), std::string_view::npos) << st;
  EXPECT_NE(st.message().find("takes 2 parameters, the schema 3"), std::string_view::npos) << st;
  // Type.
  st = r.add(typed("test::addf(int a, float b) -> int", &boxed<addInts>, &kernelSignatureOf<addInts>));
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find("parameter 1 is int64_t but argument 'b' is float"), std::string_view::npos) << st;
  st = r.add(typed("test::keepo(Tensor? self) -> Tensor", &boxed<keep>, &kernelSignatureOf<keep>));
  EXPECT_NE(st.message().find("parameter 0 is Tensor but argument 'self' is Tensor?"), std::string_view::npos) << st;
  // Returns.
  st = r.add(typed("test::addr(int a, int b) -> float", &boxed<addInts>, &kernelSignatureOf<addInts>));
  EXPECT_NE(st.message().find("return 0 is int64_t but the schema returns float"), std::string_view::npos) << st;
  st = r.add(typed("test::split1(float x) -> int", &boxed<split>, &kernelSignatureOf<split>));
  EXPECT_NE(st.message().find("returns 2 values, the schema 1"), std::string_view::npos) << st;
  // Vararg schemas need the raw stack.
  st = r.add(typed("test::va(...) -> int", &boxed<nothing>, &kernelSignatureOf<nothing>));
  EXPECT_NE(st.message().find("vararg"), std::string_view::npos) << st;
  EXPECT_EQ(r.findByName("test::add3"), nullptr);
}

}  // namespace
}  // namespace jitserve
