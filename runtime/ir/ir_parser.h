// Parses the textual IR that PyTorch (and ir_printer.h) prints back into a
// Graph, so that printing the result reproduces the input exactly.
//
// What it keeps: value names (%x.1) and numeric ids (%3), types, attributes,
// nested blocks, "# file:line:col" comments (as location-only SourceRanges)
// and "with prim::fork_0 = graph(...)" subgraphs (attached as attr::Subgraph
// of the node printed as prim::fork_0, whose kind becomes prim::fork).
//
// Class names it does not know (__torch__.foo.Bar) become open ClassTypes,
// "Enum<...>" names become EnumTypes, unless options.resolver knows them.
// Attribute values get their kind from their spelling: 1 -> i, 1. -> f,
// "a" -> s, [1, 2] -> is, [1., 2] -> fs, ["a"] -> ss; an attribute named
// `types` holds a type list (tys); {1.5}, <Tensor> and printed tensors -> t;
// anything else (tuples, annotate(...), enum values) -> ival. Tensor and
// IValue constants are kept as LiteralConstant text. An integer literal for
// a float-typed prim::Constant is read as a float.
//
// Errors are InvalidArgument statuses of the form
//   "IR parse error at 3:15: unknown value %x" followed by the line and a caret
// (1-based line and column).
#pragma once

#include <memory>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "runtime/ir/ir.h"
#include "runtime/core/type_parser.h"

namespace jitserve {

struct IRParseOptions {
  // Consulted before the parser invents an open class for an unknown name.
  const TypeResolver* resolver = nullptr;
};

absl::StatusOr<std::unique_ptr<Graph>> parseIR(std::string_view text, const IRParseOptions& options = {});
// Fills `graph`, which must be empty (no inputs, nodes or outputs).
absl::Status parseIR(std::string_view text, Graph& graph, const IRParseOptions& options = {});

}  // namespace jitserve
