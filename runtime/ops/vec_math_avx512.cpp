// vec_math.h's kernels for AVX-512F (this file is compiled with
// -mavx512f -mfma; vec_math.cpp calls it only on CPUs with AVX-512F).
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC 12's AVX-512 intrinsics pass _mm512_undefined_*() as the merge
// operand of their unmasked forms and then warn that it is uninitialized
// (PR 105593, fixed in GCC 13): false positives, hundreds of them.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>
#include <sleef.h>

#include "runtime/ops/vec_math_kernels.h"

namespace jitserve::ops::vec {
namespace {

struct Avx512 : detail::LaneArithmetic<__v16sf, __v8df> {
  static V set1(float x) { return _mm512_set1_ps(x); }
  // maxps returns its second operand when either is NaN.
  static V max(V a, V b) { return _mm512_max_ps(a, b); }
  // minps returns its second operand when either is NaN.
  static V min(V a, V b) { return _mm512_min_ps(a, b); }
  // a OP b ? t : f lane by lane, OP a _CMP_ predicate.
  template <int P>
  static V select(V a, V b, V t, V f) { return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(a, b, P), f, t); }
  // m in [1, 2) and e with x = m 2^e, for x > 0 finite (getexp/getmant
  // handle denormals); other inputs give garbage the caller replaces.
  static V frexp1(V x, V& e) {
    e = _mm512_getexp_ps(x);
    return _mm512_getmant_ps(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
  }
  static V fma(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }  // a * b + c, one rounding
  // m[j] != 0 ? t : f for the W bytes at m.
  static V selectBytes(const bool* m, V t, V f) {
    const __m512i b = _mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(m)));
    return _mm512_mask_blend_ps(_mm512_test_epi32_mask(b, b), f, t);
  }
  // x rounded to the nearest integer (ties to even), as a float.
  static V roundNearest(V x) { return _mm512_roundscale_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
  // p * 2^n for integral n (vscalefps).
  static V scale2(V p, V n) { return _mm512_scalef_ps(p, n); }
  // p * 2^n in one rounding for p in [0.5, 2] and integral n in [-152,
  // 129]: inf past the top, denormals and 0 below (vscalefps again).
  static V ldexp(V p, V n) { return _mm512_scalef_ps(p, n); }
  // 32-entry table lookups (vpermt2ps): the piecewise-polynomial kernels
  // (vec_math_tables.h) use them; AVX2 has no such permute.
  static constexpr bool kLookup32 = true;
  using VI = __m512i;
  static V floor(V x) { return _mm512_roundscale_ps(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }
  // Integral x in [0, 31] (NaN gives 0x80000000, whose low bits pick 0).
  static VI toIndex(V x) { return _mm512_cvttps_epi32(x); }
  // A 32-float table held in two registers, and its entry per lane's index
  // i in [0, 32).
  struct Table32 {
    V lo, hi;
  };
  static Table32 loadTable32(const float* table) { return {_mm512_loadu_ps(table), _mm512_loadu_ps(table + 16)}; }
  static V lookup32(const Table32& t, VI i) { return _mm512_permutex2var_ps(t.lo, i, t.hi); }
  // Non-temporal store to a 64-byte aligned p, and the fence that orders
  // such stores before later ones.
  static void stream(float* p, V v) { _mm512_stream_ps(p, v); }
  static void storeFence() { _mm_sfence(); }
  // Whether a OP b holds in any lane.
  template <int P>
  static bool any(V a, V b) { return _mm512_cmp_ps_mask(a, b, P) != 0; }
  // log's reduction: m in [sqrt(1/2), sqrt(2)) and e with x = m 2^e, for x
  // > 0 finite (getmant/getexp handle denormals; masked ops fold the
  // halving into two instructions).
  static V logReduce(V x, V& e) {
    e = _mm512_getexp_ps(x);
    const V m = _mm512_getmant_ps(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
    const __mmask16 big = _mm512_cmp_ps_mask(m, _mm512_set1_ps(1.41421356237309504880f), _CMP_GT_OQ);
    e = _mm512_mask_add_ps(e, big, e, _mm512_set1_ps(1.0f));
    return _mm512_mask_mul_ps(m, big, m, _mm512_set1_ps(0.5f));
  }
  static V sqrt(V a) { return _mm512_sqrt_ps(a); }
  static float hsum(V v) { return _mm512_reduce_add_ps(v); }
  static float hmax(V v) { return _mm512_reduce_max_ps(v); }
  // VD: 8 doubles, loaded from 8 floats.
  static VD loadFD(const float* p) { return _mm512_cvtps_pd(_mm256_loadu_ps(p)); }
  static void storeDF(float* p, VD v) { _mm256_storeu_ps(p, _mm512_cvtpd_ps(v)); }
  static VD setD(double x) { return _mm512_set1_pd(x); }
  static double hsumD(VD v) { return _mm512_reduce_add_pd(v); }
  // pow's double-precision lanes: the halves of v widened, and both narrowed back
  // (through the 64x4 forms: the 32x8 ones need AVX-512DQ).
  static VD lowD(V v) { return _mm512_cvtps_pd(_mm512_castps512_ps256(v)); }
  static VD highD(V v) { return _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(v), 1))); }
  static V narrowD(VD lo, VD hi) {
    return _mm512_castpd_ps(_mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_castps_pd(_mm512_cvtpd_ps(lo))),
                                               _mm256_castps_pd(_mm512_cvtpd_ps(hi)), 1));
  }
  static VD fmaD(VD a, VD b, VD c) { return _mm512_fmadd_pd(a, b, c); }
  static VD minD(VD a, VD b) { return _mm512_min_pd(a, b); }
  static VD maxD(VD a, VD b) { return _mm512_max_pd(a, b); }
  static VD roundD(VD x) { return _mm512_roundscale_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
  template <int P>
  static VD selectD(VD a, VD b, VD t, VD f) { return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(a, b, P), f, t); }
  // m in [1, 2) and e with x = m 2^e, for x > 0 normal.
  static VD frexpD(VD x, VD& e) {
    e = _mm512_getexp_pd(x);
    return _mm512_getmant_pd(x, _MM_MANT_NORM_1_2, _MM_MANT_SIGN_zero);
  }
  static VD scale2D(VD p, VD n) { return _mm512_scalef_pd(p, n); }
  // Bit operations through the integer domain (and_ps needs AVX-512DQ).
  static V abs(V a) {
    return _mm512_castsi512_ps(_mm512_and_si512(_mm512_castps_si512(a), _mm512_set1_epi32(0x7fffffff)));
  }
  static V copysign(V mag, V sgn) {
    // One vpternlogd: bits of sgn where the mask has the sign bit, else mag.
    return _mm512_castsi512_ps(_mm512_ternarylogic_epi32(_mm512_set1_epi32(0x7fffffff), _mm512_castps_si512(mag),
                                                         _mm512_castps_si512(sgn), 0xca));
  }
  static V pow(V a, V b) { return Sleef_powf16_u10avx512f(a, b); }
  static V exp2(V a) { return Sleef_exp2f16_u10avx512f(a); }
  static V expm1(V a) { return Sleef_expm1f16_u10avx512f(a); }
  static V log2(V a) { return Sleef_log2f16_u10avx512f(a); }
  static V log10(V a) { return Sleef_log10f16_u10avx512f(a); }
  static V log1p(V a) { return Sleef_log1pf16_u10avx512f(a); }
  static V sin(V a) { return Sleef_sinf16_u10avx512f(a); }
  static V cos(V a) { return Sleef_cosf16_u10avx512f(a); }
  static V tan(V a) { return Sleef_tanf16_u10avx512f(a); }
  static V asin(V a) { return Sleef_asinf16_u10avx512f(a); }
  static V acos(V a) { return Sleef_acosf16_u10avx512f(a); }
  static V atan(V a) { return Sleef_atanf16_u10avx512f(a); }
  static V sinh(V a) { return Sleef_sinhf16_u10avx512f(a); }
  static V cosh(V a) { return Sleef_coshf16_u10avx512f(a); }
  static V asinh(V a) { return Sleef_asinhf16_u10avx512f(a); }
  static V acosh(V a) { return Sleef_acoshf16_u10avx512f(a); }
  static V atanh(V a) { return Sleef_atanhf16_u10avx512f(a); }
};

}  // namespace

const FloatKernels* avx512FloatKernels() {
  static const FloatKernels k = detail::Kernels<Avx512>::table("avx512");
  return &k;
}

}  // namespace jitserve::ops::vec
