#include "server/kserve_service.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "server/grpc_call.h"
#include "server/kserve_tensor.h"

namespace jitserve::server {

using namespace inference;

namespace {

constexpr const char* kPlatform = "jitserve_torchscript";

grpc::ServerUnaryReactor* finishNow(grpc::CallbackServerContext* ctx, const absl::Status& s) {
  auto* r = ctx->DefaultReactor();
  r->Finish(toGrpcStatus(s));
  return r;
}

absl::Status remoteLoadDisabled() {
  return absl::FailedPreconditionError(
      "loading and unloading models over the API is disabled; start jitserved with --allow-remote-load");
}

// The names of a method's outputs: one per element of a returned tuple.
std::vector<std::pair<std::string, TypePtr>> outputsOf(const FunctionSchema& schema) {
  std::vector<TypePtr> types;
  if (schema.returns.size() == 1 && schema.returns[0].type->kind() == TypeKind::TupleType) {
    types = schema.returns[0].type->containedTypes();
  } else {
    for (const Argument& r : schema.returns) types.push_back(r.type);
  }
  std::vector<std::pair<std::string, TypePtr>> out;
  for (size_t i = 0; i < types.size(); ++i) out.emplace_back(absl::StrCat("output__", i), types[i]);
  return out;
}

void fillStats(const Model& m, inference::ModelStatistics* out) {
  const ModelStats& s = m.stats();
  auto dur = [](const ModelStats::Duration& d, StatisticDuration* o) {
    o->set_count(d.count.load());
    o->set_ns(d.ns.load());
  };
  out->set_name(m.name());
  out->set_version(m.version());
  out->set_last_inference(s.lastInferenceMs.load());
  out->set_inference_count(s.success.count.load());
  out->set_execution_count(s.success.count.load());
  auto* is = out->mutable_inference_stats();
  dur(s.success, is->mutable_success());
  dur(s.fail, is->mutable_fail());
  dur(s.queue, is->mutable_queue());
  dur(s.computeInfer, is->mutable_compute_infer());
}

}  // namespace

grpc::ServerUnaryReactor* KServeService::ServerLive(grpc::CallbackServerContext* ctx, const ServerLiveRequest*,
                                                    ServerLiveResponse* response) {
  response->set_live(true);
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ServerReady(grpc::CallbackServerContext* ctx, const ServerReadyRequest*,
                                                     ServerReadyResponse* response) {
  response->set_ready(ready_.load());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ModelReady(grpc::CallbackServerContext* ctx,
                                                    const ModelReadyRequest* request, ModelReadyResponse* response) {
  response->set_ready(ready_.load() && core_.registry().get(request->name(), request->version()).ok());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ServerMetadata(grpc::CallbackServerContext* ctx,
                                                        const ServerMetadataRequest*,
                                                        ServerMetadataResponse* response) {
  response->set_name("jitserve");
  response->set_version("0.1.0");
  response->add_extensions("model_repository");
  response->add_extensions("statistics");
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ModelMetadata(grpc::CallbackServerContext* ctx,
                                                       const ModelMetadataRequest* request,
                                                       ModelMetadataResponse* response) {
  auto model = core_.registry().get(request->name(), request->version());
  if (!model.ok()) return finishNow(ctx, model.status());
  response->set_name((*model)->name());
  for (const std::string& v : core_.registry().versions((*model)->name())) response->add_versions(v);
  response->set_platform(kPlatform);
  const FunctionSchema& schema = (*model)->defaultMethod().schema();
  std::string dt;
  std::vector<int64_t> shape;
  for (const Argument& a : schema.arguments) {
    if (!kserveMetadataFor(a.type, &dt, &shape)) continue;
    auto* t = response->add_inputs();
    t->set_name(a.name);
    t->set_datatype(dt);
    for (int64_t d : shape) t->add_shape(d);
  }
  for (const auto& [name, type] : outputsOf(schema)) {
    if (!kserveMetadataFor(type, &dt, &shape)) continue;
    auto* t = response->add_outputs();
    t->set_name(name);
    t->set_datatype(dt);
    for (int64_t d : shape) t->add_shape(d);
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ModelInfer(grpc::CallbackServerContext* ctx,
                                                    const ModelInferRequest* request, ModelInferResponse* response) {
  if (absl::Status s = core_.admit(); !s.ok()) return finishNow(ctx, s);
  auto model = core_.registry().get(request->model_name(), request->model_version());
  if (!model.ok()) {
    core_.countRejected("kserve", "", "", model.status().code());
    return finishNow(ctx, model.status());
  }
  const Model::Method& method = (*model)->defaultMethod();
  // Answers a request refused before it runs, counting it.
  auto reject = [&](const absl::Status& s) {
    core_.countRejected("kserve", (*model)->name(), method.name, s.code());
    return finishNow(ctx, s);
  };
  const FunctionSchema& schema = method.schema();
  const auto& inputs = request->inputs();
  const bool useRaw = request->raw_input_contents_size() > 0;
  if (useRaw) {
    if (request->raw_input_contents_size() != inputs.size()) {
      return reject(absl::InvalidArgumentError(absl::StrCat(
                                "raw_input_contents has ", request->raw_input_contents_size(),
                                " entries but the request has ", inputs.size(), " inputs")));
    }
    for (const auto& in : inputs) {
      if (in.has_contents()) {
        return reject(absl::InvalidArgumentError(absl::StrCat(
                                  "input '", in.name(), "' has typed contents while raw_input_contents is used")));
      }
    }
  }
  if (static_cast<size_t>(inputs.size()) > schema.arguments.size()) {
    return reject(absl::InvalidArgumentError(absl::StrCat("model '", request->model_name(), "' takes ",
                                                                  schema.arguments.size(), " inputs, got ",
                                                                  inputs.size())));
  }
  // By name when every input names an argument, else by position.
  bool byName = true;
  for (const auto& in : inputs) byName = byName && schema.argumentIndexWithName(in.name()).has_value();
  std::vector<int> inputFor(schema.arguments.size(), -1);
  for (int i = 0; i < inputs.size(); ++i) {
    const size_t arg = byName ? *schema.argumentIndexWithName(inputs[i].name()) : static_cast<size_t>(i);
    if (inputFor[arg] >= 0) {
      return reject(absl::InvalidArgumentError(
                                absl::StrCat("two inputs are given for argument '", schema.arguments[arg].name, "'")));
    }
    inputFor[arg] = i;
  }
  const CodecLimits limits = core_.codecLimits();
  Stack stack;
  for (size_t a = 0; a < schema.arguments.size(); ++a) {
    const Argument& arg = schema.arguments[a];
    if (inputFor[a] < 0) {
      if (!arg.defaultValue) {
        return reject(absl::InvalidArgumentError(absl::StrCat(
                                  "missing input '", arg.name, "' (", arg.type->annotationStr(), ") of model '",
                                  request->model_name(), "'")));
      }
      stack.push_back(*arg.defaultValue);
      continue;
    }
    const int i = inputFor[a];
    auto v = kserveInputToIValue(inputs[i], useRaw ? &request->raw_input_contents(i) : nullptr, arg.type, limits);
    if (!v.ok()) return reject(v.status());
    stack.push_back(std::move(*v));
  }
  const auto outputNames = outputsOf(schema);
  std::vector<std::string> requested;
  for (const auto& o : request->outputs()) {
    bool known = false;
    for (const auto& [n, t] : outputNames) known = known || n == o.name();
    if (!known) {
      return reject(absl::InvalidArgumentError(absl::StrCat("requested output '", o.name(),
                                                                    "' is not an output of model '",
                                                                    request->model_name(), "'")));
    }
    requested.push_back(o.name());
  }

  response->set_model_name((*model)->name());
  response->set_model_version((*model)->version());
  response->set_id(request->id());
  auto* reactor = new CancellableReactor();
  InferCall call;
  call.api = "kserve";
  call.model = *model;
  call.method = &method;
  call.inputs = std::move(stack);
  call.deadline = deadlineOf(ctx);
  call.cancelled = &reactor->cancelled;
  call.done = [reactor, response, requested = std::move(requested)](absl::Status s, Stack outputs) {
    if (s.ok()) {
      // A returned tuple is one output per element.
      std::vector<IValue> values;
      if (outputs.size() == 1 && outputs[0].isTuple()) {
        values = outputs[0].toTupleRef().elements;
      } else {
        values = std::move(outputs);
      }
      for (size_t i = 0; i < values.size() && s.ok(); ++i) {
        std::string name = absl::StrCat("output__", i);
        if (!requested.empty() && std::find(requested.begin(), requested.end(), name) == requested.end()) continue;
        s = appendKServeOutput(name, values[i], response);
      }
    }
    reactor->Finish(toGrpcStatus(s));
  };
  if (absl::Status s = core_.submit(std::move(call)); !s.ok()) reactor->Finish(toGrpcStatus(s));
  return reactor;
}

grpc::ServerUnaryReactor* KServeService::ModelStatistics(grpc::CallbackServerContext* ctx,
                                                         const ModelStatisticsRequest* request,
                                                         ModelStatisticsResponse* response) {
  if (!request->name().empty()) {
    auto model = core_.registry().get(request->name(), request->version());
    if (!model.ok()) return finishNow(ctx, model.status());
    if (request->version().empty()) {
      for (const auto& m : core_.registry().list())
        if (m->name() == request->name()) fillStats(*m, response->add_model_stats());
    } else {
      fillStats(**model, response->add_model_stats());
    }
    return finishNow(ctx, absl::OkStatus());
  }
  for (const auto& m : core_.registry().list()) fillStats(*m, response->add_model_stats());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::RepositoryIndex(grpc::CallbackServerContext* ctx,
                                                         const RepositoryIndexRequest* request,
                                                         RepositoryIndexResponse* response) {
  std::set<std::pair<std::string, std::string>> listed;
  for (const auto& m : core_.registry().list()) {
    auto* e = response->add_models();
    e->set_name(m->name());
    e->set_version(m->version());
    e->set_state("READY");
    listed.emplace(m->name(), m->version());
  }
  if (!request->ready() && core_.repository()) {
    auto specs = core_.repository()->scan();
    if (!specs.ok()) return finishNow(ctx, specs.status());
    for (const ModelSpec& s : *specs) {
      if (listed.count({s.name, s.version})) continue;
      auto* e = response->add_models();
      e->set_name(s.name);
      e->set_version(s.version);
      e->set_state("UNAVAILABLE");
      e->set_reason("not loaded");
    }
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::RepositoryModelLoad(grpc::CallbackServerContext* ctx,
                                                             const RepositoryModelLoadRequest* request,
                                                             RepositoryModelLoadResponse*) {
  if (!core_.config().allowRemoteLoad) return finishNow(ctx, remoteLoadDisabled());
  auto* reactor = ctx->DefaultReactor();
  std::string name = request->model_name();
  absl::Status s = core_.submitJob([this, reactor, name] {
    reactor->Finish(toGrpcStatus(core_.loadFromRepository(name)));
  });
  if (!s.ok()) reactor->Finish(toGrpcStatus(s));
  return reactor;
}

grpc::ServerUnaryReactor* KServeService::RepositoryModelUnload(grpc::CallbackServerContext* ctx,
                                                               const RepositoryModelUnloadRequest* request,
                                                               RepositoryModelUnloadResponse*) {
  if (!core_.config().allowRemoteLoad) return finishNow(ctx, remoteLoadDisabled());
  return finishNow(ctx, core_.registry().remove(request->model_name()));
}

}  // namespace jitserve::server
