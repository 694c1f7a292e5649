#include "server/grpc/admin_service.h"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "runtime/ir/ir.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/pass_registry.h"
#include "server/grpc/grpc_call.h"

namespace jitserve::server {

namespace apb = ::jitserve::admin::v1;

namespace {

constexpr absl::string_view kAfter = "after:";

// emitted, after:PASS for each pass of the executors' pipeline, plan, code.
std::vector<std::string> graphStages() {
  std::vector<std::string> stages{"emitted"};
  for (const std::string& p : specializedPipeline()) stages.push_back(absl::StrCat(kAfter, p));
  stages.push_back("plan");
  stages.push_back("code");
  return stages;
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

void fillCheckResponse(const ArchiveReport& r, apb::CheckModelResponse* out) {
  out->set_will_run(r.willRun);
  out->set_load_error(r.loadError);
  for (const std::string& m : r.missing) out->add_missing(m);
  out->set_device(r.device);
  out->set_file_format_version(r.fileFormatVersion);
  for (const std::string& x : r.records) out->add_records(x);
  out->set_producer(r.producer);
  for (const std::string& d : r.savedDevices) out->add_saved_devices(d);
  for (const std::string& c : r.classes) out->add_classes(c);
  for (const OperatorUse& u : r.operators) {
    apb::OperatorSupport* o = out->add_operators();
    o->set_name(u.name);
    for (const std::string& ov : u.overloads) o->add_overloads(ov);
    o->set_implemented(u.registered);
    o->set_cpu(u.cpu);
    o->set_cuda(u.cuda);
  }
  for (const std::string& c : r.constructs) out->add_constructs(c);
  for (const std::string& n : r.notes) out->add_notes(n);
  out->set_cuda_kernels(r.cudaBuild);
  out->set_report(formatArchiveReport(r));
}

// Reads the CheckModel stream (a header, then archive chunks, as
// LoadModel's) and checks on a worker once the client half-closes.
class CheckReactor final : public StreamReadReactor<apb::CheckModelRequest> {
 public:
  CheckReactor(ServingCore& core, apb::CheckModelResponse* response) : core_(core), response_(response) { start(); }

 private:
  absl::Status take() override {
    if (!header_) {
      if (request_.part_case() != apb::CheckModelRequest::kHeader)
        return absl::InvalidArgumentError("the first CheckModel message must carry the header");
      header_ = request_.header();
      if (!header_->device().empty()) {
        device_ = Device::parse(header_->device());
        if (!device_)
          return absl::InvalidArgumentError(
              absl::StrCat("device must be cpu, cuda or cuda:N, got '", header_->device(), "'"));
      }
      return archive_.begin(header_->archive_size(), core_.options().maxArchiveBytes);
    }
    if (request_.part_case() != apb::CheckModelRequest::kArchiveChunk)
      return absl::InvalidArgumentError("after the header, CheckModel messages must carry archive_chunk");
    return archive_.append(request_.archive_chunk());
  }

  void complete() override {
    if (!header_) {
      Finish(toGrpcStatus(absl::InvalidArgumentError("CheckModel received no header")));
      return;
    }
    if (absl::Status s = archive_.finished(); !s.ok()) {
      Finish(toGrpcStatus(s));
      return;
    }
    // Compiling is work: it queues with the requests, and an overloaded
    // server says so rather than stalling the admin port.
    absl::Status s = core_.submitJob([this] {
      ArchiveReport r = core_.checkArchive(archive_.take(), header_->entry(), device_, header_->cpu_fallback());
      fillCheckResponse(r, response_);
      Finish(grpc::Status::OK);
    });
    if (!s.ok()) Finish(toGrpcStatus(s));
  }

  ServingCore& core_;
  apb::CheckModelResponse* response_;
  std::optional<apb::CheckModelHeader> header_;
  std::optional<Device> device_;
  ArchiveUpload archive_;
};

}  // namespace

grpc::ServerReadReactor<apb::CheckModelRequest>* AdminService::CheckModel(grpc::CallbackServerContext* ctx,
                                                                         apb::CheckModelResponse* response) {
  if (auto s = authorize(ctx); !s.ok()) return new RefuseStreamReactor<apb::CheckModelRequest>(s);
  return new CheckReactor(core_, response);
}

absl::StatusOr<std::string> readAdminToken(const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("cannot read the admin token file ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  std::string t = ss.str();
  const auto first = t.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return absl::InvalidArgumentError(absl::StrCat("the admin token file ", path, " is empty"));
  t = t.substr(first, t.find_last_not_of(" \t\r\n") - first + 1);
  return t;
}

absl::Status AdminService::authorize(const grpc::CallbackServerContext* ctx) const {
  const auto& md = ctx->client_metadata();
  auto it = md.find("authorization");
  if (it == md.end()) {
    return absl::UnauthenticatedError("the admin API needs the metadata 'authorization: Bearer <token>'");
  }
  const std::string_view value(it->second.data(), it->second.size());
  constexpr std::string_view kBearer = "Bearer ";
  if (value.substr(0, kBearer.size()) != kBearer || !constantTimeEquals(value.substr(kBearer.size()), token_)) {
    return absl::UnauthenticatedError("the admin token is wrong");
  }
  return absl::OkStatus();
}

grpc::ServerUnaryReactor* AdminService::GetGraph(grpc::CallbackServerContext* ctx, const apb::GetGraphRequest* request,
                                                 apb::GetGraphResponse* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  const std::vector<std::string> stages = graphStages();
  for (const std::string& st : stages) response->add_stages(st);
  auto model = core_.registry().get(request->model(), request->version());
  if (!model.ok()) return finishNow(ctx, model.status());
  const Model::Method* method = (*model)->findMethod(request->method());
  if (!method) {
    return finishNow(ctx, absl::NotFoundError(absl::StrCat("model '", request->model(), "' has no method '",
                                                           request->method(), "'")));
  }
  const std::string stage = request->stage().empty() ? "emitted" : request->stage();
  if (std::find(stages.begin(), stages.end(), stage) == stages.end()) {
    return finishNow(ctx, absl::InvalidArgumentError(absl::StrCat("unknown stage '", stage,
                                                                  "' (stages: ", absl::StrJoin(stages, ", "), ")")));
  }
  if (stage == "emitted") {
    auto* dump = response->add_dumps();
    dump->set_stage(stage);
    dump->set_text(method->function->graph().toString());
  } else if (stage == "code") {
    auto* dump = response->add_dumps();
    dump->set_stage(stage);
    dump->set_text(method->function->code()->dump());
  } else if (stage == "plan") {
    for (const auto& plan : (*model)->executor(*method)->plans()) {
      auto* dump = response->add_dumps();
      dump->set_stage(stage);
      dump->set_argument_spec(plan->spec.str());
      dump->set_hits(plan->hits.load(std::memory_order_relaxed));
      dump->set_text(plan->graph->toString());
    }
  } else {  // after:PASS
    auto after = (*model)->graphAfterEachPass(*method);
    if (!after.ok()) return finishNow(ctx, after.status());
    const std::string_view pass = std::string_view(stage).substr(kAfter.size());
    for (const auto& [name, text] : *after) {
      if (name != pass) continue;
      auto* dump = response->add_dumps();
      dump->set_stage(stage);
      dump->set_text(text);
      break;
    }
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::GetExecutorStats(grpc::CallbackServerContext* ctx,
                                                         const apb::GetExecutorStatsRequest* request,
                                                         apb::GetExecutorStatsResponse* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  absl::StatusOr<std::vector<MethodExecutorStats>> all = core_.executorStats(request->model(), request->version());
  if (!all.ok()) return finishNow(ctx, all.status());
  for (const MethodExecutorStats& e : *all) {
    const GraphExecutorStats& s = e.stats;
    auto* ms = response->add_methods();
    ms->set_model(e.model->name());
    ms->set_version(e.model->version());
    ms->set_method(e.method->name);
    ms->set_hits(s.hits);
    ms->set_misses(s.misses);
    ms->set_fallbacks(s.fallbacks);
    ms->set_generic_runs(s.generic);
    ms->set_background_compiles(s.backgroundCompiles);
    ms->set_guards(s.guards);
    ms->set_guard_failures(s.guardFailures);
    ms->set_optimized_plans(s.optimizedPlans);
    ms->set_device(e.model->device().str());
    for (const std::string& op : e.model->cpuFallbackOperators()) ms->add_cpu_fallback_ops(op);
    const MethodStats::Snapshot requests = e.method->stats->snapshot();
    ms->set_cpu_fallback_copies(requests.cpuFallbackCopies);
    ms->set_device_kernel_launches(requests.deviceKernelLaunches);
    for (const auto& p : s.plans) {
      auto* ps = ms->add_plans();
      ps->set_argument_spec(p.spec);
      ps->set_hits(p.hits);
      ps->set_compile_time_ns(static_cast<uint64_t>(p.compileTime.count()));
      ps->set_profiling(p.profiling);
      ps->set_profiled_runs(p.profiledRuns);
      ps->set_guards(p.guards);
      ps->set_guards_eliminated(p.guardsEliminated);
      ps->set_guard_failures(p.guardFailures);
      ps->set_planned_values(p.memory.slots);
      ps->set_arena_values(p.memory.laidOut);
      ps->set_escaped_values(p.memory.escaped);
      ps->set_arena_bytes(p.memory.arenaBytes);
      ps->set_planned_bytes(p.memory.plannedBytes);
      ps->set_arena_allocations(p.memory.served);
      ps->set_heap_allocations(p.memory.fromHeap);
    }
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::GetLogLevel(grpc::CallbackServerContext* ctx, const apb::GetLogLevelRequest*,
                                                    apb::LogLevel* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  response->set_spec(jitlog::logLevels());
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::SetLogLevel(grpc::CallbackServerContext* ctx, const apb::LogLevel* request,
                                                    apb::LogLevel* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  jitlog::setLogLevels(request->spec());
  response->set_spec(jitlog::logLevels());
  return finishNow(ctx, absl::OkStatus());
}

namespace {
void fillOptimization(bool enabled, apb::Optimization* out) {
  out->set_enabled(enabled);
  for (const std::string& p : specializedPipeline()) out->add_passes(p);
}
}  // namespace

grpc::ServerUnaryReactor* AdminService::GetOptimization(grpc::CallbackServerContext* ctx,
                                                        const apb::GetOptimizationRequest*,
                                                        apb::Optimization* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  fillOptimization(core_.optimize(), response);
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::SetOptimization(grpc::CallbackServerContext* ctx,
                                                        const apb::Optimization* request,
                                                        apb::Optimization* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  core_.setOptimize(request->enabled());
  std::cerr << "jitserved: optimization " << (request->enabled() ? "on" : "off") << " (admin API)" << std::endl;
  fillOptimization(core_.optimize(), response);
  return finishNow(ctx, absl::OkStatus());
}

}  // namespace jitserve::server
