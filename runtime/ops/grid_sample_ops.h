// grid_sampler: samples an (N, C, H, W) input at the normalized (x, y)
// locations of an (N, H_out, W_out, 2) grid (nn.functional.grid_sample).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerGridSampleOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
