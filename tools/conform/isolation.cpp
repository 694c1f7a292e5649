#include "tools/conform/isolation.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <vector>

namespace jitserve::conform {
namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  std::vector<size_t> items;  // the batch, in order
  size_t reported = 0;        // items whose record has arrived
  pid_t pid;
  int fd;
  std::string output;         // bytes not yet parsed into records
  Clock::time_point lastProgress;
  bool timedOut = false;
};

void writeAll(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    off += static_cast<size_t>(n);
  }
}

std::string describeExit(int status) {
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    return std::string("crashed: signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  if (WIFEXITED(status)) return "child exited with code " + std::to_string(WEXITSTATUS(status)) + " without a result";
  return "child ended abnormally";
}

// A child's record per item: "<P|F> <seconds> <reason bytes>\n" then the
// reason. parseRecord takes one complete record off the front of `buf`.
std::string record(const ItemResult& r) {
  char head[64];
  std::snprintf(head, sizeof head, "%c %.6f %zu\n", r.passed ? 'P' : 'F', r.seconds, r.reason.size());
  return head + r.reason;
}
bool parseRecord(std::string& buf, ItemResult& r) {
  const size_t nl = buf.find('\n');
  if (nl == std::string::npos) return false;
  char pf = 0;
  double seconds = 0;
  size_t len = 0;
  if (std::sscanf(buf.c_str(), "%c %lf %zu", &pf, &seconds, &len) != 3) {
    r = ItemResult{false, "garbled report from the child: " + buf.substr(0, nl), 0};
    buf.clear();
    return true;
  }
  if (buf.size() < nl + 1 + len) return false;
  r = ItemResult{pf == 'P', buf.substr(nl + 1, len), seconds};
  buf.erase(0, nl + 1 + len);
  return true;
}

}  // namespace

std::vector<ItemResult> runIsolated(size_t count, const std::function<ItemResult(size_t)>& body,
                                    const IsolationOptions& options) {
  std::vector<ItemResult> results(count);
  std::map<int, Child> running;  // by pipe fd
  std::deque<size_t> pending;
  for (size_t i = 0; i < count; ++i) pending.push_back(i);
  size_t done = 0;
  const int jobs = options.jobs < 1 ? 1 : options.jobs;
  const size_t batch = options.batch < 1 ? 1 : static_cast<size_t>(options.batch);

  auto finish = [&](size_t item, ItemResult r) {
    if (options.onResult) options.onResult(item, r);
    results[item] = std::move(r);
    ++done;
    if (options.progress) std::fprintf(stderr, "\r%zu/%zu", done, count);
  };

  auto launch = [&](std::vector<size_t> items) {
    int fds[2];
    if (::pipe(fds) != 0) {
      for (size_t item : items) finish(item, ItemResult{false, std::string("pipe failed: ") + strerror(errno), 0});
      return;
    }
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = ::fork();
    if (pid < 0) {
      for (size_t item : items) finish(item, ItemResult{false, std::string("fork failed: ") + strerror(errno), 0});
      ::close(fds[0]);
      ::close(fds[1]);
      return;
    }
    if (pid == 0) {
      ::close(fds[0]);
      // What the program prints (prim::Print) is not the runner's output.
      if (FILE* devnull = std::freopen("/dev/null", "w", stdout); !devnull) std::fclose(stdout);
      for (size_t item : items) {
        const auto t0 = Clock::now();
        ItemResult r;
        try {
          r = body(item);
        } catch (const std::exception& e) {
          r.passed = false;
          r.reason = std::string("uncaught exception: ") + e.what();
        }
        r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        writeAll(fds[1], record(r));
        // A failure may leave state behind (a device error is sticky): the
        // rest of the batch goes to a fresh child.
        if (!r.passed) break;
      }
      ::close(fds[1]);
      std::fflush(stdout);
      std::fflush(stderr);
      ::_exit(0);  // skip static destructors: the parent owns shared state
    }
    ::close(fds[1]);
    running.emplace(fds[0], Child{std::move(items), 0, pid, fds[0], {}, Clock::now()});
  };

  while (done < count) {
    while (!pending.empty() && static_cast<int>(running.size()) < jobs) {
      std::vector<size_t> items;
      while (!pending.empty() && items.size() < batch) items.push_back(pending.front()), pending.pop_front();
      launch(std::move(items));
    }
    if (running.empty()) continue;

    std::vector<pollfd> pfds;
    for (auto& [fd, c] : running) pfds.push_back({fd, POLLIN, 0});
    ::poll(pfds.data(), pfds.size(), 100);

    auto now = Clock::now();
    for (auto& p : pfds) {
      Child& c = running.at(p.fd);
      bool finished = false;
      if (p.revents & (POLLIN | POLLHUP | POLLERR)) {
        char buf[4096];
        ssize_t n = ::read(p.fd, buf, sizeof buf);
        if (n > 0) c.output.append(buf, static_cast<size_t>(n));
        else if (n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN)) finished = true;
      }
      ItemResult r;
      while (c.reported < c.items.size() && parseRecord(c.output, r)) {
        finish(c.items[c.reported++], std::move(r));
        c.lastProgress = Clock::now();
      }
      // The timeout is per item: from the last record (or the start).
      if (!finished && now - c.lastProgress > options.timeout) {
        ::kill(c.pid, SIGKILL);
        c.timedOut = true;
        finished = true;
      }
      if (!finished) continue;
      int status = 0;
      while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {}
      if (c.reported < c.items.size()) {
        // The item under way when the child died (or hung) failed; one after
        // a reported failure did not run; both kinds of rest run again.
        const bool stoppedAfterFailure = !c.timedOut && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
                                         c.reported > 0 && !results[c.items[c.reported - 1]].passed;
        size_t firstRequeued = c.reported;
        if (!stoppedAfterFailure) {
          ItemResult failed;
          failed.reason = c.timedOut ? "timed out after " +
                                           std::to_string(options.timeout.count() / 1000.0).substr(0, 5) + " s"
                                     : describeExit(status);
          failed.seconds = std::chrono::duration<double>(Clock::now() - c.lastProgress).count();
          finish(c.items[c.reported], std::move(failed));
          firstRequeued = c.reported + 1;
        }
        for (size_t i = c.items.size(); i-- > firstRequeued;) pending.push_front(c.items[i]);
      }
      ::close(p.fd);
      running.erase(p.fd);
    }
  }
  if (options.progress) std::fprintf(stderr, "\n");
  return results;
}

}  // namespace jitserve::conform
