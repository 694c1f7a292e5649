// LAPACK-backed linear algebra (LU, SVD, symmetric eigen, Cholesky, QR; the
// triangular solves are plain substitution loops). Each matrix of the batch is copied into a
// column-major double buffer (LAPACK's layout), factorized, and the results
// are written back row-major. Singular inputs follow PyTorch: det is 0,
// slogdet gives (0, -inf), inv/solve raise an error naming the pivot.
#include "runtime/ops/linalg_decomp_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "runtime/ops/linalg_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/type_promotion.h"

// LAPACK's Fortran entry points (LP64 integers, as libopenblas is built).
// The trailing size_t arguments are gfortran's hidden character lengths.
extern "C" {
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info,
             size_t);
void dpotrf_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void dpotri_(const char* uplo, const int* n, double* a, const int* lda, int* info, size_t);
void dgeqrf_(const int* m, const int* n, double* a, const int* lda, double* tau, double* work, const int* lwork,
             int* info);
void dorgqr_(const int* m, const int* n, const int* k, double* a, const int* lda, const double* tau, double* work,
             const int* lwork, int* info);
void ssyevd_(const char* jobz, const char* uplo, const int* n, float* a, const int* lda, float* w, float* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
void dsyevd_(const char* jobz, const char* uplo, const int* n, double* a, const int* lda, double* w, double* work,
             const int* lwork, int* iwork, const int* liwork, int* info, size_t, size_t);
}

namespace jitserve::ops {
namespace {

// A batch of matrices as contiguous row-major doubles.
struct Batch {
  Tensor data;  // (B, m, n) double
  DimVector batch_shape;
  int64_t B, m, n;
  const double* mat(int64_t b) const { return data.data<double>() + b * m * n; }
};

Batch asBatch(const Tensor& A, const char* op, bool square) {
  JS_CHECK(A.dim() >= 2, op, ": The input tensor A must have at least 2 dimensions.");
  JS_CHECK(isFloatingType(A.dtype()), op, ": Expected a floating point tensor as input. Got ", scalarTypeName(A.dtype()));
  Batch b;
  b.m = A.size(-2);
  b.n = A.size(-1);
  if (square) JS_CHECK(b.m == b.n, op, ": A must be batches of square matrices, but they are ", b.m, " by ", b.n,
                       " matrices");
  b.batch_shape.assign(A.sizes().begin(), A.sizes().end() - 2);
  b.B = 1;
  for (int64_t s : b.batch_shape) b.B *= s;
  b.data = A.to(ScalarType::Double).contiguous().reshape({b.B, b.m, b.n});
  return b;
}

DimVector withMatrix(const DimVector& batch, std::initializer_list<int64_t> tail) {
  DimVector s = batch;
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

std::vector<double> colMajor(const double* rm, int64_t m, int64_t n) {
  std::vector<double> c(static_cast<size_t>(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) c[i + j * m] = rm[i * n + j];
  return c;
}

Tensor finish(std::vector<double>& v, const DimVector& shape, ScalarType dtype) {
  return from_vector(v).reshape(shape).to(dtype);
}

// ---- LU ----

struct LU {
  std::vector<double> a;  // column-major factors
  std::vector<int> piv;
  int info;
};

LU luFactor(const double* rm, int64_t n) {
  LU f{colMajor(rm, n, n), std::vector<int>(static_cast<size_t>(std::max<int64_t>(n, 1))), 0};
  const int N = static_cast<int>(n);
  if (n > 0) dgetrf_(&N, &N, f.a.data(), &N, f.piv.data(), &f.info);
  return f;
}

// (sign, log|det|) from an LU factorization.
std::pair<double, double> luSlogdet(const LU& f, int64_t n) {
  double sign = 1, logabs = 0;
  for (int64_t i = 0; i < n; ++i) {
    const double d = f.a[i + i * n];
    if (f.piv[i] != i + 1) sign = -sign;
    if (d == 0) return {0.0, -std::numeric_limits<double>::infinity()};
    if (d < 0) sign = -sign;
    logabs += std::log(std::abs(d));
  }
  return {sign, logabs};
}

Tensor det(const Tensor& A) {
  Batch b = asBatch(A, "linalg.det", true);
  std::vector<double> out(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i) {
    LU f = luFactor(b.mat(i), b.n);
    double det = 1;
    for (int64_t k = 0; k < b.n; ++k) det *= (f.piv[k] != k + 1 ? -1.0 : 1.0) * f.a[k + k * b.n];
    out[i] = det;
  }
  return finish(out, b.batch_shape, A.dtype());
}

void slogdetInto(const Batch& b, std::vector<double>& sign, std::vector<double>& logabs) {
  sign.resize(static_cast<size_t>(b.B));
  logabs.resize(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i) std::tie(sign[i], logabs[i]) = luSlogdet(luFactor(b.mat(i), b.n), b.n);
}

std::tuple<Tensor, Tensor> slogdet(const Tensor& A) {
  Batch b = asBatch(A, "linalg.slogdet", true);
  std::vector<double> sign, logabs;
  slogdetInto(b, sign, logabs);
  return {finish(sign, b.batch_shape, A.dtype()), finish(logabs, b.batch_shape, A.dtype())};
}

Tensor logdet(const Tensor& A) {
  Batch b = asBatch(A, "logdet", true);
  std::vector<double> sign, logabs;
  slogdetInto(b, sign, logabs);
  // log of a negative determinant is NaN; of a zero one, -inf.
  for (int64_t i = 0; i < b.B; ++i)
    if (sign[i] < 0) logabs[i] = std::numeric_limits<double>::quiet_NaN();
  return finish(logabs, b.batch_shape, A.dtype());
}

// Solves A X = B for each batch entry; B is (n, k) row-major per matrix.
// Returns LAPACK's info (> 0: U(info, info) is exactly zero).
int luSolve(const double* A, int64_t n, std::vector<double>& rhs_cm, int64_t k) {
  LU f = luFactor(A, n);
  if (f.info != 0) return f.info;
  const int N = static_cast<int>(n), K = static_cast<int>(k);
  int info = 0;
  if (n > 0 && k > 0) dgetrs_("N", &N, &K, f.a.data(), &N, f.piv.data(), rhs_cm.data(), &N, &info, 1);
  return info;
}

// inv(A) as the solution of A X = I; `info` gets LAPACK's per-matrix status.
Tensor inverse(const Tensor& A, const char* op, bool check, std::vector<int>* infos = nullptr) {
  Batch b = asBatch(A, op, true);
  const int64_t n = b.n;
  std::vector<double> out(static_cast<size_t>(b.B * n * n));
  for (int64_t i = 0; i < b.B; ++i) {
    std::vector<double> x(static_cast<size_t>(n * n), 0.0);
    for (int64_t k = 0; k < n; ++k) x[k + k * n] = 1;
    const int info = luSolve(b.mat(i), n, x, n);
    if (infos) infos->push_back(info);
    if (check)
      JS_CHECK(info == 0, op, ": The diagonal element ", info, " is zero, the inversion could not be completed because "
               "the input matrix is singular.");
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < n; ++c) out[i * n * n + r * n + c] = x[r + c * n];
  }
  return finish(out, withMatrix(b.batch_shape, {n, n}), A.dtype());
}

// Per-matrix LAPACK statuses as an int32 tensor of A's batch shape.
Tensor infoTensor(const std::vector<int64_t>& infos, const Tensor& A) {
  DimVector bs(A.sizes().begin(), A.sizes().end() - 2);
  return from_vector(infos).reshape(bs).to(ScalarType::Int);
}

std::tuple<Tensor, Tensor> invEx(const Tensor& A, bool check_errors) {
  std::vector<int> infos;
  Tensor inv = inverse(A, "linalg.inv_ex", check_errors, &infos);
  return {std::move(inv), infoTensor(std::vector<int64_t>(infos.begin(), infos.end()), A)};
}

// Solves AX = B (left) or XA = B. With `infos` singular matrices are
// reported there (getrf's status, one per broadcast batch entry, whose shape
// goes to `info_shape`) instead of raising.
Tensor solve(const Tensor& A, const Tensor& B_in, bool left, std::vector<int64_t>* infos,
             DimVector* info_shape = nullptr) {
  JS_CHECK(A.dtype() == B_in.dtype(), "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
           scalarTypeName(A.dtype()), " and B of type ", scalarTypeName(B_in.dtype()), " instead");
  // X A = B  <=>  A^T X^T = B^T.
  if (!left) return solve(A.transpose(-2, -1), B_in.transpose(-2, -1), true, infos, info_shape).transpose(-2, -1);
  JS_CHECK(A.dim() >= 2 && A.size(-1) == A.size(-2), "linalg.solve: A must be batches of square matrices, but got ",
           shapeToString(A.sizes()));
  const int64_t n = A.size(-1);
  // B is a vector when it has one dim fewer than A (or is 1-D) and matches A's last dim.
  const bool vec = B_in.dim() == 1 || (B_in.dim() == A.dim() - 1 && B_in.size(-1) == n);
  Tensor B = vec ? B_in.unsqueeze(-1) : B_in;
  JS_CHECK(B.size(-2) == n, "linalg.solve: Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(A.sizes()), " and ", shapeToString(B_in.sizes()), ")");
  const int64_t k = B.size(-1);
  DimVector abatch(A.sizes().begin(), A.sizes().end() - 2), bbatch(B.sizes().begin(), B.sizes().end() - 2);
  DimVector batch = infer_size(abatch, bbatch);
  if (info_shape) *info_shape = batch;
  Tensor Ae = A.expand(withMatrix(batch, {n, n}));
  Tensor Be = B.expand(withMatrix(batch, {n, k}));
  Batch ab = asBatch(Ae, "linalg.solve", true), bb = asBatch(Be, "linalg.solve", false);
  std::vector<double> out(static_cast<size_t>(ab.B * n * k));
  for (int64_t i = 0; i < ab.B; ++i) {
    std::vector<double> x = colMajor(bb.mat(i), n, k);
    const int info = luSolve(ab.mat(i), n, x, k);
    if (infos) {
      infos->push_back(info);
      // PyTorch leaves the result unspecified for a singular matrix; NaN says so plainly.
      if (info != 0) std::fill(x.begin(), x.end(), std::numeric_limits<double>::quiet_NaN());
    } else {
      JS_CHECK(info == 0, "torch.linalg.solve: The diagonal element ", info, " is zero, the solve could not be "
               "completed because the input matrix is singular.");
    }
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < k; ++c) out[i * n * k + r * k + c] = x[r + c * n];
  }
  Tensor X = finish(out, withMatrix(batch, {n, k}), A.dtype());
  return vec ? X.squeeze(-1) : X;
}

Tensor linalgSolve(const Tensor& A, const Tensor& B, bool left) { return solve(A, B, left, nullptr); }
std::tuple<Tensor, Tensor> solveEx(const Tensor& A, const Tensor& B, bool left, bool check_errors) {
  std::vector<int64_t> infos;
  DimVector info_shape;
  Tensor X = solve(A, B, left, &infos, &info_shape);
  if (check_errors)
    for (int64_t info : infos)
      JS_CHECK(info == 0, "torch.linalg.solve_ex: The solver failed because the input matrix is singular.");
  return {std::move(X), from_vector(infos).reshape(info_shape).to(ScalarType::Int)};
}

// ---- SVD / symmetric eigendecomposition ----

struct SVD {
  std::vector<double> u, s, vt;  // column-major U (m x ucols), S (k), VT (vrows x n)
  int64_t ucols, vrows;
};

SVD svd(const double* rm, int64_t m, int64_t n, bool full, bool uv) {
  const int64_t k = std::min(m, n);
  SVD r;
  r.ucols = uv ? (full ? m : k) : 0;
  r.vrows = uv ? (full ? n : k) : 0;
  r.s.assign(static_cast<size_t>(k), 0.0);
  if (k == 0) {
    // Empty matrices: U and V are identities of the requested sizes.
    r.u.assign(static_cast<size_t>(m * r.ucols), 0.0);
    r.vt.assign(static_cast<size_t>(r.vrows * n), 0.0);
    for (int64_t i = 0; i < std::min(m, r.ucols); ++i) r.u[i + i * m] = 1;
    for (int64_t i = 0; i < std::min(n, r.vrows); ++i) r.vt[i + i * r.vrows] = 1;
    return r;
  }
  std::vector<double> a = colMajor(rm, m, n);
  r.u.assign(static_cast<size_t>(m * std::max<int64_t>(r.ucols, 1)), 0.0);
  r.vt.assign(static_cast<size_t>(std::max<int64_t>(r.vrows, 1) * n), 0.0);
  const char jobz = uv ? (full ? 'A' : 'S') : 'N';
  const int M = static_cast<int>(m), N = static_cast<int>(n), ldu = static_cast<int>(m);
  const int ldvt = static_cast<int>(std::max<int64_t>(r.vrows, 1));
  std::vector<int> iwork(static_cast<size_t>(8 * k));
  int info = 0, lwork = -1;
  double wq = 0;
  dgesdd_(&jobz, &M, &N, a.data(), &M, r.s.data(), r.u.data(), &ldu, r.vt.data(), &ldvt, &wq, &lwork, iwork.data(),
          &info, 1);
  lwork = static_cast<int>(wq);
  std::vector<double> work(static_cast<size_t>(std::max(lwork, 1)));
  dgesdd_(&jobz, &M, &N, a.data(), &M, r.s.data(), r.u.data(), &ldu, r.vt.data(), &ldvt, work.data(), &lwork,
          iwork.data(), &info, 1);
  JS_CHECK(info == 0, "linalg.svd: The algorithm failed to converge because the input matrix is ill-conditioned or "
           "has too many repeated singular values (error code: ", info, ").");
  return r;
}

// Eigenvalues ascending and column-major eigenvectors of a symmetric matrix.
// `lower` picks the triangle read (in row-major terms).
std::pair<std::vector<double>, std::vector<double>> eigh(const double* rm, int64_t n, bool lower = true) {
  std::vector<double> a = colMajor(rm, n, n), w(static_cast<size_t>(n));
  if (n == 0) return {w, a};
  const int N = static_cast<int>(n);
  const char* uplo = lower ? "L" : "U";
  int info = 0, lwork = -1, liwork = -1, iq = 0;
  double wq = 0;
  dsyevd_("V", uplo, &N, a.data(), &N, w.data(), &wq, &lwork, &iq, &liwork, &info, 1, 1);
  lwork = static_cast<int>(wq);
  liwork = iq;
  std::vector<double> work(static_cast<size_t>(std::max(lwork, 1)));
  std::vector<int> iwork(static_cast<size_t>(std::max(liwork, 1)));
  dsyevd_("V", uplo, &N, a.data(), &N, w.data(), work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
  JS_CHECK(info == 0, "linalg.eigh: The algorithm failed to converge (error code: ", info, ").");
  return {w, a};
}

std::tuple<Tensor, Tensor, Tensor> linalgSvd(const Tensor& A, bool full, std::optional<std::string> /*driver*/) {
  Batch b = asBatch(A, "linalg.svd", false);
  const int64_t m = b.m, n = b.n, k = std::min(m, n), uc = full ? m : k, vr = full ? n : k;
  std::vector<double> U(static_cast<size_t>(b.B * m * uc)), S(static_cast<size_t>(b.B * k)),
      Vh(static_cast<size_t>(b.B * vr * n));
  for (int64_t i = 0; i < b.B; ++i) {
    SVD r = svd(b.mat(i), m, n, full, true);
    for (int64_t x = 0; x < m; ++x)
      for (int64_t y = 0; y < uc; ++y) U[i * m * uc + x * uc + y] = r.u[x + y * m];
    std::copy(r.s.begin(), r.s.end(), S.begin() + i * k);
    for (int64_t x = 0; x < vr; ++x)
      for (int64_t y = 0; y < n; ++y) Vh[i * vr * n + x * n + y] = r.vt[x + y * vr];
  }
  const ScalarType dt = A.dtype();
  return {finish(U, withMatrix(b.batch_shape, {m, uc}), dt), finish(S, withMatrix(b.batch_shape, {k}), dt),
          finish(Vh, withMatrix(b.batch_shape, {vr, n}), dt)};
}

// svd returns V (not V^H); `some` picks the reduced form; without compute_uv U and V are zeros.
std::tuple<Tensor, Tensor, Tensor> legacySvd(const Tensor& A, bool some, bool uv) {
  auto [U, S, Vh] = linalgSvd(A, !some, std::nullopt);
  Tensor V = Vh.transpose(-2, -1);
  if (!uv) {
    const int64_t m = A.size(-2), n = A.size(-1);
    DimVector bs(A.sizes().begin(), A.sizes().end() - 2);
    U = zeros(withMatrix(bs, {m, m}), A.dtype());
    V = zeros(withMatrix(bs, {n, n}), A.dtype());
  }
  return {std::move(U), std::move(S), std::move(V)};
}

std::vector<double> singularValues(const Batch& b, bool hermitian) {
  const int64_t k = std::min(b.m, b.n);
  std::vector<double> S(static_cast<size_t>(b.B * k));
  for (int64_t i = 0; i < b.B; ++i) {
    if (hermitian) {
      auto [w, v] = eigh(b.mat(i), b.n);
      for (auto& x : w) x = std::abs(x);
      std::sort(w.begin(), w.end(), std::greater<>());
      std::copy(w.begin(), w.end(), S.begin() + i * k);
    } else {
      SVD r = svd(b.mat(i), b.m, b.n, false, false);
      std::copy(r.s.begin(), r.s.end(), S.begin() + i * k);
    }
  }
  return S;
}

// ---- tolerances for pinv / matrix_rank ----

// Singular values above max(atol, rtol * sigma_max) count. With neither given
// rtol = eps * max(m, n); an atol alone (> 0) sets rtol to 0, as PyTorch does.
std::vector<double> thresholds(const Batch& b, const std::vector<double>& S, ScalarType dtype,
                               std::optional<std::vector<double>> atol, std::optional<std::vector<double>> rtol) {
  const int64_t k = std::min(b.m, b.n);
  const double eps = dtype == ScalarType::Double ? std::numeric_limits<double>::epsilon()
                                                 : static_cast<double>(std::numeric_limits<float>::epsilon());
  std::vector<double> tol(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i) {
    const double at = atol ? (*atol)[i] : 0.0;
    double rt;
    if (rtol) rt = (*rtol)[i];
    else rt = (atol && at > 0) ? 0.0 : eps * static_cast<double>(std::max(b.m, b.n));
    const double smax = k > 0 ? *std::max_element(S.begin() + i * k, S.begin() + (i + 1) * k) : 0.0;
    tol[i] = std::max(at, rt * smax);
  }
  return tol;
}

Tensor pinv(const Tensor& A, bool hermitian, std::optional<std::vector<double>> atol,
            std::optional<std::vector<double>> rtol) {
  Batch b = asBatch(A, "linalg.pinv", false);
  if (hermitian) JS_CHECK(b.m == b.n, "linalg.pinv(hermitian=True): A must be batches of square matrices");
  const int64_t m = b.m, n = b.n, k = std::min(m, n);
  std::vector<double> out(static_cast<size_t>(b.B * n * m), 0.0);
  std::vector<double> S = singularValues(b, hermitian);
  std::vector<double> tol = thresholds(b, S, A.dtype(), std::move(atol), std::move(rtol));
  for (int64_t i = 0; i < b.B; ++i) {
    double* o = out.data() + i * n * m;
    if (hermitian) {
      // A = Q diag(w) Q^T  =>  A+ = Q diag(1/w) Q^T over |w| > tol.
      auto [w, q] = eigh(b.mat(i), n);
      for (int64_t e = 0; e < n; ++e) {
        if (!(std::abs(w[e]) > tol[i])) continue;
        const double inv = 1 / w[e];
        for (int64_t r = 0; r < n; ++r)
          for (int64_t c = 0; c < n; ++c) o[r * n + c] += q[r + e * n] * inv * q[c + e * n];
      }
    } else {
      // A = U S Vh  =>  A+ = V diag(1/S) U^T over S > tol.
      SVD r = svd(b.mat(i), m, n, false, true);
      for (int64_t e = 0; e < k; ++e) {
        if (!(r.s[e] > tol[i])) continue;
        const double inv = 1 / r.s[e];
        for (int64_t x = 0; x < n; ++x)
          for (int64_t y = 0; y < m; ++y) o[x * m + y] += r.vt[e + x * k] * inv * r.u[y + e * m];
      }
    }
  }
  return finish(out, withMatrix(b.batch_shape, {n, m}), A.dtype());
}

Tensor matrixRank(const Tensor& A, bool hermitian, std::optional<std::vector<double>> atol,
                  std::optional<std::vector<double>> rtol) {
  Batch b = asBatch(A, "linalg.matrix_rank", false);
  if (hermitian) JS_CHECK(b.m == b.n, "linalg.matrix_rank(hermitian=True): A must be batches of square matrices");
  const int64_t k = std::min(b.m, b.n);
  std::vector<double> S = singularValues(b, hermitian);
  std::vector<double> tol = thresholds(b, S, A.dtype(), std::move(atol), std::move(rtol));
  std::vector<int64_t> rank(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i)
    rank[i] = std::count_if(S.begin() + i * k, S.begin() + (i + 1) * k, [&](double v) { return v > tol[i]; });
  return from_vector(rank).reshape(b.batch_shape);
}

// Tensor tolerances broadcast against the batch dims of A, so the result's
// batch shape is broadcast(A's batch, tolerance shapes); A is expanded to it.
// A tolerance is a float (the same for every batch entry) or a tensor, each
// optional or not as the overload has it.
struct Broadcast {
  Tensor A;
  DimVector batch;
  int64_t B;
};
void widenBatch(DimVector& /*batch*/, double /*tol*/) {}
void widenBatch(DimVector& batch, const Tensor& tol) { batch = infer_size(batch, tol.sizes()); }
template <typename T>
void widenBatch(DimVector& batch, const std::optional<T>& tol) {
  if (tol) widenBatch(batch, *tol);
}
template <typename... Tols>
Broadcast broadcastTol(const Tensor& A, const Tols&... tols) {
  JS_CHECK(A.dim() >= 2, "linalg: The input tensor A must have at least 2 dimensions.");
  DimVector batch(A.sizes().begin(), A.sizes().end() - 2);
  (widenBatch(batch, tols), ...);
  Broadcast b{A.expand(withMatrix(batch, {A.size(-2), A.size(-1)})), batch, 1};
  for (int64_t v : batch) b.B *= v;
  return b;
}
std::vector<double> filled(int64_t n, double v) { return std::vector<double>(static_cast<size_t>(n), v); }
// Per-batch-entry doubles of a tolerance (broadcast over the batch).
std::vector<double> tolValues(double tol, const Broadcast& b) { return filled(b.B, tol); }
std::vector<double> tolValues(const Tensor& tol, const Broadcast& b) {
  Tensor t = tol.to(ScalarType::Double).expand(b.batch).contiguous();
  return std::vector<double>(t.data<double>(), t.data<double>() + b.B);
}
template <typename T>
std::optional<std::vector<double>> tolValues(const std::optional<T>& tol, const Broadcast& b) {
  if (!tol) return std::nullopt;
  return tolValues(*tol, b);
}
// pinv of an empty matrix is the empty transpose; PyTorch returns it before
// looking at the tolerances.
std::optional<Tensor> emptyPinv(const Tensor& A) {
  if (A.dim() < 2 || A.numel() != 0) return std::nullopt;
  DimVector shape(A.sizes().begin(), A.sizes().end() - 2);
  shape.push_back(A.size(-1));
  shape.push_back(A.size(-2));
  return zeros(shape, A.dtype());
}

// (self, atol, rtol, hermitian) with float? or Tensor? tolerances.
template <typename Tol>
Tensor pinvAtolRtol(const Tensor& self, std::optional<Tol> atol, std::optional<Tol> rtol, bool hermitian) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self, atol, rtol);
  return pinv(b.A, hermitian, tolValues(atol, b), tolValues(rtol, b));
}
// (self, rcond, hermitian): rtol = rcond, atol = 0.
template <typename Tol>
Tensor pinvRcond(const Tensor& self, Tol rcond, bool hermitian) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self, rcond);
  return pinv(b.A, hermitian, filled(b.B, 0.0), tolValues(rcond, b));
}
Tensor pinverse(const Tensor& self, double rcond) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self);
  return pinv(b.A, false, filled(b.B, 0.0), filled(b.B, rcond));
}
template <typename Tol>
Tensor rankAtolRtol(const Tensor& input, std::optional<Tol> atol, std::optional<Tol> rtol, bool hermitian) {
  Broadcast b = broadcastTol(input, atol, rtol);
  return matrixRank(b.A, hermitian, tolValues(atol, b), tolValues(rtol, b));
}
// (self, tol, hermitian): an absolute tolerance, rtol = 0.
template <typename Tol>
Tensor rankTol(const Tensor& input, Tol tol, bool hermitian) {
  Broadcast b = broadcastTol(input, tol);
  return matrixRank(b.A, hermitian, tolValues(tol, b), filled(b.B, 0.0));
}

// ---- symmetric eigendecomposition ----

// eigh in single precision. Eigenvectors are unique only up to sign, and
// the sign LAPACK picks depends on the rounding; float inputs therefore use
// ssyevd, as PyTorch does, so results match it vector for vector.
std::pair<std::vector<double>, std::vector<double>> eighFloat(const double* rm, int64_t n, bool lower) {
  std::vector<float> a(static_cast<size_t>(n * n)), w(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) a[i + j * n] = static_cast<float>(rm[i * n + j]);
  if (n > 0) {
    const int N = static_cast<int>(n);
    const char* uplo = lower ? "L" : "U";
    int info = 0, lwork = -1, liwork = -1, iq = 0;
    float wq = 0;
    ssyevd_("V", uplo, &N, a.data(), &N, w.data(), &wq, &lwork, &iq, &liwork, &info, 1, 1);
    lwork = static_cast<int>(wq);
    liwork = iq;
    std::vector<float> work(static_cast<size_t>(std::max(lwork, 1)));
    std::vector<int> iwork(static_cast<size_t>(std::max(liwork, 1)));
    ssyevd_("V", uplo, &N, a.data(), &N, w.data(), work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
    JS_CHECK(info == 0, "linalg.eigh: The algorithm failed to converge (error code: ", info, ").");
  }
  return {std::vector<double>(w.begin(), w.end()), std::vector<double>(a.begin(), a.end())};
}

// Eigenvalues (*, n) and, when wanted, eigenvectors (*, n, n) as columns.
std::tuple<Tensor, Tensor> eighBatch(const Tensor& A, bool lower, bool vectors, const char* op) {
  Batch b = asBatch(A, op, true);
  const int64_t n = b.n;
  std::vector<double> W(static_cast<size_t>(b.B * n)), V(static_cast<size_t>(vectors ? b.B * n * n : 0));
  for (int64_t i = 0; i < b.B; ++i) {
    auto [w, q] = A.dtype() == ScalarType::Float ? eighFloat(b.mat(i), n, lower) : eigh(b.mat(i), n, lower);
    std::copy(w.begin(), w.end(), W.begin() + i * n);
    if (vectors)
      for (int64_t r = 0; r < n; ++r)
        for (int64_t c = 0; c < n; ++c) V[i * n * n + r * n + c] = q[r + c * n];
  }
  Tensor vals = finish(W, withMatrix(b.batch_shape, {n}), A.dtype());
  Tensor vecs = vectors ? finish(V, withMatrix(b.batch_shape, {n, n}), A.dtype()) : empty({0}, A.dtype());
  return {vals, vecs};
}

std::tuple<Tensor, Tensor> linalgEigh(const Tensor& self, std::string_view uplo) {
  return eighBatch(self, uploLower(uplo), true, "linalg.eigh");
}
Tensor eigvalsh(const Tensor& self, std::string_view uplo) {
  return std::get<0>(eighBatch(self, uploLower(uplo), false, "linalg.eigvalsh"));
}
std::tuple<Tensor, Tensor> symeig(const Tensor& self, bool eigenvectors, bool upper) {
  return eighBatch(self, !upper, eigenvectors, "symeig");
}

// ---- Cholesky and triangular solves ----

// Lower factor L (row-major, other triangle zero) and LAPACK's info.
std::pair<std::vector<double>, int> cholesky(const double* rm, int64_t n) {
  // LAPACK's lower triangle in column-major is our upper triangle in row-major
  // and vice versa, so factor the row-major data as-is with uplo = 'U' to get
  // U^T = L in row-major terms.
  std::vector<double> a(rm, rm + n * n);
  int info = 0;
  const int N = static_cast<int>(n);
  if (n > 0) dpotrf_("U", &N, a.data(), &N, &info, 1);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = r + 1; c < n; ++c) a[r * n + c] = 0;
  return {a, info};
}

std::pair<Tensor, std::vector<int64_t>> choleskyBatch(const Tensor& A, bool upper, bool check, const char* op) {
  Batch b = asBatch(A, op, true);
  const int64_t n = b.n;
  std::vector<double> out(static_cast<size_t>(b.B * n * n));
  std::vector<int64_t> infos;
  for (int64_t i = 0; i < b.B; ++i) {
    auto [l, info] = cholesky(b.mat(i), n);
    JS_CHECK(!check || info == 0, op, ": The factorization could not be completed because the input is not "
             "positive-definite (the leading minor of order ", info, " is not positive-definite).");
    infos.push_back(info);
    std::copy(l.begin(), l.end(), out.begin() + i * n * n);
  }
  Tensor L = finish(out, withMatrix(b.batch_shape, {n, n}), A.dtype());
  return {upper ? L.transpose(-2, -1).contiguous() : L, infos};
}

template <const char* Op>
Tensor cholesky(const Tensor& self, bool upper) {
  return choleskyBatch(self, upper, true, Op).first;
}
constexpr char kLinalgCholesky[] = "linalg.cholesky";
constexpr char kCholesky[] = "cholesky";
std::tuple<Tensor, Tensor> choleskyEx(const Tensor& self, bool upper, bool check_errors) {
  auto [L, infos] = choleskyBatch(self, upper, check_errors, "linalg.cholesky_ex");
  return {std::move(L), infoTensor(infos, self)};
}

// Solves op(T) X = B for triangular T (n x n) and B (n x k), row-major, in place in B.
void triSolve(const double* T, int64_t n, double* B, int64_t k, bool upper, bool trans, bool unit) {
  // op(T) is upper triangular when exactly one of (upper, trans) holds.
  const bool eff_upper = upper != trans;
  auto at = [&](int64_t r, int64_t c) { return trans ? T[c * n + r] : T[r * n + c]; };
  for (int64_t col = 0; col < k; ++col) {
    if (eff_upper) {
      for (int64_t r = n - 1; r >= 0; --r) {
        double v = B[r * k + col];
        for (int64_t c = r + 1; c < n; ++c) v -= at(r, c) * B[c * k + col];
        B[r * k + col] = unit ? v : v / at(r, r);
      }
    } else {
      for (int64_t r = 0; r < n; ++r) {
        double v = B[r * k + col];
        for (int64_t c = 0; c < r; ++c) v -= at(r, c) * B[c * k + col];
        B[r * k + col] = unit ? v : v / at(r, r);
      }
    }
  }
}

// Broadcasts the batch dims of A (n x n) and B (n x k) and solves op(A) X = B per entry.
Tensor triSolveBatch(const Tensor& A, const Tensor& B, bool upper, bool trans, bool unit, const char* op) {
  JS_CHECK(A.dim() >= 2 && B.dim() >= 2, op, ": expected A and B to have at least 2 dimensions, got ",
           shapeToString(A.sizes()), " and ", shapeToString(B.sizes()));
  const int64_t n = A.size(-1), k = B.size(-1);
  JS_CHECK(A.size(-2) == n && B.size(-2) == n, op, ": Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(A.sizes()), " and ", shapeToString(B.sizes()), ")");
  DimVector ab(A.sizes().begin(), A.sizes().end() - 2), bb(B.sizes().begin(), B.sizes().end() - 2);
  DimVector batch = infer_size(ab, bb);
  Batch ba = asBatch(A.expand(withMatrix(batch, {n, n})), op, true);
  Batch bx = asBatch(B.expand(withMatrix(batch, {n, k})), op, false);
  std::vector<double> out(bx.mat(0), bx.mat(0) + bx.B * n * k);
  for (int64_t i = 0; i < ba.B; ++i) triSolve(ba.mat(i), n, out.data() + i * n * k, k, upper, trans, unit);
  return finish(out, withMatrix(batch, {n, k}), promoteTypes(A.dtype(), B.dtype()));
}

std::tuple<Tensor, Tensor> triangularSolve(const Tensor& self, const Tensor& A, bool upper, bool transpose,
                                           bool unitriangular) {
  // (B, A, upper, transpose, unitriangular) -> (X, A.clone())
  Tensor X = triSolveBatch(A, self, upper, transpose, unitriangular, "triangular_solve");
  return {std::move(X), A.clone()};
}
Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unit) {
  // (A, B, upper, left, unitriangular); XA = B  <=>  A^T X^T = B^T.
  if (left) return triSolveBatch(A, B, upper, false, unit, "linalg.solve_triangular");
  Tensor Xt = triSolveBatch(A, B.transpose(-2, -1), upper, true, unit, "linalg.solve_triangular");
  return Xt.transpose(-2, -1).contiguous();
}
Tensor choleskySolve(const Tensor& B, const Tensor& F, bool upper) {
  // (B, L, upper): A = L L^T (or U^T U); solve L Y = B then L^T X = Y.
  Tensor Y = triSolveBatch(F, B, upper, upper, false, "cholesky_solve");
  return triSolveBatch(F, Y, upper, !upper, false, "cholesky_solve");
}
Tensor choleskyInverse(const Tensor& F, bool upper) {
  // (F, upper): inverse of F F^T (lower) or F^T F (upper), via LAPACK potri.
  Batch b = asBatch(F, "cholesky_inverse", true);
  const int64_t n = b.n;
  std::vector<double> out(static_cast<size_t>(b.B * n * n));
  const int N = static_cast<int>(n);
  for (int64_t i = 0; i < b.B; ++i) {
    // Row-major lower == column-major upper, hence the swapped uplo.
    std::vector<double> f(b.mat(i), b.mat(i) + n * n);
    int info = 0;
    if (n > 0) dpotri_(upper ? "L" : "U", &N, f.data(), &N, &info, 1);
    JS_CHECK(info == 0, "cholesky_inverse: The diagonal element ", info, " is zero, the inversion could not be "
             "completed because the input matrix is singular.");
    double* o = out.data() + i * n * n;
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < n; ++c) {
        // The computed triangle is the row-major `upper`-side one; mirror it.
        const bool in_tri = upper ? c >= r : c <= r;
        o[r * n + c] = in_tri ? f[r * n + c] : f[c * n + r];
      }
  }
  return finish(out, withMatrix(b.batch_shape, {n, n}), F.dtype());
}

// ---- LU factor / unpack / solve ----

// Row permutation encoded by LAPACK pivots (1-based, k swaps over m rows):
// (P^T A)[i] = A[perm[i]].
std::vector<int64_t> pivotsToPerm(const int32_t* piv, int64_t k, int64_t m) {
  std::vector<int64_t> perm(static_cast<size_t>(m));
  for (int64_t i = 0; i < m; ++i) perm[i] = i;
  for (int64_t i = 0; i < k; ++i) {
    const int64_t j = piv[i] - 1;
    JS_CHECK(j >= 0 && j < m, "lu_unpack: pivots must be between 1 and ", m, ", got ", piv[i]);
    std::swap(perm[i], perm[j]);
  }
  return perm;
}

struct LUResult {
  Tensor LU, pivots, info;
};

LUResult luFactorBatch(const Tensor& A, bool pivot, bool check, const char* op) {
  JS_CHECK(pivot, op, ": LU without pivoting is not implemented on the CPU");
  Batch b = asBatch(A, op, false);
  const int64_t m = b.m, n = b.n, k = std::min(m, n);
  std::vector<double> lu(static_cast<size_t>(b.B * m * n));
  std::vector<int32_t> piv(static_cast<size_t>(b.B * k));
  std::vector<int32_t> infos(static_cast<size_t>(b.B));
  const int M = static_cast<int>(m), N = static_cast<int>(n);
  for (int64_t i = 0; i < b.B; ++i) {
    std::vector<double> a = colMajor(b.mat(i), m, n);
    std::vector<int> p(static_cast<size_t>(std::max<int64_t>(k, 1)));
    int info = 0;
    if (m > 0 && n > 0) dgetrf_(&M, &N, a.data(), &M, p.data(), &info);
    JS_CHECK(!check || info == 0, op, ": U[", info, ",", info, "] is zero, singular U.");
    infos[i] = info;
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c) lu[i * m * n + r * n + c] = a[r + c * m];
    for (int64_t j = 0; j < k; ++j) piv[i * k + j] = p[j];
  }
  return {finish(lu, withMatrix(b.batch_shape, {m, n}), A.dtype()),
          from_vector(piv).reshape(withMatrix(b.batch_shape, {k})),
          from_vector(infos).reshape(b.batch_shape)};
}

std::tuple<Tensor, Tensor> linalgLuFactor(const Tensor& A, bool pivot) {
  LUResult r = luFactorBatch(A, pivot, false, "linalg.lu_factor");
  return {std::move(r.LU), std::move(r.pivots)};
}
std::tuple<Tensor, Tensor, Tensor> luFactorEx(const Tensor& A, bool pivot, bool check_errors) {
  LUResult r = luFactorBatch(A, pivot, check_errors, "linalg.lu_factor_ex");
  return {std::move(r.LU), std::move(r.pivots), std::move(r.info)};
}

// (P, L, U) from packed LU data and pivots; skipped parts are empty tensors.
std::tuple<Tensor, Tensor, Tensor> luUnpack(const Tensor& LU, const Tensor& pivots, bool data, bool perm) {
  Batch b = asBatch(LU, "lu_unpack", false);
  const int64_t m = b.m, n = b.n, k = std::min(m, n);
  JS_CHECK(pivots.dim() >= 1 && pivots.size(-1) == k, "lu_unpack: expected pivots with last dim ", k, ", got ",
           shapeToString(pivots.sizes()));
  const ScalarType dt = LU.dtype();
  Tensor P = empty({0}, dt), L = empty({0}, dt), U = empty({0}, dt);
  if (data) {
    std::vector<double> l(static_cast<size_t>(b.B * m * k), 0.0), u(static_cast<size_t>(b.B * k * n), 0.0);
    for (int64_t i = 0; i < b.B; ++i) {
      const double* x = b.mat(i);
      for (int64_t r = 0; r < m; ++r)
        for (int64_t c = 0; c < k; ++c) l[i * m * k + r * k + c] = r == c ? 1.0 : (r > c ? x[r * n + c] : 0.0);
      for (int64_t r = 0; r < k; ++r)
        for (int64_t c = r; c < n; ++c) u[i * k * n + r * n + c] = x[r * n + c];
    }
    L = finish(l, withMatrix(b.batch_shape, {m, k}), dt);
    U = finish(u, withMatrix(b.batch_shape, {k, n}), dt);
  }
  if (perm) {
    Tensor pv = pivots.to(ScalarType::Int).contiguous().reshape({b.B, k});
    std::vector<double> pm(static_cast<size_t>(b.B * m * m), 0.0);
    for (int64_t i = 0; i < b.B; ++i) {
      std::vector<int64_t> order = pivotsToPerm(pv.data<int32_t>() + i * k, k, m);
      for (int64_t r = 0; r < m; ++r) pm[i * m * m + order[r] * m + r] = 1.0;
    }
    P = finish(pm, withMatrix(b.batch_shape, {m, m}), dt);
  }
  return {P, L, U};
}

std::tuple<Tensor, Tensor, Tensor> linalgLu(const Tensor& A, bool pivot) {
  LUResult r = luFactorBatch(A, pivot, false, "linalg.lu");
  return luUnpack(r.LU, r.pivots, true, true);
}

// Solves A X = B (adjoint: A^T X = B) from A's LU factors, broadcasting batches.
Tensor luSolveBatch(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool adjoint, const char* op) {
  JS_CHECK(LU.dim() >= 2 && LU.size(-1) == LU.size(-2), op, ": LU must be batches of square matrices, got ",
           shapeToString(LU.sizes()));
  JS_CHECK(B.dim() >= 2 && B.size(-2) == LU.size(-1), op, ": Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(LU.sizes()), " and ", shapeToString(B.sizes()), ")");
  const int64_t n = LU.size(-1), k = B.size(-1);
  DimVector lb(LU.sizes().begin(), LU.sizes().end() - 2), bb(B.sizes().begin(), B.sizes().end() - 2);
  DimVector batch = infer_size(lb, bb);
  Batch bl = asBatch(LU.expand(withMatrix(batch, {n, n})), op, true);
  Batch bx = asBatch(B.expand(withMatrix(batch, {n, k})), op, false);
  Tensor pv = pivots.to(ScalarType::Int).expand(withMatrix(batch, {n})).contiguous();
  std::vector<double> out(static_cast<size_t>(bx.B * n * k));
  for (int64_t i = 0; i < bl.B; ++i) {
    std::vector<int64_t> perm = pivotsToPerm(pv.data<int32_t>() + i * n, n, n);
    const double* lu = bl.mat(i);
    const double* b = bx.mat(i);
    double* x = out.data() + i * n * k;
    if (!adjoint) {
      // A = P L U: L U X = P^T B.
      for (int64_t r = 0; r < n; ++r) std::copy(b + perm[r] * k, b + perm[r] * k + k, x + r * k);
      triSolve(lu, n, x, k, false, false, true);
      triSolve(lu, n, x, k, true, false, false);
    } else {
      // A^T = U^T L^T P^T: solve U^T, then L^T, then apply P.
      std::vector<double> y(b, b + n * k);
      triSolve(lu, n, y.data(), k, true, true, false);
      triSolve(lu, n, y.data(), k, false, true, true);
      for (int64_t r = 0; r < n; ++r) std::copy(y.begin() + r * k, y.begin() + r * k + k, x + perm[r] * k);
    }
  }
  return finish(out, withMatrix(batch, {n, k}), promoteTypes(LU.dtype(), B.dtype()));
}

Tensor legacyLuSolve(const Tensor& B, const Tensor& LU, const Tensor& pivots) {
  // (B, LU_data, LU_pivots)
  return luSolveBatch(LU, pivots, B, false, "lu_solve");
}
Tensor linalgLuSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  // (LU, pivots, B, left, adjoint); X A = B  <=>  A^T X^T = B^T.
  if (left) return luSolveBatch(LU, pivots, B, adjoint, "linalg.lu_solve");
  Tensor Xt = luSolveBatch(LU, pivots, B.transpose(-2, -1), !adjoint, "linalg.lu_solve");
  return Xt.transpose(-2, -1).contiguous();
}

// ---- QR ----

// Householder QR via geqrf/orgqr. mode: "reduced" (Q m x k, R k x n),
// "complete" (Q m x m, R m x n) or "r" (R only, Q empty).
std::tuple<Tensor, Tensor> qr(const Tensor& A, std::string_view mode) {
  JS_CHECK(mode == "reduced" || mode == "complete" || mode == "r", "qr received unrecognized mode '", mode,
           "' but expected one of 'reduced' (default), 'r', or 'complete'");
  Batch b = asBatch(A, "linalg.qr", false);
  const int64_t m = b.m, n = b.n, k = std::min(m, n);
  const bool complete = mode == "complete", want_q = mode != "r";
  const int64_t qc = complete ? m : k, rr = complete ? m : k;
  std::vector<double> Q(static_cast<size_t>(want_q ? b.B * m * qc : 0)), R(static_cast<size_t>(b.B * rr * n), 0.0);
  const int M = static_cast<int>(m), N = static_cast<int>(n), K = static_cast<int>(k);
  for (int64_t i = 0; i < b.B; ++i) {
    // Column-major m x max(n, qc) so orgqr can expand Q in place for 'complete'.
    const int64_t cols = std::max(n, qc);
    std::vector<double> a(static_cast<size_t>(m * cols), 0.0), tau(static_cast<size_t>(std::max<int64_t>(k, 1)));
    const double* src = b.mat(i);
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c) a[r + c * m] = src[r * n + c];
    int info = 0, lwork = -1;
    double wq = 0;
    if (m > 0 && n > 0) {
      dgeqrf_(&M, &N, a.data(), &M, tau.data(), &wq, &lwork, &info);
      lwork = std::max(1, static_cast<int>(wq));
      std::vector<double> work(static_cast<size_t>(lwork));
      dgeqrf_(&M, &N, a.data(), &M, tau.data(), work.data(), &lwork, &info);
    }
    for (int64_t r = 0; r < rr; ++r)
      for (int64_t c = r; c < n; ++c) R[i * rr * n + r * n + c] = a[r + c * m];
    if (!want_q) continue;
    const int QC = static_cast<int>(qc);
    if (m > 0 && qc > 0) {
      lwork = -1;
      dorgqr_(&M, &QC, &K, a.data(), &M, tau.data(), &wq, &lwork, &info);
      lwork = std::max(1, static_cast<int>(wq));
      std::vector<double> work(static_cast<size_t>(lwork));
      dorgqr_(&M, &QC, &K, a.data(), &M, tau.data(), work.data(), &lwork, &info);
    }
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < qc; ++c) Q[i * m * qc + r * qc + c] = a[r + c * m];
  }
  Tensor Qt = want_q ? finish(Q, withMatrix(b.batch_shape, {m, qc}), A.dtype()) : empty({0}, A.dtype());
  return {Qt, finish(R, withMatrix(b.batch_shape, {rr, n}), A.dtype())};
}

// LAPACK's raw Householder form: R above the diagonal, reflectors below, and tau.
std::tuple<Tensor, Tensor> geqrf(const Tensor& self) {
  Batch b = asBatch(self, "geqrf", false);
  const int64_t m = b.m, n = b.n, k = std::min(m, n);
  std::vector<double> out(static_cast<size_t>(b.B * m * n)), taus(static_cast<size_t>(b.B * k));
  const int M = static_cast<int>(m), N = static_cast<int>(n);
  for (int64_t i = 0; i < b.B; ++i) {
    std::vector<double> x = colMajor(b.mat(i), m, n), tau(static_cast<size_t>(std::max<int64_t>(k, 1)));
    if (m > 0 && n > 0) {
      int info = 0, lwork = -1;
      double wq = 0;
      dgeqrf_(&M, &N, x.data(), &M, tau.data(), &wq, &lwork, &info);
      lwork = std::max(1, static_cast<int>(wq));
      std::vector<double> work(static_cast<size_t>(lwork));
      dgeqrf_(&M, &N, x.data(), &M, tau.data(), work.data(), &lwork, &info);
    }
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c) out[i * m * n + r * n + c] = x[r + c * m];
    std::copy(tau.begin(), tau.begin() + k, taus.begin() + i * k);
  }
  const ScalarType dt = self.dtype();
  return {finish(out, withMatrix(b.batch_shape, {m, n}), dt), finish(taus, withMatrix(b.batch_shape, {k}), dt)};
}

std::tuple<Tensor, Tensor> legacyQr(const Tensor& self, bool some) { return qr(self, some ? "reduced" : "complete"); }

// ---- condition number ----

// Matrix norm of a row-major n x n matrix for the orders cond accepts besides +-2.
double matrixNorm(const double* x, int64_t n, std::string_view ord) {
  if (ord == "fro") {
    double ss = 0;
    for (int64_t i = 0; i < n * n; ++i) ss += x[i] * x[i];
    return std::sqrt(ss);
  }
  if (ord == "nuc") {
    SVD r = svd(x, n, n, false, false);
    double t = 0;
    for (double v : r.s) t += v;
    return t;
  }
  // 1 / -1: max / min column abs sum; inf / -inf: max / min row abs sum.
  const bool rows = ord == "inf" || ord == "-inf", want_max = ord == "1" || ord == "inf";
  double best = want_max ? 0 : std::numeric_limits<double>::infinity();
  for (int64_t i = 0; i < n; ++i) {
    double t = 0;
    for (int64_t j = 0; j < n; ++j) t += std::abs(rows ? x[i * n + j] : x[j * n + i]);
    best = want_max ? std::max(best, t) : std::min(best, t);
  }
  return best;
}

Tensor cond(const Tensor& A, std::string_view ord) {
  Batch b = asBatch(A, "linalg.cond", !(ord == "2" || ord == "-2"));
  std::vector<double> out(static_cast<size_t>(b.B));
  const int64_t k = std::min(b.m, b.n);
  if (ord == "2" || ord == "-2") {
    std::vector<double> S = singularValues(b, false);
    for (int64_t i = 0; i < b.B; ++i) {
      const double smax = S[i * k], smin = S[i * k + k - 1];
      out[i] = ord == "2" ? smax / smin : smin / smax;
    }
  } else {
    Tensor inv = inverse(A, "linalg.cond", false);
    Batch bi = asBatch(inv, "linalg.cond", true);
    for (int64_t i = 0; i < b.B; ++i) out[i] = matrixNorm(b.mat(i), b.n, ord) * matrixNorm(bi.mat(i), b.n, ord);
  }
  return finish(out, b.batch_shape, A.dtype());
}

std::string condOrder(const Scalar& p) {
  const double v = p.toDouble();
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  JS_CHECK(v == 1 || v == -1 || v == 2 || v == -2, "linalg.cond got an invalid norm type: ", v);
  return std::to_string(static_cast<int>(v));
}

Tensor condScalar(const Tensor& self, std::optional<Scalar> p) { return cond(self, p ? condOrder(*p) : "2"); }
Tensor condStr(const Tensor& self, std::string_view p) {
  JS_CHECK(p == "fro" || p == "nuc", "linalg.cond got an invalid norm type: ", p);
  return cond(self, p);
}

}  // namespace

Tensor svdvals(const Tensor& A) {
  Batch b = asBatch(A, "linalg.svdvals", false);
  std::vector<double> S = singularValues(b, false);
  return finish(S, withMatrix(b.batch_shape, {std::min(b.m, b.n)}), A.dtype());
}

Tensor linalg_inv(const Tensor& A) { return inverse(A, "linalg.inv", true); }

const OpTable kLinalgDecompOps = {
    op<det>("aten::linalg_det(Tensor A) -> Tensor", "Determinant via LU."),
    op<det>("aten::det(Tensor self) -> Tensor", "Alias of linalg_det."),
    op<slogdet>("aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)",
                "Sign and log|det| via LU ((0, -inf) when singular)."),
    op<slogdet>("aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)", "Alias of linalg_slogdet."),
    op<logdet>("aten::logdet(Tensor self) -> Tensor", "log(det(A)): NaN for a negative determinant."),
    op<linalg_inv>("aten::linalg_inv(Tensor A) -> Tensor", "Matrix inverse via LU; errors on singular input."),
    op<linalg_inv>("aten::inverse(Tensor self) -> Tensor", "Alias of linalg_inv."),
    op<invEx>("aten::linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)",
              "Inverse plus LAPACK's per-matrix status (0 = success)."),
    op<linalgSolve>("aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor",
                    "Solves AX = B (or XA = B when left=False) via LU, broadcasting batches."),
    op<solveEx>("aten::linalg_solve_ex(Tensor A, Tensor B, *, bool left=True, bool check_errors=False) -> (Tensor "
                "result, Tensor info)",
                "linalg_solve plus getrf's per-matrix status instead of an error."),
    op<linalgSvd>("aten::linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, Tensor S, "
                  "Tensor Vh)",
                  "Singular value decomposition A = U diag(S) Vh (LAPACK gesdd)."),
    op<legacySvd>("aten::svd(Tensor self, bool some=True, bool compute_uv=True) -> (Tensor U, Tensor S, Tensor V)",
                  "Legacy SVD returning V rather than Vh."),
    op<[](const Tensor& A, std::optional<std::string> /*driver*/) { return svdvals(A); }>(
        "aten::linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor", "Singular values, descending."),
    op<pinvAtolRtol<Tensor>>("aten::linalg_pinv.atol_rtol_tensor(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, "
                             "bool hermitian=False) -> Tensor",
                             "Moore-Penrose pseudo-inverse with tensor tolerances."),
    op<pinvAtolRtol<double>>("aten::linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, "
                             "bool hermitian=False) -> Tensor",
                             "Moore-Penrose pseudo-inverse with float tolerances."),
    op<pinvRcond<double>>("aten::linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor",
                          "Pseudo-inverse dropping singular values below rcond * max."),
    op<pinvRcond<const Tensor&>>("aten::linalg_pinv.rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False) -> "
                                 "Tensor",
                                 "Pseudo-inverse with a per-batch rcond tensor."),
    op<pinverse>("aten::pinverse(Tensor self, float rcond=1.0000000000000001e-15) -> Tensor",
                 "Legacy pseudo-inverse (rcond relative tolerance)."),
    op<rankAtolRtol<Tensor>>("aten::linalg_matrix_rank.atol_rtol_tensor(Tensor input, *, Tensor? atol=None, Tensor? "
                             "rtol=None, bool hermitian=False) -> Tensor",
                             "Number of singular values above max(atol, rtol * max)."),
    op<rankAtolRtol<double>>("aten::linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? "
                             "rtol=None, bool hermitian=False) -> Tensor",
                             "matrix_rank with float tolerances."),
    op<rankTol<double>>("aten::linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor",
                        "matrix_rank with an absolute tolerance."),
    op<rankTol<const Tensor&>>("aten::linalg_matrix_rank.tol_tensor(Tensor input, Tensor tol, bool hermitian=False) -> "
                               "Tensor",
                               "matrix_rank with a per-batch absolute tolerance."),
    op<linalgEigh>("aten::linalg_eigh(Tensor self, str UPLO=\"L\") -> (Tensor eigenvalues, Tensor eigenvectors)",
                   "Symmetric eigendecomposition (ascending eigenvalues, eigenvectors as columns)."),
    op<eigvalsh>("aten::linalg_eigvalsh(Tensor self, str UPLO=\"L\") -> Tensor",
                 "Eigenvalues of a symmetric matrix, ascending."),
    op<symeig>("aten::symeig(Tensor self, bool eigenvectors=False, bool upper=True) -> (Tensor eigenvalues, Tensor "
               "eigenvectors)",
               "Legacy symmetric eigendecomposition (eigenvectors empty unless requested)."),
    op<cholesky<kLinalgCholesky>>("aten::linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor",
                                  "Cholesky factor L (or U = L^T) of a positive-definite matrix."),
    op<cholesky<kCholesky>>("aten::cholesky(Tensor self, bool upper=False) -> Tensor",
                            "Legacy Cholesky factorization."),
    op<choleskyEx>("aten::linalg_cholesky_ex(Tensor self, *, bool upper=False, bool check_errors=False) -> (Tensor L, "
                   "Tensor info)",
                   "Cholesky plus LAPACK's status (k > 0: minor k not positive-definite)."),
    op<choleskySolve>("aten::cholesky_solve(Tensor self, Tensor input2, bool upper=False) -> Tensor",
                      "Solves A X = B given A's Cholesky factor."),
    op<choleskyInverse>("aten::cholesky_inverse(Tensor self, bool upper=False) -> Tensor",
                        "Inverse of A given its Cholesky factor."),
    op<triangularSolve>("aten::triangular_solve(Tensor self, Tensor A, bool upper=True, bool transpose=False, bool "
                        "unitriangular=False) -> (Tensor solution, Tensor cloned_coefficient)",
                        "Solves op(A) X = B for triangular A."),
    op<solveTriangular>("aten::linalg_solve_triangular(Tensor self, Tensor B, *, bool upper, bool left=True, bool "
                        "unitriangular=False) -> Tensor",
                        "Solves AX = B (or XA = B) for triangular A."),
    op<linalgLuFactor>("aten::linalg_lu_factor(Tensor A, *, bool pivot=True) -> (Tensor LU, Tensor pivots)",
                       "Packed LU factors and 1-based int32 row pivots (LAPACK getrf)."),
    op<luFactorEx>("aten::linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False) -> (Tensor LU, "
                   "Tensor pivots, Tensor info)",
                   "linalg_lu_factor plus getrf's status (k > 0: U[k, k] is zero)."),
    op<luFactorEx>("aten::_lu_with_info(Tensor self, bool pivot=True, bool check_errors=True) -> (Tensor LU, Tensor "
                   "pivots, Tensor info)",
                   "torch.lu's entry: linalg_lu_factor_ex."),
    op<linalgLu>("aten::linalg_lu(Tensor A, *, bool pivot=True) -> (Tensor P, Tensor L, Tensor U)",
                 "A = P L U with unit lower L."),
    op<luUnpack>("aten::lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, bool unpack_pivots=True) -> "
                 "(Tensor P, Tensor L, Tensor U)",
                 "Expands packed LU factors and pivots into P, L and U."),
    op<legacyLuSolve>("aten::lu_solve(Tensor self, Tensor LU_data, Tensor LU_pivots) -> Tensor",
                      "Solves A X = B from A's LU factors."),
    op<linalgLuSolve>("aten::linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, bool "
                      "adjoint=False) -> Tensor",
                      "Solves AX = B, A^T X = B or the right-sided forms from LU factors."),
    op<qr>("aten::linalg_qr(Tensor A, str mode=\"reduced\") -> (Tensor Q, Tensor R)",
           "Householder QR ('reduced', 'complete' or 'r')."),
    op<geqrf>("aten::geqrf(Tensor self) -> (Tensor a, Tensor tau)",
              "LAPACK geqrf: packed Householder reflectors and R, plus tau."),
    op<legacyQr>("aten::qr(Tensor self, bool some=True) -> (Tensor Q, Tensor R)", "Legacy QR (some = reduced)."),
    op<condScalar>("aten::linalg_cond(Tensor self, Scalar? p=None) -> Tensor",
                   "Condition number (default 2-norm: sigma_max / sigma_min)."),
    op<condStr>("aten::linalg_cond.p_str(Tensor self, str p) -> Tensor",
                "Condition number in the Frobenius or nuclear norm."),
};

}  // namespace jitserve::ops
