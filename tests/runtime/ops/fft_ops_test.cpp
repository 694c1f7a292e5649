#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>

#include "op_test_util.h"
#include "runtime/ops/fft_plan.h"

namespace jitserve::ops::testing {
namespace {

using C = std::complex<double>;
using V = std::vector<double>;

std::vector<C> naiveDft(const std::vector<C>& x, bool inverse) {
  const size_t n = x.size();
  std::vector<C> y(n);
  for (size_t k = 0; k < n; ++k) {
    C acc = 0;
    for (size_t j = 0; j < n; ++j) {
      const double ang = (inverse ? 2 : -2) * std::numbers::pi * static_cast<double>((j * k) % n) / n;
      acc += x[j] * C(std::cos(ang), std::sin(ang));
    }
    y[k] = acc;
  }
  return y;
}

std::vector<C> complexValues(const Tensor& t) {
  Tensor c = t.to(ScalarType::ComplexDouble, true).contiguous();
  const C* p = c.data<C>();
  return std::vector<C>(p, p + c.numel());
}

void expectNear(const std::vector<C>& a, const std::vector<C>& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_LT(std::abs(a[i] - b[i]), tol) << "at " << i << ": " << a[i] << " vs " << b[i];
}

// Lengths covering radix 4/2/3/5, a direct prime (7, 31), Bluestein (37,
// 2 * 53) and the trivial 1.
TEST(FftPlan, MatchesNaiveDftForManyLengths) {
  for (int64_t n : {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 30, 31, 37, 60, 97, 106, 128, 210}) {
    std::vector<C> x(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) x[static_cast<size_t>(i)] = C(std::sin(0.7 * i + 1), std::cos(1.3 * i) - 0.25);
    for (bool inverse : {false, true}) {
      std::vector<C> y = x;
      ops::FftPlan(n).execute(y.data(), inverse);
      SCOPED_TRACE("n=" + std::to_string(n) + (inverse ? " inverse" : " forward"));
      expectNear(y, naiveDft(x, inverse), 1e-9 * static_cast<double>(n));
    }
  }
}

TEST(FftOps, FftAndIfftOfRealSignal) {
  Tensor x = floats({1, 2, 0, -1, 3});
  Tensor f = callT("aten::fft_fft", {x, IValue(), IValue(int64_t{-1}), IValue()});
  EXPECT_EQ(f.dtype(), ScalarType::ComplexFloat);
  expectNear(complexValues(f), {C(5, 0), C(3.3541, 0.3633), C(-3.3541, 1.5388), C(-3.3541, -1.5388), C(3.3541, -0.3633)},
             1e-3);
  Tensor i = callT("aten::fft_ifft", {x, IValue(), IValue(int64_t{-1}), IValue()});
  expectNear(complexValues(i), {C(1, 0), C(0.6708, -0.0727), C(-0.6708, -0.3078), C(-0.6708, 0.3078), C(0.6708, 0.0727)},
             1e-3);
}

TEST(FftOps, RfftIrfftRoundTripAndHermitianPair) {
  Tensor x = floats({0.5f, -1, 2, 3, -0.25f, 1, 4}, {1, 7});
  const IValue n7(int64_t{7}), last(int64_t{-1});
  Tensor half = callT("aten::fft_rfft", {x, IValue(), last, IValue()});
  EXPECT_EQ(IntArrayRef(half.sizes()), IntArrayRef({1, 4}));
  Tensor back = callT("aten::fft_irfft", {half, n7, last, IValue()});
  EXPECT_EQ(back.dtype(), ScalarType::Float);
  std::vector<double> bv = values(back), xv = values(x);
  for (size_t i = 0; i < xv.size(); ++i) EXPECT_NEAR(bv[i], xv[i], 1e-5);
  // Without n the output has 2 * (4 - 1) = 6 points.
  EXPECT_EQ(callT("aten::fft_irfft", {half, IValue(), last, IValue()}).size(-1), 6);
  // hfft(ihfft(x)) == x as well, with ihfft = conj(rfft) / n.
  Tensor ih = callT("aten::fft_ihfft", {x, IValue(), last, IValue()});
  EXPECT_LT(std::abs(complexValues(ih)[1] * 7.0 - std::conj(complexValues(half)[1])), 1e-4);
  std::vector<double> hv = values(callT("aten::fft_hfft", {ih, n7, last, IValue()}));
  for (size_t i = 0; i < xv.size(); ++i) EXPECT_NEAR(hv[i], xv[i], 1e-5);
}

TEST(FftOps, OrthoNormAndTwoDims) {
  Tensor x = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor f = callT("aten::fft_fft2", {x, IValue(), IValue::intList({-2, -1}), IValue(std::string("ortho"))});
  // DC bin: sum / sqrt(6).
  EXPECT_LT(std::abs(complexValues(f)[0] - C(21 / std::sqrt(6.0), 0)), 1e-5);
  // s pads with zeros: a (2, 4) spectrum.
  Tensor g = callT("aten::fft_fftn", {x, IValue::intList({4}), IValue(), IValue()});
  EXPECT_EQ(IntArrayRef(g.sizes()), IntArrayRef({2, 4}));
  EXPECT_LT(std::abs(complexValues(g)[1] - C(1 - 3, -2)), 1e-5);  // 1 + 2(-i) + 3(-1)
}

TEST(FftOps, BadArgumentsAreErrors) {
  Tensor x = floats({1, 2, 3});
  EXPECT_THROW(call("aten::fft_fft", {x, IValue(int64_t{0}), IValue(int64_t{-1}), IValue()}), Error);
  EXPECT_THROW(call("aten::fft_fft", {x, IValue(), IValue(int64_t{1}), IValue()}), Error);
  EXPECT_THROW(call("aten::fft_fft", {x, IValue(), IValue(int64_t{-1}), IValue(std::string("sideways"))}), Error);
  Tensor c = callT("aten::fft_fft", {x, IValue(), IValue(int64_t{-1}), IValue()});
  EXPECT_THROW(call("aten::fft_rfft", {c, IValue(), IValue(int64_t{-1}), IValue()}), Error);
  EXPECT_THROW(call("aten::fft_fftn", {x, IValue::intList({2, 2}), IValue(), IValue()}), Error);
}

TEST(FftOps, FftshiftRollsByHalf) {
  Tensor x = floats({0, 1, 2, 3, 4});
  EXPECT_EQ(values(callT("aten::fft_fftshift", {x, IValue()})), (V{3, 4, 0, 1, 2}));
  EXPECT_EQ(values(callT("aten::fft_ifftshift", {x, IValue()})), (V{2, 3, 4, 0, 1}));
}

TEST(FftOps, StftOfConstantSignalHasOnlyDc) {
  Tensor x = empty({12}).fill_(1);
  // n_fft 4, hop 2, rectangular window: 5 frames, 3 bins, (re, im) pairs.
  Tensor s = callT("aten::stft", {x, IValue(int64_t{4}), IValue(int64_t{2}), IValue(), IValue(), IValue(false),
                                  IValue(), IValue(false)});
  EXPECT_EQ(IntArrayRef(s.sizes()), IntArrayRef({3, 5, 2}));
  std::vector<double> v = values(s);
  for (size_t i = 0; i < v.size(); ++i) EXPECT_NEAR(v[i], i < 10 && i % 2 == 0 ? 4 : 0, 1e-6) << i;
}
}  // namespace
}  // namespace jitserve::ops::testing
