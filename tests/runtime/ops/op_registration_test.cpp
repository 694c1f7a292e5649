// Operator tables: typed rows, and in-place / out= rows derived from the
// functional kernel with PyTorch's rules.
#include "runtime/ops/op_registration.h"

#include <gtest/gtest.h>

#include "runtime/core/operator_registry.h"

namespace jitserve::ops {
namespace {

Tensor asDouble(const Tensor& self, double /*unused*/) { return self.to(ScalarType::Double); }

const OpEntry kRows[] = {
    op<asDouble>("test::as_double(Tensor self, float x) -> Tensor", "To double."),
    op<inplaceFrom<asDouble>>("test::as_double_(Tensor(a!) self, float x) -> Tensor(a!)", "In place."),
    op<outFrom<asDouble>>("test::as_double.out(Tensor self, float x, *, Tensor(a!) out) -> Tensor(a!)", "Out."),
};

class OpRegistration : public ::testing::Test {
 protected:
  static OperatorRegistry& registry() {
    static OperatorRegistry* r = [] {
      auto* reg = new OperatorRegistry();
      registerOpEntries(*reg, kRows);
      return reg;
    }();
    return *r;
  }
  static Stack call(std::string_view name, Stack s) {
    registry().findByName(name)->run(s);
    return s;
  }
};

TEST_F(OpRegistration, InplaceFromWritesSelfWithTheInplaceRules) {
  Tensor f = zeros({3}, ScalarType::Float);
  Stack out = call("test::as_double_", {IValue(f), IValue(1.0)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].toTensor().is_same(f));
  EXPECT_EQ(f.dtype(), ScalarType::Float);
  // A double result cannot be written into a long tensor in place.
  Tensor l = zeros({3}, ScalarType::Long);
  try {
    call("test::as_double_", {IValue(l), IValue(1.0)});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("result type Double can't be cast to the desired output type Long"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(OpRegistration, OutFromResizesAndConvertsIntoOut) {
  Tensor o = zeros({1}, ScalarType::Long);
  Stack out = call("test::as_double.out", {IValue(ones({2, 2}, ScalarType::Float)), IValue(1.0), IValue(o)});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_TRUE(out[0].toTensor().is_same(o));
  EXPECT_EQ(o.dim(), 2);
  EXPECT_EQ(o.dtype(), ScalarType::Long);
  EXPECT_EQ(o.data<int64_t>()[3], 1);
}

TEST_F(OpRegistration, RegisteringARowTwiceIsAnError) {
  OperatorRegistry r;
  registerOpEntries(r, kRows);
  try {
    registerOpEntries(r, kRows);
    FAIL() << "a second registration of the same rows must fail";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("test::as_double(Tensor self, float x) -> Tensor already has a cpu kernel"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace jitserve::ops
