// Regularized incomplete gamma functions: igamma P(a, x) and igammac Q(a, x).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerIncompleteGammaOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
