// The copies around an operator that runs on the CPU for tensors that live on
// a device without a kernel for it (a model's opt-in CPU fallback,
// compiler/passes/device_placement.h inserts them). Each copy is counted in
// the run's RunCounters, so a fallback is never silent: the serving metrics
// and the admin API show how many copies each request paid.
//
// They are not PyTorch operators: no archive holds them, only the plans the
// placement pass builds.
#include "runtime/core/run_counters.h"
#include "runtime/ops/op_tables.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::ops {
namespace {

Tensor toHost(const Tensor& t) {
  if (!t.defined() || t.is_cpu()) return t;
  countCpuFallbackCopies();
  return toDevice(t, Device::cpu());
}

Tensor backTo(const Tensor& t, Device d) {
  if (!t.defined() || !t.is_cpu()) return t;
  countCpuFallbackCopies();
  return toDevice(t, d);
}

Tensor fallbackToCpu(const Tensor& self) { return toHost(self); }
IValue fallbackToCpuOptional(const std::optional<Tensor>& self) { return self ? IValue(toHost(*self)) : IValue(); }
std::vector<Tensor> fallbackToCpuList(std::vector<Tensor> self) {
  for (Tensor& t : self) t = toHost(t);
  return self;
}

Tensor fallbackToDevice(const Tensor& self, Device device) { return backTo(self, device); }
IValue fallbackToDeviceOptional(const std::optional<Tensor>& self, Device device) {
  return self ? IValue(backTo(*self, device)) : IValue();
}
std::vector<Tensor> fallbackToDeviceList(std::vector<Tensor> self, Device device) {
  for (Tensor& t : self) t = backTo(t, device);
  return self;
}

}  // namespace

// kAnyDevice: they take tensors from every device, which is their point.
const OpTable kCpuFallbackOps = {
    op<fallbackToCpu>("jitserve::fallback_to_cpu(Tensor self) -> Tensor",
                      "A device tensor's copy on the host, for an operator with no kernel on its device (counted).",
                      kAnyDevice),
    op<fallbackToCpuOptional>("jitserve::fallback_to_cpu.optional(Tensor? self) -> Tensor?",
                              "fallback_to_cpu of an optional tensor; None stays None.", kAnyDevice),
    op<fallbackToCpuList>("jitserve::fallback_to_cpu.list(Tensor[] self) -> Tensor[]",
                          "fallback_to_cpu of each tensor of a list.", kAnyDevice),
    op<fallbackToDevice>("jitserve::fallback_to_device(Tensor self, Device device) -> Tensor",
                         "A CPU fallback's result copied back to the model's device (counted).", kAnyDevice),
    op<fallbackToDeviceOptional>("jitserve::fallback_to_device.optional(Tensor? self, Device device) -> Tensor?",
                                 "fallback_to_device of an optional tensor; None stays None.", kAnyDevice),
    op<fallbackToDeviceList>("jitserve::fallback_to_device.list(Tensor[] self, Device device) -> Tensor[]",
                             "fallback_to_device of each tensor of a list.", kAnyDevice),
};

}  // namespace jitserve::ops
