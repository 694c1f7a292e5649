// Gathers and scatters along one dim, on the GPU (no Tensor, no IValue).
//
// The iteration space is the index tensor's shape. For each position p of
// it, the other operand is addressed at p with dim's coordinate replaced by
// index[p] (already checked to lie in [0, dimSize) by the host):
//   gather:  out[p] = src[p with p[dim] = index[p]]
//   scatter: dst[p with p[dim] = index[p]] = src[p]   (or += for Add)
// Strides are in elements and may be 0 (broadcast) for index and src.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "runtime/cuda/kernels/elementwise.h"
#include "runtime/tensor/dtype.h"

namespace jitserve::cuda {

struct IndexLaunch {
  int ndim = 0;
  int dim = 0;
  int64_t sizes[kMaxDims] = {};   // the index's shape: the iteration space
  int64_t index[kMaxDims] = {};   // the index tensor's strides (int64 data)
  int64_t self[kMaxDims] = {};    // the addressed operand's strides (gather: src, scatter: dst)
  int64_t other[kMaxDims] = {};   // the other operand's strides (gather: out, scatter: src)
  int64_t numel = 0;
};

// out (other strides) = self gathered; elements of `elementSize` bytes.
void launchGather(const IndexLaunch& l, void* out, const void* self, const int64_t* index, size_t elementSize,
                  cudaStream_t stream);

enum class ScatterMode : uint8_t { Assign, Add, Mul, Max, Min };
// Assign: any dtype (bytes); a repeated index keeps one of the writes, as
// PyTorch's CUDA scatter does. Add: float, double, half, bfloat16, int32,
// int64 (atomic adds); Mul, Max, Min (NaN propagates): compare-and-swap
// loops on every dtype of 2, 4 or 8 bytes. src of `type` too. When `value`
// is non-null it replaces src (a number in `type`).
void launchScatter(ScatterMode mode, const IndexLaunch& l, void* dst, const void* src, const void* value,
                   const int64_t* index, ScalarType type, cudaStream_t stream);
// Whether launchScatter's `mode` takes `type`.
bool scatterSupports(ScatterMode mode, ScalarType type);

}  // namespace jitserve::cuda
