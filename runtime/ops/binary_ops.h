// Elementwise arithmetic between two operands (tensor or Scalar), with
// PyTorch's type promotion and broadcasting. The C++ entry points below are
// for other kernels; the registered operators cover every overload
// (functional, in-place `_`, out=, Scalar on either side).
#pragma once

#include "runtime/tensor/scalar.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha = 1);
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha = 1);
Tensor mul(const Tensor& a, const Tensor& b);
// True division: integer inputs give the default float dtype.
Tensor div(const Tensor& a, const Tensor& b);
Tensor& add_(Tensor& self, const Tensor& other, const Scalar& alpha = 1);
Tensor& mul_(Tensor& self, const Tensor& other);
Tensor pow(const Tensor& self, const Scalar& exponent);
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);

}  // namespace jitserve::ops
