#include "server/metrics.h"

#include "absl/status/status.h"
#include "prometheus/metric_family.h"
#include "runtime/tensor/allocator.h"
#include "runtime/tensor/parallel.h"
#include "server/executor_pool.h"
#include "server/model_registry.h"

namespace jitserve::server {

namespace {

double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

// 50 us .. ~100 s, by factors of about 2.5. Built once: Family::Add reads
// it only when a label set is new, and requests should not allocate it.
const prometheus::Histogram::BucketBoundaries& latencyBuckets() {
  static const prometheus::Histogram::BucketBoundaries kBuckets = [] {
    prometheus::Histogram::BucketBoundaries b;
    for (double x = 50e-6; x < 120; x *= 2.5) b.push_back(x);
    return b;
  }();
  return kBuckets;
}

prometheus::MetricFamily family(std::string name, std::string help, prometheus::MetricType type) {
  prometheus::MetricFamily f;
  f.name = std::move(name);
  f.help = std::move(help);
  f.type = type;
  return f;
}

void addSample(prometheus::MetricFamily& f, std::vector<prometheus::ClientMetric::Label> labels, double value) {
  prometheus::ClientMetric m;
  m.label = std::move(labels);
  if (f.type == prometheus::MetricType::Counter) {
    m.counter.value = value;
  } else {
    m.gauge.value = value;
  }
  f.metric.push_back(std::move(m));
}

}  // namespace

ServerMetrics::ServerMetrics(prometheus::Registry& registry)
    : requests_(prometheus::BuildCounter()
                    .Name("jitserve_requests_total")
                    .Help("Inference requests answered, by API, model, method and gRPC status code")
                    .Register(registry)),
      queue_(prometheus::BuildHistogram()
                 .Name("jitserve_request_queue_seconds")
                 .Help("Time inference requests waited for a worker")
                 .Register(registry)),
      execute_(prometheus::BuildHistogram()
                   .Name("jitserve_request_execute_seconds")
                   .Help("Time spent running a method (plan lookup or compile, then the interpreter)")
                   .Register(registry)),
      load_(prometheus::BuildHistogram()
                .Name("jitserve_model_load_seconds")
                .Help("Time to read and compile a model")
                .Register(registry)) {}

void ServerMetrics::requestDone(std::string_view api, const std::string& model, const std::string& method,
                                absl::StatusCode code) {
  requests_
      .Add({{"api", std::string(api)},
            {"model", model},
            {"method", method},
            {"code", absl::StatusCodeToString(code)}})
      .Increment();
}

void ServerMetrics::queued(const std::string& model, std::chrono::nanoseconds wait) {
  queue_.Add({{"model", model}}, latencyBuckets()).Observe(seconds(wait));
}

void ServerMetrics::executed(const std::string& model, const std::string& method, std::chrono::nanoseconds took) {
  execute_.Add({{"model", model}, {"method", method}}, latencyBuckets()).Observe(seconds(took));
}

void ServerMetrics::modelLoaded(const std::string& model, std::chrono::nanoseconds took) {
  load_.Add({{"model", model}}, latencyBuckets()).Observe(seconds(took));
}

std::vector<prometheus::MetricFamily> RuntimeCollector::Collect() const {
  using prometheus::MetricType;
  auto hits = family("jitserve_plan_cache_hits_total", "Runs served by a cached specialized plan", MetricType::Counter);
  auto misses = family("jitserve_plan_cache_misses_total", "Runs that compiled a new specialized plan",
                       MetricType::Counter);
  auto fallbacks = family("jitserve_plan_cache_fallbacks_total",
                          "Runs on the generic plan because the plan cache was full", MetricType::Counter);
  auto compile = family("jitserve_plan_compile_seconds_total", "Time spent compiling the cached plans",
                        MetricType::Counter);
  auto generic = family("jitserve_plan_generic_runs_total",
                        "Runs on the generic plan while their specialized plan compiled in the background",
                        MetricType::Counter);
  auto entries = family("jitserve_plan_cache_entries", "Specialized plans cached", MetricType::Gauge);
  auto guards = family("jitserve_guards", "Type guards in the cached optimized plans (profiling executor)",
                       MetricType::Gauge);
  // A failed guard always bails out, so one counter says both.
  auto bailouts = family("jitserve_guard_failures_total",
                         "Guard checks that failed, each bailing out to the unoptimized rest of its graph "
                         "(profiling executor)",
                         MetricType::Counter);
  const auto models = models_.list();
  for (const auto& model : models) {
    for (const auto& method : model->methods()) {
      const GraphExecutorStats s = model->executor(method)->stats();
      std::vector<prometheus::ClientMetric::Label> labels = {
          {"method", method.name}, {"model", model->name()}, {"version", model->version()}};
      std::chrono::nanoseconds total{0};
      for (const auto& p : s.plans) total += p.compileTime;
      addSample(hits, labels, static_cast<double>(s.hits));
      addSample(misses, labels, static_cast<double>(s.misses));
      addSample(fallbacks, labels, static_cast<double>(s.fallbacks));
      addSample(compile, labels, seconds(total));
      addSample(generic, labels, static_cast<double>(s.generic));
      addSample(entries, labels, static_cast<double>(s.plans.size()));
      addSample(guards, labels, static_cast<double>(s.guards));
      addSample(bailouts, labels, static_cast<double>(s.guardFailures));
    }
  }
  auto depth = family("jitserve_worker_queue_depth", "Inference requests waiting for a worker", MetricType::Gauge);
  addSample(depth, {}, static_cast<double>(pool_.queueDepth()));
  auto workers = family("jitserve_workers", "Inference worker threads", MetricType::Gauge);
  addSample(workers, {}, static_cast<double>(pool_.numThreads()));
  auto intraOp = family("jitserve_intra_op_threads", "Threads one operator may use (intra-op pool size)",
                        MetricType::Gauge);
  addSample(intraOp, {}, static_cast<double>(get_num_threads()));
  auto interOp = family("jitserve_inter_op_threads", "Threads running forked TorchScript calls (inter-op pool size)",
                        MetricType::Gauge);
  addSample(interOp, {}, static_cast<double>(get_num_interop_threads()));
  auto loaded = family("jitserve_models_loaded", "Model versions loaded", MetricType::Gauge);
  addSample(loaded, {}, static_cast<double>(models.size()));
  auto inUse = family("jitserve_cpu_bytes_in_use", "Bytes of tensor memory the CPU allocator has out",
                      MetricType::Gauge);
  addSample(inUse, {}, static_cast<double>(cpuAllocatedBytes()));
  auto peak = family("jitserve_cpu_bytes_peak", "The most bytes of tensor memory the CPU allocator had out",
                     MetricType::Gauge);
  addSample(peak, {}, static_cast<double>(cpuPeakAllocatedBytes()));
  std::vector<prometheus::MetricFamily> out;
  for (auto* f : {&hits, &misses, &fallbacks, &compile, &generic, &entries, &guards, &bailouts, &depth, &workers, &intraOp, &interOp, &loaded,
                  &inUse, &peak}) {
    out.push_back(std::move(*f));
  }
  return out;
}

}  // namespace jitserve::server
