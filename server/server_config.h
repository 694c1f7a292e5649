// ServerConfig: everything jitserved is configured with (the serving core's
// ServingOptions and the front ends' addresses), from flags and an
// optional JSON file (--config FILE; flags given on the command line win
// over the file, the file over the defaults).
//
// Flags (each also a key of the config file, with '-' as '_'):
//   --model-repository DIR     models loaded at start (default: none)
//   --grpc-host HOST           inference API address (default 0.0.0.0)
//   --grpc-port P              inference API port; 0 picks a free one (default 8001)
//   --admin-host HOST          admin API address (default 127.0.0.1)
//   --admin-port A             admin API port; 0 picks a free one (default 8003)
//   --admin-token-file F       the admin API's bearer token; no file, no admin API
//   --metrics-host HOST        /metrics address (default 127.0.0.1)
//   --metrics-port M           Prometheus /metrics port; 0 picks a free one (default 8002)
//   --allow-remote-load        allow LoadModel/UnloadModel and repository load/unload
//   --workers N                inference worker threads (default: hardware threads)
//   --intra-op-threads N       threads one operator may use (default: hardware threads)
//   --inter-op-threads N       threads running torch.jit.fork'ed calls (default: hardware threads)
//   --max-queue N              waiting requests before RESOURCE_EXHAUSTED (default 1024)
//   --max-message-bytes N      largest gRPC message accepted or sent (default 64 MiB)
//   --max-archive-bytes N      largest archive accepted by LoadModel (default 1 GiB)
//   --drain-grace-ms N         how long SIGTERM waits for in-flight requests (default 10000)
//   --optimize[=false]         run the optimization passes on each plan (default true)
//   --background-compile[=false]  build generic plans at load and compile specialized plans
//                              off the request path (default true)
//   --freeze[=false]           serve archives in eval mode frozen (default true)
//   --device D                 where models run unless their config.json says: cpu,
//                              cuda or cuda:N (default cpu)
//   --inline-max-us N          run tiny requests on the gRPC thread, skipping the
//                              worker hand-off (ServingCore::submit; default 50, 0: never)
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "server/core/serving_options.h"

namespace jitserve::server {

// The serving core's settings (ServingOptions) and the front ends' own.
struct ServerConfig : ServingOptions {
  std::string grpcHost = "0.0.0.0";
  int grpcPort = 8001;
  std::string adminHost = "127.0.0.1";
  int adminPort = 8003;
  std::string metricsHost = "127.0.0.1";
  int metricsPort = 8002;
  std::string adminTokenFile;
  int64_t drainGraceMs = 10000;
  // On SIGTERM, health turns NOT_SERVING at once but requests are still
  // admitted for this long before the drain refuses new ones: the time a
  // load balancer (a Kubernetes Service) takes to stop sending here. Part
  // of the grace period.
  int64_t shutdownDelayMs = 0;
  // TLS on the inference and admin ports (PEM files): both or neither of
  // cert and key. With a client CA, clients must present a certificate it
  // signed (mTLS). The files are re-read when they change, checked every
  // tlsReloadSeconds, so rotated certificates apply without a restart.
  std::string tlsCert;
  std::string tlsKey;
  std::string tlsClientCa;
  int64_t tlsReloadSeconds = 60;
};

// The PEM block types a TLS file must hold; InvalidArgument naming the flag
// and file when it cannot be read or holds none (checked at start: gRPC
// would otherwise only fail each handshake).
absl::Status checkTlsFiles(const ServerConfig& c);

// Parses argv (argv[0] skipped). InvalidArgument names the bad flag;
// `--help` yields a Cancelled status whose message is the usage text.
absl::StatusOr<ServerConfig> parseServerConfig(const std::vector<std::string>& args);

std::string serverUsage();

}  // namespace jitserve::server
