// runIsolated (tools/conform/isolation.h): a crash, a hang or a failure
// fails its own item only, batched or not, and every item gets a result.
#include "tools/conform/isolation.h"

#include <gtest/gtest.h>

#include <csignal>
#include <thread>
#include <vector>

namespace jitserve::conform {
namespace {

// Item i: 3 crashes, 5 hangs, 7 fails, the rest pass.
ItemResult body(size_t i) {
  if (i == 3) std::raise(SIGSEGV);
  if (i == 5) std::this_thread::sleep_for(std::chrono::seconds(30));
  if (i == 7) return ItemResult{false, "seven fails", 0};
  return ItemResult{true, {}, 0};
}

void expectEachItemsOwnResult(const std::vector<ItemResult>& r) {
  ASSERT_EQ(r.size(), 10u);
  for (size_t i = 0; i < r.size(); ++i) {
    SCOPED_TRACE(i);
    if (i == 3) {
      EXPECT_FALSE(r[i].passed);
      // "crashed: signal 11", or under AddressSanitizer (which catches the
      // signal and exits 1) "child exited with code 1 without a result".
      EXPECT_TRUE(r[i].reason.find("signal") != std::string::npos ||
                  r[i].reason.find("without a result") != std::string::npos)
          << r[i].reason;
    } else if (i == 5) {
      EXPECT_FALSE(r[i].passed);
      EXPECT_NE(r[i].reason.find("timed out"), std::string::npos) << r[i].reason;
    } else if (i == 7) {
      EXPECT_FALSE(r[i].passed);
      EXPECT_EQ(r[i].reason, "seven fails");
    } else {
      EXPECT_TRUE(r[i].passed) << r[i].reason;
    }
  }
}

TEST(Isolation, AChildPerItem) {
  IsolationOptions o;
  o.jobs = 2;
  o.timeout = std::chrono::milliseconds(500);
  expectEachItemsOwnResult(runIsolated(10, body, o));
}

// Batches of 4: the items after a crash, a hang or a failure in the same
// child run in a fresh one, and each is reported once.
TEST(Isolation, BatchedItemsAfterAFailureRunAgain) {
  IsolationOptions o;
  o.jobs = 2;
  o.batch = 4;
  o.timeout = std::chrono::milliseconds(500);
  std::vector<int> reported(10, 0);
  o.onResult = [&](size_t i, const ItemResult&) { ++reported[i]; };
  expectEachItemsOwnResult(runIsolated(10, body, o));
  for (size_t i = 0; i < reported.size(); ++i) EXPECT_EQ(reported[i], 1) << i;
}

}  // namespace
}  // namespace jitserve::conform
