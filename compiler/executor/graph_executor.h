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
// Warm-up policy (explicit, for serving): with `compileInBackground`, a call
// with a new spec does not wait for its plan: it runs the generic plan (built
// by warmup(), e.g. when the model loads, or on first need) while a
// process-wide compiler thread builds the specialized plan, which later
// calls use. So no request pays for compilation after warmup(); stats()
// counts the calls served so (`generic`) and the background compiles. The
// executor's destructor drops its queued compiles and waits for a running
// one, so the pipeline may reference objects the executor's owner destroys
// after it.
//
// Profiling (options.profiling.enabled, the profiling executor): a new
// plan first runs as a profiling plan, its graph instrumented with
// prim::profile on every top-level tensor value (profiling_graph.h). After
// `profiling.runs` runs it is replaced by the optimized plan: the same graph
// with each value's observed type (dtype, device, rank; sizes optionally)
// pinned by a prim::Guard where its static type says less, the pipeline run
// again (types propagate from the guards; eliminate_guards drops the guards
// propagation proves), and Code whose GUARD instructions count failures.
// A failing guard bails out to the rest of the unoptimized graph, so the
// call's result stays right; stats() counts guards and failures per plan.
// With compileInBackground the optimized plan is built off the calling
// thread too.
//
// Memory planning (options.code.planMemory): each plan's Code reuses its
// intermediate tensors' memory across runs (memory_planner.h); stats() shows
// each plan's arena.
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
#include "compiler/executor/argument_spec.h"
#include "compiler/executor/profiling_graph.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/memory_planner.h"

namespace jitserve {

class Graph;

// The optimization pipeline applied to each specialized graph before it is
// compiled. Later issues plug the pass pipeline in here.
using GraphPipeline = std::function<void(Graph&)>;

struct ProfilingOptions {
  bool enabled = false;
  // Profiled runs of a plan before it is optimized with guards (0: never).
  size_t runs = 1;
  GuardOptions guards;
};

struct GraphExecutorOptions {
  size_t maxPlans = 32;
  ProfilingOptions profiling;
  GraphPipeline pipeline;  // empty: no passes
  CodeOptions code;
  // Compile specialized plans off the calling thread (see above).
  bool compileInBackground = false;
};

struct ExecutionPlan {
  ArgumentSpec spec;
  std::shared_ptr<Graph> graph;  // the specialized (and optimized) graph
  CodePtr code;
  std::chrono::nanoseconds compileTime{0};
  mutable std::atomic<uint64_t> hits{0};
  // A profiling plan: what its runs record, and the graph (without profile
  // nodes) the optimized plan is built from.
  std::shared_ptr<ProfilingRecord> profile;
  std::shared_ptr<const Graph> base;
  mutable std::atomic<uint64_t> profiledRuns{0};
  // An optimized plan: its guards (numbered as inserted) and their failures.
  std::shared_ptr<GuardContext> guards;
  GuardInsertion guardInsertion;
  size_t guardsKept = 0;  // guards left after the pipeline (eliminate_guards)
};

struct GraphExecutorStats {
  struct Plan {
    std::string spec;
    uint64_t hits;
    std::chrono::nanoseconds compileTime;
    // Profiling executor (zero when profiling is off).
    bool profiling = false;          // still a profiling plan
    uint64_t profiledRuns = 0;
    size_t guards = 0;               // guards in the optimized plan
    size_t guardsEliminated = 0;     // profiled values that needed no guard
    uint64_t guardFailures = 0;      // each failure is a bail-out
    // The plan's memory planner (options.code.planMemory; zero otherwise).
    MemoryPlannerStats memory;
  };
  uint64_t hits = 0;       // runs served by a cached specialized plan
  uint64_t misses = 0;     // runs that compiled a new plan
  uint64_t fallbacks = 0;  // runs on the generic plan because the cache was full
  uint64_t generic = 0;    // runs on the generic plan while their plan compiled in the background
  uint64_t backgroundCompiles = 0;  // specialized plans compiled off the calling thread
  uint64_t optimizedPlans = 0;      // profiling plans replaced by guarded ones
  uint64_t failedOptimizations = 0; // profiling plans kept because optimizing threw (our bug)
  uint64_t guards = 0;              // over the cached plans
  uint64_t guardFailures = 0;       // = bail-outs, over the cached plans
  uint64_t arenaBytes = 0;          // one arena of each cached plan's memory planner
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

  // The plan run() would use for these inputs, compiling it if needed (in
  // the background with compileInBackground: then the generic plan, until
  // the specialized one is ready).
  std::shared_ptr<const ExecutionPlan> planFor(std::span<const IValue> inputs);

  // Builds the generic plan now (at load time), and the Code of every
  // function it calls, so that no call compiles.
  void warmup();
  // The load-time warm-up with example inputs: warmup(), then for each
  // sample, on the calling thread whatever compileInBackground says, its
  // specialized plan is compiled, profiled for `profiling.runs` runs,
  // optimized, and run until its memory plan has settled. A later call
  // whose ArgumentSpec matches a sample's runs the optimized plan from its
  // first call. The runs count in stats() like calls. The first sample that
  // fails (wrong arity, a kernel error) is InvalidArgument naming it; the
  // samples before it stay compiled. `options` applies to every run (e.g. a
  // deadline, so a sample that loops forever cannot hang a load).
  absl::Status warmup(std::span<const Stack> samples, const InterpreterOptions& options = {});
  // Blocks until no background compile of this executor is queued or
  // running (tests, benchmarks).
  void waitForBackgroundCompiles();

  GraphExecutorStats stats() const;
  // The cached specialized plans (not the generic one), ordered by their
  // spec's text so dumps are stable. Each plan's graph is the optimized
  // graph its Code was built from; plans are immutable once cached.
  std::vector<std::shared_ptr<const ExecutionPlan>> plans() const;
  const Graph& graph() const { return *graph_; }
  // The generic plan, for a caller that saw warmup() return (it is written
  // once, inside warmup's call_once); nullptr if not built.
  std::shared_ptr<const ExecutionPlan> builtGenericPlan() const;

 private:
  struct Background;  // this executor's queued / running compiles
  std::shared_ptr<const ExecutionPlan> compile(const ArgumentSpec& spec) const;
  // The guarded plan built from a profiling plan's record.
  std::shared_ptr<const ExecutionPlan> optimize(const ExecutionPlan& profiled) const;
  // Called after each run of a profiling plan: optimizes it after enough runs.
  void noteProfiledRun(const std::shared_ptr<const ExecutionPlan>& plan, bool foreground = false);
  // Swaps `from` for `to` in the cache if `from` is still there.
  void replacePlan(const std::shared_ptr<const ExecutionPlan>& from, std::shared_ptr<const ExecutionPlan> to);
  // Runs `work` on the background compiler, at most one task per spec at a
  // time; `work` returns false on failure. False if one is queued or running.
  // With `wake` false the compiler thread starts it at its next kick (run()
  // kicks when its call is done).
  bool scheduleBackground(const ArgumentSpec& spec, std::function<bool()> work, bool wake = true);
  std::shared_ptr<const ExecutionPlan> genericPlan();
  // Queues compile(spec) on the background compiler; false if it is already
  // queued or running.
  bool scheduleCompile(const ArgumentSpec& spec, bool wake = true);
  // `foreground`: compile a missing plan here whatever the options say.
  std::shared_ptr<const ExecutionPlan> planFor(std::span<const IValue> inputs, bool wakeCompiler,
                                               bool foreground = false);
  // Inserts a compiled plan if the cache has room; returns the cached one.
  std::shared_ptr<const ExecutionPlan> insertPlan(ArgumentSpec spec, std::shared_ptr<const ExecutionPlan> plan,
                                                  bool* inserted);

  std::shared_ptr<Graph> graph_;
  GraphExecutorOptions options_;
  mutable std::shared_mutex mu_;
  absl::flat_hash_map<ArgumentSpec, std::shared_ptr<const ExecutionPlan>, ArgumentSpecHash> plans_;
  std::once_flag genericOnce_;
  std::shared_ptr<const ExecutionPlan> generic_;
  std::atomic<uint64_t> hits_{0};
  std::atomic<uint64_t> misses_{0};
  std::atomic<uint64_t> fallbacks_{0};
  std::atomic<uint64_t> genericRuns_{0};
  std::atomic<uint64_t> backgroundCompiles_{0};
  std::atomic<uint64_t> optimizedPlans_{0};
  std::atomic<uint64_t> failedOptimizations_{0};
  std::shared_ptr<Background> background_;
};

}  // namespace jitserve
