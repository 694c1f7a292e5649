// Elementwise selection and bounded ops: where, clamp family, lerp,
// addcmul/addcdiv.
#pragma once

#include <optional>

#include "runtime/tensor/scalar.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// cond ? self : other with self/other promoted together and all three broadcast.
Tensor where(const Tensor& cond, const Tensor& self, const Tensor& other, Tensor out = {});
Tensor clamp(const Tensor& self, const std::optional<Scalar>& min, const std::optional<Scalar>& max);

}  // namespace jitserve::ops
