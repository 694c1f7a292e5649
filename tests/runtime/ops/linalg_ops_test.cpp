#include <gtest/gtest.h>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

TEST(LinalgOps, MmAndTransposedViewsAgree) {
  Tensor a = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor b = floats({1, 0, 0, 1, 1, 1}, {3, 2});
  EXPECT_EQ(values(callT("aten::mm", {a, b})), (V{4, 5, 10, 11}));
  // Same product with both operands given as transposed views.
  Tensor at = floats({1, 4, 2, 5, 3, 6}, {3, 2}).t();
  Tensor bt = floats({1, 0, 1, 0, 1, 1}, {2, 3}).t();
  EXPECT_EQ(values(callT("aten::mm", {at, bt})), (V{4, 5, 10, 11}));
}

TEST(LinalgOps, MmShapeAndDtypeErrors) {
  try {
    call("aten::mm", {empty({2, 3}), empty({4, 5})});
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
  }
  EXPECT_THROW(call("aten::mm", {empty({2, 3}), empty({3, 2}, ScalarType::Long)}), Error);
}

TEST(LinalgOps, IntegerMatmulUsesExactLoop) {
  Tensor a = longs({1, 2, 3, 4}, {2, 2});
  Tensor r = callT("aten::matmul", {a, a});
  EXPECT_EQ(r.dtype(), ScalarType::Long);
  EXPECT_EQ(values(r), (V{7, 10, 15, 22}));
}

TEST(LinalgOps, MatmulRankCombinations) {
  Tensor v = floats({1, 2});
  Tensor m = floats({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(callT("aten::matmul", {v, v}).dim(), 0);
  EXPECT_EQ(values(callT("aten::matmul", {v, m})), (V{7, 10}));
  EXPECT_EQ(values(callT("aten::matmul", {m, v})), (V{5, 11}));
  Tensor batch = floats({1, 2, 3, 4, 1, 0, 0, 1}, {2, 2, 2});
  Tensor r = callT("aten::matmul", {batch, m});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({2, 2, 2}));
  EXPECT_EQ(values(r), (V{7, 10, 15, 22, 1, 2, 3, 4}));
  // Broadcast batch: [3,1,2,2] @ [2,2,2] -> [3,2,2,2].
  Tensor big = callT("aten::matmul", {empty({3, 1, 2, 2}).fill_(1), batch});
  EXPECT_EQ(IntArrayRef(big.sizes()), IntArrayRef({3, 2, 2, 2}));
  EXPECT_EQ(values(callT("aten::matmul", {v, batch})), (V{7, 10, 1, 2}));
}

TEST(LinalgOps, AddmmBetaZeroIgnoresNan) {
  Tensor self = floats({NAN, NAN, NAN, NAN}, {2, 2});
  Tensor m = floats({1, 2, 3, 4}, {2, 2});
  Tensor r = callT("aten::addmm", {self, m, m, IValue(int64_t{0}), IValue(int64_t{1})});
  EXPECT_EQ(values(r), (V{7, 10, 15, 22}));
  Tensor bias = floats({1, -1});
  EXPECT_EQ(values(callT("aten::addmm", {bias, m, m, IValue(int64_t{1}), IValue(2.0)})), (V{15, 19, 31, 43}));
}

TEST(LinalgOps, LinearAndBatchedProducts) {
  Tensor x = floats({1, 2, 3, 4, 5, 6}, {1, 2, 3});
  Tensor w = floats({1, 0, 0, 0, 1, 0}, {2, 3});
  Tensor r = callT("aten::linear", {x, w, floats({10, 20})});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({1, 2, 2}));
  EXPECT_EQ(values(r), (V{11, 22, 14, 25}));
  Tensor b1 = floats({1, 2, 3, 4}, {2, 1, 2});
  Tensor b2 = floats({1, 1, 2, 2}, {2, 2, 1});
  EXPECT_EQ(values(callT("aten::bmm", {b1, b2})), (V{3, 14}));
  EXPECT_EQ(values(callT("aten::addbmm", {floats({0}), b1, b2, IValue(int64_t{1}), IValue(int64_t{1})})), (V{17}));
  EXPECT_THROW(call("aten::bmm", {b1, b1}), Error);
}

TEST(LinalgOps, EmptyInnerDimensionGivesZeros) {
  Tensor r = callT("aten::mm", {empty({2, 0}), empty({0, 3})});
  EXPECT_EQ(values(r), (V(6, 0.0)));
}

}  // namespace
}  // namespace jitserve::ops::testing
