#include "runtime/cuda/cublas_handle.h"

#include <array>

#include "runtime/cuda/cuda_device.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

constexpr int kMaxDevices = 64;

// Destroyed with the thread; errors on the way out are ignored (the driver
// may be shutting down at process exit).
struct ThreadHandles {
  std::array<cublasHandle_t, kMaxDevices> handles{};
  ~ThreadHandles() {
    for (cublasHandle_t h : handles)
      if (h != nullptr) (void)cublasDestroy(h);
  }
};

}  // namespace

void throwCublasError(cublasStatus_t status, const char* call, const char* file, int line) {
  const absl::StatusCode code =
      status == CUBLAS_STATUS_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuBLAS error: ", cublasGetStatusString(status), " in ", call, " at ", file, ":", line),
              code);
}

cublasHandle_t cublasHandle(int device) {
  JS_CHECK(device >= 0 && device < kMaxDevices, "cuBLAS: bad device index ", device);
  thread_local ThreadHandles mine;
  cublasHandle_t& h = mine.handles[static_cast<size_t>(device)];
  if (h == nullptr) {
    DeviceGuard guard(device);
    JS_CUBLAS_CHECK(cublasCreate(&h));
    JS_CUBLAS_CHECK(cublasSetMathMode(h, CUBLAS_DEFAULT_MATH));
  }
  JS_CUBLAS_CHECK(cublasSetStream(h, currentStream(device)));
  return h;
}

}  // namespace jitserve::cuda
