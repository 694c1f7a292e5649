#include "server/server_config.h"

#include <charconv>
#include <fstream>
#include <functional>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "nlohmann/json.hpp"

namespace jitserve::server {

namespace {

enum class Kind { kString, kInt, kBool };

struct Option {
  const char* flag;  // without the leading "--"
  Kind kind;
  std::function<void(ServerConfig&, const std::string&, int64_t, bool)> set;
  const char* help;
};

#define JS_STR(field) [](ServerConfig& c, const std::string& s, int64_t, bool) { c.field = s; }
#define JS_INT(field) [](ServerConfig& c, const std::string&, int64_t i, bool) { c.field = static_cast<decltype(c.field)>(i); }
#define JS_BOOL(field) [](ServerConfig& c, const std::string&, int64_t, bool b) { c.field = b; }

const std::vector<Option>& options() {
  static const std::vector<Option> kOptions = {
      {"model-repository", Kind::kString, JS_STR(modelRepository), "DIR of NAME/VERSION/model.py|model.pt"},
      {"grpc-host", Kind::kString, JS_STR(grpcHost), "inference API address (0.0.0.0)"},
      {"grpc-port", Kind::kInt, JS_INT(grpcPort), "inference API port, 0 = any free port (8001)"},
      {"admin-host", Kind::kString, JS_STR(adminHost), "admin API address (127.0.0.1)"},
      {"admin-port", Kind::kInt, JS_INT(adminPort), "admin API port (8003)"},
      {"metrics-host", Kind::kString, JS_STR(metricsHost), "metrics address (127.0.0.1)"},
      {"metrics-port", Kind::kInt, JS_INT(metricsPort), "Prometheus /metrics port (8002)"},
      {"admin-token-file", Kind::kString, JS_STR(adminTokenFile), "file holding the admin bearer token"},
      {"allow-remote-load", Kind::kBool, JS_BOOL(allowRemoteLoad), "allow loading/unloading models over the API"},
      {"workers", Kind::kInt, JS_INT(workers), "inference worker threads (0 = hardware threads)"},
      {"intra-op-threads", Kind::kInt, JS_INT(intraOpThreads), "threads one operator may use (0 = hardware threads)"},
      {"inter-op-threads", Kind::kInt, JS_INT(interOpThreads),
       "threads running forked TorchScript calls (0 = hardware threads)"},
      {"max-queue", Kind::kInt, JS_INT(maxQueue), "queued requests before RESOURCE_EXHAUSTED (1024)"},
      {"max-message-bytes", Kind::kInt, JS_INT(maxMessageBytes), "largest gRPC message (64 MiB)"},
      {"max-archive-bytes", Kind::kInt, JS_INT(maxArchiveBytes), "largest archive upload (1 GiB)"},
      {"drain-grace-ms", Kind::kInt, JS_INT(drainGraceMs), "SIGTERM drain grace period (10000)"},
      {"shutdown-delay-ms", Kind::kInt, JS_INT(shutdownDelayMs),
       "on SIGTERM, keep admitting requests this long after health turns NOT_SERVING, within the grace (0)"},
      {"optimize", Kind::kBool, JS_BOOL(optimize), "run the optimization passes on each plan (true; --optimize=false: off)"},
      {"background-compile", Kind::kBool, JS_BOOL(backgroundCompile),
       "build generic plans at load, compile specialized plans off the request path (true)"},
      {"freeze", Kind::kBool, JS_BOOL(freeze),
       "serve archives in eval mode frozen: attributes folded, batch_norm folded into convs (true)"},
      {"device", Kind::kString, JS_STR(device),
       "where models run unless their config.json names one: cpu, cuda or cuda:N (cpu)"},
      {"tls-cert", Kind::kString, JS_STR(tlsCert), "PEM certificate chain: serve the inference and admin ports over TLS"},
      {"tls-key", Kind::kString, JS_STR(tlsKey), "PEM private key of --tls-cert"},
      {"tls-client-ca", Kind::kString, JS_STR(tlsClientCa),
       "PEM CA bundle: require client certificates signed by it (mutual TLS)"},
      {"tls-reload-seconds", Kind::kInt, JS_INT(tlsReloadSeconds),
       "how often the TLS files are checked for changes and reloaded (60)"},
      {"inline-max-us", Kind::kInt, JS_INT(inlineMaxUs),
       "run a request on the gRPC thread when its method is straight-line and averages at most this (50; 0: never)"},
  };
  return kOptions;
}

#undef JS_STR
#undef JS_INT
#undef JS_BOOL

const Option* findOption(std::string_view name) {
  for (const Option& o : options())
    if (name == o.flag) return &o;
  return nullptr;
}

absl::Status applyText(ServerConfig& c, const Option& o, const std::string& text, const std::string& source) {
  switch (o.kind) {
    case Kind::kString: o.set(c, text, 0, false); return absl::OkStatus();
    case Kind::kInt: {
      int64_t v = 0;
      auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || p != text.data() + text.size() || v < 0) {
        return absl::InvalidArgumentError(
            absl::StrCat(source, ": --", o.flag, " needs a non-negative integer, got '", text, "'"));
      }
      o.set(c, "", v, false);
      return absl::OkStatus();
    }
    case Kind::kBool:
      if (text == "true" || text == "1" || text.empty()) {
        o.set(c, "", 0, true);
      } else if (text == "false" || text == "0") {
        o.set(c, "", 0, false);
      } else {
        return absl::InvalidArgumentError(absl::StrCat(source, ": --", o.flag, " needs true or false, got '", text, "'"));
      }
      return absl::OkStatus();
  }
  return absl::OkStatus();
}

absl::Status applyFile(ServerConfig& c, const std::string& path) {
  std::ifstream in(path);
  if (!in) return absl::InvalidArgumentError(absl::StrCat("--config: cannot read ", path));
  std::stringstream ss;
  ss << in.rdbuf();
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(ss.str());
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", e.what()));
  }
  if (!j.is_object()) return absl::InvalidArgumentError(absl::StrCat(path, ": expected a JSON object"));
  for (auto it = j.begin(); it != j.end(); ++it) {
    std::string key = it.key();
    for (char& ch : key)
      if (ch == '_') ch = '-';
    const Option* o = findOption(key);
    if (!o) return absl::InvalidArgumentError(absl::StrCat(path, ": unknown setting '", it.key(), "'"));
    std::string text;
    if (it->is_string()) {
      text = it->get<std::string>();
    } else if (it->is_boolean()) {
      text = it->get<bool>() ? "true" : "false";
    } else if (it->is_number_integer()) {
      text = std::to_string(it->get<int64_t>());
    } else {
      return absl::InvalidArgumentError(absl::StrCat(path, ": setting '", it.key(), "' has the wrong type"));
    }
    if (auto s = applyText(c, *o, text, path); !s.ok()) return s;
  }
  return absl::OkStatus();
}

}  // namespace

std::string serverUsage() {
  std::string out = "usage: jitserved [--config FILE] [flags]\n";
  for (const Option& o : options()) {
    absl::StrAppend(&out, "  --", o.flag, o.kind == Kind::kBool ? "" : " VALUE", "\n      ", o.help, "\n");
  }
  return out;
}

absl::StatusOr<ServerConfig> parseServerConfig(const std::vector<std::string>& args) {
  ServerConfig c;
  // Collect flags first so the config file applies before them.
  std::vector<std::pair<const Option*, std::string>> given;
  std::string configFile;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a == "--help" || a == "-h") return absl::CancelledError(serverUsage());
    if (a.rfind("--", 0) != 0) return absl::InvalidArgumentError(absl::StrCat("unexpected argument '", a, "'"));
    a = a.substr(2);
    std::string value;
    bool hasValue = false;
    if (auto eq = a.find('='); eq != std::string::npos) {
      value = a.substr(eq + 1);
      a = a.substr(0, eq);
      hasValue = true;
    }
    if (a == "config") {
      if (!hasValue) {
        if (i + 1 >= args.size()) return absl::InvalidArgumentError("--config needs a file");
        value = args[++i];
      }
      configFile = value;
      continue;
    }
    const Option* o = findOption(a);
    if (!o) return absl::InvalidArgumentError(absl::StrCat("unknown flag --", a, " (see --help)"));
    if (!hasValue && o->kind != Kind::kBool) {
      if (i + 1 >= args.size()) return absl::InvalidArgumentError(absl::StrCat("--", a, " needs a value"));
      value = args[++i];
    }
    given.emplace_back(o, value);
  }
  if (!configFile.empty()) {
    if (auto s = applyFile(c, configFile); !s.ok()) return s;
  }
  for (const auto& [o, v] : given) {
    if (auto s = applyText(c, *o, v, "command line"); !s.ok()) return s;
  }
  if (c.grpcPort > 65535 || c.adminPort > 65535 || c.metricsPort > 65535) {
    return absl::InvalidArgumentError("ports must be at most 65535");
  }
  if (c.tlsCert.empty() != c.tlsKey.empty())
    return absl::InvalidArgumentError("--tls-cert and --tls-key go together: give both or neither");
  if (!c.tlsClientCa.empty() && c.tlsCert.empty())
    return absl::InvalidArgumentError("--tls-client-ca needs --tls-cert and --tls-key (mutual TLS is TLS first)");
  if (c.tlsReloadSeconds < 1) return absl::InvalidArgumentError("--tls-reload-seconds must be at least 1");
  if (c.maxQueue < 1) return absl::InvalidArgumentError("--max-queue must be at least 1");
  if (c.maxMessageBytes < 1024 || c.maxMessageBytes > (int64_t{1} << 31) - 1) {
    return absl::InvalidArgumentError("--max-message-bytes must be between 1024 and 2147483647");
  }
  return c;
}

absl::Status checkTlsFiles(const ServerConfig& c) {
  auto check = [](const char* flag, const std::string& path, std::string_view block) -> absl::Status {
    if (path.empty()) return absl::OkStatus();
    std::ifstream in(path, std::ios::binary);
    if (!in) return absl::InvalidArgumentError(absl::StrCat("--", flag, ": cannot read ", path));
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    // "-----BEGIN CERTIFICATE-----", or "-----BEGIN [RSA |EC ]PRIVATE KEY-----".
    const size_t begin = text.find("-----BEGIN ");
    const size_t end = begin == std::string::npos ? begin : text.find("-----", begin + 11);
    if (end == std::string::npos || text.substr(begin + 11, end - begin - 11).find(block) == std::string::npos)
      return absl::InvalidArgumentError(absl::StrCat("--", flag, ": ", path, " holds no PEM ", std::string(block)));
    return absl::OkStatus();
  };
  if (auto s = check("tls-cert", c.tlsCert, "CERTIFICATE"); !s.ok()) return s;
  if (auto s = check("tls-key", c.tlsKey, "PRIVATE KEY"); !s.ok()) return s;
  return check("tls-client-ca", c.tlsClientCa, "CERTIFICATE");
}

}  // namespace jitserve::server
