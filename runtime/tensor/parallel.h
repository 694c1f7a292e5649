// Intra-op parallelism: one process-wide pool of worker threads that kernels
// split loops across with parallel_for.
//
// Contract:
//  - parallel_for(begin, end, grain, fn) calls fn(b, e) on disjoint chunks
//    covering [begin, end), each at least `grain` long (except the last), and
//    returns when all are done. The calling thread runs a chunk too.
//  - Work smaller than `grain`, a pool of one thread, or a call from inside a
//    parallel region (nested) runs inline on the caller: no thread is woken.
//  - Several threads may call parallel_for at once (one per request); chunks
//    of all calls share the workers.
//  - set_num_threads(n) may be called at any time; it takes effect for later
//    calls. Idle workers sleep on a condition variable (no spinning).
//  - An exception from fn is rethrown on the caller (the first one wins);
//    chunks not yet started are skipped.
#pragma once

#include <cstdint>

#include "runtime/support/function_ref.h"

namespace jitserve {

// Threads a parallel_for may use, including the caller. Defaults to the
// number of hardware threads (or JITSERVE_NUM_THREADS if set).
int get_num_threads();
// n >= 1. Shrinking stops extra workers once they are idle.
void set_num_threads(int n);
// True while running inside a parallel_for chunk on any thread.
bool in_parallel_region();
// Index of the current thread in the pool (0 for the caller / outside).
int get_thread_num();

// Inter-op parallelism: the pool that runs forked TorchScript calls
// (torch.jit.fork; runtime/support/thread_pool.h). Defaults to the number of
// hardware threads (or JITSERVE_INTEROP_THREADS); n >= 1, at any time.
int get_num_interop_threads();
void set_num_interop_threads(int n);

// Loops below this many elements are not worth waking a thread for.
inline constexpr int64_t kGrainSize = 32768;

namespace detail {
void parallel_for_impl(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn);
}

template <typename F>
inline void parallel_for(int64_t begin, int64_t end, int64_t grain, const F& fn) {
  if (begin >= end) return;
  if (end - begin <= grain || in_parallel_region()) {
    fn(begin, end);
    return;
  }
  detail::parallel_for_impl(begin, end, grain, FunctionRef<void(int64_t, int64_t)>(fn));
}

}  // namespace jitserve
