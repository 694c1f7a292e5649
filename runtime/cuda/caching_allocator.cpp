#include "runtime/cuda/caching_allocator.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <tuple>
#include <vector>

#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

constexpr size_t kSmallStep = 512;
constexpr size_t kSmallLimit = size_t{1} << 20;
constexpr size_t kLargeStep = size_t{2} << 20;

struct Block {
  int device;
  cudaStream_t stream;
  size_t size;
  void* ptr;
};

// Free blocks ordered so that lower_bound({stream, size}) finds the smallest
// block of that stream that fits.
struct BlockOrder {
  bool operator()(const Block* a, const Block* b) const {
    return std::tie(a->stream, a->size, a->ptr) < std::tie(b->stream, b->size, b->ptr);
  }
};

struct DevicePool {
  std::set<Block*, BlockOrder> free;
  std::map<void*, Block*> live;  // handed out
  AllocatorStats stats;
};

std::string mib(int64_t bytes) { return std::to_string(bytes / (1024 * 1024)) + " MiB"; }

}  // namespace

struct CachingAllocator::Impl {
  mutable std::mutex mu;
  std::map<int, DevicePool> pools;

  // Called with mu held.
  void releaseFree(int device, DevicePool& pool) {
    DeviceGuard guard(device);
    for (Block* b : pool.free) {
      (void)cudaFree(b->ptr);  // a failure here leaves nothing we could do differently
      pool.stats.reservedBytes -= static_cast<int64_t>(b->size);
      delete b;
    }
    pool.free.clear();
  }
};

namespace {

struct FreeContext {
  CachingAllocator::Impl* impl;
  void* ptr;
  int device;
  cudaStream_t stream;  // the block's
};

}  // namespace

static void freeBlock(void* ctx) {
  std::unique_ptr<FreeContext> c(static_cast<FreeContext*>(ctx));
  // Freed by a thread whose own stream on the device is not the block's (a
  // forked call dropping its caller's tensor): that stream may still have
  // kernels reading the block, which the block's stream could reuse at once.
  // Wait for them first (rare: the usual free is on the allocating stream).
  if (cudaStream_t mine = existingStream(c->device); mine != nullptr && mine != c->stream)
    (void)cudaStreamSynchronize(mine);
  std::lock_guard<std::mutex> lock(c->impl->mu);
  DevicePool& pool = c->impl->pools[c->device];
  auto it = pool.live.find(c->ptr);
  if (it == pool.live.end()) return;  // not ours: nothing to give back
  Block* b = it->second;
  pool.live.erase(it);
  pool.stats.inUseBytes -= static_cast<int64_t>(b->size);
  pool.free.insert(b);
}

CachingAllocator::CachingAllocator() : impl_(new Impl()) {}

// Blocks still cached at exit go back with the process; freeing them here
// could run after the CUDA runtime has shut down.
CachingAllocator::~CachingAllocator() = default;

size_t CachingAllocator::roundSize(size_t nbytes) {
  if (nbytes == 0) nbytes = 1;
  if (nbytes <= kSmallLimit) return (nbytes + kSmallStep - 1) / kSmallStep * kSmallStep;
  return (nbytes + kLargeStep - 1) / kLargeStep * kLargeStep;
}

Device CachingAllocator::device() const {
  int d = 0;
  JS_CUDA_CHECK(cudaGetDevice(&d));
  return Device(DeviceType::CUDA, static_cast<int8_t>(d));
}

DataPtr CachingAllocator::allocate(size_t nbytes) {
  const int d = device().index;
  return allocate(nbytes, d, currentStream(d));
}

DataPtr CachingAllocator::allocate(size_t nbytes, int device, cudaStream_t stream) {
  const Device dev(DeviceType::CUDA, static_cast<int8_t>(device));
  if (nbytes == 0) return DataPtr(nullptr, nullptr, nullptr, dev);
  const size_t size = roundSize(nbytes);
  std::lock_guard<std::mutex> lock(impl_->mu);
  DevicePool& pool = impl_->pools[device];
  Block key{device, stream, size, nullptr};
  Block* block = nullptr;
  auto it = pool.free.lower_bound(&key);
  if (it != pool.free.end() && (*it)->stream == stream && (*it)->size <= 2 * size) {
    block = *it;
    pool.free.erase(it);
    ++pool.stats.cacheHits;
  } else {
    void* ptr = nullptr;
    DeviceGuard guard(device);
    cudaError_t err = cudaMalloc(&ptr, size);
    if (err == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      impl_->releaseFree(device, pool);
      err = cudaMalloc(&ptr, size);
    }
    if (err == cudaErrorMemoryAllocation) {
      (void)cudaGetLastError();
      size_t freeBytes = 0, totalBytes = 0;
      (void)cudaMemGetInfo(&freeBytes, &totalBytes);
      (void)cudaGetLastError();
      throw Error(detail::concat("CUDA out of memory: tried to allocate ", mib(static_cast<int64_t>(size)), " on ",
                                 dev.str(), " (", mib(static_cast<int64_t>(totalBytes)), " total, ",
                                 mib(static_cast<int64_t>(freeBytes)), " free; jitserve holds ",
                                 mib(pool.stats.reservedBytes), ", ", mib(pool.stats.inUseBytes), " of it in use)"),
                  absl::StatusCode::kResourceExhausted);
    }
    JS_CUDA_CHECK(err);
    block = new Block{device, stream, size, ptr};
    pool.stats.reservedBytes += static_cast<int64_t>(size);
    ++pool.stats.cudaMallocs;
  }
  pool.live.emplace(block->ptr, block);
  pool.stats.inUseBytes += static_cast<int64_t>(block->size);
  pool.stats.peakInUseBytes = std::max(pool.stats.peakInUseBytes, pool.stats.inUseBytes);
  auto* ctx = new FreeContext{impl_, block->ptr, device, block->stream};
  return DataPtr(block->ptr, ctx, &freeBlock, dev);
}

AllocatorStats CachingAllocator::stats(int device) const {
  std::lock_guard<std::mutex> lock(impl_->mu);
  auto it = impl_->pools.find(device);
  return it == impl_->pools.end() ? AllocatorStats{} : it->second.stats;
}

void CachingAllocator::emptyCache() {
  std::lock_guard<std::mutex> lock(impl_->mu);
  for (auto& [device, pool] : impl_->pools) impl_->releaseFree(device, pool);
}

void CachingAllocator::resetPeak(int device) {
  std::lock_guard<std::mutex> lock(impl_->mu);
  DevicePool& pool = impl_->pools[device];
  pool.stats.peakInUseBytes = pool.stats.inUseBytes;
}

CachingAllocator& cachingAllocator() {
  static CachingAllocator* a = new CachingAllocator();  // lives for the process (see the destructor)
  return *a;
}

}  // namespace jitserve::cuda
