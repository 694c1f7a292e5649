#include "server/core/executor_pool.h"

namespace jitserve::server {

ExecutorPool::ExecutorPool(size_t numThreads, size_t maxQueue)
    : numThreads_(numThreads ? numThreads : 1), maxQueue_(maxQueue) {
  threads_.reserve(numThreads_);
  for (size_t i = 0; i < numThreads_; ++i) threads_.emplace_back([this] { workerLoop(); });
}

ExecutorPool::~ExecutorPool() { shutdown(); }

bool ExecutorPool::trySubmit(std::function<void()> job) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ || queue_.size() >= maxQueue_) return false;
    queue_.push_back(std::move(job));
  }
  cv_.notify_one();
  return true;
}

void ExecutorPool::shutdown() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
  }
  cv_.notify_all();
  for (auto& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

size_t ExecutorPool::queueDepth() const {
  std::lock_guard<std::mutex> lock(mu_);
  return queue_.size();
}

void ExecutorPool::workerLoop() {
  for (;;) {
    std::function<void()> job;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping and drained
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job();
  }
}

}  // namespace jitserve::server
