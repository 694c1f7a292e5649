// Strided launches' addressing, shared by the elementwise and special
// kernels: the launch's sizes and each operand's strides in one struct
// passed by value, and each thread's linear index turned into one element
// offset per operand (broadcast dims have stride 0).
#pragma once

#include <cstdint>

#include "runtime/cuda/kernels/elementwise.h"

namespace jitserve::cuda {

template <int N>
struct Offsets {
  int ndim;
  int64_t sizes[kMaxDims];
  int64_t strides[N][kMaxDims];
};

template <int N>
Offsets<N> offsetsFor(const LaunchShape& shape, const Operand* const (&ops)[N]) {
  Offsets<N> o{};
  o.ndim = shape.ndim;
  for (int d = 0; d < shape.ndim; ++d) {
    o.sizes[d] = shape.sizes[d];
    for (int k = 0; k < N; ++k) o.strides[k][d] = ops[k]->strides[d];
  }
  return o;
}

template <int N>
__device__ __forceinline__ void elementOffsets(const Offsets<N>& o, int64_t linear, int64_t (&off)[N]) {
#pragma unroll
  for (int k = 0; k < N; ++k) off[k] = 0;
  for (int d = o.ndim - 1; d >= 0; --d) {
    const int64_t size = o.sizes[d];
    const int64_t i = linear % size;
    linear /= size;
#pragma unroll
    for (int k = 0; k < N; ++k) off[k] += i * o.strides[k][d];
  }
}

}  // namespace jitserve::cuda
