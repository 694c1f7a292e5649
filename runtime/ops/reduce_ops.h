// Reductions over dims (sum, mean, prod, extrema, var/std, norms, logsumexp,
// all/any, count_nonzero) with PyTorch's dtype rules: integer and bool sums
// give int64, mean needs a floating dtype, max/min over a dim also return
// the first index of the extreme (NaN counts as the extreme).
#pragma once

#include <optional>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor sum(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
Tensor amax(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim);
// p-norm over dims (all when nullopt), computed in dtype (default: self's floating dtype).
Tensor vector_norm(const Tensor& self, double p, const std::optional<std::vector<int64_t>>& dims, bool keepdim,
                   std::optional<ScalarType> dtype);

}  // namespace jitserve::ops
