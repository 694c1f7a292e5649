// Resampling of the trailing 1-3 spatial dims of (N, C, spatial...) tensors:
// nearest, nearest-exact, (bi/tri)linear, bicubic and the antialiased
// bilinear/bicubic filters, i.e. everything F.interpolate lowers to.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerUpsampleOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
