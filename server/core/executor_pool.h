// ExecutorPool: the worker threads that run inference, off the gRPC threads.
//
// A fixed number of workers take jobs from one FIFO queue bounded at
// `maxQueue` waiting jobs; trySubmit refuses (returns false) when the queue
// is full or the pool is shutting down, which the services answer with
// RESOURCE_EXHAUSTED / UNAVAILABLE. shutdown() stops accepting, lets the
// workers finish every queued job, and joins them.
//
// Thread safety: trySubmit and queueDepth may be called from any thread.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace jitserve::server {

class ExecutorPool {
 public:
  ExecutorPool(size_t numThreads, size_t maxQueue);
  ~ExecutorPool();
  ExecutorPool(const ExecutorPool&) = delete;
  ExecutorPool& operator=(const ExecutorPool&) = delete;

  bool trySubmit(std::function<void()> job);
  void shutdown();

  size_t queueDepth() const;
  size_t numThreads() const { return numThreads_; }
  size_t maxQueue() const { return maxQueue_; }

 private:
  void workerLoop();

  const size_t numThreads_;
  const size_t maxQueue_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::function<void()>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace jitserve::server
