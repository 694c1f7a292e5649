// LAPACK kernels run in the input's own precision (s* routines for Float,
// d* for Double), as PyTorch does: general eigendecomposition (geev),
// symmetric-indefinite LDL^T (sytrf/sytrs, Bunch-Kaufman pivots), products
// with Householder reflectors (orgqr/ormqr) and least squares (gels, gelsy,
// gelsd, gelss). Choices these routines make (eigenvalue order, eigenvector
// signs, pivots) therefore match PyTorch's. Each matrix of a batch is copied
// into a column-major buffer and copied back row-major.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ops/linalg_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"

extern "C" {
// LP64 Fortran entry points of libopenblas; trailing size_t are gfortran's hidden string lengths.
void sgeev_(const char*, const char*, const int*, float*, const int*, float*, float*, float*, const int*, float*,
            const int*, float*, const int*, int*, size_t, size_t);
void dgeev_(const char*, const char*, const int*, double*, const int*, double*, double*, double*, const int*, double*,
            const int*, double*, const int*, int*, size_t, size_t);
void ssytrf_(const char*, const int*, float*, const int*, int*, float*, const int*, int*, size_t);
void dsytrf_(const char*, const int*, double*, const int*, int*, double*, const int*, int*, size_t);
void ssytrs_(const char*, const int*, const int*, const float*, const int*, const int*, float*, const int*, int*,
             size_t);
void dsytrs_(const char*, const int*, const int*, const double*, const int*, const int*, double*, const int*, int*,
             size_t);
void sorgqr_(const int*, const int*, const int*, float*, const int*, const float*, float*, const int*, int*);
void dorgqr_(const int*, const int*, const int*, double*, const int*, const double*, double*, const int*, int*);
void sormqr_(const char*, const char*, const int*, const int*, const int*, const float*, const int*, const float*,
             float*, const int*, float*, const int*, int*, size_t, size_t);
void dormqr_(const char*, const char*, const int*, const int*, const int*, const double*, const int*, const double*,
             double*, const int*, double*, const int*, int*, size_t, size_t);
void sgels_(const char*, const int*, const int*, const int*, float*, const int*, float*, const int*, float*,
            const int*, int*, size_t);
void dgels_(const char*, const int*, const int*, const int*, double*, const int*, double*, const int*, double*,
            const int*, int*, size_t);
void sgelsy_(const int*, const int*, const int*, float*, const int*, float*, const int*, int*, const float*, int*,
             float*, const int*, int*);
void dgelsy_(const int*, const int*, const int*, double*, const int*, double*, const int*, int*, const double*, int*,
             double*, const int*, int*);
void sgelsd_(const int*, const int*, const int*, float*, const int*, float*, const int*, float*, const float*, int*,
             float*, const int*, int*, int*);
void dgelsd_(const int*, const int*, const int*, double*, const int*, double*, const int*, double*, const double*,
             int*, double*, const int*, int*, int*);
void sgelss_(const int*, const int*, const int*, float*, const int*, float*, const int*, float*, const float*, int*,
             float*, const int*, int*);
void dgelss_(const int*, const int*, const int*, double*, const int*, double*, const int*, double*, const double*,
             int*, double*, const int*, int*);
}

namespace jitserve::ops {
namespace {

// Overloads picking the s/d routine by element type.
template <typename T>
struct Lapack;
#define JS_LAPACK_TABLE(T, P)                                                                                        \
  template <>                                                                                                      \
  struct Lapack<T> {                                                                                               \
    static void geev(const char* jl, const char* jr, int n, T* a, T* wr, T* wi, T* vl, int ldvl, T* vr, int ldvr,    \
                     T* work, int lwork, int* info) {                                                              \
      P##geev_(jl, jr, &n, a, &n, wr, wi, vl, &ldvl, vr, &ldvr, work, &lwork, info, 1, 1);                         \
    }                                                                                                              \
    static void sytrf(int n, T* a, int* ipiv, T* work, int lwork, int* info) {                                     \
      P##sytrf_("L", &n, a, &n, ipiv, work, &lwork, info, 1);                                                      \
    }                                                                                                              \
    static void sytrs(int n, int nrhs, const T* a, const int* ipiv, T* b, int* info) {                             \
      P##sytrs_("L", &n, &nrhs, a, &n, ipiv, b, &n, info, 1);                                                      \
    }                                                                                                              \
    static void orgqr(int m, int n, int k, T* a, const T* tau, T* work, int lwork, int* info) {                    \
      P##orgqr_(&m, &n, &k, a, &m, tau, work, &lwork, info);                                                       \
    }                                                                                                              \
    static void ormqr(const char* side, const char* trans, int m, int n, int k, const T* a, int lda, const T* tau, \
                      T* c, T* work, int lwork, int* info) {                                                       \
      P##ormqr_(side, trans, &m, &n, &k, a, &lda, tau, c, &m, work, &lwork, info, 1, 1);                           \
    }                                                                                                              \
    static void gels(int m, int n, int nrhs, T* a, T* b, int ldb, T* work, int lwork, int* info) {                 \
      P##gels_("N", &m, &n, &nrhs, a, &m, b, &ldb, work, &lwork, info, 1);                                         \
    }                                                                                                              \
    static void gelsy(int m, int n, int nrhs, T* a, T* b, int ldb, int* jpvt, T rcond, int* rank, T* work,         \
                      int lwork, int* info) {                                                                      \
      P##gelsy_(&m, &n, &nrhs, a, &m, b, &ldb, jpvt, &rcond, rank, work, &lwork, info);                            \
    }                                                                                                              \
    static void gelsd(int m, int n, int nrhs, T* a, T* b, int ldb, T* s, T rcond, int* rank, T* work, int lwork,   \
                      int* iwork, int* info) {                                                                     \
      P##gelsd_(&m, &n, &nrhs, a, &m, b, &ldb, s, &rcond, rank, work, &lwork, iwork, info);                        \
    }                                                                                                              \
    static void gelss(int m, int n, int nrhs, T* a, T* b, int ldb, T* s, T rcond, int* rank, T* work, int lwork,   \
                      int* info) {                                                                                 \
      P##gelss_(&m, &n, &nrhs, a, &m, b, &ldb, s, &rcond, rank, work, &lwork, info);                               \
    }                                                                                                              \
  };
JS_LAPACK_TABLE(float, s)
JS_LAPACK_TABLE(double, d)
#undef JS_LAPACK_TABLE

int asInt(int64_t v, const char* op) {
  JS_CHECK(v <= std::numeric_limits<int>::max(), op, ": matrix too large for LAPACK");
  return static_cast<int>(v);
}

// The workspace size a LAPACK query (lwork = -1) reported.
template <typename T>
int workSize(T query) {
  return std::max(1, static_cast<int>(query));
}

// A batch of matrices in T, each readable as column-major.
template <typename T>
struct Mats {
  Tensor data;  // (B, rows, cols) row-major contiguous
  DimVector batch;
  int64_t B = 1, rows = 0, cols = 0;
  std::vector<T> colMajor(int64_t b) const {
    const T* p = data.data<T>() + b * rows * cols;
    std::vector<T> c(static_cast<size_t>(std::max<int64_t>(rows * cols, 1)));
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j) c[static_cast<size_t>(i + j * rows)] = p[i * cols + j];
    return c;
  }
};

template <typename T>
Mats<T> mats(const Tensor& A, const DimVector& batch) {
  Mats<T> m;
  m.rows = A.size(-2);
  m.cols = A.size(-1);
  m.batch = batch;
  for (int64_t s : batch) m.B *= s;
  DimVector full = batch;
  full.push_back(m.rows);
  full.push_back(m.cols);
  m.data = A.expand(full).to(scalarTypeOf<T>).contiguous().reshape({m.B, m.rows, m.cols});
  return m;
}

DimVector batchOf(const Tensor& A) { return DimVector(A.sizes().begin(), A.sizes().end() - 2); }
DimVector withTail(DimVector s, std::initializer_list<int64_t> tail) {
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

// Writes a column-major rows x cols matrix into a row-major destination.
template <typename T>
void storeRowMajor(const std::vector<T>& c, int64_t rows, int64_t cols, int64_t ldc, T* dst) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) dst[i * cols + j] = c[static_cast<size_t>(i + j * ldc)];
}

void checkMatrix(const Tensor& A, const char* op, const char* name = "A") {
  JS_CHECK(A.dim() >= 2, op, ": The input tensor ", name, " must have at least 2 dimensions.");
  JS_CHECK(A.dtype() == ScalarType::Float || A.dtype() == ScalarType::Double, op,
           ": Expected a floating point tensor as input. Got ", scalarTypeName(A.dtype()));
}
void checkSquare(const Tensor& A, const char* op) {
  JS_CHECK(A.size(-1) == A.size(-2), op, ": A must be batches of square matrices, but they are ", A.size(-2), " by ",
           A.size(-1), " matrices");
}

// ---- eig ----

// Eigenvalues (B, n) and, when wanted, right eigenvectors (B, n, n) as
// complex<T>; a complex-conjugate pair (j, j+1) shares columns j (real part)
// and j+1 (imaginary part) of LAPACK's VR.
template <typename T>
std::pair<Tensor, Tensor> eig(const Tensor& A, bool vectors, const char* op) {
  using CT = std::complex<T>;
  const DimVector batch = batchOf(A);
  Mats<T> m = mats<T>(A, batch);
  const int64_t n = m.rows;
  const int N = asInt(n, op);
  Tensor vals = empty(withTail(batch, {n}), scalarTypeOf<CT>);
  Tensor vecs = vectors ? empty(withTail(batch, {n, n}), scalarTypeOf<CT>) : Tensor();
  for (int64_t b = 0; b < m.B; ++b) {
    std::vector<T> a = m.colMajor(b);
    for (T v : a) JS_CHECK(std::isfinite(v), op, ": input tensor should not contain infs or NaNs.");
    if (n == 0) continue;
    std::vector<T> wr(static_cast<size_t>(n)), wi(static_cast<size_t>(n)), vr(vectors ? static_cast<size_t>(n * n) : 1);
    const char* jv = vectors ? "V" : "N";
    T dummy = 0, query = 0;
    int info = 0;
    Lapack<T>::geev("N", jv, N, a.data(), wr.data(), wi.data(), &dummy, 1, vr.data(), vectors ? N : 1, &query, -1,
                    &info);
    std::vector<T> work(static_cast<size_t>(workSize(query)));
    Lapack<T>::geev("N", jv, N, a.data(), wr.data(), wi.data(), &dummy, 1, vr.data(), vectors ? N : 1, work.data(),
                    static_cast<int>(work.size()), &info);
    JS_CHECK(info == 0, op, ": The algorithm failed to converge because the input matrix is ill-conditioned or has "
             "too many repeated eigenvalues (error code: ", info, ").");
    CT* vp = vals.data<CT>() + b * n;
    for (int64_t j = 0; j < n; ++j) vp[j] = CT(wr[static_cast<size_t>(j)], wi[static_cast<size_t>(j)]);
    if (!vectors) continue;
    CT* ep = vecs.data<CT>() + b * n * n;
    for (int64_t j = 0; j < n; ++j) {
      const bool pair_first = wi[static_cast<size_t>(j)] != 0 && j + 1 < n;
      for (int64_t i = 0; i < n; ++i) {
        const T re = vr[static_cast<size_t>(i + j * n)];
        if (pair_first) {
          const T im = vr[static_cast<size_t>(i + (j + 1) * n)];
          ep[i * n + j] = CT(re, im);
          ep[i * n + j + 1] = CT(re, -im);
        } else {
          ep[i * n + j] = CT(re, 0);
        }
      }
      if (pair_first) ++j;
    }
  }
  return {vals, vecs};
}

std::pair<Tensor, Tensor> eigAny(const Tensor& A, bool vectors, const char* op) {
  checkMatrix(A, op);
  checkSquare(A, op);
  return A.dtype() == ScalarType::Double ? eig<double>(A, vectors, op) : eig<float>(A, vectors, op);
}

std::tuple<Tensor, Tensor> linalgEig(const Tensor& self) {
  auto [vals, vecs] = eigAny(self, true, "linalg.eig");
  return {std::move(vals), std::move(vecs)};
}
Tensor linalgEigvals(const Tensor& self) { return eigAny(self, false, "linalg.eigvals").first; }

// ---- LDL^T ----

// LD: L below the diagonal (unit diagonal implied), the 1x1/2x2 blocks of D
// on and next to it, the strict upper part zeroed; pivots in LAPACK's
// 1-based convention (negative for 2x2 blocks); info > 0 when D is singular.
template <typename T>
void ldlFactor(const Tensor& A, Tensor& LD, Tensor& piv, Tensor& info) {
  const DimVector batch = batchOf(A);
  Mats<T> m = mats<T>(A, batch);
  const int64_t n = m.rows;
  const int N = asInt(n, "linalg.ldl_factor");
  LD = zeros(withTail(batch, {n, n}), scalarTypeOf<T>);
  piv = zeros(withTail(batch, {n}), ScalarType::Int);
  info = zeros(batch, ScalarType::Int);
  for (int64_t b = 0; b < m.B; ++b) {
    if (n == 0) continue;
    std::vector<T> a = m.colMajor(b);
    std::vector<int> ipiv(static_cast<size_t>(n));
    T query = 0;
    int inf = 0;
    Lapack<T>::sytrf(N, a.data(), ipiv.data(), &query, -1, &inf);
    std::vector<T> work(static_cast<size_t>(workSize(query)));
    Lapack<T>::sytrf(N, a.data(), ipiv.data(), work.data(), static_cast<int>(work.size()), &inf);
    T* ld = LD.data<T>() + b * n * n;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j <= i; ++j) ld[i * n + j] = a[static_cast<size_t>(i + j * n)];
    std::copy(ipiv.begin(), ipiv.end(), piv.data<int32_t>() + b * n);
    info.data<int32_t>()[b] = inf;
  }
}

void ldlFactorAny(const Tensor& A, bool hermitian, Tensor& LD, Tensor& piv, Tensor& info) {
  (void)hermitian;  // real inputs: symmetric and Hermitian coincide
  checkMatrix(A, "torch.linalg.ldl_factor_ex");
  checkSquare(A, "torch.linalg.ldl_factor_ex");
  if (A.dtype() == ScalarType::Double) ldlFactor<double>(A, LD, piv, info);
  else ldlFactor<float>(A, LD, piv, info);
}

void checkLdlInfo(const Tensor& info, const char* op) {
  const int32_t* p = info.data<int32_t>();
  for (int64_t i = 0; i < info.numel(); ++i)
    JS_CHECK(p[i] <= 0, op, ": The factorization could not be completed because the input is not invertible. The "
             "diagonal element ", p[i], " is zero.");
}

std::tuple<Tensor, Tensor, Tensor> linalgLdlFactorEx(const Tensor& self, bool hermitian, bool check_errors) {
  Tensor LD, piv, info;
  ldlFactorAny(self, hermitian, LD, piv, info);
  if (check_errors) checkLdlInfo(info, "torch.linalg.ldl_factor_ex");
  return {std::move(LD), std::move(piv), std::move(info)};
}
std::tuple<Tensor, Tensor> linalgLdlFactor(const Tensor& self, bool hermitian) {
  Tensor LD, piv, info;
  ldlFactorAny(self, hermitian, LD, piv, info);
  checkLdlInfo(info, "torch.linalg.ldl_factor");
  return {std::move(LD), std::move(piv)};
}

template <typename T>
Tensor ldlSolve(const Tensor& LD, const Tensor& pivots, const Tensor& B) {
  DimVector batch = broadcastShapes(batchOf(LD), batchOf(B));
  Mats<T> f = mats<T>(LD, batch), rhs = mats<T>(B, batch);
  const int64_t n = f.rows, k = rhs.cols;
  DimVector pshape = batch;
  pshape.push_back(n);
  Tensor piv = pivots.expand(pshape).to(ScalarType::Int).contiguous();
  Tensor out = empty(withTail(batch, {n, k}), scalarTypeOf<T>);
  const int N = asInt(n, "linalg.ldl_solve"), K = asInt(k, "linalg.ldl_solve");
  for (int64_t b = 0; b < f.B; ++b) {
    if (n == 0 || k == 0) continue;
    std::vector<T> a = f.colMajor(b), x = rhs.colMajor(b);
    const int32_t* ip = piv.data<int32_t>() + b * n;
    for (int64_t i = 0; i < n; ++i)
      JS_CHECK(ip[i] != 0 && std::abs(ip[i]) <= n, "torch.linalg.ldl_solve: pivots must be in [1, n] or [-n, -1], got ",
               ip[i]);
    std::vector<int> ipiv(ip, ip + n);
    int info = 0;
    Lapack<T>::sytrs(N, K, a.data(), ipiv.data(), x.data(), &info);
    JS_CHECK(info == 0, "torch.linalg.ldl_solve: LAPACK sytrs failed with info ", info);
    storeRowMajor(x, n, k, n, out.data<T>() + b * n * k);
  }
  return out;
}

Tensor linalgLdlSolve(const Tensor& LD, const Tensor& piv, const Tensor& B, bool /*hermitian*/) {
  const char* op = "torch.linalg.ldl_solve";
  checkMatrix(LD, op, "LD");
  checkSquare(LD, op);
  JS_CHECK(B.dim() >= 2, op, ": Expected B to have at least 2 dimensions, but it has ", B.dim(), " dimensions instead");
  JS_CHECK(piv.dtype() == ScalarType::Int, op, ": Expected pivots to be integers. Got ", scalarTypeName(piv.dtype()));
  JS_CHECK(LD.dtype() == B.dtype(), op, ": LD dtype ", scalarTypeName(LD.dtype()), " does not match b dtype ",
           scalarTypeName(B.dtype()));
  JS_CHECK(B.size(-2) == LD.size(-1), op, ": the number of rows of B (", B.size(-2), ") must equal the size of LD (",
           LD.size(-1), ")");
  JS_CHECK(piv.dim() >= 1 && piv.size(-1) == LD.size(-1), op, ": expected pivots of size ", LD.size(-1));
  return LD.dtype() == ScalarType::Double ? ldlSolve<double>(LD, piv, B) : ldlSolve<float>(LD, piv, B);
}

// ---- Householder products ----

// The reflector scales tau broadcast over `batch`, contiguous in T.
template <typename T>
Tensor tauBatch(const Tensor& tau, DimVector batch) {
  batch.push_back(tau.size(-1));
  return tau.expand(batch).to(scalarTypeOf<T>).contiguous();
}
// Matrix b's k scales (at least one element: LAPACK reads a valid array).
template <typename T>
std::vector<T> tauOf(const Tensor& t, int64_t b, int64_t k) {
  const T* tp = t.data<T>() + b * k;
  std::vector<T> tv(tp, tp + k);
  tv.resize(static_cast<size_t>(std::max<int64_t>(k, 1)));
  return tv;
}

// Q = H_1 ... H_k as the first n columns (orgqr) of an m x m orthogonal
// matrix, from reflectors stored below the diagonal of A and their tau.
template <typename T>
Tensor householderProduct(const Tensor& A, const Tensor& tau) {
  const DimVector batch = batchOf(A);
  Mats<T> m = mats<T>(A, batch);
  const Tensor t = tauBatch<T>(tau, batch);
  const int64_t rows = m.rows, cols = m.cols, k = tau.size(-1);
  Tensor out = empty(withTail(batch, {rows, cols}), scalarTypeOf<T>);
  const int M = asInt(rows, "householder_product"), N = asInt(cols, "householder_product"),
            K = asInt(k, "householder_product");
  for (int64_t b = 0; b < m.B; ++b) {
    if (rows == 0 || cols == 0) continue;
    std::vector<T> a = m.colMajor(b);
    std::vector<T> tv = tauOf<T>(t, b, k);
    T query = 0;
    int info = 0;
    Lapack<T>::orgqr(M, N, K, a.data(), tv.data(), &query, -1, &info);
    std::vector<T> work(static_cast<size_t>(workSize(query)));
    Lapack<T>::orgqr(M, N, K, a.data(), tv.data(), work.data(), static_cast<int>(work.size()), &info);
    storeRowMajor(a, rows, cols, rows, out.data<T>() + b * rows * cols);
  }
  return out;
}

Tensor linalgHouseholderProduct(const Tensor& A, const Tensor& tau) {
  const char* op = "torch.linalg.householder_product";
  checkMatrix(A, op, "input");
  JS_CHECK(A.size(-2) >= A.size(-1), op, ": input.shape[-2] must be greater than or equal to input.shape[-1]");
  JS_CHECK(tau.dim() >= 1 && A.size(-1) >= tau.size(-1), op,
           ": input.shape[-1] must be greater than or equal to tau.shape[-1]");
  JS_CHECK(A.dim() - tau.dim() == 1, op, ": Expected tau to have one dimension less than input, but got tau.ndim "
           "equal to ", tau.dim(), " and input.ndim is equal to ", A.dim());
  JS_CHECK(tau.dtype() == A.dtype(), op, ": tau dtype ", scalarTypeName(tau.dtype()), " does not match input dtype ",
           scalarTypeName(A.dtype()));
  return A.dtype() == ScalarType::Double ? householderProduct<double>(A, tau) : householderProduct<float>(A, tau);
}

// ormqr(A, tau, C, left, transpose): C multiplied by Q (or Q^T) from the
// left or right, Q given by the reflectors of A as geqrf stores them.
template <typename T>
Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose) {
  const DimVector batch = batchOf(C);
  Mats<T> refl = mats<T>(A, batch), c = mats<T>(C, batch);
  const Tensor t = tauBatch<T>(tau, batch);
  const int64_t m = c.rows, n = c.cols, k = tau.size(-1), lda = refl.rows;
  Tensor out = empty(withTail(batch, {m, n}), scalarTypeOf<T>);
  const int M = asInt(m, "ormqr"), N = asInt(n, "ormqr"), K = asInt(k, "ormqr"), LDA = asInt(std::max<int64_t>(lda, 1), "ormqr");
  const char* side = left ? "L" : "R";
  const char* trans = transpose ? "T" : "N";
  for (int64_t b = 0; b < c.B; ++b) {
    if (m == 0 || n == 0) continue;
    std::vector<T> a = refl.colMajor(b), x = c.colMajor(b);
    std::vector<T> tv = tauOf<T>(t, b, k);
    T query = 0;
    int info = 0;
    Lapack<T>::ormqr(side, trans, M, N, K, a.data(), LDA, tv.data(), x.data(), &query, -1, &info);
    std::vector<T> work(static_cast<size_t>(workSize(query)));
    Lapack<T>::ormqr(side, trans, M, N, K, a.data(), LDA, tv.data(), x.data(), work.data(),
                     static_cast<int>(work.size()), &info);
    JS_CHECK(info == 0, "ormqr: LAPACK failed with info ", info);
    storeRowMajor(x, m, n, m, out.data<T>() + b * m * n);
  }
  return out;
}

Tensor ormqrOp(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose) {
  const char* op = "torch.ormqr";
  JS_CHECK(A.dim() >= 2, op, ": input must have at least 2 dimensions.");
  JS_CHECK(C.dim() >= 2, op, ": other must have at least 2 dimensions.");
  checkMatrix(A, op, "input");
  JS_CHECK(A.dtype() == tau.dtype() && A.dtype() == C.dtype(), op, ": input, tau and other must have the same dtype");
  const int64_t left_right = left ? -2 : -1;
  JS_CHECK(C.size(left_right) == A.size(-2), op, ": other.shape[", left_right,
           "] must be equal to input.shape[-2]");
  JS_CHECK(tau.dim() >= 1 && tau.size(-1) <= A.size(-1), op,
           ": tau.shape[-1] must be less than or equal to input.shape[-1]");
  JS_CHECK(A.dim() - tau.dim() == 1, op, ": Expected tau to have one dimension less than input");
  JS_CHECK(A.dim() == C.dim(), op, ": Expected other to have the same number of dimensions as input");
  JS_CHECK(tau.size(-1) <= C.size(left_right), op, ": tau.shape[-1] must be less than or equal to other.shape[",
           left_right, "]");
  return A.dtype() == ScalarType::Double ? ormqr<double>(A, tau, C, left, transpose)
                                         : ormqr<float>(A, tau, C, left, transpose);
}

// ---- least squares ----

struct LstsqResult {
  Tensor solution, residuals, rank, singular_values;
};

template <typename T>
LstsqResult lstsq(const Tensor& A, const Tensor& B_in, std::optional<double> rcond, const std::string& driver) {
  const bool vector_rhs = B_in.dim() == A.dim() - 1;
  const Tensor B = vector_rhs ? B_in.unsqueeze(-1) : B_in;
  const DimVector batch = broadcastShapes(batchOf(A), batchOf(B));
  Mats<T> a = mats<T>(A, batch), b = mats<T>(B, batch);
  const int64_t m = a.rows, n = a.cols, k = b.cols, ldb = std::max<int64_t>({m, n, 1});
  const int M = asInt(m, "linalg.lstsq"), N = asInt(n, "linalg.lstsq"), K = asInt(k, "linalg.lstsq"),
            LDB = asInt(ldb, "linalg.lstsq");
  const T rc = static_cast<T>(rcond.value_or(static_cast<double>(std::numeric_limits<T>::epsilon()) *
                                             static_cast<double>(std::max(m, n))));
  const bool want_rank = lstsqReportsRank(driver);
  const bool want_sv = lstsqReportsSingularValues(driver);
  LstsqResult r;
  r.solution = empty(withTail(batch, {n, k}), scalarTypeOf<T>);
  Tensor rank = zeros(batch, ScalarType::Long);
  Tensor sv = zeros(withTail(batch, {std::min(m, n)}), scalarTypeOf<T>);
  std::vector<T> res_all;
  bool full_rank = true;
  for (int64_t bi = 0; bi < a.B; ++bi) {
    std::vector<T> x = a.colMajor(bi);
    std::vector<T> rhs(static_cast<size_t>(ldb * std::max<int64_t>(k, 1)), T(0));
    const T* bp = b.data.template data<T>() + bi * m * k;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < k; ++j) rhs[static_cast<size_t>(i + j * ldb)] = bp[i * k + j];
    int info = 0, rk = static_cast<int>(std::min(m, n));
    T query = 0;
    if (m > 0 && n > 0 && k > 0) {
      if (driver == "gels") {
        Lapack<T>::gels(M, N, K, x.data(), rhs.data(), LDB, &query, -1, &info);
        std::vector<T> work(static_cast<size_t>(workSize(query)));
        Lapack<T>::gels(M, N, K, x.data(), rhs.data(), LDB, work.data(), static_cast<int>(work.size()), &info);
        JS_CHECK(info <= 0, "torch.linalg.lstsq: The least squares solution could not be computed because the input "
                 "matrix does not have full rank (error code: ", info, ").");
      } else if (driver == "gelsy") {
        std::vector<int> jpvt(static_cast<size_t>(n), 0);
        Lapack<T>::gelsy(M, N, K, x.data(), rhs.data(), LDB, jpvt.data(), rc, &rk, &query, -1, &info);
        std::vector<T> work(static_cast<size_t>(workSize(query)));
        Lapack<T>::gelsy(M, N, K, x.data(), rhs.data(), LDB, jpvt.data(), rc, &rk, work.data(),
                         static_cast<int>(work.size()), &info);
      } else {
        std::vector<T> s(static_cast<size_t>(std::min(m, n)));
        if (driver == "gelsd") {
          int iq = 0;
          Lapack<T>::gelsd(M, N, K, x.data(), rhs.data(), LDB, s.data(), rc, &rk, &query, -1, &iq, &info);
          std::vector<T> work(static_cast<size_t>(workSize(query)));
          std::vector<int> iwork(static_cast<size_t>(std::max(1, iq)));
          Lapack<T>::gelsd(M, N, K, x.data(), rhs.data(), LDB, s.data(), rc, &rk, work.data(),
                           static_cast<int>(work.size()), iwork.data(), &info);
        } else {
          Lapack<T>::gelss(M, N, K, x.data(), rhs.data(), LDB, s.data(), rc, &rk, &query, -1, &info);
          std::vector<T> work(static_cast<size_t>(workSize(query)));
          Lapack<T>::gelss(M, N, K, x.data(), rhs.data(), LDB, s.data(), rc, &rk, work.data(),
                           static_cast<int>(work.size()), &info);
        }
        JS_CHECK(info <= 0, "torch.linalg.lstsq: The algorithm failed to converge because the input matrix is "
                 "ill-conditioned or has too many repeated singular values (error code: ", info, ").");
        std::copy(s.begin(), s.end(), sv.data<T>() + bi * std::min(m, n));
      }
    }
    rank.data<int64_t>()[bi] = rk;
    if (rk < n) full_rank = false;
    T* sol = r.solution.data<T>() + bi * n * k;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < k; ++j) sol[i * k + j] = rhs[static_cast<size_t>(i + j * ldb)];
    // Rows n..m of LAPACK's output hold the residual components.
    for (int64_t j = 0; j < k; ++j) {
      T ss = 0;
      for (int64_t i = n; i < m; ++i) ss += rhs[static_cast<size_t>(i + j * ldb)] * rhs[static_cast<size_t>(i + j * ldb)];
      res_all.push_back(ss);
    }
  }
  if (lstsqHasResiduals(m, n, full_rank, driver)) {
    r.residuals = empty(withTail(batch, {k}), scalarTypeOf<T>);
    std::copy(res_all.begin(), res_all.end(), r.residuals.data<T>());
  } else {
    r.residuals = empty({0}, scalarTypeOf<T>);
  }
  if (vector_rhs) {
    r.solution = r.solution.squeeze(-1);
    if (r.residuals.numel() > 0) r.residuals = r.residuals.squeeze(-1);
  }
  r.rank = want_rank ? rank : empty({0}, ScalarType::Long);
  r.singular_values = want_sv ? sv : empty({0}, scalarTypeOf<T>);
  return r;
}

std::tuple<Tensor, Tensor, Tensor, Tensor> linalgLstsq(const Tensor& A, const Tensor& B, std::optional<double> rcond,
                                                       std::optional<std::string> driver_arg) {
  const std::string driver = lstsqDriver(A, B, driver_arg);
  LstsqResult r =
      A.dtype() == ScalarType::Double ? lstsq<double>(A, B, rcond, driver) : lstsq<float>(A, B, rcond, driver);
  return {std::move(r.solution), std::move(r.residuals), std::move(r.rank), std::move(r.singular_values)};
}

}  // namespace

const OpTable kLinalgLapackOps = {
    op<linalgEig>("aten::linalg_eig(Tensor self) -> (Tensor eigenvalues, Tensor eigenvectors)",
                  "Eigenvalues and right eigenvectors of a general square matrix (complex results)."),
    op<linalgEigvals>("aten::linalg_eigvals(Tensor self) -> Tensor", "Eigenvalues of a general square matrix."),
    op<linalgLdlFactorEx>("aten::linalg_ldl_factor_ex(Tensor self, *, bool hermitian=False, bool check_errors=False) "
                          "-> (Tensor LD, Tensor pivots, Tensor info)",
                          "LDL^T factorization with Bunch-Kaufman pivoting, plus LAPACK's info."),
    op<linalgLdlFactor>("aten::linalg_ldl_factor(Tensor self, *, bool hermitian=False) -> (Tensor LD, Tensor pivots)",
                        "LDL^T factorization with Bunch-Kaufman pivoting."),
    op<linalgLdlSolve>("aten::linalg_ldl_solve(Tensor LD, Tensor pivots, Tensor B, *, bool hermitian=False) -> Tensor",
                       "Solves A X = B from an LDL^T factorization."),
    op<linalgHouseholderProduct>("aten::linalg_householder_product(Tensor input, Tensor tau) -> Tensor",
                                 "The first n columns of the product of Householder reflectors."),
    op<ormqrOp>(
        "aten::ormqr(Tensor self, Tensor input2, Tensor input3, bool left=True, bool transpose=False) -> Tensor",
        "Multiplies a matrix by Q from geqrf's reflectors."),
    op<linalgLstsq>("aten::linalg_lstsq(Tensor self, Tensor b, float? rcond=None, *, str? driver=None) -> (Tensor "
                    "solution, Tensor residuals, Tensor rank, Tensor singular_values)",
                    "Least-squares solution of A X = B (LAPACK gels, gelsy, gelsd or gelss)."),
};

}  // namespace jitserve::ops
