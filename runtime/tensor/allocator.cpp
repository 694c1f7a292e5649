#include "runtime/tensor/allocator.h"

#include <array>
#include <atomic>
#include <cstdlib>

#include "runtime/support/error.h"
#include "runtime/support/malloc_tuning.h"

namespace jitserve {
namespace {

std::atomic<int64_t> g_cpu_bytes{0};
thread_local AllocationTarget* t_target = nullptr;
std::atomic<int64_t> g_cpu_peak{0};

// Each block is preceded by nothing: the size is recovered from a header
// kept in front of the aligned block, so the deleter stays a plain function
// and the byte counter stays exact.
struct BlockHeader {
  size_t nbytes;
};
constexpr size_t kHeader = kCPUAlignment;  // keeps the user block 64-aligned

void cpuFree(void* ctx) {
  auto* base = static_cast<char*>(ctx);
  const size_t n = reinterpret_cast<BlockHeader*>(base)->nbytes;
  g_cpu_bytes.fetch_sub(static_cast<int64_t>(n), std::memory_order_relaxed);
  std::free(base);
}

class CPUAllocator final : public Allocator {
 public:
  DataPtr allocate(size_t nbytes) override {
    if (nbytes == 0) return DataPtr(nullptr, nullptr, nullptr, Device::cpu());
    if (AllocationTarget* t = t_target) [[unlikely]] {
      t_target = nullptr;
      if (DataPtr p = t->allocate(nbytes)) return p;
    }
    return cpuHeapAllocate(nbytes);
  }
  Device device() const override { return Device::cpu(); }
};

CPUAllocator g_cpu_allocator;
constexpr int kNumDeviceTypes = 3;
std::array<std::atomic<Allocator*>, kNumDeviceTypes> g_allocators{&g_cpu_allocator, nullptr, nullptr};

void runFunction(void* ctx) {
  auto* f = static_cast<std::function<void()>*>(ctx);
  (*f)();
  delete f;
}

}  // namespace

DataPtr cpuHeapAllocate(size_t nbytes) {
  tuneMallocOnce();
  if (nbytes == 0) return DataPtr(nullptr, nullptr, nullptr, Device::cpu());
  JS_CHECK(nbytes <= (size_t{1} << 48), "CPU allocator: refusing to allocate ", nbytes, " bytes");
  // aligned_alloc wants a multiple of the alignment.
  const size_t total = (kHeader + nbytes + kCPUAlignment - 1) & ~(kCPUAlignment - 1);
  void* base = std::aligned_alloc(kCPUAlignment, total);
  if (!base) {
    throw Error(detail::concat("CPU allocator: out of memory allocating ", nbytes, " bytes"),
                absl::StatusCode::kResourceExhausted);
  }
  reinterpret_cast<BlockHeader*>(base)->nbytes = nbytes;
  const int64_t now = g_cpu_bytes.fetch_add(static_cast<int64_t>(nbytes), std::memory_order_relaxed) +
                      static_cast<int64_t>(nbytes);
  int64_t peak = g_cpu_peak.load(std::memory_order_relaxed);
  while (now > peak && !g_cpu_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
  }
  return DataPtr(static_cast<char*>(base) + kHeader, base, &cpuFree, Device::cpu());
}

AllocationTarget* setCpuAllocationTarget(AllocationTarget* target) { return std::exchange(t_target, target); }

DataPtr DataPtr::withCleanup(void* data, std::function<void()> release, Device device) {
  auto* f = new std::function<void()>(std::move(release));
  return DataPtr(data, f, &runFunction, device);
}

Allocator* getCPUAllocator() { return &g_cpu_allocator; }

Allocator* getAllocator(DeviceType type) {
  const int i = static_cast<int>(type);
  Allocator* a = (i >= 0 && i < kNumDeviceTypes) ? g_allocators[i].load(std::memory_order_acquire) : nullptr;
  JS_CHECK(a != nullptr, "no allocator for device ", Device(type).str());
  return a;
}

void setAllocator(DeviceType type, Allocator* allocator) {
  const int i = static_cast<int>(type);
  JS_CHECK(i >= 0 && i < kNumDeviceTypes, "setAllocator: bad device type ", i);
  g_allocators[i].store(allocator, std::memory_order_release);
}

int64_t cpuAllocatedBytes() { return g_cpu_bytes.load(std::memory_order_relaxed); }
int64_t cpuPeakAllocatedBytes() { return g_cpu_peak.load(std::memory_order_relaxed); }

}  // namespace jitserve
