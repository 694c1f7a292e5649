// Client: a C++ client of jitserved's native API (jitserve.v1).
//
//   auto c = Client::connect("127.0.0.1:8001");
//   auto info = (*c)->loadSource("mlp", "1", source);
//   jitserve::v1::InferRequest req; ...; auto out = (*c)->infer(req);
//
// Every call returns absl::Status(Or) carrying the server's gRPC code and
// message; `timeout` bounds each call (zero: no deadline). Archives are
// streamed in chunks; `progress` (if set) is called with bytes sent so far.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "client/channel_credentials.h"
#include "proto/grpc/health/v1/health.grpc.pb.h"
#include "proto/jitserve/v1/jitserve.grpc.pb.h"

namespace jitserve::client {

class Client {
 public:
  static absl::StatusOr<std::unique_ptr<Client>> connect(const std::string& target,
                                                         std::chrono::milliseconds timeout = std::chrono::seconds(60),
                                                         const TlsFiles& tls = {});

  absl::StatusOr<jitserve::v1::ModelInfo> loadSource(const std::string& name, const std::string& version,
                                                     const std::string& source, const std::string& entry = "");
  absl::StatusOr<jitserve::v1::ModelInfo> loadArchive(const std::string& name, const std::string& version,
                                                      const std::string& bytes,
                                                      const std::function<void(size_t sent, size_t total)>& progress = {});
  absl::Status unload(const std::string& name, const std::string& version = "");
  absl::StatusOr<jitserve::v1::ListModelsResponse> listModels();
  absl::StatusOr<jitserve::v1::DescribeModelResponse> describe(const std::string& name, const std::string& version = "");
  absl::StatusOr<jitserve::v1::InferResponse> infer(const jitserve::v1::InferRequest& request);
  // grpc.health.v1.Health/Check of `service` ("": the whole server), as the
  // Kubernetes gRPC probe asks it. An unknown service is NOT_FOUND.
  absl::StatusOr<grpc::health::v1::HealthCheckResponse::ServingStatus> health(const std::string& service = "");

  static constexpr size_t kChunkBytes = size_t{1} << 20;

 private:
  Client(std::shared_ptr<grpc::Channel> channel, std::chrono::milliseconds timeout);
  void prepare(grpc::ClientContext& ctx) const;
  absl::StatusOr<jitserve::v1::ModelInfo> load(const jitserve::v1::ModelHeader& header, const std::string* archive,
                                               const std::function<void(size_t, size_t)>& progress);

  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<jitserve::v1::JitServe::Stub> stub_;
  std::chrono::milliseconds timeout_;
};

}  // namespace jitserve::client
