#include "tools/conform/isolation.h"

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <map>

namespace jitserve::conform {
namespace {

using Clock = std::chrono::steady_clock;

struct Child {
  size_t item;
  pid_t pid;
  int fd;
  std::string output;
  Clock::time_point start;
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

// The child's report: "P" or "F" then the reason.
ItemResult parseReport(const std::string& out) {
  ItemResult r;
  if (out.empty()) return r;
  r.passed = out[0] == 'P';
  r.reason = out.substr(1);
  return r;
}

}  // namespace

std::vector<ItemResult> runIsolated(size_t count, const std::function<ItemResult(size_t)>& body,
                                    const IsolationOptions& options) {
  std::vector<ItemResult> results(count);
  std::map<int, Child> running;  // by pipe fd
  size_t next = 0, done = 0;
  const int jobs = options.jobs < 1 ? 1 : options.jobs;

  auto launch = [&](size_t item) {
    int fds[2];
    if (::pipe(fds) != 0) {
      results[item].reason = std::string("pipe failed: ") + strerror(errno);
      ++done;
      return;
    }
    std::fflush(stdout);
    std::fflush(stderr);
    pid_t pid = ::fork();
    if (pid < 0) {
      results[item].reason = std::string("fork failed: ") + strerror(errno);
      ::close(fds[0]);
      ::close(fds[1]);
      ++done;
      return;
    }
    if (pid == 0) {
      ::close(fds[0]);
      // What the program prints (prim::Print) is not the runner's output.
      if (FILE* devnull = std::freopen("/dev/null", "w", stdout); !devnull) std::fclose(stdout);
      ItemResult r;
      try {
        r = body(item);
      } catch (const std::exception& e) {
        r.passed = false;
        r.reason = std::string("uncaught exception: ") + e.what();
      }
      writeAll(fds[1], std::string(r.passed ? "P" : "F") + r.reason);
      ::close(fds[1]);
      std::fflush(stdout);
      std::fflush(stderr);
      ::_exit(0);  // skip static destructors: the parent owns shared state
    }
    ::close(fds[1]);
    running.emplace(fds[0], Child{item, pid, fds[0], {}, Clock::now()});
  };

  while (done < count) {
    while (next < count && static_cast<int>(running.size()) < jobs) launch(next++);
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
      if (!finished && now - c.start > options.timeout) {
        ::kill(c.pid, SIGKILL);
        c.timedOut = true;
        finished = true;
      }
      if (!finished) continue;
      int status = 0;
      while (::waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {}
      ItemResult r;
      if (c.timedOut) {
        r.reason = "timed out after " + std::to_string(options.timeout.count() / 1000.0).substr(0, 5) + " s";
      } else if (c.output.empty()) {
        r.reason = describeExit(status);
      } else {
        r = parseReport(c.output);
      }
      r.seconds = std::chrono::duration<double>(Clock::now() - c.start).count();
      if (options.onResult) options.onResult(c.item, r);
      results[c.item] = std::move(r);
      ::close(p.fd);
      running.erase(p.fd);
      ++done;
      if (options.progress) std::fprintf(stderr, "\r%zu/%zu", done, count);
    }
  }
  if (options.progress) std::fprintf(stderr, "\n");
  return results;
}

}  // namespace jitserve::conform
