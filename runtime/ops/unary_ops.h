// Elementwise unary operators: float math (exp, log, trig, erf, lgamma, ...)
// with integer inputs promoted to float, dtype-preserving ops (abs, neg,
// sign, rounding, relu), Bool predicates (isnan, signbit, logical_not, ...).
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor exp(const Tensor& self);
Tensor log(const Tensor& self);
Tensor sqrt(const Tensor& self);
Tensor abs(const Tensor& self);
Tensor neg(const Tensor& self);
Tensor isnan(const Tensor& self);

}  // namespace jitserve::ops
