// Device code of special.h: one grid-stride kernel per family over strided
// operands (offsets from the linear index, as elementwise.cu's launches).
#include "runtime/cuda/kernels/special.h"

#include <math.h>

#include <algorithm>
#include <type_traits>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/element_types.cuh"
#include "runtime/cuda/kernels/strided_offsets.cuh"
#include "runtime/ops/bessel_k_airy.h"
#include "runtime/ops/hurwitz_zeta.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(int64_t numel) {
  const int64_t blocks = (numel + kThreads - 1) / kThreads;
  return static_cast<unsigned>(std::min<int64_t>(blocks, int64_t{1} << 20));
}

#define JS_GRID_STRIDE(i, numel) \
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < (numel); i += int64_t{blockDim.x} * gridDim.x)

__device__ __forceinline__ double specialValue(SpecialUnaryOp op, double x) {
  switch (op) {
    case SpecialUnaryOp::ModifiedBesselK0: return special::besselK(0, x);
    case SpecialUnaryOp::ModifiedBesselK1: return special::besselK(1, x);
    case SpecialUnaryOp::ScaledModifiedBesselK0: return special::besselKScaled(0, x);
    case SpecialUnaryOp::ScaledModifiedBesselK1: return special::besselKScaled(1, x);
    case SpecialUnaryOp::AiryAi: return special::airyAi(x);
  }
  return NAN;
}

// Through ComputeType first, as the CPU rounds double -> opmath -> T.
template <typename T>
__device__ __forceinline__ T fromDouble(double v) {
  using C = typename ComputeType<T>::type;
  return fromCompute<T>(static_cast<C>(v));
}

template <typename T>
__global__ void specialUnaryKernel(Offsets<2> o, int64_t numel, SpecialUnaryOp op, T* out, const T* in) {
  JS_GRID_STRIDE(i, numel) {
    int64_t off[2];
    elementOffsets(o, i, off);
    out[off[0]] = fromDouble<T>(specialValue(op, static_cast<double>(toCompute(in[off[1]]))));
  }
}

template <typename T>
__global__ void zetaKernel(Offsets<3> o, int64_t numel, T* out, const T* x, const T* q) {
  JS_GRID_STRIDE(i, numel) {
    int64_t off[3];
    elementOffsets(o, i, off);
    out[off[0]] = fromDouble<T>(special::hurwitzZeta(static_cast<double>(toCompute(x[off[1]])),
                                                     static_cast<double>(toCompute(q[off[2]]))));
  }
}

// frexp in ComputeType (float for the 16-bit floats, as the CPU's opmath).
template <typename T>
__global__ void frexpKernel(Offsets<3> o, int64_t numel, T* mantissa, int32_t* exponent, const T* in) {
  JS_GRID_STRIDE(i, numel) {
    int64_t off[3];
    elementOffsets(o, i, off);
    using C = typename ComputeType<T>::type;
    const C v = toCompute(in[off[2]]);
    int e = 0;
    C m;
    if constexpr (std::is_same_v<C, double>) {
      m = ::frexp(v, &e);
    } else {
      m = ::frexpf(v, &e);
    }
    // C's frexp leaves the exponent unspecified for inf and NaN; glibc (the
    // CPU kernel) stores 0.
    if (!isfinite(v)) e = 0;
    mantissa[off[0]] = fromCompute<T>(m);
    exponent[off[1]] = e;
  }
}

template <typename T>
__global__ void complexFromPairKernel(Offsets<3> o, int64_t numel, ComplexFromPairOp op, T* out, const T* a,
                                      const T* b) {
  JS_GRID_STRIDE(i, numel) {
    int64_t off[3];
    elementOffsets(o, i, off);
    const double av = a[off[1]], bv = b[off[2]];
    double re = av, im = bv;
    if (op == ComplexFromPairOp::Polar) {
      re = av * ::cos(bv);
      im = av * ::sin(bv);
    }
    out[off[0]] = static_cast<T>(re);
    out[off[0] + 1] = static_cast<T>(im);
  }
}

}  // namespace

void launchSpecialUnary(SpecialUnaryOp op, const LaunchShape& shape, const Operand& out, const Operand& in,
                        cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[2] = {&out, &in};
  const Offsets<2> o = offsetsFor(shape, ops);
  dispatchFloating(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    specialUnaryKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(o, shape.numel, op,
                                                                           static_cast<T*>(out.data),
                                                                           static_cast<const T*>(in.data));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchHurwitzZeta(const LaunchShape& shape, const Operand& out, const Operand& x, const Operand& q,
                       cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&out, &x, &q};
  const Offsets<3> o = offsetsFor(shape, ops);
  dispatchFloating(out.dtype, [&](auto tag) {
    using T = decltype(tag);
    zetaKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(o, shape.numel, static_cast<T*>(out.data),
                                                                   static_cast<const T*>(x.data),
                                                                   static_cast<const T*>(q.data));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchFrexp(const LaunchShape& shape, const Operand& mantissa, const Operand& exponent, const Operand& in,
                 cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&mantissa, &exponent, &in};
  const Offsets<3> o = offsetsFor(shape, ops);
  dispatchFloating(in.dtype, [&](auto tag) {
    using T = decltype(tag);
    frexpKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(o, shape.numel, static_cast<T*>(mantissa.data),
                                                                    static_cast<int32_t*>(exponent.data),
                                                                    static_cast<const T*>(in.data));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchComplexFromPair(ComplexFromPairOp op, const LaunchShape& shape, const Operand& out, const Operand& a,
                           const Operand& b, cudaStream_t stream) {
  if (shape.numel == 0) return;
  const Operand* const ops[3] = {&out, &a, &b};
  const Offsets<3> o = offsetsFor(shape, ops);
  const auto launch = [&](auto tag) {
    using T = decltype(tag);
    complexFromPairKernel<T><<<blocksFor(shape.numel), kThreads, 0, stream>>>(
        o, shape.numel, op, static_cast<T*>(out.data), static_cast<const T*>(a.data), static_cast<const T*>(b.data));
  };
  if (out.dtype == ScalarType::Double) {
    launch(double{});
  } else if (out.dtype == ScalarType::Float) {
    launch(float{});
  } else {
    throwCudaError(cudaErrorInvalidValue, "complex/polar kernel given a dtype other than float or double", __FILE__,
                   __LINE__);
  }
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace jitserve::cuda
