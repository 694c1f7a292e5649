// Serving executors: how jitserved runs a served method, written once so
// that the daemon (server/core/model.cpp), jit-bench and
// `jit-conform --executor` build, warm and measure the same thing.
//
//   ServingExecutorConfig config;               // jitserved's defaults
//   config.functionResolver = [unit](std::string_view n) { return unit->resolve(n); };
//   std::shared_ptr<GraphExecutor> e = makeServingExecutor(graph, config);
//   absl::Status s = warmUpServingExecutor(*e, samples);   // config.json "warmup"
//
// With `optimize` (the default) every plan goes through the specialized
// pass pipeline (compiler/passes specializedPipeline(); calls resolved by
// `functionResolver` are inlinable), the profiling executor guards the
// types a plan's first run saw, and plans reuse their intermediates' memory
// (`planMemory`). Without it plans are compiled straight from the emitted
// graph. With `backgroundCompile` the generic plan (and the Code of every
// function it calls) is built by makeServingExecutor, at load, and a call
// with a new ArgumentSpec runs it while the specialized plan compiles off
// the calling thread (GraphExecutorOptions::compileInBackground).
//
// Which graph a method serves (e.g. a frozen one, compiler/archive/
// module_freezing.h) is the caller's choice; this file only says how it runs.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <span>
#include <string_view>

#include "absl/status/status.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/core/stack.h"
#include "compiler/executor/graph_executor.h"

namespace jitserve {

struct ServingExecutorConfig {
  // The pass pipeline and the profiling executor on every plan.
  bool optimize = true;
  // With optimize: plans reuse their intermediates' memory across runs
  // (jit-bench --no-memory-plan turns it off to measure what it saves).
  bool planMemory = true;
  // Generic plan at load, specialized plans compiled in the background.
  bool backgroundCompile = true;
  // Resolves the functions the method calls (its compilation unit's), for
  // the interpreter and the inliner; empty when it calls none.
  std::function<Function*(std::string_view)> functionResolver;
  // Where the method's inputs and module state live. Off the CPU, every
  // plan (optimized or not) ends with device placement
  // (compiler/passes/device_placement.h): an operator with no kernel there
  // fails the plan's build naming it, or with cpuFallback runs on the host
  // between counted copies.
  Device device = Device::cpu();
  bool cpuFallback = false;
};

// What the pipeline's passes run with: calls resolved by functionResolver
// are inlinable. (The admin API's after:PASS graph stages use it too.)
RunPassesOptions servingPassOptions(const ServingExecutorConfig& config);

// The GraphExecutorOptions `config` stands for. Never fails: the pipeline
// only names registered passes (an internal assert says otherwise).
GraphExecutorOptions servingExecutorOptions(const ServingExecutorConfig& config);

// An executor for `graph` with servingExecutorOptions(config), with the
// load-time work the config asks for done (the generic plan with
// backgroundCompile). A failure of that work (a compiler bug) is not
// reported here: the first call compiles the generic plan again and reports
// it as that call's error.
std::shared_ptr<GraphExecutor> makeServingExecutor(std::shared_ptr<Graph> graph,
                                                   const ServingExecutorConfig& config);

// Builds the executor's generic plan now, whatever the config: a load on a
// device calls it so that an operator the device cannot serve fails the
// load (FailedPrecondition naming each), not the first request.
absl::Status buildGenericPlan(GraphExecutor& executor);

// How long one load-time warm-up sample may run: a sample that loops
// forever must not hang a load.
inline constexpr std::chrono::seconds kWarmupSampleTimeout{60};

// Load-time warm-up requests (GraphExecutor::warmup with samples, each
// bounded by kWarmupSampleTimeout): every sample's specialized plan is
// compiled, profiled and optimized now, so a call with the same
// ArgumentSpec runs the optimized plan from its first call. Returns once
// the convolution weight transforms the runs queued are done too
// (runtime/ops/onednn_conv.h), so the first call finds them. The first
// failing sample is InvalidArgument "warm-up sample I: ..."; `samples` are
// run as given (copy them first if the method may write to its inputs).
absl::Status warmUpServingExecutor(GraphExecutor& executor, std::span<const Stack> samples);

}  // namespace jitserve
