// General eigendecomposition (linalg.eig/eigvals), LDL^T (ldl_factor(_ex),
// ldl_solve), Householder products (householder_product, ormqr) and least
// squares (lstsq), computed by LAPACK in the input's precision.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerLinalgLapackOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
