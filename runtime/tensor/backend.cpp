#include "runtime/tensor/backend.h"

#include <array>
#include <atomic>
#include <cstring>

#include "runtime/support/error.h"

namespace jitserve {
namespace {

// The host itself: copies are memcpy, nothing is ever queued.
class CPUBackend final : public Backend {
 public:
  DeviceType deviceType() const override { return DeviceType::CPU; }
  int deviceCount() const override { return 1; }
  Allocator* allocator() override { return getCPUAllocator(); }
  void copyFromHost(void* dst, Device, const void* src, size_t nbytes) override { copy(dst, src, nbytes); }
  void copyToHost(void* dst, const void* src, Device, size_t nbytes) override { copy(dst, src, nbytes); }
  void copyOnDevice(void* dst, Device, const void* src, Device, size_t nbytes) override { copy(dst, src, nbytes); }
  void synchronize(Device) override {}

 private:
  static void copy(void* dst, const void* src, size_t nbytes) {
    if (nbytes) std::memcpy(dst, src, nbytes);
  }
};

static_assert(static_cast<int>(DeviceType::CPU) == 0, "synchronizeThreadDeviceWork skips slot 0 as the CPU");
CPUBackend g_cpuBackend;
std::array<std::atomic<Backend*>, kNumDeviceTypes> g_backends{&g_cpuBackend, nullptr, nullptr, nullptr};

}  // namespace

void registerBackend(Backend* backend) {
  JS_INTERNAL_ASSERT(backend != nullptr, "registerBackend(nullptr)");
  const int i = static_cast<int>(backend->deviceType());
  JS_INTERNAL_ASSERT(i >= 0 && i < kNumDeviceTypes, "registerBackend: bad device type ", i);
  Backend* expected = nullptr;
  JS_CHECK(g_backends[i].compare_exchange_strong(expected, backend, std::memory_order_acq_rel),
           "a backend for device ", deviceTypeName(backend->deviceType()), " is already registered");
  setAllocator(backend->deviceType(), backend->allocator());
}

void synchronizeThreadDeviceWork() {
  for (size_t i = 1; i < g_backends.size(); ++i)  // 0 is the CPU: nothing queued
    if (Backend* b = g_backends[i].load(std::memory_order_acquire)) b->synchronizeThread();
}

Backend* findBackend(DeviceType type) {
  const int i = static_cast<int>(type);
  return (i >= 0 && i < kNumDeviceTypes) ? g_backends[i].load(std::memory_order_acquire) : nullptr;
}

Backend& backendFor(DeviceType type) {
  Backend* b = findBackend(type);
  JS_CHECK(b != nullptr, "no backend for device ", deviceTypeName(type),
           ": this build of jitserve cannot run tensors there");
  return *b;
}

}  // namespace jitserve
