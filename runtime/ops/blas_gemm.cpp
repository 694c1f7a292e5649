#include "runtime/ops/blas_gemm.h"

#include <cblas.h>

#include <atomic>
#include <mutex>

#include "runtime/support/sanitizers.h"
#include "runtime/tensor/parallel.h"

// OpenBLAS's own entry point; weak so a reference CBLAS (no thread control)
// still links.
extern "C" void openblas_set_num_threads(int) __attribute__((weak));

namespace jitserve::ops {
namespace {

// What OpenBLAS was last told (0: never), and how many GEMMs called from
// inside parallel regions are running. The count is global in OpenBLAS, so
// while a nested GEMM runs every GEMM runs single-threaded; a nested GEMM
// never starts with more than one thread (it raises `nested` before it looks,
// and a caller only raises the count under `mu` after seeing `nested` == 0).
std::atomic<int> g_told{0};
std::atomic<int> g_nested{0};
std::mutex g_mu;

void tell(int want) {
  std::lock_guard<std::mutex> g(g_mu);
  if (g_nested.load() > 0) want = 1;
  if (g_told.load() != want) {
    // Under TSan OpenBLAS's own threads stay idle (runtime/support/sanitizers.h).
    openblas_set_num_threads(kThreadSanitizer ? 1 : want);
    g_told.store(want);
  }
}

class BlasThreadScope {
 public:
  BlasThreadScope() : nested_(in_parallel_region()) {
    if (!openblas_set_num_threads) return;
    if (nested_) {
      g_nested.fetch_add(1);
      if (g_told.load() != 1) tell(1);
    } else {
      const int want = g_nested.load() > 0 ? 1 : get_num_threads();
      if (g_told.load() != want) tell(want);
    }
  }
  ~BlasThreadScope() {
    if (nested_ && openblas_set_num_threads) g_nested.fetch_sub(1);
  }
  BlasThreadScope(const BlasThreadScope&) = delete;
  BlasThreadScope& operator=(const BlasThreadScope&) = delete;

 private:
  bool nested_;
};

CBLAS_TRANSPOSE op(bool t) { return t ? CblasTrans : CblasNoTrans; }

}  // namespace

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, float alpha, const float* a, int64_t lda,
          const float* b, int64_t ldb, float beta, float* c, int64_t ldc) {
  BlasThreadScope scope;
  cblas_sgemm(CblasRowMajor, op(trans_a), op(trans_b), static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
              alpha, a, static_cast<int>(lda), b, static_cast<int>(ldb), beta, c, static_cast<int>(ldc));
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, double alpha, const double* a, int64_t lda,
          const double* b, int64_t ldb, double beta, double* c, int64_t ldc) {
  BlasThreadScope scope;
  cblas_dgemm(CblasRowMajor, op(trans_a), op(trans_b), static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
              alpha, a, static_cast<int>(lda), b, static_cast<int>(ldb), beta, c, static_cast<int>(ldc));
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, std::complex<float> alpha,
          const std::complex<float>* a, int64_t lda, const std::complex<float>* b, int64_t ldb,
          std::complex<float> beta, std::complex<float>* c, int64_t ldc) {
  BlasThreadScope scope;
  cblas_cgemm(CblasRowMajor, op(trans_a), op(trans_b), static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
              &alpha, a, static_cast<int>(lda), b, static_cast<int>(ldb), &beta, c, static_cast<int>(ldc));
}

void gemm(bool trans_a, bool trans_b, int64_t m, int64_t n, int64_t k, std::complex<double> alpha,
          const std::complex<double>* a, int64_t lda, const std::complex<double>* b, int64_t ldb,
          std::complex<double> beta, std::complex<double>* c, int64_t ldc) {
  BlasThreadScope scope;
  cblas_zgemm(CblasRowMajor, op(trans_a), op(trans_b), static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
              &alpha, a, static_cast<int>(lda), b, static_cast<int>(ldb), &beta, c, static_cast<int>(ldc));
}

}  // namespace jitserve::ops
