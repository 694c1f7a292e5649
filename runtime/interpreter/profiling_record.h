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
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/graph_function.h"

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

// What the GUARD instructions of one optimized plan share: a failure count
// per guard and each guard's continuation. Continuations are built on a
// guard's first failure, not with the plan: each is most of the graph, so
// building them all would cost time and memory quadratic in its size, for
// guards that mostly never fail.
class GuardContext {
 public:
  // The continuation graph of guard `g`: it takes the guarded value and the
  // live values, in the order of the prim::Guard node's inputs, and returns
  // the plan graph's outputs.
  using ContinuationFactory = std::function<std::shared_ptr<Graph>(size_t g)>;

  // `code` builds the continuations' Code (it must not name this context).
  GuardContext(size_t guards, ContinuationFactory factory, CodeOptions code);

  // Every failure bails out: failures are bail-outs.
  void failed(size_t guard) { entries_[guard].failures.fetch_add(1, std::memory_order_relaxed); }
  size_t numGuards() const { return size_; }
  uint64_t failures(size_t guard) const { return entries_[guard].failures.load(std::memory_order_relaxed); }
  uint64_t totalFailures() const;
  // Guard `guard`'s continuation, built on first use (thread safe). Throws
  // if it cannot be built (our bug), failing the call that bailed out.
  GraphFunction* continuation(size_t guard);

 private:
  struct Entry {
    std::atomic<uint64_t> failures{0};
    std::once_flag once;
    std::unique_ptr<GraphFunction> fn;
  };
  std::unique_ptr<Entry[]> entries_;
  size_t size_;
  ContinuationFactory factory_;
  CodeOptions code_;
};

// The type profiling records for a defined tensor: dtype, device, sizes
// (strides and requires_grad are not claimed).
TypePtr observedTensorType(const Tensor& t);

// True if v is a defined tensor with every property `guard` states (dtype,
// device, rank, and each known size).
bool satisfiesGuard(const IValue& v, const TensorType& guard);

}  // namespace jitserve
