// Backend: what the runtime needs from one device type, and nothing more.
//
// A backend owns its device's memory (an Allocator), moves bytes between the
// host and its devices and within them, and orders work: synchronize() waits
// for what this thread queued on a device (a stream per worker thread, for
// devices that have streams). Kernels are not part of it: an operator record
// holds one kernel slot per device type (runtime/core/operator.h), and the
// ops a backend supports are the operators with a kernel in its slot
// (OperatorRegistry::operatorsFor).
//
// Lifecycle: the CPU backend always exists. Another is registered once, at
// start-up, before any tensor lives on its device (registerBackend), and
// lives for the rest of the process. Lookups are lock-free.
//
// Contract for the copies: pointers are byte addresses of this backend's
// memory (for the device side) or host memory; ranges do not overlap; the
// copy is complete when the call returns unless the backend documents that
// it orders copies on the calling thread's stream (then synchronize()).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "runtime/tensor/allocator.h"
#include "runtime/tensor/device.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

// One device's tensor memory, as its backend's allocator counts it.
struct DeviceMemoryStats {
  int64_t inUseBytes = 0;      // held by live tensors
  int64_t reservedBytes = 0;   // taken from the device (in use + cached)
  int64_t peakInUseBytes = 0;
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual DeviceType deviceType() const = 0;
  // Devices of this type present (0: the backend is built in but no device
  // is usable, e.g. no GPU on this machine).
  virtual int deviceCount() const = 0;
  // Memory for tensors on this device type. Its allocate(n) serves the
  // calling thread's current device of the type.
  virtual Allocator* allocator() = 0;
  // Memory on one device of this type: what device copies and kernels use,
  // so that cuda:1's tensors live on cuda:1 whatever the thread's current
  // device. Backends with more than one device override it.
  virtual DataPtr allocate(size_t nbytes, Device device) { return allocator()->allocate(nbytes); }

  virtual void copyFromHost(void* dst, Device dstDevice, const void* src, size_t nbytes) = 0;
  virtual void copyToHost(void* dst, const void* src, Device srcDevice, size_t nbytes) = 0;
  // Both ends on devices of this backend's type (possibly different indices).
  virtual void copyOnDevice(void* dst, Device dstDevice, const void* src, Device srcDevice, size_t nbytes) = 0;
  // Waits until the work this thread queued on `device` is done.
  virtual void synchronize(Device device) = 0;
  // Waits for everything this thread queued on any device of this type
  // (nothing, for a device without streams).
  virtual void synchronizeThread() {}
  // A contiguous copy of t (a tensor on a device of this type) made on that
  // device, or an undefined Tensor when the backend has no device-side
  // strided copy (toDevice then gathers through the host).
  virtual Tensor contiguousCopy(const Tensor& t) {
    (void)t;
    return Tensor();
  }
  // dst (on a device of this type) = src (any device) broadcast and
  // converted, as Tensor::copy_ does on the host; false when the backend has
  // no device-side copy (copy_ then refuses). Composite kernels that write
  // through Tensor::copy_ run on the device through this.
  virtual bool copyInto(const Tensor& dst, const Tensor& src) {
    (void)dst, (void)src;
    return false;
  }
  // Memory of device `index` of this type, for metrics; nullopt when the
  // backend does not count it.
  virtual std::optional<DeviceMemoryStats> memoryStats(int index) const {
    (void)index;
    return std::nullopt;
  }
};

// Registers the backend of its device type (and its allocator). Errors on a
// second backend for the same type. `backend` must live for the process.
void registerBackend(Backend* backend);
// The backend of `type`, or nullptr when none is registered.
Backend* findBackend(DeviceType type);
// Every registered backend's synchronizeThread: called where TorchScript
// work moves to another thread (a fork starting, a forked call suspending
// or finishing), so that thread's streams see what this one queued. Costs a
// few atomic loads when only the CPU is in use.
void synchronizeThreadDeviceWork();

// The backend of `type`; a clear error ("no backend for device cuda: ...")
// when none is registered.
Backend& backendFor(DeviceType type);

}  // namespace jitserve
