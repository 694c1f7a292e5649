// Dead code elimination: removes nodes whose results nobody uses and whose
// execution nobody could observe.
//
// A node is live when it has side effects (print, raise, calls, attribute
// writes; op_properties.h), writes memory the caller can see (graph inputs,
// outputs, wildcards) or memory a live value may point to (AliasDb), produces
// a value a live node uses, or contains a live node. Unused outputs of a
// prim::If and loop-carried values nobody reads are removed too.
//
//   %a = aten::mul(%x, %x)      <- removed: %a unused
//   %l = prim::ListConstruct()
//   %b = aten::append(%l, %x)   <- kept: writes %l, which is returned
//   return (%l)
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool EliminateDeadCode(Graph& graph);

}  // namespace jitserve
