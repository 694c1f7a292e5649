// ServingStats: the request statistics of the serving core, the one place
// they are counted. ServingCore records each event once, where it happens;
// every reader takes its view from here: the Prometheus collector
// (server/metrics.h), KServe's ModelStatistics and the core's own
// inline-execution policy. (The plan caches count for themselves, in
// GraphExecutorStats; ServingCore::executorStats is their one reader for
// the admin API and Prometheus.)
//
// The unit is a cell per (model, version, method) that was ever asked for.
// A cell lives as long as the process: a model reloaded under the same
// version keeps counting where its predecessor stopped and an unloaded
// model's counts stay, so Prometheus counters never go down. Requests
// refused before their model was found count in the cell ("", "", ""),
// those whose method was not found in (model, version, ""): request names
// never become cells.
//
// Per cell:
//   answers    every request answered, by front end ("native", "kserve")
//              and status code, including the ones refused before running;
//   success, fail
//              the requests that reached the workers (or ran inline): how
//              many ended ok or not and their total time from submission
//              to answer (a request cancelled or past its deadline while
//              queued is a failure);
//   queue, run histograms of the time waiting for a worker and running;
//   lastInferenceMs  when the last such request ended (ms since the epoch);
//   deviceKernelLaunches, cpuFallbackCopies
//              summed over those runs: kernels (and library calls) enqueued
//              on a device, tensors copied for CPU fallbacks;
//   averageRunNs     a moving average of successful runs (each weighs 1/8),
//              which, with success.count, decides whether a straight-line
//              method runs on the calling thread (ServingCore::submit).
// Model loads are timed per model name (loadSeconds); loads that failed are
// counted per model name (the repository's names at start, the names of
// LoadModel/RepositoryModelLoad calls, which need --allow-remote-load).
//
// Thread safety: every method may be called from any thread. Recording is
// a few relaxed atomic adds on a cell the caller already holds; cells are
// found under a mutex only when a model is published or a request is
// refused before its method was resolved. Readers see each counter's
// current value, not one consistent snapshot of all.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "absl/status/status.h"

namespace jitserve::server {

// Latencies in buckets of upper bounds 50 us * 2.5^i (50 us .. ~116 s), then
// one without bound (the buckets jitserved has always exported).
class LatencyHistogram {
 public:
  static constexpr size_t kBounds = 17;
  // The upper bound of bucket `i` < kBounds, in seconds.
  static double upperBoundSeconds(size_t i);

  struct Snapshot {
    uint64_t count = 0;
    uint64_t sumNs = 0;
    // Per bucket (not cumulative); the last one has no upper bound.
    std::array<uint64_t, kBounds + 1> buckets{};
    void add(const Snapshot& other);
  };

  void observe(std::chrono::nanoseconds d);
  Snapshot snapshot() const;

 private:
  std::array<std::atomic<uint64_t>, kBounds + 1> buckets_{};
  std::atomic<uint64_t> count_{0};
  std::atomic<uint64_t> sumNs_{0};
};

// A count of events and their total duration.
struct DurationTotal {
  uint64_t count = 0;
  uint64_t ns = 0;
  void add(const DurationTotal& other) {
    count += other.count;
    ns += other.ns;
  }
};

// Answers by status code (the canonical codes, 0..16).
using CodeCounts = std::array<uint64_t, 17>;

// One (model, version, method) cell; see above.
class MethodStats {
 public:
  // At most this many front ends (distinct `api` names) are counted apart;
  // more would share the last slot's counts.
  static constexpr size_t kMaxApis = 8;

  // Recording (ServingCore). `api` is a string with static storage (a
  // front end's name literal).
  void answered(const char* api, absl::StatusCode code);
  void queued(std::chrono::nanoseconds wait) { queue_.observe(wait); }
  void ran(std::chrono::nanoseconds took, bool ok);
  // A request that reached the workers was answered, `total` after it was
  // submitted.
  void finished(std::chrono::nanoseconds total, bool ok);
  // What one run enqueued on its device (kernels and library calls) and how
  // many tensors its CPU fallbacks copied (runtime/core/run_counters.h).
  void deviceWork(uint64_t kernelLaunches, uint64_t fallbackCopies) {
    if (kernelLaunches) kernelLaunches_.fetch_add(kernelLaunches, std::memory_order_relaxed);
    if (fallbackCopies) fallbackCopies_.fetch_add(fallbackCopies, std::memory_order_relaxed);
  }

  // The inline policy's inputs.
  uint64_t successes() const { return success_.count.load(std::memory_order_relaxed); }
  int64_t averageRunNs() const { return averageRunNs_.load(std::memory_order_relaxed); }

  struct Snapshot {
    std::vector<std::pair<std::string, CodeCounts>> answers;  // by front end
    DurationTotal success, fail;
    LatencyHistogram::Snapshot queue, run;
    uint64_t lastInferenceMs = 0;
    uint64_t deviceKernelLaunches = 0;
    uint64_t cpuFallbackCopies = 0;
  };
  Snapshot snapshot() const;

 private:
  struct Total {
    std::atomic<uint64_t> count{0};
    std::atomic<uint64_t> ns{0};
    void add(std::chrono::nanoseconds d);
    DurationTotal load() const;
  };
  struct ApiSlot {
    std::atomic<const char*> api{nullptr};
    std::array<std::atomic<uint64_t>, 17> codes{};
  };
  std::array<ApiSlot, kMaxApis> answers_;
  Total success_, fail_;
  LatencyHistogram queue_, run_;
  std::atomic<uint64_t> lastInferenceMs_{0};
  std::atomic<uint64_t> kernelLaunches_{0};
  std::atomic<uint64_t> fallbackCopies_{0};
  std::atomic<int64_t> averageRunNs_{0};
};

class ServingStats {
 public:
  // The cell of (model, version, method), created on first use; it lives as
  // long as this object.
  std::shared_ptr<MethodStats> method(std::string_view model, std::string_view version, std::string_view method);
  // A request answered before its method was known (see above).
  void refused(const char* api, std::string_view model, std::string_view version, absl::StatusCode code);
  void modelLoaded(std::string_view model, std::chrono::nanoseconds took);
  void modelLoadFailed(std::string_view model);

  // Reading.
  struct Key {
    std::string model, version, method;
    auto operator<=>(const Key&) const = default;
  };
  // Every cell, ordered by key.
  std::vector<std::pair<Key, MethodStats::Snapshot>> methods() const;
  // The cells of one model version summed (its methods and its refusals
  // with an unknown method).
  MethodStats::Snapshot model(std::string_view model, std::string_view version) const;
  // Load times by model name, ordered by name.
  std::vector<std::pair<std::string, LatencyHistogram::Snapshot>> loads() const;
  // Failed loads by model name, ordered by name.
  std::vector<std::pair<std::string, uint64_t>> loadFailures() const;

 private:
  mutable std::mutex mu_;
  std::map<Key, std::shared_ptr<MethodStats>> cells_;
  std::map<std::string, std::unique_ptr<LatencyHistogram>, std::less<>> loads_;
  std::map<std::string, uint64_t, std::less<>> loadFailures_;
};

}  // namespace jitserve::server
