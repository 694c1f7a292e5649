// FoldConvArithmetic: a convolution whose result is shifted or scaled per
// output channel by a constant folds the constant into its weight and bias
// (see weight_folding.h).
//
//   %c = aten::conv2d(%x, %W, %b, ...)
//   %y = aten::add(%c, %k, %alpha)          -->  %y = aten::conv2d(%x, %W, %b + alpha * k, ...)
//   %y = aten::mul(%c, %k)                  -->  %y = aten::conv2d(%x, %W * k, %b * k, ...)
//
// add, sub (with a constant alpha), mul, div of conv1d/2d/3d's result (the
// first operand) by a constant that is a number, or a floating tensor that
// cannot change the result's shape or dtype: 0-dim, or of the weight's
// dtype with at most the output's rank minus one dims, all of size 1 except
// the output-channel one (e.g. [C, 1, 1] after conv2d). That op must be
// the only node reading the conv's result (metadata reads aside, as in
// fold_conv_batch_norm); its weight a constant floating CPU tensor, its bias a
// constant or None. Division becomes multiplication by the reciprocal
// (computed in float64), as in PyTorch's freezing.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool FoldConvArithmetic(Graph& graph);

}  // namespace jitserve
