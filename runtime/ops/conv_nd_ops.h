// N-d convolutions beyond nn_ops' 1-D/2-D direct path: conv3d and the
// transposed convolutions (conv_transpose1d/2d/3d). Inputs are (N, C, *spatial)
// or unbatched (C, *spatial); weights are (C_out, C_in/groups, *k) for
// convolution and (C_in, C_out/groups, *k) for the transposed form.
#pragma once

#include <optional>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// Convolution over weight.dim() - 2 spatial dims (1 to 3); parameters hold one
// value per spatial dim.
Tensor convNd(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
              const std::vector<int64_t>& dilation, int64_t groups);

// The gradient of convNd with respect to its input, used as an upsampling layer.
Tensor convTransposeNd(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                       const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                       const std::vector<int64_t>& output_padding, const std::vector<int64_t>& dilation,
                       int64_t groups);

}  // namespace jitserve::ops
