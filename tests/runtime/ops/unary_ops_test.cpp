#include <gtest/gtest.h>

#include <cmath>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

TEST(UnaryOps, FloatFunctionsPromoteIntegers) {
  Tensor r = callT("aten::exp", {longs({0, 1})});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_NEAR(values(r)[1], std::exp(1.0), 1e-6);
  EXPECT_EQ(callT("aten::sqrt", {empty({2}, ScalarType::Double).fill_(4)}).dtype(), ScalarType::Double);
}

TEST(UnaryOps, RoundingKeepsDtypeAndRoundsHalfToEven) {
  EXPECT_EQ(values(callT("aten::round", {floats({0.5f, 1.5f, 2.5f, -0.5f})})), (V{0, 2, 2, -0}));
  EXPECT_EQ(callT("aten::floor", {longs({3})}).dtype(), ScalarType::Long);
  V r = values(callT("aten::round.decimals", {floats({1234.5678f}), IValue(int64_t{-2})}));
  EXPECT_NEAR(r[0], 1200, 1e-3);
}

TEST(UnaryOps, NegOfBoolIsAnError) { EXPECT_THROW(call("aten::neg", {bools({true})}), Error); }

TEST(UnaryOps, PredicatesGiveBool) {
  Tensor r = callT("aten::isnan", {floats({NAN, 1})});
  EXPECT_EQ(r.dtype(), ScalarType::Bool);
  EXPECT_EQ(values(r), (V{1, 0}));
  EXPECT_EQ(values(callT("aten::signbit", {floats({-0.0f, 1})})), (V{1, 0}));
}

TEST(UnaryOps, SpecialFunctionsMatchReferenceValues) {
  EXPECT_NEAR(values(callT("aten::digamma", {floats({1})}))[0], -0.5772156649, 1e-6);
  EXPECT_NEAR(values(callT("aten::erfinv", {floats({0.5f})}))[0], 0.4769362762, 1e-6);
  EXPECT_NEAR(values(callT("aten::i0", {floats({1})}))[0], 1.2660658778, 1e-6);
  EXPECT_NEAR(values(callT("aten::special_ndtri", {floats({0.975f})}))[0], 1.959963985, 1e-5);
}

TEST(UnaryOps, InPlaceOnNonContiguousView) {
  Tensor m = floats({1, 4, 9, 16}, {2, 2});
  Tensor col = m.select(1, 0);
  call("aten::sqrt_", {col});
  EXPECT_EQ(values(m), (V{1, 4, 3, 16}));
}

TEST(ComparisonOps, CompareAcrossDtypesAndScalars) {
  Tensor r = callT("aten::lt.Scalar", {longs({1, 2, 3}), IValue(2.5)});
  EXPECT_EQ(r.dtype(), ScalarType::Bool);
  EXPECT_EQ(values(r), (V{1, 1, 0}));
  EXPECT_EQ(values(callT("aten::eq.Tensor", {floats({1, 2}), longs({1, 3})})), (V{1, 0}));
  EXPECT_THROW(call("aten::bitwise_and.Tensor", {floats({1}), floats({1})}), Error);
  EXPECT_EQ(values(callT("aten::__rshift__.Scalar", {longs({-8, 8}), IValue(int64_t{2})})), (V{-2, 2}));
  EXPECT_TRUE(call1("aten::allclose", {floats({1, 2}), floats({1, 2.000001f}), IValue(1e-5), IValue(1e-8),
                                       IValue(false)})
                  .toBool());
}

TEST(TernaryOps, WhereClampLerp) {
  Tensor c = bools({true, false});
  Tensor w = callT("aten::where.self", {c, longs({1, 2}), floats({0.5f, 0.5f})});
  EXPECT_EQ(w.dtype(), ScalarType::Float);
  EXPECT_EQ(values(w), (V{1, 0.5}));
  EXPECT_THROW(call("aten::where.self", {longs({1, 0}), floats({1, 2}), floats({3, 4})}), Error);
  Tensor cl = callT("aten::clamp", {longs({-5, 5}), IValue(0.5), IValue()});
  EXPECT_EQ(cl.dtype(), ScalarType::Float);
  EXPECT_EQ(values(cl), (V{0.5, 5}));
  EXPECT_THROW(call("aten::clamp", {floats({1}), IValue(), IValue()}), Error);
  EXPECT_EQ(values(callT("aten::lerp.Scalar", {floats({0, 10}), floats({10, 20}), IValue(0.5)})), (V{5, 15}));
}

}  // namespace
}  // namespace jitserve::ops::testing
