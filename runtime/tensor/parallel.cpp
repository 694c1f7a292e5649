// The intra-op pool. Jobs (one per parallel_for call) sit in a queue; the
// caller and any idle workers claim chunks of the front job through an
// atomic counter. A job is unlinked from the queue when its chunks are all
// claimed, and the caller waits until every worker that picked it up has
// let go, so the job can live on the caller's stack.
#include "runtime/tensor/parallel.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/support/error.h"
#include "runtime/support/thread_pool.h"

namespace jitserve {
namespace {

thread_local bool t_in_parallel = false;
thread_local int t_thread_num = 0;

struct Job {
  FunctionRef<void(int64_t, int64_t)> fn;
  int64_t begin, end, chunk, nchunks;
  std::atomic<int64_t> next{0};      // next chunk index to claim
  std::atomic<bool> failed{false};
  std::exception_ptr error;          // guarded by Pool::mu_
  int active_workers = 0;            // guarded by Pool::mu_
  std::condition_variable done_cv;   // signalled when active_workers hits 0

  Job(FunctionRef<void(int64_t, int64_t)> f, int64_t b, int64_t e, int64_t c, int64_t n)
      : fn(f), begin(b), end(e), chunk(c), nchunks(n) {}
};

class Pool {
 public:
  Pool() {
    int n = static_cast<int>(std::thread::hardware_concurrency());
    if (const char* env = std::getenv("JITSERVE_NUM_THREADS")) n = std::atoi(env);
    num_threads_.store(std::max(n, 1));
  }
  ~Pool() {
    {
      std::lock_guard<std::mutex> g(mu_);
      shutdown_ = true;
    }
    work_cv_.notify_all();
    for (auto& w : workers_) w->thread.join();
  }

  int numThreads() const { return num_threads_.load(std::memory_order_relaxed); }

  void setNumThreads(int n) {
    JS_CHECK(n >= 1, "set_num_threads: expected a positive number of threads, got ", n);
    num_threads_.store(n, std::memory_order_relaxed);
    std::vector<std::unique_ptr<Worker>> retired;
    {
      std::lock_guard<std::mutex> g(mu_);
      // Extra workers get their own stop flag (so a concurrent grow cannot
      // revive them) and are joined outside the lock once idle.
      while (static_cast<int>(workers_.size()) > n - 1) {
        workers_.back()->stop = true;
        retired.push_back(std::move(workers_.back()));
        workers_.pop_back();
      }
    }
    work_cv_.notify_all();
    for (auto& w : retired) w->thread.join();
  }

  void run(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn) {
    const int threads = numThreads();
    const int64_t range = end - begin;
    const int64_t max_chunks = std::max<int64_t>(1, range / std::max<int64_t>(grain, 1));
    const int64_t nchunks = std::min<int64_t>(threads, max_chunks);
    if (nchunks <= 1) {
      runInline(begin, end, fn);
      return;
    }
    const int64_t chunk = (range + nchunks - 1) / nchunks;
    Job job(fn, begin, end, chunk, (range + chunk - 1) / chunk);
    {
      std::lock_guard<std::mutex> g(mu_);
      ensureWorkers(threads - 1);
      queue_.push_back(&job);
    }
    // Wake just enough workers; each wakes on one notify.
    for (int64_t i = 1; i < job.nchunks; ++i) work_cv_.notify_one();

    work(job);

    std::unique_lock<std::mutex> lk(mu_);
    unlink(&job);
    job.done_cv.wait(lk, [&] { return job.active_workers == 0; });
    if (job.error) std::rethrow_exception(job.error);
  }

 private:
  static void runInline(int64_t begin, int64_t end, FunctionRef<void(int64_t, int64_t)> fn) {
    t_in_parallel = true;
    try {
      fn(begin, end);
    } catch (...) {
      t_in_parallel = false;
      throw;
    }
    t_in_parallel = false;
  }

  // Claims and runs chunks of `job` until none are left.
  void work(Job& job) {
    const bool was = t_in_parallel;
    t_in_parallel = true;
    for (;;) {
      const int64_t c = job.next.fetch_add(1, std::memory_order_relaxed);
      if (c >= job.nchunks) break;
      if (job.failed.load(std::memory_order_relaxed)) continue;  // skip the rest after an error
      const int64_t b = job.begin + c * job.chunk;
      const int64_t e = std::min(job.end, b + job.chunk);
      try {
        job.fn(b, e);
      } catch (...) {
        std::lock_guard<std::mutex> g(mu_);
        if (!job.error) job.error = std::current_exception();
        job.failed.store(true, std::memory_order_relaxed);
      }
    }
    t_in_parallel = was;
  }

  void unlink(Job* job) {
    auto it = std::find(queue_.begin(), queue_.end(), job);
    if (it != queue_.end()) queue_.erase(it);
  }

  void ensureWorkers(int n) {  // mu_ held
    while (static_cast<int>(workers_.size()) < n) {
      auto w = std::make_unique<Worker>();
      Worker* self = w.get();
      const int index = static_cast<int>(workers_.size()) + 1;
      w->thread = std::thread([this, self, index] { workerLoop(self, index); });
      workers_.push_back(std::move(w));
    }
  }

  struct Worker {
    std::thread thread;
    bool stop = false;  // guarded by mu_
  };

  void workerLoop(Worker* self, int index) {
    t_thread_num = index;
    std::unique_lock<std::mutex> lk(mu_);
    for (;;) {
      work_cv_.wait(lk, [&] { return shutdown_ || self->stop || !queue_.empty(); });
      if (shutdown_ || self->stop) return;
      Job* job = queue_.front();
      if (job->next.load(std::memory_order_relaxed) >= job->nchunks) {
        // Fully claimed: drop it from the queue so others do not spin on it.
        queue_.pop_front();
        continue;
      }
      ++job->active_workers;
      lk.unlock();
      work(*job);
      lk.lock();
      if (--job->active_workers == 0) job->done_cv.notify_all();
    }
  }

  std::atomic<int> num_threads_{1};
  std::mutex mu_;
  std::condition_variable work_cv_;
  std::deque<Job*> queue_;
  std::vector<std::unique_ptr<Worker>> workers_;
  bool shutdown_ = false;
};

Pool& pool() {
  // Leaked on purpose: worker threads must not be joined during static
  // destruction, when other statics they might touch are gone.
  static Pool* p = new Pool();
  return *p;
}

}  // namespace

int get_num_threads() { return pool().numThreads(); }
void set_num_threads(int n) { pool().setNumThreads(n); }
bool in_parallel_region() { return t_in_parallel; }
int get_num_interop_threads() { return interOpPoolSize(); }
void set_num_interop_threads(int n) { setInterOpPoolSize(n); }
int get_thread_num() { return t_thread_num; }

namespace detail {
void parallel_for_impl(int64_t begin, int64_t end, int64_t grain, FunctionRef<void(int64_t, int64_t)> fn) {
  pool().run(begin, end, grain, fn);
}
}  // namespace detail

}  // namespace jitserve
