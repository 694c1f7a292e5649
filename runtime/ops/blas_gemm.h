// Row-major GEMM on OpenBLAS for the kernels (matmul family, convolution):
//   C[m, n] = alpha * op(A)[m, k] @ op(B)[k, n] + beta * C
// with op(X) = X or X^T (`trans_a`, `trans_b`) and leading dimensions as
// cblas takes them.
//
// Threading: OpenBLAS (pthreads build) keeps one process-wide thread count
// and does not know our intra-op pool. Before each call these wrappers make
// OpenBLAS's count equal to get_num_threads(), and 1 while any GEMM called
// from inside a parallel_for chunk is in flight (the pool's threads are then
// already busy; nesting BLAS threads under them only oversubscribes the
// cores). The count is cached, so the usual call costs two atomic loads.
#pragma once

#include <cstdint>

namespace jitserve::ops {

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
          const float* b, int64_t ldb, float beta, float* c, int64_t ldc);
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t lda,
          const double* b, int64_t ldb, double beta, double* c, int64_t ldc);

}  // namespace jitserve::ops
