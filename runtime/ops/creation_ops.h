// Factories (zeros, ones, full, arange, linspace, eye, torch.tensor, ...),
// dtype conversions (to, type_as) and tensor -> number conversions.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerCreationOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
