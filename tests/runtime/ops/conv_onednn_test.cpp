// The oneDNN convolution (onednn_conv.h) against the im2col + GEMM reference
// path on random inputs: every case runs aten::conv2d (or conv1d /
// convolution) once with oneDNN and once with it switched off.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "op_test_util.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops::testing {
namespace {

Tensor randomFloats(std::vector<int64_t> shape, std::mt19937& rng) {
  std::uniform_real_distribution<float> d(-1.f, 1.f);
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = d(rng);
  return floats(v, shape);
}

struct Case {
  std::vector<int64_t> input;  // NCHW (or CHW: unbatched)
  int64_t out_channels, kh, kw;
  std::vector<int64_t> stride, padding, dilation;
  int64_t groups;
  bool bias;
  std::string name;
};

// Runs `fn` with oneDNN on and off; the results must agree.
template <typename F>
void expectPathsAgree(const F& fn, double tol) {
  setOnednnConvEnabled(true);
  Tensor fast = fn();
  setOnednnConvEnabled(false);
  Tensor ref = fn();
  setOnednnConvEnabled(true);
  ASSERT_EQ(std::vector<int64_t>(fast.sizes().begin(), fast.sizes().end()),
            std::vector<int64_t>(ref.sizes().begin(), ref.sizes().end()));
  const std::vector<double> a = values(fast), b = values(ref);
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::abs(a[i] - b[i]));
  EXPECT_LE(worst, tol);
}

class OnednnConvTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!onednnAvailable()) GTEST_SKIP() << "built without oneDNN";
  }
  void TearDown() override { setOnednnConvEnabled(true); }
};

TEST_F(OnednnConvTest, Conv2dMatchesIm2colOnRandomInputs) {
  const Case cases[] = {
      {{1, 3, 17, 19}, 8, 3, 3, {1, 1}, {1, 1}, {1, 1}, 1, true, "3x3 pad 1 bias"},
      {{2, 16, 12, 12}, 32, 3, 3, {2, 2}, {1, 1}, {1, 1}, 1, false, "strided batch 2"},
      {{1, 8, 15, 13}, 8, 3, 3, {1, 1}, {2, 2}, {2, 2}, 1, true, "dilated"},
      {{1, 12, 10, 11}, 18, 3, 2, {1, 2}, {0, 1}, {1, 1}, 3, true, "groups 3, rectangular kernel"},
      {{1, 32, 14, 14}, 32, 3, 3, {1, 1}, {1, 1}, {1, 1}, 32, false, "depthwise"},
      {{3, 24, 9, 9}, 24, 3, 3, {2, 2}, {1, 1}, {1, 1}, 24, true, "depthwise strided batch 3"},
      {{1, 16, 8, 8}, 32, 3, 3, {1, 1}, {1, 1}, {1, 1}, 16, true, "depthwise multiplier 2"},
      {{1, 64, 7, 7}, 32, 1, 1, {1, 1}, {0, 0}, {1, 1}, 1, true, "1x1"},
      {{2, 64, 14, 14}, 128, 1, 1, {2, 2}, {0, 0}, {1, 1}, 1, false, "1x1 stride 2"},
      {{1, 3, 32, 32}, 16, 7, 7, {2, 2}, {3, 3}, {1, 1}, 1, true, "7x7 stride 2 stem"},
      {{4, 5, 6, 7}, 6, 2, 3, {3, 1}, {1, 2}, {1, 2}, 1, true, "odd everything"},
      {{6, 10, 10}, 4, 3, 3, {1, 1}, {1, 1}, {1, 1}, 2, true, "unbatched, groups 2"},
  };
  std::mt19937 rng(1234);
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const int64_t C = c.input[c.input.size() - 3];
    Tensor x = randomFloats(c.input, rng);
    Tensor w = randomFloats({c.out_channels, C / c.groups, c.kh, c.kw}, rng);
    IValue b = c.bias ? IValue(randomFloats({c.out_channels}, rng)) : IValue();
    const double tol = 1e-5 * static_cast<double>(C / c.groups * c.kh * c.kw) + 1e-5;
    expectPathsAgree(
        [&] {
          return callT("aten::conv2d", {x, w, b, IValue::intList(c.stride), IValue::intList(c.padding),
                                        IValue::intList(c.dilation), IValue(c.groups)});
        },
        tol);
  }
}

TEST_F(OnednnConvTest, NonContiguousInputAndWeight) {
  std::mt19937 rng(7);
  // A channels-last view of an NHWC buffer, and a weight sliced along dim 0.
  Tensor x = randomFloats({2, 9, 11, 16}, rng).permute({0, 3, 1, 2});
  Tensor w = randomFloats({24, 16, 3, 3}, rng).narrow(0, 4, 12);
  Tensor b = randomFloats({24}, rng).narrow(0, 0, 12);
  ASSERT_FALSE(x.is_contiguous());
  expectPathsAgree(
      [&] {
        return callT("aten::conv2d", {x, w, b, IValue::intList({2, 1}), IValue::intList({1, 1}),
                                      IValue::intList({1, 1}), IValue(int64_t{1})});
      },
      2e-3);
}

TEST_F(OnednnConvTest, Conv1dAndConvolutionReachIt) {
  std::mt19937 rng(11);
  Tensor x = randomFloats({2, 8, 30}, rng);
  Tensor w = randomFloats({6, 4, 5}, rng);
  Tensor b = randomFloats({6}, rng);
  expectPathsAgree(
      [&] {
        return callT("aten::conv1d", {x, w, b, IValue::intList({2}), IValue::intList({2}), IValue::intList({3}),
                                      IValue(int64_t{2})});
      },
      1e-4);
  Tensor x2 = randomFloats({1, 6, 12, 12}, rng);
  Tensor w2 = randomFloats({9, 6, 3, 3}, rng);
  expectPathsAgree(
      [&] {
        return callT("aten::convolution", {x2, w2, IValue(), IValue::intList({1, 1}), IValue::intList({1, 1}),
                                           IValue::intList({1, 1}), IValue(false), IValue::intList({0, 0}),
                                           IValue(int64_t{1})});
      },
      1e-4);
}

// A frozen weight is reordered once and reused: the same view gives the
// same result on later calls and other shapes, a second view of the same
// storage (a slice) gets its own packed copy, and a weight that is not
// frozen keeps nothing.
TEST_F(OnednnConvTest, FrozenWeightsAreReorderedOnceAndStayRight) {
  std::mt19937 rng(5);
  Tensor full = randomFloats({32, 16, 3, 3}, rng);
  Tensor w = full.narrow(0, 0, 16);
  Tensor slice = full.narrow(0, 16, 16);
  auto conv = [&](const Tensor& weight, const Tensor& x) {
    return callT("aten::conv2d", {x, weight, IValue(), IValue::intList({1, 1}), IValue::intList({1, 1}),
                                  IValue::intList({1, 1}), IValue(int64_t{1})});
  };
  Tensor x = randomFloats({1, 16, 12, 12}, rng), x2 = randomFloats({2, 16, 7, 9}, rng);
  setOnednnConvEnabled(false);
  const std::vector<double> want = values(conv(w, x)), want2 = values(conv(w, x2)), wantSlice = values(conv(slice, x));
  setOnednnConvEnabled(true);
  StorageImpl& storage = *full.storage().unsafeGetStorageImpl();
  (void)conv(w, x);
  EXPECT_EQ(storage.derivedCount(), 0u);
  storage.markFrozen();
  auto expectNear = [](const std::vector<double>& got, const std::vector<double>& ref) {
    ASSERT_EQ(got.size(), ref.size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], ref[i], 2e-3) << i;
  };
  // A pointwise conv takes oneDNN too once its weight is frozen.
  Tensor pw = randomFloats({8, 16, 1, 1}, rng);
  auto pointwise = [&] {
    return callT("aten::conv2d", {x, pw, IValue(), IValue::intList({1, 1}), IValue::intList({0, 0}),
                                  IValue::intList({1, 1}), IValue(int64_t{1})});
  };
  setOnednnConvEnabled(false);
  const std::vector<double> wantPointwise = values(pointwise());
  setOnednnConvEnabled(true);
  pw.storage().unsafeGetStorageImpl()->markFrozen();
  size_t kept = 0;
  for (int call = 0; call < 3; ++call) {
    expectNear(values(pointwise()), wantPointwise);
    expectNear(values(conv(w, x)), want);
    expectNear(values(conv(w, x2)), want2);
    expectNear(values(conv(slice, x)), wantSlice);
    // Only the first round packs (when the primitive wants a blocked layout
    // at all; the 3x3 weight's Winograd transforms in the background,
    // replacing its direct packs); later rounds reuse what it kept.
    if (call == 0) {
      onednnWaitForWeightPacks();
      kept = storage.derivedCount();
    }
    EXPECT_EQ(storage.derivedCount(), kept);
  }
}

// Frozen weights take NHWC activations; on small images at batch >= 4 the
// primitive computes in its blocked layout, reordered from and back to NHWC
// (onednn_conv.cpp). Both, fused relu included, must match the reference,
// and an NHWC result must come back channels-last.
TEST_F(OnednnConvTest, FrozenNhwcAndBlockedSmallImagesMatchTheReference) {
  std::mt19937 rng(11);
  for (const std::vector<int64_t>& shape : std::vector<std::vector<int64_t>>{{4, 64, 7, 7}, {1, 64, 7, 7}, {4, 64, 16, 16}}) {
    Tensor x = randomFloats(shape, rng);
    Tensor w = randomFloats({96, 64, 3, 3}, rng), b = randomFloats({96}, rng);
    auto conv = [&](const Tensor& in, bool channelsLast) {
      return callT("jitserve::conv2d_clamp", {in, w, b, IValue::intList({1, 1}), IValue::intList({1, 1}),
                                              IValue::intList({1, 1}), IValue(int64_t{1}), IValue(int64_t{0}), IValue(),
                                              IValue(channelsLast)});
    };
    setOnednnConvEnabled(false);
    const std::vector<double> want = values(conv(x, false));
    setOnednnConvEnabled(true);
    w.storage().unsafeGetStorageImpl()->markFrozen();
    const Tensor xNhwc = x.permute({0, 2, 3, 1}).contiguous().permute({0, 3, 1, 2});
    for (const Tensor& in : {x, xNhwc}) {
      for (bool channelsLast : {false, true}) {
        const Tensor got = conv(in, channelsLast);
        EXPECT_EQ(isChannelsLast(got), channelsLast);
        const std::vector<double> g = values(got);
        ASSERT_EQ(g.size(), want.size());
        for (size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], want[i], 2e-3) << shape[0] << "x" << shape[2] << " " << i;
      }
    }
  }
}

// Frozen 3x3 stride-1 convolutions take oneDNN's Winograd kernels where the
// CPU has them (the direct ones otherwise, and for channel counts those
// kernels do not block): with the residual sum and relu post-ops, at batch
// 1 and 8, NCHW and NHWC in and out, the results must match the reference
// as closely as the direct kernels do (relative to the output's scale).
TEST_F(OnednnConvTest, FrozenWinogradMatchesTheReference) {
  struct Shape {
    std::vector<int64_t> input;
    int64_t out, pad;
  };
  const Shape shapes[] = {{{1, 64, 14, 14}, 64, 1}, {{8, 64, 9, 11}, 128, 1}, {{2, 16, 23, 23}, 64, 1},
                          {{1, 20, 10, 10}, 24, 1}, {{4, 32, 12, 12}, 32, 0}, {{1, 48, 7, 7}, 48, 2}};
  std::mt19937 rng(17);
  for (const Shape& sh : shapes) {
    SCOPED_TRACE(::testing::PrintToString(sh.input) + " -> " + std::to_string(sh.out) + " pad " +
                 std::to_string(sh.pad));
    Tensor x = randomFloats(sh.input, rng);
    Tensor w = randomFloats({sh.out, sh.input[1], 3, 3}, rng), b = randomFloats({sh.out}, rng);
    const int64_t ho = sh.input[2] + 2 * sh.pad - 2, wo = sh.input[3] + 2 * sh.pad - 2;
    Tensor other = randomFloats({sh.input[0], sh.out, ho, wo}, rng);
    auto convAddRelu = [&](const Tensor& in, bool channelsLast) {
      return callT("jitserve::conv2d_add",
                   {in, w, b, IValue::intList({1, 1}), IValue::intList({sh.pad, sh.pad}), IValue::intList({1, 1}),
                    IValue(int64_t{1}), other, IValue(0.5), IValue(false), IValue(int64_t{0}), IValue(),
                    IValue(channelsLast)});
    };
    auto plain = [&](const Tensor& in) {
      return callT("aten::conv2d", {in, w, b, IValue::intList({1, 1}), IValue::intList({sh.pad, sh.pad}),
                                    IValue::intList({1, 1}), IValue(int64_t{1})});
    };
    setOnednnConvEnabled(false);
    const std::vector<double> wantFused = values(convAddRelu(x, false)), wantPlain = values(plain(x));
    setOnednnConvEnabled(true);
    w.storage().unsafeGetStorageImpl()->markFrozen();
    // Sums of 9 * C products of values in [-1, 1]: the output's scale is
    // about sqrt(3 C); both oneDNN paths stay within 1e-5 of it.
    const double tol = 1e-5 * std::sqrt(3.0 * static_cast<double>(sh.input[1]));
    const Tensor xNhwc = x.permute({0, 2, 3, 1}).contiguous().permute({0, 3, 1, 2});
    // Round 0 runs the direct kernels while the Winograd weight transform
    // is made in the background; round 1 runs Winograd.
    for (int round = 0; round < 2; ++round) {
      if (round == 1) onednnWaitForWeightPacks();
      for (const Tensor& in : {x, xNhwc}) {
        for (bool channelsLast : {false, true}) {
          const Tensor got = convAddRelu(in, channelsLast);
          EXPECT_EQ(isChannelsLast(got), channelsLast);
          const std::vector<double> g = values(got);
          ASSERT_EQ(g.size(), wantFused.size());
          for (size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], wantFused[i], tol) << i;
        }
        const std::vector<double> g = values(plain(in));
        ASSERT_EQ(g.size(), wantPlain.size());
        for (size_t i = 0; i < g.size(); ++i) ASSERT_NEAR(g[i], wantPlain[i], tol) << i;
      }
    }
  }
}

// Once a frozen weight's Winograd transform is kept, the direct kernel's
// pack made for the calls before it is dropped: one pack per weight and
// layout, not two. (Where oneDNN has no Winograd kernel both counts are
// the direct pack's.)
TEST_F(OnednnConvTest, WinogradPackReplacesTheDirectOne) {
  std::mt19937 rng(23);
  Tensor w = randomFloats({64, 64, 3, 3}, rng);
  StorageImpl& storage = *w.storage().unsafeGetStorageImpl();
  storage.markFrozen();
  Tensor x = randomFloats({1, 64, 14, 14}, rng);
  auto conv = [&] {
    return callT("aten::conv2d", {x, w, IValue(), IValue::intList({1, 1}), IValue::intList({1, 1}),
                                  IValue::intList({1, 1}), IValue(int64_t{1})});
  };
  setOnednnConvEnabled(false);
  const std::vector<double> want = values(conv());
  setOnednnConvEnabled(true);
  const std::vector<double> first = values(conv());
  EXPECT_EQ(storage.derivedCount(), 1u);  // the direct pack, or the transform already landed
  onednnWaitForWeightPacks();
  EXPECT_EQ(storage.derivedCount(), 1u);  // the transform, which replaced it
  const std::vector<double> later = values(conv());
  EXPECT_EQ(storage.derivedCount(), 1u);
  ASSERT_EQ(later.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    ASSERT_NEAR(first[i], want[i], 1e-3) << i;
    ASSERT_NEAR(later[i], want[i], 1e-3) << i;
  }
}

// Plans depend on the thread count; a change between calls must not reuse a
// primitive sized for another team, and calls from inside a parallel region
// run single-threaded.
TEST_F(OnednnConvTest, ThreadCountChangesAndNestedCalls) {
  std::mt19937 rng(3);
  Tensor x = randomFloats({1, 16, 20, 20}, rng);
  Tensor w = randomFloats({16, 16, 3, 3}, rng);
  auto conv = [&] {
    return callT("aten::conv2d", {x, w, IValue(), IValue::intList({1, 1}), IValue::intList({1, 1}),
                                  IValue::intList({1, 1}), IValue(int64_t{1})});
  };
  const int saved = get_num_threads();
  setOnednnConvEnabled(false);
  const std::vector<double> ref = values(conv());
  setOnednnConvEnabled(true);
  for (int t : {1, 2, 1}) {
    set_num_threads(t);
    const std::vector<double> got = values(conv());
    ASSERT_EQ(got.size(), ref.size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], ref[i], 2e-3) << "threads " << t << " at " << i;
  }
  set_num_threads(2);
  std::vector<std::vector<double>> nested(4);
  parallel_for(0, 4, 1, [&](int64_t b, int64_t e) {
    for (int64_t i = b; i < e; ++i) nested[static_cast<size_t>(i)] = values(conv());
  });
  set_num_threads(saved);
  for (const auto& got : nested) {
    ASSERT_EQ(got.size(), ref.size());
    for (size_t i = 0; i < got.size(); ++i) ASSERT_NEAR(got[i], ref[i], 2e-3);
  }
}

}  // namespace
}  // namespace jitserve::ops::testing
