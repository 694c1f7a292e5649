// AdminService: jitserve.admin.v1, the operators' view inside the daemon:
// graph dumps per stage (emitted, after each pass, each cached plan, code),
// GraphExecutor plan cache statistics, the JIT log level and the
// optimization switch at run time, and "will this archive run here?"
// (CheckModel).
//
// It runs on its own gRPC server and port (loopback by default) and only
// when a token is configured: every call must carry `authorization: Bearer
// <token>` (compared in constant time), else UNAUTHENTICATED.
#pragma once

#include <string>

#include "proto/jitserve/admin/v1/admin.grpc.pb.h"
#include "server/core/serving_core.h"

namespace jitserve::server {

class AdminService final : public jitserve::admin::v1::Admin::CallbackService {
 public:
  AdminService(ServingCore& core, std::string token) : core_(core), token_(std::move(token)) {}

  grpc::ServerUnaryReactor* GetGraph(grpc::CallbackServerContext* ctx,
                                     const jitserve::admin::v1::GetGraphRequest* request,
                                     jitserve::admin::v1::GetGraphResponse* response) override;
  grpc::ServerUnaryReactor* GetExecutorStats(grpc::CallbackServerContext* ctx,
                                             const jitserve::admin::v1::GetExecutorStatsRequest* request,
                                             jitserve::admin::v1::GetExecutorStatsResponse* response) override;
  grpc::ServerUnaryReactor* GetLogLevel(grpc::CallbackServerContext* ctx,
                                        const jitserve::admin::v1::GetLogLevelRequest* request,
                                        jitserve::admin::v1::LogLevel* response) override;
  grpc::ServerUnaryReactor* SetLogLevel(grpc::CallbackServerContext* ctx, const jitserve::admin::v1::LogLevel* request,
                                        jitserve::admin::v1::LogLevel* response) override;
  grpc::ServerUnaryReactor* GetOptimization(grpc::CallbackServerContext* ctx,
                                            const jitserve::admin::v1::GetOptimizationRequest* request,
                                            jitserve::admin::v1::Optimization* response) override;
  grpc::ServerUnaryReactor* SetOptimization(grpc::CallbackServerContext* ctx,
                                            const jitserve::admin::v1::Optimization* request,
                                            jitserve::admin::v1::Optimization* response) override;
  grpc::ServerReadReactor<jitserve::admin::v1::CheckModelRequest>* CheckModel(
      grpc::CallbackServerContext* ctx, jitserve::admin::v1::CheckModelResponse* response) override;

 private:
  absl::Status authorize(const grpc::CallbackServerContext* ctx) const;

  ServingCore& core_;
  const std::string token_;
};

// Reads the token file: its content without surrounding whitespace;
// InvalidArgument when it cannot be read or is empty.
absl::StatusOr<std::string> readAdminToken(const std::string& path);

}  // namespace jitserve::server
