#include "runtime/cuda/cuda_ops.h"

#include "runtime/core/operator_registry.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {

void registerCudaKernels(OperatorRegistry& registry) {
  static const CudaTable* const kTables[] = {&kCudaElementwiseOps, &kCudaLinalgOps, &kCudaReduceOps,
                                                     &kCudaNnOps, &kCudaConvOps, &kCudaRnnOps,
                                                     &kCudaCompositeOps, &kCudaTransformerOps,
                                                     &kCudaShapeOps, &kCudaIndexOps,
                                                     &kCudaCompositeMoreOps, &kCudaLuOps, &kCudaDecompOps,
                                                     &kCudaFftOps, &kCudaStatisticsOps,
                                                     &kCudaSpecialOps};
  for (const CudaTable* table : kTables) {
    for (const CudaRow& r : *table) {
      const Operator* cpu = registry.findByName(r.overload);
      JS_INTERNAL_ASSERT(cpu != nullptr, "CUDA kernel for ", r.overload, ", which is not registered");
      OperatorDef def(cpu->schemaString(), r.kernel, cpu->doc());
      def.signature = r.signature;
      def.device = DeviceType::CUDA;
      const absl::Status st = registry.add(def);
      JS_INTERNAL_ASSERT(st.ok(), "registering the CUDA kernel of ", r.overload, ": ", st.message());
    }
  }
}

}  // namespace jitserve::cuda
