// The exit transform: removes return/break/continue markers from a graph in
// load/store form (convert_to_ssa.h) by guarding the code after an exit.
//
// Structured IR has no jumps, so an exit becomes flags in variables:
//   return v   ->  $ret = v; $returned = True; and, for every enclosing loop L,
//                  $skip.L = True; $stop.L = True
//   break      ->  $skip.L = True; $stop.L = True     (innermost loop L)
//   continue   ->  $skip.L = True
// and the statements after the exit in its block are deleted (unreachable).
// After a node that may exit (an If with an exit in a branch, a Loop that
// may return), the rest of the block moves into the else branch of a guard
//   prim::If(Load $skip.L  -- or $returned outside loops)
// which is then transformed in turn. Each loop body starts by clearing its
// flags, and its LoopCond becomes
//   If($stop.L) -> False else -> <the loop condition>
// so a break or return ends the loop without evaluating the condition.
// At the end the graph returns Load $ret ($ret starts as prim::Uninitialized
// when some return is nested in control flow).
//
// Flags for a loop exist only when its body can exit early; a function whose
// only return is its last statement gets no flags at all.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve::frontend {

struct ExitTransformResult {
  bool hadReturn = false;          // any return statement
  bool allPathsReturn = false;     // the top block always ends in a return
  TypePtr returnType;              // the declared type, or the unified type of the returns
};

// `declaredReturn` is the annotated return type, or nullptr to infer it from
// the returned values (None when there is no return). Throws ErrorReport when
// inferred return types do not unify.
ExitTransformResult runExitTransform(Graph& g, TypePtr declaredReturn);

}  // namespace jitserve::frontend
