// FoldLinearBatchNorm: aten::linear followed by batch_norm in eval mode
// (BatchNorm1d after a Linear), all parameters constant, becomes one linear
// whose weight and bias absorb the normalization (see weight_folding.h).
//
//   %l = aten::linear(%x, %W, %b)
//   %y = aten::batch_norm(%l, %gamma, %beta, %mean, %var, %false, %m, %eps, %cudnn)
//     -->
//   %y = aten::linear(%x, %W', %b')
//
// batch_norm normalizes dimension 1, which is linear's output feature only
// when the output has rank 2: the pass fires only when the input's type says
// it has rank 2 (a specialized plan, or after propagate_tensor_types). The
// other conditions are those of fold_conv_batch_norm.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool FoldLinearBatchNorm(Graph& graph);

}  // namespace jitserve
