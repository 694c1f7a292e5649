// Neural-network layers: convolution, normalization (batch, layer, group,
// instance), pooling (max, average, adaptive) and padding modes.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerNnOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
