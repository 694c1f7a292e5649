#include "runtime/interpreter/run_graph.h"

#include "runtime/ir/ir.h"

namespace jitserve {

absl::StatusOr<CodePtr> compileGraph(const Graph& graph, const CodeOptions& options) {
  try {
    return Code::create(graph, options);
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

absl::StatusOr<Stack> runGraph(const Graph& graph, Stack inputs, const RunOptions& options) {
  absl::StatusOr<CodePtr> code = compileGraph(graph, options.code);
  if (!code.ok()) return code.status();
  try {
    runCode(*code, inputs, options.interpreter);
    return inputs;
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

}  // namespace jitserve
