// MemoryPlanner: reuses the memory of a plan's intermediate tensors from one
// run to the next, in one arena laid out by their sizes and lifetimes.
//
// The Code builder gives each *planned node* (an operator in the graph's top
// block returning one fresh Tensor: it runs at most once per run) a slot,
// numbered in execution order, and emits PLAN before it. At run time each
// frame of such a Code holds an Arena lease. PLAN makes the slot the
// thread's CPU allocation target (allocator.h) while the operator runs, so
// the operator's output is allocated in the arena without the kernel
// knowing. Which of the kernel's allocations is the output (a kernel may
// first allocate a scalar or a scratch buffer) is observed too: after the
// operator, the output's storage is matched against the allocations it made,
// and the next runs serve that one (its ordinal) from the arena.
//
// Nothing is assumed about sizes or lifetimes; they are observed, so the
// plan is exact without alias analysis (a view keeping its base alive, an
// output returned or stored in an object, a temporary the kernel takes first
// are all seen as what they are):
//  - a slot's output memory (served from the arena, or a fresh heap
//    allocation the planner then wraps) carries a deleter that records the
//    *step* (the number of PLAN steps begun) at which it was freed, so slot
//    i was alive over steps [i, death_i);
//  - after a run whose slot allocations are all dead, the planner merges the
//    run's sizes and death steps into its observations and, when a slot grew
//    or lived longer than the layout assumed, lays the arena out again:
//    greedy by size, each slot at the lowest offset not overlapping a placed
//    slot whose lifetime intersects its own;
//  - a slot whose memory outlives the run (it escaped: returned, stored)
//    keeps the whole arena alive until it is freed (the arena is reference
//    counted by its live allocations) and is never planned again;
//  - before serving slot j from the arena, PLAN checks that no slot sharing
//    its bytes is still alive (a run that kept a value longer than any run
//    before, e.g. down another branch); if one is, j comes from the heap
//    this time and the layout is redone.
// So a plan settles after a run or two and then allocates its intermediates
// from memory that is already mapped and warm, with no malloc/free.
//
// Concurrency: a Code and its planner are shared by every thread running the
// plan; each run takes its own arena (a pool of idle arenas, bounded), so
// concurrent runs never share memory. Deleters may run on any thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/tensor/allocator.h"

namespace jitserve {

struct MemoryPlannerStats {
  size_t slots = 0;          // planned nodes in the Code
  size_t laidOut = 0;        // slots the current layout places in the arena
  size_t escaped = 0;        // slots never planned again (their value outlived a run)
  size_t arenaBytes = 0;     // size of one arena under the current layout
  size_t plannedBytes = 0;   // the same slots allocated separately (sum of sizes)
  uint64_t runs = 0;         // runs that took an arena
  uint64_t served = 0;       // slot allocations served from an arena
  uint64_t fromHeap = 0;     // planned outputs allocated on the heap (not laid out yet, grew, conflict)
  uint64_t layouts = 0;      // times the arena was laid out
};

class MemoryPlanner {
 public:
  class Arena;

  // A run's hold on an arena, returned (or orphaned, if memory in it is still
  // in use) when the lease dies.
  class Lease {
   public:
    Lease() = default;
    Lease(Lease&& o) noexcept : planner_(o.planner_), arena_(o.arena_) { o.planner_ = nullptr, o.arena_ = nullptr; }
    Lease& operator=(Lease&& o) noexcept;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    ~Lease() { reset(); }
    void reset();
    explicit operator bool() const { return arena_ != nullptr; }

    // PLAN: slot `slot`'s operator is about to run on this thread: its
    // allocations go through the slot until finish().
    void arm(int32_t slot);
    // The operator returned `output` (or threw: then call with none).
    void finish(int32_t slot, const IValue* output);

   private:
    friend class MemoryPlanner;
    Lease(MemoryPlanner* p, Arena* a) : planner_(p), arena_(a) {}
    MemoryPlanner* planner_ = nullptr;
    Arena* arena_ = nullptr;
  };

  explicit MemoryPlanner(size_t numSlots);
  ~MemoryPlanner();
  MemoryPlanner(const MemoryPlanner&) = delete;
  MemoryPlanner& operator=(const MemoryPlanner&) = delete;

  size_t numSlots() const { return numSlots_; }
  Lease acquire();
  MemoryPlannerStats stats() const;

  // The arena memory is requested in multiples of this (and each slot
  // starts at one), so slots keep the CPU allocator's 64-byte alignment.
  static constexpr size_t kSlotAlignment = kCPUAlignment;

 private:
  struct Layout;
  void release(Arena* a);
  // Lays the arena out from the observations so far (mu_ held).
  void relayoutLocked();
  std::shared_ptr<const Layout> layoutFrom(std::vector<size_t> sizes, const std::vector<int32_t>& deaths,
                                           const std::vector<bool>& escaped) const;

  const size_t numSlots_;
  mutable std::mutex mu_;
  std::shared_ptr<const Layout> layout_;
  // What the runs so far observed, per slot: the largest size, the latest
  // death step, and whether the value ever outlived its run.
  std::vector<size_t> sizes_;
  std::vector<int32_t> deaths_;
  std::vector<bool> escaped_;
  // Per slot: which of its operator's allocations (0 = first) is the output.
  std::unique_ptr<std::atomic<int16_t>[]> ordinals_;
  std::vector<Arena*> idle_;
  std::atomic<uint64_t> runs_{0};
  std::atomic<uint64_t> served_{0};
  std::atomic<uint64_t> fromHeap_{0};
  uint64_t layouts_ = 0;
};

}  // namespace jitserve
