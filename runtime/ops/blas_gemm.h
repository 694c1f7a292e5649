// Row-major GEMM on OpenBLAS for the kernels (matmul family, convolution):
//   C[m, n] = alpha * op(A)[m, k] @ op(B)[k, n] + beta * C
// with op(X) = X or X^T (`trans_a`, `trans_b`; never conjugated) and leading
// dimensions as cblas takes them, for float, double and their complex types.
//
// Threading: OpenBLAS (pthreads build) keeps one process-wide thread count
// and does not know our intra-op pool. Before each call these wrappers make
// OpenBLAS's count equal to get_num_threads(), and 1 while any GEMM called
// from inside a parallel_for chunk is in flight (the pool's threads are then
// already busy; nesting BLAS threads under them only oversubscribes the
// cores). The count is cached, so the usual call costs two atomic loads.
#pragma once

#include <complex>
#include <cstdint>

namespace jitserve::ops {

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
          const float* b, int64_t ldb, float beta, float* c, int64_t ldc);
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t lda,
          const double* b, int64_t ldb, double beta, double* c, int64_t ldc);
// Complex products (cgemm / zgemm), same layout conventions.
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, std::complex<float> alpha,
          const std::complex<float>* a, int64_t lda, const std::complex<float>* b, int64_t ldb,
          std::complex<float> beta, std::complex<float>* c, int64_t ldc);
void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, std::complex<double> alpha,
          const std::complex<double>* a, int64_t lda, const std::complex<double>* b, int64_t ldb,
          std::complex<double> beta, std::complex<double>* c, int64_t ldc);

}  // namespace jitserve::ops
