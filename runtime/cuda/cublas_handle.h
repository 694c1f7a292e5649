// cuBLAS handles: one per thread and device (a handle is not safe to share
// between threads issuing work concurrently), bound to the thread's stream
// for that device on every use. Default math mode: no TF32 for float32,
// matching PyTorch's default (torch.backends.cuda.matmul.allow_tf32 False).
#pragma once

#include <cublas_v2.h>

namespace jitserve::cuda {

// The calling thread's handle for `device`, set to its current stream there.
cublasHandle_t cublasHandle(int device);

[[noreturn]] void throwCublasError(cublasStatus_t status, const char* call, const char* file, int line);

}  // namespace jitserve::cuda

#define JS_CUBLAS_CHECK(expr)                                                              \
  do {                                                                                     \
    const cublasStatus_t js_cublas_status_ = (expr);                                       \
    if (js_cublas_status_ != CUBLAS_STATUS_SUCCESS)                                        \
      ::jitserve::cuda::throwCublasError(js_cublas_status_, #expr, __FILE__, __LINE__);    \
  } while (0)
