// cuSOLVER dense handles: one per thread and device, as cuBLAS's
// (cublas_handle.h), bound to the thread's stream for that device on every
// use.
#pragma once

#include <cusolverDn.h>

namespace jitserve::cuda {

// The calling thread's handle for `device`, set to its current stream there.
cusolverDnHandle_t cusolverHandle(int device);

[[noreturn]] void throwCusolverError(cusolverStatus_t status, const char* call, const char* file, int line);

}  // namespace jitserve::cuda

#define JS_CUSOLVER_CHECK(expr)                                                              \
  do {                                                                                       \
    const cusolverStatus_t js_cusolver_status_ = (expr);                                     \
    if (js_cusolver_status_ != CUSOLVER_STATUS_SUCCESS)                                      \
      ::jitserve::cuda::throwCusolverError(js_cusolver_status_, #expr, __FILE__, __LINE__);  \
  } while (0)
