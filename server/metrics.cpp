#include "server/metrics.h"

#include <cmath>
#include <limits>
#include <map>
#include <tuple>

#include "absl/status/status.h"
#include "runtime/tensor/allocator.h"
#include "runtime/tensor/backend.h"
#include "runtime/tensor/parallel.h"
#include "server/core/serving_core.h"

namespace jitserve::server {

namespace {

double seconds(std::chrono::nanoseconds d) { return std::chrono::duration<double>(d).count(); }

using Labels = std::vector<prometheus::ClientMetric::Label>;

prometheus::MetricFamily family(std::string name, std::string help, prometheus::MetricType type) {
  prometheus::MetricFamily f;
  f.name = std::move(name);
  f.help = std::move(help);
  f.type = type;
  return f;
}

void addSample(prometheus::MetricFamily& f, Labels labels, double value) {
  prometheus::ClientMetric m;
  m.label = std::move(labels);
  if (f.type == prometheus::MetricType::Counter) {
    m.counter.value = value;
  } else {
    m.gauge.value = value;
  }
  f.metric.push_back(std::move(m));
}

// A histogram sample; the buckets cumulative, as Prometheus has them.
void addHistogram(prometheus::MetricFamily& f, Labels labels, const LatencyHistogram::Snapshot& h) {
  prometheus::ClientMetric m;
  m.label = std::move(labels);
  m.histogram.sample_count = h.count;
  m.histogram.sample_sum = static_cast<double>(h.sumNs) * 1e-9;
  uint64_t cumulative = 0;
  for (size_t i = 0; i < h.buckets.size(); ++i) {
    cumulative += h.buckets[i];
    prometheus::ClientMetric::Bucket b;
    b.cumulative_count = cumulative;
    b.upper_bound = i < LatencyHistogram::kBounds ? LatencyHistogram::upperBoundSeconds(i)
                                                  : std::numeric_limits<double>::infinity();
    m.histogram.bucket.push_back(b);
  }
  f.metric.push_back(std::move(m));
}

// The request families from the core's statistics, summed over versions.
void collectRequests(const ServingStats& stats, std::vector<prometheus::MetricFamily>& out) {
  using prometheus::MetricType;
  std::map<std::tuple<std::string, std::string, std::string, int>, uint64_t> answers;  // api, model, method, code
  std::map<std::string, LatencyHistogram::Snapshot> queue;                            // model
  std::map<std::pair<std::string, std::string>, LatencyHistogram::Snapshot> run;       // model, method
  std::map<std::pair<std::string, std::string>, std::pair<uint64_t, uint64_t>> device;  // launches, copies
  for (const auto& [key, s] : stats.methods()) {
    for (const auto& [api, counts] : s.answers) {
      for (size_t code = 0; code < counts.size(); ++code) {
        if (counts[code]) answers[{api, key.model, key.method, static_cast<int>(code)}] += counts[code];
      }
    }
    if (s.queue.count) queue[key.model].add(s.queue);
    if (s.run.count) run[{key.model, key.method}].add(s.run);
    if (s.deviceKernelLaunches || s.cpuFallbackCopies) {
      auto& d = device[{key.model, key.method}];
      d.first += s.deviceKernelLaunches;
      d.second += s.cpuFallbackCopies;
    }
  }
  auto requests = family("jitserve_requests_total",
                         "Inference requests answered, by API, model, method and gRPC status code", MetricType::Counter);
  for (const auto& [k, n] : answers) {
    const auto& [api, model, method, code] = k;
    // Labels in name order, as Prometheus' own client writes them.
    addSample(requests,
              {{"api", api},
               {"code", absl::StatusCodeToString(static_cast<absl::StatusCode>(code))},
               {"method", method},
               {"model", model}},
              static_cast<double>(n));
  }
  auto queued = family("jitserve_request_queue_seconds", "Time inference requests waited for a worker",
                       MetricType::Histogram);
  for (const auto& [model, h] : queue) addHistogram(queued, {{"model", model}}, h);
  auto executed = family("jitserve_request_execute_seconds",
                         "Time spent running a method (plan lookup or compile, then the interpreter)",
                         MetricType::Histogram);
  for (const auto& [k, h] : run) addHistogram(executed, {{"method", k.second}, {"model", k.first}}, h);
  auto loads = family("jitserve_model_load_seconds", "Time to read and compile a model", MetricType::Histogram);
  for (const auto& [model, h] : stats.loads()) addHistogram(loads, {{"model", model}}, h);
  auto loadFailures = family("jitserve_model_load_failures_total",
                             "Model loads that failed (at start from the repository, or through the API)",
                             MetricType::Counter);
  // Every model that ever loaded starts at 0, so a failure after a good
  // load is an increase Prometheus can see.
  std::map<std::string, uint64_t> failed;
  for (const auto& [model, h] : stats.loads()) failed[model] = 0;
  for (const auto& [model, n] : stats.loadFailures()) failed[model] = n;
  for (const auto& [model, n] : failed) addSample(loadFailures, {{"model", model}}, static_cast<double>(n));
  // Only methods that did device work have these series.
  auto launches = family("jitserve_device_kernel_launches_total",
                         "Kernels and library calls (cuBLAS, cuDNN) requests enqueued on a device",
                         MetricType::Counter);
  auto copies = family("jitserve_cpu_fallback_copies_total",
                       "Tensors copied between a device and the host to run operators without a device kernel "
                       "on the CPU (config cpu_fallback)",
                       MetricType::Counter);
  for (const auto& [k, d] : device) {
    addSample(launches, {{"method", k.second}, {"model", k.first}}, static_cast<double>(d.first));
    addSample(copies, {{"method", k.second}, {"model", k.first}}, static_cast<double>(d.second));
  }
  for (auto* f : {&requests, &queued, &executed, &loads, &loadFailures, &launches, &copies}) out.push_back(std::move(*f));
}

}  // namespace

std::vector<prometheus::MetricFamily> MetricsCollector::Collect() const {
  // Called on MetricsHttpServer's own thread (a normal stack).
  return collectFamilies();
}

std::vector<prometheus::MetricFamily> MetricsCollector::collectFamilies() const {
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
  absl::StatusOr<std::vector<MethodExecutorStats>> executors = core_.executorStats();
  for (const MethodExecutorStats& e : *executors) {
    const GraphExecutorStats& s = e.stats;
    Labels labels = {{"method", e.method->name}, {"model", e.model->name()}, {"version", e.model->version()}};
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
  auto depth = family("jitserve_worker_queue_depth", "Inference requests waiting for a worker", MetricType::Gauge);
  addSample(depth, {}, static_cast<double>(core_.pool().queueDepth()));
  auto workers = family("jitserve_workers", "Inference worker threads", MetricType::Gauge);
  addSample(workers, {}, static_cast<double>(core_.pool().numThreads()));
  auto intraOp = family("jitserve_intra_op_threads", "Threads one operator may use (intra-op pool size)",
                        MetricType::Gauge);
  addSample(intraOp, {}, static_cast<double>(get_num_threads()));
  auto interOp = family("jitserve_inter_op_threads", "Threads running forked TorchScript calls (inter-op pool size)",
                        MetricType::Gauge);
  addSample(interOp, {}, static_cast<double>(get_num_interop_threads()));
  auto loaded = family("jitserve_models_loaded", "Model versions loaded", MetricType::Gauge);
  addSample(loaded, {}, static_cast<double>(core_.registry().list().size()));
  auto inUse = family("jitserve_cpu_bytes_in_use", "Bytes of tensor memory the CPU allocator has out",
                      MetricType::Gauge);
  addSample(inUse, {}, static_cast<double>(cpuAllocatedBytes()));
  auto peak = family("jitserve_cpu_bytes_peak", "The most bytes of tensor memory the CPU allocator had out",
                     MetricType::Gauge);
  addSample(peak, {}, static_cast<double>(cpuPeakAllocatedBytes()));
  // Device memory, per device of each backend that counts it (CUDA's caching
  // allocator): what tensors hold, what the cache keeps from the device.
  auto devInUse = family("jitserve_device_bytes_in_use", "Bytes of device memory held by tensors", MetricType::Gauge);
  auto devReserved = family("jitserve_device_bytes_reserved",
                            "Bytes of device memory the allocator holds (in use plus cached)", MetricType::Gauge);
  auto devPeak = family("jitserve_device_bytes_peak", "The most bytes of device memory tensors held",
                        MetricType::Gauge);
  for (DeviceType t : {DeviceType::CUDA, DeviceType::PrivateUse1}) {
    Backend* b = findBackend(t);
    if (!b) continue;
    const int n = b->deviceCount();
    for (int i = 0; i < n; ++i) {
      std::optional<DeviceMemoryStats> m = b->memoryStats(i);
      if (!m) continue;
      const std::string name = Device(t, static_cast<int8_t>(i)).str();
      addSample(devInUse, {{"device", name}}, static_cast<double>(m->inUseBytes));
      addSample(devReserved, {{"device", name}}, static_cast<double>(m->reservedBytes));
      addSample(devPeak, {{"device", name}}, static_cast<double>(m->peakInUseBytes));
    }
  }
  std::vector<prometheus::MetricFamily> out;
  collectRequests(core_.stats(), out);
  for (auto* f : {&devInUse, &devReserved, &devPeak}) out.push_back(std::move(*f));
  for (auto* f : {&hits, &misses, &fallbacks, &compile, &generic, &entries, &guards, &bailouts, &depth, &workers, &intraOp, &interOp, &loaded,
                  &inUse, &peak}) {
    out.push_back(std::move(*f));
  }
  return out;
}

}  // namespace jitserve::server
