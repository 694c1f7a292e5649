// CUDA kernels for torch.special's K_n / Airy / Hurwitz zeta functions,
// frexp, and complex / polar, behind the plain interface of elementwise.h
// (shapes and strided operands, no Tensor); cuda_special_ops.cpp turns
// operator arguments into these launches. The special functions evaluate
// the headers the CPU kernels use (runtime/ops/bessel_k_airy.h,
// runtime/ops/hurwitz_zeta.h) in double, rounded to the operand dtype.
// All launches go on the given stream and return without waiting.
#pragma once

#include <cuda_runtime_api.h>

#include "runtime/cuda/kernels/elementwise.h"

namespace jitserve::cuda {

enum class SpecialUnaryOp : uint8_t {
  ModifiedBesselK0, ModifiedBesselK1,
  ScaledModifiedBesselK0, ScaledModifiedBesselK1,  // exp(x) K_n(x)
  AiryAi,
};

// out = op(in), both of one floating dtype (half, bfloat16, float, double).
void launchSpecialUnary(SpecialUnaryOp op, const LaunchShape& shape, const Operand& out, const Operand& in,
                        cudaStream_t stream);

// out = zeta(x, q), all three of one floating dtype.
void launchHurwitzZeta(const LaunchShape& shape, const Operand& out, const Operand& x, const Operand& q,
                       cudaStream_t stream);

// mantissa (in's floating dtype) and exponent (int32) of in, as C's frexp:
// in = mantissa * 2^exponent, |mantissa| in [0.5, 1); 0, inf and NaN give
// themselves and exponent 0.
void launchFrexp(const LaunchShape& shape, const Operand& mantissa, const Operand& exponent, const Operand& in,
                 cudaStream_t stream);

enum class ComplexFromPairOp : uint8_t {
  Complex,  // a + i b
  Polar,    // a (cos b + i sin b), computed in double
};

// A complex tensor from two real ones of one dtype (float or double): out's
// dtype is that real type and its strides are those of the (re, im) pairs'
// real view (view_as_real), the last dim of size 2 not included, so
// element i's real part is at sum(index * stride) and its imaginary part
// right after.
void launchComplexFromPair(ComplexFromPairOp op, const LaunchShape& shape, const Operand& out, const Operand& a,
                           const Operand& b, cudaStream_t stream);

}  // namespace jitserve::cuda
