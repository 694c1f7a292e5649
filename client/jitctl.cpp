// jitctl: the command-line client of jitserved (native API).
//
//   jitctl [--server HOST:PORT] [--timeout SEC] COMMAND ...
//     health [SERVICE]                         grpc.health.v1 Check: prints the status,
//                                              exit 0 when SERVING (a container health check)
//     models                                   list loaded models
//     describe MODEL [--version V]             methods and typed signatures
//     load NAME FILE [--version V] [--entry F] load model.py source or a model.pt archive
//     unload NAME [--version V]
//     infer MODEL [--method M] [--version V] (JSON | --inputs FILE)
//                                              JSON: an array of arguments, or an
//                                              object {"args": [...], "kwargs": {...}};
//                                              FILE: a .json file of that,
//                                              a.npy[,b.npy...] (one tensor argument each),
//                                              or a torch.save file (.pt/.pth) of a list or
//                                              tuple of arguments, or of the only argument
//     bench MODEL JSON [--clients N] [--seconds S] [--method M]
//                                              N concurrent clients calling infer for S
//                                              seconds; prints throughput, p50/p99, errors
//   admin API (--admin-server, --token-file):
//     graph MODEL [--method M] [--stage emitted|after:PASS|plan|code]
//     stats [MODEL]                            plan cache statistics per method
//     log-level [SPEC]                         get or set PYTORCH_JIT_LOG_LEVEL
//     optimize [on|off]                        get or set the optimization passes
//
// The server defaults to $JITSERVE_SERVER, else 127.0.0.1:8001; the admin
// server to $JITSERVE_ADMIN_SERVER, else 127.0.0.1:8003; the token file to
// $JITSERVE_ADMIN_TOKEN_FILE. Results are
// printed as JSON (see client/json_values.h for the value format). A failure
// prints one line, "jitctl: CODE: message", and exits 1 (2 for usage errors).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <thread>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <string_view>

#include "absl/status/status.h"
#include "client/admin_client.h"
#include "client/client.h"
#include "client/json_values.h"
#include "client/npy.h"
#include "client/torch_save_inputs.h"

namespace {

using jitserve::client::Client;

constexpr const char* kUsage = R"(usage: jitctl [--server HOST:PORT] [--timeout SEC] [TLS] COMMAND ...
  TLS (a jitserved started with --tls-cert): --tls-ca FILE (the CA that signed its certificate),
      and for mutual TLS --tls-cert FILE --tls-key FILE (this client's)
commands:
  health [SERVICE]                             grpc.health.v1 Check of the server (or SERVICE): prints
      SERVING, NOT_SERVING, ...; exit 0 only when SERVING (a container health check)
  models                                       list loaded models
  describe MODEL [--version V]                 methods and their typed signatures
  load NAME FILE [--version V] [--entry FN]    load a model.py (source) or model.pt (archive)
  unload NAME [--version V]                    unload one version, or all
  infer MODEL [--method M] [--version V] (JSON | --inputs FILE)
      --inputs FILE: a .json file, a.npy[,b.npy,...] (one tensor argument each), or a
        torch.save file (.pt/.pth) holding a list or tuple of the positional arguments,
        or a single argument (torch.save([x, 3], "args.pt"); torch.save(x, "x.pt"))
      JSON is an array of arguments or {"args": [...], "kwargs": {...}}; values:
        1, 2.5, true, "s", null, [list], {"tuple": [...]}, {"dict": [[k, v], ...]},
        {"dtype": "float32", "shape": [2, 2], "data": [1, 2, 3, 4]}
  bench MODEL JSON [--clients 32] [--seconds 10] [--method M]
      concurrent clients calling infer; prints requests/s, p50/p99 latency and errors
admin commands (--admin-server HOST:PORT, --token-file FILE):
  graph MODEL [--method M] [--stage STAGE]     a method's graph at a stage: emitted (default),
      after:PASS (the emitted graph after each pass of the pipeline up to PASS, e.g.
      after:inline), plan (each cached specialized plan, per ArgumentSpec), code
      (instructions of the generic code); an unknown stage lists the stages
  stats [MODEL]                                plan cache statistics per method
  log-level [SPEC]                             get or set the JIT log level (PYTORCH_JIT_LOG_LEVEL syntax)
  optimize [on|off]                            get or set the optimization passes (new plans follow)
  check FILE.pt [--device D] [--cpu-fallback on] [--entry FN]
      will the archive run on this server? Reads it without running it and lists every
      operator, class and construct it uses, what is supported (CPU, CUDA), what is
      missing and what PyTorch wrote it; exit 0 when it will run, 1 when it will not
defaults: $JITSERVE_SERVER or 127.0.0.1:8001; $JITSERVE_ADMIN_SERVER or 127.0.0.1:8003;
$JITSERVE_ADMIN_TOKEN_FILE
)";

int fail(const absl::Status& s) {
  std::cerr << "jitctl: " << absl::StatusCodeToString(s.code()) << ": " << s.message() << "\n";
  return 1;
}

int usage(const std::string& msg) {
  std::cerr << "jitctl: " << msg << "\n" << kUsage;
  return 2;
}

bool readFile(const std::string& path, std::string* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  *out = ss.str();
  return true;
}

void printProgress(size_t sent, size_t total) {
  if (!isatty(2) || total == 0) return;
  const int width = 30;
  const int filled = static_cast<int>(width * sent / total);
  std::cerr << "\rupload [" << std::string(filled, '#') << std::string(width - filled, ' ') << "] "
            << (100 * sent / total) << "% " << (sent >> 20) << "/" << (total >> 20) << " MiB" << std::flush;
  if (sent == total) std::cerr << "\n";
}

std::string signatureLine(const jitserve::v1::Method& m) {
  std::string s = m.name() + "(";
  for (int i = 0; i < m.arguments_size(); ++i) {
    const auto& a = m.arguments(i);
    if (i) s += ", ";
    s += a.name() + ": " + a.type();
    if (a.has_default()) s += " = " + jitserve::client::valueToJson(a.default_value()).dump();
  }
  s += ")";
  if (m.returns_size() == 1) s += " -> " + m.returns(0).type();
  return s;
}

// Closed-loop load: each client sends the next request when the previous
// one answered. Latencies are per request, measured at the client.
int bench(const std::string& server, const jitserve::v1::InferRequest& req, std::map<std::string, std::string>& opts,
          double timeoutSec, const jitserve::client::TlsFiles& tls) {
  const int clients = opts.count("clients") ? std::max(1, std::atoi(opts["clients"].c_str())) : 32;
  const double seconds = opts.count("seconds") ? std::atof(opts["seconds"].c_str()) : 10;
  std::vector<std::vector<double>> latencies(clients);
  std::atomic<int64_t> errors{0};
  std::string firstError;
  std::mutex mu;
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  std::vector<std::thread> threads;
  for (int i = 0; i < clients; ++i) {
    threads.emplace_back([&, i] {
      auto c = Client::connect(server, std::chrono::milliseconds(static_cast<int64_t>(timeoutSec * 1000)), tls);
      if (!c.ok()) return;
      while (std::chrono::steady_clock::now() < end) {
        const auto t0 = std::chrono::steady_clock::now();
        auto r = (*c)->infer(req);
        const auto t1 = std::chrono::steady_clock::now();
        if (!r.ok()) {
          if (errors++ == 0) {
            std::lock_guard<std::mutex> lock(mu);
            firstError = std::string(absl::StatusCodeToString(r.status().code())) + ": " +
                         std::string(r.status().message());
          }
          continue;
        }
        latencies[i].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
      }
    });
  }
  for (auto& t : threads) t.join();
  std::vector<double> all;
  for (auto& l : latencies) all.insert(all.end(), l.begin(), l.end());
  std::sort(all.begin(), all.end());
  auto pct = [&](double p) { return all.empty() ? 0.0 : all[std::min(all.size() - 1, size_t(p * all.size()))]; };
  std::printf("%d clients, %.1f s: %zu requests, %.0f req/s, p50 %.0f us, p99 %.0f us, %lld errors\n", clients,
              seconds, all.size(), all.size() / seconds, pct(0.50), pct(0.99), static_cast<long long>(errors.load()));
  if (errors.load()) std::fprintf(stderr, "jitctl: first error: %s\n", firstError.c_str());
  return errors.load() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string server = std::getenv("JITSERVE_SERVER") ? std::getenv("JITSERVE_SERVER") : "127.0.0.1:8001";
  double timeoutSec = 60;
  std::map<std::string, std::string> opts;
  std::vector<std::string> positional;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      std::cout << kUsage;
      return 0;
    }
    if (a.rfind("--", 0) == 0) {
      if (i + 1 >= args.size()) return usage(a + " needs a value");
      opts[a.substr(2)] = args[++i];
    } else {
      positional.push_back(a);
    }
  }
  if (opts.count("server")) server = opts["server"];
  if (opts.count("timeout")) timeoutSec = std::atof(opts["timeout"].c_str());
  for (const auto& [k, v] : opts) {
    static const char* known[] = {"server", "timeout", "version", "entry", "method", "inputs", "stage", "admin-server",
                                  "token-file", "clients", "seconds", "device", "cpu-fallback",
                                  "tls-ca", "tls-cert", "tls-key"};
    bool ok = false;
    for (const char* n : known) ok = ok || k == n;
    if (!ok) return usage("unknown option --" + k);
  }
  if (positional.empty()) return usage("no command");
  jitserve::client::TlsFiles tls;
  if (opts.count("tls-ca")) tls.ca = opts["tls-ca"];
  if (opts.count("tls-cert")) tls.cert = opts["tls-cert"];
  if (opts.count("tls-key")) tls.key = opts["tls-key"];
  const std::string cmd = positional[0];
  const std::string version = opts.count("version") ? opts["version"] : "";

  if (cmd == "graph" || cmd == "stats" || cmd == "log-level" || cmd == "optimize" || cmd == "check") {
    std::string adminServer = std::getenv("JITSERVE_ADMIN_SERVER") ? std::getenv("JITSERVE_ADMIN_SERVER")
                                                                   : "127.0.0.1:8003";
    if (opts.count("admin-server")) adminServer = opts["admin-server"];
    std::string tokenFile = std::getenv("JITSERVE_ADMIN_TOKEN_FILE") ? std::getenv("JITSERVE_ADMIN_TOKEN_FILE") : "";
    if (opts.count("token-file")) tokenFile = opts["token-file"];
    std::string token;
    if (tokenFile.empty()) return usage(cmd + " needs --token-file (or $JITSERVE_ADMIN_TOKEN_FILE)");
    if (!readFile(tokenFile, &token)) return fail(absl::NotFoundError("cannot read " + tokenFile));
    while (!token.empty() && std::isspace(static_cast<unsigned char>(token.back()))) token.pop_back();
    auto admin = jitserve::client::AdminClient::connect(
        adminServer, token, std::chrono::milliseconds(static_cast<int64_t>(timeoutSec * 1000)), tls);
    if (!admin.ok()) return fail(admin.status());
    if (cmd == "graph") {
      if (positional.size() != 2) return usage("graph takes MODEL");
      auto r = (*admin)->graph(positional[1], opts.count("method") ? opts["method"] : "",
                               opts.count("stage") ? opts["stage"] : "", version);
      if (!r.ok()) return fail(r.status());
      if (r->dumps().empty() && opts["stage"] == "plan") {
        std::cerr << "jitctl: no plan cached yet (plans are compiled by the first request per ArgumentSpec)\n";
      }
      for (const auto& d : r->dumps()) {
        if (d.stage() == "plan") std::cout << "# plan for " << d.argument_spec() << " (hits " << d.hits() << ")\n";
        std::cout << d.text();
      }
      return 0;
    }
    if (cmd == "check") {
      if (positional.size() != 2) return usage("check takes FILE.pt");
      std::string bytes;
      if (!readFile(positional[1], &bytes)) return fail(absl::NotFoundError("cannot read " + positional[1]));
      const std::string fallback = opts.count("cpu-fallback") ? opts["cpu-fallback"] : "off";
      if (fallback != "on" && fallback != "off") return usage("--cpu-fallback takes on or off");
      auto r = (*admin)->check(bytes, opts.count("entry") ? opts["entry"] : "",
                               opts.count("device") ? opts["device"] : "", fallback == "on");
      if (!r.ok()) return fail(r.status());
      std::cout << positional[1] << ": " << r->report();
      return r->will_run() ? 0 : 1;
    }
    if (cmd == "optimize") {
      if (positional.size() > 2 || (positional.size() == 2 && positional[1] != "on" && positional[1] != "off")) {
        return usage("optimize takes nothing, on or off");
      }
      auto r = positional.size() == 2 ? (*admin)->setOptimization(positional[1] == "on") : (*admin)->optimization();
      if (!r.ok()) return fail(r.status());
      std::cout << "optimization " << (r->enabled() ? "on" : "off") << "; passes:";
      for (const auto& p : r->passes()) std::cout << " " << p;
      std::cout << "\n";
      return 0;
    }
    if (cmd == "stats") {
      auto r = (*admin)->stats(positional.size() > 1 ? positional[1] : "", version);
      if (!r.ok()) return fail(r.status());
      for (const auto& m : r->methods()) {
        std::cout << m.model() << "\t" << m.version() << "\t" << m.method() << "\thits " << m.hits() << "\tmisses "
                  << m.misses() << "\tfallbacks " << m.fallbacks() << "\tguards " << m.guards()
                  << "\tguard failures " << m.guard_failures() << "\n";
        for (const auto& p : m.plans()) {
          std::cout << "    plan " << p.argument_spec() << "\thits " << p.hits() << "\tcompile "
                    << p.compile_time_ns() / 1000 << " us";
          if (p.profiling()) {
            std::cout << "\tprofiling (" << p.profiled_runs() << " runs)";
          } else if (p.profiled_runs() > 0) {
            std::cout << "\tguards " << p.guards() << " (" << p.guards_eliminated() << " eliminated)\tguard failures "
                      << p.guard_failures();
          }
          if (p.planned_values() > 0) {
            std::cout << "\tarena " << p.arena_bytes() << " B for " << p.arena_values() << "/" << p.planned_values()
                      << " values (" << p.planned_bytes() << " B unshared)";
          }
          std::cout << "\n";
        }
      }
      return 0;
    }
    auto r = positional.size() > 1 ? (*admin)->setLogLevel(positional[1]) : (*admin)->logLevel();
    if (!r.ok()) return fail(r.status());
    std::cout << *r << "\n";
    return 0;
  }

  auto client = Client::connect(server, std::chrono::milliseconds(static_cast<int64_t>(timeoutSec * 1000)), tls);
  if (!client.ok()) return fail(client.status());
  Client& c = **client;

  if (cmd == "health") {
    if (positional.size() > 2) return usage("health takes at most SERVICE");
    auto r = c.health(positional.size() == 2 ? positional[1] : "");
    if (!r.ok()) return fail(r.status());
    std::cout << grpc::health::v1::HealthCheckResponse::ServingStatus_Name(*r) << "\n";
    return *r == grpc::health::v1::HealthCheckResponse::SERVING ? 0 : 1;
  }
  if (cmd == "models") {
    auto r = c.listModels();
    if (!r.ok()) return fail(r.status());
    for (const auto& m : r->models()) {
      std::cout << m.name() << "\t" << m.version() << "\t" << m.format() << "\t" << m.state() << "\t";
      for (int i = 0; i < m.methods_size(); ++i) std::cout << (i ? "," : "") << m.methods(i);
      std::cout << "\n";
    }
    return 0;
  }
  if (cmd == "describe") {
    if (positional.size() != 2) return usage("describe takes MODEL");
    auto r = c.describe(positional[1], version);
    if (!r.ok()) return fail(r.status());
    std::cout << r->model().name() << " version " << r->model().version() << " (" << r->model().format()
              << (r->model().device().empty() ? "" : ", on " + r->model().device()) << ")\n";
    if (r->model().cpu_fallback_ops_size() > 0) {
      std::cout << "  runs on the CPU (no " << r->model().device() << " kernel):";
      for (const auto& op : r->model().cpu_fallback_ops()) std::cout << " " << op;
      std::cout << "\n";
    }
    for (const auto& m : r->methods()) std::cout << "  " << signatureLine(m) << "\n";
    return 0;
  }
  if (cmd == "load") {
    if (positional.size() != 3) return usage("load takes NAME FILE");
    std::string bytes;
    if (!readFile(positional[2], &bytes)) return fail(absl::NotFoundError("cannot read " + positional[2]));
    const bool archive = positional[2].size() > 3 && positional[2].substr(positional[2].size() - 3) == ".pt";
    auto r = archive ? c.loadArchive(positional[1], version, bytes, printProgress)
                     : c.loadSource(positional[1], version, bytes, opts.count("entry") ? opts["entry"] : "");
    if (!r.ok()) return fail(r.status());
    std::cout << "loaded " << r->name() << " version " << r->version() << "\n";
    return 0;
  }
  if (cmd == "unload") {
    if (positional.size() != 2) return usage("unload takes NAME");
    if (auto s = c.unload(positional[1], version); !s.ok()) return fail(s);
    std::cout << "unloaded " << positional[1] << "\n";
    return 0;
  }
  if (cmd == "infer" || cmd == "bench") {
    std::string text;
    std::vector<jitserve::v1::Value> fileArgs;  // from .npy or torch.save files
    auto endsWith = [](const std::string& s, std::string_view suffix) {
      return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
    };
    if (opts.count("inputs") && (endsWith(opts["inputs"], ".pt") || endsWith(opts["inputs"], ".pth"))) {
      if (positional.size() != 2) return usage(cmd + " takes MODEL and --inputs FILE");
      auto v = jitserve::client::argumentsFromTorchSave(opts["inputs"]);
      if (!v.ok()) return fail(v.status());
      fileArgs = std::move(*v);
      text = "[]";
    } else if (opts.count("inputs") && endsWith(opts["inputs"], ".npy")) {
      if (positional.size() != 2) return usage(cmd + " takes MODEL and --inputs FILE");
      std::stringstream files(opts["inputs"]);
      std::string file;
      while (std::getline(files, file, ',')) {
        std::string bytes;
        if (!readFile(file, &bytes)) return fail(absl::NotFoundError("cannot read " + file));
        auto v = jitserve::client::tensorFromNpy(bytes);
        if (!v.ok()) return fail(absl::Status(v.status().code(), file + ": " + std::string(v.status().message())));
        fileArgs.push_back(std::move(*v));
      }
      text = "[]";
    } else if (opts.count("inputs")) {
      if (positional.size() != 2) return usage(cmd + " takes MODEL and --inputs FILE");
      if (!readFile(opts["inputs"], &text)) return fail(absl::NotFoundError("cannot read " + opts["inputs"]));
    } else {
      if (positional.size() != 3) return usage("infer takes MODEL and a JSON argument list");
      text = positional[2];
    }
    nlohmann::json j;
    try {
      j = nlohmann::json::parse(text);
    } catch (const std::exception& e) {
      return fail(absl::InvalidArgumentError(std::string("inputs are not JSON: ") + e.what()));
    }
    jitserve::v1::InferRequest req;
    for (auto& v : fileArgs) *req.add_inputs() = std::move(v);
    req.set_model_name(positional[1]);
    req.set_model_version(version);
    if (opts.count("method")) req.set_method(opts["method"]);
    const nlohmann::json argsJson = j.is_object() && j.contains("args") ? j["args"] : (j.is_array() ? j : nlohmann::json::array());
    for (const auto& a : argsJson) {
      auto v = jitserve::client::valueFromJson(a);
      if (!v.ok()) return fail(v.status());
      *req.add_inputs() = std::move(*v);
    }
    if (j.is_object() && j.contains("kwargs")) {
      for (auto it = j["kwargs"].begin(); it != j["kwargs"].end(); ++it) {
        auto v = jitserve::client::valueFromJson(it.value());
        if (!v.ok()) return fail(v.status());
        (*req.mutable_named_inputs())[it.key()] = std::move(*v);
      }
    }
    if (cmd == "bench") return bench(server, req, opts, timeoutSec, tls);
    auto r = c.infer(req);
    if (!r.ok()) return fail(r.status());
    std::cout << jitserve::client::valueToJson(r->output()).dump() << "\n";
    return 0;
  }
  return usage("unknown command '" + cmd + "'");
}
