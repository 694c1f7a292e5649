// FuseConvAdd: a 2-D convolution whose result is added to another tensor
// (ResNet's `out += identity` after conv2 and its folded batch_norm) becomes
// one jitserve::conv2d_add. Its kernel preloads the output with the other
// operand and lets oneDNN accumulate the convolution into it (a sum
// post-op), so the sum costs no separate pass over the activation; a clamp
// after it (ResNet's relu) is fused_conv_clamp's to fold in too.
//
//   %c = aten::conv2d(%x, %W, %b, %stride, %pad, %dil, %groups)
//   %y = aten::add_(%c, %id, %alpha)
//     -->
//   %y = jitserve::conv2d_add(%x, %W, %b, %stride, %pad, %dil, %groups, %id, %alpha, %true,
//                             %none, %none, %false)
//
// (in_place, then the clamp bounds, then channels_last, which
// conv_channels_last sets.)
//
// Fires for aten::add / aten::add_ (the Tensor overload) with a constant
// alpha whose first operand is a conv2d's result, or, for add with alpha 1,
// whose second one is (the sum commutes). The conv's result must have no
// other use (`dim`, `dtype` and `device` of it, which BatchNorm's input
// check leaves behind, are first rewritten to read the conv's input: a
// conv2d keeps its input's rank, dtype and device), the add must be in the conv's block, and the conv must move
// down to the add alone (AliasDb::moveBeforeTopologicallyValid: a node in
// between that writes what the conv reads moves down with it and keeps
// them apart), since the fused node sits where the add was, after the other
// operand is computed (ResNet's downsample runs after conv2). Returns true
// also when it only reordered. in_place records add_'s semantics (the result keeps the conv's
// dtype and shape), which the kernel's general path (any dtype, broadcast)
// follows; the oneDNN path takes float32 operands of equal shape.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool FuseConvAdd(Graph& graph);

}  // namespace jitserve
