// The CUDA backend (runtime/tensor/backend.h): the caching allocator, copies
// on the calling thread's stream, and synchronize. registerCudaSupport()
// registers it and puts the CUDA kernels in their operator records; on a
// machine without a GPU it still registers (deviceCount() 0), so moving a
// tensor to cuda is a clear "not available" error rather than "no backend".
#pragma once

#include "runtime/tensor/backend.h"

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::cuda {

// The backend (registered with the runtime on first call) and the CUDA
// kernels in `registry` (once per registry). Safe to call from any thread.
void registerCudaSupport(OperatorRegistry& registry);
// registerCudaSupport on the process-wide registry.
void ensureCudaSupport();

// Whether a CUDA device is usable here.
bool available();

}  // namespace jitserve::cuda
