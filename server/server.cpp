#include "server/server.h"

#include <algorithm>
#include <iostream>
#include <thread>

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>

#include "absl/strings/str_cat.h"
#include "runtime/ops/register_all.h"
#include "server/grpc/admin_service.h"
#include "server/grpc/kserve_service.h"
#include "server/grpc/native_service.h"
#include "server/grpc/tls_credentials.h"
#include "server/metrics.h"
#include "server/metrics_http.h"

namespace jitserve::server {

absl::StatusOr<std::unique_ptr<Server>> Server::create(ServerConfig config) {
  ensureOperatorsRegistered();
  std::unique_ptr<Server> s(new Server());
  const ServerConfig& c = config;
  absl::StatusOr<std::unique_ptr<ServingCore>> core = ServingCore::Create(c);
  if (!core.ok()) return core.status();
  s->core_ = std::move(*core);
  s->native_ = std::make_unique<NativeService>(*s->core_);
  s->kserve_ = std::make_unique<KServeService>(*s->core_);

  if (absl::Status tls = checkTlsFiles(c); !tls.ok()) return tls;
  const std::shared_ptr<grpc::ServerCredentials> credentials = serverCredentials(c);
  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();
  grpc::ServerBuilder builder;
  const std::string address = absl::StrCat(c.grpcHost, ":", c.grpcPort);
  builder.AddListeningPort(address, credentials, &s->grpcPort_);
  builder.SetMaxReceiveMessageSize(static_cast<int>(c.maxMessageBytes));
  builder.SetMaxSendMessageSize(static_cast<int>(c.maxMessageBytes));
  builder.RegisterService(s->native_.get());
  builder.RegisterService(s->kserve_.get());
  s->grpc_ = builder.BuildAndStart();
  if (!s->grpc_ || s->grpcPort_ == 0) {
    return absl::UnavailableError(absl::StrCat("cannot listen on ", address));
  }
  if (!c.adminTokenFile.empty()) {
    auto token = readAdminToken(c.adminTokenFile);
    if (!token.ok()) return token.status();
    s->admin_ = std::make_unique<AdminService>(*s->core_, std::move(*token));
    grpc::ServerBuilder adminBuilder;
    const std::string adminAddress = absl::StrCat(c.adminHost, ":", c.adminPort);
    adminBuilder.AddListeningPort(adminAddress, credentials, &s->adminPort_);
    adminBuilder.RegisterService(s->admin_.get());
    s->adminGrpc_ = adminBuilder.BuildAndStart();
    if (!s->adminGrpc_ || s->adminPort_ == 0) return absl::UnavailableError(absl::StrCat("cannot listen on ", adminAddress));
    std::cerr << "jitserved: admin listening on " << c.adminHost << ":" << s->adminPort_ << std::endl;
  } else {
    std::cerr << "jitserved: admin API disabled (no --admin-token-file)" << std::endl;
  }
  s->metricsCollector_ = std::make_shared<MetricsCollector>(*s->core_);
  auto metrics = MetricsHttpServer::Start(c.metricsHost, c.metricsPort, s->metricsCollector_);
  if (!metrics.ok()) return metrics.status();
  s->metricsHttp_ = std::move(*metrics);
  s->metricsPort_ = s->metricsHttp_->port();
  std::cerr << "jitserved: metrics listening on " << c.metricsHost << ":" << s->metricsPort_ << std::endl;
  if (auto* health = s->grpc_->GetHealthCheckService()) {
    // The whole server ("") and each service by its full name.
    health->SetServingStatus(true);
    health->SetServingStatus(jitserve::v1::JitServe::service_full_name(), true);
    health->SetServingStatus(inference::GRPCInferenceService::service_full_name(), true);
  }
  std::cerr << "jitserved: grpc listening on " << c.grpcHost << ":" << s->grpcPort_
            << (c.tlsCert.empty() ? "" : c.tlsClientCa.empty() ? " (TLS)" : " (mutual TLS)") << std::endl;
  return s;
}

Server::~Server() { shutdown(std::chrono::milliseconds(0)); }

void Server::shutdown(std::chrono::milliseconds grace, std::chrono::milliseconds delay) {
  if (stopped_) return;
  stopped_ = true;
  if (grpc_) {
    // Tell load balancers first, refuse new inference with UNAVAILABLE
    // (retryable; KServe ServerReady turns false), and let what was
    // admitted finish; only then stop gRPC,
    // whose shutdown cancels calls still in flight at its deadline.
    if (auto* health = grpc_->GetHealthCheckService()) health->SetServingStatus(false);
    const auto start = std::chrono::steady_clock::now();
    // Requests that still arrive while load balancers notice are served.
    if (delay.count() > 0) std::this_thread::sleep_for(std::min(delay, grace));
    core_->beginDrain();
    core_->waitDrained(start + grace, std::chrono::milliseconds(200));
    const auto left = std::max(std::chrono::steady_clock::duration::zero(),
                               start + grace - std::chrono::steady_clock::now());
    grpc_->Shutdown(std::chrono::system_clock::now() +
                    std::chrono::duration_cast<std::chrono::system_clock::duration>(left));
  }
  if (adminGrpc_) adminGrpc_->Shutdown(std::chrono::system_clock::now());
  core_->shutdown();
  if (grpc_) grpc_->Wait();
  if (adminGrpc_) adminGrpc_->Wait();
}

}  // namespace jitserve::server
