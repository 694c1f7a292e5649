// MetricsHttpServer: Prometheus' text format at GET /metrics, on threads of
// our own.
//
// prometheus-cpp's Exposer runs civetweb, whose worker threads have fixed
// 100 KB stacks; glibc carves every loaded library's static TLS out of each
// thread's stack (OpenBLAS alone takes 60 KB), so the exposer broke as soon
// as the CUDA runtime was linked in. This listener is deliberately small:
// one thread accepts and answers one connection at a time, with 5 s read
// and write deadlines and an 8 KiB request limit, then closes it (a scrape
// every few seconds needs no more, and a slow or hostile client holds it
// for 5 s at most). GET and HEAD of /metrics answer 200; another path 404;
// another method 405; a malformed or oversized request 400.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "absl/status/statusor.h"
#include "prometheus/collectable.h"

namespace jitserve::server {

class MetricsHttpServer {
 public:
  // Listens on host:port (port 0: any free one). Fails naming the address
  // when it cannot.
  static absl::StatusOr<std::unique_ptr<MetricsHttpServer>> Start(const std::string& host, int port,
                                                                  std::shared_ptr<prometheus::Collectable> collector);
  ~MetricsHttpServer();  // stops listening and joins the thread
  MetricsHttpServer(const MetricsHttpServer&) = delete;
  MetricsHttpServer& operator=(const MetricsHttpServer&) = delete;

  int port() const { return port_; }

 private:
  MetricsHttpServer(int fd, int port, std::shared_ptr<prometheus::Collectable> collector);
  void acceptLoop();
  void serve(int fd) const;
  std::string body() const;

  const int listenFd_;
  const int port_;
  const std::shared_ptr<prometheus::Collectable> collector_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace jitserve::server
