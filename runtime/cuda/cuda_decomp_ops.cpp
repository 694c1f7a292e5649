// The orthogonal decompositions on cuSOLVER and what is built from them: QR
// (geqrf, orgqr, ormqr), the symmetric eigendecomposition (syevd), the SVD
// (gesvd), and over those pinv, matrix_rank, cond, nuclear_norm and the
// tensor solves; eig / eigvals on a host copy (below).
//
// As in cuda_lu_ops.cpp: one cuSOLVER call per batch entry, in double on a
// column-major copy (cuda_dense.h). gesvd takes only rows >= cols, so a wide
// matrix is factored as its transpose, which is its own row-major bytes:
// A^T = U' S V'^T gives A = V' S U'^T, and the column-major V'^T and U' read
// row-major are exactly U and Vh, no copies. The tolerances of pinv and
// matrix_rank are worked out on the host from the singular values (B x k
// numbers, one read back) with the CPU kernel's rules, the products with U
// and V stay on the device (matmul through the dispatcher).
//
// Eigenvectors and singular vectors are unique only up to sign (and, for
// repeated values, up to a rotation); cuSOLVER's choices need not be
// LAPACK's, so only the values, and products that cancel the choice,
// compare equal to the CPU's.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_dense.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cusolver_handle.h"
#include "runtime/cuda/kernels/linalg.h"
#include "runtime/ops/linalg_args.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

using IntList = std::vector<int64_t>;

Tensor matmul(const Tensor& a, const Tensor& b) { return callOp<"aten::matmul", Tensor>(a, b); }
Tensor mul(const Tensor& a, const Tensor& b) { return callOp<"aten::mul.Tensor", Tensor>(a, b); }

std::vector<double> hostDoubles(const Tensor& t) {
  const Tensor h = toDevice(t, Device::cpu()).to(ScalarType::Double).contiguous();
  return std::vector<double>(h.data<double>(), h.data<double>() + h.numel());
}
Tensor deviceDoubles(const std::vector<double>& v, IntArrayRef shape, const OnDevice& on) {
  return toDevice(from_vector(v).reshape(shape), on.device);
}

void checkStatuses(const Tensor& info, const char* what) {
  for (int32_t v : hostInts(info)) JS_CHECK(v <= 0, what, v, ").");
}

// ---- QR ----

// geqrf of A's matrices in a buffer of max(n, extraCols) columns (the first
// n hold A), so orgqr can grow Q there; tau (B, min(m, n)) double.
struct Householder {
  Dense a;
  Tensor tau;
};

Householder geqrfOf(const Tensor& A, int64_t cols, const OnDevice& on, const char* op) {
  const DimVector batch = batchOf(A);
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  Householder r;
  if (cols <= n) {
    r.a = columnMajor(A, batch, on);
  } else {
    r.a = emptyDense(numelOf(batch), m, cols, on);
    const Dense src = columnMajor(A, batch, on);
    // Column-major: the first n columns are each matrix's first m * n elements.
    const Tensor dst = r.a.data.narrow(1, 0, n);
    if (src.data.numel() > 0)
      launchCopy(launchShape(dst.sizes(), op), operandOf(dst, dst.sizes()), operandOf(src.data, dst.sizes()),
                 on.stream);
  }
  r.tau = emptyOnDevice({r.a.B, k}, ScalarType::Double, on.device);
  if (r.a.B == 0 || k == 0) return r;
  const int M = asInt(m, op), N = asInt(n, op);
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  int lwork = 0;
  JS_CUSOLVER_CHECK(cusolver().cusolverDnDgeqrf_bufferSize(h, M, N, r.a.mat(0), r.a.ld(), &lwork));
  const Tensor work = workspace(lwork, ScalarType::Double, on);
  const Tensor info = workspace(1, ScalarType::Int, on);
  for (int64_t b = 0; b < r.a.B; ++b)
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDgeqrf(h, M, N, r.a.mat(b), r.a.ld(), doubles(r.tau) + b * k,
                                                  doubles(work), lwork, ints(info)));
  countDeviceKernelLaunches(static_cast<uint64_t>(r.a.B));
  return r;
}

// orgqr in place: the first qc columns of a become Q = H_1 ... H_k.
void orgqrInPlace(Dense& a, const Tensor& tau, int64_t qc, int64_t k, const OnDevice& on, const char* op) {
  const int64_t m = a.rows;
  if (a.B == 0 || m == 0 || qc == 0) return;
  if (k == 0) {
    // No reflectors: Q's columns are the identity's (orgqr's answer too).
    launchIdentity(a.mat(0), a.B, m, a.cols, on.stream);
    return;
  }
  const int M = asInt(m, op), QC = asInt(qc, op), K = asInt(k, op);
  const int64_t tauStride = tau.size(-1);
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  int lwork = 0;
  JS_CUSOLVER_CHECK(cusolver().cusolverDnDorgqr_bufferSize(h, M, QC, K, a.mat(0), a.ld(), doubles(tau), &lwork));
  const Tensor work = workspace(lwork, ScalarType::Double, on);
  const Tensor info = workspace(1, ScalarType::Int, on);
  for (int64_t b = 0; b < a.B; ++b)
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDorgqr(h, M, QC, K, a.mat(b), a.ld(), doubles(tau) + b * tauStride,
                                                  doubles(work), lwork, ints(info)));
  countDeviceKernelLaunches(static_cast<uint64_t>(a.B));
}

// The first `cols` columns of a as a batch of their own.
Dense leadingColumns(const Dense& a, int64_t cols, const OnDevice& on) {
  if (cols == a.cols) return a;
  Dense r = emptyDense(a.B, a.rows, cols, on);
  const Tensor src = a.data.narrow(1, 0, cols);
  if (src.numel() > 0)
    launchCopy(launchShape(src.sizes(), "linalg"), operandOf(r.data, src.sizes()), operandOf(src, src.sizes()),
               on.stream);
  return r;
}

std::tuple<Tensor, Tensor> qr(const Tensor& A, std::string_view mode) {
  JS_CHECK(mode == "reduced" || mode == "complete" || mode == "r", "qr received unrecognized mode '", mode,
           "' but expected one of 'reduced' (default), 'r', or 'complete'");
  const char* op = "linalg.qr";
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  const DimVector batch = batchOf(A);
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  const bool complete = mode == "complete", wantQ = mode != "r";
  const int64_t qc = complete ? m : k, rr = complete ? m : k;
  Householder f = geqrfOf(A, wantQ ? qc : n, on, op);
  Dense r = emptyDense(f.a.B, rr, n, on);
  if (f.a.B > 0)
    launchTriangle(f.a.mat(0), f.a.ld(), f.a.rows * f.a.cols, r.mat(0), f.a.B, rr, n, Triangle::Upper, on.stream);
  Tensor R = rowMajor(r, batch, A.dtype(), on);
  if (!wantQ) return {emptyOnDevice({0}, A.dtype(), on.device), R};
  orgqrInPlace(f.a, f.tau, qc, k, on, op);
  return {rowMajor(leadingColumns(f.a, qc, on), batch, A.dtype(), on), R};
}

std::tuple<Tensor, Tensor> legacyQr(const Tensor& A, bool some) { return qr(A, some ? "reduced" : "complete"); }

std::tuple<Tensor, Tensor> geqrf(const Tensor& A) {
  OnDevice on(deviceOf({&A}, "geqrf"));
  checkFloatMatrix(A, "geqrf");
  const DimVector batch = batchOf(A);
  const int64_t k = std::min(A.size(-2), A.size(-1));
  Householder f = geqrfOf(A, A.size(-1), on, "geqrf");
  return {rowMajor(f.a, batch, A.dtype(), on), castOnDevice(f.tau, A.dtype(), on).view(withTail(batch, {k}))};
}

// tau broadcast over `batch`, contiguous double.
Tensor tauOf(const Tensor& tau, DimVector batch, const OnDevice& on) {
  batch.push_back(tau.size(-1));
  const Tensor e = tau.expand(batch);
  Tensor out = emptyOnDevice(e.sizes(), ScalarType::Double, on.device);
  if (out.numel() > 0)
    launchCopy(launchShape(e.sizes(), "tau"), operandOf(out, e.sizes()), operandOf(e, e.sizes()), on.stream);
  return out;
}

Tensor householderProduct(const Tensor& A, const Tensor& tau) {
  const char* op = "torch.linalg.householder_product";
  OnDevice on(deviceOf({&A, &tau}, op));
  checkFloatMatrix(A, op, "input");
  JS_CHECK(A.size(-2) >= A.size(-1), op, ": input.shape[-2] must be greater than or equal to input.shape[-1]");
  JS_CHECK(tau.dim() >= 1 && A.size(-1) >= tau.size(-1), op,
           ": input.shape[-1] must be greater than or equal to tau.shape[-1]");
  JS_CHECK(A.dim() - tau.dim() == 1, op, ": Expected tau to have one dimension less than input, but got tau.ndim "
           "equal to ", tau.dim(), " and input.ndim is equal to ", A.dim());
  JS_CHECK(tau.dtype() == A.dtype(), op, ": tau dtype ", scalarTypeName(tau.dtype()), " does not match input dtype ",
           scalarTypeName(A.dtype()));
  const DimVector batch = batchOf(A);
  Dense a = columnMajor(A, batch, on);
  const Tensor t = tauOf(tau, batch, on);
  if (a.cols > 0) orgqrInPlace(a, t, a.cols, tau.size(-1), on, op);
  return rowMajor(a, batch, A.dtype(), on);
}

Tensor ormqr(const Tensor& A, const Tensor& tau, const Tensor& C, bool left, bool transpose) {
  const char* op = "torch.ormqr";
  OnDevice on(deviceOf({&A, &tau, &C}, op));
  JS_CHECK(A.dim() >= 2, op, ": input must have at least 2 dimensions.");
  JS_CHECK(C.dim() >= 2, op, ": other must have at least 2 dimensions.");
  checkFloatMatrix(A, op, "input");
  JS_CHECK(A.dtype() == tau.dtype() && A.dtype() == C.dtype(), op, ": input, tau and other must have the same dtype");
  const int64_t leftRight = left ? -2 : -1;
  JS_CHECK(C.size(leftRight) == A.size(-2), op, ": other.shape[", leftRight, "] must be equal to input.shape[-2]");
  JS_CHECK(tau.dim() >= 1 && tau.size(-1) <= A.size(-1), op,
           ": tau.shape[-1] must be less than or equal to input.shape[-1]");
  JS_CHECK(A.dim() - tau.dim() == 1, op, ": Expected tau to have one dimension less than input");
  JS_CHECK(A.dim() == C.dim(), op, ": Expected other to have the same number of dimensions as input");
  JS_CHECK(tau.size(-1) <= C.size(leftRight), op, ": tau.shape[-1] must be less than or equal to other.shape[",
           leftRight, "]");
  const DimVector batch = batchOf(C);
  const Dense a = columnMajor(A, batch, on);
  const Tensor t = tauOf(tau, batch, on);
  Dense c = columnMajor(C, batch, on);
  const int64_t m = c.rows, n = c.cols, k = tau.size(-1);
  if (c.B > 0 && m > 0 && n > 0 && k > 0) {
    const int M = asInt(m, op), N = asInt(n, op), K = asInt(k, op);
    const cublasSideMode_t side = left ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT;
    const cublasOperation_t trans = transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
    cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
    int lwork = 0;
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDormqr_bufferSize(h, side, trans, M, N, K, a.mat(0), a.ld(), doubles(t),
                                                             c.mat(0), c.ld(), &lwork));
    const Tensor work = workspace(lwork, ScalarType::Double, on);
    const Tensor info = workspace(1, ScalarType::Int, on);
    for (int64_t b = 0; b < c.B; ++b)
      JS_CUSOLVER_CHECK(cusolver().cusolverDnDormqr(h, side, trans, M, N, K, a.mat(b), a.ld(), doubles(t) + b * k,
                                                    c.mat(b), c.ld(), doubles(work), lwork, ints(info)));
    countDeviceKernelLaunches(static_cast<uint64_t>(c.B));
  }
  return rowMajor(c, batch, C.dtype(), on);
}

// ---- symmetric eigendecomposition ----

// Eigenvalues ascending (B, n) double and, with `vectors`, the eigenvectors
// as the columns of a (column-major) in place.
struct Eigh {
  Tensor w;
  Dense v;
};

Eigh eighOf(const Tensor& A, IntArrayRef batch, bool lower, bool vectors, const OnDevice& on, const char* op) {
  Eigh r;
  r.v = columnMajor(A, batch, on);
  const int64_t n = r.v.rows;
  r.w = emptyOnDevice({r.v.B, n}, ScalarType::Double, on.device);
  if (r.v.B == 0 || n == 0) return r;
  const int N = asInt(n, op);
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const cublasFillMode_t uplo = lower ? CUBLAS_FILL_MODE_LOWER : CUBLAS_FILL_MODE_UPPER;
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  int lwork = 0;
  JS_CUSOLVER_CHECK(
      cusolver().cusolverDnDsyevd_bufferSize(h, jobz, uplo, N, r.v.mat(0), r.v.ld(), doubles(r.w), &lwork));
  const Tensor work = workspace(lwork, ScalarType::Double, on);
  const Tensor info = fullOnDevice({r.v.B}, Scalar(int64_t{0}), ScalarType::Int, on);
  for (int64_t b = 0; b < r.v.B; ++b)
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDsyevd(h, jobz, uplo, N, r.v.mat(b), r.v.ld(), doubles(r.w) + b * n,
                                                  doubles(work), lwork, ints(info) + b));
  countDeviceKernelLaunches(static_cast<uint64_t>(r.v.B));
  checkStatuses(info, "linalg.eigh: The algorithm failed to converge (error code: ");
  return r;
}

std::tuple<Tensor, Tensor> eighOp(const Tensor& A, bool lower, bool vectors, const char* op) {
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  checkSquare(A, op);
  const DimVector batch = batchOf(A);
  Eigh e = eighOf(A, batch, lower, vectors, on, op);
  Tensor vals = castOnDevice(e.w, A.dtype(), on).view(withTail(batch, {A.size(-1)}));
  Tensor vecs = vectors ? rowMajor(e.v, batch, A.dtype(), on) : emptyOnDevice({0}, A.dtype(), on.device);
  return {vals, vecs};
}

std::tuple<Tensor, Tensor> linalgEigh(const Tensor& A, std::string_view uplo) {
  return eighOp(A, ops::uploLower(uplo), true, "linalg.eigh");
}
Tensor eigvalsh(const Tensor& A, std::string_view uplo) {
  return std::get<0>(eighOp(A, ops::uploLower(uplo), false, "linalg.eigvalsh"));
}
std::tuple<Tensor, Tensor> symeig(const Tensor& A, bool eigenvectors, bool upper) {
  return eighOp(A, !upper, eigenvectors, "symeig");
}

// ---- SVD ----

// Double results: U (*batch, m, uc), S (*batch, k), Vh (*batch, vr, n); U
// and Vh undefined without `uv`.
struct Svd {
  Tensor U, S, Vh;
};

Tensor identities(IntArrayRef batch, int64_t n, const OnDevice& on) {
  Dense eye = emptyDense(numelOf(batch), n, n, on);
  if (eye.B > 0) launchIdentity(eye.mat(0), eye.B, n, n, on.stream);
  return transposedView(eye, batch);
}

Svd svdOf(const Tensor& A, IntArrayRef batch, bool full, bool uv, const OnDevice& on, const char* op) {
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  const int64_t B = numelOf(batch);
  Svd r;
  r.S = emptyOnDevice(withTail(DimVector(batch.begin(), batch.end()), {k}), ScalarType::Double, on.device);
  if (k == 0) {
    // Empty matrices: U and V are identities of the requested sizes.
    if (uv) {
      r.U = identities(batch, full ? m : 0, on);
      r.Vh = identities(batch, full ? n : 0, on);
      if (!full) {
        r.U = r.U.view(withTail(DimVector(batch.begin(), batch.end()), {m, 0}));
        r.Vh = r.Vh.view(withTail(DimVector(batch.begin(), batch.end()), {0, n}));
      }
    }
    return r;
  }
  const bool tall = m >= n;
  const Dense a = tall ? columnMajor(A, batch, on) : denseOfTransposes(rowMajorDoubles(A, batch, on));
  const int64_t R = a.rows, C = a.cols;  // R >= C == k
  const int64_t ucols = full ? R : k;
  Dense u, vt;
  if (uv) {
    u = emptyDense(B, R, ucols, on);
    vt = emptyDense(B, C, C, on);
  }
  if (B > 0) {
    const int RR = asInt(R, op), CC = asInt(C, op);
    cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
    int lwork = 0;
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDgesvd_bufferSize(h, RR, CC, &lwork));
    const Tensor work = workspace(lwork, ScalarType::Double, on);
    const Tensor rwork = workspace(k, ScalarType::Double, on);
    const Tensor info = fullOnDevice({B}, Scalar(int64_t{0}), ScalarType::Int, on);
    const signed char jobu = uv ? (full ? 'A' : 'S') : 'N', jobvt = uv ? 'A' : 'N';
    for (int64_t b = 0; b < B; ++b)
      JS_CUSOLVER_CHECK(cusolver().cusolverDnDgesvd(h, jobu, jobvt, RR, CC, a.mat(b), a.ld(), doubles(r.S) + b * k,
                                                    uv ? u.mat(b) : nullptr, RR, uv ? vt.mat(b) : nullptr, CC,
                                                    doubles(work), lwork, doubles(rwork), ints(info) + b));
    countDeviceKernelLaunches(static_cast<uint64_t>(B));
    checkStatuses(info, "linalg.svd: The algorithm failed to converge because the input matrix is ill-conditioned or "
                  "has too many repeated singular values (error code: ");
  }
  if (!uv) return r;
  if (tall) {
    r.U = rowMajor(u, batch, ScalarType::Double, on);
    r.Vh = rowMajor(vt, batch, ScalarType::Double, on);
  } else {
    r.U = transposedView(vt, batch);  // V' of A^T
    r.Vh = transposedView(u, batch);  // U'^T of A^T
  }
  return r;
}

std::tuple<Tensor, Tensor, Tensor> linalgSvd(const Tensor& A, bool full, std::optional<std::string> /*driver*/) {
  OnDevice on(deviceOf({&A}, "linalg.svd"));
  checkFloatMatrix(A, "linalg.svd");
  Svd r = svdOf(A, batchOf(A), full, true, on, "linalg.svd");
  const ScalarType dt = A.dtype();
  return {castOnDevice(r.U, dt, on), castOnDevice(r.S, dt, on), castOnDevice(r.Vh, dt, on)};
}

// svd returns V (not V^H); without compute_uv U and V are zeros.
std::tuple<Tensor, Tensor, Tensor> legacySvd(const Tensor& A, bool some, bool uv) {
  if (uv) {
    auto [U, S, Vh] = linalgSvd(A, !some, std::nullopt);
    return {U, S, Vh.transpose(-2, -1)};
  }
  OnDevice on(deviceOf({&A}, "svd"));
  checkFloatMatrix(A, "linalg.svd");
  const DimVector batch = batchOf(A);
  Svd r = svdOf(A, batch, false, false, on, "linalg.svd");
  const int64_t m = A.size(-2), n = A.size(-1);
  const Scalar zero(int64_t{0});
  return {fullOnDevice(withTail(batch, {m, m}), zero, A.dtype(), on), castOnDevice(r.S, A.dtype(), on),
          fullOnDevice(withTail(batch, {n, n}), zero, A.dtype(), on)};
}

Tensor svdvals(const Tensor& A) {
  OnDevice on(deviceOf({&A}, "linalg.svdvals"));
  checkFloatMatrix(A, "linalg.svdvals");
  return castOnDevice(svdOf(A, batchOf(A), false, false, on, "linalg.svdvals").S, A.dtype(), on);
}

// ---- pinv and matrix_rank: tolerances on the host ----

// A expanded to the broadcast of its batch and the tolerances' shapes.
struct Broadcast {
  Tensor A;
  DimVector batch;
  int64_t B = 1;
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
  Broadcast b;
  b.batch = batchOf(A);
  (widenBatch(b.batch, tols), ...);
  b.A = A.expand(withTail(b.batch, {A.size(-2), A.size(-1)}));
  b.B = numelOf(b.batch);
  return b;
}
std::vector<double> filled(int64_t n, double v) { return std::vector<double>(static_cast<size_t>(n), v); }
std::vector<double> tolValues(double tol, const Broadcast& b) { return filled(b.B, tol); }
std::vector<double> tolValues(const Tensor& tol, const Broadcast& b) {
  return hostDoubles(toDevice(tol, Device::cpu()).to(ScalarType::Double).expand(b.batch));
}
template <typename T>
std::optional<std::vector<double>> tolValues(const std::optional<T>& tol, const Broadcast& b) {
  if (!tol) return std::nullopt;
  return tolValues(*tol, b);
}

// Singular values (descending; |eigenvalues| for hermitian) on the host and
// the per-matrix threshold max(atol, rtol * sigma_max): with neither given
// rtol = eps * max(m, n); an atol alone (> 0) sets rtol to 0, as PyTorch.
std::vector<double> thresholds(const std::vector<double>& S, int64_t B, int64_t k, int64_t m, int64_t n,
                               ScalarType dtype, const std::optional<std::vector<double>>& atol,
                               const std::optional<std::vector<double>>& rtol) {
  const double eps = dtype == ScalarType::Double ? std::numeric_limits<double>::epsilon()
                                                 : static_cast<double>(std::numeric_limits<float>::epsilon());
  std::vector<double> tol(static_cast<size_t>(B));
  for (int64_t i = 0; i < B; ++i) {
    const double at = atol ? (*atol)[static_cast<size_t>(i)] : 0.0;
    double rt;
    if (rtol) rt = (*rtol)[static_cast<size_t>(i)];
    else rt = (atol && at > 0) ? 0.0 : eps * static_cast<double>(std::max(m, n));
    double smax = 0;
    for (int64_t e = 0; e < k; ++e) smax = std::max(smax, std::abs(S[static_cast<size_t>(i * k + e)]));
    tol[static_cast<size_t>(i)] = std::max(at, rt * smax);
  }
  return tol;
}

Tensor pinv(const Broadcast& b, bool hermitian, const std::optional<std::vector<double>>& atol,
            const std::optional<std::vector<double>>& rtol) {
  const Tensor& A = b.A;
  OnDevice on(deviceOf({&A}, "linalg.pinv"));
  checkFloatMatrix(A, "linalg.pinv");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  if (hermitian) JS_CHECK(m == n, "linalg.pinv(hermitian=True): A must be batches of square matrices");
  Tensor left, right, values;  // pinv = (left * sinv) @ right
  if (hermitian) {
    // A = Q diag(w) Q^T  =>  A+ = Q diag(1/w) Q^T over |w| > tol.
    Eigh e = eighOf(A, b.batch, true, true, on, "linalg.pinv");
    left = rowMajor(e.v, b.batch, ScalarType::Double, on);
    right = left.transpose(-2, -1);
    values = e.w;
  } else {
    // A = U S Vh  =>  A+ = V diag(1/S) U^T over S > tol.
    Svd s = svdOf(A, b.batch, false, true, on, "linalg.pinv");
    left = s.Vh.transpose(-2, -1);
    right = s.U.transpose(-2, -1);
    values = s.S;
  }
  const std::vector<double> S = hostDoubles(values);
  const std::vector<double> tol = thresholds(S, b.B, k, m, n, A.dtype(), atol, rtol);
  std::vector<double> sinv(S.size(), 0.0);
  for (int64_t i = 0; i < b.B; ++i)
    for (int64_t e = 0; e < k; ++e) {
      const double s = S[static_cast<size_t>(i * k + e)];
      if (std::abs(s) > tol[static_cast<size_t>(i)]) sinv[static_cast<size_t>(i * k + e)] = 1 / s;
    }
  const Tensor scale = deviceDoubles(sinv, withTail(b.batch, {1, k}), on);
  return castOnDevice(matmul(mul(left, scale), right), A.dtype(), on);
}

Tensor matrixRank(const Broadcast& b, bool hermitian, const std::optional<std::vector<double>>& atol,
                  const std::optional<std::vector<double>>& rtol) {
  const Tensor& A = b.A;
  OnDevice on(deviceOf({&A}, "linalg.matrix_rank"));
  checkFloatMatrix(A, "linalg.matrix_rank");
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n);
  if (hermitian) JS_CHECK(m == n, "linalg.matrix_rank(hermitian=True): A must be batches of square matrices");
  const Tensor values = hermitian ? eighOf(A, b.batch, true, false, on, "linalg.matrix_rank").w
                                  : svdOf(A, b.batch, false, false, on, "linalg.matrix_rank").S;
  const std::vector<double> S = hostDoubles(values);
  const std::vector<double> tol = thresholds(S, b.B, k, m, n, A.dtype(), atol, rtol);
  std::vector<int64_t> rank(static_cast<size_t>(b.B), 0);
  for (int64_t i = 0; i < b.B; ++i)
    for (int64_t e = 0; e < k; ++e)
      if (std::abs(S[static_cast<size_t>(i * k + e)]) > tol[static_cast<size_t>(i)]) ++rank[static_cast<size_t>(i)];
  return longsOnDevice(rank, b.batch, on);
}

// pinv of an empty matrix is the empty transpose, before any tolerance.
std::optional<Tensor> emptyPinv(const Tensor& A) {
  if (A.dim() < 2 || A.numel() != 0) return std::nullopt;
  OnDevice on(deviceOf({&A}, "linalg.pinv"));
  return fullOnDevice(withTail(batchOf(A), {A.size(-1), A.size(-2)}), Scalar(int64_t{0}), A.dtype(), on);
}

template <typename Tol>
Tensor pinvAtolRtol(const Tensor& self, std::optional<Tol> atol, std::optional<Tol> rtol, bool hermitian) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self, atol, rtol);
  return pinv(b, hermitian, tolValues(atol, b), tolValues(rtol, b));
}
template <typename Tol>
Tensor pinvRcond(const Tensor& self, Tol rcond, bool hermitian) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self, rcond);
  return pinv(b, hermitian, filled(b.B, 0.0), tolValues(rcond, b));
}
Tensor pinverse(const Tensor& self, double rcond) {
  if (std::optional<Tensor> e = emptyPinv(self)) return *e;
  Broadcast b = broadcastTol(self);
  return pinv(b, false, filled(b.B, 0.0), filled(b.B, rcond));
}
template <typename Tol>
Tensor rankAtolRtol(const Tensor& input, std::optional<Tol> atol, std::optional<Tol> rtol, bool hermitian) {
  Broadcast b = broadcastTol(input, atol, rtol);
  return matrixRank(b, hermitian, tolValues(atol, b), tolValues(rtol, b));
}
template <typename Tol>
Tensor rankTol(const Tensor& input, Tol tol, bool hermitian) {
  Broadcast b = broadcastTol(input, tol);
  return matrixRank(b, hermitian, tolValues(tol, b), filled(b.B, 0.0));
}

// ---- norms and condition numbers from the singular values ----

// The singular values of self's matrices over dims (d0, d1), moved last.
Tensor singularValuesOver(const Tensor& x, int64_t d0, int64_t d1, const OnDevice& on, const char* op) {
  IntList perm;
  for (int64_t i = 0; i < x.dim(); ++i)
    if (i != d0 && i != d1) perm.push_back(i);
  perm.push_back(d0);
  perm.push_back(d1);
  const Tensor p = x.permute(perm);
  return svdOf(p, batchOf(p), false, false, on, op).S;
}

Tensor nuclearNormDim(const Tensor& self, IntList dim, bool keepdim) {
  const char* op = "linalg.matrix_norm";
  OnDevice on(deviceOf({&self}, op));
  JS_CHECK(self.dim() >= 2, op, ": The input tensor A must have at least 2 dimensions.");
  JS_CHECK(dim.size() == 2, op, ": dim must be a 2-tuple. Got ", shapeToString(dim));
  JS_CHECK(isFloatingType(self.dtype()), op, ": Expected a floating point tensor as input. Got ",
           scalarTypeName(self.dtype()));
  const int64_t d0 = maybe_wrap_dim(dim[0], self.dim()), d1 = maybe_wrap_dim(dim[1], self.dim());
  JS_CHECK(d0 != d1, op, ": dims must be different. Got (", dim[0], ", ", dim[1], ")");
  const Tensor S = singularValuesOver(self, d0, d1, on, op);
  Tensor r = callOp<"aten::sum.dim_IntList", Tensor>(S, IValue::intList({S.dim() - 1}), false, IValue());
  r = castOnDevice(r, self.dtype(), on);
  if (keepdim)
    for (int64_t d : {std::min(d0, d1), std::max(d0, d1)}) r = r.unsqueeze(d);
  return r;
}
Tensor nuclearNorm(const Tensor& self, bool keepdim) {
  JS_CHECK(self.dim() == 2, "nuclear_norm: Expected a 2-D tensor, got ", self.dim(), "-D");
  return nuclearNormDim(self, {0, 1}, keepdim);
}

// cond in the 2-norm: sigma_max / sigma_min (ord -2: the reverse), from the
// singular values on the host.
Tensor cond2(const Tensor& A, bool inverse, const OnDevice& on) {
  const DimVector batch = batchOf(A);
  const int64_t k = std::min(A.size(-2), A.size(-1));
  const std::vector<double> S = hostDoubles(svdOf(A, batch, false, false, on, "linalg.cond").S);
  std::vector<double> out(static_cast<size_t>(numelOf(batch)));
  for (size_t i = 0; i < out.size() && k > 0; ++i) {
    const double smax = S[i * static_cast<size_t>(k)], smin = S[i * static_cast<size_t>(k) + static_cast<size_t>(k) - 1];
    out[i] = inverse ? smin / smax : smax / smin;
  }
  return castOnDevice(deviceDoubles(out, batch, on), A.dtype(), on);
}

// norm(A) * norm(inv(A)) for the other orders, in double.
Tensor condOther(const Tensor& A, std::string_view ord, const OnDevice& on) {
  const Tensor a = castOnDevice(A, ScalarType::Double, on);
  // inv_ex: a singular matrix gives inf / NaN, not an error, as on the CPU.
  static const OpCall invEx("aten::linalg_inv_ex");
  Stack stack{IValue(a), IValue(false)};
  invEx.run(stack);
  const Tensor inv = stack.at(0).toTensor();
  auto norm = [&](const Tensor& x) {
    if (ord == "nuc") return nuclearNormDim(x, {-2, -1}, false);
    if (ord == "fro")
      return callOp<"aten::linalg_matrix_norm.str_ord", Tensor>(x, IValue(std::string("fro")), IValue::intList({-2, -1}),
                                                                 false, IValue());
    const double p = ord == "inf" ? INFINITY : ord == "-inf" ? -INFINITY : std::stod(std::string(ord));
    return callOp<"aten::linalg_matrix_norm", Tensor>(x, IValue(Scalar(p)), IValue::intList({-2, -1}), false,
                                                      IValue());
  };
  return castOnDevice(mul(norm(a), norm(inv)), A.dtype(), on);
}

Tensor cond(const Tensor& A, std::string_view ord) {
  OnDevice on(deviceOf({&A}, "linalg.cond"));
  checkFloatMatrix(A, "linalg.cond");
  if (ord == "2" || ord == "-2") return cond2(A, ord == "-2", on);
  checkSquare(A, "linalg.cond");
  return condOther(A, ord, on);
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

// ---- least squares ----

// The minimum-norm least-squares solution from the SVD, X = V diag(1/S) U^T B
// over the singular values above rcond * sigma_max: what gelsd and gelss
// compute, and gelsy's (complete orthogonal factorization) to rounding.
// gels (QR / LQ, no rank decision) keeps every nonzero singular value, which
// gives the same solution for the full-rank matrices it takes.
std::tuple<Tensor, Tensor, Tensor, Tensor> linalgLstsq(const Tensor& A, const Tensor& B_in, std::optional<double> rcond,
                                                       std::optional<std::string> driverArg) {
  const char* op = "torch.linalg.lstsq";
  OnDevice on(deviceOf({&A, &B_in}, op));
  const std::string driver = ops::lstsqDriver(A, B_in, driverArg);
  const bool vectorRhs = B_in.dim() == A.dim() - 1;
  const Tensor B = vectorRhs ? B_in.unsqueeze(-1) : B_in;
  const DimVector batch = infer_size(batchOf(A), batchOf(B));
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n), count = numelOf(batch);
  const Tensor a = rowMajorDoubles(A, batch, on), b = rowMajorDoubles(B, batch, on);
  Svd s = svdOf(a, batch, false, true, on, op);
  const std::vector<double> S = hostDoubles(s.S);
  const double eps = A.dtype() == ScalarType::Double ? std::numeric_limits<double>::epsilon()
                                                     : static_cast<double>(std::numeric_limits<float>::epsilon());
  const double rc = rcond.value_or(eps * static_cast<double>(std::max(m, n)));
  const bool gels = driver == "gels";
  std::vector<double> sinv(S.size(), 0.0);
  std::vector<int64_t> rank(static_cast<size_t>(count), 0);
  bool fullRank = true;
  for (int64_t i = 0; i < count; ++i) {
    const double smax = k > 0 ? S[static_cast<size_t>(i * k)] : 0.0;
    for (int64_t e = 0; e < k; ++e) {
      const double v = S[static_cast<size_t>(i * k + e)];
      if (gels ? v != 0 : v > rc * smax) {
        sinv[static_cast<size_t>(i * k + e)] = 1 / v;
        ++rank[static_cast<size_t>(i)];
      }
    }
    if (gels) rank[static_cast<size_t>(i)] = k;
    if (rank[static_cast<size_t>(i)] < n) fullRank = false;
  }
  const Tensor scale = deviceDoubles(sinv, withTail(batch, {1, k}), on);
  const Tensor X = matmul(mul(s.Vh.transpose(-2, -1), scale), matmul(s.U.transpose(-2, -1), b));
  Tensor residuals = emptyOnDevice({0}, A.dtype(), on.device);
  if (ops::lstsqHasResiduals(m, n, fullRank, driver)) {
    const Tensor r = callOp<"aten::sub.Tensor", Tensor>(matmul(a, X), b, IValue(int64_t{1}));
    residuals = castOnDevice(
        callOp<"aten::sum.dim_IntList", Tensor>(mul(r, r), IValue::intList({-2}), false, IValue()), A.dtype(), on);
    if (vectorRhs) residuals = residuals.squeeze(-1);
  }
  Tensor solution = castOnDevice(X, A.dtype(), on);
  if (vectorRhs) solution = solution.squeeze(-1);
  const bool wantRank = ops::lstsqReportsRank(driver), wantSv = ops::lstsqReportsSingularValues(driver);
  Tensor rankT = wantRank ? longsOnDevice(rank, batch, on) : emptyOnDevice({0}, ScalarType::Long, on.device);
  Tensor sv = wantSv ? castOnDevice(s.S, A.dtype(), on) : emptyOnDevice({0}, A.dtype(), on.device);
  return {std::move(solution), std::move(residuals), std::move(rankT), std::move(sv)};
}

// ---- eig: on a host copy ----

// The general eigenproblem has complex results and LAPACK's geev has no
// cuSOLVER twin before CUDA 12.6 (whose Xgeev returns real eigenvector
// pairs to unpack); PyTorch's CUDA kernel copies to the host and runs
// LAPACK too. So: the CPU kernel on a host copy, results moved back.
template <OpName Name, size_t Outputs>
std::vector<Tensor> onHost(const Tensor& A) {
  static const OpCall op(Name.name);
  OnDevice on(deviceOf({&A}, Name.name));
  Stack stack{IValue(toDevice(A, Device::cpu()))};
  op.op().runOn(DeviceType::CPU, stack);
  JS_INTERNAL_ASSERT(stack.size() == Outputs, Name.name, " left ", stack.size(), " values");
  std::vector<Tensor> out;
  for (IValue& v : stack) out.push_back(toDevice(v.toTensor(), on.device));
  return out;
}

std::tuple<Tensor, Tensor> linalgEig(const Tensor& A) {
  std::vector<Tensor> r = onHost<"aten::linalg_eig", 2>(A);
  return {r[0], r[1]};
}
Tensor linalgEigvals(const Tensor& A) { return onHost<"aten::linalg_eigvals", 1>(A)[0]; }

}  // namespace

const CudaTable kCudaDecompOps = {
    row<qr>("aten::linalg_qr"),
    row<legacyQr>("aten::qr"),
    row<geqrf>("aten::geqrf"),
    row<householderProduct>("aten::linalg_householder_product"),
    row<ormqr>("aten::ormqr"),
    row<linalgEigh>("aten::linalg_eigh"),
    row<eigvalsh>("aten::linalg_eigvalsh"),
    row<symeig>("aten::symeig"),
    row<linalgSvd>("aten::linalg_svd"),
    row<legacySvd>("aten::svd"),
    row<[](const Tensor& A, std::optional<std::string> /*driver*/) { return svdvals(A); }>("aten::linalg_svdvals"),
    row<pinvAtolRtol<Tensor>>("aten::linalg_pinv.atol_rtol_tensor"),
    row<pinvAtolRtol<double>>("aten::linalg_pinv.atol_rtol_float"),
    row<pinvRcond<double>>("aten::linalg_pinv"),
    row<pinvRcond<const Tensor&>>("aten::linalg_pinv.rcond_tensor"),
    row<pinverse>("aten::pinverse"),
    row<rankAtolRtol<Tensor>>("aten::linalg_matrix_rank.atol_rtol_tensor"),
    row<rankAtolRtol<double>>("aten::linalg_matrix_rank.atol_rtol_float"),
    row<rankTol<double>>("aten::linalg_matrix_rank"),
    row<rankTol<const Tensor&>>("aten::linalg_matrix_rank.tol_tensor"),
    row<nuclearNorm>("aten::nuclear_norm"),
    row<nuclearNormDim>("aten::nuclear_norm.dim"),
    row<condScalar>("aten::linalg_cond"),
    row<condStr>("aten::linalg_cond.p_str"),
    row<linalgLstsq>("aten::linalg_lstsq"),
    row<linalgEig>("aten::linalg_eig"),
    row<linalgEigvals>("aten::linalg_eigvals"),
};

}  // namespace jitserve::cuda
