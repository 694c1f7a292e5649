#include "runtime/core/run_counters.h"

namespace jitserve {
namespace {
thread_local RunCounters* t_counters = nullptr;
}  // namespace

RunCounters* currentRunCounters() { return t_counters; }

RunCountersScope::RunCountersScope(RunCounters* counters) : previous_(t_counters) { t_counters = counters; }

RunCountersScope::~RunCountersScope() { t_counters = previous_; }

}  // namespace jitserve
