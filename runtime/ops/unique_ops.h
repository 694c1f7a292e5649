// unique (_unique2), unique_consecutive and unique_dim: deduplicating whole slices along a dim
// (or single elements of the flattened input), with inverse indices and counts.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerUniqueOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
