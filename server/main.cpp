// jitserved: the jitserve daemon. See docs/server.md and server_config.h for
// the flags. SIGTERM or SIGINT drain in-flight requests (--drain-grace-ms)
// and exit 0.
#include <csignal>
#include <iostream>
#include <pthread.h>

#include "server/server.h"

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
  // Block the signals in every thread (the gRPC and worker threads inherit
  // the mask); this thread takes them with sigwait.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  if (config->adminPort != 0 || config->metricsPort != 0 || !config->adminTokenFile.empty()) {
    std::cerr << "jitserved: note: the admin API and /metrics are not implemented yet; "
                 "--admin-port, --metrics-port and --admin-token-file are accepted and ignored\n";
  }
  const auto grace = std::chrono::milliseconds(config->drainGraceMs);
  auto server = Server::create(std::move(*config));
  if (!server.ok()) {
    std::cerr << "jitserved: " << server.status().message() << "\n";
    return 1;
  }
  int sig = 0;
  sigwait(&signals, &sig);
  std::cerr << "jitserved: " << (sig == SIGTERM ? "SIGTERM" : "SIGINT") << ": draining (grace " << grace.count()
            << " ms)" << std::endl;
  (*server)->shutdown(grace);
  std::cerr << "jitserved: stopped" << std::endl;
  return 0;
}
