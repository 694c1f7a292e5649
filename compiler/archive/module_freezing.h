// Module freezing: methods of a loaded Module as frozen graphs, what the
// server, jit-bench and jit-conform run in frozen mode.
//
//   absl::StatusOr<std::vector<FrozenMethod>> f = freezeMethods(module, {"forward"});
//   GraphExecutor executor(f->front().graph);
//   Stack stack{input};                      // no self when f->front().takesSelf is false
//
// The named methods' graphs are copied, frozen together with the module
// object (compiler/passes/freeze_module.h: attributes nothing writes become
// constants, submodule calls inlined, self dropped when unused), optimized
// once with frozenPipeline() (batch_norm and dropout folded away), and
// their constant tensors marked frozen. The module itself is not changed;
// its methods keep running as before.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "compiler/archive/module.h"
#include "runtime/ir/ir.h"
#include "runtime/core/function_schema.h"

namespace jitserve {

struct FrozenMethod {
  std::string name;
  std::shared_ptr<Graph> graph;
  // Whether the graph still takes the module as its first input (freezing
  // could not fold everything it reads).
  bool takesSelf = true;
  // The method's schema (defaults included), without self when it was
  // dropped: what a caller of `graph` passes.
  FunctionSchema schema;
};

// NotFound for a method the module lacks; Internal when a pass fails (a
// compiler bug).
absl::StatusOr<std::vector<FrozenMethod>> freezeMethods(const Module& module, std::span<const std::string> names);

}  // namespace jitserve
