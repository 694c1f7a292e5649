// The CUDA kernels, registered in the CUDA slots of the operator records
// their CPU twins created (so registerAllOps must have run on the registry).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::cuda {

void registerCudaKernels(OperatorRegistry& registry);

}  // namespace jitserve::cuda
