// Comparisons (Bool results), logical and bitwise binary operators, and
// closeness tests (isclose, allclose, equal).
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor eq(const Tensor& a, const Tensor& b);
Tensor ne(const Tensor& a, const Tensor& b);
Tensor lt(const Tensor& a, const Tensor& b);
Tensor gt(const Tensor& a, const Tensor& b);
Tensor logical_and(const Tensor& a, const Tensor& b);

}  // namespace jitserve::ops
