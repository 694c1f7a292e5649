// Tuple lowering: tuples that flow through control flow become their
// elements, so no tuple is built per iteration or per branch.
//
//   %t : (int, int) = prim::Loop(%n, %true, %t0)        %a, %b = prim::Loop(%n, %true, %a0, %b0)
//     block0(%i, %acc : (int, int)):             -->      block0(%i, %x, %y):
//       ...                                                 %acc = prim::TupleConstruct(%x, %y)
//       -> (%true, %next)                                   ...; -> (%true, <elements of %next>)
//                                                        %t = prim::TupleConstruct(%a, %b)
//
// prim::If outputs and prim::Loop carried values of tuple type are split
// into one value per element: elements come straight from a TupleConstruct
// when the tuple was built by one, else from a prim::TupleUnpack; where the
// tuple itself is still needed a TupleConstruct rebuilds it, which peephole
// (TupleIndex/TupleUnpack of TupleConstruct) and dead code elimination then
// remove. Nested tuples are split in later rounds. Graph inputs and outputs
// keep their tuples: they are the caller's calling convention.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool LowerTuples(Graph& graph);

}  // namespace jitserve
