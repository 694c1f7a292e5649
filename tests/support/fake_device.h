// A second device without a GPU: a backend for "privateuseone" whose memory
// is host memory, so tests can put tensors there, run kernels registered in
// that device's slot, and check every device path (dispatch, placement,
// fallbacks, copies) on any machine.
#pragma once

#include "runtime/tensor/device.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::testing {

inline constexpr Device kFakeDevice(DeviceType::PrivateUse1, 0);

// Registers the fake backend, once per process.
void ensureFakeBackend();

// A fake-device tensor's bytes seen as a host tensor (same memory), so a
// fake kernel can compute with the CPU's.
Tensor hostView(const Tensor& t);

}  // namespace jitserve::testing
