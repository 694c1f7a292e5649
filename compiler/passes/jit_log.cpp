#include "compiler/passes/jit_log.h"

#include <cstdlib>
#include <iostream>
#include <map>
#include <mutex>
#include <shared_mutex>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_printer.h"

namespace jitserve::jitlog {
namespace detail {
std::atomic<bool> anyLogging{false};
std::atomic<bool> anyOptLimit{false};
}  // namespace detail

namespace {

struct OptLimit {
  int64_t limit = 0;
  int64_t used = 0;
};

struct Config {
  std::shared_mutex mu;
  std::string logSpec;
  std::map<std::string, int, std::less<>> levels;  // file -> most detailed level
  std::string limitSpec;
  std::mutex limitMu;  // guards `used` counters
  std::map<std::string, OptLimit, std::less<>> limits;
  std::mutex sinkMu;
  Sink sink;
};

Config& config() {
  static Config* c = new Config();  // never destroyed: passes may log during exit
  return *c;
}

std::vector<std::string_view> splitColons(std::string_view s) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (start <= s.size()) {
    size_t end = s.find(':', start);
    if (end == std::string_view::npos) end = s.size();
    std::string_view p = s.substr(start, end - start);
    while (!p.empty() && (p.front() == ' ' || p.front() == '\t')) p.remove_prefix(1);
    while (!p.empty() && (p.back() == ' ' || p.back() == '\t')) p.remove_suffix(1);
    if (!p.empty()) parts.push_back(p);
    start = end + 1;
  }
  return parts;
}

}  // namespace

std::string_view fileKey(std::string_view path) {
  size_t slash = path.find_last_of("/\\");
  if (slash != std::string_view::npos) path.remove_prefix(slash + 1);
  size_t dot = path.find('.');
  if (dot != std::string_view::npos) path = path.substr(0, dot);
  return path;
}

void setLogLevels(std::string_view spec) {
  Config& c = config();
  std::unique_lock lock(c.mu);
  c.logSpec = std::string(spec);
  c.levels.clear();
  for (std::string_view part : splitColons(spec)) {
    size_t arrows = part.find_first_not_of('>');
    if (arrows == std::string_view::npos) continue;  // only '>'s
    int level = static_cast<int>(std::min<size_t>(arrows, 2));
    std::string key(fileKey(part.substr(arrows)));
    if (key.empty()) continue;
    auto [it, inserted] = c.levels.emplace(key, level);
    if (!inserted) it->second = std::max(it->second, level);
  }
  detail::anyLogging.store(!c.levels.empty(), std::memory_order_relaxed);
}

std::string logLevels() {
  Config& c = config();
  std::shared_lock lock(c.mu);
  return c.logSpec;
}

bool setOptLimits(std::string_view spec) {
  std::map<std::string, OptLimit, std::less<>> parsed;
  for (std::string_view part : splitColons(spec)) {
    size_t eq = part.rfind('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == part.size()) return false;
    int64_t n = 0;
    for (char ch : part.substr(eq + 1)) {
      if (ch < '0' || ch > '9') return false;
      n = n * 10 + (ch - '0');
      if (n > (int64_t{1} << 40)) return false;
    }
    parsed[std::string(fileKey(part.substr(0, eq)))] = OptLimit{n, 0};
  }
  Config& c = config();
  std::unique_lock lock(c.mu);
  std::lock_guard limitLock(c.limitMu);
  c.limitSpec = std::string(spec);
  c.limits = std::move(parsed);
  detail::anyOptLimit.store(!c.limits.empty(), std::memory_order_relaxed);
  return true;
}

std::string optLimits() {
  Config& c = config();
  std::shared_lock lock(c.mu);
  return c.limitSpec;
}

void initFromEnvironment() {
  if (const char* s = std::getenv("PYTORCH_JIT_LOG_LEVEL")) setLogLevels(s);
  if (const char* s = std::getenv("PYTORCH_JIT_OPT_LIMIT")) {
    if (!setOptLimits(s)) std::cerr << "ignoring malformed PYTORCH_JIT_OPT_LIMIT=" << s << "\n";
  }
}

void setSink(Sink sink) {
  Config& c = config();
  std::lock_guard lock(c.sinkMu);
  c.sink = std::move(sink);
}

bool isEnabled(std::string_view file, Level level) {
  Config& c = config();
  std::shared_lock lock(c.mu);
  auto it = c.levels.find(file);
  return it != c.levels.end() && static_cast<int>(level) <= it->second;
}

void log(std::string_view file, Level level, const std::string& message) {
  static constexpr const char* kNames[] = {"DUMP", "UPDATE", "DEBUG"};
  std::string line = "[" + std::string(kNames[static_cast<int>(level)]) + " " + std::string(file) + "] " + message;
  Config& c = config();
  std::lock_guard lock(c.sinkMu);
  if (c.sink) {
    c.sink(line);
  } else {
    std::cerr << line << (line.empty() || line.back() != '\n' ? "\n" : "");
  }
}

bool optAllowed(std::string_view file) {
  Config& c = config();
  std::shared_lock lock(c.mu);
  std::lock_guard limitLock(c.limitMu);
  auto it = c.limits.find(file);
  if (it == c.limits.end()) return true;
  if (it->second.used >= it->second.limit) return false;
  ++it->second.used;
  return true;
}

std::string graphString(const Graph& g) { return graphToString(g, IRPrintOptions{.sourceLocations = false}); }

std::string nodeString(const Node& n) {
  std::string s = nodeToString(n, 0, IRPrintOptions{.sourceLocations = false});
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

}  // namespace jitserve::jitlog
