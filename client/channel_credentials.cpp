#include "client/channel_credentials.h"

#include <fstream>
#include <sstream>

#include <grpcpp/security/credentials.h>

namespace jitserve::client {

namespace {
absl::StatusOr<std::string> readPem(const char* what, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::InvalidArgumentError(std::string(what) + ": cannot read " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

absl::StatusOr<std::shared_ptr<grpc::ChannelCredentials>> channelCredentials(const TlsFiles& tls) {
  if (!tls.enabled()) return grpc::InsecureChannelCredentials();
  if (tls.cert.empty() != tls.key.empty())
    return absl::InvalidArgumentError("a client certificate and its key go together: give both or neither");
  grpc::SslCredentialsOptions options;
  // An empty root bundle makes gRPC use the system's CAs.
  if (!tls.ca.empty()) {
    auto ca = readPem("TLS CA", tls.ca);
    if (!ca.ok()) return ca.status();
    options.pem_root_certs = *ca;
  }
  if (!tls.cert.empty()) {
    auto cert = readPem("TLS certificate", tls.cert);
    if (!cert.ok()) return cert.status();
    auto key = readPem("TLS key", tls.key);
    if (!key.ok()) return key.status();
    options.pem_cert_chain = *cert;
    options.pem_private_key = *key;
  }
  return grpc::SslCredentials(options);
}

}  // namespace jitserve::client
