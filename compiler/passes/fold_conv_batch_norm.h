// FoldConvBatchNorm: a convolution followed by batch_norm in eval mode, all
// parameters constant (a frozen module), becomes one convolution whose
// weight and bias absorb the normalization (see weight_folding.h).
//
//   %c = aten::conv2d(%x, %W, %b, %stride, %pad, %dil, %groups)
//   %y = aten::batch_norm(%c, %gamma, %beta, %mean, %var, %false, %m, %eps, %cudnn)
//     -->
//   %y = aten::conv2d(%x, %W', %b', %stride, %pad, %dil, %groups)
//
// conv1d, conv2d, conv3d (any padding overload). Fires only when training
// is a constant false, the batch_norm is the only node reading the conv's
// result (others may read its dim, size, dtype or device: folding keeps
// them, and BatchNorm's `_check_input_dim` reads the dim), the
// weight is a constant floating CPU tensor, the bias a constant tensor or
// None, the statistics constant tensors of the output-channel count (gamma,
// beta may be None) and eps a constant.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool FoldConvBatchNorm(Graph& graph);

}  // namespace jitserve
