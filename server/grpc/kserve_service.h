// KServeService: the KServe v2 / Open Inference Protocol gRPC service
// (inference.GRPCInferenceService) over the loaded models, with Triton's
// model repository and statistics extensions.
//
// A model's KServe face is its default method (`forward`): ModelMetadata
// lists its typed arguments as inputs and its returns as outputs
// ("output__0", ... one per element of a returned tuple); ModelInfer matches
// inputs to arguments by name when every input names an argument, else by
// position, fills the rest from defaults (the core's binder, kModelInputs),
// and answers with raw output contents. ModelStatistics reads the core's
// ServingStats. Repository load/unload require --allow-remote-load. A thin
// front end: protobuf in, the serving core's calls, protobuf out.
#pragma once

#include "proto/inference/grpc_service.grpc.pb.h"
#include "server/core/serving_core.h"

namespace jitserve::server {

class KServeService final : public inference::GRPCInferenceService::CallbackService {
 public:
  explicit KServeService(ServingCore& core) : core_(core) {}

  grpc::ServerUnaryReactor* ServerLive(grpc::CallbackServerContext*, const inference::ServerLiveRequest*,
                                       inference::ServerLiveResponse*) override;
  grpc::ServerUnaryReactor* ServerReady(grpc::CallbackServerContext*, const inference::ServerReadyRequest*,
                                        inference::ServerReadyResponse*) override;
  grpc::ServerUnaryReactor* ModelReady(grpc::CallbackServerContext*, const inference::ModelReadyRequest*,
                                       inference::ModelReadyResponse*) override;
  grpc::ServerUnaryReactor* ServerMetadata(grpc::CallbackServerContext*, const inference::ServerMetadataRequest*,
                                           inference::ServerMetadataResponse*) override;
  grpc::ServerUnaryReactor* ModelMetadata(grpc::CallbackServerContext*, const inference::ModelMetadataRequest*,
                                          inference::ModelMetadataResponse*) override;
  grpc::ServerUnaryReactor* ModelInfer(grpc::CallbackServerContext*, const inference::ModelInferRequest*,
                                       inference::ModelInferResponse*) override;
  grpc::ServerUnaryReactor* ModelStatistics(grpc::CallbackServerContext*, const inference::ModelStatisticsRequest*,
                                            inference::ModelStatisticsResponse*) override;
  grpc::ServerUnaryReactor* RepositoryIndex(grpc::CallbackServerContext*, const inference::RepositoryIndexRequest*,
                                            inference::RepositoryIndexResponse*) override;
  grpc::ServerUnaryReactor* RepositoryModelLoad(grpc::CallbackServerContext*,
                                                const inference::RepositoryModelLoadRequest*,
                                                inference::RepositoryModelLoadResponse*) override;
  grpc::ServerUnaryReactor* RepositoryModelUnload(grpc::CallbackServerContext*,
                                                  const inference::RepositoryModelUnloadRequest*,
                                                  inference::RepositoryModelUnloadResponse*) override;

 private:
  ServingCore& core_;
};

}  // namespace jitserve::server
