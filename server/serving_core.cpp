#include "server/serving_core.h"

#include <iostream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::server {

using Clock = std::chrono::steady_clock;

ServingCore::ServingCore(ServerConfig config, ServerMetrics* metrics)
    : config_(std::move(config)), metrics_(metrics), optimize_(config_.optimize) {
  if (!config_.modelRepository.empty()) repository_ = std::make_unique<ModelRepository>(config_.modelRepository);
  size_t workers = config_.workers > 0 ? static_cast<size_t>(config_.workers) : std::thread::hardware_concurrency();
  pool_ = std::make_unique<ExecutorPool>(workers ? workers : 1, static_cast<size_t>(config_.maxQueue));
  // Process-wide pools: the last ServingCore configured wins (one per process).
  if (config_.intraOpThreads > 0) set_num_threads(config_.intraOpThreads);
  if (config_.interOpThreads > 0) set_num_interop_threads(config_.interOpThreads);
}

ServingCore::~ServingCore() { shutdown(); }

CodecLimits ServingCore::codecLimits() const {
  CodecLimits l;
  l.maxTensorBytes = config_.maxMessageBytes;
  return l;
}

absl::Status ServingCore::loadRepository() {
  if (!repository_) return absl::OkStatus();
  auto specs = repository_->scan();
  if (!specs.ok()) return specs.status();
  for (const ModelSpec& spec : *specs) {
    const auto start = Clock::now();
    auto m = loadModel(spec, modelOptions());
    if (!m.ok()) {
      std::cerr << "jitserved: model " << spec.name << " version " << spec.version << " not loaded: "
                << m.status().message() << std::endl;
      continue;
    }
    addModel(std::move(*m), Clock::now() - start);
    std::cerr << "jitserved: loaded model " << spec.name << " version " << spec.version << std::endl;
  }
  return absl::OkStatus();
}

absl::Status ServingCore::loadFromRepository(std::string_view name) {
  if (!repository_) {
    return absl::FailedPreconditionError("the server has no model repository (start it with --model-repository)");
  }
  auto specs = repository_->find(name);
  if (!specs.ok()) return specs.status();
  // Compile every version before publishing any, so a failed reload leaves
  // what was loaded untouched.
  std::vector<std::shared_ptr<Model>> loaded;
  const auto start = Clock::now();
  for (const ModelSpec& spec : *specs) {
    auto m = loadModel(spec, modelOptions());
    if (!m.ok()) return m.status();
    loaded.push_back(std::move(*m));
  }
  (void)registry_.remove(name);
  const auto took = (Clock::now() - start) / loaded.size();
  for (auto& m : loaded) addModel(std::move(m), took);
  return absl::OkStatus();
}

absl::Status ServingCore::submitJob(std::function<void()> job) {
  if (shuttingDown_.load()) return absl::UnavailableError("the server is shutting down");
  if (!pool_->trySubmit(std::move(job))) {
    return absl::ResourceExhaustedError(absl::StrCat("the server is overloaded: ", config_.maxQueue,
                                                     " requests are already waiting; retry later"));
  }
  return absl::OkStatus();
}

void ServingCore::addModel(std::shared_ptr<Model> model, std::chrono::nanoseconds loadTime) {
  if (metrics_) metrics_->modelLoaded(model->name(), loadTime);
  std::lock_guard<std::mutex> lock(optimizeMu_);
  // A model compiled while setOptimize ran may carry the old setting.
  model->setOptimize(optimize_.load());
  registry_.add(std::move(model));
}

Model::Options ServingCore::modelOptions() const {
  Model::Options o;
  o.optimize = optimize_.load();
  o.backgroundCompile = config_.backgroundCompile;
  o.freeze = config_.freeze;
  return o;
}

void ServingCore::setOptimize(bool on) {
  std::lock_guard<std::mutex> lock(optimizeMu_);
  optimize_.store(on);
  for (const auto& model : registry_.list()) model->setOptimize(on);
}

void ServingCore::countRejected(const char* api, const std::string& model, const std::string& method,
                                absl::StatusCode code) {
  if (metrics_) metrics_->requestDone(api, model, method, code);
}

namespace {

// Bytes of tensor data in `v` (lists, tuples and dicts included), stopping
// early once over `limit`.
size_t tensorBytes(const IValue& v, size_t limit, int depth = 0) {
  if (v.isTensor()) return v.toTensor().nbytes();
  if (depth > 8) return limit + 1;
  size_t total = 0;
  auto add = [&](const IValue& e) {
    total += tensorBytes(e, limit, depth + 1);
    return total <= limit;
  };
  if (v.isList()) {
    for (const IValue& e : v.toListRef().elements)
      if (!add(e)) break;
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements)
      if (!add(e)) break;
  } else if (v.isDict()) {
    return limit + 1;  // not worth walking: such calls use the pool
  }
  return total;
}

}  // namespace

bool ServingCore::runsInline(const InferCall& call) const {
  if (config_.inlineMaxUs <= 0 || !call.method->straightLine) return false;
  const MethodTiming& t = *call.method->timing;
  if (t.runs.load(std::memory_order_relaxed) < kInlineWarmRuns ||
      t.averageNs.load(std::memory_order_relaxed) > config_.inlineMaxUs * 1000) {
    return false;
  }
  size_t bytes = 0;
  for (const IValue& v : call.inputs) {
    bytes += tensorBytes(v, kInlineMaxInputBytes);
    if (bytes > kInlineMaxInputBytes) return false;
  }
  return true;
}

absl::Status ServingCore::submit(InferCall call) {
  const auto enqueued = Clock::now();
  if (!shuttingDown_.load() && runsInline(call)) {
    inflight_.fetch_add(1);
    runCall(call, enqueued);
    inflight_.fetch_sub(1);
    return absl::OkStatus();
  }
  auto shared = std::make_shared<InferCall>(std::move(call));
  inflight_.fetch_add(1);
  absl::Status s = submitJob([this, shared, enqueued] {
    runCall(*shared, enqueued);
    inflight_.fetch_sub(1);
  });
  if (!s.ok()) {
    inflight_.fetch_sub(1);
    countRejected(shared->api, shared->model->name(), shared->method->name, s.code());
  }
  return s;
}

absl::Status ServingCore::admit() {
  lastArrivalNs_.store(Clock::now().time_since_epoch().count());
  if (draining_.load()) return absl::UnavailableError("jitserved is shutting down; retry on another server");
  return absl::OkStatus();
}

void ServingCore::beginDrain() {
  draining_.store(true);
  lastArrivalNs_.store(Clock::now().time_since_epoch().count());
}

void ServingCore::waitDrained(Clock::time_point deadline, std::chrono::milliseconds quiet) {
  for (;;) {
    const auto now = Clock::now();
    if (now >= deadline) return;
    const auto sinceArrival = now - Clock::time_point(Clock::duration(lastArrivalNs_.load()));
    if (inflight_.load() == 0 && sinceArrival >= quiet) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void ServingCore::runCall(InferCall& call, Clock::time_point enqueued) {
  const auto start = Clock::now();
  ModelStats& stats = call.model->stats();
  stats.queue.add(start - enqueued);
  if (metrics_) metrics_->queued(call.model->name(), start - enqueued);
  auto finish = [&](absl::Status s, Stack out) {
    const auto end = Clock::now();
    if (metrics_) metrics_->requestDone(call.api, call.model->name(), call.method->name, s.code());
    (s.ok() ? stats.success : stats.fail).add(end - enqueued);
    stats.lastInferenceMs.store(static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                                          std::chrono::system_clock::now().time_since_epoch())
                                                          .count()),
                                std::memory_order_relaxed);
    call.done(std::move(s), std::move(out));
  };
  if (call.cancelled && call.cancelled->load()) {
    finish(absl::CancelledError("the request was cancelled before it ran"), {});
    return;
  }
  if (call.deadline && start >= *call.deadline) {
    finish(absl::DeadlineExceededError("the request's deadline passed while it waited in the queue"), {});
    return;
  }
  InterpreterOptions opts;
  opts.cancelled = call.cancelled;
  opts.deadline = call.deadline;
  // A short interval keeps deadlines prompt; the check itself is cheap.
  opts.checkInterval = 64;
  Stack stack = std::move(call.inputs);
  absl::Status s = call.model->run(*call.method, stack, opts);
  const auto ran = Clock::now() - start;
  if (s.ok()) call.method->timing->record(ran);
  stats.computeInfer.add(ran);
  if (metrics_) metrics_->executed(call.model->name(), call.method->name, Clock::now() - start);
  const bool ok = s.ok();
  finish(std::move(s), ok ? std::move(stack) : Stack{});
}

void ServingCore::shutdown() {
  shuttingDown_.store(true);
  if (pool_) pool_->shutdown();
}

}  // namespace jitserve::server
