// LAPACK-backed linear algebra. Each matrix of the batch is copied into a
// column-major double buffer (LAPACK's layout), factorized, and the results
// are written back row-major. Singular inputs follow PyTorch: det is 0,
// slogdet gives (0, -inf), inv/solve raise an error naming the pivot.
#include "runtime/ops/linalg_decomp_ops.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"

// LAPACK's Fortran entry points (LP64 integers, as libopenblas is built).
// The trailing size_t arguments are gfortran's hidden character lengths.
extern "C" {
void dgetrf_(const int* m, const int* n, double* a, const int* lda, int* ipiv, int* info);
void dgetrs_(const char* trans, const int* n, const int* nrhs, const double* a, const int* lda, const int* ipiv,
             double* b, const int* ldb, int* info, size_t);
void dgesdd_(const char* jobz, const int* m, const int* n, double* a, const int* lda, double* s, double* u,
             const int* ldu, double* vt, const int* ldvt, double* work, const int* lwork, int* iwork, int* info,
             size_t);
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

void k_det(Stack& s) {
  Args a(s, 1);
  Batch b = asBatch(a.tensor(0), "linalg.det", true);
  std::vector<double> out(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i) {
    LU f = luFactor(b.mat(i), b.n);
    double det = 1;
    for (int64_t k = 0; k < b.n; ++k) det *= (f.piv[k] != k + 1 ? -1.0 : 1.0) * f.a[k + k * b.n];
    out[i] = det;
  }
  a.ret(finish(out, b.batch_shape, a.tensor(0).dtype()));
}

void slogdetInto(const Batch& b, std::vector<double>& sign, std::vector<double>& logabs) {
  sign.resize(static_cast<size_t>(b.B));
  logabs.resize(static_cast<size_t>(b.B));
  for (int64_t i = 0; i < b.B; ++i) std::tie(sign[i], logabs[i]) = luSlogdet(luFactor(b.mat(i), b.n), b.n);
}

void k_slogdet(Stack& s) {
  Args a(s, 1);
  Batch b = asBatch(a.tensor(0), "linalg.slogdet", true);
  std::vector<double> sign, logabs;
  slogdetInto(b, sign, logabs);
  const ScalarType dt = a.tensor(0).dtype();
  a.ret(finish(sign, b.batch_shape, dt), finish(logabs, b.batch_shape, dt));
}

void k_logdet(Stack& s) {
  Args a(s, 1);
  Batch b = asBatch(a.tensor(0), "logdet", true);
  std::vector<double> sign, logabs;
  slogdetInto(b, sign, logabs);
  // log of a negative determinant is NaN; of a zero one, -inf.
  for (int64_t i = 0; i < b.B; ++i)
    if (sign[i] < 0) logabs[i] = std::numeric_limits<double>::quiet_NaN();
  a.ret(finish(logabs, b.batch_shape, a.tensor(0).dtype()));
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

void k_inv(Stack& s) {
  Args a(s, 1);
  a.ret(inverse(a.tensor(0), "linalg.inv", true));
}
void k_inv_ex(Stack& s) {
  Args a(s, 2);
  std::vector<int> infos;
  Tensor inv = inverse(a.tensor(0), "linalg.inv_ex", a.toBool(1), &infos);
  std::vector<int64_t> info(infos.begin(), infos.end());
  DimVector bs(a.tensor(0).sizes().begin(), a.tensor(0).sizes().end() - 2);
  a.ret(std::move(inv), from_vector(info).reshape(bs).to(ScalarType::Int));
}

void k_solve(Stack& s) {
  Args a(s, 3);
  const Tensor &A = a.tensor(0), &B_in = a.tensor(1);
  const bool left = a.toBool(2);
  JS_CHECK(A.dtype() == B_in.dtype(), "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
           scalarTypeName(A.dtype()), " and B of type ", scalarTypeName(B_in.dtype()), " instead");
  // X A = B  <=>  A^T X^T = B^T.
  if (!left) {
    Stack sub{A.transpose(-2, -1), B_in.transpose(-2, -1), true};
    k_solve(sub);
    a.ret(sub[0].toTensor().transpose(-2, -1));
    return;
  }
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
  Tensor Ae = A.expand(withMatrix(batch, {n, n}));
  Tensor Be = B.expand(withMatrix(batch, {n, k}));
  Batch ab = asBatch(Ae, "linalg.solve", true), bb = asBatch(Be, "linalg.solve", false);
  std::vector<double> out(static_cast<size_t>(ab.B * n * k));
  for (int64_t i = 0; i < ab.B; ++i) {
    std::vector<double> x = colMajor(bb.mat(i), n, k);
    const int info = luSolve(ab.mat(i), n, x, k);
    JS_CHECK(info == 0, "torch.linalg.solve: The diagonal element ", info, " is zero, the solve could not be completed "
             "because the input matrix is singular.");
    for (int64_t r = 0; r < n; ++r)
      for (int64_t c = 0; c < k; ++c) out[i * n * k + r * k + c] = x[r + c * n];
  }
  Tensor X = finish(out, withMatrix(batch, {n, k}), A.dtype());
  a.ret(vec ? X.squeeze(-1) : X);
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

// Eigenvalues ascending and column-major eigenvectors of a symmetric matrix (lower triangle used).
std::pair<std::vector<double>, std::vector<double>> eigh(const double* rm, int64_t n) {
  std::vector<double> a = colMajor(rm, n, n), w(static_cast<size_t>(n));
  if (n == 0) return {w, a};
  const int N = static_cast<int>(n);
  int info = 0, lwork = -1, liwork = -1, iq = 0;
  double wq = 0;
  dsyevd_("V", "L", &N, a.data(), &N, w.data(), &wq, &lwork, &iq, &liwork, &info, 1, 1);
  lwork = static_cast<int>(wq);
  liwork = iq;
  std::vector<double> work(static_cast<size_t>(std::max(lwork, 1)));
  std::vector<int> iwork(static_cast<size_t>(std::max(liwork, 1)));
  dsyevd_("V", "L", &N, a.data(), &N, w.data(), work.data(), &lwork, iwork.data(), &liwork, &info, 1, 1);
  JS_CHECK(info == 0, "linalg.eigh: The algorithm failed to converge (error code: ", info, ").");
  return {w, a};
}

void k_linalg_svd(Stack& s) {
  Args a(s, 3);
  Batch b = asBatch(a.tensor(0), "linalg.svd", false);
  const bool full = a.toBool(1);
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
  const ScalarType dt = a.tensor(0).dtype();
  a.ret(finish(U, withMatrix(b.batch_shape, {m, uc}), dt), finish(S, withMatrix(b.batch_shape, {k}), dt),
        finish(Vh, withMatrix(b.batch_shape, {vr, n}), dt));
}

void k_svd(Stack& s) {
  // svd returns V (not V^H); `some` picks the reduced form; without compute_uv U and V are zeros.
  Args a(s, 3);
  const Tensor A = a.tensor(0);
  const bool some = a.toBool(1), uv = a.toBool(2);
  Stack sub{A, !some, IValue()};
  k_linalg_svd(sub);
  Tensor U = sub[0].toTensor(), S = sub[1].toTensor(), V = sub[2].toTensor().transpose(-2, -1);
  if (!uv) {
    const int64_t m = A.size(-2), n = A.size(-1);
    DimVector bs(A.sizes().begin(), A.sizes().end() - 2);
    U = zeros(withMatrix(bs, {m, m}), A.dtype());
    V = zeros(withMatrix(bs, {n, n}), A.dtype());
  }
  a.ret(std::move(U), std::move(S), std::move(V));
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

void k_svdvals(Stack& s) {
  Args a(s, 2);
  Batch b = asBatch(a.tensor(0), "linalg.svdvals", false);
  std::vector<double> S = singularValues(b, false);
  a.ret(finish(S, withMatrix(b.batch_shape, {std::min(b.m, b.n)}), a.tensor(0).dtype()));
}

// ---- tolerances for pinv / matrix_rank ----

// Per-batch-entry doubles from an optional float or tensor argument (broadcast over the batch).
std::optional<std::vector<double>> tolArg(const Args& a, size_t i, const DimVector& batch, int64_t B) {
  if (a.isNone(i)) return std::nullopt;
  if (!a.at(i).isTensor()) return std::vector<double>(static_cast<size_t>(B), a.toDouble(i));
  Tensor t = a.tensor(i).to(ScalarType::Double).expand(batch).contiguous();
  return std::vector<double>(t.data<double>(), t.data<double>() + B);
}

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

DimVector batchOf(const Tensor& A) { return DimVector(A.sizes().begin(), A.sizes().end() - std::min<int64_t>(2, A.dim())); }
int64_t batchCount(const DimVector& bs) {
  int64_t B = 1;
  for (int64_t v : bs) B *= v;
  return B;
}

// (self, atol, rtol, hermitian) with float? or Tensor? tolerances.
void k_pinv_atol_rtol(Stack& s) {
  Args a(s, 4);
  const DimVector bs = batchOf(a.tensor(0));
  a.ret(pinv(a.tensor(0), a.toBool(3), tolArg(a, 1, bs, batchCount(bs)), tolArg(a, 2, bs, batchCount(bs))));
}
// (self, rcond, hermitian): rtol = rcond, atol = 0.
void k_pinv_rcond(Stack& s) {
  Args a(s, 3);
  const DimVector bs = batchOf(a.tensor(0));
  a.ret(pinv(a.tensor(0), a.toBool(2), std::vector<double>(static_cast<size_t>(batchCount(bs)), 0.0),
             tolArg(a, 1, bs, batchCount(bs))));
}
void k_pinverse(Stack& s) {
  Args a(s, 2);
  const DimVector bs = batchOf(a.tensor(0));
  a.ret(pinv(a.tensor(0), false, std::vector<double>(static_cast<size_t>(batchCount(bs)), 0.0),
             std::vector<double>(static_cast<size_t>(batchCount(bs)), a.toDouble(1))));
}
void k_rank_atol_rtol(Stack& s) {
  Args a(s, 4);
  const DimVector bs = batchOf(a.tensor(0));
  a.ret(matrixRank(a.tensor(0), a.toBool(3), tolArg(a, 1, bs, batchCount(bs)), tolArg(a, 2, bs, batchCount(bs))));
}
// (self, tol, hermitian): an absolute tolerance, rtol = 0.
void k_rank_tol(Stack& s) {
  Args a(s, 3);
  const DimVector bs = batchOf(a.tensor(0));
  a.ret(matrixRank(a.tensor(0), a.toBool(2), tolArg(a, 1, bs, batchCount(bs)),
                   std::vector<double>(static_cast<size_t>(batchCount(bs)), 0.0)));
}

const OpEntry kLinalgDecompOps[] = {
    {"aten::linalg_det(Tensor A) -> Tensor", k_det, "Determinant via LU."},
    {"aten::det(Tensor self) -> Tensor", k_det, "Alias of linalg_det."},
    {"aten::linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)", k_slogdet,
     "Sign and log|det| via LU ((0, -inf) when singular)."},
    {"aten::slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)", k_slogdet, "Alias of linalg_slogdet."},
    {"aten::logdet(Tensor self) -> Tensor", k_logdet, "log(det(A)): NaN for a negative determinant."},
    {"aten::linalg_inv(Tensor A) -> Tensor", k_inv, "Matrix inverse via LU; errors on singular input."},
    {"aten::inverse(Tensor self) -> Tensor", k_inv, "Alias of linalg_inv."},
    {"aten::linalg_inv_ex(Tensor A, *, bool check_errors=False) -> (Tensor inverse, Tensor info)", k_inv_ex,
     "Inverse plus LAPACK's per-matrix status (0 = success)."},
    {"aten::linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor", k_solve,
     "Solves AX = B (or XA = B when left=False) via LU, broadcasting batches."},
    {"aten::linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, Tensor S, Tensor Vh)",
     k_linalg_svd, "Singular value decomposition A = U diag(S) Vh (LAPACK gesdd)."},
    {"aten::svd(Tensor self, bool some=True, bool compute_uv=True) -> (Tensor U, Tensor S, Tensor V)", k_svd,
     "Legacy SVD returning V rather than Vh."},
    {"aten::linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor", k_svdvals, "Singular values, descending."},
    {"aten::linalg_pinv.atol_rtol_tensor(Tensor self, *, Tensor? atol=None, Tensor? rtol=None, bool "
     "hermitian=False) -> Tensor",
     k_pinv_atol_rtol, "Moore-Penrose pseudo-inverse with tensor tolerances."},
    {"aten::linalg_pinv.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool hermitian=False) -> "
     "Tensor",
     k_pinv_atol_rtol, "Moore-Penrose pseudo-inverse with float tolerances."},
    {"aten::linalg_pinv(Tensor self, float rcond, bool hermitian=False) -> Tensor", k_pinv_rcond,
     "Pseudo-inverse dropping singular values below rcond * max."},
    {"aten::linalg_pinv.rcond_tensor(Tensor self, Tensor rcond, bool hermitian=False) -> Tensor", k_pinv_rcond,
     "Pseudo-inverse with a per-batch rcond tensor."},
    {"aten::pinverse(Tensor self, float rcond=1.0000000000000001e-15) -> Tensor", k_pinverse,
     "Legacy pseudo-inverse (rcond relative tolerance)."},
    {"aten::linalg_matrix_rank.atol_rtol_tensor(Tensor input, *, Tensor? atol=None, Tensor? rtol=None, bool "
     "hermitian=False) -> Tensor",
     k_rank_atol_rtol, "Number of singular values above max(atol, rtol * max)."},
    {"aten::linalg_matrix_rank.atol_rtol_float(Tensor self, *, float? atol=None, float? rtol=None, bool "
     "hermitian=False) -> Tensor",
     k_rank_atol_rtol, "matrix_rank with float tolerances."},
    {"aten::linalg_matrix_rank(Tensor self, float tol, bool hermitian=False) -> Tensor", k_rank_tol,
     "matrix_rank with an absolute tolerance."},
    {"aten::linalg_matrix_rank.tol_tensor(Tensor input, Tensor tol, bool hermitian=False) -> Tensor", k_rank_tol,
     "matrix_rank with a per-batch absolute tolerance."},
};

}  // namespace

void registerLinalgDecompOps(OperatorRegistry& registry) { registerOpEntries(registry, kLinalgDecompOps); }

}  // namespace jitserve::ops
