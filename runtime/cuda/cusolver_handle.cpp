#include "runtime/cuda/cusolver_handle.h"

#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

cusolverDnHandle_t createHandle() {
  cusolverDnHandle_t h = nullptr;
  JS_CUSOLVER_CHECK(cusolver().cusolverDnCreate(&h));
  return h;
}
void destroyHandle(cusolverDnHandle_t h) { (void)cusolver().cusolverDnDestroy(h); }

// cuSOLVER has no status-to-string call.
const char* statusName(cusolverStatus_t s) {
  switch (s) {
    case CUSOLVER_STATUS_NOT_INITIALIZED: return "CUSOLVER_STATUS_NOT_INITIALIZED";
    case CUSOLVER_STATUS_ALLOC_FAILED: return "CUSOLVER_STATUS_ALLOC_FAILED";
    case CUSOLVER_STATUS_INVALID_VALUE: return "CUSOLVER_STATUS_INVALID_VALUE";
    case CUSOLVER_STATUS_ARCH_MISMATCH: return "CUSOLVER_STATUS_ARCH_MISMATCH";
    case CUSOLVER_STATUS_EXECUTION_FAILED: return "CUSOLVER_STATUS_EXECUTION_FAILED";
    case CUSOLVER_STATUS_INTERNAL_ERROR: return "CUSOLVER_STATUS_INTERNAL_ERROR";
    case CUSOLVER_STATUS_NOT_SUPPORTED: return "CUSOLVER_STATUS_NOT_SUPPORTED";
    default: return "cuSOLVER status";
  }
}

}  // namespace

void throwCusolverError(cusolverStatus_t status, const char* call, const char* file, int line) {
  const absl::StatusCode code =
      status == CUSOLVER_STATUS_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuSOLVER error: ", statusName(status), " (", static_cast<int>(status), ") in ", call,
                             " at ", file, ":", line),
              code);
}

cusolverDnHandle_t cusolverHandle(int device) {
  cusolverDnHandle_t h = threadDeviceHandle<cusolverDnHandle_t, createHandle, destroyHandle>(device);
  JS_CUSOLVER_CHECK(cusolver().cusolverDnSetStream(h, currentStream(device)));
  return h;
}

}  // namespace jitserve::cuda
