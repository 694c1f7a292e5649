#include "runtime/tensor/allocator.h"

#include <array>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "runtime/support/error.h"
#include "runtime/support/malloc_tuning.h"
#include "runtime/support/sanitizers.h"

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

size_t blockTotal(size_t nbytes) { return (kHeader + nbytes + kCPUAlignment - 1) & ~(kCPUAlignment - 1); }

// Freed blocks kept per thread and reused for the same size. A model's runs
// allocate the same sizes over and over; most of them go back and forth
// through glibc, whose cost depends on what else the process freed: after a
// model load has freed tens of thousands of objects, the large-bin searches
// of one run's aligned_allocs cost a transformer encoder's first call ~1 ms
// (2.4 ms instead of 0.3; callgrind: _int_memalign under linear). Blocks
// here never reach glibc's bins. Bounded per thread (count, block size,
// total) so idle threads hold little; off under ASan, which must see every
// free.
constexpr bool kCacheBlocks = !kAddressSanitizer;

// Oldest first. Trivially destructible, so a free that runs during thread
// exit after the Reaper (e.g. another thread_local's tensor) finds it
// closed, not destroyed.
struct BlockCache {
  static constexpr size_t kMaxBlocks = 32;
  static constexpr size_t kMaxBlockBytes = size_t{1} << 20;
  static constexpr size_t kMaxBytes = size_t{4} << 20;
  struct Entry {
    void* base;
    size_t total;
  };
  Entry entries[kMaxBlocks];
  size_t count;
  size_t bytes;
  bool closed;

  void erase(size_t i) {
    bytes -= entries[i].total;
    std::memmove(&entries[i], &entries[i + 1], (count - i - 1) * sizeof(Entry));
    --count;
  }
  void* take(size_t total) {
    for (size_t i = count; i-- > 0;) {  // newest first: likeliest still in the CPU's caches
      if (entries[i].total == total) {
        void* base = entries[i].base;
        erase(i);
        return base;
      }
    }
    return nullptr;
  }
  // Keeps the block, making room by freeing the oldest: what a model ran
  // long ago must not crowd out what runs now.
  bool put(void* base, size_t total) {
    if (closed || total > kMaxBlockBytes) return false;
    while (count > 0 && (count == kMaxBlocks || bytes + total > kMaxBytes)) {
      std::free(entries[0].base);
      erase(0);
    }
    entries[count++] = Entry{base, total};
    bytes += total;
    return true;
  }
};
thread_local BlockCache t_blocks;  // zero-initialized

// Frees the thread's cached blocks when the thread exits.
struct BlockCacheReaper {
  ~BlockCacheReaper() {
    t_blocks.closed = true;
    for (size_t i = 0; i < t_blocks.count; ++i) std::free(t_blocks.entries[i].base);
    t_blocks.count = 0;
    t_blocks.bytes = 0;
  }
};

// JITSERVE_CPU_BLOCK_CACHE=0 turns the cache off (to compare, or to hand
// every free straight back to glibc).
const bool g_cacheEnabled = [] {
  const char* env = std::getenv("JITSERVE_CPU_BLOCK_CACHE");
  return kCacheBlocks && !(env && std::string_view(env) == "0");
}();

BlockCache& threadBlocks() {
  thread_local BlockCacheReaper reaper;  // registered on the thread's first use
  return t_blocks;
}

void cpuFree(void* ctx) {
  auto* base = static_cast<char*>(ctx);
  const size_t n = reinterpret_cast<BlockHeader*>(base)->nbytes;
  g_cpu_bytes.fetch_sub(static_cast<int64_t>(n), std::memory_order_relaxed);
  if (g_cacheEnabled && !t_blocks.closed && threadBlocks().put(base, blockTotal(n))) return;
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
std::array<std::atomic<Allocator*>, kNumDeviceTypes> g_allocators{&g_cpu_allocator, nullptr, nullptr, nullptr};

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
  const size_t total = blockTotal(nbytes);
  void* base = nullptr;
  if (g_cacheEnabled && total <= BlockCache::kMaxBlockBytes) base = threadBlocks().take(total);
  if (!base) base = std::aligned_alloc(kCPUAlignment, total);
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
