// The Hurwitz zeta function zeta(x, q) = sum_k (k + q)^-x (torch.special.zeta).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerZetaOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
