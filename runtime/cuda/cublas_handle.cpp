#include "runtime/cuda/cublas_handle.h"

#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

cublasHandle_t createHandle() {
  cublasHandle_t h = nullptr;
  JS_CUBLAS_CHECK(cublas().cublasCreate_v2(&h));
  JS_CUBLAS_CHECK(cublas().cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  return h;
}
void destroyHandle(cublasHandle_t h) { (void)cublas().cublasDestroy_v2(h); }

}  // namespace

void throwCublasError(cublasStatus_t status, const char* call, const char* file, int line) {
  const absl::StatusCode code =
      status == CUBLAS_STATUS_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuBLAS error: ", cublas().cublasGetStatusString(status), " in ", call, " at ", file, ":", line),
              code);
}

cublasHandle_t cublasHandle(int device) {
  cublasHandle_t h = threadDeviceHandle<cublasHandle_t, createHandle, destroyHandle>(device);
  JS_CUBLAS_CHECK(cublas().cublasSetStream_v2(h, currentStream(device)));
  return h;
}

}  // namespace jitserve::cuda
