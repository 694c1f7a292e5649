// Indexing ops: advanced indexing (aten::index / index_put_), gather and
// scatter families, masked ops, take, nonzero.
#pragma once

#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// Indices of nonzero elements as an [n, dim] int64 tensor.
Tensor nonzero(const Tensor& self);
// self[indices] with undefined entries meaning "all of this dim".
Tensor index(const Tensor& self, const std::vector<Tensor>& indices);
// Slices of `dim` picked by a 1-D int64 index.
Tensor index_select(const Tensor& self, int64_t dim, const Tensor& index);

}  // namespace jitserve::ops
