// SIMD float32 kernels over contiguous arrays: transcendental functions on
// SLEEF (Debian's libsleef, the 1.0-ULP "u10" variants, as PyTorch's own
// vectorized CPU kernels use) and the row pieces of softmax and
// log_softmax.
//
// Built twice, for AVX2+FMA and for AVX-512F (vec_math_avx2.cpp,
// vec_math_avx512.cpp, each compiled with its -m flags); floatKernels() picks
// the widest the CPU has, once. The rest of the project stays built for the
// baseline x86-64, so a CPU without AVX2 (or a build without libsleef) gets
// nullptr and callers keep their scalar loops.
//
// Results equal the scalar libm path to within SLEEF's 1 ULP (sqrt exactly;
// exp and log, our own cheaper formulas, within 1 ULP too; tanh within 2,
// sigmoid/silu within 3);
// NaN and infinity behave as in C (exp(-inf) = 0, log(0) = -inf, ...).
// sigmoid = 1 / (1 + exp(-x)) and silu = x / (1 + exp(-x)), the scalar
// kernels' formulas; gelu = x Phi(x) within 3e-7 max(1, |x|) by a
// piecewise polynomial on AVX-512 (vec_math_tables.h), within 6e-7 by
// activation_ops' polynomial erf on AVX2.
#pragma once

#include <cstdint>
#include <string_view>

namespace jitserve {
class TensorIterator;
}

// No project headers here: the AVX translation units include this file, and
// an inline function they instantiated could be the copy the linker keeps
// for baseline callers.
namespace jitserve::ops::vec {

// out[i] = f(in[i]) for i < n; in may equal out.
using UnaryArrayFn = void (*)(const float* in, float* out, int64_t n);

// The functions named as in unary_ops (its F_name functors) that a table
// provides. X(name): one UnaryArrayFn member each.
#define JS_VEC_UNARY_FUNCTIONS(X) \
  X(exp)                          \
  X(exp2)                         \
  X(expm1)                        \
  X(log)                          \
  X(log2)                         \
  X(log10)                        \
  X(log1p)                        \
  X(sin)                          \
  X(cos)                          \
  X(tan)                          \
  X(asin)                         \
  X(acos)                         \
  X(atan)                         \
  X(sinh)                         \
  X(cosh)                         \
  X(tanh)                         \
  X(asinh)                        \
  X(acosh)                        \
  X(atanh)                        \
  X(sqrt)                         \
  X(sigmoid)

struct FloatKernels {
  const char* isa;  // "avx2" or "avx512"
#define JS_VEC_MEMBER(name) UnaryArrayFn name;
  JS_VEC_UNARY_FUNCTIONS(JS_VEC_MEMBER)
#undef JS_VEC_MEMBER
  UnaryArrayFn gelu;  // the erf form (approximate="none")
  UnaryArrayFn silu;
  // y[i] = pow(x[i], e) for finite e (C's special cases), within 1 ULP of
  // powf (3 for e = 1.5, 2.5, 3.5, 4.5: x^k sqrt(x)).
  void (*powScalar)(const float* x, float* y, int64_t n, float e);
  // out[i] = m[i] ? x[i] : y[i] (m holds bools: bytes 0 or 1).
  void (*where)(const bool* m, const float* x, const float* y, float* out, int64_t n);
  // The same with non-temporal stores (out never read into the cache), for
  // working sets past the last-level cache.
  void (*whereStream)(const bool* m, const float* x, const float* y, float* out, int64_t n);
  // max over x[0..n) with NaNs skipped (as `m = std::max(m, x[i])` from
  // -inf does); -inf for n == 0.
  float (*max)(const float* x, int64_t n);
  // sum of exp(x[i] - m); with y non-null also stores y[i] = exp(x[i] - m).
  float (*expSubSum)(const float* x, float* y, int64_t n, float m);
  // y[i] *= s.
  void (*scale)(float* y, int64_t n, float s);
  // y[i] = (x[i] - a) - b (log_softmax's x - max - log(sum), in that order).
  void (*subSub)(const float* x, float* y, int64_t n, float a, float b);
  // Accumulating in double, as the scalar reductions do (several partial
  // sums, so the last bits of the double may differ from a sequential sum):
  // sum of x[i]; sum of (x[i] - m)^2.
  double (*sumD)(const float* x, int64_t n);
  double (*sqDevD)(const float* x, int64_t n, double m);
  // acc[i] += x[i] + x[stride + i] + ... over `rows` rows (column sums, in
  // double): four rows per pass over acc, added pairwise, so acc is read and
  // written once per four rows.
  void (*addRowsD)(double* acc, const float* x, int64_t n, int64_t rows, int64_t stride);
  // y[i] = float(((x[i] - mean) * rs) * w[i] + b[i]) in double; w, b may be
  // null (skipped).
  void (*normRowD)(const float* x, float* y, int64_t n, double mean, double rs, const double* w, const double* b);
};

// The widest table this CPU runs, or nullptr (no AVX2+FMA, or no libsleef
// in the build). JITSERVE_CPU_CAPABILITY=default|avx2|avx512 caps the
// choice (read once), which is how the scalar paths stay testable.
const FloatKernels* floatKernels();
// A specific table if this CPU and build have it, else nullptr (tests).
const FloatKernels* floatKernelsFor(std::string_view isa);

// Runs fn over a float32 -> float32 unary TensorIterator (output operand 0,
// input 1): contiguous chunks directly, strided ones through a small buffer,
// so every element gets the same function whatever the layout. Returns false
// (doing nothing) when the iterator is not float -> float.
bool unaryFloat(TensorIterator& it, UnaryArrayFn fn);
// The same for y = pow(x, e) (kernels.powScalar); false also for infinite e.
bool powFloat(TensorIterator& it, const FloatKernels& kernels, float e);

}  // namespace jitserve::ops::vec
