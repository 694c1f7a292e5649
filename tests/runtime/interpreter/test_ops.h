// A small operator registry for interpreter tests: int/bool arithmetic and
// list/dict/str builtins with PyTorch's schemas, plus test:: operators that
// observe the interpreter (reference counts). Kept separate from
// runtime/ops so that interpreter tests exercise the interpreter alone.
#pragma once

#include <memory>
#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/run_graph.h"

namespace jitserve::testing {

// The registry, built once.
const OperatorRegistry& testRegistry();

// Parses IR text or fails the test.
std::shared_ptr<Graph> parseGraph(std::string_view ir);

// runGraph with the test registry.
absl::StatusOr<Stack> runIR(std::string_view ir, Stack inputs, RunOptions options = {});

}  // namespace jitserve::testing
