#include "runtime/cuda/cuda_backend.h"

#include <mutex>
#include <set>

#include "runtime/core/operator_registry.h"
#include "runtime/cuda/caching_allocator.h"
#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/cuda_ops.h"
#include "runtime/cuda/host_transfer.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

int indexOf(Device d) { return d.index < 0 ? 0 : d.index; }

// Host<->device copies are queued on the thread's stream through pinned
// staging buffers (host_transfer.h) and waited for, so the bytes are in
// place when the call returns (the Backend contract).
class CudaBackend final : public Backend {
 public:
  DeviceType deviceType() const override { return DeviceType::CUDA; }
  int deviceCount() const override { return cuda::deviceCount(); }
  Allocator* allocator() override { return &cachingAllocator(); }
  Tensor contiguousCopy(const Tensor& t) override {
    if (!isSupportedDtype(t.dtype()) && !t.is_complex()) return Tensor();  // through the host
    if (t.dtype() == ScalarType::ComplexHalf) return Tensor();
    OnDevice on(t.device());
    return cloneOnDevice(t, on);
  }
  bool copyInto(const Tensor& dst, const Tensor& src) override {
    OnDevice on(dst.device());
    copyIntoOnDevice(dst, src, on);
    return true;
  }
  std::optional<DeviceMemoryStats> memoryStats(int index) const override {
    if (index < 0 || index >= cuda::deviceCount()) return std::nullopt;
    const AllocatorStats a = cachingAllocator().stats(index);
    return DeviceMemoryStats{a.inUseBytes, a.reservedBytes, a.peakInUseBytes};
  }
  DataPtr allocate(size_t nbytes, Device device) override {
    const int d = indexOf(device);
    return cachingAllocator().allocate(nbytes, d, currentStream(d));
  }

  void copyFromHost(void* dst, Device dstDevice, const void* src, size_t nbytes) override {
    copyHostToDevice(dst, src, nbytes, indexOf(dstDevice));
  }
  void copyToHost(void* dst, const void* src, Device srcDevice, size_t nbytes) override {
    copyDeviceToHost(dst, src, nbytes, indexOf(srcDevice));
  }
  // Ordered on the destination's stream after the source's pending work.
  void copyOnDevice(void* dst, Device dstDevice, const void* src, Device srcDevice, size_t nbytes) override {
    if (nbytes == 0) return;
    const int to = indexOf(dstDevice), from = indexOf(srcDevice);
    if (to != from) synchronizeCurrentStream(from);
    DeviceGuard guard(to);
    cudaStream_t s = currentStream(to);
    if (to == from) {
      JS_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDeviceToDevice, s));
    } else {
      JS_CUDA_CHECK(cudaMemcpyPeerAsync(dst, to, src, from, nbytes, s));
    }
    JS_CUDA_CHECK(cudaStreamSynchronize(s));
  }
  void synchronize(Device device) override { synchronizeCurrentStream(indexOf(device)); }
  void synchronizeThread() override { synchronizeThreadStreams(); }
};

}  // namespace

bool available() { return deviceCount() > 0; }

void registerCudaSupport(OperatorRegistry& registry) {
  static std::once_flag backendOnce;
  std::call_once(backendOnce, [] {
    static CudaBackend* backend = new CudaBackend();  // lives for the process, as backends must
    registerBackend(backend);
  });
  static std::mutex mu;
  static std::set<const OperatorRegistry*> done;
  std::lock_guard<std::mutex> lock(mu);
  if (done.insert(&registry).second) registerCudaKernels(registry);
}

void ensureCudaSupport() { registerCudaSupport(globalOperatorRegistry()); }

}  // namespace jitserve::cuda
