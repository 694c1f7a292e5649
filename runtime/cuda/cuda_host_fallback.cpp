// Operators whose CUDA kernel is their CPU kernel on host copies: the
// tensor arguments (those in lists too) copied to the host, the CPU kernel
// run, the results copied back to the arguments' device.
//
// For operators that are data-dependent by nature (histograms, unique,
// mode), sequential (ctc_loss, LDL^T's pivoting), or rare in served models,
// where a device kernel has not been written yet: a model that uses one
// runs on the GPU with a round trip there instead of failing its load.
// The round trip synchronizes the stream and costs two copies, so it is
// listed (docs/cuda.md) and each op's device kernel replaces it when one
// matters. Only functional operators: a kernel that writes an argument
// would write the host copy.
#include <string_view>

#include "runtime/core/operator_registry.h"
#include "runtime/core/value_device.h"
#include "runtime/cuda/cuda_ops.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

constexpr std::string_view kHostFallbackOps[] = {
    // data-dependent sizes or bins
    "aten::histc", "aten::histogram.bin_ct", "aten::histogram.bins_tensor", "aten::histogramdd",
    "aten::histogramdd.int_bins", "aten::histogramdd.TensorList_bins", "aten::unique_consecutive",
    "aten::_unique2", "aten::unique_dim", "aten::mode", "aten::segment_reduce",
    // sequential or pivoting algorithms
    "aten::ctc_loss.Tensor", "aten::ctc_loss.IntList", "aten::linalg_ldl_factor", "aten::linalg_ldl_factor_ex",
    "aten::linalg_ldl_solve", "aten::matrix_exp",
    // rarely served: losses, samplers, special functions, statistics
    "aten::multi_margin_loss", "aten::multilabel_margin_loss", "aten::embedding_bag",
    "aten::embedding_bag.padding_idx", "aten::im2col", "aten::col2im", "aten::grid_sampler",
    "aten::grid_sampler_2d", "aten::upsample_bicubic2d.vec", "aten::upsample_bicubic2d", "aten::special_zeta",
    "aten::special_airy_ai", "aten::special_modified_bessel_k0", "aten::special_modified_bessel_k1",
    "aten::special_scaled_modified_bessel_k0", "aten::special_scaled_modified_bessel_k1", "aten::frexp.Tensor",
    "aten::polar", "aten::complex", "aten::cov", "aten::corrcoef", "aten::gradient.scalarint",
    "aten::gradient.scalarrayint", "aten::gradient.array", "aten::gradient.scalarrayarray",
    "aten::gradient.scalararray", "aten::cumulative_trapezoid.x", "aten::cumulative_trapezoid.dx", "aten::pdist",
    "aten::renorm", "aten::stft", "aten::istft", "aten::conv_transpose3d.input", "aten::index_put.hacked_twin",
    "aten::index_put", "aten::masked_scatter", "aten::multinomial",
};

// The first device other than the CPU among v's tensors (nested too).
bool findDevice(const IValue& v, Device& out) {
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    if (t.defined() && !t.is_cpu()) {
      out = t.device();
      return true;
    }
    return false;
  }
  if (v.isList()) {
    for (const IValue& e : v.toList()->elements)
      if (findDevice(e, out)) return true;
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTuple()->elements)
      if (findDevice(e, out)) return true;
  }
  return false;
}

void runOnHostCopies(Stack& stack, const void* ctx) {
  const Operator& op = *static_cast<const Operator*>(ctx);
  const size_t nargs = op.schema().arguments.size();
  JS_INTERNAL_ASSERT(stack.size() >= nargs, op.schema().operatorName(), ": host fallback called with too few arguments");
  const size_t first = stack.size() - nargs;
  Device device = Device::cpu();
  for (size_t i = first; i < stack.size(); ++i)
    if (findDevice(stack[i], device)) break;
  for (size_t i = first; i < stack.size(); ++i) stack[i] = valueToDevice(stack[i], Device::cpu());
  op.runOn(DeviceType::CPU, stack);
  if (device.type == DeviceType::CPU) return;  // only 0-dim numbers came in
  const size_t nret = op.schema().returns.size();
  for (size_t i = stack.size() - nret; i < stack.size(); ++i) stack[i] = valueToDevice(stack[i], device);
}

}  // namespace

void registerCudaHostFallbacks(OperatorRegistry& registry) {
  for (std::string_view name : kHostFallbackOps) {
    const Operator* cpu = registry.findByName(name);
    JS_INTERNAL_ASSERT(cpu != nullptr, "host fallback for ", name, ", which is not registered");
    if (cpu->hasKernelFor(DeviceType::CUDA)) continue;  // a device kernel (or a device-generic one) serves it
    for (const Argument& a : cpu->schema().arguments)
      JS_INTERNAL_ASSERT(!a.isWrite(), "host fallback for ", name, ", which writes its argument ", a.name);
    OperatorDef def(cpu->schemaString(), &runOnHostCopies, cpu, cpu->doc());
    def.device = DeviceType::CUDA;
    const absl::Status st = registry.add(def);
    JS_INTERNAL_ASSERT(st.ok(), "registering the host fallback of ", name, ": ", st.message());
  }
}

}  // namespace jitserve::cuda
