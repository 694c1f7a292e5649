#include "server/admin_service.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "compiler/ir/ir_printer.h"
#include "server/grpc_call.h"
#if JITSERVE_HAVE_JIT_LOG
#include "compiler/passes/jit_log.h"
#endif

namespace jitserve::server {

namespace apb = ::jitserve::admin::v1;

namespace {

constexpr const char* kStages[] = {"emitted", "code"};

grpc::ServerUnaryReactor* finishNow(grpc::CallbackServerContext* ctx, const absl::Status& s) {
  auto* r = ctx->DefaultReactor();
  r->Finish(toGrpcStatus(s));
  return r;
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
  unsigned char diff = a.size() == b.size() ? 0 : 1;
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace

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
  for (const char* st : kStages) response->add_stages(st);
  auto model = core_.registry().get(request->model(), request->version());
  if (!model.ok()) return finishNow(ctx, model.status());
  const Model::Method* method = (*model)->findMethod(request->method());
  if (!method) {
    return finishNow(ctx, absl::NotFoundError(absl::StrCat("model '", request->model(), "' has no method '",
                                                           request->method(), "'")));
  }
  const std::string stage = request->stage().empty() ? "emitted" : request->stage();
  auto* dump = response->add_dumps();
  dump->set_stage(stage);
  if (stage == "emitted") {
    std::ostringstream os;
    os << method->function->graph();
    dump->set_text(os.str());
  } else if (stage == "code") {
    dump->set_text(method->function->code()->dump());
  } else {
    return finishNow(ctx, absl::InvalidArgumentError(
                              absl::StrCat("unknown stage '", stage, "' (stages: emitted, code)")));
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::GetExecutorStats(grpc::CallbackServerContext* ctx,
                                                         const apb::GetExecutorStatsRequest* request,
                                                         apb::GetExecutorStatsResponse* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
  std::vector<std::shared_ptr<Model>> models;
  if (request->model().empty()) {
    models = core_.registry().list();
  } else {
    auto m = core_.registry().get(request->model(), request->version());
    if (!m.ok()) return finishNow(ctx, m.status());
    models.push_back(*m);
  }
  for (const auto& model : models) {
    for (const auto& method : model->methods()) {
      const GraphExecutorStats s = method.executor->stats();
      auto* ms = response->add_methods();
      ms->set_model(model->name());
      ms->set_version(model->version());
      ms->set_method(method.name);
      ms->set_hits(s.hits);
      ms->set_misses(s.misses);
      ms->set_fallbacks(s.fallbacks);
      for (const auto& p : s.plans) {
        auto* ps = ms->add_plans();
        ps->set_argument_spec(p.spec);
        ps->set_hits(p.hits);
        ps->set_compile_time_ns(static_cast<uint64_t>(p.compileTime.count()));
      }
    }
  }
  return finishNow(ctx, absl::OkStatus());
}

grpc::ServerUnaryReactor* AdminService::GetLogLevel(grpc::CallbackServerContext* ctx, const apb::GetLogLevelRequest*,
                                                    apb::LogLevel* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
#if JITSERVE_HAVE_JIT_LOG
  response->set_spec(jitlog::logLevels());
  return finishNow(ctx, absl::OkStatus());
#else
  return finishNow(ctx, absl::UnimplementedError("this build has no JIT logging (compiler/passes)"));
#endif
}

grpc::ServerUnaryReactor* AdminService::SetLogLevel(grpc::CallbackServerContext* ctx, const apb::LogLevel* request,
                                                    apb::LogLevel* response) {
  if (auto s = authorize(ctx); !s.ok()) return finishNow(ctx, s);
#if JITSERVE_HAVE_JIT_LOG
  jitlog::setLogLevels(request->spec());
  response->set_spec(jitlog::logLevels());
  return finishNow(ctx, absl::OkStatus());
#else
  (void)request;
  (void)response;
  return finishNow(ctx, absl::UnimplementedError("this build has no JIT logging (compiler/passes)"));
#endif
}

}  // namespace jitserve::server
