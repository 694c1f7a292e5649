#include "client/admin_client.h"

#include <grpcpp/grpcpp.h>

namespace jitserve::client {

namespace apb = ::jitserve::admin::v1;

namespace {
absl::Status toStatus(const grpc::Status& s) {
  if (s.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()), s.error_message());
}
}  // namespace

absl::StatusOr<std::unique_ptr<AdminClient>> AdminClient::connect(const std::string& target, std::string token,
                                                                  std::chrono::milliseconds timeout,
                                                                  const TlsFiles& tls) {
  auto credentials = channelCredentials(tls);
  if (!credentials.ok()) return credentials.status();
  auto channel = grpc::CreateChannel(target, *credentials);
  if (!channel) return absl::UnavailableError("cannot create a channel to " + target);
  return std::unique_ptr<AdminClient>(new AdminClient(apb::Admin::NewStub(channel), std::move(token), timeout));
}

void AdminClient::prepare(grpc::ClientContext& ctx) const {
  if (timeout_.count() > 0) ctx.set_deadline(std::chrono::system_clock::now() + timeout_);
  ctx.AddMetadata("authorization", "Bearer " + token_);
}

absl::StatusOr<apb::GetGraphResponse> AdminClient::graph(const std::string& model, const std::string& method,
                                                         const std::string& stage, const std::string& version) {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::GetGraphRequest req;
  req.set_model(model);
  req.set_method(method);
  req.set_stage(stage);
  req.set_version(version);
  apb::GetGraphResponse resp;
  grpc::Status s = stub_->GetGraph(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<apb::GetExecutorStatsResponse> AdminClient::stats(const std::string& model, const std::string& version) {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::GetExecutorStatsRequest req;
  req.set_model(model);
  req.set_version(version);
  apb::GetExecutorStatsResponse resp;
  grpc::Status s = stub_->GetExecutorStats(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<std::string> AdminClient::logLevel() {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::LogLevel resp;
  grpc::Status s = stub_->GetLogLevel(&ctx, apb::GetLogLevelRequest(), &resp);
  if (!s.ok()) return toStatus(s);
  return resp.spec();
}

absl::StatusOr<std::string> AdminClient::setLogLevel(const std::string& spec) {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::LogLevel req;
  req.set_spec(spec);
  apb::LogLevel resp;
  grpc::Status s = stub_->SetLogLevel(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp.spec();
}

absl::StatusOr<apb::Optimization> AdminClient::optimization() {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::Optimization resp;
  grpc::Status s = stub_->GetOptimization(&ctx, apb::GetOptimizationRequest(), &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<apb::Optimization> AdminClient::setOptimization(bool enabled) {
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::Optimization req;
  req.set_enabled(enabled);
  apb::Optimization resp;
  grpc::Status s = stub_->SetOptimization(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<apb::CheckModelResponse> AdminClient::check(const std::string& archive, const std::string& entry,
                                                          const std::string& device, bool cpuFallback) {
  constexpr size_t kChunkBytes = size_t{1} << 20;
  grpc::ClientContext ctx;
  prepare(ctx);
  apb::CheckModelResponse response;
  auto writer = stub_->CheckModel(&ctx, &response);
  apb::CheckModelRequest first;
  apb::CheckModelHeader* h = first.mutable_header();
  h->set_archive_size(archive.size());
  h->set_entry(entry);
  h->set_device(device);
  h->set_cpu_fallback(cpuFallback);
  bool ok = writer->Write(first);
  for (size_t off = 0; ok && off < archive.size(); off += kChunkBytes) {
    apb::CheckModelRequest chunk;
    chunk.set_archive_chunk(archive.substr(off, kChunkBytes));
    ok = writer->Write(chunk);
  }
  writer->WritesDone();
  grpc::Status s = writer->Finish();
  if (!s.ok()) return toStatus(s);
  return response;
}

}  // namespace jitserve::client
