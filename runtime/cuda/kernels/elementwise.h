// Elementwise CUDA kernels behind a plain interface (no Tensor, no IValue),
// so the .cu file compiles with nvcc alone; cuda_ops.cpp turns operator
// arguments into these launches.
//
// A launch covers `shape`; each operand gives its data pointer, dtype and
// strides in elements over that shape (0 where it is broadcast), so views,
// transposes and broadcasting need no copies. All launches go on the given
// stream and return without waiting.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "runtime/tensor/dtype.h"

namespace jitserve::cuda {

constexpr int kMaxDims = 12;

struct LaunchShape {
  int ndim = 0;
  int64_t sizes[kMaxDims] = {};
  int64_t numel = 1;
};

struct Operand {
  void* data = nullptr;
  ScalarType dtype = ScalarType::Float;
  int64_t strides[kMaxDims] = {};
};

enum class BinaryOp : uint8_t {
  Add, Sub, Mul, Div,
  // PyTorch's semantics; the host promotes integers to the default float
  // for the float-only ones (Atan2 ... NextAfter).
  Maximum, Minimum,  // NaN propagates
  Fmax, Fmin,        // NaN ignored unless both are
  Remainder,         // Python's %: the sign of the divisor
  Fmod,              // C's fmod: the sign of the dividend
  FloorDivide,       // floor(a / b) as PyTorch rounds it
  DivTrunc,          // a / b rounded toward zero
  Pow,               // a ** b (integers: negative exponents give 0, 1 or -1)
  Heaviside,         // a == 0 ? b : a > 0
  Atan2, Hypot, Copysign,
  Xlogy,             // a * log(b), 0 where a == 0 (NaN b stays NaN)
  Xlog1py,           // a * log1p(b), the same way
  LogAddExp, LogAddExp2,
  NextAfter,         // float and double only
  // torch.special's orthogonal polynomials P_b(a) (runtime/ops/special_poly.h),
  // in double; b is the degree (truncated; NaN propagates).
  ChebyshevT, ChebyshevU, ChebyshevV, ChebyshevW,
  ShiftedChebyshevT, ShiftedChebyshevU, ShiftedChebyshevV, ShiftedChebyshevW,
  HermiteH, HermiteHe, LaguerreL, LegendreP,
  // The regularized incomplete gamma P(a, b) and Q(a, b)
  // (runtime/ops/incomplete_gamma.h), in double.
  Igamma, Igammac,
};
enum class UnaryOp : uint8_t {
  Neg, Abs, Relu, Exp, Log, Sqrt, Tanh, Sigmoid,
  Hardtanh,     // clamp to [p0, p1]
  Hardsigmoid,  // clamp(x + 3, 0, 6) / 6
  Hardswish,    // x * hardsigmoid(x)
  Gelu,         // x * Phi(x); p0 != 0: the tanh approximation
  Silu,         // x * sigmoid(x)
  ClampMin,     // max(x, p0), NaN kept
  ClampMax,     // min(x, p0), NaN kept
  PowScalar,    // x ** p0 (integers: p0 >= 0, by repeated squaring)
  // The dtype kept (integers too):
  Sign, Floor, Ceil, Round, Trunc, Square,
  Threshold,    // x <= p0 ? p1 : x
  // Floating only (the host promotes integers):
  Sin, Cos, Tan, Asin, Acos, Atan, Sinh, Cosh, Asinh, Acosh, Atanh,
  Exp2, Expm1, Log2, Log10, Log1p, Rsqrt, Reciprocal, Frac,
  Erf, Erfc, Erfinv, Lgamma, I0, Sinc, Rad2deg, Deg2rad,
  LogSigmoid,
  Softplus,     // x * p0 > p1 ? x : log1p(exp(x * p0)) / p0
  Elu,          // x > 0 ? p1 * x : p1 * p0 * (exp(x * p2) - 1)
  LeakyRelu,    // x > 0 ? x : p0 * x
  Mish,
  Softshrink,   // x > p0 ? x - p0 : (x < -p0 ? x + p0 : 0)
  Hardshrink,   // |x| > p0 ? x : 0
  Logit,        // log(z / (1 - z)), z = x clamped to [p0, 1 - p0] when p0 >= 0
  // torch.special (in double; CUDA's math library where it has the function):
  BesselJ0, BesselJ1, BesselY0, BesselY1, ModifiedBesselI0, ModifiedBesselI1,
  I0e, I1e,     // exp(-|x|) * I0(x), exp(-|x|) * I1(x)
  Ndtr, Ndtri, LogNdtr, Erfcx,
  Entr,         // -x log x (0 at 0, -inf below)
  SphericalBesselJ0,
  Digamma,
  Angle,        // pi for x < 0, else 0 (NaN kept); real dtypes only
};

// The dtypes these kernels take: the real ones (bool, integers, half,
// bfloat16, float, double).
bool isSupportedDtype(ScalarType t);

// out = in, converting to out's dtype (the CPU's conversions: floats to
// integers truncate through int32 / int64 keeping the low bits, so -6.0 ->
// uint8 is 250; anything to bool is != 0). Any strides on either side.
void launchCopy(const LaunchShape& shape, const Operand& out, const Operand& in, cudaStream_t stream);

// out = a op b, with a, b and out of one dtype; Add/Sub scale b by alpha.
void launchBinary(BinaryOp op, const LaunchShape& shape, const Operand& out, const Operand& a, const Operand& b,
                  double alpha, cudaStream_t stream);
// out = a op s (or s op a when scalarFirst), a and out of one dtype.
void launchBinaryScalar(BinaryOp op, const LaunchShape& shape, const Operand& out, const Operand& a, double s,
                        bool scalarFirst, cudaStream_t stream);

enum class CompareOp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, LogicalAnd, LogicalOr, LogicalXor };

// out (bool) = a op b, a and b of one dtype (logical ops test != 0).
void launchCompare(CompareOp op, const LaunchShape& shape, const Operand& out, const Operand& a, const Operand& b,
                   cudaStream_t stream);
// out (bool) = a op s, with s rounded to a's dtype (the promoted one).
void launchCompareScalar(CompareOp op, const LaunchShape& shape, const Operand& out, const Operand& a, double s,
                         cudaStream_t stream);
// out = cond ? a : b, cond bool, a, b and out of one dtype.
void launchWhere(const LaunchShape& shape, const Operand& out, const Operand& cond, const Operand& a,
                 const Operand& b, cudaStream_t stream);
// out = mask ? value : in (out may be in), mask bool.
void launchMaskedFill(const LaunchShape& shape, const Operand& out, const Operand& mask, const Operand& in,
                      double value, cudaStream_t stream);

// out[o, i, n] = in[o, index[i], n] for contiguous in (outer x inDim x
// inner) and out (outer x count x inner); elements of `elementSize` bytes,
// index int64 or int32, already checked to lie in [0, inDim).
void launchIndexSelect(const void* in, void* out, size_t elementSize, int64_t outer, int64_t inDim, int64_t inner,
                       const void* index, bool index64, int64_t count, cudaStream_t stream);

// out = op(in), in and out of one dtype (out may be in itself: in place);
// p0, p1 and p2 are the op's parameters (Hardtanh's bounds, Gelu's variant,
// Elu's alpha, scale and input scale).
void launchUnary(UnaryOp op, const LaunchShape& shape, const Operand& out, const Operand& in, cudaStream_t stream,
                 double p0 = 0, double p1 = 0, double p2 = 0);

}  // namespace jitserve::cuda
