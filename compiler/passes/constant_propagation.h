// Constant propagation: runs, at compile time, every node whose inputs are
// all constants, replacing its outputs by constants; folds prim::If on a
// constant condition (the taken block is spliced in) and removes loops that
// run zero times.
//
//   %1 : int = prim::Constant[value=2]()
//   %2 : int = aten::mul(%1, %1)       -->   %2 : int = prim::Constant[value=4]()
//
// A node runs with the real operator the interpreter would bind
// (op_properties.h), never a reimplementation. Skipped: nondeterministic ops
// (rand, dropout...), ops with side effects or writes (schema `(a!)`), nodes
// that throw (the error stays at run time), and results of mutable types
// (tensors, lists) that something writes or the caller receives (AliasDb):
// a constant is shared by every run.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool ConstantPropagation(Graph& graph);

}  // namespace jitserve
