// segment_reduce: sum/mean/prod/max/min over consecutive segments of one axis,
// the segments given by lengths or offsets.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerSegmentOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
