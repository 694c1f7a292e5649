// Metrics: every metric jitserved exports, defined in this one file, with
// units in their names. Prometheus text is served on --metrics-port at
// /metrics (loopback by default).
//
// Nothing here counts: MetricsCollector computes every family at scrape
// time from what the serving core already keeps (server/core/
// serving_stats.h: requests, queue and run times, load times;
// ServingCore::executorStats: the GraphExecutor plan caches; the worker
// pool; the CPU allocator), so each event is counted once and the request
// path pays nothing for Prometheus. The server serves it with its own
// listener (metrics_http.h; no global registry).
//
//   jitserve_requests_total{api,model,method,code}        counter
//   jitserve_request_queue_seconds{model}                 histogram
//   jitserve_request_execute_seconds{model,method}        histogram
//   jitserve_model_load_seconds{model}                    histogram
//   jitserve_plan_cache_hits_total{model,version,method}  counter
//   jitserve_plan_cache_misses_total{...}                 counter
//   jitserve_plan_cache_fallbacks_total{...}              counter
//   jitserve_plan_compile_seconds_total{...}              counter
//   jitserve_plan_generic_runs_total{...}                 counter
//   jitserve_plan_cache_entries{...}                      gauge
//   jitserve_guards{...}, jitserve_guard_failures_total{...}  gauge, counter
//   jitserve_worker_queue_depth, jitserve_workers         gauges
//   jitserve_intra_op_threads, jitserve_inter_op_threads  gauges
//   jitserve_models_loaded                                gauge
//   jitserve_cpu_bytes_in_use, jitserve_cpu_bytes_peak    gauges
//
// Requests are counted by model name and method, over versions; a request
// refused before its model was found has model "" (request names never
// become labels).
//
// Thread safety: Collect may be called from any thread.
#pragma once

#include <vector>

#include "prometheus/collectable.h"
#include "prometheus/metric_family.h"

namespace jitserve::server {

class ServingCore;

class MetricsCollector final : public prometheus::Collectable {
 public:
  // `core` must outlive the collector's registration.
  explicit MetricsCollector(const ServingCore& core) : core_(core) {}
  std::vector<prometheus::MetricFamily> Collect() const override;

 private:
  std::vector<prometheus::MetricFamily> collectFamilies() const;
  const ServingCore& core_;
};

}  // namespace jitserve::server
