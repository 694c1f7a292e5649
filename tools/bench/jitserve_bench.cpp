// jitserve-bench: what serving over gRPC adds to running a method in process.
//
//   jitserve-bench --server HOST:PORT --model NAME --source FILE.py --inputs JSON
//                  [--entry FN] [--method M] [--seconds S]
//
// Three closed loops, one after the other:
//   in-process  the method compiled here from FILE.py exactly as jitserved
//               compiles it (server::Model: same executors, same pass
//               pipeline), its arguments decoded once by the server's own
//               binding, then Model::run in a loop;
//   grpc        one client calling Infer on the running server, each request
//               sent when the previous one answered;
//   grpc-noop   the same client calling ListModels: a round trip answered on
//               the gRPC thread without running anything, the floor that the
//               gRPC stack and the client alone cost on this machine.
// Each loop warms up (compiles its plan) for a second, then runs for S
// seconds (default 10). It prints p50/p99/mean of both and the difference
// of the p50s: the per-request overhead of the server, the gRPC stack and
// the client together, on this machine. The server must already serve NAME
// compiled from the same FILE.py (scripts/bench_server.sh sets that up).
//
// JSON is jitctl's argument format (client/json_values.h).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "client/client.h"
#include "client/json_values.h"
#include "runtime/ops/register_all.h"
#include "server/core/model.h"
#include "server/grpc/native_service.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Summary {
  size_t n = 0;
  double p50 = 0, p99 = 0, mean = 0;  // microseconds
};

Summary summarize(std::vector<double> us) {
  Summary s;
  s.n = us.size();
  if (us.empty()) return s;
  std::sort(us.begin(), us.end());
  s.p50 = us[us.size() / 2];
  s.p99 = us[std::min(us.size() - 1, us.size() * 99 / 100)];
  double sum = 0;
  for (double v : us) sum += v;
  s.mean = sum / static_cast<double>(us.size());
  return s;
}

// Runs `once` for a second of warm-up, then for `seconds`, timing each call.
// Stops at the first failure.
absl::StatusOr<Summary> timeLoop(double seconds, const std::function<absl::Status()>& once) {
  const auto warmEnd = Clock::now() + std::chrono::seconds(1);
  while (Clock::now() < warmEnd) {
    if (absl::Status s = once(); !s.ok()) return s;
  }
  std::vector<double> us;
  us.reserve(1 << 20);
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < end) {
    const auto t0 = Clock::now();
    absl::Status s = once();
    const auto t1 = Clock::now();
    if (!s.ok()) return s;
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  return summarize(std::move(us));
}

void print(const char* what, const Summary& s, double seconds) {
  std::printf("%-11s %9zu requests %9.0f req/s   p50 %8.1f us   p99 %8.1f us   mean %8.1f us\n", what, s.n,
              static_cast<double>(s.n) / seconds, s.p50, s.p99, s.mean);
}

int fail(const std::string& what, const absl::Status& s) {
  std::fprintf(stderr, "jitserve-bench: %s: %s: %s\n", what.c_str(), absl::StatusCodeToString(s.code()).c_str(),
               std::string(s.message()).c_str());
  return 1;
}

int usage(const std::string& msg) {
  std::fprintf(stderr,
               "jitserve-bench: %s\nusage: jitserve-bench --server HOST:PORT --model NAME --source FILE.py "
               "--inputs JSON [--entry FN] [--method M] [--seconds S]\n",
               msg.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::map<std::string, std::string> opts;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.rfind("--", 0) != 0 || i + 1 >= argc) return usage("bad argument '" + a + "'");
    opts[a.substr(2)] = argv[++i];
  }
  for (const auto& [k, v] : opts) {
    static const char* known[] = {"server", "model", "source", "inputs", "entry", "method", "seconds"};
    if (std::none_of(std::begin(known), std::end(known), [&](const char* n) { return k == n; })) {
      return usage("unknown option --" + k);
    }
  }
  for (const char* required : {"server", "model", "source", "inputs"}) {
    if (!opts.count(required)) return usage(std::string("--") + required + " is required");
  }
  const double seconds = opts.count("seconds") ? std::atof(opts["seconds"].c_str()) : 10;
  if (seconds <= 0) return usage("--seconds must be positive");

  // The request, as jitctl would build it.
  jitserve::v1::InferRequest req;
  req.set_model_name(opts["model"]);
  if (opts.count("method")) req.set_method(opts["method"]);
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(opts["inputs"]);
  } catch (const std::exception& e) {
    return fail("--inputs", absl::InvalidArgumentError(e.what()));
  }
  if (!j.is_array()) return fail("--inputs", absl::InvalidArgumentError("expected a JSON array of arguments"));
  for (const auto& a : j) {
    auto v = jitserve::client::valueFromJson(a);
    if (!v.ok()) return fail("--inputs", v.status());
    *req.add_inputs() = std::move(*v);
  }

  // In process: compile the source as the server does and run it directly.
  jitserve::ensureOperatorsRegistered();
  std::ifstream in(opts["source"]);
  if (!in) return fail(opts["source"], absl::NotFoundError("cannot read the file"));
  std::stringstream ss;
  ss << in.rdbuf();
  auto model = jitserve::server::Model::fromSource(opts["model"], "1", ss.str(), opts["entry"]);
  if (!model.ok()) return fail(opts["source"], model.status());
  const jitserve::server::Model::Method* method = (*model)->findMethod(req.method());
  if (!method) return fail("--method", absl::NotFoundError("no method '" + req.method() + "'"));
  auto bound = jitserve::server::bindArguments(method->schema(), req.inputs(), req.named_inputs(), {});
  if (!bound.ok()) return fail("--inputs", bound.status());
  jitserve::InterpreterOptions runOptions;
  runOptions.checkInterval = 64;  // as the server runs requests
  auto local = timeLoop(seconds, [&] {
    jitserve::Stack stack = *bound;
    return (*model)->run(*method, stack, runOptions);
  });
  if (!local.ok()) return fail("in-process run", local.status());

  // Through the server.
  auto client = jitserve::client::Client::connect(opts["server"], std::chrono::seconds(30));
  if (!client.ok()) return fail(opts["server"], client.status());
  auto remote = timeLoop(seconds, [&]() -> absl::Status { return (*client)->infer(req).status(); });
  if (!remote.ok()) return fail("grpc Infer", remote.status());
  auto noop = timeLoop(seconds, [&]() -> absl::Status { return (*client)->listModels().status(); });
  if (!noop.ok()) return fail("grpc ListModels", noop.status());

  std::printf("model %s, %s, %.0f s per loop, 1 client\n", opts["model"].c_str(), opts["inputs"].c_str(), seconds);
  print("in-process", *local, seconds);
  print("grpc", *remote, seconds);
  print("grpc-noop", *noop, seconds);
  std::printf("overhead    p50 %.1f us (grpc p50 - in-process p50; includes the client and the gRPC stack)\n",
              remote->p50 - local->p50);
  std::printf("            of which the gRPC round trip alone (grpc-noop p50) %.1f us\n", noop->p50);
  return 0;
}
