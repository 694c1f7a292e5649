// Products and differences built from the basic kernels: vecdot, multi_dot,
// matrix_power, cross, kron, tensordot, cdist/pdist, diff and the
// trapezoid rule.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerLinalgProductOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
