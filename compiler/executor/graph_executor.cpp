#include "compiler/executor/graph_executor.h"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <thread>

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "runtime/ir/ir.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/memory_planner.h"

namespace jitserve {

namespace {

// One thread compiles specialized plans for every executor, first come
// first served: compiles are rare (bounded by maxPlans per executor) and
// must not compete with requests for more than one core. It runs at nice
// 19, so a request thread sharing its core gets ~98% of it: on this 2-vCPU
// machine a compile at normal priority, woken beside a request, was placed
// on the request's core and stretched the LSTM's calls from 0.05-0.15 ms to
// 1.4-2.4 ms while it ran. (SCHED_IDLE measured the same for first calls
// but can starve a compile outright on a saturated server.)
class BackgroundCompiler {
 public:
  static BackgroundCompiler& get() {
    static BackgroundCompiler c;
    return c;
  }
  // Queues `task`. With `wake` false the compiler thread is not woken until
  // kick(): a request thread that queues a compile and then runs its own
  // call wakes it after the call, because a woken thread is usually placed
  // on the waker's core and preempts it (measured: an LSTM's first call took
  // 1.4-2.3 ms instead of 0.15 when the compile started under it).
  void submit(std::function<void()> task, bool wake = true) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      queue_.push_back(std::move(task));
    }
    if (wake) kick();
  }
  void kick() {
    std::lock_guard<std::mutex> lock(mu_);
    if (queue_.empty()) return;
    if (!thread_.joinable()) thread_ = std::thread([this] { loop(); });
    cv_.notify_one();
  }
  ~BackgroundCompiler() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    cv_.notify_one();
    if (thread_.joinable()) thread_.join();
  }

 private:
  void loop() {
    // Per-thread nice on Linux; best effort (an unprivileged lowering always succeeds).
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), 19);
    std::unique_lock<std::mutex> lock(mu_);
    while (true) {
      cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping
      std::function<void()> task = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      task();  // never throws: tasks catch their own errors
      lock.lock();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace

struct GraphExecutor::Background {
  std::mutex mu;
  std::condition_variable cv;
  bool dead = false;  // the executor is being destroyed: queued compiles do nothing
  int running = 0;
  absl::flat_hash_set<ArgumentSpec, ArgumentSpecHash> pending;  // queued or running
  // Specs whose background compile failed: the next call compiles in the
  // foreground and gets the error.
  absl::flat_hash_set<ArgumentSpec, ArgumentSpecHash> failed;
};

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, GraphExecutorOptions options)
    : graph_(std::move(graph)), options_(std::move(options)), background_(std::make_shared<Background>()) {
  JS_INTERNAL_ASSERT(graph_ != nullptr, "GraphExecutor needs a graph");
}

GraphExecutor::~GraphExecutor() {
  // Queued compiles of this executor see `dead` and do nothing; wait for a
  // running one (it uses this executor and its pipeline).
  std::unique_lock<std::mutex> lock(background_->mu);
  background_->dead = true;
  background_->cv.wait(lock, [this] { return background_->running == 0; });
}

namespace {

// Builds the Code of every function `g` calls (methods of submodules,
// functions of the unit), transitively: GraphFunction builds its Code on
// first call, which would otherwise fall on the first request.
void warmCallees(const Block& b, const CodeOptions& code, std::set<const GraphFunction*>& seen) {
  for (const Node* n : b.nodes()) {
    for (const Block* sub : n->blocks()) warmCallees(*sub, code, seen);
    const GraphFunction* fn = nullptr;
    if (n->kind() == prim::CallMethod && n->inputs()[0]->type()->kind() == TypeKind::ClassType) {
      fn = dynamic_cast<const GraphFunction*>(n->inputs()[0]->type()->expect<ClassType>().findMethod(n->s(attr::name)));
    } else if (n->kind() == prim::CallFunction && code.functionResolver &&
               n->inputs()[0]->node()->hasAttribute(attr::name)) {
      fn = dynamic_cast<const GraphFunction*>(code.functionResolver(n->inputs()[0]->node()->s(attr::name)));
    } else if (n->kind() == prim::fork) {
      warmCallees(*n->g(attr::Subgraph)->block(), code, seen);
    }
    if (fn && seen.insert(fn).second) {
      (void)fn->code();
      warmCallees(*fn->graph().block(), code, seen);
    }
  }
}

}  // namespace

void GraphExecutor::warmup() {
  std::shared_ptr<const ExecutionPlan> plan = genericPlan();
  std::set<const GraphFunction*> seen;
  warmCallees(*plan->graph->block(), options_.code, seen);
}

absl::Status GraphExecutor::warmup(std::span<const Stack> samples, const InterpreterOptions& options) {
  try {
    warmup();
  } catch (const std::exception& e) {
    absl::Status s = statusFromException(e);
    return absl::Status(s.code(), absl::StrCat("warm-up: building the generic plan: ", s.message()));
  }
  for (size_t i = 0; i < samples.size(); ++i) {
    try {
      // A profiling plan is replaced after `runs` runs; one more run of the
      // optimized plan lays out its memory plan and one more serves from
      // it. The bound only guards against a plan that never leaves
      // profiling (optimization failed: counted in stats()).
      const size_t maxRuns = options_.profiling.enabled ? options_.profiling.runs + 3 : 2;
      for (size_t run = 0, optimizedRuns = 0; run < maxRuns && optimizedRuns < 2; ++run) {
        std::shared_ptr<const ExecutionPlan> plan = planFor(samples[i], /*wakeCompiler=*/false, /*foreground=*/true);
        Stack stack = samples[i];
        runCode(plan->code, stack, options);
        if (plan->profile) {
          noteProfiledRun(plan, /*foreground=*/true);
        } else {
          ++optimizedRuns;
        }
      }
    } catch (const std::exception& e) {
      absl::Status s = statusFromException(e);
      return absl::InvalidArgumentError(absl::StrCat("warm-up sample ", i, ": ", s.message()));
    }
  }
  return absl::OkStatus();
}

void GraphExecutor::waitForBackgroundCompiles() {
  std::unique_lock<std::mutex> lock(background_->mu);
  background_->cv.wait(lock, [this] { return background_->pending.empty(); });
}

bool GraphExecutor::scheduleBackground(const ArgumentSpec& spec, std::function<bool()> work, bool wake) {
  {
    std::lock_guard<std::mutex> lock(background_->mu);
    if (background_->dead || !background_->pending.insert(spec).second) return false;
  }
  std::shared_ptr<Background> bg = background_;
  BackgroundCompiler::get().submit([bg, spec, work = std::move(work)] {
    {
      std::lock_guard<std::mutex> lock(bg->mu);
      if (bg->dead) {
        bg->pending.erase(spec);
        bg->cv.notify_all();
        return;
      }
      ++bg->running;
    }
    bool ok;
    try {
      ok = work();
    } catch (const std::exception&) {
      ok = false;
    }
    std::lock_guard<std::mutex> lock(bg->mu);
    if (!ok) bg->failed.insert(spec);
    bg->pending.erase(spec);
    --bg->running;
    bg->cv.notify_all();
  }, wake);
  return true;
}

bool GraphExecutor::scheduleCompile(const ArgumentSpec& spec, bool wake) {
  return scheduleBackground(spec, [this, spec] {
    std::shared_ptr<const ExecutionPlan> plan = compile(spec);
    bool inserted = false;
    insertPlan(spec, plan, &inserted);
    if (inserted) backgroundCompiles_.fetch_add(1, std::memory_order_relaxed);
    return true;
  }, wake);
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::insertPlan(ArgumentSpec spec,
                                                               std::shared_ptr<const ExecutionPlan> plan,
                                                               bool* inserted) {
  std::unique_lock lock(mu_);
  auto [it, fresh] = plans_.try_emplace(std::move(spec), plan);
  if (!fresh) {
    *inserted = false;
    return it->second;
  }
  if (plans_.size() > options_.maxPlans) {
    // Lost a race for the last slot: keep the bound.
    plans_.erase(it);
    *inserted = false;
    return nullptr;
  }
  *inserted = true;
  return plan;
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::compile(const ArgumentSpec& spec) const {
  const auto start = std::chrono::steady_clock::now();
  auto plan = std::make_shared<ExecutionPlan>();
  plan->spec = spec;
  std::shared_ptr<Graph> g(graph_->copy());
  size_t word = 0;
  if (spec.numWords() > 0) {
    for (Value* in : g->inputs()) in->setType(refinedInputType(spec, word, in->type()));
  }
  if (options_.pipeline) options_.pipeline(*g);
  if (options_.profiling.enabled && options_.profiling.runs > 0) {
    std::shared_ptr<Graph> profiled(g->copy());
    plan->profile = std::make_shared<ProfilingRecord>(insertProfiling(*profiled));
    CodeOptions code = options_.code;
    code.profile = plan->profile;
    plan->code = Code::create(*profiled, code);
    plan->base = std::move(g);
    plan->graph = std::move(profiled);
  } else {
    plan->code = Code::create(*g, options_.code);
    plan->graph = std::move(g);
  }
  plan->compileTime = std::chrono::steady_clock::now() - start;
  return plan;
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::optimize(const ExecutionPlan& profiled) const {
  const auto start = std::chrono::steady_clock::now();
  auto plan = std::make_shared<ExecutionPlan>();
  plan->spec = profiled.spec;
  std::shared_ptr<Graph> g(profiled.base->copy());
  plan->guardInsertion = insertGuards(*g, *profiled.profile, options_.profiling.guards);
  // Continuations are cut from the profiled plan's base graph, kept alive
  // by the factory, on a guard's first failure.
  plan->guards = std::make_shared<GuardContext>(
      plan->guardInsertion.guards,
      [base = profiled.base, slots = plan->guardInsertion.slots](size_t guard) {
        return cutContinuation(*base, slots[guard]);
      },
      options_.code);
  if (options_.pipeline) options_.pipeline(*g);
  for (const Node* n : g->nodes()) plan->guardsKept += n->kind() == prim::Guard;
  CodeOptions code = options_.code;
  code.guards = plan->guards;
  plan->code = Code::create(*g, code);
  plan->graph = std::move(g);
  plan->hits.store(profiled.hits.load(std::memory_order_relaxed), std::memory_order_relaxed);
  plan->profiledRuns.store(profiled.profiledRuns.load(std::memory_order_relaxed), std::memory_order_relaxed);
  plan->compileTime = profiled.compileTime + (std::chrono::steady_clock::now() - start);
  return plan;
}

void GraphExecutor::replacePlan(const std::shared_ptr<const ExecutionPlan>& from,
                                std::shared_ptr<const ExecutionPlan> to) {
  std::unique_lock lock(mu_);
  auto it = plans_.find(from->spec);
  if (it == plans_.end() || it->second != from) return;
  it->second = std::move(to);
  optimizedPlans_.fetch_add(1, std::memory_order_relaxed);
}

void GraphExecutor::noteProfiledRun(const std::shared_ptr<const ExecutionPlan>& plan, bool foreground) {
  // Exactly one run sees the count reach `runs`; later runs of the same
  // (not yet replaced) plan keep recording, which is harmless.
  if (plan->profiledRuns.fetch_add(1, std::memory_order_relaxed) + 1 != options_.profiling.runs) return;
  if (options_.compileInBackground && !foreground) {
    std::shared_ptr<const ExecutionPlan> keep = plan;
    scheduleBackground(plan->spec, [this, keep] {
      try {
        replacePlan(keep, optimize(*keep));
      } catch (const std::exception&) {
        failedOptimizations_.fetch_add(1, std::memory_order_relaxed);
      }
      return true;
    });
    return;
  }
  // This call's result is already computed: a failure to optimize (our
  // bug) must not fail it. The plan stays a (correct) profiling plan.
  try {
    replacePlan(plan, optimize(*plan));
  } catch (const std::exception&) {
    failedOptimizations_.fetch_add(1, std::memory_order_relaxed);
  }
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::genericPlan() {
  std::call_once(genericOnce_, [this] {
    auto plan = std::make_shared<ExecutionPlan>();
    const auto start = std::chrono::steady_clock::now();
    std::shared_ptr<Graph> g(graph_->copy());
    if (options_.pipeline) options_.pipeline(*g);
    plan->code = Code::create(*g, options_.code);
    plan->graph = std::move(g);
    plan->compileTime = std::chrono::steady_clock::now() - start;
    generic_ = std::move(plan);
  });
  return generic_;
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::builtGenericPlan() const { return generic_; }

std::shared_ptr<const ExecutionPlan> GraphExecutor::planFor(std::span<const IValue> inputs) {
  return planFor(inputs, /*wakeCompiler=*/true);
}

std::shared_ptr<const ExecutionPlan> GraphExecutor::planFor(std::span<const IValue> inputs, bool wakeCompiler,
                                                             bool foreground) {
  const size_t expected = graph_->inputs().size();
  JS_CHECK(inputs.size() == expected, "expected ", expected, " inputs but got ", inputs.size());
  ArgumentSpec spec = ArgumentSpec::compute(inputs);
  {
    std::shared_lock lock(mu_);
    auto it = plans_.find(spec);
    if (it != plans_.end()) {
      hits_.fetch_add(1, std::memory_order_relaxed);
      it->second->hits.fetch_add(1, std::memory_order_relaxed);
      return it->second;
    }
    if (plans_.size() >= options_.maxPlans) {
      lock.unlock();
      fallbacks_.fetch_add(1, std::memory_order_relaxed);
      return genericPlan();
    }
  }
  if (options_.compileInBackground && !foreground) {
    bool failedBefore;
    {
      std::lock_guard<std::mutex> lock(background_->mu);
      failedBefore = background_->failed.erase(spec) > 0;
    }
    if (!failedBefore) {
      // This call runs generic; the plan is (or is being) compiled off-thread.
      scheduleCompile(spec, wakeCompiler);
      genericRuns_.fetch_add(1, std::memory_order_relaxed);
      return genericPlan();
    }
  }
  // Compile outside the lock: other specs keep running meanwhile.
  std::shared_ptr<const ExecutionPlan> plan = compile(spec);
  bool inserted = false;
  std::shared_ptr<const ExecutionPlan> cached = insertPlan(std::move(spec), plan, &inserted);
  if (inserted) {
    misses_.fetch_add(1, std::memory_order_relaxed);
    return plan;
  }
  if (cached) {
    hits_.fetch_add(1, std::memory_order_relaxed);
    cached->hits.fetch_add(1, std::memory_order_relaxed);
    return cached;
  }
  // The cache filled up meanwhile: run this call generic.
  fallbacks_.fetch_add(1, std::memory_order_relaxed);
  return genericPlan();
}

void GraphExecutor::run(Stack& stack, const InterpreterOptions& options) {
  // A compile this call queues starts when the call is done (see
  // BackgroundCompiler::submit), whether it succeeded or threw.
  const bool defer = options_.compileInBackground;
  struct Kick {
    bool on;
    ~Kick() {
      if (on) BackgroundCompiler::get().kick();
    }
  } kick{defer};
  std::shared_ptr<const ExecutionPlan> plan = planFor(stack, /*wakeCompiler=*/!defer);
  runCode(plan->code, stack, options);
  if (plan->profile) noteProfiledRun(plan);
}

absl::Status GraphExecutor::runStatus(Stack& stack, const InterpreterOptions& options) {
  try {
    run(stack, options);
    return absl::OkStatus();
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

GraphExecutorStats GraphExecutor::stats() const {
  GraphExecutorStats s;
  s.hits = hits_.load(std::memory_order_relaxed);
  s.misses = misses_.load(std::memory_order_relaxed);
  s.fallbacks = fallbacks_.load(std::memory_order_relaxed);
  s.generic = genericRuns_.load(std::memory_order_relaxed);
  s.backgroundCompiles = backgroundCompiles_.load(std::memory_order_relaxed);
  std::shared_lock lock(mu_);
  s.optimizedPlans = optimizedPlans_.load(std::memory_order_relaxed);
  s.failedOptimizations = failedOptimizations_.load(std::memory_order_relaxed);
  for (const auto& [spec, plan] : plans_) {
    GraphExecutorStats::Plan p{spec.str(), plan->hits.load(std::memory_order_relaxed), plan->compileTime};
    p.profiling = plan->profile != nullptr;
    p.profiledRuns = plan->profiledRuns.load(std::memory_order_relaxed);
    if (plan->guards) {
      const GuardInsertion& ins = plan->guardInsertion;
      p.guards = plan->guardsKept;
      p.guardsEliminated = ins.skipped + (ins.guards - plan->guardsKept);
      p.guardFailures = plan->guards->totalFailures();
    }
    if (const MemoryPlanner* mp = plan->code->memoryPlanner()) {
      p.memory = mp->stats();
      s.arenaBytes += p.memory.arenaBytes;
    }
    s.guards += p.guards;
    s.guardFailures += p.guardFailures;
    s.plans.push_back(std::move(p));
  }
  return s;
}

std::vector<std::shared_ptr<const ExecutionPlan>> GraphExecutor::plans() const {
  std::vector<std::pair<std::string, std::shared_ptr<const ExecutionPlan>>> keyed;
  {
    std::shared_lock lock(mu_);
    keyed.reserve(plans_.size());
    for (const auto& [spec, plan] : plans_) keyed.emplace_back(spec.str(), plan);
  }
  std::sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::shared_ptr<const ExecutionPlan>> out;
  out.reserve(keyed.size());
  for (auto& [key, plan] : keyed) out.push_back(std::move(plan));
  return out;
}

}  // namespace jitserve
