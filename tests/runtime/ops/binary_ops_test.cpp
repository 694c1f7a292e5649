#include <gtest/gtest.h>

#include <cmath>

#include "op_test_util.h"
#include "runtime/ops/binary_ops.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

TEST(BinaryOps, AddPromotesAndBroadcasts) {
  Tensor a = longs({1, 2, 3}, {3, 1});
  Tensor b = floats({0.5f, 1.5f});
  Tensor r = callT("aten::add.Tensor", {a, b, IValue(int64_t{2})});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({3, 2}));
  EXPECT_EQ(values(r), (V{2, 4, 3, 5, 4, 6}));
}

TEST(BinaryOps, ScalarOperandPromotesLikePythonNumber) {
  Tensor a = longs({1, 2, 3});
  EXPECT_EQ(callT("aten::mul.Scalar", {a, IValue(int64_t{2})}).dtype(), ScalarType::Long);
  EXPECT_EQ(callT("aten::mul.Scalar", {a, IValue(2.5)}).dtype(), ScalarType::Float);
  EXPECT_EQ(callT("aten::div.Tensor", {a, a}).dtype(), ScalarType::Float);
}

TEST(BinaryOps, InPlaceRejectsUnsafeCast) {
  Tensor a = longs({1, 2});
  try {
    call("aten::add_.Scalar", {a, IValue(1.5), IValue(int64_t{1})});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("can't be cast to the desired output type Long"), std::string::npos)
        << e.what();
  }
}

TEST(BinaryOps, InPlaceWritesSelfAndKeepsDtype) {
  Tensor a = floats({1, 2, 3});
  Tensor r = callT("aten::mul_.Tensor", {a, longs({2, 2, 2})});
  EXPECT_TRUE(r.is_same(a));
  EXPECT_EQ(values(a), (V{2, 4, 6}));
}

TEST(BinaryOps, InPlaceCannotBroadcastSelf) {
  Tensor a = floats({1, 2});
  EXPECT_THROW(call("aten::add_.Tensor", {a, floats({1, 2, 3, 4}, {2, 2}), IValue(int64_t{1})}), Error);
}

TEST(BinaryOps, BroadcastMismatchMessage) {
  try {
    call("aten::mul.Tensor", {floats({1, 2}), floats({1, 2, 3})});
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("must match the size of tensor b (3)"), std::string::npos) << e.what();
  }
}

TEST(BinaryOps, DivRoundingModes) {
  Tensor a = floats({-7, 7, -7.5f});
  Tensor b = floats({2, -2, 2});
  EXPECT_EQ(values(callT("aten::div.Tensor_mode", {a, b, IValue("trunc")})), (V{-3, -3, -3}));
  EXPECT_EQ(values(callT("aten::div.Tensor_mode", {a, b, IValue("floor")})), (V{-4, -4, -4}));
  Tensor i = longs({-7, 7});
  Tensor r = callT("aten::div.Tensor_mode", {i, longs({2, -2}), IValue("floor")});
  EXPECT_EQ(r.dtype(), ScalarType::Long);
  EXPECT_EQ(values(r), (V{-4, -4}));
  EXPECT_THROW(call("aten::div.Tensor_mode", {i, longs({0, 1}), IValue("trunc")}), Error);
  EXPECT_THROW(call("aten::div.Tensor_mode", {a, b, IValue("round")}), Error);
}

TEST(BinaryOps, RemainderFollowsDivisorSign) {
  EXPECT_EQ(values(callT("aten::remainder.Scalar", {floats({-3, 3}), IValue(2.0)})), (V{1, 1}));
  EXPECT_EQ(values(callT("aten::fmod.Scalar", {floats({-3, 3}), IValue(2.0)})), (V{-1, 1}));
  EXPECT_EQ(values(callT("aten::remainder.Tensor", {longs({-3, 3}), longs({2, -2})})), (V{1, -1}));
}

TEST(BinaryOps, PowOverloads) {
  EXPECT_EQ(values(callT("aten::pow.Tensor_Scalar", {floats({1, 2, 3}), IValue(int64_t{2})})), (V{1, 4, 9}));
  Tensor r = callT("aten::pow.Scalar", {IValue(int64_t{2}), longs({1, 2, 3})});
  EXPECT_EQ(r.dtype(), ScalarType::Long);
  EXPECT_EQ(values(r), (V{2, 4, 8}));
  EXPECT_THROW(call("aten::pow.Tensor_Scalar", {longs({1, 2}), IValue(int64_t{-1})}), Error);
  EXPECT_EQ(callT("aten::float_power.Tensor_Scalar", {longs({2}), IValue(int64_t{2})}).dtype(), ScalarType::Double);
}

TEST(BinaryOps, SubtractingBoolsIsAnError) {
  EXPECT_THROW(call("aten::sub.Tensor", {bools({true}), bools({false}), IValue(int64_t{1})}), Error);
}

TEST(BinaryOps, MaximumPropagatesNanFmaxIgnoresIt) {
  Tensor a = floats({NAN, 1});
  Tensor b = floats({0, NAN});
  V m = values(callT("aten::maximum", {a, b}));
  EXPECT_TRUE(std::isnan(m[0]) && std::isnan(m[1]));
  EXPECT_EQ(values(callT("aten::fmax", {a, b})), (V{0, 1}));
}

TEST(BinaryOps, NonContiguousAndEmptyInputs) {
  Tensor a = floats({1, 2, 3, 4, 5, 6}, {2, 3}).t();  // 3x2, transposed
  Tensor r = callT("aten::sub.Tensor", {a, floats({1, 1}), IValue(int64_t{1})});
  EXPECT_EQ(values(r), (V{0, 3, 1, 4, 2, 5}));
  Tensor e = callT("aten::add.Tensor", {empty({0, 3}), floats({1, 2, 3}), IValue(int64_t{1})});
  EXPECT_EQ(IntArrayRef(e.sizes()), IntArrayRef({0, 3}));
}

TEST(BinaryOps, RsubAndAlpha) {
  EXPECT_EQ(values(callT("aten::rsub.Scalar", {floats({1, 2}), IValue(10.0), IValue(int64_t{2})})), (V{8, 6}));
  EXPECT_THROW(call("aten::add.Tensor", {longs({1}), longs({1}), IValue(0.5)}), Error);
}

}  // namespace
}  // namespace jitserve::ops::testing
