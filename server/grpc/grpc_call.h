// Helpers shared by the gRPC front ends: absl::Status -> grpc::Status
// (the codes are the same canonical codes), a unary call answered at once,
// the request deadline as the interpreter's clock, a unary reactor that
// records client cancellation in a flag the interpreter polls, and the
// decoding limits the core's options set.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <grpcpp/grpcpp.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "server/core/serving_options.h"
#include "proto/codec/value_codec.h"

namespace jitserve::server {

// An error's text travels in the trailing metadata, which clients refuse
// past a few KiB ("received initial metadata size exceeds limit" instead of
// the error). Longer messages (a compile error quoting a 100k-character
// line) keep their head, where the message and the source location are, and
// their tail, with the cut said.
inline constexpr size_t kMaxStatusMessageBytes = 4096;
inline std::string boundedStatusMessage(std::string_view m) {
  if (m.size() <= kMaxStatusMessageBytes) return std::string(m);
  constexpr size_t kTail = 512;
  const size_t head = kMaxStatusMessageBytes - kTail - 64;
  std::string out(m.substr(0, head));
  out += "\n... [";
  out += std::to_string(m.size() - head - kTail);
  out += " bytes cut] ...\n";
  out += m.substr(m.size() - kTail);
  return out;
}

inline grpc::Status toGrpcStatus(const absl::Status& s) {
  if (s.ok()) return grpc::Status::OK;
  return grpc::Status(static_cast<grpc::StatusCode>(s.code()), boundedStatusMessage(std::string_view(s.message().data(), s.message().size())));
}

// Answers a unary call now (on the gRPC thread).
inline grpc::ServerUnaryReactor* finishNow(grpc::CallbackServerContext* ctx, const absl::Status& s) {
  auto* r = ctx->DefaultReactor();
  r->Finish(toGrpcStatus(s));
  return r;
}

// How far an untrusted request may make the codecs allocate.
inline codec::CodecLimits codecLimits(const ServingOptions& options) {
  codec::CodecLimits l;
  l.maxTensorBytes = options.maxMessageBytes;
  return l;
}

// The client's deadline on the steady clock; nullopt when it set none.
inline std::optional<std::chrono::steady_clock::time_point> deadlineOf(const grpc::CallbackServerContext* ctx) {
  const auto d = ctx->deadline();
  if (d >= std::chrono::system_clock::time_point::max() - std::chrono::hours(24 * 365)) return std::nullopt;
  const auto left = d - std::chrono::system_clock::now();
  return std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(left);
}

// A unary reactor for calls that run on a worker: OnCancel raises
// `cancelled` (which the interpreter checks); it deletes itself when done.
// Finish() must be called exactly once, from any thread; `cancelled` may be
// read until then.
class CancellableReactor : public grpc::ServerUnaryReactor {
 public:
  std::atomic<bool> cancelled{false};
  void OnCancel() override { cancelled.store(true); }
  void OnDone() override { delete this; }
};

// The read loop of a client-streaming call (LoadModel, CheckModel): every
// message goes to take(), whose error ends the call; the end of the stream
// to complete(), which must Finish. Derived constructors call start() last,
// once the object is whole. It deletes itself when done.
template <typename Request>
class StreamReadReactor : public grpc::ServerReadReactor<Request> {
 public:
  void OnReadDone(bool ok) override {
    if (!ok) {
      complete();
      return;
    }
    if (absl::Status s = take(); !s.ok()) {
      this->Finish(toGrpcStatus(s));
      return;
    }
    request_.Clear();
    this->StartRead(&request_);
  }
  void OnDone() override { delete this; }

 protected:
  void start() { this->StartRead(&request_); }
  virtual absl::Status take() = 0;
  virtual void complete() = 0;

  Request request_;
};

// A client-streaming call refused before reading anything.
template <typename Request>
class RefuseStreamReactor final : public grpc::ServerReadReactor<Request> {
 public:
  explicit RefuseStreamReactor(const absl::Status& why) { this->Finish(toGrpcStatus(why)); }
  void OnDone() override { delete this; }
};

// An archive streamed in chunks after a header that announced its size:
// the size against the server's limit, and every chunk against it.
class ArchiveUpload {
 public:
  absl::Status begin(uint64_t announced, int64_t limit) {
    if (announced > static_cast<uint64_t>(limit)) {
      return absl::InvalidArgumentError(absl::StrCat("the archive (", announced,
                                                     " bytes) is larger than the server's limit of ", limit, " bytes"));
    }
    announced_ = announced;
    bytes_.reserve(announced);
    return absl::OkStatus();
  }
  absl::Status append(const std::string& chunk) {
    if (bytes_.size() + chunk.size() > announced_) {
      return absl::InvalidArgumentError(
          absl::StrCat("more archive bytes than the header's archive_size (", announced_, ")"));
    }
    bytes_ += chunk;
    return absl::OkStatus();
  }
  // At the end of the stream: every announced byte arrived.
  absl::Status finished() const {
    if (bytes_.size() == announced_) return absl::OkStatus();
    return absl::InvalidArgumentError(
        absl::StrCat("the archive ended after ", bytes_.size(), " bytes; the header announced ", announced_));
  }
  std::string take() { return std::move(bytes_); }

 private:
  uint64_t announced_ = 0;
  std::string bytes_;
};

}  // namespace jitserve::server
