#include "server/core/serving_stats.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace jitserve::server {

namespace {

constexpr auto kRelaxed = std::memory_order_relaxed;

// The bounds in nanoseconds, computed once.
const std::array<uint64_t, LatencyHistogram::kBounds>& boundsNs() {
  static const std::array<uint64_t, LatencyHistogram::kBounds> kBoundsNs = [] {
    std::array<uint64_t, LatencyHistogram::kBounds> b{};
    for (size_t i = 0; i < b.size(); ++i) b[i] = static_cast<uint64_t>(std::llround(50e3 * std::pow(2.5, static_cast<double>(i))));
    return b;
  }();
  return kBoundsNs;
}

size_t codeIndex(absl::StatusCode code) {
  const auto i = static_cast<size_t>(code);
  return i < CodeCounts{}.size() ? i : static_cast<size_t>(absl::StatusCode::kUnknown);
}

uint64_t nowMs() {
  return static_cast<uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
}

}  // namespace

double LatencyHistogram::upperBoundSeconds(size_t i) { return 50e-6 * std::pow(2.5, static_cast<double>(i)); }

void LatencyHistogram::Snapshot::add(const Snapshot& other) {
  count += other.count;
  sumNs += other.sumNs;
  for (size_t i = 0; i < buckets.size(); ++i) buckets[i] += other.buckets[i];
}

void LatencyHistogram::observe(std::chrono::nanoseconds d) {
  const uint64_t ns = d.count() > 0 ? static_cast<uint64_t>(d.count()) : 0;
  const auto& bounds = boundsNs();
  size_t i = 0;
  while (i < bounds.size() && ns > bounds[i]) ++i;
  buckets_[i].fetch_add(1, kRelaxed);
  sumNs_.fetch_add(ns, kRelaxed);
  count_.fetch_add(1, kRelaxed);
}

LatencyHistogram::Snapshot LatencyHistogram::snapshot() const {
  Snapshot s;
  for (size_t i = 0; i < buckets_.size(); ++i) s.buckets[i] = buckets_[i].load(kRelaxed);
  s.sumNs = sumNs_.load(kRelaxed);
  // The count as the buckets' sum, so a scrape never shows a count its
  // buckets do not add up to.
  for (uint64_t b : s.buckets) s.count += b;
  return s;
}

void MethodStats::Total::add(std::chrono::nanoseconds d) {
  count.fetch_add(1, kRelaxed);
  ns.fetch_add(d.count() > 0 ? static_cast<uint64_t>(d.count()) : 0, kRelaxed);
}

DurationTotal MethodStats::Total::load() const { return DurationTotal{count.load(kRelaxed), ns.load(kRelaxed)}; }

void MethodStats::answered(const char* api, absl::StatusCode code) {
  if (!api) api = "";
  ApiSlot* slot = &answers_.back();
  for (ApiSlot& s : answers_) {
    const char* seen = s.api.load(std::memory_order_acquire);
    if (!seen && s.api.compare_exchange_strong(seen, api, std::memory_order_acq_rel)) seen = api;
    if (seen == api || std::strcmp(seen, api) == 0) {
      slot = &s;
      break;
    }
  }
  slot->codes[codeIndex(code)].fetch_add(1, kRelaxed);
}

void MethodStats::ran(std::chrono::nanoseconds took, bool ok) {
  run_.observe(took);
  if (!ok) return;
  // Lock-free; concurrent updates may drop a sample. 0 means no run yet.
  const int64_t ns = std::max<int64_t>(took.count(), 1);
  const int64_t avg = averageRunNs_.load(kRelaxed);
  averageRunNs_.store(avg == 0 ? ns : avg + (ns - avg) / 8, kRelaxed);
}

void MethodStats::finished(std::chrono::nanoseconds total, bool ok) {
  (ok ? success_ : fail_).add(total);
  lastInferenceMs_.store(nowMs(), kRelaxed);
}

MethodStats::Snapshot MethodStats::snapshot() const {
  Snapshot s;
  for (const ApiSlot& slot : answers_) {
    const char* api = slot.api.load(std::memory_order_acquire);
    if (!api) break;
    CodeCounts counts{};
    for (size_t i = 0; i < counts.size(); ++i) counts[i] = slot.codes[i].load(kRelaxed);
    s.answers.emplace_back(api, counts);
  }
  s.success = success_.load();
  s.fail = fail_.load();
  s.queue = queue_.snapshot();
  s.run = run_.snapshot();
  s.lastInferenceMs = lastInferenceMs_.load(kRelaxed);
  s.deviceKernelLaunches = kernelLaunches_.load(kRelaxed);
  s.cpuFallbackCopies = fallbackCopies_.load(kRelaxed);
  return s;
}

std::shared_ptr<MethodStats> ServingStats::method(std::string_view model, std::string_view version,
                                                  std::string_view method) {
  std::lock_guard<std::mutex> lock(mu_);
  std::shared_ptr<MethodStats>& cell = cells_[Key{std::string(model), std::string(version), std::string(method)}];
  if (!cell) cell = std::make_shared<MethodStats>();
  return cell;
}

void ServingStats::refused(const char* api, std::string_view model, std::string_view version, absl::StatusCode code) {
  method(model, version, "")->answered(api, code);
}

void ServingStats::modelLoaded(std::string_view model, std::chrono::nanoseconds took) {
  LatencyHistogram* h;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = loads_.find(model);
    if (it == loads_.end()) it = loads_.emplace(std::string(model), std::make_unique<LatencyHistogram>()).first;
    h = it->second.get();
  }
  h->observe(took);
}

void ServingStats::modelLoadFailed(std::string_view model) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = loadFailures_.find(model);
  if (it == loadFailures_.end()) it = loadFailures_.emplace(std::string(model), 0).first;
  ++it->second;
}

std::vector<std::pair<ServingStats::Key, MethodStats::Snapshot>> ServingStats::methods() const {
  std::vector<std::pair<Key, std::shared_ptr<MethodStats>>> cells;
  {
    std::lock_guard<std::mutex> lock(mu_);
    cells.assign(cells_.begin(), cells_.end());
  }
  std::vector<std::pair<Key, MethodStats::Snapshot>> out;
  out.reserve(cells.size());
  for (const auto& [key, cell] : cells) out.emplace_back(key, cell->snapshot());
  return out;
}

MethodStats::Snapshot ServingStats::model(std::string_view model, std::string_view version) const {
  std::vector<std::shared_ptr<MethodStats>> cells;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (auto it = cells_.lower_bound(Key{std::string(model), std::string(version), ""});
         it != cells_.end() && it->first.model == model && it->first.version == version; ++it) {
      cells.push_back(it->second);
    }
  }
  MethodStats::Snapshot sum;
  for (const auto& cell : cells) {
    MethodStats::Snapshot s = cell->snapshot();
    for (auto& [api, counts] : s.answers) {
      auto it = std::find_if(sum.answers.begin(), sum.answers.end(), [&](const auto& e) { return e.first == api; });
      if (it == sum.answers.end()) it = sum.answers.insert(sum.answers.end(), {api, CodeCounts{}});
      for (size_t i = 0; i < counts.size(); ++i) it->second[i] += counts[i];
    }
    sum.success.add(s.success);
    sum.fail.add(s.fail);
    sum.queue.add(s.queue);
    sum.run.add(s.run);
    sum.lastInferenceMs = std::max(sum.lastInferenceMs, s.lastInferenceMs);
    sum.deviceKernelLaunches += s.deviceKernelLaunches;
    sum.cpuFallbackCopies += s.cpuFallbackCopies;
  }
  return sum;
}

std::vector<std::pair<std::string, LatencyHistogram::Snapshot>> ServingStats::loads() const {
  std::vector<std::pair<std::string, LatencyHistogram*>> hs;
  {
    std::lock_guard<std::mutex> lock(mu_);
    for (const auto& [name, h] : loads_) hs.emplace_back(name, h.get());
  }
  std::vector<std::pair<std::string, LatencyHistogram::Snapshot>> out;
  for (const auto& [name, h] : hs) out.emplace_back(name, h->snapshot());
  return out;
}

std::vector<std::pair<std::string, uint64_t>> ServingStats::loadFailures() const {
  std::lock_guard<std::mutex> lock(mu_);
  return {loadFailures_.begin(), loadFailures_.end()};
}

}  // namespace jitserve::server
