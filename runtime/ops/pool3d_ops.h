// Volumetric pooling over (N, C, D, H, W) / (C, D, H, W): max, average and
// adaptive pooling, plus max_unpool2d/3d (the scatter inverse of max pooling
// with indices).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerPool3dOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
