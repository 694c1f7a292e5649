// Kernels assembled from simple loops: complex construction and views,
// statistics, im2col/col2im, index_reduce, isin, cosine_similarity, bilinear.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;
using C = std::complex<double>;

TEST(ComplexOps, ComplexPolarAndViewsRoundTrip) {
  Tensor c = callT("aten::complex", {floats({1, 2}, {2, 1}), floats({3, 4, 5})});
  EXPECT_EQ(c.dtype(), ScalarType::ComplexFloat);
  EXPECT_EQ(IntArrayRef(c.sizes()), IntArrayRef({2, 3}));
  Tensor r = callT("aten::view_as_real", {c});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({2, 3, 2}));
  EXPECT_EQ(values(r), (V{1, 3, 1, 4, 1, 5, 2, 3, 2, 4, 2, 5}));
  Tensor back = callT("aten::view_as_complex", {r});
  EXPECT_TRUE(back.is_alias_of(c));
  Tensor p = callT("aten::polar", {floats({2}), floats({static_cast<float>(M_PI / 2)})});
  const C z = p.item().toComplexDouble();
  EXPECT_NEAR(z.real(), 0, 1e-6);
  EXPECT_NEAR(z.imag(), 2, 1e-6);
  EXPECT_THROW(call("aten::complex", {floats({1}), longs({1})}), Error);
  EXPECT_THROW(call("aten::view_as_complex", {floats({1, 2, 3}, {1, 3})}), Error);
}

TEST(StatisticsOps, CovWithWeightsAndCorrcoef) {
  // Matches torch.cov(tensor([1., 2.]), correction=0, aweights=tensor([1., 3.])) == 0.1875.
  Tensor c = callT("aten::cov", {floats({1, 2}), IValue(int64_t{0}), IValue(), floats({1, 3})});
  EXPECT_EQ(c.dim(), 0);
  EXPECT_NEAR(values(c)[0], 0.1875, 1e-6);
  Tensor x = floats({1, 2, 3, 2, 4, 6}, {2, 3});
  V r = values(callT("aten::corrcoef", {x}));
  for (double v : r) EXPECT_NEAR(v, 1, 1e-6);
  EXPECT_THROW(call("aten::cov", {floats({1, 2}), IValue(int64_t{1}), floats({1, 1}), IValue()}), Error);
}

TEST(StatisticsOps, HistogramsCountEdgesInclusively) {
  // histc over the data range [1, 7]: the max lands in the last bin.
  EXPECT_EQ(values(callT("aten::histc", {floats({1, 2, 2, 3, 7}), IValue(int64_t{3}), IValue(0.0), IValue(0.0)})),
            (V{3, 1, 1}));
  Stack h = call("aten::histogram.bin_ct",
                 {floats({1, 2, 2, 3, 7}), IValue(int64_t{3}), IValue::doubleList({1, 7}), IValue(), IValue(true)});
  V hist = values(h[0].toTensor());
  EXPECT_NEAR(hist[0], 0.3, 1e-6);
  EXPECT_NEAR(hist[1], 0.1, 1e-6);
  EXPECT_EQ(values(h[1].toTensor()), (V{1, 3, 5, 7}));
  // A single value gets a unit-wide bin around it.
  Stack one = call("aten::histogram.bin_ct", {floats({2}), IValue(int64_t{1}), IValue(), IValue(), IValue(false)});
  EXPECT_EQ(values(one[1].toTensor()), (V{1.5, 2.5}));
}

TEST(StatisticsOps, GradientUsesCentralDifferences) {
  Stack g = call("aten::gradient.scalarint", {floats({1, 4, 9, 16}), IValue(), IValue(), IValue(int64_t{1})});
  EXPECT_EQ(values(g[0].toList()->elements[0].toTensor()), (V{3, 4, 6, 7}));
}

TEST(FoldOps, Im2colThenCol2imCountsOverlaps) {
  Tensor img = floats({1, 2, 3, 4, 5, 6, 7, 8, 9}, {1, 1, 3, 3});
  const IValue k = IValue::intList({2, 2}), one = IValue::intList({1, 1}), zero = IValue::intList({0, 0});
  Tensor cols = callT("aten::im2col", {img, k, one, zero, one});
  EXPECT_EQ(IntArrayRef(cols.sizes()), IntArrayRef({1, 4, 4}));
  EXPECT_EQ(values(cols.select(1, 0)), (V{1, 2, 4, 5}));
  Tensor back = callT("aten::col2im", {cols, IValue::intList({3, 3}), k, one, zero, one});
  // The centre pixel is in all four blocks, corners in one.
  EXPECT_EQ(values(back), (V{1, 4, 3, 8, 20, 12, 7, 16, 9}));
}

TEST(IndexOps, IndexReduceProdMeanAndExcludeSelf) {
  Tensor self = floats({1, 2, 3});
  Tensor idx = longs({0, 0, 2});
  Tensor src = floats({4, 5, 6});
  EXPECT_EQ(values(callT("aten::index_reduce", {self, IValue(int64_t{0}), idx, src, IValue("prod"), IValue(true)})),
            (V{20, 2, 18}));
  EXPECT_EQ(values(callT("aten::index_reduce", {self, IValue(int64_t{0}), idx, src, IValue("prod"), IValue(false)})),
            (V{20, 2, 6}));
  V mean = values(callT("aten::index_reduce", {self, IValue(int64_t{0}), idx, src, IValue("mean"), IValue(true)}));
  EXPECT_NEAR(mean[0], 10.0 / 3, 1e-6);
  EXPECT_EQ(mean[2], 4.5);
  EXPECT_THROW(call("aten::index_reduce", {self, IValue(int64_t{0}), idx, src, IValue("sum"), IValue(true)}), Error);
}

TEST(MiscOps, IsinCosineSimilarityBilinear) {
  EXPECT_EQ(values(callT("aten::isin.Tensor_Tensor", {longs({1, 2, 3}), floats({2.5f, 3}), IValue(false), IValue(false)})),
            (V{0, 0, 1}));
  Tensor cs = callT("aten::cosine_similarity", {floats({1, 0, 1, 1}, {2, 2}), floats({1, 0, -1, 1}, {2, 2}),
                                                IValue(int64_t{1}), IValue(1e-8)});
  EXPECT_EQ(values(cs), (V{1, 0}));
  // Each norm is clamped to eps on its own: 1e-18 / (1e-8 * 1e-8).
  Tensor tiny = empty({1, 2}, ScalarType::Double).fill_(0);
  tiny.select(1, 0).fill_(1e-9);
  EXPECT_NEAR(values(callT("aten::cosine_similarity", {tiny, tiny, IValue(int64_t{1}), IValue(1e-8)}))[0], 0.01, 1e-12);
  // y = x1 . W . x2 + b with W = [[1, 2], [3, 4]]: 1*(1*5+2*6) + 1*(3*5+4*6) + 1.
  Tensor y = callT("aten::bilinear", {floats({1, 1}), floats({5, 6}), floats({1, 2, 3, 4}, {1, 2, 2}), floats({1})});
  EXPECT_EQ(values(y), (V{57}));
}

}  // namespace
}  // namespace jitserve::ops::testing
