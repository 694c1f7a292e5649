#include "client/client.h"

#include <grpcpp/grpcpp.h>

namespace jitserve::client {

namespace pb = ::jitserve::v1;

namespace {
absl::Status toStatus(const grpc::Status& s) {
  if (s.ok()) return absl::OkStatus();
  return absl::Status(static_cast<absl::StatusCode>(s.error_code()), s.error_message());
}
}  // namespace

Client::Client(std::shared_ptr<grpc::Channel> channel, std::chrono::milliseconds timeout)
    : channel_(std::move(channel)), stub_(pb::JitServe::NewStub(channel_)), timeout_(timeout) {}

absl::StatusOr<std::unique_ptr<Client>> Client::connect(const std::string& target, std::chrono::milliseconds timeout,
                                                        const TlsFiles& tls) {
  auto credentials = channelCredentials(tls);
  if (!credentials.ok()) return credentials.status();
  grpc::ChannelArguments args;
  args.SetMaxReceiveMessageSize(-1);
  args.SetMaxSendMessageSize(-1);
  auto channel = grpc::CreateCustomChannel(target, *credentials, args);
  if (!channel) return absl::UnavailableError("cannot create a channel to " + target);
  return std::unique_ptr<Client>(new Client(std::move(channel), timeout));
}

void Client::prepare(grpc::ClientContext& ctx) const {
  if (timeout_.count() > 0) ctx.set_deadline(std::chrono::system_clock::now() + timeout_);
}

absl::StatusOr<pb::ModelInfo> Client::load(const pb::ModelHeader& header, const std::string* archive,
                                           const std::function<void(size_t, size_t)>& progress) {
  grpc::ClientContext ctx;
  prepare(ctx);
  pb::LoadModelResponse response;
  auto writer = stub_->LoadModel(&ctx, &response);
  pb::LoadModelRequest first;
  *first.mutable_header() = header;
  bool ok = writer->Write(first);
  if (archive) {
    for (size_t off = 0; ok && off < archive->size(); off += kChunkBytes) {
      pb::LoadModelRequest chunk;
      chunk.set_archive_chunk(archive->substr(off, kChunkBytes));
      ok = writer->Write(chunk);
      if (progress) progress(std::min(archive->size(), off + kChunkBytes), archive->size());
    }
  }
  writer->WritesDone();
  grpc::Status s = writer->Finish();
  if (!s.ok()) return toStatus(s);
  return response.model();
}

absl::StatusOr<pb::ModelInfo> Client::loadSource(const std::string& name, const std::string& version,
                                                 const std::string& source, const std::string& entry) {
  pb::ModelHeader h;
  h.set_name(name);
  h.set_version(version);
  h.set_source(source);
  h.set_entry(entry);
  return load(h, nullptr, {});
}

absl::StatusOr<pb::ModelInfo> Client::loadArchive(const std::string& name, const std::string& version,
                                                  const std::string& bytes,
                                                  const std::function<void(size_t, size_t)>& progress) {
  pb::ModelHeader h;
  h.set_name(name);
  h.set_version(version);
  h.set_archive_size(bytes.size());
  return load(h, &bytes, progress);
}

absl::Status Client::unload(const std::string& name, const std::string& version) {
  grpc::ClientContext ctx;
  prepare(ctx);
  pb::UnloadModelRequest req;
  req.set_name(name);
  req.set_version(version);
  pb::UnloadModelResponse resp;
  return toStatus(stub_->UnloadModel(&ctx, req, &resp));
}

absl::StatusOr<pb::ListModelsResponse> Client::listModels() {
  grpc::ClientContext ctx;
  prepare(ctx);
  pb::ListModelsResponse resp;
  grpc::Status s = stub_->ListModels(&ctx, pb::ListModelsRequest(), &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<pb::DescribeModelResponse> Client::describe(const std::string& name, const std::string& version) {
  grpc::ClientContext ctx;
  prepare(ctx);
  pb::DescribeModelRequest req;
  req.set_name(name);
  req.set_version(version);
  pb::DescribeModelResponse resp;
  grpc::Status s = stub_->DescribeModel(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<pb::InferResponse> Client::infer(const pb::InferRequest& request) {
  grpc::ClientContext ctx;
  prepare(ctx);
  pb::InferResponse resp;
  grpc::Status s = stub_->Infer(&ctx, request, &resp);
  if (!s.ok()) return toStatus(s);
  return resp;
}

absl::StatusOr<grpc::health::v1::HealthCheckResponse::ServingStatus> Client::health(const std::string& service) {
  grpc::ClientContext ctx;
  prepare(ctx);
  grpc::health::v1::HealthCheckRequest req;
  req.set_service(service);
  grpc::health::v1::HealthCheckResponse resp;
  grpc::Status s = grpc::health::v1::Health::NewStub(channel_)->Check(&ctx, req, &resp);
  if (!s.ok()) return toStatus(s);
  return resp.status();
}

}  // namespace jitserve::client
