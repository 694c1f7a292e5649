// Allocator: where tensor memory comes from.
//
// An Allocator hands out DataPtrs: a data pointer plus how to free it (a
// context pointer and a plain function, so freeing needs no virtual call and
// no std::function). One allocator per device type is registered; the CPU
// allocator returns 64-byte aligned blocks (a cache line, and wide enough for
// AVX-512 loads) and counts the bytes it has out, for metrics. A CUDA caching
// allocator plugs in later through setAllocator(DeviceType::CUDA, ...).
//
// DataPtr is move-only and frees its memory when destroyed. It can also wrap
// memory owned by someone else (a buffer read from a file, a gRPC message) with
// any cleanup callback, or with none at all (the caller keeps it alive).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "runtime/tensor/device.h"

namespace jitserve {

using DeleterFn = void (*)(void* ctx);

class DataPtr {
 public:
  DataPtr() = default;
  // `ctx` is what `deleter` receives; often ctx == data. A null deleter means
  // the memory is not ours to free.
  DataPtr(void* data, void* ctx, DeleterFn deleter, Device device)
      : data_(data), ctx_(ctx), deleter_(deleter), device_(device) {}
  // Borrows memory the caller keeps alive for the DataPtr's whole life.
  static DataPtr borrowed(void* data, Device device = Device::cpu()) { return DataPtr(data, nullptr, nullptr, device); }
  // Wraps external memory, running `release` when the DataPtr dies (e.g. to
  // drop a reference to the file buffer the data lives in).
  static DataPtr withCleanup(void* data, std::function<void()> release, Device device = Device::cpu());

  DataPtr(DataPtr&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), ctx_(std::exchange(o.ctx_, nullptr)),
        deleter_(std::exchange(o.deleter_, nullptr)), device_(o.device_) {}
  DataPtr& operator=(DataPtr&& o) noexcept {
    if (this != &o) {
      clear();
      data_ = std::exchange(o.data_, nullptr);
      ctx_ = std::exchange(o.ctx_, nullptr);
      deleter_ = std::exchange(o.deleter_, nullptr);
      device_ = o.device_;
    }
    return *this;
  }
  DataPtr(const DataPtr&) = delete;
  DataPtr& operator=(const DataPtr&) = delete;
  ~DataPtr() { clear(); }

  void* get() const { return data_; }
  void* context() const { return ctx_; }
  DeleterFn deleter() const { return deleter_; }
  Device device() const { return device_; }
  explicit operator bool() const { return data_ != nullptr; }
  // Frees now (if owned) and becomes empty.
  void clear() {
    if (deleter_) deleter_(ctx_);
    data_ = ctx_ = nullptr;
    deleter_ = nullptr;
  }

 private:
  void* data_ = nullptr;
  void* ctx_ = nullptr;
  DeleterFn deleter_ = nullptr;
  Device device_ = Device::cpu();
};

class Allocator {
 public:
  virtual ~Allocator() = default;
  // Returns memory for nbytes (nbytes may be 0: the result may then be null).
  // Throws jitserve::Error (ResourceExhausted) when out of memory.
  virtual DataPtr allocate(size_t nbytes) = 0;
  virtual Device device() const = 0;
};

// The allocator for a device type; CPU is always present. Throws for a device
// type with none registered ("no allocator for device cuda").
Allocator* getAllocator(DeviceType type);
Allocator* getCPUAllocator();
// Registers (or replaces) the allocator for a device type. The allocator must
// outlive every tensor it allocated; registering is not synchronized with
// concurrent allocation, so do it at start-up.
void setAllocator(DeviceType type, Allocator* allocator);

// Bytes the CPU allocator currently has out, and the most it ever had.
int64_t cpuAllocatedBytes();
int64_t cpuPeakAllocatedBytes();

// A destination for this thread's CPU allocations while one operator runs:
// how the interpreter's memory planner (runtime/interpreter/memory_planner.h)
// puts an operator's output into its arena without the kernel knowing.
// Arming costs one thread-local store; the CPU allocator's hot path pays one
// thread-local load. The allocator disarms the target before calling it (so
// what the target allocates itself does not come back to it); a target that
// wants the operator's later allocations too arms itself again.
class AllocationTarget {
 public:
  virtual ~AllocationTarget() = default;
  // Memory for nbytes (> 0), or an empty DataPtr to take it from the heap.
  virtual DataPtr allocate(size_t nbytes) = 0;
};
// Arms `target` for this thread (nullptr disarms); returns the previous one.
AllocationTarget* setCpuAllocationTarget(AllocationTarget* target);
// The CPU allocator's own memory, never from an armed target (counted in
// cpuAllocatedBytes like any CPU allocation).
DataPtr cpuHeapAllocate(size_t nbytes);

// Alignment of every CPU allocation.
inline constexpr size_t kCPUAlignment = 64;

}  // namespace jitserve
