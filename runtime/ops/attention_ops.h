// Scaled dot-product attention (torch 1.13's
// nn.functional._scaled_dot_product_attention): softmax(q k^T / sqrt(E) +
// mask) v, returning the attention weights too.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerAttentionOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
