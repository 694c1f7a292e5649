// Nested tensors, as far as nn.TransformerEncoder's inference fast path
// needs them.
//
// Under torch.no_grad(), nn.TransformerEncoder given a src_key_padding_mask
// turns the padded batch into a nested tensor (_nested_tensor_from_mask),
// runs every layer on it through _transformer_encoder_layer_fwd, and pads it
// back (to_padded_tensor): padded positions come out as the padding value
// (0), not as what the layers computed there. We represent such a tensor by
// its padded (B, S, E) data, padded rows zero, plus each sequence's length,
// kept beside the storage (so Tensor stays one word): the lengths live as
// long as the storage's memory, and a lookup goes by the memory's address.
//
// Only the operators named here know the lengths; a nested tensor reaching
// another operator is read as its padded data.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// A nested tensor holding `padded` (B, S, ...) with sequence b of length
// lengths[b] (0 <= lengths[b] <= S); rows at and past the length are zeroed.
Tensor makeNested(const Tensor& padded, std::vector<int64_t> lengths);

// The sequence lengths if t is a nested tensor made by makeNested, else
// nullptr.
std::shared_ptr<const std::vector<int64_t>> nestedLengths(const Tensor& t);

}  // namespace jitserve::ops
