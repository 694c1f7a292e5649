// Dense decompositions and what is built from them, over batches of
// (*, m, n) matrices: LU (det, slogdet, logdet, inv, solve), SVD (svd,
// svdvals, pinv, matrix_rank) and the symmetric eigendecomposition used by the
// hermitian pinv/matrix_rank. Kernels call the LAPACK routines that
// libopenblas exports, in double precision, and cast back to the input dtype.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerLinalgDecompOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
