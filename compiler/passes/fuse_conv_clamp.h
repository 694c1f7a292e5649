// FuseConvClamp: a 2-D convolution followed by relu, relu6, hardtanh or
// clamp with constant bounds (eval-mode conv + ReLU / ReLU6 blocks of a
// frozen module) becomes one jitserve::conv2d_clamp, whose kernel applies the
// clamp as a oneDNN eltwise post-op while the output is still in cache
// instead of a separate pass over the whole activation.
//
//   %c = aten::conv2d(%x, %W, %b, %stride, %pad, %dil, %groups)
//   %y = aten::hardtanh_(%c, %0.0, %6.0)
//     -->
//   %y = jitserve::conv2d_clamp(%x, %W, %b, %stride, %pad, %dil, %groups, %0.0, %6.0, %false)
//
// (the last argument, channels_last, is conv_channels_last's to set).
//
// After a jitserve::conv2d_add without bounds (fuse_conv_add), the same
// activations become its bounds: the clamp then follows the sum, as it did.
//
// Convolutions: aten::conv2d, and aten::_convolution / aten::convolution
// with a constant transposed=false and a constant 4-D weight. Activations:
// relu, relu6, hardtanh, clamp (Scalar bounds; a None bound is open) and
// their in-place forms, with every bound a constant number or None. Fires
// only when the activation is in the conv's block and no other node reads
// the conv's elements before the activation: other uses may read its
// metadata (dim, size, dtype, device: the fused result has the same), and
// after an in-place activation they see the clamped tensor, which the fused
// result is. The conv's result is fresh memory, so any alias of it (a view,
// a list holding it) is made by one of its uses: checking the uses answers
// what an AliasDb would. The fused node takes the conv's place, so it reads
// its inputs when the conv did.
//
// Numerics: the same convolution followed by min(max(x, lo), hi) in the
// result's dtype; on oneDNN a NaN convolution result comes out as the lower
// bound (its post-ops use max/min instructions), as in PyTorch's
// optimize_for_inference, while the reference kernel keeps it NaN.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool FuseConvClamp(Graph& graph);

}  // namespace jitserve
