#include "runtime/executor/graph_executor.h"

#include <algorithm>
#include <mutex>

#include "compiler/ir/ir.h"

namespace jitserve {

GraphExecutor::GraphExecutor(std::shared_ptr<Graph> graph, GraphExecutorOptions options)
    : graph_(std::move(graph)), options_(std::move(options)) {
  JS_INTERNAL_ASSERT(graph_ != nullptr, "GraphExecutor needs a graph");
}

GraphExecutor::~GraphExecutor() = default;

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
  plan->code = Code::create(*g, options_.code);
  plan->graph = std::move(g);
  plan->compileTime = std::chrono::steady_clock::now() - start;
  return plan;
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

std::shared_ptr<const ExecutionPlan> GraphExecutor::planFor(std::span<const IValue> inputs) {
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
  // Compile outside the lock: other specs keep running meanwhile.
  std::shared_ptr<const ExecutionPlan> plan = compile(spec);
  std::unique_lock lock(mu_);
  auto [it, inserted] = plans_.try_emplace(std::move(spec), plan);
  if (!inserted) {
    hits_.fetch_add(1, std::memory_order_relaxed);
    it->second->hits.fetch_add(1, std::memory_order_relaxed);
    return it->second;
  }
  if (plans_.size() > options_.maxPlans) {
    // Lost a race for the last slot: keep the bound, run this call generic.
    plans_.erase(it);
    lock.unlock();
    fallbacks_.fetch_add(1, std::memory_order_relaxed);
    return genericPlan();
  }
  misses_.fetch_add(1, std::memory_order_relaxed);
  return plan;
}

void GraphExecutor::run(Stack& stack, const InterpreterOptions& options) {
  std::shared_ptr<const ExecutionPlan> plan = planFor(stack);
  runCode(plan->code, stack, options);
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
  std::shared_lock lock(mu_);
  for (const auto& [spec, plan] : plans_) {
    s.plans.push_back({spec.str(), plan->hits.load(std::memory_order_relaxed), plan->compileTime});
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
