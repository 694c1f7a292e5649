// ServingStats: cells per (model, version, method), answers by front end
// and code, histograms, and the per-model sums KServe reports.
#include "server/core/serving_stats.h"

#include <thread>

#include <gtest/gtest.h>

namespace jitserve::server {
namespace {

using namespace std::chrono_literals;

TEST(LatencyHistogram, BucketsAreUpperBoundsInclusive) {
  LatencyHistogram h;
  h.observe(10us);   // <= 50 us
  h.observe(50us);   // <= 50 us
  h.observe(51us);   // <= 125 us
  h.observe(1000s);  // past the last bound
  LatencyHistogram::Snapshot s = h.snapshot();
  EXPECT_EQ(s.count, 4u);
  EXPECT_EQ(s.buckets[0], 2u);
  EXPECT_EQ(s.buckets[1], 1u);
  EXPECT_EQ(s.buckets[LatencyHistogram::kBounds], 1u);
  EXPECT_EQ(s.sumNs, uint64_t{10'000 + 50'000 + 51'000} + uint64_t{1000'000'000'000});
  EXPECT_DOUBLE_EQ(LatencyHistogram::upperBoundSeconds(0), 50e-6);
  EXPECT_NEAR(LatencyHistogram::upperBoundSeconds(LatencyHistogram::kBounds - 1), 116.4, 0.1);
}

TEST(ServingStats, CellsAreSharedAndOutliveTheirModels) {
  ServingStats stats;
  std::shared_ptr<MethodStats> a = stats.method("m", "1", "forward");
  EXPECT_EQ(stats.method("m", "1", "forward"), a);
  EXPECT_NE(stats.method("m", "2", "forward"), a);
  a->answered("native", absl::StatusCode::kOk);
  a.reset();
  auto all = stats.methods();
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].first.version, "1");
  ASSERT_EQ(all[0].second.answers.size(), 1u);
  EXPECT_EQ(all[0].second.answers[0].second[0], 1u);
}

TEST(ServingStats, AnswersAreCountedByFrontEndAndCode) {
  MethodStats m;
  m.answered("native", absl::StatusCode::kOk);
  m.answered("kserve", absl::StatusCode::kInvalidArgument);
  m.answered("native", absl::StatusCode::kOk);
  // Equal names from different literals count together.
  const std::string native = "native";
  m.answered(native.c_str(), absl::StatusCode::kNotFound);
  MethodStats::Snapshot s = m.snapshot();
  ASSERT_EQ(s.answers.size(), 2u);
  EXPECT_EQ(s.answers[0].first, "native");
  EXPECT_EQ(s.answers[0].second[static_cast<size_t>(absl::StatusCode::kOk)], 2u);
  EXPECT_EQ(s.answers[0].second[static_cast<size_t>(absl::StatusCode::kNotFound)], 1u);
  EXPECT_EQ(s.answers[1].first, "kserve");
  EXPECT_EQ(s.answers[1].second[static_cast<size_t>(absl::StatusCode::kInvalidArgument)], 1u);
}

TEST(ServingStats, RunsFeedTheInlinePolicyOnlyWhenTheySucceed) {
  MethodStats m;
  EXPECT_EQ(m.averageRunNs(), 0);
  m.ran(800ns, /*ok=*/false);
  EXPECT_EQ(m.averageRunNs(), 0);
  m.ran(800ns, true);
  EXPECT_EQ(m.averageRunNs(), 800);
  m.ran(1600ns, true);
  EXPECT_EQ(m.averageRunNs(), 900);  // each run weighs 1/8
  m.finished(2us, true);
  m.finished(3us, false);
  EXPECT_EQ(m.successes(), 1u);
  MethodStats::Snapshot s = m.snapshot();
  EXPECT_EQ(s.run.count, 3u);
  EXPECT_EQ(s.fail.count, 1u);
  EXPECT_EQ(s.fail.ns, 3000u);
}

TEST(ServingStats, AModelSumsItsMethodsAndRefusals) {
  ServingStats stats;
  stats.method("m", "1", "forward")->finished(1us, true);
  stats.method("m", "1", "other")->finished(2us, true);
  stats.method("m", "1", "other")->queued(5us);
  stats.method("m", "2", "forward")->finished(4us, true);
  stats.method("mm", "1", "forward")->finished(8us, true);
  stats.refused("native", "m", "1", absl::StatusCode::kNotFound);
  MethodStats::Snapshot s = stats.model("m", "1");
  EXPECT_EQ(s.success.count, 2u);
  EXPECT_EQ(s.success.ns, 3000u);
  EXPECT_EQ(s.queue.count, 1u);
  ASSERT_EQ(s.answers.size(), 1u);
  EXPECT_EQ(s.answers[0].second[static_cast<size_t>(absl::StatusCode::kNotFound)], 1u);
  EXPECT_EQ(stats.model("nope", "1").success.count, 0u);
}

TEST(ServingStats, ConcurrentRecordingLosesNoCount) {
  ServingStats stats;
  auto cell = stats.method("m", "1", "forward");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      const char* api = t % 2 ? "native" : "kserve";
      for (int i = 0; i < 1000; ++i) {
        cell->answered(api, absl::StatusCode::kOk);
        cell->queued(1us);
        stats.modelLoaded("m", 1ms);
      }
    });
  }
  for (auto& th : threads) th.join();
  MethodStats::Snapshot s = cell->snapshot();
  uint64_t ok = 0;
  for (const auto& [api, counts] : s.answers) ok += counts[0];
  EXPECT_EQ(s.answers.size(), 2u);
  EXPECT_EQ(ok, 4000u);
  EXPECT_EQ(s.queue.count, 4000u);
  EXPECT_EQ(stats.loads().front().second.count, 4000u);
}

}  // namespace
}  // namespace jitserve::server
