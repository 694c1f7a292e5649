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

// baddbmm documents that beta=0 ignores NaN/inf in self. PyTorch 1.13's own
// CPU result for this depends on the machine (some CPUs give NaN), so the
// documented rule is checked here rather than against torch in torch_diff.
TEST(LinalgOps, BaddbmmBetaZeroIgnoresNan) {
  Tensor self = floats(std::vector<float>(8, NAN), {2, 2, 2});
  Tensor a = floats(std::vector<float>(12, 1.0f), {2, 2, 3});
  Tensor b = floats(std::vector<float>(12, 1.0f), {2, 3, 2});
  Tensor r = callT("aten::baddbmm", {self, a, b, IValue(0.0), IValue(int64_t{1})});
  EXPECT_EQ(values(r), V(8, 3.0));
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

// out= products: written into out itself when it is contiguous (the same
// storage afterwards), through a temporary when out aliases an operand, so
// mm(m, m, out=m) is the true product (PyTorch 1.13 returns a garbled one).
TEST(LinalgOps, MmOutWritesOutAndSurvivesAliasing) {
  Tensor m = floats({1, 2, 3, 4}, {2, 2});
  Tensor out = empty({4});
  Tensor r = callT("aten::mm.out", {m, m, out});
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(IntArrayRef(out.sizes()), IntArrayRef({2, 2}));
  EXPECT_EQ(values(out), (V{7, 10, 15, 22}));
  const void* before = out.data_ptr();
  callT("aten::mm.out", {m, floats({1, 0, 0, 1}, {2, 2}), out});
  EXPECT_EQ(out.data_ptr(), before);  // right size and contiguous: no reallocation
  EXPECT_EQ(values(out), (V{1, 2, 3, 4}));
  Tensor a = floats({1, 2, 3, 4}, {2, 2});
  EXPECT_TRUE(callT("aten::mm.out", {a, a, a}).is_same(a));
  EXPECT_EQ(values(a), (V{7, 10, 15, 22}));
  Tensor bias = floats({1, 2, 3, 4}, {2, 2});
  callT("aten::addmm.out", {bias, m, m, IValue(int64_t{1}), IValue(int64_t{1}), bias});
  EXPECT_EQ(values(bias), (V{8, 12, 18, 26}));
}

TEST(LinalgOps, ProductOutDtypeMustMatch) {
  Tensor m = floats({1, 2, 3, 4}, {2, 2});
  try {
    call("aten::bmm.out", {m.unsqueeze(0), m.unsqueeze(0), empty({0}, ScalarType::Long)});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("Expected out tensor to have dtype float, but got long int instead"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace jitserve::ops::testing
