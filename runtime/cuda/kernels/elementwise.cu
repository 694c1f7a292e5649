// Elementwise kernels: one strided grid-stride loop per operation, each
// thread turning its linear index into one offset per operand from the
// launch's sizes and the operands' strides (broadcast dims have stride 0).
// Half and bfloat16 compute in float and round once on store, as PyTorch's
// CUDA kernels do.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/element_types.cuh"
#include "runtime/cuda/kernels/strided_offsets.cuh"
#include "runtime/cuda/kernels/elementwise.h"
#include "runtime/ops/incomplete_gamma.h"
#include "runtime/ops/special_poly.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(int64_t numel) {
  const int64_t blocks = (numel + kThreads - 1) / kThreads;
  return static_cast<unsigned>(std::min<int64_t>(blocks, int64_t{1} << 20));
}

// ---- copy with conversion: the dtypes are runtime values (one kernel) ----

struct Value {
  bool isFloat;
  double f;
  int64_t i;
};

__device__ Value load(const void* base, int64_t off, ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return {false, 0, static_cast<const bool*>(base)[off] ? 1 : 0};
    case ScalarType::Byte: return {false, 0, static_cast<const uint8_t*>(base)[off]};
    case ScalarType::Char: return {false, 0, static_cast<const int8_t*>(base)[off]};
    case ScalarType::Short: return {false, 0, static_cast<const int16_t*>(base)[off]};
    case ScalarType::Int: return {false, 0, static_cast<const int32_t*>(base)[off]};
    case ScalarType::Long: return {false, 0, static_cast<const int64_t*>(base)[off]};
    case ScalarType::Half: return {true, __half2float(static_cast<const __half*>(base)[off]), 0};
    case ScalarType::BFloat16: return {true, __bfloat162float(static_cast<const __nv_bfloat16*>(base)[off]), 0};
    case ScalarType::Float: return {true, static_cast<const float*>(base)[off], 0};
    default: return {true, static_cast<const double*>(base)[off], 0};
  }
}

// Floating -> integer goes through fromCompute, the CPU's conversion
// (truncate through int32 / int64, keep the low bits): a plain cast
// saturates on the GPU, so -6.0 -> uint8 gave 0 where the CPU gives 250.
template <typename T>
__device__ __forceinline__ T as(const Value& v) {
  if constexpr (std::is_integral_v<T>) {
    return v.isFloat ? fromCompute<T>(v.f) : static_cast<T>(v.i);
  } else {
    return v.isFloat ? static_cast<T>(v.f) : static_cast<T>(v.i);
  }
}

__device__ void store(void* base, int64_t off, ScalarType t, const Value& v) {
  switch (t) {
    case ScalarType::Bool: static_cast<bool*>(base)[off] = v.isFloat ? v.f != 0 : v.i != 0; break;
    case ScalarType::Byte: static_cast<uint8_t*>(base)[off] = as<uint8_t>(v); break;
    case ScalarType::Char: static_cast<int8_t*>(base)[off] = as<int8_t>(v); break;
    case ScalarType::Short: static_cast<int16_t*>(base)[off] = as<int16_t>(v); break;
    case ScalarType::Int: static_cast<int32_t*>(base)[off] = as<int32_t>(v); break;
    case ScalarType::Long: static_cast<int64_t*>(base)[off] = as<int64_t>(v); break;
    case ScalarType::Half: static_cast<__half*>(base)[off] = __float2half_rn(as<float>(v)); break;
    case ScalarType::BFloat16: static_cast<__nv_bfloat16*>(base)[off] = __float2bfloat16_rn(as<float>(v)); break;
    case ScalarType::Float: static_cast<float*>(base)[off] = as<float>(v); break;
    default: static_cast<double*>(base)[off] = as<double>(v); break;
  }
}

__global__ void copyKernel(Offsets<2> o, int64_t numel, void* out, ScalarType outType, const void* in,
                           ScalarType inType) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[2];
    elementOffsets(o, i, off);
    store(out, off[0], outType, load(in, off[1], inType));
  }
}

// ---- binary and unary ----

// x ** e for integers, e >= 0 (the host refuses negative exponents),
// wrapping on overflow as PyTorch's integer pow does.
template <typename C>
__device__ __forceinline__ C intPow(C x, C e) {
  C r = 1;
  while (e > 0) {
    if (e & 1) r = static_cast<C>(r * x);
    x = static_cast<C>(x * x);
    e = static_cast<C>(e >> 1);
  }
  return r;
}

// v < 0, without a pointless comparison for unsigned types.
template <typename C>
__device__ __forceinline__ bool negative(C v) {
  if constexpr (std::is_signed_v<C>) {
    return v < C(0);
  } else {
    return false;
  }
}

// floor(a / b) as PyTorch computes it for floats: from fmod, so that
// a == b * q + r holds as closely as the floats allow.
template <typename C>
__device__ __forceinline__ C floorDivide(C a, C b) {
  if (b == C(0)) return a / b;
  const C mod = fmod(a, b);
  C div = (a - mod) / b;
  if (mod != C(0) && ((b < C(0)) != (mod < C(0)))) div -= C(1);
  if (div == C(0)) return copysign(C(0), a / b);
  C q = floor(div);
  if (div - q > C(0.5)) q += C(1);
  return q;
}

template <typename C>
__device__ __forceinline__ C binaryOp(BinaryOp op, C a, C b, C alpha) {
  switch (op) {
    case BinaryOp::Add: return a + alpha * b;
    case BinaryOp::Sub: return a - alpha * b;
    case BinaryOp::Mul: return a * b;
    case BinaryOp::Div: return a / b;
    case BinaryOp::Heaviside: return a == C(0) ? b : C(a > C(0) ? 1 : 0);
    default: break;
  }
  if constexpr (std::is_floating_point_v<C>) {
    switch (op) {
      case BinaryOp::Maximum: return a != a ? a : (b != b ? b : (a > b ? a : b));
      case BinaryOp::Minimum: return a != a ? a : (b != b ? b : (a < b ? a : b));
      case BinaryOp::Fmax: return fmax(a, b);
      case BinaryOp::Fmin: return fmin(a, b);
      case BinaryOp::Remainder: {
        if (b == C(0)) return fmod(a, b);
        C r = fmod(a, b);
        if (r != C(0) && ((r < C(0)) != (b < C(0)))) r += b;
        return r;
      }
      case BinaryOp::Fmod: return fmod(a, b);
      case BinaryOp::FloorDivide: return floorDivide(a, b);
      case BinaryOp::DivTrunc: return trunc(a / b);
      case BinaryOp::Pow: return pow(a, b);
      case BinaryOp::Atan2: return atan2(a, b);
      case BinaryOp::Hypot: return hypot(a, b);
      case BinaryOp::Copysign: return copysign(a, b);
      case BinaryOp::Xlogy: return b != b ? b : (a == C(0) ? C(0) : a * log(b));
      case BinaryOp::Xlog1py: return b != b ? b : (a == C(0) ? C(0) : a * log1p(b));
      case BinaryOp::LogAddExp: {
        const C m = a > b ? a : b;
        if (isinf(m) && a == b) return a;
        return m + log1p(exp(-fabs(a - b)));
      }
      case BinaryOp::LogAddExp2: {
        const C m = a > b ? a : b;
        if (isinf(m) && a == b) return a;
        return m + log2(C(1) + exp2(-fabs(a - b)));
      }
      case BinaryOp::NextAfter: return nextafter(a, b);
      case BinaryOp::Igamma: return static_cast<C>(special::incompleteGamma(static_cast<double>(a), static_cast<double>(b), false));
      case BinaryOp::Igammac: return static_cast<C>(special::incompleteGamma(static_cast<double>(a), static_cast<double>(b), true));
#define JS_POLY_CASE(OP, FN) \
  case BinaryOp::OP:         \
    return b != b ? b : static_cast<C>(special::FN(static_cast<double>(a), static_cast<int64_t>(b)));
      JS_POLY_CASE(ChebyshevT, chebyshevT)
      JS_POLY_CASE(ChebyshevU, chebyshevU)
      JS_POLY_CASE(ChebyshevV, chebyshevV)
      JS_POLY_CASE(ChebyshevW, chebyshevW)
      JS_POLY_CASE(ShiftedChebyshevT, shiftedChebyshevT)
      JS_POLY_CASE(ShiftedChebyshevU, shiftedChebyshevU)
      JS_POLY_CASE(ShiftedChebyshevV, shiftedChebyshevV)
      JS_POLY_CASE(ShiftedChebyshevW, shiftedChebyshevW)
      JS_POLY_CASE(HermiteH, hermiteH)
      JS_POLY_CASE(HermiteHe, hermiteHe)
      JS_POLY_CASE(LaguerreL, laguerreL)
      JS_POLY_CASE(LegendreP, legendreP)
#undef JS_POLY_CASE
      default: return a;
    }
  } else {
    switch (op) {
      case BinaryOp::Maximum:
      case BinaryOp::Fmax: return a > b ? a : b;
      case BinaryOp::Minimum:
      case BinaryOp::Fmin: return a < b ? a : b;
      case BinaryOp::Remainder: {
        if (b == C(0)) return C(0);  // the host cannot see the zero; no device trap
        C r = static_cast<C>(a % b);
        if (r != C(0) && negative(r) != negative(b)) r = static_cast<C>(r + b);
        return r;
      }
      case BinaryOp::Fmod: return b == C(0) ? C(0) : static_cast<C>(a % b);
      case BinaryOp::FloorDivide: {
        if (b == C(0)) return C(0);
        C q = static_cast<C>(a / b);
        if (static_cast<C>(a % b) != C(0) && negative(a) != negative(b)) q = static_cast<C>(q - 1);
        return q;
      }
      case BinaryOp::DivTrunc: return b == C(0) ? C(0) : static_cast<C>(a / b);
      case BinaryOp::Pow:
        if (negative(b)) return a == C(1) ? C(1) : (a == static_cast<C>(-1) ? static_cast<C>((b & 1) ? -1 : 1) : C(0));
        return intPow(a, b);
      default: return a;  // the float-only ops never reach integers
    }
  }
}

template <typename T>
__global__ void binaryKernel(Offsets<3> o, int64_t numel, BinaryOp op, T* out, const T* a, const T* b,
                             typename ComputeType<T>::type alpha) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[3];
    elementOffsets(o, i, off);
    out[off[0]] = fromCompute<T>(binaryOp(op, toCompute(a[off[1]]), toCompute(b[off[2]]), alpha));
  }
}

template <typename T>
__global__ void binaryScalarKernel(Offsets<2> o, int64_t numel, BinaryOp op, T* out, const T* a,
                                   typename ComputeType<T>::type s, bool scalarFirst) {
  using C = typename ComputeType<T>::type;
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[2];
    elementOffsets(o, i, off);
    const C x = toCompute(a[off[1]]);
    out[off[0]] = fromCompute<T>(scalarFirst ? binaryOp(op, s, x, C(1)) : binaryOp(op, x, s, C(1)));
  }
}

// min(max(x, lo), hi) as the CPU kernel: when lo > hi the upper bound wins
// (hardtanh(x, 0.5, -0.5) is -0.5 everywhere, as clamp); NaN stays NaN.
template <typename C>
__device__ __forceinline__ C clampTo(C x, C lo, C hi) {
  const C y = x < lo ? lo : x;
  return y > hi ? hi : y;
}

// exp(-|x|) I0(x), without overflow: the large-|x| asymptotic series.
__device__ double scaledI(int order, double x) {
  const double ax = fabs(x);
  if (ax < 30) return exp(-ax) * (order == 0 ? cyl_bessel_i0(x) : cyl_bessel_i1(x));
  // I_nu(x) e^-x ~ 1/sqrt(2 pi x) sum_k (-1)^k a_k(nu) / x^k
  const double mu = 4.0 * order * order;
  double term = 1, sum = 1;
  for (int k = 1; k < 30; ++k) {
    term *= -(mu - (2.0 * k - 1) * (2.0 * k - 1)) / (k * 8.0 * ax);
    sum += term;
    if (fabs(term) < 1e-17 * fabs(sum)) break;
  }
  const double r = sum / sqrt(2 * 3.14159265358979323846 * ax);
  return order == 1 && x < 0 ? -r : r;
}

// psi(x): reflection below 0, recurrence up to 10, then the asymptotic series
// through x^-12 (its first omitted term, x^-14 / 12, is below double's ulp;
// stopping at 6 and x^-10 left errors of 7e-12, found on the H100).
__device__ double digammaOf(double x) {
  if (x != x) return x;
  if (x == 0) return copysign(INFINITY, -x);
  if (x < 0) {
    if (x == floor(x)) return NAN;
    return digammaOf(1 - x) - 3.14159265358979323846 / tan(3.14159265358979323846 * x);
  }
  double r = 0;
  while (x < 10) r -= 1 / x, x += 1;
  const double f = 1 / (x * x);
  return r + log(x) - 0.5 / x -
         f * (1.0 / 12 -
              f * (1.0 / 120 - f * (1.0 / 252 - f * (1.0 / 240 - f * (1.0 / 132 - f * (691.0 / 32760))))));
}

__device__ double specialOf(UnaryOp op, double x) {
  switch (op) {
    case UnaryOp::BesselJ0: return j0(x);
    case UnaryOp::BesselJ1: return j1(x);
    case UnaryOp::BesselY0: return x < 0 ? NAN : y0(x);
    case UnaryOp::BesselY1: return x < 0 ? NAN : y1(x);
    case UnaryOp::ModifiedBesselI0: return cyl_bessel_i0(x);
    case UnaryOp::ModifiedBesselI1: return cyl_bessel_i1(x);
    case UnaryOp::I0e: return scaledI(0, x);
    case UnaryOp::I1e: return scaledI(1, x);
    case UnaryOp::Ndtr: return normcdf(x);
    case UnaryOp::Ndtri: return normcdfinv(x);
    case UnaryOp::LogNdtr:
      // log(erfc(-x / sqrt 2) / 2), through erfcx where erfc would underflow.
      if (x < -1) {
        const double t = -x * 0.70710678118654752440;
        return log(0.5 * erfcx(t)) - t * t;
      }
      return log1p(-0.5 * erfc(x * 0.70710678118654752440));
    case UnaryOp::Erfcx: return erfcx(x);
    case UnaryOp::Entr: return x != x ? x : (x > 0 ? -x * log(x) : (x == 0 ? 0.0 : -INFINITY));
    case UnaryOp::SphericalBesselJ0:
      if (isinf(x)) return 0;
      return fabs(x) < 1e-4 ? 1 - x * x / 6 : sin(x) / x;
    default: return digammaOf(x);
  }
}

template <typename C>
__device__ __forceinline__ C unaryOp(UnaryOp op, C x, C p0, C p1, C p2) {
  if constexpr (std::is_floating_point_v<C>) {
    switch (op) {
      case UnaryOp::Neg: return -x;
      case UnaryOp::Abs: return x < C(0) ? -x : x;
      case UnaryOp::Relu: return x > C(0) || x != x ? x : C(0);  // NaN stays NaN
      case UnaryOp::Exp: return exp(x);
      case UnaryOp::Log: return log(x);
      case UnaryOp::Sqrt: return sqrt(x);
      case UnaryOp::Tanh: return tanh(x);
      case UnaryOp::Sigmoid: return C(1) / (C(1) + exp(-x));
      case UnaryOp::Hardtanh: return clampTo(x, p0, p1);
      case UnaryOp::Hardsigmoid: return clampTo(x + C(3), C(0), C(6)) / C(6);
      case UnaryOp::Hardswish: return x * clampTo(x + C(3), C(0), C(6)) / C(6);
      case UnaryOp::ClampMin: return x != x || x >= p0 ? x : p0;
      case UnaryOp::ClampMax: return x != x || x <= p0 ? x : p0;
      case UnaryOp::PowScalar: return p0 == C(2) ? x * x : pow(x, p0);
      case UnaryOp::Sign: return x != x ? x : C((x > C(0)) - (x < C(0)));
      case UnaryOp::Floor: return floor(x);
      case UnaryOp::Ceil: return ceil(x);
      case UnaryOp::Round: return rint(x);  // half to even
      case UnaryOp::Trunc: return trunc(x);
      case UnaryOp::Square: return x * x;
      case UnaryOp::Threshold: return x <= p0 ? p1 : x;
      case UnaryOp::Sin: return sin(x);
      case UnaryOp::Cos: return cos(x);
      case UnaryOp::Tan: return tan(x);
      case UnaryOp::Asin: return asin(x);
      case UnaryOp::Acos: return acos(x);
      case UnaryOp::Atan: return atan(x);
      case UnaryOp::Sinh: return sinh(x);
      case UnaryOp::Cosh: return cosh(x);
      case UnaryOp::Asinh: return asinh(x);
      case UnaryOp::Acosh: return acosh(x);
      case UnaryOp::Atanh: return atanh(x);
      case UnaryOp::Exp2: return exp2(x);
      case UnaryOp::Expm1: return expm1(x);
      case UnaryOp::Log2: return log2(x);
      case UnaryOp::Log10: return log10(x);
      case UnaryOp::Log1p: return log1p(x);
      case UnaryOp::Rsqrt: return rsqrt(x);
      case UnaryOp::Reciprocal: return C(1) / x;
      case UnaryOp::Frac: return x - trunc(x);
      case UnaryOp::Erf: return erf(x);
      case UnaryOp::Erfc: return erfc(x);
      case UnaryOp::Erfinv: return erfinv(x);
      case UnaryOp::Lgamma: return lgamma(x);
      case UnaryOp::I0: return cyl_bessel_i0(x);
      case UnaryOp::Sinc: {
        if (x == C(0)) return C(1);
        const C px = C(3.14159265358979323846) * x;
        return sin(px) / px;
      }
      case UnaryOp::Rad2deg: return x * C(57.295779513082320876798154814105);
      case UnaryOp::Deg2rad: return x * C(0.017453292519943295769236907684886);
      case UnaryOp::LogSigmoid: {
        // -softplus(-x), stable for large |x|.
        const C m = x < C(0) ? x : C(0);
        return m - log1p(exp(-fabs(x)));
      }
      case UnaryOp::Softplus: return x * p0 > p1 ? x : log1p(exp(x * p0)) / p0;
      case UnaryOp::Elu: return x > C(0) ? p1 * x : p1 * p0 * (exp(x * p2) - C(1));
      case UnaryOp::LeakyRelu: return x > C(0) ? x : p0 * x;
      case UnaryOp::Mish: return x * tanh(log1p(exp(x)));
      case UnaryOp::Softshrink: return x > p0 ? x - p0 : (x < -p0 ? x + p0 : C(0));
      case UnaryOp::Hardshrink: return (x > p0 || x < -p0) ? x : C(0);
      case UnaryOp::Logit: {
        const C z = p0 < C(0) ? x : (x < p0 ? p0 : (x > C(1) - p0 ? C(1) - p0 : x));
        return log(z / (C(1) - z));
      }
      case UnaryOp::BesselJ0:
      case UnaryOp::BesselJ1:
      case UnaryOp::BesselY0:
      case UnaryOp::BesselY1:
      case UnaryOp::ModifiedBesselI0:
      case UnaryOp::ModifiedBesselI1:
      case UnaryOp::I0e:
      case UnaryOp::I1e:
      case UnaryOp::Ndtr:
      case UnaryOp::Ndtri:
      case UnaryOp::LogNdtr:
      case UnaryOp::Erfcx:
      case UnaryOp::Entr:
      case UnaryOp::SphericalBesselJ0:
      case UnaryOp::Digamma: return static_cast<C>(specialOf(op, static_cast<double>(x)));
      case UnaryOp::Angle: return x != x ? x : (x < C(0) ? C(3.14159265358979323846) : C(0));
      case UnaryOp::Gelu:
        if (p0 != C(0)) {
          const C inner = C(0.7978845608028654) * (x + C(0.044715) * x * x * x);  // sqrt(2/pi)
          return C(0.5) * x * (C(1) + tanh(inner));
        }
        return C(0.5) * x * (C(1) + erf(x * C(0.7071067811865476)));  // 1/sqrt(2)
      default: return x / (C(1) + exp(-x));  // Silu
    }
  } else if constexpr (std::is_unsigned_v<C>) {
    if (op == UnaryOp::Hardtanh) return clampTo(x, p0, p1);
    if (op == UnaryOp::ClampMin) return x < p0 ? p0 : x;
    if (op == UnaryOp::ClampMax) return x > p0 ? p0 : x;
    if (op == UnaryOp::PowScalar) return intPow(x, p0);
    if (op == UnaryOp::Sign) return C(x > C(0) ? 1 : 0);
    if (op == UnaryOp::Square) return C(x * x);
    if (op == UnaryOp::Threshold) return x <= p0 ? p1 : x;
    // abs, relu, floor, ceil, round and trunc are the identity on uint8
    return op == UnaryOp::Neg ? C(-x) : x;
  } else {
    switch (op) {
      case UnaryOp::Neg: return -x;
      case UnaryOp::Abs: return x < C(0) ? -x : x;
      case UnaryOp::Hardtanh: return clampTo(x, p0, p1);
      case UnaryOp::ClampMin: return x < p0 ? p0 : x;
      case UnaryOp::ClampMax: return x > p0 ? p0 : x;
      case UnaryOp::PowScalar: return intPow(x, p0);
      case UnaryOp::Sign: return C((x > C(0)) - (x < C(0)));
      case UnaryOp::Square: return C(x * x);
      case UnaryOp::Threshold: return x <= p0 ? p1 : x;
      case UnaryOp::Floor:
      case UnaryOp::Ceil:
      case UnaryOp::Round:
      case UnaryOp::Trunc: return x;
      default: return x > C(0) ? x : C(0);  // Relu; the float-only ops never reach integers
    }
  }
}

template <typename T>
__global__ void unaryKernel(Offsets<2> o, int64_t numel, UnaryOp op, T* out, const T* in,
                            typename ComputeType<T>::type p0, typename ComputeType<T>::type p1,
                            typename ComputeType<T>::type p2) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[2];
    elementOffsets(o, i, off);
    out[off[0]] = fromCompute<T>(unaryOp(op, toCompute(in[off[1]]), p0, p1, p2));
  }
}

template <typename C>
__device__ __forceinline__ bool compareOp(CompareOp op, C a, C b) {
  switch (op) {
    case CompareOp::Eq: return a == b;
    case CompareOp::Ne: return a != b;
    case CompareOp::Lt: return a < b;
    case CompareOp::Le: return a <= b;
    case CompareOp::Gt: return a > b;
    case CompareOp::Ge: return a >= b;
    case CompareOp::LogicalAnd: return a != C(0) && b != C(0);
    case CompareOp::LogicalOr: return a != C(0) || b != C(0);
    default: return (a != C(0)) != (b != C(0));
  }
}

template <typename T>
__global__ void compareKernel(Offsets<3> o, int64_t numel, CompareOp op, bool* out, const T* a, const T* b) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[3];
    elementOffsets(o, i, off);
    out[off[0]] = compareOp(op, toCompute(a[off[1]]), toCompute(b[off[2]]));
  }
}

// Against a number: the number rounded to T first, as PyTorch compares in
// the promoted dtype (the host casts `a` to it).
template <typename T>
__global__ void compareScalarKernel(Offsets<2> o, int64_t numel, CompareOp op, bool* out, const T* a, double s) {
  const auto sc = toCompute(fromCompute<T>(s));
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[2];
    elementOffsets(o, i, off);
    out[off[0]] = compareOp(op, toCompute(a[off[1]]), sc);
  }
}

template <typename T>
__global__ void whereKernel(Offsets<4> o, int64_t numel, T* out, const bool* cond, const T* a, const T* b) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[4];
    elementOffsets(o, i, off);
    out[off[0]] = cond[off[1]] ? a[off[2]] : b[off[3]];
  }
}

template <typename T>
__global__ void maskedFillKernel(Offsets<3> o, int64_t numel, T* out, const bool* mask, const T* in, T value) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < numel; i += int64_t{blockDim.x} * gridDim.x) {
    int64_t off[3];
    elementOffsets(o, i, off);
    out[off[0]] = mask[off[1]] ? value : in[off[2]];
  }
}

template <typename E, typename I>
__global__ void indexSelectKernel(const E* in, E* out, int64_t inDim, int64_t inner, const I* index, int64_t count,
                                  int64_t total) {
  for (int64_t t = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; t < total; t += int64_t{blockDim.x} * gridDim.x) {
    const int64_t n = t % inner, i = (t / inner) % count, o = t / (inner * count);
    out[t] = in[(o * inDim + static_cast<int64_t>(index[i])) * inner + n];
  }
}

// The element types by size: a copy moves bytes, whatever they mean.
template <typename F>
void dispatchBySize(size_t size, F&& f) {
  switch (size) {
    case 1: return f(uint8_t{});
    case 2: return f(uint16_t{});
    case 4: return f(uint32_t{});
    default: return f(uint64_t{});
  }
}

}  // namespace

void launchIndexSelect(const void* in, void* out, size_t elementSize, int64_t outer, int64_t inDim, int64_t inner,
                       const void* index, bool index64, int64_t count, cudaStream_t stream) {
  const int64_t total = outer * count * inner;
  if (total == 0) return;
  dispatchBySize(elementSize, [&](auto tag) {
    using E = decltype(tag);
    if (index64) {
      indexSelectKernel<E, int64_t><<<blocksFor(total), kThreads, 0, stream>>>(
          static_cast<const E*>(in), static_cast<E*>(out), inDim, inner, static_cast<const int64_t*>(index), count,
          total);
    } else {
      indexSelectKernel<E, int32_t><<<blocksFor(total), kThreads, 0, stream>>>(
          static_cast<const E*>(in), static_cast<E*>(out), inDim, inner, static_cast<const int32_t*>(index), count,
          total);
    }
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchCompare(CompareOp op, const LaunchShape& shape, const Operand& out, const Operand& a, const Operand& b,
                   cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&out, &a, &b};
  const Offsets<3> o = offsetsFor(shape, ops);
  dispatchReal(a.dtype, [&](auto tag) {
    using T = decltype(tag);
    compareKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<bool*>(out.data), static_cast<const T*>(a.data), static_cast<const T*>(b.data));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchCompareScalar(CompareOp op, const LaunchShape& shape, const Operand& out, const Operand& a, double s,
                         cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[2] = {&out, &a};
  const Offsets<2> o = offsetsFor(shape, ops);
  dispatchReal(a.dtype, [&](auto tag) {
    using T = decltype(tag);
    compareScalarKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<bool*>(out.data), static_cast<const T*>(a.data), s);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchWhere(const LaunchShape& shape, const Operand& out, const Operand& cond, const Operand& a,
                 const Operand& b, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[4] = {&out, &cond, &a, &b};
  const Offsets<4> o = offsetsFor(shape, ops);
  dispatchReal(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    whereKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, static_cast<T*>(out.data), static_cast<const bool*>(cond.data),
        static_cast<const T*>(a.data), static_cast<const T*>(b.data));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchMaskedFill(const LaunchShape& shape, const Operand& out, const Operand& mask, const Operand& in,
                      double value, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&out, &mask, &in};
  const Offsets<3> o = offsetsFor(shape, ops);
  dispatchReal(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    maskedFillKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, static_cast<T*>(out.data), static_cast<const bool*>(mask.data), static_cast<const T*>(in.data),
        fromCompute<T>(static_cast<typename ComputeType<T>::type>(value)));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

bool isSupportedDtype(ScalarType t) {
  bool ok = false;
  dispatchReal(t, [&](auto) { ok = true; });
  return ok;
}

void launchCopy(const LaunchShape& shape, const Operand& out, const Operand& in, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[2] = {&out, &in};
  copyKernel<<<blocksFor(shape.numel), kThreads, 0, stream>>>(offsetsFor(shape, ops), shape.numel, out.data,
                                                              out.dtype, in.data, in.dtype);
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchBinary(BinaryOp op, const LaunchShape& shape, const Operand& out, const Operand& a, const Operand& b,
                  double alpha, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&out, &a, &b};
  const Offsets<3> o = offsetsFor(shape, ops);
  dispatchReal(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    using C = typename ComputeType<T>::type;
    binaryKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<T*>(out.data), static_cast<const T*>(a.data),
        static_cast<const T*>(b.data), static_cast<C>(alpha));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchBinaryScalar(BinaryOp op, const LaunchShape& shape, const Operand& out, const Operand& a, double s,
                        bool scalarFirst, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[2] = {&out, &a};
  const Offsets<2> o = offsetsFor(shape, ops);
  dispatchReal(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    using C = typename ComputeType<T>::type;
    binaryScalarKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<T*>(out.data), static_cast<const T*>(a.data), static_cast<C>(s),
        scalarFirst);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchUnary(UnaryOp op, const LaunchShape& shape, const Operand& out, const Operand& in, cudaStream_t stream,
                 double p0, double p1, double p2) {
  if (shape.numel == 0) return;
  const Operand* const ops[2] = {&out, &in};
  const Offsets<2> o = offsetsFor(shape, ops);
  dispatchReal(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    using C = typename ComputeType<T>::type;
    unaryKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<T*>(out.data), static_cast<const T*>(in.data), static_cast<C>(p0),
        static_cast<C>(p1), static_cast<C>(p2));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace jitserve::cuda
