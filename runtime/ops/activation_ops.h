// Neural-network activation functions (gelu, silu, elu family, hardtanh,
// hardswish, softplus, shrinkage, glu, prelu, ...) and the dropout family in
// inference mode.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerActivationOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
