#include "tests/support/fake_device.h"

#include <cstdlib>
#include <cstring>

#include "runtime/tensor/backend.h"

namespace jitserve::testing {
namespace {

class FakeAllocator final : public Allocator {
 public:
  DataPtr allocate(size_t nbytes) override {
    void* p = std::malloc(nbytes ? nbytes : 1);
    return DataPtr(p, p, &std::free, kFakeDevice);
  }
  Device device() const override { return kFakeDevice; }
};

class FakeBackend final : public Backend {
 public:
  DeviceType deviceType() const override { return DeviceType::PrivateUse1; }
  int deviceCount() const override { return 1; }
  Allocator* allocator() override { return &alloc_; }
  void copyFromHost(void* dst, Device, const void* src, size_t n) override { std::memcpy(dst, src, n); }
  void copyToHost(void* dst, const void* src, Device, size_t n) override { std::memcpy(dst, src, n); }
  void copyOnDevice(void* dst, Device, const void* src, Device, size_t n) override { std::memcpy(dst, src, n); }
  void synchronize(Device) override {}

 private:
  FakeAllocator alloc_;
};

}  // namespace

void ensureFakeBackend() {
  static FakeBackend* backend = [] {
    auto* b = new FakeBackend();
    registerBackend(b);
    return b;
  }();
  (void)backend;
}

Tensor hostView(const Tensor& t) {
  Storage s(make_intrusive<StorageImpl>(DataPtr::borrowed(t.storage().data()), t.storage().nbytes()));
  return Tensor::fromStorage(std::move(s), t.dtype(), t.sizes(), t.strides(), t.storage_offset());
}

}  // namespace jitserve::testing
