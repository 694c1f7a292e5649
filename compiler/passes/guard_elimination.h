// Guard elimination: removes prim::Guard nodes (the profiling executor's,
// compiler/executor/profiling_graph.h) that cannot fail or that refine
// nothing anyone reads.
//
// A guard goes when
//  - its input's static type already has every property the guard checks
//    (type propagation from earlier guards proved it), or
//  - its output is used only as a live value of other guards (no node reads
//    the refined type), then its continuation is dropped with it. This rule
//    holds only before any pass folded what the guard's type says, so the
//    pipeline runs this pass right after propagate_tensor_types.
//
//   %y.g : Float(*, *) = prim::Guard[...](%y, %a)      (with %y : Float(*, *))
//   %z = aten::relu(%y.g)                  -->         %z = aten::relu(%y)
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool EliminateGuards(Graph& graph);

}  // namespace jitserve
