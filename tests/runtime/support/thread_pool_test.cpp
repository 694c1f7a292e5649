// ThreadPool: bounded threads however many tasks, resizing, helpUntil on a
// pool whose only worker waits.
#include "runtime/support/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "runtime/support/error.h"

namespace jitserve {
namespace {

// Tasks here bump an atomic and wake() the pool; the test thread waits for
// the count with helpUntil (a plain wait off the pool's workers).
void waitFor(ThreadPool& pool, const std::atomic<int>& v, int target) {
  pool.helpUntil([&] { return v.load() >= target; });
}

TEST(ThreadPool, ManyTasksUseAtMostSizeThreads) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.stats().liveThreads, 0);  // lazily started
  std::atomic<int> done{0};
  constexpr int kTasks = 10000;
  for (int i = 0; i < kTasks; ++i) {
    pool.schedule([&] {
      if (done.fetch_add(1) + 1 == kTasks) pool.wake();
    });
  }
  waitFor(pool, done, kTasks);
  const ThreadPool::Stats s = pool.stats();
  EXPECT_LE(s.peakThreads, 3);
  EXPECT_GE(s.peakThreads, 1);
  EXPECT_EQ(s.size, 3);
}

TEST(ThreadPool, TasksRunOnWorkers) {
  ThreadPool pool(2);
  EXPECT_FALSE(pool.onWorkerThread());
  std::atomic<int> onWorker{0};
  std::atomic<int> done{0};
  for (int i = 0; i < 8; ++i) {
    pool.schedule([&] {
      if (pool.onWorkerThread()) onWorker.fetch_add(1);
      done.fetch_add(1);
      pool.wake();
    });
  }
  waitFor(pool, done, 8);
  EXPECT_EQ(onWorker.load(), 8);
}

TEST(ThreadPool, HelpUntilOnTheOnlyWorkerRunsQueuedTasks) {
  // The single worker waits for a task queued behind it: without helping,
  // nobody would ever run it.
  ThreadPool pool(1);
  std::atomic<int> inner{0};
  std::atomic<int> outer{0};
  pool.schedule([&] {
    pool.schedule([&] {
      inner.store(1);
      pool.wake();
    });
    pool.helpUntil([&] { return inner.load() == 1; });
    outer.store(1);
    pool.wake();
  });
  waitFor(pool, outer, 1);
  EXPECT_EQ(inner.load(), 1);
  EXPECT_EQ(pool.stats().peakThreads, 1);
}

TEST(ThreadPool, ResizeAtAnyTime) {
  ThreadPool pool(1);
  std::atomic<int> done{0};
  auto runBatch = [&](int n) {
    const int target = done.load() + n;
    for (int i = 0; i < n; ++i) {
      pool.schedule([&] {
        done.fetch_add(1);
        pool.wake();
      });
    }
    waitFor(pool, done, target);
  };
  runBatch(100);
  EXPECT_EQ(pool.stats().peakThreads, 1);
  pool.setSize(4);
  EXPECT_EQ(pool.size(), 4);
  // Four tasks that each wait until all four run at once: only a pool that
  // really grew to four workers finishes them.
  std::atomic<int> arrived{0};
  for (int i = 0; i < 4; ++i) {
    pool.schedule([&] {
      arrived.fetch_add(1);
      pool.wake();
      while (arrived.load() < 4) std::this_thread::yield();
      done.fetch_add(1);
      pool.wake();
    });
  }
  waitFor(pool, arrived, 4);
  EXPECT_EQ(pool.stats().peakThreads, 4);
  pool.setSize(2);
  runBatch(100);
  EXPECT_EQ(pool.size(), 2);
  EXPECT_LE(pool.stats().peakThreads, 4);
  EXPECT_THROW(pool.setSize(0), Error);
}

TEST(ThreadPool, StatsCountCompletedTasks) {
  ThreadPool pool(2);
  std::atomic<int> done{0};
  for (int i = 0; i < 50; ++i) {
    pool.schedule([&] {
      done.fetch_add(1);
      pool.wake();
    });
  }
  waitFor(pool, done, 50);
  // A task counts as completed once its worker is back from it.
  for (;;) {
    const ThreadPool::Stats s = pool.stats();
    if (s.completed == 50) break;
    std::this_thread::yield();
  }
  EXPECT_EQ(pool.stats().queued, 0u);
}

TEST(ThreadPool, InterOpPoolIsResizable) {
  const int before = interOpPoolSize();
  EXPECT_GE(before, 1);
  setInterOpPoolSize(3);
  EXPECT_EQ(interOpPoolSize(), 3);
  EXPECT_EQ(interOpPool().stats().size, 3);
  setInterOpPoolSize(before);
  EXPECT_EQ(interOpPoolSize(), before);
}

}  // namespace
}  // namespace jitserve
