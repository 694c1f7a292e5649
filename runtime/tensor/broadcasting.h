// Broadcasting: the shape two (or more) operands expand to, with NumPy /
// PyTorch rules: align trailing dims; each pair must be equal or one of them 1.
//
// infer_size({2, 1, 4}, {3, 1}) == {2, 3, 4}. A mismatch throws PyTorch's
// message: "The size of tensor a (3) must match the size of tensor b (4) at
// non-singleton dimension 1".
#pragma once

#include <vector>

#include "runtime/tensor/int_array_ref.h"

namespace jitserve {

class Tensor;

DimVector infer_size(IntArrayRef a, IntArrayRef b);
inline DimVector broadcastShapes(IntArrayRef a, IntArrayRef b) { return infer_size(a, b); }
// Folds infer_size over all shapes (an empty list gives []).
DimVector broadcastShapes(std::span<const IntArrayRef> shapes);
// True when `shape` can be expanded to `target` (target = broadcast of both).
bool is_expandable_to(IntArrayRef shape, IntArrayRef target);
// Tensors expanded (as views) to their common broadcast shape.
std::vector<Tensor> broadcast_tensors(std::span<const Tensor> tensors);

}  // namespace jitserve
