// The intra-op pool: coverage of the range, thread-count changes at any
// time, nesting, concurrent callers and exceptions.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "runtime/support/error.h"
#include "runtime/tensor/parallel.h"

namespace jitserve {
namespace {

// Restores the thread count after each test.
class ParallelTest : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = get_num_threads(); }
  void TearDown() override { set_num_threads(saved_); }
  int saved_ = 1;
};

void checkCoversOnce(int64_t begin, int64_t end, int64_t grain) {
  std::vector<std::atomic<int>> hits(static_cast<size_t>(end));
  parallel_for(begin, end, grain, [&](int64_t b, int64_t e) {
    EXPECT_LE(begin, b);
    EXPECT_LE(e, end);
    for (int64_t i = b; i < e; ++i) hits[i].fetch_add(1);
  });
  for (int64_t i = 0; i < end; ++i) ASSERT_EQ(hits[i].load(), i >= begin ? 1 : 0) << i;
}

TEST_F(ParallelTest, CoversRangeUnderThreadCountChanges) {
  for (int n : {1, 4, 2, 8, 3, 1, 6}) {
    set_num_threads(n);
    EXPECT_EQ(get_num_threads(), n);
    checkCoversOnce(0, 100000, 1000);
    checkCoversOnce(7, 1003, 10);
    checkCoversOnce(0, 5, 1);
  }
}

TEST_F(ParallelTest, UsesSeveralThreadsForBigWork) {
  set_num_threads(4);
  std::atomic<int> chunks{0};
  std::vector<std::atomic<int>> by_thread(8);
  parallel_for(0, 1 << 20, 1024, [&](int64_t, int64_t) {
    chunks.fetch_add(1);
    by_thread[get_thread_num()].fetch_add(1);
  });
  EXPECT_EQ(chunks.load(), 4);  // one chunk per thread
}

TEST_F(ParallelTest, SmallWorkRunsInline) {
  set_num_threads(4);
  const auto caller = std::this_thread::get_id();
  parallel_for(0, 100, 1000, [&](int64_t b, int64_t e) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    EXPECT_EQ(b, 0);
    EXPECT_EQ(e, 100);
  });
}

TEST_F(ParallelTest, NestedCallsRunInline) {
  set_num_threads(4);
  std::atomic<int64_t> total{0};
  parallel_for(0, 8, 1, [&](int64_t b, int64_t e) {
    EXPECT_TRUE(in_parallel_region());
    for (int64_t i = b; i < e; ++i) {
      const auto me = std::this_thread::get_id();
      parallel_for(0, 1000, 1, [&](int64_t b2, int64_t e2) {
        EXPECT_EQ(std::this_thread::get_id(), me);
        total.fetch_add(e2 - b2);
      });
    }
  });
  EXPECT_EQ(total.load(), 8000);
  EXPECT_FALSE(in_parallel_region());
}

TEST_F(ParallelTest, ConcurrentCallersAndResizes) {
  set_num_threads(4);
  std::atomic<bool> stop{false};
  std::thread resizer([&] {
    int n = 1;
    while (!stop.load()) {
      set_num_threads(n);
      n = n % 5 + 1;
      std::this_thread::yield();
    }
  });
  std::vector<std::thread> callers;
  std::atomic<int> failures{0};
  for (int t = 0; t < 3; ++t) {
    callers.emplace_back([&] {
      for (int rep = 0; rep < 200; ++rep) {
        std::atomic<int64_t> sum{0};
        parallel_for(0, 10000, 100, [&](int64_t b, int64_t e) {
          int64_t s = 0;
          for (int64_t i = b; i < e; ++i) s += i;
          sum.fetch_add(s);
        });
        if (sum.load() != 10000LL * 9999 / 2) failures.fetch_add(1);
      }
    });
  }
  for (auto& c : callers) c.join();
  stop.store(true);
  resizer.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST_F(ParallelTest, ExceptionsReachTheCaller) {
  set_num_threads(4);
  EXPECT_THROW(parallel_for(0, 1000, 10,
                            [&](int64_t b, int64_t) {
                              if (b >= 500) JS_ERROR("boom");
                            }),
               Error);
  // The pool still works afterwards.
  checkCoversOnce(0, 1000, 10);
  EXPECT_THROW(set_num_threads(0), Error);
}

}  // namespace
}  // namespace jitserve
