// The bodies of vec_math.h's kernels, written once over an ISA description
// `I` (vector type V, width W, load/store/arithmetic and SLEEF functions).
// Only vec_math_avx2.cpp and vec_math_avx512.cpp include this, each compiled
// for its instruction set; nothing here may be used from baseline code.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "runtime/ops/vec_math.h"
#include "runtime/ops/vec_math_tables.h"

namespace jitserve::ops::vec::detail {

// The lane-wise loads, stores and arithmetic every ISA description shares,
// for a float vector type Vf and a double one Vd. __m256, __m512 and their
// double forms are GCC vector types: their operators compile to the
// instructions the _mm*_add_ps-style intrinsics expand to, at any width.
template <typename Vf, typename Vd>
struct LaneArithmetic {
  using V = Vf;
  using VD = Vd;
  static constexpr int W = sizeof(V) / sizeof(float);
  // Unaligned, aliasing access, as the intrinsics' own loadu/storeu do it.
  template <typename T>
  using Unaligned __attribute__((__aligned__(1), __may_alias__)) = T;
  static V load(const float* p) { return *reinterpret_cast<const Unaligned<V>*>(p); }
  static void store(float* p, V v) { *reinterpret_cast<Unaligned<V>*>(p) = v; }
  static V add(V a, V b) { return a + b; }
  static V sub(V a, V b) { return a - b; }
  static V mul(V a, V b) { return a * b; }
  static V div(V a, V b) { return a / b; }
  static VD loadD(const double* p) { return *reinterpret_cast<const Unaligned<VD>*>(p); }
  static void storeD(double* p, VD v) { *reinterpret_cast<Unaligned<VD>*>(p) = v; }
  static VD addD(VD a, VD b) { return a + b; }
  static VD subD(VD a, VD b) { return a - b; }
  static VD mulD(VD a, VD b) { return a * b; }
  static VD divD(VD a, VD b) { return a / b; }
};

// out = op(in) for n floats; the last partial vector goes through a
// zero-padded buffer (the padding lanes are computed and dropped).
template <typename I, typename Op>
inline void mapArray(const float* in, float* out, int64_t n, Op op) {
  constexpr int W = I::W;
  int64_t i = 0;
  for (; i + W <= n; i += W) I::store(out + i, op(I::load(in + i)));
  if (i < n) {
    float buf[W] = {};
    std::memcpy(buf, in + i, sizeof(float) * (n - i));
    I::store(buf, op(I::load(buf)));
    std::memcpy(out + i, buf, sizeof(float) * (n - i));
  }
}

template <typename I>
struct Kernels {
  using V = typename I::V;
  using VD = typename I::VD;
  static constexpr int W = I::W;

#define JS_VEC_SLEEF_KERNEL(name) \
  static void name(const float* in, float* out, int64_t n) { mapArray<I>(in, out, n, I::name); }
  JS_VEC_SLEEF_KERNEL(exp2)
  JS_VEC_SLEEF_KERNEL(expm1)
  JS_VEC_SLEEF_KERNEL(log2)
  JS_VEC_SLEEF_KERNEL(log10)
  JS_VEC_SLEEF_KERNEL(log1p)
  JS_VEC_SLEEF_KERNEL(sin)
  JS_VEC_SLEEF_KERNEL(cos)
  JS_VEC_SLEEF_KERNEL(tan)
  JS_VEC_SLEEF_KERNEL(asin)
  JS_VEC_SLEEF_KERNEL(acos)
  JS_VEC_SLEEF_KERNEL(atan)
  JS_VEC_SLEEF_KERNEL(sinh)
  JS_VEC_SLEEF_KERNEL(cosh)
  JS_VEC_SLEEF_KERNEL(asinh)
  JS_VEC_SLEEF_KERNEL(acosh)
  JS_VEC_SLEEF_KERNEL(atanh)
  JS_VEC_SLEEF_KERNEL(sqrt)
#undef JS_VEC_SLEEF_KERNEL

  // A PiecewiseTable in registers (loaded once per call: the compiler
  // cannot hoist loads from a table that `out` might alias), and the
  // bucket's polynomial at s (kLookup32 ISAs only).
  template <typename T32>
  struct Piecewise {
    T32 c[PiecewiseTable::kDegree + 1];
    explicit Piecewise(const PiecewiseTable& t) {
      for (int k = 0; k <= PiecewiseTable::kDegree; ++k) c[k] = I::loadTable32(t.c[k]);
    }
    template <typename VI>
    V operator()(VI b, V s) const {
      V p = I::lookup32(c[PiecewiseTable::kDegree], b);
      for (int k = PiecewiseTable::kDegree - 1; k >= 0; --k) p = I::fma(p, s, I::lookup32(c[k], b));
      return p;
    }
  };

  // e^x for every float, within 1 ULP (SLEEF's u10 costs ~2x): x = k ln2
  // + r with |r| <= ln2/2 (ln2 split so k * ln2_hi is exact), e^r = 1 + r +
  // r^2 Q(r) with Q a degree-4 minimax fit of (e^r - 1 - r) / r^2 (relative
  // error of e^r < 1.4e-8), then 2^k applied in one rounding (I::ldexp:
  // inf above 88.72, denormals and 0 below -87.3). x is clamped to [-104,
  // 89] first so k stays in ldexp's range; NaN passes the clamp.
  static constexpr float kExpQ[] = {0.4999999701976776f, 0.1666654348373413f, 0.04166720062494278f,
                                    0.00836651399731636f, 0.0013882522471249104f};
  static V expReduce(V x, V& k) {
    k = I::roundNearest(I::mul(x, I::set1(1.44269504088896340736f)));
    const V r = I::fma(k, I::set1(-0.693145751953125f), x);
    return I::fma(k, I::set1(-1.428606765330187045e-06f), r);
  }
  // Q(r) in Estrin's scheme (r^2, r^4, pairs): on Zen 4 these kernels are
  // bound by how many dependent operations wait in the FP scheduler, so a
  // shallow tree beats Horner's chain by ~1.5x.
  static V expQ(V r, V r2) {
    const V r4 = I::mul(r2, r2);
    const V a = I::fma(I::set1(kExpQ[1]), r, I::set1(kExpQ[0])), b = I::fma(I::set1(kExpQ[3]), r, I::set1(kExpQ[2]));
    return I::fma(r4, I::set1(kExpQ[4]), I::fma(r2, b, a));
  }
  static V expCore(V x) {
    x = I::min(I::set1(89.0f), I::max(I::set1(-104.0f), x));  // min/max return the second operand for NaN
    V k;
    const V r = expReduce(x, k), r2 = I::mul(r, r);
    return I::ldexp(I::add(I::fma(r2, expQ(r, r2), r), I::set1(1.0f)), k);
  }
  static void exp(const float* in, float* out, int64_t n) { mapArray<I>(in, out, n, expCore); }

  // tanh without SLEEF's tanh (its 1-ULP version costs ~4x an exp), one
  // formula for every |x|: tanh|x| = m / (m + 2) with m = expm1(2|x|) (no
  // cancellation: m >= 0), |x| capped at 9 (tanh rounds to 1 from 9.01 on).
  // expm1(u) = 2^k expm1(r) + (2^k - 1) with expm1(r) = r + r^2 Q(r), exp's
  // reduction and polynomial. The sign is copied back. Within 2 ULP of tanh
  // (the test checks), NaN stays NaN, tanh(+-inf) = +-1, tanh(-0) = -0.
  static void tanh(const float* in, float* out, int64_t n) {
    const V one = I::set1(1.0f), two = I::set1(2.0f), nine = I::set1(9.0f);
    mapArray<I>(in, out, n, [&](V x) {
      const V ax = I::min(nine, I::abs(x));  // min returns its second operand for NaN: NaN stays
      V k;
      const V r = expReduce(I::add(ax, ax), k);
      const V r2 = I::mul(r, r);
      const V q = I::fma(r2, expQ(r, r2), r);
      const V s = I::scale2(one, k);
      const V m = I::fma(s, q, I::sub(s, one));
      return I::copysign(I::div(m, I::add(m, two)), x);
    });
  }

  // log without SLEEF's (its 1-ULP version costs ~2x an exp), within 1 ULP:
  // x = m 2^e with m in [sqrt(1/2), sqrt(2)), f = m - 1 (exact), log(1 + f)
  // = f - f^2/2 + f^3 P(f) with P a degree-6 minimax fit (relative error
  // < 3.2e-8, Estrin's scheme as in exp), plus e ln2 split in two so e * ln2_hi is exact. Lanes that
  // are not positive finite numbers (rare) take C's special cases: log(0) =
  // -inf, log(x < 0) = NaN, log(inf) = inf, NaN stays.
  static void log(const float* in, float* out, int64_t n) {
    static constexpr float c[] = {0.3333390951156616f,   -0.2500133812427521f, 0.19963063299655914f,
                                  -0.1657758355140686f,  0.14914770424365997f, -0.14267493784427643f,
                                  0.08700434863567352f};
    const V zero = I::set1(0.0f);
    const float inf = std::numeric_limits<float>::infinity();
    const V vinf = I::set1(inf), vninf = I::set1(-inf), vnan = I::set1(std::numeric_limits<float>::quiet_NaN());
    mapArray<I>(in, out, n, [&](V x) {
      V e;
      const V f = I::sub(I::logReduce(x, e), I::set1(1.0f));
      const V f2 = I::mul(f, f), f4 = I::mul(f2, f2);
      const V lo = I::fma(f2, I::fma(I::set1(c[3]), f, I::set1(c[2])), I::fma(I::set1(c[1]), f, I::set1(c[0])));
      const V p = I::fma(f4, I::fma(f2, I::set1(c[6]), I::fma(I::set1(c[5]), f, I::set1(c[4]))), lo);
      const V r = I::fma(f2, I::fma(f, p, I::set1(-0.5f)), f);
      V y = I::fma(e, I::set1(0.693145751953125f), I::fma(e, I::set1(1.428606765330187045e-06f), r));
      if (I::template any<_CMP_NGT_UQ>(x, zero) || I::template any<_CMP_EQ_OQ>(x, vinf)) {
        y = I::template select<_CMP_LT_OQ>(x, zero, vnan, y);
        y = I::template select<_CMP_EQ_OQ>(x, zero, vninf, y);
        y = I::template select<_CMP_EQ_OQ>(x, vinf, vinf, y);
        y = I::template select<_CMP_UNORD_Q>(x, x, x, y);
      }
      return y;
    });
  }

  // 1 / (1 + exp(-x)), the scalar math::sigmoid's formula.
  static void sigmoid(const float* in, float* out, int64_t n) {
    const V one = I::set1(1.0f), zero = I::set1(0.0f);
    mapArray<I>(in, out, n, [&](V x) { return I::div(one, I::add(one, expCore(I::sub(zero, x)))); });
  }

  static void silu(const float* in, float* out, int64_t n) {
    const V one = I::set1(1.0f), zero = I::set1(0.0f);
    mapArray<I>(in, out, n, [&](V x) { return I::div(x, I::add(one, expCore(I::sub(zero, x)))); });
  }

  // gelu with activation_ops' erf, Abramowitz & Stegun 7.1.28 (|error| <=
  // 3e-7; SLEEF's 1-ULP erf costs ~3x more): erf|z| = 1 - p^-16 with p = 1
  // + a1 |z| + ... + a6 |z|^6, z = x / sqrt(2). With h = 0.5 x p^-16, gelu =
  // x - h for x >= 0 and h below, so erf's sign never needs copying; the
  // 0.5 is folded into p's coefficients (times 2^(1/16)). The multiplier
  // pipes bound this kernel, so every step is one fused operation (the
  // scalar kernel rounds differently, within the same 3e-7).
  static void gelu(const float* in, float* out, int64_t n) {
    if constexpr (I::kLookup32) {
      // gelu = x Phi(x), Phi piecewise (vec_math_tables.h): u = (x + 6) /
      // 0.4 + 1 clamped to [0, 31] picks the bucket (0 below -6: Phi = 0,
      // 31 from 6 on: Phi = 1). |error| < 2e-7 max(1, |x|), better than the
      // erf formula below, at ~0.6x its cost.
      const Piecewise<typename I::Table32> poly(normalCdfTable());
      mapArray<I>(in, out, n, [&](V x) {
        const V u = I::min(I::set1(31.0f), I::max(I::set1(0.0f), I::fma(x, I::set1(2.5f), I::set1(16.0f))));
        const V fl = I::floor(u);
        return I::mul(x, poly(I::toIndex(fl), I::sub(u, fl)));
      });
      return;
    }
    constexpr float k = 1.04427378242741384033f;  // 2^(1/16)
    const V zero = I::set1(0.0f);
    const V a0 = I::set1(k), a1 = I::set1(0.0705230784f * k), a2 = I::set1(0.0422820123f * k),
            a3 = I::set1(0.0092705272f * k), a4 = I::set1(0.0001520143f * k), a5 = I::set1(0.0002765672f * k),
            a6 = I::set1(0.0000430638f * k);
    mapArray<I>(in, out, n, [&](V x) {
      const V t = I::abs(I::mul(x, I::set1(0.70710678118654752440f)));
      const V t2 = I::mul(t, t);
      const V hi = I::fma(t2, I::fma(I::fma(a6, t, a5), t, a4), I::fma(a3, t, a2));
      const V p1 = I::fma(t2, hi, I::fma(a1, t, a0));
      const V p2 = I::mul(p1, p1), p4 = I::mul(p2, p2), p8 = I::mul(p4, p4);
      // x capped at FLT_MAX so gelu(inf) = inf - 0 (inf / inf would be NaN).
      const V h = I::div(I::min(I::set1(std::numeric_limits<float>::max()), x), I::mul(p8, p8));
      return I::template select<_CMP_LT_OQ>(x, zero, h, I::sub(x, h));
    });
  }

  // log(a) for a > 0 normal, in double: a = m 2^e with m in [sqrt(1/2),
  // sqrt(2)), s = (m - 1) / (m + 1), log(m) = 2s (1 + s^2/3 + ... + s^14/15)
  // (|s| <= 0.172, truncation < 2e-12 relative) plus e ln2.
  static VD logD(VD a) {
    const VD one = I::setD(1.0), sqrt2 = I::setD(1.41421356237309504880);
    VD e;
    const VD m0 = I::frexpD(a, e);
    const VD m = I::template selectD<_CMP_GT_OQ>(m0, sqrt2, I::mulD(m0, I::setD(0.5)), m0);
    e = I::template selectD<_CMP_GT_OQ>(m0, sqrt2, I::addD(e, one), e);
    const VD f = I::subD(m, one), s = I::divD(f, I::addD(f, I::setD(2.0))), z = I::mulD(s, s);
    // Estrin's scheme (pairs, then pairs of pairs): a shorter dependency
    // chain than Horner's, which is what bounds this kernel.
    const VD z2 = I::mulD(z, z), z4 = I::mulD(z2, z2);
    const VD a0 = I::fmaD(z, I::setD(1.0 / 5), I::setD(1.0 / 3)), a1 = I::fmaD(z, I::setD(1.0 / 9), I::setD(1.0 / 7)),
             a2 = I::fmaD(z, I::setD(1.0 / 13), I::setD(1.0 / 11));
    const VD p = I::fmaD(z4, I::fmaD(z2, I::setD(1.0 / 15), a2), I::fmaD(z2, a1, a0));
    const VD s2 = I::addD(s, s);
    return I::fmaD(e, I::setD(0.69314718055994530942), I::fmaD(I::mulD(s2, z), p, s2));
  }

  // e^t in double for |t| <= 200 (callers clamp; beyond it every float result
  // is 0 or inf): t = k ln2 + r, |r| <= ln2/2 (ln2 split so k * ln2_hi is
  // exact for |k| < 2^11), e^r by Taylor to r^9 (truncation < 1e-11) in
  // Estrin's scheme.
  static VD expD(VD t) {
    const VD k = I::roundD(I::mulD(t, I::setD(1.44269504088896340736)));
    VD r = I::fmaD(k, I::setD(-0.6931471803691238164901733398437500), t);
    r = I::fmaD(k, I::setD(-1.9082149292705877000220526941633e-10), r);
    const VD r2 = I::mulD(r, r), r4 = I::mulD(r2, r2), r8 = I::mulD(r4, r4);
    const VD a0 = I::fmaD(r, I::setD(1.0), I::setD(1.0)), a1 = I::fmaD(r, I::setD(1.0 / 6), I::setD(0.5)),
             a2 = I::fmaD(r, I::setD(1.0 / 120), I::setD(1.0 / 24)),
             a3 = I::fmaD(r, I::setD(1.0 / 5040), I::setD(1.0 / 720)),
             a4 = I::fmaD(r, I::setD(1.0 / 362880), I::setD(1.0 / 40320));
    const VD lo = I::fmaD(r4, I::fmaD(r2, a3, a2), I::fmaD(r2, a1, a0));
    return I::scale2D(I::fmaD(r8, a4, lo), k);
  }

  // |x|^y for finite y, as e^(y log|x|) in double: the product carries
  // ~1e-12 relative error into a float result, so one rounding (the final
  // narrowing) decides it and the result is within 1 ULP of powf. Zero,
  // infinite and NaN x are the caller's.
  static V powAbs(V ax, const VD& y) {
    const VD lim = I::setD(200.0), nlim = I::setD(-200.0);
    auto half = [&](VD a) { return expD(I::maxD(nlim, I::minD(lim, I::mulD(y, logD(a))))); };
    return I::narrowD(half(I::lowD(ax)), half(I::highD(ax)));
  }

  // y[i] = pow(x[i], e) with C's special cases. e = k + 1/2 for k = 1..4
  // (x^2.5 is common) is x^k sqrt(x): within 3 ULP, ~10x cheaper than the
  // general path (k = 0 is the caller's sqrt). Every other finite e goes
  // through powAbs and the sign rules; e = +-inf is the caller's scalar pow.
  static void powScalar(const float* in, float* out, int64_t n, float e) {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    const V vninf = I::set1(-inf), vinf = I::set1(inf), zero = I::set1(0.0f), vnan = I::set1(nan);
    if (e == 0) {  // pow(x, 0) = 1, NaN x included
      for (int64_t i = 0; i < n; ++i) out[i] = 1.0f;
      return;
    }
    const int k = static_cast<int>(e);
    if (e > 1 && e <= 4.5f && e - static_cast<float>(k) == 0.5f) {
      mapArray<I>(in, out, n, [&](V x) {
        const V x2 = I::mul(x, x);
        V p = k == 1 ? x : k == 2 ? x2 : k == 3 ? I::mul(x2, x) : I::mul(x2, x2);
        // sqrt gives NaN for x < 0 (as pow) but -0 for -0 and NaN for -inf,
        // where pow is +0 and +inf: adding +0 clears the sign of a zero.
        p = I::add(I::mul(p, I::sqrt(x)), zero);
        return I::template select<_CMP_EQ_OQ>(x, vninf, vinf, p);
      });
      return;
    }
    // Floats of magnitude >= 2^24 are all even integers. (No <cmath> calls:
    // see vec_math.h on inline functions in these translation units.)
    const bool big = e >= 16777216.0f || e <= -16777216.0f;
    const bool integral = big || static_cast<float>(static_cast<int64_t>(e)) == e;
    const bool odd = !big && integral && static_cast<int64_t>(e) % 2 != 0;
    const VD ye = I::setD(static_cast<double>(e));
    const V atZero = I::set1(e > 0 ? 0.0f : inf), atInf = I::set1(e > 0 ? inf : 0.0f);
    mapArray<I>(in, out, n, [&](V x) {
      const V ax = I::abs(x);
      V r = powAbs(ax, ye);
      r = I::template select<_CMP_EQ_OQ>(ax, zero, atZero, r);
      r = I::template select<_CMP_EQ_OQ>(ax, vinf, atInf, r);
      // Negative x: an odd power keeps the sign (-0 and -inf included), a
      // non-integral one of a finite negative is NaN.
      if (odd) r = I::copysign(r, x);
      if (!integral) r = I::template select<_CMP_LT_OQ>(x, zero, I::template select<_CMP_EQ_OQ>(x, vninf, r, vnan), r);
      return I::template select<_CMP_UNORD_Q>(x, x, x, r);
    });
  }

  static void where(const bool* m, const float* x, const float* y, float* out, int64_t n) {
    int64_t i = 0;
    for (; i + W <= n; i += W) I::store(out + i, I::selectBytes(m + i, I::load(x + i), I::load(y + i)));
    for (; i < n; ++i) out[i] = m[i] ? x[i] : y[i];
  }

  // Scalar up to a vector-aligned out, aligned streaming stores, a fence.
  static void whereStream(const bool* m, const float* x, const float* y, float* out, int64_t n) {
    int64_t i = 0;
    for (; i < n && reinterpret_cast<uintptr_t>(out + i) % (sizeof(float) * W) != 0; ++i) out[i] = m[i] ? x[i] : y[i];
    for (; i + W <= n; i += W) I::stream(out + i, I::selectBytes(m + i, I::load(x + i), I::load(y + i)));
    for (; i < n; ++i) out[i] = m[i] ? x[i] : y[i];
    I::storeFence();
  }

  static float max(const float* x, int64_t n) {
    // max(v, acc) returns acc when v is NaN, so NaNs never enter acc.
    const float ninf = -std::numeric_limits<float>::infinity();
    V a0 = I::set1(ninf), a1 = a0;
    int64_t i = 0;
    for (; i + 2 * W <= n; i += 2 * W) {
      a0 = I::max(I::load(x + i), a0);
      a1 = I::max(I::load(x + i + W), a1);
    }
    for (; i + W <= n; i += W) a0 = I::max(I::load(x + i), a0);
    float m = I::hmax(I::max(a0, a1));
    for (; i < n; ++i) m = x[i] > m ? x[i] : m;
    return m;
  }

  static float expSubSum(const float* x, float* y, int64_t n, float m) {
    const V vm = I::set1(m);
    V s0 = I::set1(0.0f), s1 = s0;
    int64_t i = 0;
    for (; i + 2 * W <= n; i += 2 * W) {
      const V e0 = expCore(I::sub(I::load(x + i), vm));
      const V e1 = expCore(I::sub(I::load(x + i + W), vm));
      if (y) {
        I::store(y + i, e0);
        I::store(y + i + W, e1);
      }
      s0 = I::add(s0, e0);
      s1 = I::add(s1, e1);
    }
    float s = I::hsum(I::add(s0, s1));
    if (i < n) {
      // Tail: computed on a padded buffer, only the real lanes summed.
      float buf[2 * W] = {};
      const int64_t r = n - i;
      std::memcpy(buf, x + i, sizeof(float) * r);
      I::store(buf, expCore(I::sub(I::load(buf), vm)));
      I::store(buf + W, expCore(I::sub(I::load(buf + W), vm)));
      for (int64_t j = 0; j < r; ++j) s += buf[j];
      if (y) std::memcpy(y + i, buf, sizeof(float) * r);
    }
    return s;
  }

  static void scale(float* y, int64_t n, float s) {
    const V vs = I::set1(s);
    mapArray<I>(y, y, n, [&](V v) { return I::mul(v, vs); });
  }

  static void subSub(const float* x, float* y, int64_t n, float a, float b) {
    const V va = I::set1(a), vb = I::set1(b);
    mapArray<I>(x, y, n, [&](V v) { return I::sub(I::sub(v, va), vb); });
  }

  // The double-precision kernels work on WD = W / 2 elements per vector.
  static constexpr int WD = W / 2;

  static double sumD(const float* x, int64_t n) {
    VD a0 = I::setD(0), a1 = a0, a2 = a0, a3 = a0;
    int64_t i = 0;
    for (; i + 4 * WD <= n; i += 4 * WD) {
      a0 = I::addD(a0, I::loadFD(x + i));
      a1 = I::addD(a1, I::loadFD(x + i + WD));
      a2 = I::addD(a2, I::loadFD(x + i + 2 * WD));
      a3 = I::addD(a3, I::loadFD(x + i + 3 * WD));
    }
    for (; i + WD <= n; i += WD) a0 = I::addD(a0, I::loadFD(x + i));
    double s = 0;
    for (; i < n; ++i) s += static_cast<double>(x[i]);
    return s + I::hsumD(I::addD(I::addD(a0, a1), I::addD(a2, a3)));
  }

  static double sqDevD(const float* x, int64_t n, double m) {
    const VD vm = I::setD(m);
    VD a0 = I::setD(0), a1 = a0;
    int64_t i = 0;
    for (; i + 2 * WD <= n; i += 2 * WD) {
      const VD d0 = I::subD(I::loadFD(x + i), vm), d1 = I::subD(I::loadFD(x + i + WD), vm);
      a0 = I::addD(a0, I::mulD(d0, d0));
      a1 = I::addD(a1, I::mulD(d1, d1));
    }
    double s = 0;
    for (; i < n; ++i) {
      const double d = static_cast<double>(x[i]) - m;
      s += d * d;
    }
    return s + I::hsumD(I::addD(a0, a1));
  }

  static void addRowsD(double* acc, const float* x, int64_t n, int64_t rows, int64_t stride) {
    int64_t r = 0;
    for (; r + 4 <= rows; r += 4) {
      const float *x0 = x + r * stride, *x1 = x0 + stride, *x2 = x1 + stride, *x3 = x2 + stride;
      int64_t i = 0;
      for (; i + WD <= n; i += WD) {
        const VD s01 = I::addD(I::loadFD(x0 + i), I::loadFD(x1 + i));
        const VD s23 = I::addD(I::loadFD(x2 + i), I::loadFD(x3 + i));
        I::storeD(acc + i, I::addD(I::loadD(acc + i), I::addD(s01, s23)));
      }
      for (; i < n; ++i)
        acc[i] += (static_cast<double>(x0[i]) + static_cast<double>(x1[i])) +
                  (static_cast<double>(x2[i]) + static_cast<double>(x3[i]));
    }
    for (; r < rows; ++r) {
      const float* xr = x + r * stride;
      int64_t i = 0;
      for (; i + WD <= n; i += WD) I::storeD(acc + i, I::addD(I::loadD(acc + i), I::loadFD(xr + i)));
      for (; i < n; ++i) acc[i] += static_cast<double>(xr[i]);
    }
  }

  static void normRowD(const float* x, float* y, int64_t n, double mean, double rs, const double* w,
                       const double* b) {
    const VD vm = I::setD(mean), vr = I::setD(rs);
    int64_t i = 0;
    for (; i + WD <= n; i += WD) {
      VD v = I::mulD(I::subD(I::loadFD(x + i), vm), vr);
      if (w) v = I::mulD(v, I::loadD(w + i));
      if (b) v = I::addD(v, I::loadD(b + i));
      I::storeDF(y + i, v);
    }
    for (; i < n; ++i) {
      double v = (static_cast<double>(x[i]) - mean) * rs;
      if (w) v *= w[i];
      if (b) v += b[i];
      y[i] = static_cast<float>(v);
    }
  }

  static FloatKernels table(const char* isa) {
    FloatKernels k{};
    k.isa = isa;
#define JS_VEC_ASSIGN(name) k.name = &Kernels::name;
    JS_VEC_UNARY_FUNCTIONS(JS_VEC_ASSIGN)
#undef JS_VEC_ASSIGN
    k.gelu = &Kernels::gelu;
    k.silu = &Kernels::silu;
    k.powScalar = &Kernels::powScalar;
    k.where = &Kernels::where;
    k.whereStream = &Kernels::whereStream;
    k.max = &Kernels::max;
    k.expSubSum = &Kernels::expSubSum;
    k.scale = &Kernels::scale;
    k.subSub = &Kernels::subSub;
    k.sumD = &Kernels::sumD;
    k.sqDevD = &Kernels::sqDevD;
    k.addRowsD = &Kernels::addRowsD;
    k.normRowD = &Kernels::normRowD;
    return k;
  }
};

}  // namespace jitserve::ops::vec::detail
