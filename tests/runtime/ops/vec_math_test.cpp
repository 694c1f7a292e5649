// The SIMD kernels (runtime/ops/vec_math.h) against scalar double-precision
// references, for every table this CPU and build have, at lengths that
// exercise the partial last vector; and ops on strided inputs, which go
// through a gather buffer, against the same ops on contiguous copies.
#include "runtime/ops/vec_math.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "tests/runtime/ops/op_test_util.h"

namespace jitserve::ops {
namespace {

using testing::callT;
using testing::floats;
using testing::values;

std::vector<const vec::FloatKernels*> tables() {
  std::vector<const vec::FloatKernels*> out;
  for (const char* isa : {"avx2", "avx512"})
    if (const vec::FloatKernels* k = vec::floatKernelsFor(isa)) out.push_back(k);
  return out;
}

// Distance in units in the last place between two finite floats.
int64_t ulps(float a, float b) {
  int32_t ia, ib;
  std::memcpy(&ia, &a, 4);
  std::memcpy(&ib, &b, 4);
  if (ia < 0) ia = std::numeric_limits<int32_t>::min() - ia;
  if (ib < 0) ib = std::numeric_limits<int32_t>::min() - ib;
  return std::llabs(static_cast<int64_t>(ia) - static_cast<int64_t>(ib));
}

std::vector<float> uniform(int64_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = d(g);
  return v;
}

struct UnaryCase {
  const char* name;
  vec::UnaryArrayFn vec::FloatKernels::*fn;
  std::function<double(double)> ref;
  float lo, hi;
  int64_t max_ulps;
};

TEST(VecMath, UnaryFunctionsMatchDoubleReference) {
  const std::vector<UnaryCase> cases = {
      {"exp", &vec::FloatKernels::exp, [](double x) { return std::exp(x); }, -87, 88, 1},
      {"exp2", &vec::FloatKernels::exp2, [](double x) { return std::exp2(x); }, -126, 127, 1},
      {"expm1", &vec::FloatKernels::expm1, [](double x) { return std::expm1(x); }, -20, 20, 1},
      {"log", &vec::FloatKernels::log, [](double x) { return std::log(x); }, 1e-30f, 1e30f, 2},
      {"log", &vec::FloatKernels::log, [](double x) { return std::log(x); }, 0.5f, 2.0f, 2},
      {"log", &vec::FloatKernels::log, [](double x) { return std::log(x); }, 1e-44f, 1e-38f, 2},  // denormals
      {"log2", &vec::FloatKernels::log2, [](double x) { return std::log2(x); }, 1e-30f, 1e30f, 1},
      {"log10", &vec::FloatKernels::log10, [](double x) { return std::log10(x); }, 1e-30f, 1e30f, 1},
      {"log1p", &vec::FloatKernels::log1p, [](double x) { return std::log1p(x); }, -0.99f, 1e6f, 1},
      {"sin", &vec::FloatKernels::sin, [](double x) { return std::sin(x); }, -100, 100, 1},
      {"cos", &vec::FloatKernels::cos, [](double x) { return std::cos(x); }, -100, 100, 1},
      {"tan", &vec::FloatKernels::tan, [](double x) { return std::tan(x); }, -1.5f, 1.5f, 1},
      {"asin", &vec::FloatKernels::asin, [](double x) { return std::asin(x); }, -1, 1, 1},
      {"acos", &vec::FloatKernels::acos, [](double x) { return std::acos(x); }, -1, 1, 1},
      {"atan", &vec::FloatKernels::atan, [](double x) { return std::atan(x); }, -50, 50, 1},
      {"sinh", &vec::FloatKernels::sinh, [](double x) { return std::sinh(x); }, -80, 80, 1},
      {"cosh", &vec::FloatKernels::cosh, [](double x) { return std::cosh(x); }, -80, 80, 1},
      {"tanh", &vec::FloatKernels::tanh, [](double x) { return std::tanh(x); }, -10, 10, 2},
      {"tanh", &vec::FloatKernels::tanh, [](double x) { return std::tanh(x); }, -0.7f, 0.7f, 2},
      {"tanh", &vec::FloatKernels::tanh, [](double x) { return std::tanh(x); }, -1e-3f, 1e-3f, 2},
      {"tanh", &vec::FloatKernels::tanh, [](double x) { return std::tanh(x); }, 8.5f, 9.5f, 1},  // the cap
      {"asinh", &vec::FloatKernels::asinh, [](double x) { return std::asinh(x); }, -1e6f, 1e6f, 1},
      {"acosh", &vec::FloatKernels::acosh, [](double x) { return std::acosh(x); }, 1, 1e6f, 1},
      {"atanh", &vec::FloatKernels::atanh, [](double x) { return std::atanh(x); }, -0.999f, 0.999f, 1},
      {"sqrt", &vec::FloatKernels::sqrt, [](double x) { return std::sqrt(x); }, 0, 1e30f, 0},
      {"sigmoid", &vec::FloatKernels::sigmoid, [](double x) { return 1 / (1 + std::exp(-x)); }, -80, 80, 3},
      {"silu", &vec::FloatKernels::silu, [](double x) { return x / (1 + std::exp(-x)); }, -80, 80, 3},
  };
  const auto ts = tables();
  if (ts.empty()) GTEST_SKIP() << "no SIMD table on this CPU/build";
  for (const vec::FloatKernels* k : ts) {
    for (const UnaryCase& c : cases) {
      for (int64_t n : {1, 7, 15, 16, 17, 33, 1000}) {
        std::vector<float> in = uniform(n, c.lo, c.hi, static_cast<uint32_t>(n));
        std::vector<float> out(in.size());
        (k->*c.fn)(in.data(), out.data(), n);
        for (int64_t i = 0; i < n; ++i) {
          const float want = static_cast<float>(c.ref(in[i]));
          ASSERT_LE(ulps(out[i], want), c.max_ulps)
              << k->isa << " " << c.name << "(" << in[i] << ") = " << out[i] << ", want " << want;
        }
      }
      // NaN in, NaN out; in place (in == out) works.
      std::vector<float> v = {std::numeric_limits<float>::quiet_NaN(), 0.5f, 0.25f};
      (k->*c.fn)(v.data(), v.data(), 3);
      EXPECT_TRUE(std::isnan(v[0])) << k->isa << " " << c.name;
      const double half = c.ref(0.5);
      if (std::isnan(half)) EXPECT_TRUE(std::isnan(v[1])) << k->isa << " " << c.name;
      else EXPECT_LE(ulps(v[1], static_cast<float>(half)), c.max_ulps) << k->isa << " " << c.name;
    }
    // pow with a scalar exponent, special cases as C's.
    std::vector<float> px = uniform(45, 0, 10, 21);
    px[0] = -2.0f;
    px[1] = 0.0f;
    std::vector<float> py(px.size());
    k->powScalar(px.data(), py.data(), 45, 2.5f);
    EXPECT_TRUE(std::isnan(py[0]));
    EXPECT_EQ(py[1], 0.0f);
    for (size_t i = 2; i < px.size(); ++i) EXPECT_LE(ulps(py[i], static_cast<float>(std::pow(double(px[i]), 2.5))), 1);
    // where: mask bytes select x or y, tails included; the streaming form
    // also from every misaligned start (its scalar head).
    for (int64_t n : {1, 15, 16, 17, 40, 100}) {
      std::vector<float> x = uniform(n, -1, 1, 31), y = uniform(n, -1, 1, 32), o(static_cast<size_t>(n) + 16);
      std::unique_ptr<bool[]> m(new bool[static_cast<size_t>(n)]);
      for (int64_t i = 0; i < n; ++i) m[i] = (i * 7) % 3 == 0;
      k->where(m.get(), x.data(), y.data(), o.data(), n);
      for (int64_t i = 0; i < n; ++i) ASSERT_EQ(o[i], m[i] ? x[i] : y[i]) << k->isa << " n=" << n << " i=" << i;
      for (int64_t off = 0; off < 16; ++off) {
        std::fill(o.begin(), o.end(), -7.0f);
        k->whereStream(m.get(), x.data(), y.data(), o.data() + off, n);
        for (int64_t i = 0; i < n; ++i)
          ASSERT_EQ(o[off + i], m[i] ? x[i] : y[i]) << k->isa << " stream n=" << n << " off=" << off << " i=" << i;
        for (int64_t i = 0; i < off; ++i) ASSERT_EQ(o[i], -7.0f);  // nothing written before out
        for (size_t i = off + n; i < o.size(); ++i) ASSERT_EQ(o[i], -7.0f);  // or after
      }
    }
    // The edges C defines.
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> e = {-inf, inf, 0.0f};
    k->exp(e.data(), e.data(), 3);
    EXPECT_EQ(e, (std::vector<float>{0.0f, inf, 1.0f}));
    std::vector<float> l = {0.0f, inf, 1.0f, -0.0f, -1.0f, -inf};
    k->log(l.data(), l.data(), 6);
    EXPECT_EQ((std::vector<float>(l.begin(), l.begin() + 4)), (std::vector<float>{-inf, inf, 0.0f, -inf}));
    EXPECT_TRUE(std::isnan(l[4]) && std::isnan(l[5]));
    std::vector<float> t = {-inf, inf, 100.0f, -0.0f};
    k->tanh(t.data(), t.data(), 4);
    EXPECT_EQ(t, (std::vector<float>{-1.0f, 1.0f, 1.0f, 0.0f}));
    EXPECT_TRUE(std::signbit(t[3]));
  }
}

// pow(x, e) against C's powf for every class of x (signed zeros, infinities,
// NaN, negatives, denormals, 1) and exponents taking each path: x^k sqrt(x)
// for e = k + 1/2 (k = 1..4), the e^(y log|x|) path for the rest (odd and
// even integers, negative half-integers, fractions), and e = 0.
TEST(VecMath, PowScalarMatchesPowf) {
  const auto ts = tables();
  if (ts.empty()) GTEST_SKIP() << "no SIMD table on this CPU/build";
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> specials = {0.0f, -0.0f, inf, -inf, nan, -2.0f, -1.0f, 1.0f, -0.5f, 0.5f, 1e-40f,
                                       -1e-40f, 3.4e38f, 1e-30f, -3.0f, 2.0f, 7.0f};
  for (const vec::FloatKernels* k : ts) {
    for (float e : {1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 0.3f, -0.3f, -1.5f, -2.5f, 3.0f, -3.0f, 4.0f, -4.0f, 7.0f, 1.0f,
                    -1.0f, 2.0f, 0.5f, 1e30f, -1e30f, 100.5f, 0.0f}) {
      const bool sqrtPath = e > 1 && e <= 4.5f && e - std::floor(e) == 0.5f;
      const int64_t tol = sqrtPath ? 3 : 1;
      std::vector<float> x = specials;
      for (float v : uniform(300, 0, 4, 5)) x.push_back(v);
      for (float v : uniform(100, -40, 40, 6)) x.push_back(v);
      for (float v : uniform(50, 1e-20f, 1e-10f, 7)) x.push_back(v);
      for (float v : uniform(50, 1e10f, 1e20f, 8)) x.push_back(v);
      std::vector<float> y(x.size());
      k->powScalar(x.data(), y.data(), static_cast<int64_t>(x.size()), e);
      for (size_t i = 0; i < x.size(); ++i) {
        const float want = std::pow(x[i], e);
        if (std::isnan(want)) {
          ASSERT_TRUE(std::isnan(y[i])) << k->isa << " pow(" << x[i] << ", " << e << ") = " << y[i];
          continue;
        }
        ASSERT_EQ(std::signbit(y[i]), std::signbit(want)) << k->isa << " pow(" << x[i] << ", " << e << ") = " << y[i];
        if (std::isinf(want) || want == 0) ASSERT_EQ(y[i], want) << k->isa << " pow(" << x[i] << ", " << e << ")";
        else
          ASSERT_LE(ulps(y[i], want), tol) << k->isa << " pow(" << x[i] << ", " << e << ") = " << y[i] << ", want "
                                           << want;
      }
    }
  }
}

// The op on non-contiguous input (the gather path) and with exponents whose
// scalar special cases surround the vector ones.
TEST(VecMath, PowOpOnStridedInputMatchesPowf) {
  const float inf = std::numeric_limits<float>::infinity();
  std::vector<float> v = uniform(23 * 17, -3, 3, 11);
  v[0] = -0.0f, v[1] = -inf, v[2] = inf, v[3] = 0.0f;
  Tensor t = floats(v, {23, 17}).transpose(0, 1);
  for (double e : {2.5, -2.5, 0.7, 3.0, 5.0, -1.0, 0.0}) {
    const std::vector<double> got = values(callT("aten::pow.Tensor_Scalar", {t, IValue(e)}));
    const std::vector<double> in = values(t);
    for (size_t i = 0; i < in.size(); ++i) {
      const float want = std::pow(static_cast<float>(in[i]), static_cast<float>(e));
      const float g = static_cast<float>(got[i]);
      if (std::isnan(want)) {
        EXPECT_TRUE(std::isnan(g)) << "pow(" << in[i] << ", " << e << ")";
      } else {
        EXPECT_EQ(std::signbit(g), std::signbit(want)) << "pow(" << in[i] << ", " << e << ")";
        EXPECT_LE(ulps(g, want), 3) << "pow(" << in[i] << ", " << e << ") = " << g << ", want " << want;
      }
    }
  }
}

TEST(VecMath, GeluMatchesTheErfFormula) {
  const auto ts = tables();
  if (ts.empty()) GTEST_SKIP() << "no SIMD table on this CPU/build";
  for (const vec::FloatKernels* k : ts) {
    std::vector<float> in = uniform(1001, -12, 12, 7);
    in[0] = std::numeric_limits<float>::quiet_NaN();
    std::vector<float> out(in.size());
    k->gelu(in.data(), out.data(), static_cast<int64_t>(in.size()));
    EXPECT_TRUE(std::isnan(out[0]));
    for (size_t i = 1; i < in.size(); ++i) {
      const double x = in[i], want = 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
      // The AVX-512 table holds Phi to 2e-7; AVX2's erf formula to 3e-7 of erf.
      const double tol = std::string_view(k->isa) == "avx512" ? 3e-7 : 6e-7;
      ASSERT_NEAR(out[i], want, tol * std::max(1.0, std::fabs(x))) << k->isa << " gelu(" << x << ")";
    }
  }
}

TEST(VecMath, SoftmaxPiecesAndDoubleReductions) {
  const auto ts = tables();
  if (ts.empty()) GTEST_SKIP() << "no SIMD table on this CPU/build";
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  for (const vec::FloatKernels* k : ts) {
    EXPECT_EQ(k->max(nullptr, 0), -inf);
    for (int64_t n : {1, 5, 16, 31, 32, 33, 257}) {
      std::vector<float> x = uniform(n, -30, 30, static_cast<uint32_t>(n) + 100);
      // max skips NaN wherever it sits (first lane, tail).
      std::vector<float> xn = x;
      xn[0] = nan;
      xn[n - 1] = nan;
      double ref_max = -inf;
      for (int64_t i = 1; i + 1 < n; ++i) ref_max = std::max<double>(ref_max, xn[i]);
      EXPECT_EQ(k->max(xn.data(), n), static_cast<float>(ref_max)) << k->isa << " n=" << n;

      const float m = k->max(x.data(), n);
      double ref_sum = 0;
      for (float v : x) ref_sum += std::exp(static_cast<double>(v) - m);
      std::vector<float> y(x.size());
      const float s = k->expSubSum(x.data(), y.data(), n, m);
      EXPECT_NEAR(s, ref_sum, 1e-6 * ref_sum) << k->isa << " n=" << n;
      EXPECT_FLOAT_EQ(k->expSubSum(x.data(), nullptr, n, m), s);
      for (int64_t i = 0; i < n; ++i) EXPECT_NEAR(y[i], std::exp(static_cast<double>(x[i]) - m), 2e-7);
      k->scale(y.data(), n, 0.5f);
      for (int64_t i = 0; i < n; ++i) EXPECT_NEAR(y[i], 0.5 * std::exp(static_cast<double>(x[i]) - m), 2e-7);
      k->subSub(x.data(), y.data(), n, 1.5f, 0.25f);
      for (int64_t i = 0; i < n; ++i) EXPECT_EQ(y[i], (x[i] - 1.5f) - 0.25f);

      double sum = 0, sq = 0;
      for (float v : x) sum += v;
      const double mean = sum / n;
      for (float v : x) sq += (v - mean) * (v - mean);
      EXPECT_NEAR(k->sumD(x.data(), n), sum, 1e-9);
      EXPECT_NEAR(k->sqDevD(x.data(), n, mean), sq, 1e-9 * sq);
      std::vector<double> acc(x.size(), 1.0);
      k->addRowsD(acc.data(), x.data(), n, 1, n);
      for (int64_t i = 0; i < n; ++i) EXPECT_EQ(acc[i], 1.0 + x[i]);
      // Six rows of n/6 (stride n/6): one pass of four, pairwise, then two.
      const int64_t w6 = n / 6;
      std::fill(acc.begin(), acc.end(), 0.5);
      k->addRowsD(acc.data(), x.data(), w6, 6, w6);
      for (int64_t i = 0; i < w6; ++i) {
        auto at = [&](int64_t r) { return static_cast<double>(x[r * w6 + i]); };
        EXPECT_EQ(acc[i], ((0.5 + ((at(0) + at(1)) + (at(2) + at(3)))) + at(4)) + at(5));
      }
      std::vector<double> w(x.size()), b(x.size());
      for (int64_t i = 0; i < n; ++i) w[i] = 0.5 + i, b[i] = -1.0 * i;
      k->normRowD(x.data(), y.data(), n, mean, 0.125, w.data(), b.data());
      for (int64_t i = 0; i < n; ++i)
        EXPECT_EQ(y[i], static_cast<float>((static_cast<double>(x[i]) - mean) * 0.125 * w[i] + b[i]));
      k->normRowD(x.data(), y.data(), n, mean, 0.125, nullptr, nullptr);
      for (int64_t i = 0; i < n; ++i) EXPECT_EQ(y[i], static_cast<float>((static_cast<double>(x[i]) - mean) * 0.125));
    }
  }
}

// A strided input runs the same function as a contiguous one, element for element.
TEST(VecMath, StridedUnaryEqualsContiguous) {
  Tensor t = floats(uniform(37 * 29, -5, 5, 3), {37, 29});
  for (const char* op : {"aten::exp", "aten::tanh", "aten::sigmoid", "aten::log1p", "aten::sqrt"}) {
    Tensor pos = callT("aten::abs", {t});
    Tensor a = callT(op, {pos.transpose(0, 1)});
    Tensor b = callT(op, {pos.transpose(0, 1).contiguous()});
    EXPECT_EQ(values(a), values(b)) << op;
  }
  Tensor x = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor s = callT("aten::softmax.int", {x, IValue(int64_t{1}), IValue()});
  const std::vector<double> sv = values(s);
  const double z = std::exp(1.0) + std::exp(2.0) + std::exp(3.0);
  EXPECT_NEAR(sv[0], std::exp(1.0) / z, 1e-7);
  EXPECT_NEAR(sv[5], std::exp(3.0) / z, 1e-7);
  Tensor ls = callT("aten::log_softmax.int", {x, IValue(int64_t{0}), IValue()});
  EXPECT_NEAR(values(ls)[0], 1 - std::log(std::exp(1.0) + std::exp(4.0)), 1e-6);
}

}  // namespace
}  // namespace jitserve::ops
