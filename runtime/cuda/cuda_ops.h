// The CUDA kernels, registered in the CUDA slots of the operator records
// their CPU twins created (so registerAllOps must have run on the registry).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::cuda {

void registerCudaKernels(OperatorRegistry& registry);
// The CPU kernel on host copies for the operators cuda_host_fallback.cpp
// lists, where no CUDA kernel is registered (after registerCudaKernels).
void registerCudaHostFallbacks(OperatorRegistry& registry);

}  // namespace jitserve::cuda
