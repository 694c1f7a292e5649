#include "server/core/serving_core.h"

#include <iostream>
#include <thread>

#include "absl/strings/str_cat.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/parallel.h"
#if JITSERVE_HAVE_CUDA
#include "runtime/cuda/cuda_backend.h"
#endif

namespace jitserve::server {

using Clock = std::chrono::steady_clock;

absl::StatusOr<std::unique_ptr<ServingCore>> ServingCore::Create(ServingOptions options) {
  if (!Device::parse(options.device)) {
    return absl::InvalidArgumentError(
        absl::StrCat("--device must be cpu, cuda or cuda:N, got '", options.device, "'"));
  }
  auto core = std::make_unique<ServingCore>(std::move(options));
  if (absl::Status s = core->loadRepository(); !s.ok()) return s;
  return core;
}

ServingCore::ServingCore(ServingOptions options)
    : options_(std::move(options)),
      defaultDevice_(Device::parse(options_.device).value_or(Device::cpu())),
      optimize_(options_.optimize) {
  ensureOperatorsRegistered();
  if (defaultDevice_.type != DeviceType::CPU) ensureDeviceSupport(defaultDevice_);
  if (!options_.modelRepository.empty()) repository_ = std::make_unique<ModelRepository>(options_.modelRepository);
  size_t workers = options_.workers > 0 ? static_cast<size_t>(options_.workers) : std::thread::hardware_concurrency();
  pool_ = std::make_unique<ExecutorPool>(workers ? workers : 1, static_cast<size_t>(options_.maxQueue));
  // Process-wide pools: the last ServingCore configured wins (one per process).
  if (options_.intraOpThreads > 0) set_num_threads(options_.intraOpThreads);
  if (options_.interOpThreads > 0) set_num_interop_threads(options_.interOpThreads);
}

ServingCore::~ServingCore() { shutdown(); }

// A device's backend and kernels are registered only when some model is
// configured for it, before any model loads: a CPU-only server keeps the
// plans of a CPU-only registry (direct kernel calls, no per-call device
// check), and the registry is never extended while requests run.
void ServingCore::ensureDeviceSupport(Device device) {
#if JITSERVE_HAVE_CUDA
  // Registration only: the driver is touched by the first model placed there.
  if (device.type == DeviceType::CUDA) cuda::ensureCudaSupport();
#endif
  (void)device;
}

absl::Status ServingCore::loadRepository() {
  if (!repository_) return absl::OkStatus();
  auto specs = repository_->scan();
  if (!specs.ok()) return specs.status();
  for (const ModelSpec& spec : *specs)
    if (spec.device && spec.device->type != DeviceType::CPU) ensureDeviceSupport(*spec.device);
  for (const ModelSpec& spec : *specs) {
    const auto start = Clock::now();
    auto m = server::loadModel(spec, modelOptions());
    if (!m.ok()) {
      stats_.modelLoadFailed(spec.name);
      std::cerr << "jitserved: model " << spec.name << " version " << spec.version << " not loaded: "
                << m.status().message() << std::endl;
      continue;
    }
    addModel(std::move(*m), Clock::now() - start);
    std::cerr << "jitserved: loaded model " << spec.name << " version " << spec.version << std::endl;
  }
  return absl::OkStatus();
}

absl::Status ServingCore::checkModelControl() const {
  if (options_.allowRemoteLoad) return absl::OkStatus();
  return absl::FailedPreconditionError(
      "loading and unloading models over the API is disabled; start jitserved with --allow-remote-load");
}

absl::StatusOr<std::shared_ptr<Model>> ServingCore::loadModel(ModelSource source) {
  if (absl::Status s = checkModelControl(); !s.ok()) return s;
  const auto start = Clock::now();
  const std::string name = source.name;
  absl::StatusOr<std::shared_ptr<Model>> m =
      source.format == Model::Format::kSource
          ? Model::fromSource(std::move(source.name), std::move(source.version), source.program, source.entry,
                              modelOptions())
          : Model::fromArchive(std::move(source.name), std::move(source.version), std::move(source.program),
                               source.entry, modelOptions());
  if (!m.ok()) {
    stats_.modelLoadFailed(name);
    return m.status();
  }
  addModel(*m, Clock::now() - start);
  return m;
}

ArchiveReport ServingCore::checkArchive(std::string bytes, std::string_view entry, std::optional<Device> device,
                                       bool cpuFallback) const {
  ArchiveCheckOptions options;
  options.model = modelOptions();
  if (device) options.model.device = *device;
  options.model.cpuFallback = cpuFallback;
  options.entry = std::string(entry);
  return server::checkArchive(std::move(bytes), options);
}

absl::Status ServingCore::loadFromRepository(std::string_view name) {
  if (absl::Status s = checkModelControl(); !s.ok()) return s;
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
    auto m = server::loadModel(spec, modelOptions());
    if (!m.ok()) {
      stats_.modelLoadFailed(spec.name);
      return m.status();
    }
    loaded.push_back(std::move(*m));
  }
  (void)registry_.remove(name);
  const auto took = (Clock::now() - start) / loaded.size();
  for (auto& m : loaded) addModel(std::move(m), took);
  return absl::OkStatus();
}

absl::Status ServingCore::unloadModel(std::string_view name, std::string_view version) {
  if (absl::Status s = checkModelControl(); !s.ok()) return s;
  return registry_.remove(name, version);
}

absl::Status ServingCore::submitJob(std::function<void()> job) {
  if (shuttingDown_.load()) return absl::UnavailableError("the server is shutting down");
  if (!pool_->trySubmit(std::move(job))) {
    return absl::ResourceExhaustedError(absl::StrCat("the server is overloaded: ", options_.maxQueue,
                                                     " requests are already waiting; retry later"));
  }
  return absl::OkStatus();
}

void ServingCore::addModel(std::shared_ptr<Model> model, std::chrono::nanoseconds loadTime) {
  stats_.modelLoaded(model->name(), loadTime);
  model->useStats(stats_);
  std::lock_guard<std::mutex> lock(optimizeMu_);
  // A model compiled while setOptimize ran may carry the old setting.
  model->setOptimize(optimize_.load());
  registry_.add(std::move(model));
}

Model::Options ServingCore::modelOptions() const {
  Model::Options o;
  o.optimize = optimize_.load();
  o.backgroundCompile = options_.backgroundCompile;
  o.freeze = options_.freeze;
  o.device = defaultDevice_;
  return o;
}

void ServingCore::setOptimize(bool on) {
  std::lock_guard<std::mutex> lock(optimizeMu_);
  optimize_.store(on);
  for (const auto& model : registry_.list()) model->setOptimize(on);
}

void ServingCore::countAnswer(const char* api, const Model::Method& method, absl::StatusCode code) {
  method.stats->answered(api, code);
}

absl::StatusOr<InferenceRequest> ServingCore::startInference(const char* api, std::string_view model,
                                                             std::string_view version, std::string_view method) {
  if (absl::Status s = admit(); !s.ok()) {
    stats_.refused(api, "", "", s.code());
    return s;
  }
  absl::StatusOr<std::shared_ptr<Model>> m = registry_.get(model, version);
  if (!m.ok()) {
    // Not the requested name: request names never become labels.
    stats_.refused(api, "", "", m.status().code());
    return m.status();
  }
  const Model::Method* found = (*m)->findMethod(method);
  if (!found) {
    stats_.refused(api, (*m)->name(), (*m)->version(), absl::StatusCode::kNotFound);
    std::string names;
    for (const auto& mm : (*m)->methods()) absl::StrAppend(&names, names.empty() ? "" : ", ", mm.name);
    return absl::NotFoundError(
        absl::StrCat("model '", std::string(model), "' has no method '", std::string(method), "' (methods: ", names, ")"));
  }
  return InferenceRequest(this, api, std::move(*m), found);
}

absl::StatusOr<Stack> InferenceRequest::bind(const RequestInputs& inputs) {
  absl::StatusOr<Stack> stack = bindInputs(method_->schema(), model_->name(), inputs);
  if (!stack.ok()) core_->countAnswer(api_, *method_, stack.status().code());
  return stack;
}

absl::Status InferenceRequest::reject(absl::Status why) {
  core_->countAnswer(api_, *method_, why.code());
  return why;
}

absl::Status InferenceRequest::submit(Stack arguments, Deadline deadline, const std::atomic<bool>* cancelled,
                                      std::function<void(absl::Status, Stack outputs)> done) {
  InferCall call;
  call.api = api_;
  call.model = model_;
  call.method = method_;
  call.inputs = std::move(arguments);
  call.deadline = deadline;
  call.cancelled = cancelled;
  call.done = std::move(done);
  return core_->submit(std::move(call));
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
  if (options_.inlineMaxUs <= 0 || !call.method->straightLine) return false;
  const MethodStats& stats = *call.method->stats;
  if (stats.successes() < kInlineWarmRuns || stats.averageRunNs() > options_.inlineMaxUs * 1000) return false;
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
    countAnswer(shared->api, *shared->method, s.code());
  }
  return s;
}

absl::Status ServingCore::admit() {
  // A refused call does not count as an arrival: clients retrying during
  // the drain must not keep the daemon up for its whole grace period.
  if (draining_.load()) return absl::UnavailableError("jitserved is shutting down; retry on another server");
  lastArrivalNs_.store(Clock::now().time_since_epoch().count());
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
  MethodStats& stats = *call.method->stats;
  stats.queued(start - enqueued);
  auto finish = [&](absl::Status s, Stack out) {
    stats.answered(call.api, s.code());
    stats.finished(Clock::now() - enqueued, s.ok());
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
  RunCounters counters;
  opts.counters = &counters;
  Stack stack = std::move(call.inputs);
  absl::Status s = call.model->run(*call.method, stack, opts);
  stats.ran(Clock::now() - start, s.ok());
  stats.deviceWork(counters.deviceKernelLaunches.load(std::memory_order_relaxed),
                   counters.cpuFallbackCopies.load(std::memory_order_relaxed));
  const bool ok = s.ok();
  finish(std::move(s), ok ? std::move(stack) : Stack{});
}

void ServingCore::shutdown() {
  shuttingDown_.store(true);
  if (pool_) pool_->shutdown();
}

absl::StatusOr<std::vector<MethodExecutorStats>> ServingCore::executorStats(std::string_view model,
                                                                           std::string_view version) const {
  std::vector<std::shared_ptr<Model>> models;
  if (model.empty()) {
    models = registry_.list();
  } else {
    absl::StatusOr<std::shared_ptr<Model>> m = registry_.get(model, version);
    if (!m.ok()) return m.status();
    models.push_back(std::move(*m));
  }
  std::vector<MethodExecutorStats> out;
  for (const auto& m : models) {
    for (const auto& method : m->methods()) out.push_back(MethodExecutorStats{m, &method, m->executor(method)->stats()});
  }
  return out;
}

}  // namespace jitserve::server
