// CUDA runtime errors as jitserve errors: JS_CUDA_CHECK(cudaMalloc(...))
// throws a jitserve::Error naming the call, the CUDA error and where, after
// clearing CUDA's sticky last-error so the next call starts clean.
#pragma once

#include <cuda_runtime_api.h>

namespace jitserve::cuda {

[[noreturn]] void throwCudaError(cudaError_t err, const char* call, const char* file, int line);

}  // namespace jitserve::cuda

#define JS_CUDA_CHECK(expr)                                                                 \
  do {                                                                                      \
    const cudaError_t js_cuda_err_ = (expr);                                                \
    if (js_cuda_err_ != cudaSuccess)                                                        \
      ::jitserve::cuda::throwCudaError(js_cuda_err_, #expr, __FILE__, __LINE__);            \
  } while (0)
