// What the profiling executor records and checks at run time.
//
// A profiling plan's Code carries PROFILE instructions (from prim::profile
// nodes); each records the type of the tensor it sees into one slot of a
// ProfilingRecord, merged over the profiled runs. The optimized plan built
// from the record carries GUARD instructions (from prim::Guard nodes): each
// checks a value against the type profiling observed and, on a mismatch,
// counts the failure in GuardStats and bails out to the guard's continuation
// (the rest of the unoptimized graph), so results stay right.
//
// Both objects are shared by every InterpreterState running the Code, on any
// thread: recording takes a mutex (profiling lasts a few runs), counting is
// a relaxed atomic.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"

namespace jitserve {

class ProfilingRecord {
 public:
  explicit ProfilingRecord(size_t slots) : slots_(slots) {}

  // Merges v's type into `slot` (a defined tensor: dtype, device, sizes;
  // anything else makes the slot unusable for guards).
  void record(size_t slot, const IValue& v);

  // The type every recorded value had in common (a TensorType), or nullptr
  // when the slot saw nothing or saw a non-tensor / undefined tensor.
  TypePtr observed(size_t slot) const;
  uint64_t count(size_t slot) const;
  size_t size() const { return slots_.size(); }

 private:
  struct Slot {
    TypePtr type;
    uint64_t count = 0;
    bool unusable = false;
  };
  mutable std::mutex mu_;
  std::vector<Slot> slots_;
};

class GuardStats {
 public:
  explicit GuardStats(size_t guards)
      : failures_(std::make_unique<std::atomic<uint64_t>[]>(guards)), size_(guards) {}

  // Every failure bails out: failures are bail-outs.
  void failed(size_t guard) { failures_[guard].fetch_add(1, std::memory_order_relaxed); }
  size_t numGuards() const { return size_; }
  uint64_t failures(size_t guard) const { return failures_[guard].load(std::memory_order_relaxed); }
  uint64_t totalFailures() const;

 private:
  std::unique_ptr<std::atomic<uint64_t>[]> failures_;
  size_t size_;
};

// The type profiling records for a defined tensor: dtype, device, sizes
// (strides and requires_grad are not claimed).
TypePtr observedTensorType(const Tensor& t);

// True if v is a defined tensor with every property `guard` states (dtype,
// device, rank, and each known size).
bool satisfiesGuard(const IValue& v, const TensorType& guard);

}  // namespace jitserve
