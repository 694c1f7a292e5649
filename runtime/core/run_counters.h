// RunCounters: what one request cost beyond time, counted where it happens
// and attributed to the request that caused it.
//
// A caller that wants the counts (the serving core, per request) puts a
// RunCounters in InterpreterOptions::counters; the interpreter installs it
// on whichever thread runs the request's code (forked tasks inherit it with
// the options), and the code that does the counted work adds to
// currentRunCounters() when one is installed. Outside a counted run the
// counts go nowhere: counting costs one thread-local read.
//
// Counted today:
//  - deviceKernelLaunches: kernels and library calls (cuBLAS, cuDNN) a
//    device backend enqueued;
//  - cpuFallbackCopies: tensors copied between a device and the host because
//    an operator without a kernel for the device ran on the CPU instead
//    (the model opted in: compiler/passes/device_placement.h).
#pragma once

#include <atomic>
#include <cstdint>

namespace jitserve {

struct RunCounters {
  std::atomic<uint64_t> deviceKernelLaunches{0};
  std::atomic<uint64_t> cpuFallbackCopies{0};
};

// The counters installed on this thread, or nullptr.
RunCounters* currentRunCounters();

inline void countDeviceKernelLaunches(uint64_t n = 1) {
  if (RunCounters* c = currentRunCounters()) c->deviceKernelLaunches.fetch_add(n, std::memory_order_relaxed);
}
inline void countCpuFallbackCopies(uint64_t n = 1) {
  if (RunCounters* c = currentRunCounters()) c->cpuFallbackCopies.fetch_add(n, std::memory_order_relaxed);
}

// Installs `counters` (may be nullptr: count nothing) on this thread for the
// scope's lifetime.
class RunCountersScope {
 public:
  explicit RunCountersScope(RunCounters* counters);
  ~RunCountersScope();
  RunCountersScope(const RunCountersScope&) = delete;
  RunCountersScope& operator=(const RunCountersScope&) = delete;

 private:
  RunCounters* previous_;
};

}  // namespace jitserve
