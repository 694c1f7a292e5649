// grid_sampler, ctc_loss, embedding_bag, scaled dot-product attention and the
// legacy convolution entry points, against values computed with PyTorch 1.13.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

void expectAllNear(const V& a, const V& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol) << "at " << i;
}

TEST(GridSampleOps, PaddingModesAndInterpolationsMatchPyTorch) {
  Tensor x = floats({0, 1, 2, 3, 4, 5, 6, 7, 8}, {1, 1, 3, 3});
  Tensor g = floats({-1, -1, 0.3f, 0.6f, 1.4f, -1.2f, 0.9f, 1.0f}, {1, 2, 2, 2});
  struct Case {
    int64_t mode, pad;
    bool align;
    V expected;
  };
  const Case cases[] = {
      {0, 0, false, {0, 7.15, 0, 2.6}},     {1, 0, false, {0, 7, 0, 8}},
      {2, 0, false, {-0.1875, 8.468557357788086, -0.01701001450419426, 2.911316156387329}},
      {0, 1, false, {0, 7.15, 2, 8}},       {0, 2, false, {0, 7.15, 1.9, 8}},
      {2, 2, false, {-0.75, 7.320159435272217, 1.5647494792938232, 8.733126640319824}},
      {0, 2, true, {0, 6.1, 2.2, 7.9}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE("mode " + std::to_string(c.mode) + " pad " + std::to_string(c.pad));
    Tensor r = callT("aten::grid_sampler", {x, g, IValue(c.mode), IValue(c.pad), IValue(c.align)});
    expectAllNear(values(r), c.expected, 1e-5);
  }
  EXPECT_THROW(call("aten::grid_sampler", {x, floats({0, 0, 0}, {1, 1, 1, 3}), IValue(int64_t{0}), IValue(int64_t{0}),
                                           IValue(false)}),
               Error);
}

TEST(CtcLossOps, SumsOverAlignmentsIncludingRepeatedLabels) {
  // log_softmax of fixed logits, T = 3, N = 1, C = 3.
  Tensor logits = floats({0.1f, 0.5f, 0.2f, 0.3f, 0.1f, 0.9f, 0.6f, 0.2f, 0.1f}, {3, 1, 3});
  Tensor lp = callT("aten::log_softmax.int", {logits, IValue(int64_t{-1}), IValue()});
  auto loss = [&](std::vector<int64_t> target) {
    return values(callT("aten::ctc_loss.Tensor", {lp, longs(target, {1, 2}), longs({3}), longs({2}),
                                                  IValue(int64_t{0}), IValue(int64_t{0}), IValue(false)}))[0];
  };
  EXPECT_NEAR(loss({1, 2}), 1.521885871887207, 1e-5);
  // A repeated label needs a blank between: only one alignment fits in T = 3.
  EXPECT_NEAR(loss({1, 1}), 3.3951094150543213, 1e-5);
}

TEST(EmbeddingBagOps, MeanAndMaxOverBags) {
  Tensor w = callT("aten::reshape", {callT("aten::arange", {IValue(12.0), IValue(), IValue(), IValue(), IValue()}),
                                     IValue::intList({4, 3})});
  auto bag = [&](int64_t mode, std::vector<int64_t> offsets) {
    Stack r = call("aten::embedding_bag", {w, longs({0, 2, 1, 3}), longs(offsets), IValue(false), IValue(mode),
                                           IValue(false), IValue(), IValue(false)});
    return values(r[0].toTensor());
  };
  EXPECT_EQ(bag(1, {0, 1}), (V{0, 1, 2, 6, 7, 8}));
  EXPECT_EQ(bag(2, {0, 2}), (V{6, 7, 8, 9, 10, 11}));
  EXPECT_THROW(bag(0, {1, 2}), Error);  // offsets[0] must be 0
}

TEST(AttentionOps, CausalMaskHidesTheFuture) {
  // One query per position; with a causal mask the first row attends only to key 0.
  Tensor q = floats({1, 0, 0, 1}, {1, 2, 2});
  Tensor v = floats({10, 20}, {1, 2, 1});
  Stack r = call("aten::_scaled_dot_product_attention",
                 {q, q, v, IValue(), IValue(0.0), IValue(false), IValue(true)});
  V out = values(r[0].toTensor()), w = values(r[1].toTensor());
  EXPECT_NEAR(out[0], 10, 1e-6);
  EXPECT_EQ(w[1], 0);
  // Row 2: softmax([0, 1] / sqrt(2)) over values 10 and 20.
  const double e = std::exp(1 / std::sqrt(2.0));
  EXPECT_NEAR(out[1], (10 + 20 * e) / (1 + e), 1e-5);
}

// embedding: rows of weight in the indices' shape; PyTorch's messages for a
// bad weight, index dtype and index.
TEST(EmbeddingOps, RowsInIndexShapeAndErrors) {
  Tensor w = floats({0, 1, 10, 11, 20, 21}, {3, 2});
  Tensor r = callT("aten::embedding", {w, longs({2, 0, 1, 2}, {2, 2}), IValue(int64_t{-1}), IValue(false),
                                       IValue(false)});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({2, 2, 2}));
  EXPECT_EQ(values(r), (V{20, 21, 0, 1, 10, 11, 20, 21}));
  auto message = [&](const Tensor& weight, const Tensor& idx) {
    try {
      call("aten::embedding", {weight, idx, IValue(int64_t{-1}), IValue(false), IValue(false)});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(w, longs({3})).find("index out of range in self"), std::string::npos);
  EXPECT_NE(message(w, longs({-1})).find("index out of range in self"), std::string::npos);
  EXPECT_NE(message(floats({1, 2}), longs({0})).find("'weight' must be 2-D"), std::string::npos);
  EXPECT_NE(message(w, floats({0})).find("but got torch.FloatTensor instead (while checking arguments for embedding)"),
            std::string::npos);
}

}  // namespace
}  // namespace jitserve::ops::testing

namespace jitserve::ops::testing {
namespace {

// Windows start at int((i + u) alpha) - int(u alpha), alpha = (7 - 2) / 2:
// u = 0.3 gives starts 0, 3, 5. 2-D samples are ordered (W, H).
TEST(FractionalPoolOps, SampleSetsWindowStartsPerDim) {
  Tensor x = floats({0, 1, 2, 3, 4, 5, 6}, {1, 1, 7, 1});
  Tensor samples = floats({0.9f, 0.3f}, {1, 1, 2});
  Stack r = call("aten::fractional_max_pool2d", {x, IValue::intList({2, 1}), IValue::intList({3, 1}), samples});
  EXPECT_EQ(values(r[0].toTensor()), (V{1, 4, 6}));
  EXPECT_EQ(values(r[1].toTensor()), (V{1, 4, 6}));
  EXPECT_THROW(call("aten::fractional_max_pool2d", {x, IValue::intList({6, 1}), IValue::intList({3, 1}), samples}),
               Error);
  // A sample outside [0, 1) would place windows outside the input.
  EXPECT_THROW(call("aten::fractional_max_pool2d",
                    {x, IValue::intList({2, 1}), IValue::intList({3, 1}), floats({0.5f, 7}, {1, 1, 2})}),
               Error);
}

// The per-backend entry points of old traced graphs compute what conv2d,
// conv3d and conv_transpose2d compute (through the N-d kernel, so within
// rounding of the 2-D path); kernel_size must match the weight.
void expectClose(const Tensor& got, const Tensor& want) {
  const std::vector<double> g = values(got), w = values(want);
  ASSERT_EQ(IntArrayRef(got.sizes()), IntArrayRef(want.sizes()));
  for (size_t i = 0; i < g.size(); ++i) EXPECT_NEAR(g[i], w[i], 1e-5 * std::max(1.0, std::abs(w[i]))) << i;
}

TEST(LegacyConvOps, MatchTheConvolutionsTheyName) {
  std::vector<float> xv(32), wv(24);
  for (size_t i = 0; i < xv.size(); ++i) xv[i] = static_cast<float>(i) / 10;
  for (size_t i = 0; i < wv.size(); ++i) wv[i] = static_cast<float>(i) / 20;
  const Tensor x = floats(xv, {1, 2, 4, 4}), w = floats(wv, {3, 2, 2, 2}), b = floats({0.5f, -0.5f, 1.0f}, {3});
  const IValue k2 = IValue::intList({2, 2}), one2 = IValue::intList({1, 1});
  const Tensor ref = callT("aten::conv2d", {x, w, b, one2, IValue::intList({1, 0}), one2, IValue(int64_t{1})});
  const Tensor got = callT("aten::thnn_conv2d", {x, w, k2, b, one2, IValue::intList({1, 0})});
  expectClose(got, ref);
  const Tensor dref = callT("aten::conv2d", {x, w, IValue(), one2, IValue::intList({0, 0}), IValue::intList({2, 1}),
                                              IValue(int64_t{1})});
  const Tensor dgot = callT("aten::slow_conv_dilated2d",
                            {x, w, k2, IValue(), one2, IValue::intList({0, 0}), IValue::intList({2, 1})});
  expectClose(dgot, dref);
  // The transposed form reads w as (C_in = 3, C_out = 2, 2, 2).
  const Tensor x3 = floats(std::vector<float>(xv.begin(), xv.begin() + 16), {1, 1, 4, 4}).expand({1, 3, 4, 4}).contiguous();
  const Tensor tref = callT("aten::conv_transpose2d.input", {x3, w, IValue(), IValue::intList({2, 1}),
                                                             IValue::intList({0, 0}), IValue::intList({1, 0}),
                                                             IValue(int64_t{1}), one2});
  const Tensor tgot = callT("aten::slow_conv_transpose2d", {x3, w, k2, IValue(), IValue::intList({2, 1}),
                                                            IValue::intList({0, 0}), IValue::intList({1, 0}), one2});
  expectClose(tgot, tref);
  EXPECT_THROW(call("aten::thnn_conv2d", {x, w, IValue::intList({3, 3}), b, one2, one2}), Error);
}

}  // namespace
}  // namespace jitserve::ops::testing
