// ServingCore: jitserved without its wire protocols. It owns the loaded
// models (ModelRegistry) and the repository they come from, the worker pool
// that runs inference, the request statistics (ServingStats) and the
// draining state; the front ends (server/grpc/: the native, KServe and
// admin gRPC services; server/metrics.h: Prometheus) only translate their
// wire types to the calls below and back. Nothing here knows gRPC,
// protobuf or Prometheus, and the library (jitserve_serving) links none of
// them.
//
// An inference request goes through startInference(), which resolves its
// model and method (or refuses it: NOT_FOUND, or UNAVAILABLE while
// draining), then InferenceRequest::bind() (the front end's inputs to the
// method's arguments, argument_binder.h) and submit(). Each request is
// counted once in stats(), whichever way it ends.
//
// A submitted call runs on a worker, which calls `done` with the outcome on
// the worker thread. A call whose deadline passed or that was cancelled
// while it waited in the queue is answered without running. The deadline
// and the cancellation flag are handed to the interpreter, which checks
// them at loop back-edges and calls, so a `while True:` program stops at
// its deadline (DEADLINE_EXCEEDED) or when its client goes away (CANCELLED).
//
// Tiny calls skip the worker pool: when the method is straight-line code
// (no loops, calls or forks), has run successfully at least kInlineWarmRuns
// times averaging at most inlineMaxUs, and the call's tensors hold at most
// kInlineMaxInputBytes, submit() runs it on the calling (front end) thread
// and `done` is called before submit returns. The hand-off to a worker and
// back costs more than such a call (two thread wake-ups; tens of
// microseconds on a busy machine), and a call like that cannot hold the
// calling thread for long.
//
// Lifecycle: Create() (or construct, then loadRepository()), serve; on
// SIGTERM beginDrain() and waitDrained(); then shutdown(), which finishes
// every queued call and joins the workers. Every method may be called from
// any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "compiler/executor/graph_executor.h"
#include "server/core/archive_check.h"
#include "server/core/argument_binder.h"
#include "server/core/executor_pool.h"
#include "server/core/model.h"
#include "server/core/model_registry.h"
#include "server/core/model_repository.h"
#include "server/core/serving_options.h"
#include "server/core/serving_stats.h"

namespace jitserve::server {

using Deadline = std::optional<std::chrono::steady_clock::time_point>;

// One call handed to the workers (ServingCore::submit).
struct InferCall {
  const char* api = "";  // the front end's name ("native", "kserve"), a literal
  std::shared_ptr<Model> model;
  const Model::Method* method = nullptr;  // owned by `model`
  Stack inputs;
  Deadline deadline;
  // Set by another thread when the client goes away; must outlive `done`.
  const std::atomic<bool>* cancelled = nullptr;
  // Called exactly once, on a worker (or inline), unless submit() refused
  // the call.
  std::function<void(absl::Status, Stack outputs)> done;
};

// A model a front end sends to be loaded (ServingCore::loadModel).
struct ModelSource {
  std::string name;
  std::string version;
  Model::Format format = Model::Format::kSource;
  std::string program;  // the TorchScript source, or the archive's bytes
  std::string entry;    // the default method; "" for the usual choice
};

// The plan-cache statistics of one served method (GraphExecutorStats).
struct MethodExecutorStats {
  std::shared_ptr<Model> model;
  const Model::Method* method;  // owned by `model`
  GraphExecutorStats stats;
};

class ServingCore;

// One inference request between its arrival and its submission to the
// workers. It ends in exactly one of: a failed bind(), reject(), or
// submit(); each counts it (stats()). Not thread-safe; move-only.
class InferenceRequest {
 public:
  InferenceRequest(InferenceRequest&&) = default;
  InferenceRequest& operator=(InferenceRequest&&) = default;
  InferenceRequest(const InferenceRequest&) = delete;
  InferenceRequest& operator=(const InferenceRequest&) = delete;

  const std::shared_ptr<Model>& model() const { return model_; }
  const Model::Method& method() const { return *method_; }

  // The request's inputs bound to the method's arguments (argument_binder.h);
  // a failure is counted as the request's answer.
  absl::StatusOr<Stack> bind(const RequestInputs& inputs);
  // Answers the request with `why` (a front end's own check failed): counts
  // it and returns it.
  absl::Status reject(absl::Status why);
  // ServingCore::submit of the bound arguments. A refusal
  // (RESOURCE_EXHAUSTED, UNAVAILABLE) is counted and returned, and `done`
  // is not called.
  absl::Status submit(Stack arguments, Deadline deadline, const std::atomic<bool>* cancelled,
                      std::function<void(absl::Status, Stack outputs)> done);

 private:
  friend class ServingCore;
  InferenceRequest(ServingCore* core, const char* api, std::shared_ptr<Model> model, const Model::Method* method)
      : core_(core), api_(api), model_(std::move(model)), method_(method) {}

  ServingCore* core_;
  const char* api_;
  std::shared_ptr<Model> model_;
  const Model::Method* method_;
};

class ServingCore {
 public:
  // A core with the repository's models loaded (loadRepository()).
  static absl::StatusOr<std::unique_ptr<ServingCore>> Create(ServingOptions options);
  // A core with no model yet. Registers the operators (once per process)
  // and sizes the process-wide intra- and inter-op thread pools when the
  // options say so (the last core made wins).
  explicit ServingCore(ServingOptions options);
  ~ServingCore();
  ServingCore(const ServingCore&) = delete;
  ServingCore& operator=(const ServingCore&) = delete;

  const ServingOptions& options() const { return options_; }
  ModelRegistry& registry() { return registry_; }
  const ModelRegistry& registry() const { return registry_; }
  const ModelRepository* repository() const { return repository_.get(); }
  const ExecutorPool& pool() const { return *pool_; }
  const ServingStats& stats() const { return stats_; }

  // --- Models ---------------------------------------------------------------

  // Loads every model of the repository (if one is configured). A model that
  // fails to load is logged and skipped (the others still serve); only an
  // unreadable repository is an error.
  absl::Status loadRepository();
  // Publishes a model (replacing the same name+version); `loadTime` is how
  // long reading and compiling it took. The model is brought to the current
  // optimization setting and its methods count in stats().
  void addModel(std::shared_ptr<Model> model, std::chrono::nanoseconds loadTime);

  // Model control from the front ends: each is FAILED_PRECONDITION unless
  // options().allowRemoteLoad (checkModelControl() says so up front, e.g.
  // before reading an upload).
  absl::Status checkModelControl() const;
  // Compiles `source` with the current model options and publishes it.
  // Compile errors are INVALID_ARGUMENT with the compiler's message.
  absl::StatusOr<std::shared_ptr<Model>> loadModel(ModelSource source);
  // (Re)loads every version of `name` from the repository; every version
  // compiles before any is published, so a failed reload changes nothing.
  absl::Status loadFromRepository(std::string_view name);
  // "Will this archive run here?" (archive_check.h): loads it with the
  // current model options (device, when given, replaces the default one)
  // without running or keeping it. Allowed whether or not model control is.
  ArchiveReport checkArchive(std::string bytes, std::string_view entry, std::optional<Device> device,
                             bool cpuFallback) const;
  // Unloads one version, or all when `version` is "". NOT_FOUND if none.
  absl::Status unloadModel(std::string_view name, std::string_view version = "");

  // Optimizations (the pass pipeline on every plan compiled): on from the
  // options at start; setOptimize switches every loaded model and the
  // ones loaded later (Model::setOptimize: fresh executors, new plans).
  bool optimize() const { return optimize_.load(); }
  void setOptimize(bool on);
  // The options models are compiled with now.
  Model::Options modelOptions() const;

  // --- Inference ------------------------------------------------------------

  // Resolves the model ("" version: the newest) and method ("": the
  // default). NOT_FOUND names what is missing; UNAVAILABLE while draining.
  // `api` is the front end's name (a literal), a label of its counts.
  absl::StatusOr<InferenceRequest> startInference(const char* api, std::string_view model, std::string_view version,
                                                  std::string_view method);

  // Runs a bound call on a worker (or inline, see above). RESOURCE_EXHAUSTED
  // when the queue is full, UNAVAILABLE when shutting down; the call is then
  // counted as answered with that code and `done` is not called.
  absl::Status submit(InferCall call);
  static constexpr uint64_t kInlineWarmRuns = 16;
  static constexpr size_t kInlineMaxInputBytes = 64 * 1024;
  // Runs `job` on a worker (compiles, loads: work kept off the front end's
  // threads); the same refusals.
  absl::Status submitJob(std::function<void()> job);

  // --- Draining -------------------------------------------------------------

  // admit() is called as a request arrives (startInference does); it notes
  // the arrival and, once beginDrain() was called, answers UNAVAILABLE so the
  // client retries elsewhere (refused calls are not arrivals). waitDrained()
  // returns once no inference call is queued or running and none was
  // admitted for `quiet`, or at `deadline`.
  absl::Status admit();
  void beginDrain();
  bool draining() const { return draining_.load(); }
  void waitDrained(std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds quiet);

  void shutdown();

  // --- Statistics -----------------------------------------------------------

  // The plan caches of every method of `model` ("" version: the newest), or
  // of every loaded model when `model` is "". NOT_FOUND for an unknown model.
  absl::StatusOr<std::vector<MethodExecutorStats>> executorStats(std::string_view model = "",
                                                                 std::string_view version = "") const;

 private:
  friend class InferenceRequest;
  void runCall(InferCall& call, std::chrono::steady_clock::time_point enqueued);
  bool runsInline(const InferCall& call) const;
  // Counts a request answered without running.
  void countAnswer(const char* api, const Model::Method& method, absl::StatusCode code);

  // Registers the backend and kernels of `device`'s type (CUDA), once.
  static void ensureDeviceSupport(Device device);

  ServingOptions options_;
  Device defaultDevice_;  // options_.device, parsed (Create refuses a bad one)
  ServingStats stats_;
  ModelRegistry registry_;
  std::unique_ptr<ModelRepository> repository_;
  std::unique_ptr<ExecutorPool> pool_;
  std::mutex optimizeMu_;  // orders setOptimize against addModel
  std::atomic<bool> optimize_;
  std::atomic<bool> shuttingDown_{false};
  std::atomic<bool> draining_{false};
  std::atomic<int64_t> inflight_{0};       // inference calls queued or running
  std::atomic<int64_t> lastArrivalNs_{0};  // steady clock, of the last admit()
};

}  // namespace jitserve::server
