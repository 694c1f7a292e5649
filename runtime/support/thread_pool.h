// ThreadPool: the inter-op pool that runs forked TorchScript tasks.
//
// A FIFO queue of tasks served by at most size() worker threads. Workers are
// started lazily (a task is queued, no worker is idle, fewer than size()
// exist) and the size may change at any time (setSize): growing starts
// workers as tasks arrive, shrinking lets extra workers exit once they
// finish their current task. The number of threads is therefore bounded by
// the size, however many tasks are queued (Stats::peakThreads).
//
// Contract for tasks: a task should not block its worker waiting for another
// task. The interpreter follows this: a forked execution that reaches `wait`
// on an incomplete Future suspends and is re-scheduled when the Future
// completes. Where blocking cannot be avoided (a kernel that runs a function
// to completion), use helpUntil(): the waiting worker runs queued tasks
// while it waits, so a pool whose workers all wait cannot deadlock as long
// as what they wait for is queued or running (not on a frame below them).
//
// Thread safety: every method may be called from any thread, including from
// inside a task.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <vector>

namespace jitserve {

class ThreadPool {
 public:
  using Task = std::function<void()>;

  struct Stats {
    int size = 0;              // configured number of workers
    int liveThreads = 0;       // worker threads that exist now
    int peakThreads = 0;       // most worker threads alive at once
    size_t queued = 0;         // tasks waiting for a worker
    int running = 0;           // tasks being run now (nested helpUntil runs count too)
    uint64_t completed = 0;    // tasks run so far
  };

  // size >= 1.
  explicit ThreadPool(int size);
  // Discards queued tasks that have not started and waits for the workers
  // to exit (each finishes its current task first). Must not be called
  // from one of this pool's tasks.
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // Queues fn; it runs on a worker. Exceptions escaping a task are a bug in
  // the task (tasks report errors through their own Future) and terminate.
  void schedule(Task fn);

  int size() const { return size_.load(std::memory_order_relaxed); }
  // n >= 1; effective at once for new workers, and for extra ones when
  // they finish their current task.
  void setSize(int n);
  Stats stats() const;

  // Blocks until done() is true. On a worker of this pool it runs queued
  // tasks meanwhile; elsewhere it only waits. done() is evaluated under the
  // pool's lock (it must not call into the pool): whoever makes it true
  // must then call wake().
  void helpUntil(const std::function<bool()>& done);
  // Wakes helpUntil() callers to re-check their condition.
  void wake();

  // True on a worker thread of this pool.
  bool onWorkerThread() const;

 private:
  void workerLoop();
  // Starts a worker if a queued task would otherwise wait for one.
  void ensureWorkerLocked();
  // Pops the front task and runs it with the lock released.
  void runFrontLocked(std::unique_lock<std::mutex>& lk);
  // Joins workers that have exited (outside the lock).
  void reapExited();

  std::atomic<int> size_;
  mutable std::mutex mu_;
  std::condition_variable workCv_;    // tasks queued / shutdown / shrink
  std::condition_variable helpCv_;    // helpUntil re-checks
  std::condition_variable exitCv_;    // a worker exited (destructor waits)
  std::deque<Task> queue_;
  std::unordered_map<std::thread::id, std::thread> threads_;  // live workers
  std::vector<std::thread> exited_;   // workers that returned, to be joined
  int live_ = 0;
  int peak_ = 0;
  int idle_ = 0;                      // workers waiting for a task
  int helpersWaiting_ = 0;            // workers waiting inside helpUntil
  int running_ = 0;
  uint64_t completed_ = 0;
  bool shutdown_ = false;
};

// The process-wide inter-op pool (never destroyed). Its default size is the
// number of hardware threads, or JITSERVE_INTEROP_THREADS when set.
ThreadPool& interOpPool();
int interOpPoolSize();
// n >= 1; any time, from any thread.
void setInterOpPoolSize(int n);

}  // namespace jitserve
