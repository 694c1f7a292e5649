// Mutation removal: rewrites an in-place op on a tensor nobody else can see
// into its functional form, so later passes (CSE, constant propagation,
// fusion) see pure nodes.
//
//   %x = aten::mul(%a, %b)                 %x = aten::mul(%a, %b)
//   %y = aten::relu_(%x)           -->     %y = aten::relu(%x)
//   %z = aten::add(%x, %c, %1)             %z = aten::add(%y, %c, %1)
//
// Only where provably the same:
//  - the op is `aten::X_(Tensor(a!) self, <no other tensors>) -> Tensor(a!)`
//    and `aten::X` exists for the same argument types;
//  - the result dtype cannot change: self's dtype is known and floating, or
//    the op keeps every dtype (relu_, neg_, abs_);
//  - self is fresh memory made in the same block by a node of this graph
//    (not an input, a view, a wildcard), and no other value may alias it
//    (AliasDb): then only uses of self after the write can tell, and they
//    are redirected to the new value.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool RemoveMutation(Graph& graph);

}  // namespace jitserve
