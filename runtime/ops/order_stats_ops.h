// Order statistics over sorted data: quantile/nanquantile (five
// interpolation modes) and the binary searches searchsorted/bucketize.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerOrderStatsOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
