// torch.cov's weights, checked and combined once for every device: the CPU
// kernel (statistics_ops.cpp) and the CUDA composite (cuda_statistics_ops.cpp)
// share the checks, their messages and the normalization.
#pragma once

#include <optional>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

struct CovWeights {
  std::optional<std::vector<double>> w;  // per observation: fweights * aweights, or none
  double sum = 0;                        // of w, or the number of observations
  double norm = 0;                       // the divisor (sum less the correction; 0 when not positive)
  ScalarType resultType = ScalarType::Float;
};

// fweights / aweights may live on any device (read on the host); rt is the
// result dtype before aweights' promotion.
CovWeights covWeights(int64_t obs, int64_t correction, const std::optional<Tensor>& fweights,
                      const std::optional<Tensor>& aweights, ScalarType rt);

}  // namespace jitserve::ops
