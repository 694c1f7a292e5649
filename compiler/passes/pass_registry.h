// PassRegistry: the optimization passes by name, so the GraphExecutor, the
// admin API and `jit-opt --passes=a,b FILE.ir` share one pipeline.
//
// A pass is `bool Pass(Graph&)`: it transforms the graph in place and returns
// whether it changed anything. Passes are added by an explicit call
// (registerBuiltinPasses), never by static constructors; after start-up the
// registry is read-only and safe to share between threads.
//
//   ensurePassesRegistered();
//   absl::StatusOr<bool> changed = runPasses(graph, {"inline", "constant_propagation"});
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "compiler/passes/inliner.h"

namespace jitserve {

class Graph;

using PassFn = bool (*)(Graph&);

struct PassInfo {
  std::string name;  // "dead_code_elimination"
  PassFn fn = nullptr;
  const char* doc = "";
};

class PassRegistry {
 public:
  // AlreadyExists when the name is taken.
  absl::Status add(std::string name, PassFn fn, const char* doc);
  const PassInfo* find(std::string_view name) const;
  // Names in registration order.
  std::vector<std::string> names() const;
  const std::vector<PassInfo>& passes() const { return passes_; }

 private:
  std::vector<PassInfo> passes_;
};

// Adds every pass of compiler/passes/ under its name (see docs/passes.md).
absl::Status registerBuiltinPasses(PassRegistry& registry);

// The process-wide registry; ensurePassesRegistered() fills it once (thread
// safe) and also reads PYTORCH_JIT_LOG_LEVEL / PYTORCH_JIT_OPT_LIMIT.
PassRegistry& globalPassRegistry();
void ensurePassesRegistered();

struct RunPassesOptions {
  // Run verifyGraph after every pass; a broken graph is an Internal error
  // naming the pass.
  bool verify = true;
  // Where names are looked up; nullptr means the global registry.
  const PassRegistry* registry = nullptr;
  // Resolves prim::CallFunction targets for the "inline" pass while the
  // passes run (an InlineLookupScope); empty: the inliner's default.
  GraphLookup inlineLookup;
};

// Runs the named passes in order. NotFound for an unknown name (nothing is
// run then); Internal when a pass throws or breaks the graph. Returns whether
// any pass changed the graph.
absl::StatusOr<bool> runPasses(Graph& graph, std::span<const std::string> names, const RunPassesOptions& options = {});

// The default cleanup pipeline: inline, constant_propagation,
// constant_pooling, peephole, common_subexpression_elimination,
// dead_code_elimination.
const std::vector<std::string>& standardPipeline();

// For a graph whose inputs carry specialized tensor types (a GraphExecutor
// plan): propagate_tensor_types, eliminate_guards, then the standard pipeline.
const std::vector<std::string>& specializedPipeline();

// For a frozen graph (freeze_module.h), once after freezing:
// constant_propagation, remove_dropout, fold_conv_batch_norm,
// fold_conv_arithmetic, fold_linear_batch_norm, fuse_conv_clamp,
// conv_channels_last, then the standard pipeline.
const std::vector<std::string>& frozenPipeline();

// The passes as a GraphExecutorOptions::pipeline hook (compiler/executor):
//
//   GraphExecutorOptions options;
//   options.pipeline = makePassPipeline(specializedPipeline());   // empty: off
//
// The hook runs `names` with runPasses; a failure (a pass bug) throws
// jitserve::Error naming the pass, so the plan fails to compile rather than
// running a broken graph. Unknown names are reported when the hook is made.
absl::StatusOr<std::function<void(Graph&)>> makePassPipeline(std::vector<std::string> names,
                                                             RunPassesOptions options = {});

}  // namespace jitserve
