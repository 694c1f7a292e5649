// The input of `jit-opt` and of the pass text tests (tests/compiler/passes):
// IR text with directives in full-line comments.
//
//   # PASSES: inline,dead_code_elimination     <- passes to run, in order
//   graph(%x : int):                            <- the graph optimized and printed
//     %f : Function = prim::Constant[name="twice"]()
//     %y : int = prim::CallFunction(%f, %x)
//     return (%y)
//   # FUNCTION twice                            <- a graph `inline` may resolve by name
//   graph(%a : int):
//     ...
//   # CHECK: aten::mul                          <- other comments are ignored here
//
// Lines whose first non-blank character is '#' are not IR; trailing
// "# file:line:col" comments on IR lines are (source locations).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/ir/ir.h"

namespace jitserve {

struct OptInput {
  std::unique_ptr<Graph> graph;
  std::vector<std::pair<std::string, std::shared_ptr<Graph>>> functions;
  std::vector<std::string> passes;  // from "# PASSES:", empty if absent
};

absl::StatusOr<OptInput> parseOptInput(std::string_view text);

// "a,b, c" -> {"a", "b", "c"}.
std::vector<std::string> splitPassList(std::string_view list);

// Runs `passes` on input.graph (functions visible to `inline`), verifying
// after each, and returns the printed graph (no source locations). When
// `timings` is given, it receives each pass's wall time in milliseconds
// (verification excluded).
absl::StatusOr<std::string> runOptInput(OptInput& input, const std::vector<std::string>& passes,
                                        std::vector<std::pair<std::string, double>>* timings = nullptr);

}  // namespace jitserve
