// Upsampling, 3-D pooling, max unpooling and transposed convolution kernels,
// checked against values computed with torch 1.13.
#include <gtest/gtest.h>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

void expectNear(const Tensor& t, const V& want, double tol = 1e-5) {
  V got = values(t);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

IValue none() { return IValue(); }
IValue ints(std::vector<int64_t> v) { return IValue::intList(std::move(v)); }
IValue dbls(std::vector<double> v) { return IValue::doubleList(std::move(v)); }
Tensor iota(int64_t n, IntArrayRef sizes) {
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return floats(v, sizes);
}

TEST(UpsampleOps, LinearHalfPixelAndAlignCorners) {
  Tensor x = floats({1, 2, 4}, {1, 1, 3});
  expectNear(callT("aten::upsample_linear1d.vec", {x, ints({5}), false, none()}), V{1, 1.4, 2, 3.2, 4});
  expectNear(callT("aten::upsample_linear1d.vec", {x, ints({5}), true, none()}), V{1, 1.5, 2, 3, 4});
}

TEST(UpsampleOps, NearestUsesTheGivenScaleFactor) {
  Tensor x = floats({1, 2, 4}, {1, 1, 3});
  // floor(3 * 1.7) = 5 outputs; source = floor(i / 1.7), or floor((i + 0.5) / 1.7) for nearest-exact.
  expectNear(callT("aten::upsample_nearest1d.vec", {x, none(), dbls({1.7})}), V{1, 1, 2, 2, 4});
  expectNear(callT("aten::_upsample_nearest_exact1d.vec", {x, none(), dbls({1.7})}), V{1, 1, 2, 4, 4});
  Tensor l = longs({7, 8}, {1, 1, 1, 2});
  EXPECT_EQ(values(callT("aten::upsample_nearest2d.vec", {l, ints({2, 4}), none()})), (V{7, 7, 8, 8, 7, 7, 8, 8}));
}

TEST(UpsampleOps, BicubicAndAntialias) {
  Tensor y = iota(16, {1, 1, 4, 4});
  expectNear(callT("aten::upsample_bicubic2d.vec", {y, ints({3, 3}), false, none()}),
             V{0.6307868, 2.0046296, 3.3784730, 6.1261587, 7.5, 8.8738451, 11.6215315, 12.9953718, 14.3692179});
  expectNear(callT("aten::_upsample_bilinear2d_aa.vec", {y, ints({2, 2}), false, none()}),
             V{3.5714288, 5.1428576, 9.8571434, 11.4285717});
}

TEST(UpsampleOps, RejectsSizeAndScaleTogetherAndWrongRank) {
  Tensor x = floats({1, 2, 4}, {1, 1, 3});
  EXPECT_THROW(call("aten::upsample_nearest1d.vec", {x, ints({5}), dbls({2.0})}), Error);
  EXPECT_THROW(call("aten::upsample_bilinear2d.vec", {x, ints({5, 5}), false, none()}), Error);
}

TEST(Pool3dOps, MaxPoolIndicesRoundTripThroughUnpool) {
  Tensor x = iota(8, {1, 1, 2, 2, 2});
  Stack r = call("aten::max_pool3d_with_indices", {x, ints({2}), ints({}), ints({0}), ints({1}), false});
  EXPECT_EQ(values(r[0].toTensor()), (V{7}));
  EXPECT_EQ(values(r[1].toTensor()), (V{7}));
  Tensor u = callT("aten::max_unpool3d", {r[0].toTensor(), r[1].toTensor(), ints({2, 2, 2}), ints({2}), ints({0})});
  EXPECT_EQ(values(u), (V{0, 0, 0, 0, 0, 0, 0, 7}));
  expectNear(callT("aten::avg_pool3d", {x, ints({2}), ints({}), ints({0}), false, true, none()}), V{3.5});
  expectNear(callT("aten::adaptive_avg_pool3d", {x, ints({1, 1, 2})}), V{3, 4});
}

TEST(Pool3dOps, UnpoolRejectsOutOfRangeIndices) {
  Tensor v = floats({1}, {1, 1, 1, 1});
  EXPECT_THROW(call("aten::max_unpool2d", {v, longs({9}, {1, 1, 1, 1}), ints({2, 2})}), Error);
}

TEST(ConvNdOps, TransposedConvolutionWithOutputPadding) {
  Tensor x = floats({1, 3, 5}, {1, 1, 3});
  Tensor w = floats({1, 2}, {1, 1, 2});
  expectNear(callT("aten::conv_transpose1d", {x, w, none(), ints({2}), ints({0}), ints({1}), 1, ints({1})}),
             V{1, 2, 3, 6, 5, 10, 0});
}

}  // namespace
}  // namespace jitserve::ops::testing
