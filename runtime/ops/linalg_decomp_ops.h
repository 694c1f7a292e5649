// Dense decompositions and what is built from them, over batches of
// (*, m, n) matrices: LU (det, slogdet, logdet, inv, solve), SVD (svd,
// svdvals, pinv, matrix_rank) and the symmetric eigendecomposition used by the
// hermitian pinv/matrix_rank. Kernels call the LAPACK routines that
// libopenblas exports, in double precision, and cast back to the input dtype.
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// Singular values of (*, m, n) as (*, min(m, n)), descending, in A's dtype.
Tensor svdvals(const Tensor& A);
// Inverse of (*, n, n); errors on singular input.
Tensor linalg_inv(const Tensor& A);

}  // namespace jitserve::ops
