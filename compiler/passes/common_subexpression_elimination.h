// Common subexpression elimination: when a node computes exactly what an
// earlier node that dominates it computed (same kind, same inputs, same
// attributes and output types), its uses take the earlier node's outputs.
//
//   %a = aten::mul(%x, %y)                 %a = aten::mul(%x, %y)
//   %b = aten::mul(%x, %y)        -->      %c = aten::add(%a, %a, %1)
//   %c = aten::add(%a, %b, %1)
//
// Only pure nodes take part: no side effects, not nondeterministic, no
// blocks, and, per AliasDb, nothing in the graph writes memory their inputs
// or outputs may point to (so no write can come between the two). A
// mutable result (tensor, list) must not escape to the caller, who could
// tell the two apart.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool EliminateCommonSubexpression(Graph& graph);

}  // namespace jitserve
