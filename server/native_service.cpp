#include "server/native_service.h"

#include "absl/strings/str_cat.h"
#include "server/grpc_call.h"

namespace jitserve::server {

namespace pb = ::jitserve::v1;

namespace {

absl::Status remoteLoadDisabled() {
  return absl::FailedPreconditionError(
      "loading and unloading models over the API is disabled; start jitserved with --allow-remote-load");
}

grpc::ServerUnaryReactor* finishNow(grpc::CallbackServerContext* ctx, const absl::Status& s) {
  auto* r = ctx->DefaultReactor();
  r->Finish(toGrpcStatus(s));
  return r;
}

// Reads the LoadModel stream: a header, then archive chunks; compiles on a
// worker once the client half-closes.
class LoadReactor final : public grpc::ServerReadReactor<pb::LoadModelRequest> {
 public:
  LoadReactor(ServingCore& core, pb::LoadModelResponse* response) : core_(core), response_(response) {
    StartRead(&request_);
  }

  void OnReadDone(bool ok) override {
    if (!ok) {
      complete();
      return;
    }
    absl::Status s = take();
    if (!s.ok()) {
      Finish(toGrpcStatus(s));
      return;
    }
    request_.Clear();
    StartRead(&request_);
  }

  void OnDone() override { delete this; }

 private:
  absl::Status take() {
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
      if (header_.program_case() == pb::ModelHeader::kArchiveSize) {
        if (header_.archive_size() > static_cast<uint64_t>(core_.config().maxArchiveBytes)) {
          return absl::InvalidArgumentError(absl::StrCat("the archive (", header_.archive_size(),
                                                         " bytes) is larger than the server's limit of ",
                                                         core_.config().maxArchiveBytes, " bytes"));
        }
        archive_.reserve(header_.archive_size());
      }
      return absl::OkStatus();
    }
    if (request_.part_case() != pb::LoadModelRequest::kArchiveChunk) {
      return absl::InvalidArgumentError("after the header, LoadModel messages must carry archive_chunk");
    }
    if (header_.program_case() != pb::ModelHeader::kArchiveSize) {
      return absl::InvalidArgumentError("archive chunks sent for a model loaded from source");
    }
    if (archive_.size() + request_.archive_chunk().size() > header_.archive_size()) {
      return absl::InvalidArgumentError(
          absl::StrCat("more archive bytes than the header's archive_size (", header_.archive_size(), ")"));
    }
    archive_ += request_.archive_chunk();
    return absl::OkStatus();
  }

  void complete() {
    if (!haveHeader_) {
      Finish(toGrpcStatus(absl::InvalidArgumentError("LoadModel received no header")));
      return;
    }
    if (header_.program_case() == pb::ModelHeader::kArchiveSize && archive_.size() != header_.archive_size()) {
      Finish(toGrpcStatus(absl::InvalidArgumentError(absl::StrCat(
          "the archive ended after ", archive_.size(), " bytes; the header announced ", header_.archive_size()))));
      return;
    }
    absl::Status s = core_.submitJob([this] {
      const auto start = std::chrono::steady_clock::now();
      absl::StatusOr<std::shared_ptr<Model>> m =
          header_.program_case() == pb::ModelHeader::kSource
              ? Model::fromSource(header_.name(), header_.version(), header_.source(), header_.entry(),
                                  core_.modelOptions())
              : Model::fromArchive(header_.name(), header_.version(), std::move(archive_), header_.entry(),
                                   core_.modelOptions());
      if (!m.ok()) {
        Finish(toGrpcStatus(m.status()));
        return;
      }
      fillModelInfo(**m, response_->mutable_model());
      core_.addModel(std::move(*m), std::chrono::steady_clock::now() - start);
      Finish(grpc::Status::OK);
    });
    if (!s.ok()) Finish(toGrpcStatus(s));
  }

  ServingCore& core_;
  pb::LoadModelResponse* response_;
  pb::LoadModelRequest request_;
  pb::ModelHeader header_;
  bool haveHeader_ = false;
  std::string archive_;
};

class RefuseLoadReactor final : public grpc::ServerReadReactor<pb::LoadModelRequest> {
 public:
  explicit RefuseLoadReactor(const absl::Status& why) { Finish(toGrpcStatus(why)); }
  void OnDone() override { delete this; }
};

}  // namespace

void fillModelInfo(const Model& model, pb::ModelInfo* info) {
  info->set_name(model.name());
  info->set_version(model.version());
  info->set_format(model.formatName());
  info->set_state("READY");
  for (const auto& m : model.methods()) info->add_methods(m.name);
}

absl::StatusOr<Stack> bindArguments(const FunctionSchema& schema,
                                    const google::protobuf::RepeatedPtrField<pb::Value>& positional,
                                    const google::protobuf::Map<std::string, pb::Value>& named,
                                    const CodecLimits& limits) {
  const auto& args = schema.arguments;
  size_t numPositional = 0;
  for (const Argument& a : args)
    if (!a.kwargOnly) ++numPositional;
  if (static_cast<size_t>(positional.size()) > numPositional) {
    return absl::InvalidArgumentError(absl::StrCat(schema.name, "() takes ", numPositional,
                                                   " positional arguments but ", positional.size(), " were given"));
  }
  for (const auto& [name, v] : named) {
    auto idx = schema.argumentIndexWithName(name);
    if (!idx) return absl::InvalidArgumentError(absl::StrCat(schema.name, "() got an unexpected argument '", name, "'"));
    if (*idx < static_cast<size_t>(positional.size())) {
      return absl::InvalidArgumentError(absl::StrCat(schema.name, "() got multiple values for argument '", name, "'"));
    }
  }
  Stack stack;
  stack.reserve(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    const Argument& a = args[i];
    const std::string what = absl::StrCat("argument '", a.name, "' of ", schema.name, "()");
    const pb::Value* v = nullptr;
    if (i < static_cast<size_t>(positional.size())) {
      v = &positional[static_cast<int>(i)];
    } else if (auto it = named.find(a.name); it != named.end()) {
      v = &it->second;
    }
    if (v) {
      auto iv = valueToIValue(*v, a.type, what, limits);
      if (!iv.ok()) return iv.status();
      stack.push_back(std::move(*iv));
    } else if (a.defaultValue) {
      stack.push_back(*a.defaultValue);
    } else {
      return absl::InvalidArgumentError(absl::StrCat(schema.name, "() is missing argument '", a.name, "' (",
                                                     a.type->annotationStr(), ")"));
    }
  }
  return stack;
}

grpc::ServerReadReactor<pb::LoadModelRequest>* NativeService::LoadModel(grpc::CallbackServerContext*,
                                                                       pb::LoadModelResponse* response) {
  if (!core_.config().allowRemoteLoad) return new RefuseLoadReactor(remoteLoadDisabled());
  if (absl::Status s = core_.admit(); !s.ok()) return new RefuseLoadReactor(s);
  return new LoadReactor(core_, response);
}

grpc::ServerUnaryReactor* NativeService::UnloadModel(grpc::CallbackServerContext* ctx,
                                                     const pb::UnloadModelRequest* request,
                                                     pb::UnloadModelResponse*) {
  if (!core_.config().allowRemoteLoad) return finishNow(ctx, remoteLoadDisabled());
  return finishNow(ctx, core_.registry().remove(request->name(), request->version()));
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
        if (ivalueToValue(*a.defaultValue, &v).ok()) {
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
  if (absl::Status s = core_.admit(); !s.ok()) return finishNow(ctx, s);
  auto model = core_.registry().get(request->model_name(), request->model_version());
  if (!model.ok()) {
    core_.countRejected("native", "", "", model.status().code());
    return finishNow(ctx, model.status());
  }
  const Model::Method* method = (*model)->findMethod(request->method());
  if (!method) {
    core_.countRejected("native", (*model)->name(), "", absl::StatusCode::kNotFound);
    std::string names;
    for (const auto& m : (*model)->methods()) absl::StrAppend(&names, names.empty() ? "" : ", ", m.name);
    return finishNow(ctx, absl::NotFoundError(absl::StrCat("model '", request->model_name(), "' has no method '",
                                                           request->method(), "' (methods: ", names, ")")));
  }
  auto stack = bindArguments(method->schema(), request->inputs(), request->named_inputs(),
                             core_.codecLimits());
  if (!stack.ok()) {
    core_.countRejected("native", (*model)->name(), method->name, stack.status().code());
    return finishNow(ctx, stack.status());
  }

  auto* reactor = new CancellableReactor();
  response->set_model_name((*model)->name());
  response->set_model_version((*model)->version());
  InferCall call;
  call.api = "native";
  call.model = *model;
  call.method = method;
  call.inputs = std::move(*stack);
  call.deadline = deadlineOf(ctx);
  call.cancelled = &reactor->cancelled;
  call.done = [reactor, response](absl::Status s, Stack outputs) {
    if (s.ok()) {
      IValue out = outputs.size() == 1 ? std::move(outputs[0]) : IValue::tuple(std::move(outputs));
      s = ivalueToValue(out, response->mutable_output());
    }
    reactor->Finish(toGrpcStatus(s));
  };
  if (absl::Status s = core_.submit(std::move(call)); !s.ok()) reactor->Finish(toGrpcStatus(s));
  return reactor;
}

}  // namespace jitserve::server
