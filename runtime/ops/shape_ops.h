// Shape, view and data-movement operators: views over the tensor library
// (view, permute, squeeze, ...), joins and splits (cat, stack, split,
// chunk, ...), and copies that rearrange elements (flip, roll, repeat,
// tril/triu, diag, padding). Element types never matter here: copies move
// bytes by element size.
#pragma once

#include <vector>

#include "runtime/tensor/scalar.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// With `out`: written there (resized; the result type must cast to its dtype).
Tensor cat(const std::vector<Tensor>& tensors, int64_t dim, Tensor out = {});
Tensor stack(const std::vector<Tensor>& tensors, int64_t dim, Tensor out = {});
std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim);
std::vector<Tensor> split_with_sizes(const Tensor& self, IntArrayRef sizes, int64_t dim);
std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim);
Tensor flip(const Tensor& self, IntArrayRef dims);
Tensor roll(const Tensor& self, IntArrayRef shifts, IntArrayRef dims);
Tensor repeat(const Tensor& self, IntArrayRef repeats);
// Lower (tril) or upper (triu) triangle of the last two dims; the rest zero.
Tensor triangle(const Tensor& self, int64_t diagonal, bool lower);
Tensor constant_pad_nd(const Tensor& self, IntArrayRef pad, const Scalar& value);

}  // namespace jitserve::ops
