// Server: the running daemon: the ServingCore (server/core) plus the front
// ends that expose it: the gRPC server (jitserve.v1, KServe v2,
// grpc.health.v1, server reflection), the admin gRPC server and the
// Prometheus exposer.
//
// Metrics (metrics.h) are served on --metrics-host:--metrics-port at
// /metrics; the chosen port is logged as "jitserved: metrics listening on
// HOST:PORT".
//
// The admin API (admin_service.h) runs on its own gRPC server on
// --admin-host:--admin-port, only when --admin-token-file is given; its port
// is logged as "jitserved: admin listening on HOST:PORT".
//
// Lifecycle: create() makes the core (which loads the model repository),
// then starts listening;
// health reports SERVING from then on. shutdown(grace) flips health to
// NOT_SERVING and KServe ServerReady to false, answers new inference and
// loads with UNAVAILABLE (retryable), waits within `grace` until admitted
// calls finished and no request arrived for 200 ms, then shuts gRPC down
// with what is left of `grace` (gRPC then cancels what still runs, which
// the interpreter observes), and stops the workers.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <grpcpp/grpcpp.h>

#include "absl/status/statusor.h"
#include "server/core/serving_core.h"
#include "server/server_config.h"


namespace jitserve::server {

class NativeService;
class KServeService;
class AdminService;
class MetricsCollector;
class MetricsHttpServer;

class Server {
 public:
  static absl::StatusOr<std::unique_ptr<Server>> create(ServerConfig config);
  ~Server();

  // The port the gRPC server listens on (the chosen one when configured as 0).
  int grpcPort() const { return grpcPort_; }
  int metricsPort() const { return metricsPort_; }
  int adminPort() const { return adminPort_; }
  ServingCore& core() { return *core_; }

  // delay: how long requests are still admitted after health turns
  // NOT_SERVING (ServerConfig::shutdownDelayMs), within `grace`.
  void shutdown(std::chrono::milliseconds grace, std::chrono::milliseconds delay = std::chrono::milliseconds(0));

 private:
  Server() = default;

  std::unique_ptr<ServingCore> core_;
  std::shared_ptr<MetricsCollector> metricsCollector_;
  std::unique_ptr<NativeService> native_;
  std::unique_ptr<KServeService> kserve_;
  std::unique_ptr<grpc::Server> grpc_;
  std::unique_ptr<AdminService> admin_;
  std::unique_ptr<grpc::Server> adminGrpc_;
  // Declared last: stops serving /metrics before what it reads goes away.
  std::unique_ptr<MetricsHttpServer> metricsHttp_;
  int grpcPort_ = 0;
  int metricsPort_ = 0;
  int adminPort_ = 0;
  bool stopped_ = false;
};

}  // namespace jitserve::server
