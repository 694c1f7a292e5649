// JIT logging and the optimization limiter, switched per source file.
//
// Logging (PYTORCH_JIT_LOG_LEVEL, or setLogLevels at run time): a
// colon-separated list of file names, with or without ".cpp"; each name may
// be prefixed by '>' characters choosing the most detailed level enabled:
//
//   dead_code_elimination            GRAPH_DUMP only (whole graphs after a pass)
//   >dead_code_elimination           ... and GRAPH_UPDATE (each transformation)
//   >>alias_analysis                 ... and GRAPH_DEBUG (pass internals)
//   >>>x                             same as >> (no level above GRAPH_DEBUG)
//
// Optimization limiter (PYTORCH_JIT_OPT_LIMIT, or setOptLimits): a
// colon-separated list of `file=N`; the N-th JS_OPT_ALLOWED check in that
// file and later ones answer false, so a pass stops transforming after N
// changes: bisecting a miscompile down to one rewrite. Counts are per process
// and restart when the limits are set again.
//
// Cost when off: each macro is one relaxed atomic load and a branch; the
// message is not formatted and no lock is taken. Thread-safe: setters may run
// while passes run on other threads (the admin API calls them).
//
// The file a macro logs under is the basename of __FILE__ without extension,
// so compiler/passes/dead_code_elimination.cpp logs as "dead_code_elimination".
#pragma once

#include <atomic>
#include <functional>
#include <sstream>
#include <string>
#include <string_view>

namespace jitserve {
class Graph;
class Node;
}  // namespace jitserve

namespace jitserve::jitlog {

enum class Level : int { kDump = 0, kUpdate = 1, kDebug = 2 };

// Replaces the logging configuration (PYTORCH_JIT_LOG_LEVEL syntax); "" turns
// all logging off.
void setLogLevels(std::string_view spec);
std::string logLevels();
// Replaces the limits (PYTORCH_JIT_OPT_LIMIT syntax); "" removes them. Returns
// false (and changes nothing) when an entry is not `name=N` with N >= 0.
bool setOptLimits(std::string_view spec);
std::string optLimits();
// Reads both environment variables (once per call; the executor and tools call
// it at start-up).
void initFromEnvironment();

// Where log lines go: stderr unless replaced (tests capture them).
using Sink = std::function<void(std::string_view line)>;
void setSink(Sink sink);

// "compiler/passes/peephole.cpp" -> "peephole".
std::string_view fileKey(std::string_view path);

bool isEnabled(std::string_view file, Level level);
void log(std::string_view file, Level level, const std::string& message);
// True while `file` is under its limit; counts one optimization.
bool optAllowed(std::string_view file);

// Helpers for messages.
std::string graphString(const Graph& g);
std::string nodeString(const Node& n);

namespace detail {
extern std::atomic<bool> anyLogging;
extern std::atomic<bool> anyOptLimit;
template <typename... Args>
std::string concat(const Args&... args) {
  std::ostringstream ss;
  (ss << ... << args);
  return ss.str();
}
}  // namespace detail

}  // namespace jitserve::jitlog

#define JS_JIT_LOG_AT(level, ...)                                                                     \
  do {                                                                                                \
    if (::jitserve::jitlog::detail::anyLogging.load(std::memory_order_relaxed) &&                     \
        ::jitserve::jitlog::isEnabled(::jitserve::jitlog::fileKey(__FILE__), level)) {                \
      ::jitserve::jitlog::log(::jitserve::jitlog::fileKey(__FILE__), level,                           \
                              ::jitserve::jitlog::detail::concat(__VA_ARGS__));                       \
    }                                                                                                 \
  } while (0)

// Whole graphs, after a pass changed them.
#define GRAPH_DUMP(msg, graph) \
  JS_JIT_LOG_AT(::jitserve::jitlog::Level::kDump, msg, "\n", ::jitserve::jitlog::graphString(graph))
// One transformation ("Folding %3 = aten::add(...)").
#define GRAPH_UPDATE(...) JS_JIT_LOG_AT(::jitserve::jitlog::Level::kUpdate, __VA_ARGS__)
// Pass internals.
#define GRAPH_DEBUG(...) JS_JIT_LOG_AT(::jitserve::jitlog::Level::kDebug, __VA_ARGS__)

// True unless this file's optimization limit is reached (counts one use).
#define JS_OPT_ALLOWED                                                     \
  (!::jitserve::jitlog::detail::anyOptLimit.load(std::memory_order_relaxed) || \
   ::jitserve::jitlog::optAllowed(::jitserve::jitlog::fileKey(__FILE__)))
