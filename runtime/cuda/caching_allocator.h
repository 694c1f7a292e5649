// The CUDA caching allocator: cudaMalloc is slow and synchronizes the device,
// so freed blocks are kept and handed out again.
//
// Sizes are rounded up to classes (512 B steps up to 1 MiB, 2 MiB steps
// above), and a request takes a free block of its own device and stream whose
// size is at least the class and at most twice it, smallest first. Reuse is
// stream-ordered: a block is reused only on the stream it was allocated for,
// where every earlier use of it is already queued before the new one, so no
// synchronization is needed (tensors are used on the stream of the request
// that made them). A block freed by another thread (a forked call dropping
// its caller's tensor) first waits for that thread's stream, which may still
// be reading it. When cudaMalloc fails, the free blocks of the device are
// released (cudaFree waits for the device) and the allocation retried once;
// failing again is a ResourceExhausted error with the device's numbers.
//
// Stats per device: bytes in use (handed out, by block size), reserved (held
// from cudaMalloc, in use or cached), peak in use; emptyCache() returns every
// cached block to the driver.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "runtime/tensor/allocator.h"

namespace jitserve::cuda {

struct AllocatorStats {
  int64_t inUseBytes = 0;
  int64_t reservedBytes = 0;
  int64_t peakInUseBytes = 0;
  int64_t cudaMallocs = 0;  // calls that reached the driver
  int64_t cacheHits = 0;    // allocations served from the cache
};

class CachingAllocator final : public Allocator {
 public:
  CachingAllocator();
  ~CachingAllocator() override;

  // On the calling thread's current device and stream.
  DataPtr allocate(size_t nbytes) override;
  Device device() const override;

  DataPtr allocate(size_t nbytes, int device, cudaStream_t stream);
  AllocatorStats stats(int device) const;
  // Frees every cached (not in use) block of every device.
  void emptyCache();
  void resetPeak(int device);

  // Rounding used for the size classes (exposed for tests).
  static size_t roundSize(size_t nbytes);

  struct Impl;  // the per-device pools (caching_allocator.cpp)

 private:
  Impl* impl_;
};

// The process-wide instance (what the CUDA backend hands out).
CachingAllocator& cachingAllocator();

}  // namespace jitserve::cuda
