// Metrics: every metric jitserved exports, defined in this one file, with
// units in their names. Prometheus text is served on --metrics-port at
// /metrics (loopback by default).
//
// ServerMetrics holds what is recorded as requests happen; it is built from
// an injected prometheus::Registry (no global registry), so tests and
// embedders can own theirs. RuntimeCollector computes the rest at scrape
// time from the runtime's own counters (GraphExecutor plan caches, the
// worker queue, the CPU allocator), so nothing is counted twice and the hot
// path pays nothing for them.
//
//   jitserve_requests_total{api,model,method,code}        counter
//   jitserve_request_queue_seconds{model}                 histogram
//   jitserve_request_execute_seconds{model,method}        histogram
//   jitserve_model_load_seconds{model}                    histogram
//   jitserve_plan_cache_hits_total{model,version,method}  counter  (scrape time)
//   jitserve_plan_cache_misses_total{...}                 counter  (scrape time)
//   jitserve_plan_cache_fallbacks_total{...}              counter  (scrape time)
//   jitserve_plan_compile_seconds_total{...}              counter  (scrape time)
//   jitserve_plan_cache_entries{...}                      gauge    (scrape time)
//   jitserve_worker_queue_depth, jitserve_workers         gauges   (scrape time)
//   jitserve_intra_op_threads, jitserve_inter_op_threads  gauges   (scrape time)
//   jitserve_models_loaded                                gauge    (scrape time)
//   jitserve_cpu_bytes_in_use, jitserve_cpu_bytes_peak    gauges   (scrape time)
//
// Thread safety: every method may be called from any thread.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "prometheus/collectable.h"
#include "prometheus/counter.h"
#include "prometheus/family.h"
#include "prometheus/histogram.h"
#include "prometheus/registry.h"

namespace jitserve::server {

class ModelRegistry;
class ExecutorPool;

class ServerMetrics {
 public:
  explicit ServerMetrics(prometheus::Registry& registry);

  void requestDone(std::string_view api, const std::string& model, const std::string& method, absl::StatusCode code);
  void queued(const std::string& model, std::chrono::nanoseconds wait);
  void executed(const std::string& model, const std::string& method, std::chrono::nanoseconds took);
  void modelLoaded(const std::string& model, std::chrono::nanoseconds took);

 private:
  prometheus::Family<prometheus::Counter>& requests_;
  prometheus::Family<prometheus::Histogram>& queue_;
  prometheus::Family<prometheus::Histogram>& execute_;
  prometheus::Family<prometheus::Histogram>& load_;
};

// Collected at scrape time from the loaded models and the worker pool.
class RuntimeCollector final : public prometheus::Collectable {
 public:
  RuntimeCollector(const ModelRegistry& models, const ExecutorPool& pool) : models_(models), pool_(pool) {}
  std::vector<prometheus::MetricFamily> Collect() const override;

 private:
  const ModelRegistry& models_;
  const ExecutorPool& pool_;
};

}  // namespace jitserve::server
