// Tensor type propagation: refines unrefined `Tensor` outputs from refined
// inputs (dtype, rank, sizes, device), so that peephole can fold aten::dim,
// aten::size, prim::dtype and prim::device on a specialized graph.
//
//   %x : Float(2, 3, device=cpu)                 %y : Float(2, 3, device=cpu) = aten::relu(%x)
//   %y : Tensor = aten::relu(%x)          -->    %z : Float(2, 3, device=cpu) = aten::add(%y, %x, %1)
//   %z : Tensor = aten::add(%y, %x, %1)
//
// Only rules that are exact for every input the types allow:
//  - unary elementwise ops keep sizes and device; their dtype is the input's
//    for relu/neg/abs/clone/contiguous/detach, and for ops that compute in
//    floating point (sigmoid, exp, softmax without dtype, ...) only when the
//    input is floating;
//  - add/sub/mul/maximum/minimum of two tensors of the same known dtype keep
//    it; sizes broadcast when both are known; with a scalar operand, a
//    floating tensor (or an integer tensor and an int scalar) keeps its dtype;
//  - aten::mm and aten::t on matrices, aten::linear;
//  - dtype and rank (not sizes): convolutions and norms whose parameters
//    share the input's floating dtype, pooling, transpose/permute,
//    unsqueeze, flatten with constant dims, view/reshape/expand to a
//    constructed list, aten::to a constant dtype, addmm, matmul;
//  - in-place ops (relu_, add_, ...) return self, so its type.
// A refined type is a claim about the value when the node succeeds (an op
// that fails at run time produces nothing). Strides are never claimed (they
// depend on memory layout), nor requires_grad. If outputs get the type both branches agree on. A type
// already refined is left alone.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool PropagateTensorTypes(Graph& graph);

}  // namespace jitserve
