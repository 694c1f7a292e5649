// The cache size the streaming-store thresholds start from
// (runtime/support/cpu_caches.h).
#include <gtest/gtest.h>

#include "runtime/support/cpu_caches.h"

namespace jitserve {
namespace {

TEST(CpuCaches, ParsesSysfsSizes) {
  EXPECT_EQ(parseCacheSize("32768K\n"), size_t{32} << 20);
  EXPECT_EQ(parseCacheSize("1M"), size_t{1} << 20);
  EXPECT_EQ(parseCacheSize("512"), size_t{512});
  EXPECT_EQ(parseCacheSize("2G"), size_t{2} << 30);
  EXPECT_EQ(parseCacheSize(""), std::nullopt);
  EXPECT_EQ(parseCacheSize("K"), std::nullopt);
  EXPECT_EQ(parseCacheSize("0K"), std::nullopt);
  EXPECT_EQ(parseCacheSize("12Q"), std::nullopt);
  EXPECT_EQ(parseCacheSize("12K x"), std::nullopt);
}

TEST(CpuCaches, LastLevelCacheIsPlausible) {
  // Whatever the machine: at least an L1's worth, at most a few GiB.
  const size_t llc = lastLevelCacheBytes();
  EXPECT_GE(llc, size_t{16} << 10);
  EXPECT_LE(llc, size_t{4} << 30);
  EXPECT_EQ(lastLevelCacheBytes(), llc);  // read once
}

}  // namespace
}  // namespace jitserve
