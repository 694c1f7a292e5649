#include "runtime/support/thread_pool.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "runtime/support/error.h"

namespace jitserve {

namespace {
// The pool whose worker this thread is (null elsewhere).
thread_local const ThreadPool* t_pool = nullptr;
}  // namespace

ThreadPool::ThreadPool(int size) : size_(size) {
  JS_CHECK(size >= 1, "ThreadPool: expected a positive number of threads, got ", size);
}

ThreadPool::~ThreadPool() {
  std::vector<std::thread> all;
  {
    std::unique_lock<std::mutex> lk(mu_);
    shutdown_ = true;
    // Destroy the discarded tasks outside the lock: their captures may run
    // arbitrary destructors.
    std::deque<Task> discarded = std::move(queue_);
    queue_.clear();
    lk.unlock();
    discarded.clear();
    lk.lock();
    workCv_.notify_all();
    helpCv_.notify_all();
    exitCv_.wait(lk, [&] { return live_ == 0; });
    for (auto& [id, t] : threads_) all.push_back(std::move(t));
    threads_.clear();
    for (auto& t : exited_) all.push_back(std::move(t));
    exited_.clear();
  }
  for (auto& t : all) t.join();
}

void ThreadPool::schedule(Task fn) {
  {
    std::lock_guard<std::mutex> g(mu_);
    if (shutdown_) return;
    queue_.push_back(std::move(fn));
    if (idle_ > 0) {
      workCv_.notify_one();
    } else if (helpersWaiting_ > 0) {
      // A worker blocked in helpUntil is free to run it.
      helpCv_.notify_all();
    }
    // A woken worker counts as idle until it pops a task, so compare with
    // the queue: start a worker only for tasks no waiting thread will take.
    if (queue_.size() > static_cast<size_t>(idle_ + helpersWaiting_)) ensureWorkerLocked();
  }
  reapExited();
}

void ThreadPool::ensureWorkerLocked() {
  if (live_ >= size()) return;
  ++live_;
  peak_ = std::max(peak_, live_);
  std::thread t([this] { workerLoop(); });
  const std::thread::id id = t.get_id();
  threads_.emplace(id, std::move(t));
}

void ThreadPool::setSize(int n) {
  JS_CHECK(n >= 1, "ThreadPool: expected a positive number of threads, got ", n);
  {
    std::lock_guard<std::mutex> g(mu_);
    size_.store(n, std::memory_order_relaxed);
    // Extra idle workers exit; queued tasks may now use more workers.
    workCv_.notify_all();
    for (size_t i = 0; i < queue_.size() && live_ < n; ++i) ensureWorkerLocked();
  }
  reapExited();
}

ThreadPool::Stats ThreadPool::stats() const {
  std::lock_guard<std::mutex> g(mu_);
  Stats s;
  s.size = size();
  s.liveThreads = live_;
  s.peakThreads = peak_;
  s.queued = queue_.size();
  s.running = running_;
  s.completed = completed_;
  return s;
}

void ThreadPool::runFrontLocked(std::unique_lock<std::mutex>& lk) {
  Task t = std::move(queue_.front());
  queue_.pop_front();
  ++running_;
  lk.unlock();
  try {
    t();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "jitserve: exception escaped a thread pool task: %s\n", e.what());
    std::terminate();
  } catch (...) {
    std::fprintf(stderr, "jitserve: exception escaped a thread pool task\n");
    std::terminate();
  }
  // The task's captures die here, unlocked (they may schedule or wait).
  t = nullptr;
  lk.lock();
  --running_;
  ++completed_;
}

void ThreadPool::workerLoop() {
  t_pool = this;
  std::unique_lock<std::mutex> lk(mu_);
  for (;;) {
    if (shutdown_ || live_ > size()) break;
    if (!queue_.empty()) {
      runFrontLocked(lk);
      continue;
    }
    ++idle_;
    workCv_.wait(lk);
    --idle_;
  }
  --live_;
  // A task queued for us (we were idle when it came) goes to another
  // worker or to a worker waiting in helpUntil.
  if (!queue_.empty()) {
    workCv_.notify_one();
    helpCv_.notify_all();
  }
  // Hand our own std::thread to whoever joins next: a thread cannot join itself.
  auto it = threads_.find(std::this_thread::get_id());
  if (it != threads_.end()) {
    exited_.push_back(std::move(it->second));
    threads_.erase(it);
  }
  exitCv_.notify_all();
}

void ThreadPool::reapExited() {
  std::vector<std::thread> done;
  {
    std::lock_guard<std::mutex> g(mu_);
    if (exited_.empty()) return;
    done.swap(exited_);
  }
  for (auto& t : done) t.join();
}

void ThreadPool::helpUntil(const std::function<bool()>& done) {
  const bool worker = onWorkerThread();
  std::unique_lock<std::mutex> lk(mu_);
  while (!done()) {
    if (worker && !queue_.empty() && !shutdown_) {
      runFrontLocked(lk);
      continue;
    }
    if (worker) ++helpersWaiting_;
    helpCv_.wait(lk);
    if (worker) --helpersWaiting_;
  }
}

void ThreadPool::wake() {
  // Taking the lock orders this after a helper's check of done(): either
  // it saw the new state, or it is already waiting and gets the notify.
  std::lock_guard<std::mutex> g(mu_);
  helpCv_.notify_all();
}

bool ThreadPool::onWorkerThread() const { return t_pool == this; }

namespace {
int defaultInterOpSize() {
  int n = static_cast<int>(std::thread::hardware_concurrency());
  if (const char* env = std::getenv("JITSERVE_INTEROP_THREADS")) n = std::atoi(env);
  return std::max(n, 1);
}
}  // namespace

ThreadPool& interOpPool() {
  // Leaked on purpose: workers must not be joined during static destruction.
  static ThreadPool* pool = new ThreadPool(defaultInterOpSize());
  return *pool;
}

int interOpPoolSize() { return interOpPool().size(); }

void setInterOpPoolSize(int n) { interOpPool().setSize(n); }

}  // namespace jitserve
