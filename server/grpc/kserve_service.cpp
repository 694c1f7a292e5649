#include "server/grpc/kserve_service.h"

#include <set>

#include "absl/strings/str_cat.h"
#include "server/grpc/grpc_call.h"
#include "server/kserve_tensor.h"

namespace jitserve::server {

using namespace inference;

namespace {

constexpr const char* kPlatform = "jitserve_torchscript";

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

void fillStats(const ServingStats& stats, const Model& m, inference::ModelStatistics* out) {
  const MethodStats::Snapshot s = stats.model(m.name(), m.version());
  auto dur = [](uint64_t count, uint64_t ns, StatisticDuration* o) {
    o->set_count(count);
    o->set_ns(ns);
  };
  out->set_name(m.name());
  out->set_version(m.version());
  out->set_last_inference(s.lastInferenceMs);
  out->set_inference_count(s.success.count);
  out->set_execution_count(s.success.count);
  auto* is = out->mutable_inference_stats();
  dur(s.success.count, s.success.ns, is->mutable_success());
  dur(s.fail.count, s.fail.ns, is->mutable_fail());
  dur(s.queue.count, s.queue.sumNs, is->mutable_queue());
  dur(s.run.count, s.run.sumNs, is->mutable_compute_infer());
}

// Checks of the request's wire form before its inputs are bound: raw
// contents come one per input, and not beside typed contents.
absl::Status checkRawContents(const ModelInferRequest& request) {
  if (request.raw_input_contents_size() == 0) return absl::OkStatus();
  if (request.raw_input_contents_size() != request.inputs_size()) {
    return absl::InvalidArgumentError(absl::StrCat("raw_input_contents has ", request.raw_input_contents_size(),
                                                   " entries but the request has ", request.inputs_size(),
                                                   " inputs"));
  }
  for (const auto& in : request.inputs()) {
    if (in.has_contents()) {
      return absl::InvalidArgumentError(
          absl::StrCat("input '", in.name(), "' has typed contents while raw_input_contents is used"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

grpc::ServerUnaryReactor* KServeService::ServerLive(grpc::CallbackServerContext* ctx, const ServerLiveRequest*,
                                                    ServerLiveResponse* response) {
  response->set_live(true);
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ServerReady(grpc::CallbackServerContext* ctx, const ServerReadyRequest*,
                                                     ServerReadyResponse* response) {
  // Not ready once the server drains (SIGTERM).
  response->set_ready(!core_.draining());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* KServeService::ModelReady(grpc::CallbackServerContext* ctx,
                                                    const ModelReadyRequest* request, ModelReadyResponse* response) {
  response->set_ready(!core_.draining() && core_.registry().get(request->name(), request->version()).ok());
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
  absl::StatusOr<InferenceRequest> call =
      core_.startInference("kserve", request->model_name(), request->model_version(), /*method=*/"");
  if (!call.ok()) return finishNow(ctx, call.status());
  if (absl::Status s = checkRawContents(*request); !s.ok()) return finishNow(ctx, call->reject(s));
  const bool useRaw = request->raw_input_contents_size() > 0;
  RequestInputs inputs;
  inputs.matching = ArgumentMatching::kModelInputs;
  for (const auto& in : request->inputs()) inputs.names.emplace_back(in.name());
  inputs.decode = [request, useRaw, limits = codecLimits(core_.options())](size_t i, const Argument& a) {
    const int k = static_cast<int>(i);
    return kserveInputToIValue(request->inputs(k), useRaw ? &request->raw_input_contents(k) : nullptr, a.type,
                               limits);
  };
  absl::StatusOr<Stack> args = call->bind(inputs);
  if (!args.ok()) return finishNow(ctx, args.status());
  const auto outputNames = outputsOf(call->method().schema());
  std::vector<std::string> requested;
  for (const auto& o : request->outputs()) {
    bool known = false;
    for (const auto& [n, t] : outputNames) known = known || n == o.name();
    if (!known) {
      return finishNow(ctx, call->reject(absl::InvalidArgumentError(
                                absl::StrCat("requested output '", o.name(), "' is not an output of model '",
                                             request->model_name(), "'"))));
    }
    requested.push_back(o.name());
  }

  response->set_model_name(call->model()->name());
  response->set_model_version(call->model()->version());
  response->set_id(request->id());
  auto* reactor = new CancellableReactor();
  auto done = [reactor, response, requested = std::move(requested)](absl::Status s, Stack outputs) {
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
  absl::Status s = call->submit(std::move(*args), deadlineOf(ctx), &reactor->cancelled, std::move(done));
  if (!s.ok()) reactor->Finish(toGrpcStatus(s));
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
        if (m->name() == request->name()) fillStats(core_.stats(), *m, response->add_model_stats());
    } else {
      fillStats(core_.stats(), **model, response->add_model_stats());
    }
    return finishNow(ctx, absl::OkStatus());
  }
  for (const auto& m : core_.registry().list()) fillStats(core_.stats(), *m, response->add_model_stats());
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
  if (absl::Status s = core_.checkModelControl(); !s.ok()) return finishNow(ctx, s);
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
  return finishNow(ctx, core_.unloadModel(request->model_name()));
}

}  // namespace jitserve::server
