#include "runtime/interpreter/memory_planner.h"

#include <algorithm>
#include <numeric>

#include "runtime/support/error.h"
#include "runtime/tensor/storage.h"
#include "runtime/tensor/tensor.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
// A freed slot is poisoned until it is served again, so ASan still sees a
// use after free inside the arena.
#define JS_POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define JS_UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define JS_POISON(p, n) ((void)(p), (void)(n))
#define JS_UNPOISON(p, n) ((void)(p), (void)(n))
#endif

namespace jitserve {

namespace {
// Idle arenas kept per planner: enough for the concurrent runs of a busy
// server; more are freed when their run ends.
constexpr size_t kMaxIdleArenas = 16;

size_t roundUp(size_t n) {
  return (n + MemoryPlanner::kSlotAlignment - 1) & ~(MemoryPlanner::kSlotAlignment - 1);
}
}  // namespace

struct MemoryPlanner::Layout {
  size_t bytes = 0;
  std::vector<size_t> offset;    // per slot
  std::vector<size_t> capacity;  // 0: not in the arena
  std::vector<int32_t> death;    // the death step the layout assumed
  std::vector<bool> escaped;     // never planned: served by the plain heap
  // The laid-out slots whose bytes overlap each slot's (lifetimes disjoint
  // when laid out; checked again at run time).
  std::vector<std::vector<int32_t>> sharing;
  size_t laidOut = 0;
  size_t plannedBytes = 0;
};

class MemoryPlanner::Arena {
 public:
  // How many of one operator's allocations are remembered to find which
  // became its output.
  static constexpr int kSeen = 8;

  struct Slot final : AllocationTarget {
    Arena* arena = nullptr;
    int32_t index = 0;
    // This run's state; reset when the arena is taken for a run (all dead then).
    size_t requested = 0;  // the tracked output's size (0: none)
    bool tracked = false;  // the output (or what was served) carries onFree
    bool inArena = false;  // ... and lives in the arena
    std::atomic<bool> live{false};
    std::atomic<int32_t> death{-1};
    DataPtr heap;  // a wrapped heap output's own DataPtr
    // The operator's allocations while it runs.
    int count = 0;
    void* seen[kSeen] = {};

    DataPtr allocate(size_t nbytes) override { return arena->serve(*this, nbytes); }
  };

  Arena(size_t numSlots, std::shared_ptr<const Layout> l, std::atomic<int16_t>* ordinals)
      : layout(std::move(l)), slots(new Slot[numSlots]), ordinals_(ordinals), numSlots_(numSlots) {
    for (size_t i = 0; i < numSlots; ++i) {
      slots[i].arena = this;
      slots[i].index = static_cast<int32_t>(i);
    }
    if (layout->bytes) {
      memory = cpuHeapAllocate(layout->bytes);
      JS_POISON(memory.get(), layout->bytes);
    }
  }
  ~Arena() {
    if (memory) JS_UNPOISON(memory.get(), layout->bytes);
  }

  void startRun() {
    for (size_t i = 0; i < numSlots_; ++i) {
      Slot& s = slots[i];
      s.requested = 0;
      s.tracked = s.inArena = false;
      s.live.store(false, std::memory_order_relaxed);
      s.death.store(-1, std::memory_order_relaxed);
    }
    step.store(0, std::memory_order_relaxed);
    served = fromHeap = 0;
  }

  void arm(int32_t i) {
    Slot& s = slots[i];
    s.count = 0;
    step.store(i + 1, std::memory_order_relaxed);
    setCpuAllocationTarget(&s);
  }

  DataPtr serve(Slot& s, size_t nbytes) {
    // Stay the target for the operator's later allocations.
    setCpuAllocationTarget(&s);
    const int k = s.count++;
    const size_t i = static_cast<size_t>(s.index);
    if (!s.tracked && !layout->escaped[i] && layout->capacity[i] >= nbytes &&
        ordinals_[i].load(std::memory_order_relaxed) == k && sharersDead(i)) {
      char* p = static_cast<char*>(memory.get()) + layout->offset[i];
      JS_UNPOISON(p, nbytes);
      track(s, nbytes, /*inArena=*/true);
      ++served;
      if (k < kSeen) s.seen[k] = p;
      return DataPtr(p, &s, &onFree, Device::cpu());
    }
    DataPtr d = cpuHeapAllocate(nbytes);
    if (k < kSeen) s.seen[k] = d.get();
    return d;
  }

  void finish(int32_t i, const IValue* output) {
    Slot& s = slots[i];
    if (!output || !output->isTensor() || layout->escaped[i]) return;
    const Tensor& t = output->toTensor();
    if (!t.defined()) return;
    StorageImpl* st = t.storage().unsafeGetStorageImpl();
    if (!st || !st->data()) return;
    for (int k = 0; k < std::min(s.count, kSeen); ++k) {
      if (s.seen[k] != st->data()) continue;
      // The output is the operator's k-th allocation: the one to serve.
      ordinals_[i].store(static_cast<int16_t>(k), std::memory_order_relaxed);
      if (!s.tracked) {
        // A fresh heap output: wrap it to see when it dies and how big it is.
        s.heap = st->exchangeDataPtr(DataPtr());
        track(s, st->nbytes(), /*inArena=*/false);
        st->exchangeDataPtr(DataPtr(s.heap.get(), &s, &onFree, s.heap.device()));
        ++fromHeap;
      }
      return;
    }
  }

  bool sharersDead(size_t i) const {
    for (int32_t j : layout->sharing[i]) {
      const Slot& o = slots[j];
      if (o.inArena && o.live.load(std::memory_order_acquire)) return false;
    }
    return true;
  }

  void track(Slot& s, size_t nbytes, bool inArena) {
    s.requested = nbytes;
    s.tracked = true;
    s.inArena = inArena;
    s.live.store(true, std::memory_order_relaxed);
    refs.fetch_add(1, std::memory_order_relaxed);
  }

  // The deleter of tracked memory; may run on any thread, and after the run
  // ended (then the arena was orphaned and this may free it).
  static void onFree(void* ctx) {
    auto* s = static_cast<Slot*>(ctx);
    Arena* a = s->arena;
    if (s->inArena) {
      JS_POISON(static_cast<char*>(a->memory.get()) + a->layout->offset[s->index], a->layout->capacity[s->index]);
    } else {
      s->heap.clear();
    }
    s->death.store(a->step.load(std::memory_order_relaxed), std::memory_order_relaxed);
    s->live.store(false, std::memory_order_release);
    if (a->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete a;
  }

  // 1 for the lease holder, plus one per live tracked allocation.
  std::atomic<int64_t> refs{1};
  std::shared_ptr<const Layout> layout;
  DataPtr memory;
  std::atomic<int32_t> step{0};  // PLAN steps begun this run
  std::unique_ptr<Slot[]> slots;
  uint64_t served = 0, fromHeap = 0;

 private:
  std::atomic<int16_t>* ordinals_;  // the planner's; used only while leased
  size_t numSlots_ = 0;
};

MemoryPlanner::MemoryPlanner(size_t numSlots)
    : numSlots_(numSlots),
      sizes_(numSlots, 0),
      deaths_(numSlots, -1),
      escaped_(numSlots, false),
      ordinals_(new std::atomic<int16_t>[numSlots]) {
  for (size_t i = 0; i < numSlots; ++i) ordinals_[i].store(0, std::memory_order_relaxed);
  layout_ = layoutFrom(sizes_, deaths_, escaped_);
}

MemoryPlanner::~MemoryPlanner() {
  for (Arena* a : idle_) delete a;
}

MemoryPlanner::Lease& MemoryPlanner::Lease::operator=(Lease&& o) noexcept {
  if (this != &o) {
    reset();
    planner_ = std::exchange(o.planner_, nullptr);
    arena_ = std::exchange(o.arena_, nullptr);
  }
  return *this;
}

void MemoryPlanner::Lease::reset() {
  if (!arena_) return;
  planner_->release(std::exchange(arena_, nullptr));
  planner_ = nullptr;
}

void MemoryPlanner::Lease::arm(int32_t slot) { arena_->arm(slot); }

void MemoryPlanner::Lease::finish(int32_t slot, const IValue* output) {
  setCpuAllocationTarget(nullptr);
  arena_->finish(slot, output);
}

MemoryPlanner::Lease MemoryPlanner::acquire() {
  runs_.fetch_add(1, std::memory_order_relaxed);
  Arena* a = nullptr;
  {
    std::lock_guard<std::mutex> g(mu_);
    if (!idle_.empty()) {
      a = idle_.back();
      idle_.pop_back();
    } else {
      a = new Arena(numSlots_, layout_, ordinals_.get());
    }
  }
  a->startRun();
  return Lease(this, a);
}

void MemoryPlanner::release(Arena* a) {
  served_.fetch_add(a->served, std::memory_order_relaxed);
  fromHeap_.fetch_add(a->fromHeap, std::memory_order_relaxed);
  if (a->refs.load(std::memory_order_acquire) != 1) {
    // Memory of this run is still in use: those values escaped (returned,
    // stored). They keep the arena alive; never plan their slots again.
    {
      std::lock_guard<std::mutex> g(mu_);
      bool changed = false;
      for (size_t i = 0; i < numSlots_; ++i) {
        if (a->slots[i].live.load(std::memory_order_acquire) && !escaped_[i]) {
          escaped_[i] = true;
          changed = true;
        }
      }
      if (changed) relayoutLocked();
    }
    if (a->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) delete a;
    return;
  }
  std::lock_guard<std::mutex> g(mu_);
  bool relayout = false;
  const Layout& l = *layout_;
  for (size_t i = 0; i < numSlots_; ++i) {
    const Arena::Slot& s = a->slots[i];
    if (!s.tracked || escaped_[i]) continue;
    const int32_t d = s.death.load(std::memory_order_relaxed);
    if (s.requested > sizes_[i]) sizes_[i] = s.requested;
    if (d > deaths_[i]) deaths_[i] = d;
    if (s.requested > l.capacity[i] || d > l.death[i]) relayout = true;
  }
  if (relayout) relayoutLocked();
  if (a->layout == layout_ && idle_.size() < kMaxIdleArenas) {
    idle_.push_back(a);
  } else {
    delete a;
  }
}

void MemoryPlanner::relayoutLocked() {
  layout_ = layoutFrom(sizes_, deaths_, escaped_);
  ++layouts_;
  // Idle arenas have the old layout's size and offsets.
  for (Arena* idle : idle_) delete idle;
  idle_.clear();
}

std::shared_ptr<const MemoryPlanner::Layout> MemoryPlanner::layoutFrom(std::vector<size_t> sizes,
                                                                       const std::vector<int32_t>& deaths,
                                                                       const std::vector<bool>& escaped) const {
  auto l = std::make_shared<Layout>();
  l->offset.assign(numSlots_, 0);
  l->capacity.assign(numSlots_, 0);
  l->death = deaths;
  l->escaped = escaped;
  l->sharing.assign(numSlots_, {});
  std::vector<int32_t> order;
  for (size_t i = 0; i < numSlots_; ++i) {
    // A slot is laid out once a complete run saw it allocate and die.
    if (sizes[i] == 0 || escaped[i] || deaths[i] <= static_cast<int32_t>(i)) continue;
    sizes[i] = roundUp(sizes[i]);
    order.push_back(static_cast<int32_t>(i));
  }
  // Largest first: the big activations pack first and the small ones fill gaps.
  std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) { return sizes[a] > sizes[b]; });
  // Slot i is alive over steps [i, deaths[i]).
  auto overlapInTime = [&](int32_t a, int32_t b) { return a < deaths[b] && b < deaths[a]; };
  std::vector<int32_t> placed;
  std::vector<int32_t> clashing;
  for (int32_t s : order) {
    clashing.clear();
    for (int32_t p : placed) {
      if (overlapInTime(s, p)) clashing.push_back(p);
    }
    std::sort(clashing.begin(), clashing.end(), [&](int32_t a, int32_t b) { return l->offset[a] < l->offset[b]; });
    size_t off = 0;
    for (int32_t p : clashing) {
      if (off + sizes[s] <= l->offset[p]) break;
      off = std::max(off, l->offset[p] + sizes[p]);
    }
    l->offset[s] = off;
    l->capacity[s] = sizes[s];
    l->bytes = std::max(l->bytes, off + sizes[s]);
    l->plannedBytes += sizes[s];
    placed.push_back(s);
  }
  l->laidOut = placed.size();
  for (int32_t a : placed) {
    for (int32_t b : placed) {
      if (a != b && l->offset[a] < l->offset[b] + sizes[b] && l->offset[b] < l->offset[a] + sizes[a]) {
        JS_INTERNAL_ASSERT(!overlapInTime(a, b), "memory plan: slots ", a, " and ", b, " overlap");
        l->sharing[a].push_back(b);
      }
    }
  }
  return l;
}

MemoryPlannerStats MemoryPlanner::stats() const {
  MemoryPlannerStats st;
  st.slots = numSlots_;
  st.runs = runs_.load(std::memory_order_relaxed);
  st.served = served_.load(std::memory_order_relaxed);
  st.fromHeap = fromHeap_.load(std::memory_order_relaxed);
  std::lock_guard<std::mutex> g(mu_);
  st.laidOut = layout_->laidOut;
  st.arenaBytes = layout_->bytes;
  st.plannedBytes = layout_->plannedBytes;
  st.escaped = static_cast<size_t>(std::count(escaped_.begin(), escaped_.end(), true));
  st.layouts = layouts_;
  return st;
}

}  // namespace jitserve
