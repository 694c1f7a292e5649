// Dimension and index wrapping with PyTorch's Python-style negative indices.
//
// maybe_wrap_dim(-1, 3) == 2. A zero-dim tensor accepts dims -1 and 0 (as if
// it had one dimension), as PyTorch does for reductions and similar ops.
#pragma once

#include <cstdint>

#include "runtime/support/error.h"

namespace jitserve {

[[noreturn]] void throwDimOutOfRange(int64_t dim, int64_t min, int64_t max);

inline int64_t maybe_wrap_dim(int64_t dim, int64_t ndim, bool wrap_scalar = true) {
  if (ndim <= 0) {
    JS_CHECK(wrap_scalar, "dimension specified as ", dim, " but tensor has no dimensions");
    ndim = 1;
  }
  const int64_t min = -ndim, max = ndim - 1;
  if (__builtin_expect(dim < min || dim > max, 0)) throwDimOutOfRange(dim, min, max);
  return dim < 0 ? dim + ndim : dim;
}

}  // namespace jitserve
