// runGraph: the one-call entry point for running a Graph on inputs.
//
// Builds the Code (checking every operator exists), runs it on this thread
// to completion, and returns the outputs. Errors come back as a Status with
// the canonical code of the failure (INVALID_ARGUMENT for a program's error
// or an unsupported graph, CANCELLED / DEADLINE_EXCEEDED for interrupts) and
// a message that starts with the program's own message, followed by the
// source location and traceback. Tools (jit-conform, jit-run) and tests use
// it; the server goes through GraphExecutor, which adds specialization and
// a plan cache.
#pragma once

#include "absl/status/statusor.h"
#include "runtime/core/stack.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/interpreter.h"

namespace jitserve {

class Graph;

struct RunOptions {
  CodeOptions code;
  InterpreterOptions interpreter;
};

absl::StatusOr<Stack> runGraph(const Graph& graph, Stack inputs, const RunOptions& options = {});

// Builds Code for `graph`, reporting an unsupported graph as a Status.
absl::StatusOr<CodePtr> compileGraph(const Graph& graph, const CodeOptions& options = {});

}  // namespace jitserve
