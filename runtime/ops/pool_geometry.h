// The output length of a pooling window swept along one dim, shared by the
// 1-D/2-D (nn_ops.cpp) and 3-D (pool3d_ops.cpp) pooling kernels so that
// both follow PyTorch's rule, ceil_mode included.
#pragma once

#include <cstdint>

namespace jitserve::ops {

inline int64_t pooledSize(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil, bool ceil_mode) {
  const int64_t eff = dil * (k - 1) + 1;
  // Rounded down, not toward zero: a window larger than the padded input
  // gives a size <= 0 that the kernels reject ("Output size is too small"),
  // as PyTorch does, rather than 1.
  const int64_t num = in + 2 * pad - eff + (ceil_mode ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  // With ceil_mode the last window must still start inside the input or the
  // left padding.
  if (ceil_mode && (out - 1) * stride >= in + pad) --out;
  return out;
}

}  // namespace jitserve::ops
