// aten::einsum (einsum_ops.cpp).
#pragma once

#include <string_view>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// Einstein summation of `operands` by `equation` ("ij,jk->ik", implicit
// output, "..." broadcast dims, repeated labels as diagonals), PyTorch's
// semantics; a bad equation or shape is an Error naming it.
Tensor einsum(std::string_view equation, const std::vector<Tensor>& operands);

}  // namespace jitserve::ops
