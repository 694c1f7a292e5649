#include "server/grpc/native_service.h"

#include "absl/strings/str_cat.h"
#include "server/grpc/grpc_call.h"

namespace jitserve::server {

namespace pb = ::jitserve::v1;

namespace {

// An Infer request's Values as the binder's inputs (kCall): the positional
// ones, then the named ones in the map's order. Views into the request,
// which must outlive it.
struct NativeInputs {
  RequestInputs inputs;
  std::vector<const pb::Value*> values;

  NativeInputs(const FunctionSchema& schema, const google::protobuf::RepeatedPtrField<pb::Value>& positional,
               const google::protobuf::Map<std::string, pb::Value>& named, const codec::CodecLimits& limits) {
    inputs.matching = ArgumentMatching::kCall;
    for (const pb::Value& v : positional) {
      inputs.names.emplace_back();
      values.push_back(&v);
    }
    for (const auto& [name, v] : named) {
      inputs.names.emplace_back(name);
      values.push_back(&v);
    }
    inputs.decode = [this, &schema, limits](size_t i, const Argument& a) {
      return codec::valueToIValue(*values[i], a.type, absl::StrCat("argument '", a.name, "' of ", schema.name, "()"), limits);
    };
  }
  NativeInputs(const NativeInputs&) = delete;
  NativeInputs& operator=(const NativeInputs&) = delete;
};

// Reads the LoadModel stream: a header, then archive chunks; compiles on a
// worker once the client half-closes.
class LoadReactor final : public StreamReadReactor<pb::LoadModelRequest> {
 public:
  LoadReactor(ServingCore& core, pb::LoadModelResponse* response) : core_(core), response_(response) { start(); }

 private:
  absl::Status take() override {
    if (!haveHeader_) {
      if (request_.part_case() != pb::LoadModelRequest::kHeader) {
        return absl::InvalidArgumentError("the first LoadModel message must carry the header");
      }
      header_ = request_.header();
      haveHeader_ = true;
      if (!ModelRepository::isValidName(header_.name())) {
        return absl::InvalidArgumentError(
            absl::StrCat("'", header_.name(), "' is not a valid model name (use letters, digits, _ - .)"));
      }
      if (header_.version().empty()) header_.set_version("1");
      if (!ModelRepository::isValidName(header_.version())) {
        return absl::InvalidArgumentError(absl::StrCat("'", header_.version(), "' is not a valid model version"));
      }
      if (header_.program_case() == pb::ModelHeader::PROGRAM_NOT_SET) {
        return absl::InvalidArgumentError("the LoadModel header carries neither source nor archive_size");
      }
      if (header_.program_case() == pb::ModelHeader::kArchiveSize)
        return archive_.begin(header_.archive_size(), core_.options().maxArchiveBytes);
      return absl::OkStatus();
    }
    if (request_.part_case() != pb::LoadModelRequest::kArchiveChunk) {
      return absl::InvalidArgumentError("after the header, LoadModel messages must carry archive_chunk");
    }
    if (header_.program_case() != pb::ModelHeader::kArchiveSize) {
      return absl::InvalidArgumentError("archive chunks sent for a model loaded from source");
    }
    return archive_.append(request_.archive_chunk());
  }

  void complete() override {
    if (!haveHeader_) {
      Finish(toGrpcStatus(absl::InvalidArgumentError("LoadModel received no header")));
      return;
    }
    if (header_.program_case() == pb::ModelHeader::kArchiveSize) {
      if (absl::Status s = archive_.finished(); !s.ok()) {
        Finish(toGrpcStatus(s));
        return;
      }
    }
    absl::Status s = core_.submitJob([this] {
      ModelSource source;
      source.name = header_.name();
      source.version = header_.version();
      source.entry = header_.entry();
      if (header_.program_case() == pb::ModelHeader::kSource) {
        source.program = header_.source();
      } else {
        source.format = Model::Format::kArchive;
        source.program = archive_.take();
      }
      absl::StatusOr<std::shared_ptr<Model>> m = core_.loadModel(std::move(source));
      if (m.ok()) fillModelInfo(**m, response_->mutable_model());
      Finish(toGrpcStatus(m.status()));
    });
    if (!s.ok()) Finish(toGrpcStatus(s));
  }

  ServingCore& core_;
  pb::LoadModelResponse* response_;
  pb::ModelHeader header_;
  bool haveHeader_ = false;
  ArchiveUpload archive_;
};

}  // namespace

void fillModelInfo(const Model& model, pb::ModelInfo* info) {
  info->set_name(model.name());
  info->set_version(model.version());
  info->set_format(model.formatName());
  info->set_device(model.device().str());
  for (const std::string& op : model.cpuFallbackOperators()) info->add_cpu_fallback_ops(op);
  info->set_state("READY");
  for (const auto& m : model.methods()) info->add_methods(m.name);
}

absl::StatusOr<Stack> bindArguments(const FunctionSchema& schema,
                                    const google::protobuf::RepeatedPtrField<pb::Value>& positional,
                                    const google::protobuf::Map<std::string, pb::Value>& named,
                                    const codec::CodecLimits& limits) {
  NativeInputs in(schema, positional, named, limits);
  return bindInputs(schema, "", in.inputs);
}

grpc::ServerReadReactor<pb::LoadModelRequest>* NativeService::LoadModel(grpc::CallbackServerContext*,
                                                                       pb::LoadModelResponse* response) {
  if (absl::Status s = core_.checkModelControl(); !s.ok()) return new RefuseStreamReactor<pb::LoadModelRequest>(s);
  if (absl::Status s = core_.admit(); !s.ok()) return new RefuseStreamReactor<pb::LoadModelRequest>(s);
  return new LoadReactor(core_, response);
}

grpc::ServerUnaryReactor* NativeService::UnloadModel(grpc::CallbackServerContext* ctx,
                                                     const pb::UnloadModelRequest* request,
                                                     pb::UnloadModelResponse*) {
  return finishNow(ctx, core_.unloadModel(request->name(), request->version()));
}

grpc::ServerUnaryReactor* NativeService::ListModels(grpc::CallbackServerContext* ctx, const pb::ListModelsRequest*,
                                                    pb::ListModelsResponse* response) {
  for (const auto& m : core_.registry().list()) fillModelInfo(*m, response->add_models());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* NativeService::DescribeModel(grpc::CallbackServerContext* ctx,
                                                       const pb::DescribeModelRequest* request,
                                                       pb::DescribeModelResponse* response) {
  auto model = core_.registry().get(request->name(), request->version());
  if (!model.ok()) return finishNow(ctx, model.status());
  fillModelInfo(**model, response->mutable_model());
  for (const auto& method : (*model)->methods()) {
    const FunctionSchema& schema = method.schema();
    pb::Method* pm = response->add_methods();
    pm->set_name(method.name);
    pm->set_schema(schema.str());
    auto fill = [](const Argument& a, pb::Argument* pa) {
      pa->set_name(a.name);
      pa->set_type(a.type->annotationStr());
      pa->set_kwarg_only(a.kwargOnly);
      if (a.defaultValue) {
        pb::Value v;
        if (codec::ivalueToValue(*a.defaultValue, &v).ok()) {
          *pa->mutable_default_value() = std::move(v);
          pa->set_has_default(true);
        }
      }
    };
    for (const Argument& a : schema.arguments) fill(a, pm->add_arguments());
    for (const Argument& a : schema.returns) fill(a, pm->add_returns());
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* NativeService::Infer(grpc::CallbackServerContext* ctx, const pb::InferRequest* request,
                                               pb::InferResponse* response) {
  absl::StatusOr<InferenceRequest> call =
      core_.startInference("native", request->model_name(), request->model_version(), request->method());
  if (!call.ok()) return finishNow(ctx, call.status());
  const FunctionSchema& schema = call->method().schema();
  NativeInputs in(schema, request->inputs(), request->named_inputs(), codecLimits(core_.options()));
  absl::StatusOr<Stack> args = call->bind(in.inputs);
  if (!args.ok()) return finishNow(ctx, args.status());

  auto* reactor = new CancellableReactor();
  response->set_model_name(call->model()->name());
  response->set_model_version(call->model()->version());
  auto done = [reactor, response](absl::Status s, Stack outputs) {
    if (s.ok()) {
      IValue out = outputs.size() == 1 ? std::move(outputs[0]) : IValue::tuple(std::move(outputs));
      s = codec::ivalueToValue(out, response->mutable_output());
    }
    reactor->Finish(toGrpcStatus(s));
  };
  absl::Status s = call->submit(std::move(*args), deadlineOf(ctx), &reactor->cancelled, std::move(done));
  if (!s.ok()) reactor->Finish(toGrpcStatus(s));
  return reactor;
}

}  // namespace jitserve::server
