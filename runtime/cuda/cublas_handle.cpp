#include "runtime/cuda/cublas_handle.h"

#include "runtime/cuda/cuda_device.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

cublasHandle_t createHandle() {
  cublasHandle_t h = nullptr;
  JS_CUBLAS_CHECK(cublasCreate(&h));
  JS_CUBLAS_CHECK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  return h;
}
void destroyHandle(cublasHandle_t h) { (void)cublasDestroy(h); }

}  // namespace

void throwCublasError(cublasStatus_t status, const char* call, const char* file, int line) {
  const absl::StatusCode code =
      status == CUBLAS_STATUS_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuBLAS error: ", cublasGetStatusString(status), " in ", call, " at ", file, ":", line),
              code);
}

cublasHandle_t cublasHandle(int device) {
  cublasHandle_t h = threadDeviceHandle<cublasHandle_t, createHandle, destroyHandle>(device);
  JS_CUBLAS_CHECK(cublasSetStream(h, currentStream(device)));
  return h;
}

}  // namespace jitserve::cuda
