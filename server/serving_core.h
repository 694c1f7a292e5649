// ServingCore: what the API front ends share, free of gRPC types: the
// configuration, the loaded models, the model repository and the worker
// pool that runs inference.
//
// An inference call is submitted with its model, method, bound arguments,
// deadline and cancellation flag; a worker runs it and calls `done` with the
// outcome, on the worker thread. A call whose deadline passed or that was
// cancelled while it waited in the queue is answered without running. The
// deadline and flag are handed to the interpreter, which checks them at loop
// back-edges and calls, so a `while True:` program stops at its deadline.
//
// Tiny calls skip the worker pool: when the method is straight-line code
// (no loops, calls or forks), has run at least kInlineWarmRuns times
// averaging at most --inline-max-us, and the call's tensors hold at most
// kInlineMaxInputBytes, submit() runs it on the calling (gRPC) thread and
// `done` is called before submit returns. The hand-off to a worker and back
// costs more than such a call (two thread wake-ups; tens of microseconds on
// a busy machine), and a call like that cannot hold a gRPC thread for long.
//
// Lifecycle: construct, loadRepository(), serve, then shutdown() which
// finishes every queued call and joins the workers.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "server/executor_pool.h"
#include "server/metrics.h"
#include "server/model.h"
#include "server/model_registry.h"
#include "server/model_repository.h"
#include "server/server_config.h"
#include "proto/codec/value_codec.h"

namespace jitserve::server {

struct InferCall {
  const char* api = "";  // "native" or "kserve", for metrics
  std::shared_ptr<Model> model;
  const Model::Method* method = nullptr;  // owned by `model`
  Stack inputs;
  std::optional<std::chrono::steady_clock::time_point> deadline;
  // Set by another thread when the client goes away; must outlive `done`.
  const std::atomic<bool>* cancelled = nullptr;
  // Called exactly once, on a worker, unless submit() refused the call.
  std::function<void(absl::Status, Stack outputs)> done;
};

class ServingCore {
 public:
  // `metrics` (may be null) must outlive the core.
  explicit ServingCore(ServerConfig config, ServerMetrics* metrics = nullptr);
  ~ServingCore();

  const ServerConfig& config() const { return config_; }
  ModelRegistry& registry() { return registry_; }
  const ModelRepository* repository() const { return repository_.get(); }
  ExecutorPool& pool() { return *pool_; }
  CodecLimits codecLimits() const;

  // Loads every model of the repository (if one is configured). A model that
  // fails to load is logged and skipped (the others still serve); only an
  // unreadable repository is an error.
  absl::Status loadRepository();
  // (Re)loads every version of `name` from the repository.
  absl::Status loadFromRepository(std::string_view name);

  // Publishes a model (replacing the same name+version); `loadTime` is how
  // long reading and compiling it took. The model is brought to the current
  // optimization setting.
  void addModel(std::shared_ptr<Model> model, std::chrono::nanoseconds loadTime);

  // Optimizations (the pass pipeline on every plan compiled): on from
  // --optimize at start; setOptimize switches every loaded model and the
  // ones loaded later (Model::setOptimize: fresh executors, new plans).
  bool optimize() const { return optimize_.load(); }
  void setOptimize(bool on);
  // The options models are compiled with now.
  Model::Options modelOptions() const;

  // ResourceExhausted when the queue is full, Unavailable when shutting down
  // (the call is then counted as answered with that code).
  absl::Status submit(InferCall call);
  static constexpr uint64_t kInlineWarmRuns = 16;
  static constexpr size_t kInlineMaxInputBytes = 64 * 1024;
  // Counts a request answered without running (bad inputs, unknown model).
  // `model` is "" when the requested model does not exist, which keeps
  // arbitrary names out of the metric labels.
  void countRejected(const char* api, const std::string& model, const std::string& method, absl::StatusCode code);
  // Runs `job` on a worker (for compiles off the gRPC threads); same refusals.
  absl::Status submitJob(std::function<void()> job);

  // Draining (SIGTERM): admit() is called as a request arrives; it notes the
  // arrival and, once beginDrain() was called, answers Unavailable so the
  // client retries elsewhere. waitDrained() returns once no inference call
  // is queued or running and none arrived for `quiet`, or at `deadline`.
  absl::Status admit();
  void beginDrain();
  void waitDrained(std::chrono::steady_clock::time_point deadline, std::chrono::milliseconds quiet);

  void shutdown();

 private:
  void runCall(InferCall& call, std::chrono::steady_clock::time_point enqueued);
  bool runsInline(const InferCall& call) const;

  ServerConfig config_;
  ServerMetrics* metrics_;
  ModelRegistry registry_;
  std::unique_ptr<ModelRepository> repository_;
  std::unique_ptr<ExecutorPool> pool_;
  std::mutex optimizeMu_;  // orders setOptimize against addModel
  std::atomic<bool> optimize_;
  std::atomic<bool> shuttingDown_{false};
  std::atomic<bool> draining_{false};
  std::atomic<int64_t> inflight_{0};        // inference calls queued or running
  std::atomic<int64_t> lastArrivalNs_{0};   // steady clock, of the last admit()
};

}  // namespace jitserve::server
