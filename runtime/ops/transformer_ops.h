// The fused inference paths nn.MultiheadAttention and
// nn.TransformerEncoderLayer take in eval mode: _native_multi_head_attention
// and _transformer_encoder_layer_fwd, on dense batch-first tensors.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerTransformerOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
