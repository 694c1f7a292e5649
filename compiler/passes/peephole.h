// Peephole: small local rewrites, each exact for every input the types allow.
//
//   aten::add(%i, 0), aten::sub(%x, 0), aten::mul(%x, 1)  on int/float (not
//       tensors: those return a fresh tensor and may promote) -> %x
//   prim::TupleIndex(prim::TupleConstruct(%a, %b), 1)      -> %b
//   prim::TupleUnpack(prim::TupleConstruct(%a, %b))        -> %a, %b
//   prim::ListUnpack(prim::ListConstruct(%a, %b)), aten::len(prim::ListConstruct(...)),
//   aten::__getitem__(prim::ListConstruct(...), const)    -> the element / count,
//       when nothing writes the list (AliasDb)
//   aten::size / aten::dim / prim::dtype / prim::device of a tensor whose type
//       knows them                                         -> constants
//   prim::isinstance decided by the static type, aten::__is__ / __isnot__ None on
//       a non-optional value, prim::unchecked_cast to the same type,
//   prim::If outputs that are the same outer value in both blocks,
//   aten::dropout (and feature/alpha variants) with train=False -> its input,
//       when nothing writes either tensor (AliasDb).
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool Peephole(Graph& graph);

}  // namespace jitserve
