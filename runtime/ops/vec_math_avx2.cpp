// vec_math.h's kernels for AVX2 + FMA (this file is compiled with
// -mavx2 -mfma; vec_math.cpp calls it only on CPUs that have both).
#include <immintrin.h>
#include <sleef.h>

#include "runtime/ops/vec_math_kernels.h"

namespace jitserve::ops::vec {
namespace {

struct Avx2 : detail::LaneArithmetic<__v8sf, __v4df> {
  static V set1(float x) { return _mm256_set1_ps(x); }
  // maxps returns its second operand when either is NaN.
  static V max(V a, V b) { return _mm256_max_ps(a, b); }
  // minps returns its second operand when either is NaN.
  static V min(V a, V b) { return _mm256_min_ps(a, b); }
  // a OP b ? t : f lane by lane, OP a _CMP_ predicate.
  template <int P>
  static V select(V a, V b, V t, V f) { return _mm256_blendv_ps(f, t, _mm256_cmp_ps(a, b, P)); }
  // m in [1, 2) and e with x = m 2^e, for x > 0 finite (denormals scaled
  // up first); other inputs give garbage the caller replaces.
  static V frexp1(V x, V& e) {
    const V tiny = _mm256_set1_ps(1.17549435e-38f);  // FLT_MIN
    const V scaled = _mm256_mul_ps(x, _mm256_set1_ps(8388608.0f));  // 2^23
    const V lt = _mm256_cmp_ps(x, tiny, _CMP_LT_OQ);
    const __m256i bits = _mm256_castps_si256(_mm256_blendv_ps(x, scaled, lt));
    e = _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_srli_epi32(bits, 23), _mm256_set1_epi32(127)));
    e = _mm256_sub_ps(e, _mm256_and_ps(lt, _mm256_set1_ps(23.0f)));
    return _mm256_castsi256_ps(
        _mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi32(0x007fffff)), _mm256_set1_epi32(0x3f800000)));
  }
  static V fma(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }  // a * b + c, one rounding
  // m[j] != 0 ? t : f for the W bytes at m.
  static V selectBytes(const bool* m, V t, V f) {
    const __m256i b = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(m)));
    return _mm256_blendv_ps(f, t, _mm256_castsi256_ps(_mm256_cmpgt_epi32(b, _mm256_setzero_si256())));
  }
  // x rounded to the nearest integer (ties to even), as a float.
  static V roundNearest(V x) { return _mm256_round_ps(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
  // p * 2^n for integral n in [-126, 127] and p in [0.5, 2]: n added to the exponent field.
  static V scale2(V p, V n) {
    const __m256i e = _mm256_slli_epi32(_mm256_cvtps_epi32(n), 23);
    return _mm256_castsi256_ps(_mm256_add_epi32(_mm256_castps_si256(p), e));
  }
  // p * 2^n in one rounding for p in [0.5, 2] and integral n in [-152,
  // 129]: two exact powers of two, n = n1 + n2 with each in [-76, 65], so
  // p * 2^n1 stays normal and only the second product rounds (inf past the
  // top, denormals and 0 below).
  static V ldexp(V p, V n) {
    const __m256i k = _mm256_cvtps_epi32(n), k1 = _mm256_srai_epi32(k, 1), k2 = _mm256_sub_epi32(k, k1);
    const __m256i bias = _mm256_set1_epi32(127);
    const V s1 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k1, bias), 23));
    const V s2 = _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_add_epi32(k2, bias), 23));
    return _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
  }
  static constexpr bool kLookup32 = false;  // no 32-entry permute: see Avx512
  // Non-temporal store to a 32-byte aligned p, and the fence that orders
  // such stores before later ones.
  static void stream(float* p, V v) { _mm256_stream_ps(p, v); }
  static void storeFence() { _mm_sfence(); }
  // Whether a OP b holds in any lane.
  template <int P>
  static bool any(V a, V b) { return _mm256_movemask_ps(_mm256_cmp_ps(a, b, P)) != 0; }
  // log's reduction: m in [sqrt(1/2), sqrt(2)) and e with x = m 2^e, for x
  // > 0 finite.
  static V logReduce(V x, V& e) {
    V m = frexp1(x, e);
    const V big = _mm256_cmp_ps(m, _mm256_set1_ps(1.41421356237309504880f), _CMP_GT_OQ);
    e = _mm256_add_ps(e, _mm256_and_ps(big, _mm256_set1_ps(1.0f)));
    return _mm256_blendv_ps(m, _mm256_mul_ps(m, _mm256_set1_ps(0.5f)), big);
  }
  static V sqrt(V a) { return _mm256_sqrt_ps(a); }
  static float hsum(V v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
  }
  static float hmax(V v) {
    __m128 s = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_max_ps(s, _mm_movehl_ps(s, s));
    s = _mm_max_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
  }
  // VD: 4 doubles, loaded from 4 floats.
  static VD loadFD(const float* p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }
  static void storeDF(float* p, VD v) { _mm_storeu_ps(p, _mm256_cvtpd_ps(v)); }
  static VD setD(double x) { return _mm256_set1_pd(x); }
  static double hsumD(VD v) {
    __m128d s = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
    return _mm_cvtsd_f64(_mm_add_sd(s, _mm_unpackhi_pd(s, s)));
  }
  // pow's double-precision lanes: the halves of v widened, and both narrowed back.
  static VD lowD(V v) { return _mm256_cvtps_pd(_mm256_castps256_ps128(v)); }
  static VD highD(V v) { return _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)); }
  static V narrowD(VD lo, VD hi) {
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm256_cvtpd_ps(lo)), _mm256_cvtpd_ps(hi), 1);
  }
  static VD fmaD(VD a, VD b, VD c) { return _mm256_fmadd_pd(a, b, c); }
  static VD minD(VD a, VD b) { return _mm256_min_pd(a, b); }
  static VD maxD(VD a, VD b) { return _mm256_max_pd(a, b); }
  static VD roundD(VD x) { return _mm256_round_pd(x, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC); }
  template <int P>
  static VD selectD(VD a, VD b, VD t, VD f) { return _mm256_blendv_pd(f, t, _mm256_cmp_pd(a, b, P)); }
  // m in [1, 2) and e with x = m 2^e, for x > 0 normal (every float is a
  // normal double). The biased exponent becomes a double through the 2^52
  // trick (AVX2 has no int64 -> double conversion).
  static VD frexpD(VD x, VD& e) {
    const __m256i bits = _mm256_castpd_si256(x);
    const __m256i biased = _mm256_or_si256(_mm256_srli_epi64(bits, 52), _mm256_set1_epi64x(0x4330000000000000));
    e = _mm256_sub_pd(_mm256_castsi256_pd(biased), _mm256_set1_pd(4503599627370496.0 + 1023.0));
    return _mm256_castsi256_pd(_mm256_or_si256(_mm256_and_si256(bits, _mm256_set1_epi64x(0x000fffffffffffff)),
                                               _mm256_set1_epi64x(0x3ff0000000000000)));
  }
  // p * 2^n for integral n with the result a normal double: adding 1.5 2^52
  // puts n in the low mantissa bits, shifted up it lands in the exponent field.
  static VD scale2D(VD p, VD n) {
    const __m256i k = _mm256_slli_epi64(_mm256_castpd_si256(_mm256_add_pd(n, _mm256_set1_pd(6755399441055744.0))), 52);
    return _mm256_castsi256_pd(_mm256_add_epi64(_mm256_castpd_si256(p), k));
  }
  static V abs(V a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
  static V copysign(V mag, V sgn) {
    const V sign = _mm256_set1_ps(-0.0f);
    return _mm256_or_ps(_mm256_andnot_ps(sign, mag), _mm256_and_ps(sign, sgn));
  }
  static V pow(V a, V b) { return Sleef_powf8_u10avx2(a, b); }
  static V exp2(V a) { return Sleef_exp2f8_u10avx2(a); }
  static V expm1(V a) { return Sleef_expm1f8_u10avx2(a); }
  static V log2(V a) { return Sleef_log2f8_u10avx2(a); }
  static V log10(V a) { return Sleef_log10f8_u10avx2(a); }
  static V log1p(V a) { return Sleef_log1pf8_u10avx2(a); }
  static V sin(V a) { return Sleef_sinf8_u10avx2(a); }
  static V cos(V a) { return Sleef_cosf8_u10avx2(a); }
  static V tan(V a) { return Sleef_tanf8_u10avx2(a); }
  static V asin(V a) { return Sleef_asinf8_u10avx2(a); }
  static V acos(V a) { return Sleef_acosf8_u10avx2(a); }
  static V atan(V a) { return Sleef_atanf8_u10avx2(a); }
  static V sinh(V a) { return Sleef_sinhf8_u10avx2(a); }
  static V cosh(V a) { return Sleef_coshf8_u10avx2(a); }
  static V asinh(V a) { return Sleef_asinhf8_u10avx2(a); }
  static V acosh(V a) { return Sleef_acoshf8_u10avx2(a); }
  static V atanh(V a) { return Sleef_atanhf8_u10avx2(a); }
};

}  // namespace

const FloatKernels* avx2FloatKernels() {
  static const FloatKernels k = detail::Kernels<Avx2>::table("avx2");
  return &k;
}

}  // namespace jitserve::ops::vec
