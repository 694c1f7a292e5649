// AdminClient: a client of jitserved's admin API (jitserve.admin.v1). Every
// call sends `authorization: Bearer <token>`.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "client/channel_credentials.h"
#include "proto/jitserve/admin/v1/admin.grpc.pb.h"

namespace jitserve::client {

class AdminClient {
 public:
  static absl::StatusOr<std::unique_ptr<AdminClient>> connect(const std::string& target, std::string token,
                                                              std::chrono::milliseconds timeout = std::chrono::seconds(60),
                                                              const TlsFiles& tls = {});

  absl::StatusOr<jitserve::admin::v1::GetGraphResponse> graph(const std::string& model, const std::string& method,
                                                              const std::string& stage, const std::string& version = "");
  absl::StatusOr<jitserve::admin::v1::GetExecutorStatsResponse> stats(const std::string& model = "",
                                                                      const std::string& version = "");
  absl::StatusOr<std::string> logLevel();
  absl::StatusOr<std::string> setLogLevel(const std::string& spec);
  absl::StatusOr<jitserve::admin::v1::Optimization> optimization();
  absl::StatusOr<jitserve::admin::v1::Optimization> setOptimization(bool enabled);
  // "Will this archive run on the server?": streams it (as a load does) and
  // returns the server's report; loads nothing.
  absl::StatusOr<jitserve::admin::v1::CheckModelResponse> check(const std::string& archive,
                                                                const std::string& entry = "",
                                                                const std::string& device = "",
                                                                bool cpuFallback = false);

 private:
  AdminClient(std::unique_ptr<jitserve::admin::v1::Admin::Stub> stub, std::string token,
              std::chrono::milliseconds timeout)
      : stub_(std::move(stub)), token_(std::move(token)), timeout_(timeout) {}
  void prepare(grpc::ClientContext& ctx) const;

  std::unique_ptr<jitserve::admin::v1::Admin::Stub> stub_;
  std::string token_;
  std::chrono::milliseconds timeout_;
};

}  // namespace jitserve::client
