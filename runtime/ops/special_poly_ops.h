// The torch.special orthogonal polynomials evaluated elementwise at (x, n):
// Chebyshev T/U/V/W (plain and shifted to [0, 1]), Hermite H/He, Laguerre L
// and Legendre P. n is truncated to an integer; negative degrees give 0.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerSpecialPolyOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
