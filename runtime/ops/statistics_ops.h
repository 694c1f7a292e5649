// Statistics over samples: cov/corrcoef (weighted covariance of variables
// in rows), histc/histogram/histogramdd (counts over linear bins, optional
// weights and density), and gradient (central differences).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerStatisticsOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
