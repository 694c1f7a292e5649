#include "runtime/core/operator.h"

#include "runtime/core/ivalue_containers.h"
#include "runtime/support/error.h"

namespace jitserve {
namespace {

// The device type of a tensor argument, if it is elsewhere than the CPU.
std::optional<DeviceType> offHost(const IValue& v) {
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    if (t.defined() && t.device().type != DeviceType::CPU) return t.device().type;
  } else if (v.isList()) {
    for (const IValue& e : v.toListRef().elements) {
      if (!e.isTensor()) break;  // a list of something else: no tensors in it
      if (auto d = offHost(e)) return d;
    }
  }
  return std::nullopt;
}

}  // namespace

std::string Operator::kernelDevices() const {
  std::string out;
  for (int i = 0; i < kNumDeviceTypes; ++i) {
    if (!slots_[static_cast<size_t>(i)]) continue;
    if (!out.empty()) out += ", ";
    out += deviceTypeName(static_cast<DeviceType>(i));
  }
  if (isDeviceGeneric()) out += out.empty() ? "any device" : " (serves any device)";
  return out.empty() ? "none" : out;
}

DeviceType Operator::deviceOfArguments(const Stack& stack) const {
  size_t n = schema_.arguments.size();
  size_t top = stack.size();
  if (schema_.isVararg) {
    // The interpreter pushed the argument count on top of the arguments.
    JS_INTERNAL_ASSERT(top > 0 && stack.back().isInt(), schemaString_, ": vararg call without its count");
    n = static_cast<size_t>(stack.back().toInt());
    --top;
  }
  JS_INTERNAL_ASSERT(n <= top, schemaString_, ": ", n, " arguments expected, the stack holds ", top);
  for (size_t i = top - n; i < top; ++i) {
    if (auto d = offHost(stack[i])) return *d;
  }
  return DeviceType::CPU;
}

void Operator::throwNoKernel(DeviceType t) const {
  JS_ERROR(schema_.operatorName(), " has no kernel for ", deviceTypeName(t), " tensors (kernels: ", kernelDevices(),
           ")");
}

}  // namespace jitserve
