// The credentials jitserved's gRPC ports listen with: plain text, or TLS
// from the --tls-* files (server_config.h), with client certificates
// required and verified when a client CA is given. The files are watched:
// a rotated certificate or CA applies to new connections within
// tlsReloadSeconds, without a restart.
#pragma once

#include <memory>

#include <grpcpp/security/server_credentials.h>

#include "server/server_config.h"

namespace jitserve::server {

std::shared_ptr<grpc::ServerCredentials> serverCredentials(const ServerConfig& c);

}  // namespace jitserve::server
