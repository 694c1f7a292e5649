#include "runtime/cuda/cuda_error.h"

#include "runtime/support/error.h"

namespace jitserve::cuda {

void throwCudaError(cudaError_t err, const char* call, const char* file, int line) {
  (void)cudaGetLastError();  // reset the non-sticky error state for the next call
  const absl::StatusCode code =
      err == cudaErrorMemoryAllocation ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("CUDA error: ", cudaGetErrorString(err), " (", cudaGetErrorName(err), ") in ", call,
                             " at ", file, ":", line),
              code);
}

}  // namespace jitserve::cuda
