// GraphExecutor: runs a Graph, specializing it per ArgumentSpec.
//
// run(stack) computes the ArgumentSpec of the inputs and looks it up in the
// plan cache. A hit runs the cached ExecutionPlan; a miss builds one: a copy
// of the graph whose inputs carry the observed tensor types (dtype, rank,
// device, requires_grad), passed through the optimization pipeline (a hook,
// empty by default), compiled to Code.
//
// Policy (explicit, bounded, observable): at most `maxPlans` specialized
// plans are kept. Once the cache is full, calls with a new spec run the
// generic plan (the unspecialized graph, built once) and count as
// "fallback"; nothing is evicted, so a hot plan is never recompiled by
// surprise. stats() reports hits, misses, fallbacks and, per plan, its spec,
// hit count and compile time.
//
// Thread safety: run() may be called from many threads at once. Lookups take
// a shared lock; a miss compiles outside any lock, then inserts under an
// exclusive one (if two threads race on the same new spec, the first insert
// wins and the other's plan is discarded). Each run uses its own
// InterpreterState. The graph given to the constructor must not change
// afterwards.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "runtime/core/stack.h"
#include "runtime/executor/argument_spec.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/interpreter.h"

namespace jitserve {

class Graph;

// The optimization pipeline applied to each specialized graph before it is
// compiled. Later issues plug the pass pipeline in here.
using GraphPipeline = std::function<void(Graph&)>;

struct GraphExecutorOptions {
  size_t maxPlans = 32;
  GraphPipeline pipeline;  // empty: no passes
  CodeOptions code;
};

struct ExecutionPlan {
  ArgumentSpec spec;
  std::shared_ptr<Graph> graph;  // the specialized (and optimized) graph
  CodePtr code;
  std::chrono::nanoseconds compileTime{0};
  mutable std::atomic<uint64_t> hits{0};
};

struct GraphExecutorStats {
  struct Plan {
    std::string spec;
    uint64_t hits;
    std::chrono::nanoseconds compileTime;
  };
  uint64_t hits = 0;       // runs served by a cached specialized plan
  uint64_t misses = 0;     // runs that compiled a new plan
  uint64_t fallbacks = 0;  // runs on the generic plan because the cache was full
  std::vector<Plan> plans;
};

class GraphExecutor {
 public:
  explicit GraphExecutor(std::shared_ptr<Graph> graph, GraphExecutorOptions options = {});
  ~GraphExecutor();
  GraphExecutor(const GraphExecutor&) = delete;
  GraphExecutor& operator=(const GraphExecutor&) = delete;

  // Runs on `stack` (inputs in, outputs out). Throws ScriptError / Error.
  void run(Stack& stack, const InterpreterOptions& options = {});
  // As run(), with failures as a Status.
  absl::Status runStatus(Stack& stack, const InterpreterOptions& options = {});

  // The plan run() would use for these inputs, compiling it if needed.
  std::shared_ptr<const ExecutionPlan> planFor(std::span<const IValue> inputs);

  GraphExecutorStats stats() const;
  // The cached specialized plans (not the generic one), ordered by their
  // spec's text so dumps are stable. Each plan's graph is the optimized
  // graph its Code was built from; plans are immutable once cached.
  std::vector<std::shared_ptr<const ExecutionPlan>> plans() const;
  const Graph& graph() const { return *graph_; }

 private:
  std::shared_ptr<const ExecutionPlan> compile(const ArgumentSpec& spec) const;
  std::shared_ptr<const ExecutionPlan> genericPlan();

  std::shared_ptr<Graph> graph_;
  GraphExecutorOptions options_;
  mutable std::shared_mutex mu_;
  absl::flat_hash_map<ArgumentSpec, std::shared_ptr<const ExecutionPlan>, ArgumentSpecHash> plans_;
  std::once_flag genericOnce_;
  std::shared_ptr<const ExecutionPlan> generic_;
  std::atomic<uint64_t> hits_{0};
  std::atomic<uint64_t> misses_{0};
  std::atomic<uint64_t> fallbacks_{0};
};

}  // namespace jitserve
