// How a client reaches a jitserved port: plain text, or TLS verified against
// a CA bundle (with the client's own certificate and key for mutual TLS).
#pragma once

#include <memory>
#include <string>

#include <grpcpp/security/credentials.h>

#include "absl/status/statusor.h"

namespace jitserve::client {

struct TlsFiles {
  std::string ca;    // PEM CA bundle that signed the server's certificate; empty with no TLS
  std::string cert;  // PEM client certificate chain (mutual TLS), with key
  std::string key;
  bool enabled() const { return !ca.empty() || !cert.empty(); }
};

// InvalidArgument naming the file that cannot be read, or a cert without
// its key.
absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> channelCredentials(const TlsFiles& tls);

}  // namespace jitserve::client
