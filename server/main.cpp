// jitserved: the jitserve daemon. See docs/server.md and server_config.h for
// the flags. SIGTERM or SIGINT drain in-flight requests (--drain-grace-ms)
// and exit 0.
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>

#include "server/server.h"

namespace {

// The signal handler only writes the signal number to a pipe that main()
// waits on. A handler (rather than a blocked mask and sigwait) works whatever
// signal mask the threads of our libraries (gRPC) set for themselves.
int gSignalPipe[2] = {-1, -1};

void onSignal(int sig) {
  const unsigned char b = static_cast<unsigned char>(sig);
  const int saved = errno;
  (void)!write(gSignalPipe[1], &b, 1);
  errno = saved;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace jitserve::server;
  std::vector<std::string> args(argv + 1, argv + argc);
  auto config = parseServerConfig(args);
  if (!config.ok()) {
    if (absl::IsCancelled(config.status())) {
      std::cout << config.status().message();
      return 0;
    }
    std::cerr << "jitserved: " << config.status().message() << "\n";
    return 2;
  }
  if (pipe(gSignalPipe) != 0) {
    std::cerr << "jitserved: pipe: " << std::strerror(errno) << "\n";
    return 1;
  }
  struct sigaction sa {};
  sa.sa_handler = onSignal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGTERM, &sa, nullptr);
  sigaction(SIGINT, &sa, nullptr);

  const auto grace = std::chrono::milliseconds(config->drainGraceMs);
  const auto delay = std::chrono::milliseconds(config->shutdownDelayMs);
  auto server = Server::create(std::move(*config));
  if (!server.ok()) {
    std::cerr << "jitserved: " << server.status().message() << "\n";
    return 1;
  }
  unsigned char sig = 0;
  while (read(gSignalPipe[0], &sig, 1) != 1) {
    if (errno != EINTR) break;
  }
  std::cerr << "jitserved: " << (sig == SIGTERM ? "SIGTERM" : "SIGINT") << ": draining (grace " << grace.count()
            << " ms)" << std::endl;
  (*server)->shutdown(grace, delay);
  std::cerr << "jitserved: stopped" << std::endl;
  return 0;
}
