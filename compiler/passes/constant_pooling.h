// Constant pooling: moves every prim::Constant to the start of the graph and
// keeps one node per distinct constant (same type and value), so later
// passes (CSE) see equal constants as the same value.
//
//   %1 : int = prim::Constant[value=1]()        %1 : int = prim::Constant[value=1]()
//   %a = aten::add(%x, %1)               -->    %a = aten::add(%x, %1)
//   %2 : int = prim::Constant[value=1]()        %b = aten::add(%y, %1)
//   %b = aten::add(%y, %2)
//
// Tensor and other mutable constants are merged only when nothing writes
// them (AliasDb) and, for tensors, only when they are the same object.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool ConstantPooling(Graph& graph);

}  // namespace jitserve
