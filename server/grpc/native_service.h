// NativeService: the jitserve.v1.JitServe gRPC service (callback API).
//
// LoadModel (client-streaming: header, then archive chunks), UnloadModel,
// ListModels, DescribeModel (typed signatures from each method's
// FunctionSchema) and Infer (typed Values bound to the method's arguments
// by position, then by name, then defaults). Loading and unloading answer
// FAILED_PRECONDITION unless the server runs with --allow-remote-load.
// Compiles and inference run on the core's workers, never on gRPC threads.
#pragma once

#include "proto/jitserve/v1/jitserve.grpc.pb.h"
#include "server/core/serving_core.h"
#include "proto/codec/value_codec.h"

namespace jitserve::server {

class NativeService final : public jitserve::v1::JitServe::CallbackService {
 public:
  explicit NativeService(ServingCore& core) : core_(core) {}

  grpc::ServerReadReactor<jitserve::v1::LoadModelRequest>* LoadModel(
      grpc::CallbackServerContext* ctx, jitserve::v1::LoadModelResponse* response) override;
  grpc::ServerUnaryReactor* UnloadModel(grpc::CallbackServerContext* ctx,
                                        const jitserve::v1::UnloadModelRequest* request,
                                        jitserve::v1::UnloadModelResponse* response) override;
  grpc::ServerUnaryReactor* ListModels(grpc::CallbackServerContext* ctx, const jitserve::v1::ListModelsRequest* request,
                                       jitserve::v1::ListModelsResponse* response) override;
  grpc::ServerUnaryReactor* DescribeModel(grpc::CallbackServerContext* ctx,
                                          const jitserve::v1::DescribeModelRequest* request,
                                          jitserve::v1::DescribeModelResponse* response) override;
  grpc::ServerUnaryReactor* Infer(grpc::CallbackServerContext* ctx, const jitserve::v1::InferRequest* request,
                                  jitserve::v1::InferResponse* response) override;

 private:
  ServingCore& core_;
};

// Fills `info` from a loaded model.
void fillModelInfo(const Model& model, jitserve::v1::ModelInfo* info);

// Binds a request's Values to `schema` (server/core/argument_binder.h,
// kCall): positional values first, then named ones, then defaults.
// InvalidArgument for a missing, extra, unknown or mistyped argument,
// naming it. Infer binds so; jitserve-bench uses it to bind as the server does.
absl::StatusOr<Stack> bindArguments(const FunctionSchema& schema,
                                    const google::protobuf::RepeatedPtrField<jitserve::v1::Value>& positional,
                                    const google::protobuf::Map<std::string, jitserve::v1::Value>& named,
                                    const codec::CodecLimits& limits);

}  // namespace jitserve::server
