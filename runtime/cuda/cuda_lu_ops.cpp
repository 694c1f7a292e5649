// The LU, Cholesky and triangular families on cuSOLVER and cuBLAS: det,
// slogdet, logdet, inv, solve, lu_factor / lu / lu_unpack / lu_solve,
// cholesky / cholesky_solve / cholesky_inverse, triangular solves, and
// matrix_power over matmul and inv.
//
// Each batch entry is one cuSOLVER call on the thread's stream (getrf,
// getrs, potrf, ...), in double on a column-major copy (cuda_dense.h).
// Status codes land in an int32 device vector; the operators that raise on
// a singular or non-positive-definite input read it back (one
// synchronization, as PyTorch's check_errors), the _ex forms return it.
// Pivots given by the caller (lu_unpack, lu_solve) are checked on the host
// first: cuSOLVER would read out of bounds through a bad one.
#include <algorithm>
#include <string>
#include <tuple>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cublas_handle.h"
#include "runtime/cuda/cuda_dense.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cusolver_handle.h"
#include "runtime/cuda/kernels/linalg.h"
#include "runtime/core/run_counters.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

// ---- LU factorization ----

struct Lu {
  Dense lu;       // packed factors, m x n per matrix
  Tensor pivots;  // int32 (B, min(m, n)), 1-based
  Tensor info;    // int32 (B): k > 0 when U(k, k) is exactly zero
};

// getrf of every matrix of A (batch dims as they are); without `pivot`, no
// row exchanges and pivots 1..k.
Lu luFactor(const Tensor& A, bool pivot, const OnDevice& on, const char* op) {
  const DimVector batch = batchOf(A);
  Lu f;
  f.lu = columnMajor(A, batch, on);
  const int64_t m = f.lu.rows, n = f.lu.cols, k = std::min(m, n), B = f.lu.B;
  f.info = fullOnDevice({B}, Scalar(int64_t{0}), ScalarType::Int, on);
  if (pivot || k == 0) {
    f.pivots = emptyOnDevice({B, k}, ScalarType::Int, on.device);
  } else {
    std::vector<int64_t> seq(static_cast<size_t>(B * k));
    for (int64_t i = 0; i < B * k; ++i) seq[static_cast<size_t>(i)] = i % k + 1;
    f.pivots = castOnDevice(longsOnDevice(seq, {B, k}, on), ScalarType::Int, on);
  }
  if (B == 0 || k == 0) return f;
  const int M = asInt(m, op), N = asInt(n, op);
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  int lwork = 0;
  JS_CUSOLVER_CHECK(cusolver().cusolverDnDgetrf_bufferSize(h, M, N, f.lu.mat(0), f.lu.ld(), &lwork));
  const Tensor work = workspace(lwork, ScalarType::Double, on);
  for (int64_t b = 0; b < B; ++b) {
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDgetrf(h, M, N, f.lu.mat(b), f.lu.ld(), doubles(work),
                                                  pivot ? ints(f.pivots) + b * k : nullptr, ints(f.info) + b));
  }
  countDeviceKernelLaunches(static_cast<uint64_t>(B));
  return f;
}

// Solves op(A_b) X_b = R_b in place in R from A's LU factors (n x n), each
// R_b n x k; `info` gets getrs's status (argument errors only).
void luSolveInPlace(const Dense& lu, const Tensor& pivots, Dense& rhs, bool transpose, const OnDevice& on,
                    const char* op) {
  const int64_t n = lu.rows, k = rhs.cols;
  if (lu.B == 0 || n == 0 || k == 0) return;
  const int N = asInt(n, op), K = asInt(k, op);
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  const Tensor info = workspace(1, ScalarType::Int, on);
  for (int64_t b = 0; b < lu.B; ++b) {
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDgetrs(h, transpose ? CUBLAS_OP_T : CUBLAS_OP_N, N, K, lu.mat(b), lu.ld(),
                                                  ints(pivots) + b * n, rhs.mat(b), rhs.ld(), ints(info)));
  }
  countDeviceKernelLaunches(static_cast<uint64_t>(lu.B));
}

// The first nonzero status and its batch entry, or 0.
std::pair<int32_t, int64_t> firstFailure(const Tensor& info) {
  const std::vector<int32_t> v = hostInts(info);
  for (size_t i = 0; i < v.size(); ++i)
    if (v[i] != 0) return {v[i], static_cast<int64_t>(i)};
  return {0, -1};
}

Tensor intsShaped(const Tensor& t, IntArrayRef shape) { return t.view(shape); }

// ---- determinants ----

enum class DetPart { Det, Sign, LogAbs, LogDet };

std::vector<Tensor> determinants(const Tensor& A, std::initializer_list<DetPart> parts, const char* op) {
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  checkSquare(A, op);
  const Lu f = luFactor(A, true, on, op);
  const DimVector batch = batchOf(A);
  std::vector<Tensor> outs;
  LuDeterminant ptrs;
  for (DetPart p : parts) {
    outs.push_back(emptyOnDevice({f.lu.B}, ScalarType::Double, on.device));
    double* d = doubles(outs.back());
    (p == DetPart::Det ? ptrs.det : p == DetPart::Sign ? ptrs.sign : p == DetPart::LogAbs ? ptrs.logabs : ptrs.logdet) =
        d;
  }
  launchLuDeterminant(f.lu.mat(0), ints(f.pivots), f.lu.B, f.lu.rows, ptrs, on.stream);
  for (Tensor& t : outs) t = castOnDevice(t, A.dtype(), on).view(batch);
  return outs;
}

Tensor det(const Tensor& A) { return determinants(A, {DetPart::Det}, "linalg.det")[0]; }
std::tuple<Tensor, Tensor> slogdet(const Tensor& A) {
  std::vector<Tensor> r = determinants(A, {DetPart::Sign, DetPart::LogAbs}, "linalg.slogdet");
  return {r[0], r[1]};
}
Tensor logdet(const Tensor& A) { return determinants(A, {DetPart::LogDet}, "logdet")[0]; }

// ---- inverse and solve ----

// inv(A) as the solution of A X = I, and getrf's statuses (batch shape).
std::pair<Tensor, Tensor> inverse(const Tensor& A, const char* op, bool check) {
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  checkSquare(A, op);
  const DimVector batch = batchOf(A);
  const Lu f = luFactor(A, true, on, op);
  if (check) {
    const auto [info, at] = firstFailure(f.info);
    JS_CHECK(info == 0, op, ": The diagonal element ", info, " is zero, the inversion could not be completed because "
             "the input matrix is singular.");
  }
  Dense x = emptyDense(f.lu.B, f.lu.rows, f.lu.rows, on);
  launchIdentity(x.mat(0), x.B, x.rows, x.rows, on.stream);
  luSolveInPlace(f.lu, f.pivots, x, false, on, op);
  return {rowMajor(x, batch, A.dtype(), on), intsShaped(f.info, batch)};
}

Tensor linalgInv(const Tensor& A) { return inverse(A, "linalg.inv", true).first; }
std::tuple<Tensor, Tensor> invEx(const Tensor& A, bool check_errors) {
  auto [inv, info] = inverse(A, "linalg.inv_ex", check_errors);
  return {std::move(inv), std::move(info)};
}

// Solves AX = B (XA = B when !left), broadcasting batches, as the CPU kernel.
// With `ex` singular matrices give NaN and their status instead of an error.
std::pair<Tensor, Tensor> solve(const Tensor& A, const Tensor& B_in, bool left, bool ex) {
  JS_CHECK(A.dtype() == B_in.dtype(), "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
           scalarTypeName(A.dtype()), " and B of type ", scalarTypeName(B_in.dtype()), " instead");
  if (!left) {
    auto [Xt, info] = solve(A.transpose(-2, -1), B_in.transpose(-2, -1), true, ex);
    return {Xt.transpose(-2, -1), info};
  }
  OnDevice on(deviceOf({&A, &B_in}, "linalg.solve"));
  JS_CHECK(A.dim() >= 2 && A.size(-1) == A.size(-2), "linalg.solve: A must be batches of square matrices, but got ",
           shapeToString(A.sizes()));
  checkFloatMatrix(A, "linalg.solve");
  const int64_t n = A.size(-1);
  const bool vec = B_in.dim() == 1 || (B_in.dim() == A.dim() - 1 && B_in.size(-1) == n);
  const Tensor B = vec ? B_in.unsqueeze(-1) : B_in;
  JS_CHECK(B.size(-2) == n, "linalg.solve: Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(A.sizes()), " and ", shapeToString(B_in.sizes()), ")");
  const int64_t k = B.size(-1);
  const DimVector batch = infer_size(batchOf(A), batchOf(B));
  const Tensor Ae = A.expand(withTail(batch, {n, n}));
  const Lu f = luFactor(Ae, true, on, "linalg.solve");
  if (!ex) {
    const auto [info, at] = firstFailure(f.info);
    JS_CHECK(info == 0, "torch.linalg.solve: The diagonal element ", info, " is zero, the solve could not be "
             "completed because the input matrix is singular.");
  }
  Dense x = columnMajor(B, batch, on);
  luSolveInPlace(f.lu, f.pivots, x, false, on, "linalg.solve");
  // PyTorch leaves a singular matrix's solution unspecified; NaN, as the CPU.
  if (ex) launchNanWhereFailed(x.mat(0), ints(f.info), x.B, n * k, on.stream);
  Tensor X = rowMajor(x, batch, A.dtype(), on);
  return {vec ? X.squeeze(-1) : X, intsShaped(f.info, batch)};
}

Tensor linalgSolve(const Tensor& A, const Tensor& B, bool left) { return solve(A, B, left, false).first; }
std::tuple<Tensor, Tensor> solveEx(const Tensor& A, const Tensor& B, bool left, bool check_errors) {
  auto [X, info] = solve(A, B, left, true);
  if (check_errors)
    JS_CHECK(firstFailure(info).first == 0,
             "torch.linalg.solve_ex: The solver failed because the input matrix is singular.");
  return {std::move(X), std::move(info)};
}

// ---- LU factor, unpack, solve ----

std::tuple<Tensor, Tensor, Tensor> luFactorOut(const Tensor& A, bool pivot, bool check, const char* op) {
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  const DimVector batch = batchOf(A);
  const Lu f = luFactor(A, pivot, on, op);
  if (check) {
    const auto [info, at] = firstFailure(f.info);
    JS_CHECK(info == 0, op, ": U[", info, ",", info, "] is zero, singular U.");
  }
  const int64_t k = std::min(f.lu.rows, f.lu.cols);
  return {rowMajor(f.lu, batch, A.dtype(), on), intsShaped(f.pivots, withTail(batch, {k})), intsShaped(f.info, batch)};
}

std::tuple<Tensor, Tensor> linalgLuFactor(const Tensor& A, bool pivot) {
  auto [LU, piv, info] = luFactorOut(A, pivot, false, "linalg.lu_factor");
  return {std::move(LU), std::move(piv)};
}
std::tuple<Tensor, Tensor, Tensor> luFactorEx(const Tensor& A, bool pivot, bool check_errors) {
  return luFactorOut(A, pivot, check_errors, "linalg.lu_factor_ex");
}

// The row permutations of LAPACK pivots (k swaps over m rows), computed and
// checked on the host: (P^T A)[i] = A[perm[i]].
std::vector<int64_t> permutations(const Tensor& pivots, int64_t B, int64_t k, int64_t m) {
  const std::vector<int32_t> piv = hostInts(pivots);
  std::vector<int64_t> perm(static_cast<size_t>(B * m));
  for (int64_t b = 0; b < B; ++b) {
    int64_t* p = perm.data() + b * m;
    for (int64_t i = 0; i < m; ++i) p[i] = i;
    for (int64_t i = 0; i < k; ++i) {
      const int64_t j = piv[static_cast<size_t>(b * k + i)] - 1;
      JS_CHECK(j >= 0 && j < m, "lu_unpack: pivots must be between 1 and ", m, ", got ", j + 1);
      std::swap(p[i], p[j]);
    }
  }
  return perm;
}

// (P, L, U) from packed factors; the parts not asked for are empty.
std::tuple<Tensor, Tensor, Tensor> unpack(const Dense& lu, const Tensor& pivots, IntArrayRef batch, bool data,
                                          bool perm, ScalarType dt, const OnDevice& on) {
  const int64_t m = lu.rows, n = lu.cols, k = std::min(m, n);
  Tensor P = emptyOnDevice({0}, dt, on.device), L = P, U = P;
  if (data) {
    Dense l = emptyDense(lu.B, m, k, on), u = emptyDense(lu.B, k, n, on);
    if (lu.B > 0) {
      launchTriangle(lu.mat(0), lu.ld(), m * n, l.mat(0), lu.B, m, k, Triangle::UnitLower, on.stream);
      launchTriangle(lu.mat(0), lu.ld(), m * n, u.mat(0), lu.B, k, n, Triangle::Upper, on.stream);
    }
    L = rowMajor(l, batch, dt, on);
    U = rowMajor(u, batch, dt, on);
  }
  if (perm) {
    const Tensor order = longsOnDevice(permutations(pivots, lu.B, k, m), {lu.B, m}, on);
    Tensor p = emptyOnDevice(withTail(DimVector(batch.begin(), batch.end()), {m, m}), ScalarType::Double, on.device);
    launchPermutationMatrix(static_cast<const int64_t*>(order.unsafeGetImpl()->deviceData()), lu.B, m, doubles(p),
                            on.stream);
    P = castOnDevice(p, dt, on);
  }
  return {P, L, U};
}

std::tuple<Tensor, Tensor, Tensor> luUnpack(const Tensor& LU, const Tensor& pivots, bool data, bool perm) {
  OnDevice on(deviceOf({&LU, &pivots}, "lu_unpack"));
  checkFloatMatrix(LU, "lu_unpack");
  const int64_t k = std::min(LU.size(-2), LU.size(-1));
  JS_CHECK(pivots.dim() >= 1 && pivots.size(-1) == k, "lu_unpack: expected pivots with last dim ", k, ", got ",
           shapeToString(pivots.sizes()));
  const DimVector batch = batchOf(LU);
  const Tensor piv = perm ? cloneOnDevice(castOnDevice(pivots, ScalarType::Int, on).expand(withTail(batch, {k})), on)
                          : Tensor();
  return unpack(columnMajor(LU, batch, on), piv, batch, data, perm, LU.dtype(), on);
}

std::tuple<Tensor, Tensor, Tensor> linalgLu(const Tensor& A, bool pivot) {
  OnDevice on(deviceOf({&A}, "linalg.lu"));
  checkFloatMatrix(A, "linalg.lu");
  const Lu f = luFactor(A, pivot, on, "linalg.lu");
  return unpack(f.lu, f.pivots, batchOf(A), true, true, A.dtype(), on);
}

// Solves A X = B (adjoint: A^T X = B) from A's LU factors, broadcasting batches.
Tensor luSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool adjoint, const char* op) {
  OnDevice on(deviceOf({&LU, &pivots, &B}, op));
  JS_CHECK(LU.dim() >= 2 && LU.size(-1) == LU.size(-2), op, ": LU must be batches of square matrices, got ",
           shapeToString(LU.sizes()));
  JS_CHECK(B.dim() >= 2 && B.size(-2) == LU.size(-1), op, ": Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(LU.sizes()), " and ", shapeToString(B.sizes()), ")");
  checkFloatMatrix(LU, op, "LU");
  checkFloatMatrix(B, op, "B");
  const int64_t n = LU.size(-1);
  const DimVector batch = infer_size(batchOf(LU), batchOf(B));
  const Tensor piv =
      cloneOnDevice(castOnDevice(pivots, ScalarType::Int, on).expand(withTail(batch, {n})), on);
  (void)permutations(piv, numelOf(batch), n, n);  // the range check
  const Dense lu = columnMajor(LU, batch, on);
  Dense x = columnMajor(B, batch, on);
  luSolveInPlace(lu, piv, x, adjoint, on, op);
  return rowMajor(x, batch, promoteTypes(LU.dtype(), B.dtype()), on);
}

Tensor legacyLuSolve(const Tensor& B, const Tensor& LU, const Tensor& pivots) {
  return luSolve(LU, pivots, B, false, "lu_solve");
}
Tensor linalgLuSolve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  // X A = B  <=>  A^T X^T = B^T.
  if (left) return luSolve(LU, pivots, B, adjoint, "linalg.lu_solve");
  return luSolve(LU, pivots, B.transpose(-2, -1), !adjoint, "linalg.lu_solve").transpose(-2, -1);
}

// ---- triangular solves ----

// Solves op(A) X = B for triangular A (n x n) and B (n x k), broadcasting
// batches: cuBLAS trsm per batch entry.
Tensor triSolve(const Tensor& A, const Tensor& B, bool upper, bool trans, bool unit, const char* op) {
  OnDevice on(deviceOf({&A, &B}, op));
  JS_CHECK(A.dim() >= 2 && B.dim() >= 2, op, ": expected A and B to have at least 2 dimensions, got ",
           shapeToString(A.sizes()), " and ", shapeToString(B.sizes()));
  const int64_t n = A.size(-1), k = B.size(-1);
  JS_CHECK(A.size(-2) == n && B.size(-2) == n, op, ": Incompatible shapes of A and B for the equation AX = B (",
           shapeToString(A.sizes()), " and ", shapeToString(B.sizes()), ")");
  checkFloatMatrix(A, op);
  checkFloatMatrix(B, op, "B");
  const DimVector batch = infer_size(batchOf(A), batchOf(B));
  const Dense a = columnMajor(A, batch, on);
  Dense x = columnMajor(B, batch, on);
  if (x.B > 0 && n > 0 && k > 0) {
    const int N = asInt(n, op), K = asInt(k, op);
    cublasHandle_t h = cublasHandle(OnDevice::index(on.device));
    const double one = 1.0;
    for (int64_t b = 0; b < x.B; ++b) {
      JS_CUBLAS_CHECK(cublas().cublasDtrsm_v2(h, CUBLAS_SIDE_LEFT, upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER,
                                              trans ? CUBLAS_OP_T : CUBLAS_OP_N,
                                              unit ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT, N, K, &one, a.mat(b),
                                              a.ld(), x.mat(b), x.ld()));
    }
    countDeviceKernelLaunches(static_cast<uint64_t>(x.B));
  }
  return rowMajor(x, batch, promoteTypes(A.dtype(), B.dtype()), on);
}

std::tuple<Tensor, Tensor> triangularSolve(const Tensor& self, const Tensor& A, bool upper, bool transpose,
                                           bool unitriangular) {
  OnDevice on(deviceOf({&self, &A}, "triangular_solve"));
  Tensor X = triSolve(A, self, upper, transpose, unitriangular, "triangular_solve");
  return {std::move(X), cloneOnDevice(A, on)};
}
Tensor solveTriangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unit) {
  // XA = B  <=>  A^T X^T = B^T.
  if (left) return triSolve(A, B, upper, false, unit, "linalg.solve_triangular");
  return triSolve(A, B.transpose(-2, -1), upper, true, unit, "linalg.solve_triangular").transpose(-2, -1);
}

// ---- Cholesky ----

// potrf of each matrix's lower triangle; the factor L with its upper
// triangle zeroed, and the statuses (k > 0: minor k not positive-definite).
std::pair<Dense, Tensor> choleskyFactor(const Tensor& A, const OnDevice& on, const char* op) {
  Dense l = columnMajor(A, batchOf(A), on);
  Tensor info = fullOnDevice({l.B}, Scalar(int64_t{0}), ScalarType::Int, on);
  const int64_t n = l.rows;
  if (l.B == 0 || n == 0) return {l, info};
  const int N = asInt(n, op);
  cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
  int lwork = 0;
  JS_CUSOLVER_CHECK(cusolver().cusolverDnDpotrf_bufferSize(h, CUBLAS_FILL_MODE_LOWER, N, l.mat(0), l.ld(), &lwork));
  const Tensor work = workspace(lwork, ScalarType::Double, on);
  for (int64_t b = 0; b < l.B; ++b)
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDpotrf(h, CUBLAS_FILL_MODE_LOWER, N, l.mat(b), l.ld(), doubles(work), lwork,
                                                  ints(info) + b));
  countDeviceKernelLaunches(static_cast<uint64_t>(l.B));
  launchTriangle(l.mat(0), l.ld(), n * n, l.mat(0), l.B, n, n, Triangle::Lower, on.stream);
  return {l, info};
}

std::pair<Tensor, Tensor> cholesky(const Tensor& A, bool upper, bool check, const char* op) {
  OnDevice on(deviceOf({&A}, op));
  checkFloatMatrix(A, op);
  checkSquare(A, op);
  auto [l, info] = choleskyFactor(A, on, op);
  if (check) {
    const auto [bad, at] = firstFailure(info);
    JS_CHECK(bad == 0, op, ": The factorization could not be completed because the input is not positive-definite "
             "(the leading minor of order ", bad, " is not positive-definite).");
  }
  const DimVector batch = batchOf(A);
  // Column-major L read row-major is L^T = U.
  Tensor F = upper ? castOnDevice(transposedView(l, batch), A.dtype(), on) : rowMajor(l, batch, A.dtype(), on);
  return {F, intsShaped(info, batch)};
}

Tensor linalgCholesky(const Tensor& A, bool upper) { return cholesky(A, upper, true, "linalg.cholesky").first; }
Tensor legacyCholesky(const Tensor& A, bool upper) { return cholesky(A, upper, true, "cholesky").first; }
std::tuple<Tensor, Tensor> choleskyEx(const Tensor& A, bool upper, bool check_errors) {
  auto [F, info] = cholesky(A, upper, check_errors, "linalg.cholesky_ex");
  return {std::move(F), std::move(info)};
}

// Solves A X = B with A = F F^T (lower) or F^T F (upper): potrs.
Tensor choleskySolve(const Tensor& B, const Tensor& F, bool upper) {
  const char* op = "cholesky_solve";
  OnDevice on(deviceOf({&B, &F}, op));
  checkFloatMatrix(F, op);
  checkFloatMatrix(B, op, "B");
  JS_CHECK(F.size(-1) == F.size(-2) && B.size(-2) == F.size(-1), op,
           ": Incompatible shapes of A and B for the equation AX = B (", shapeToString(F.sizes()), " and ",
           shapeToString(B.sizes()), ")");
  const DimVector batch = infer_size(batchOf(F), batchOf(B));
  const Dense f = columnMajor(F, batch, on);
  Dense x = columnMajor(B, batch, on);
  const int64_t n = f.rows, k = x.cols;
  if (x.B > 0 && n > 0 && k > 0) {
    const int N = asInt(n, op), K = asInt(k, op);
    cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
    const Tensor info = workspace(1, ScalarType::Int, on);
    for (int64_t b = 0; b < x.B; ++b)
      JS_CUSOLVER_CHECK(cusolver().cusolverDnDpotrs(h, upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER, N, K,
                                                    f.mat(b), f.ld(), x.mat(b), x.ld(), ints(info)));
    countDeviceKernelLaunches(static_cast<uint64_t>(x.B));
  }
  return rowMajor(x, batch, promoteTypes(F.dtype(), B.dtype()), on);
}

// inv(F F^T) (or inv(F^T F)): potri fills one triangle, mirrored after.
Tensor choleskyInverse(const Tensor& F, bool upper) {
  const char* op = "cholesky_inverse";
  OnDevice on(deviceOf({&F}, op));
  checkFloatMatrix(F, op);
  checkSquare(F, op);
  const DimVector batch = batchOf(F);
  Dense a = columnMajor(F, batch, on);
  const int64_t n = a.rows;
  if (a.B > 0 && n > 0) {
    const int N = asInt(n, op);
    const cublasFillMode_t uplo = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
    cusolverDnHandle_t h = cusolverHandle(OnDevice::index(on.device));
    int lwork = 0;
    JS_CUSOLVER_CHECK(cusolver().cusolverDnDpotri_bufferSize(h, uplo, N, a.mat(0), a.ld(), &lwork));
    const Tensor work = workspace(lwork, ScalarType::Double, on);
    const Tensor info = fullOnDevice({a.B}, Scalar(int64_t{0}), ScalarType::Int, on);
    for (int64_t b = 0; b < a.B; ++b)
      JS_CUSOLVER_CHECK(
          cusolver().cusolverDnDpotri(h, uplo, N, a.mat(b), a.ld(), doubles(work), lwork, ints(info) + b));
    countDeviceKernelLaunches(static_cast<uint64_t>(a.B));
    const auto [bad, at] = firstFailure(info);
    JS_CHECK(bad == 0, op, ": The diagonal element ", bad, " is zero, the inversion could not be completed because "
             "the input matrix is singular.");
    launchTriangle(a.mat(0), a.ld(), n * n, a.mat(0), a.B, n, n,
                   upper ? Triangle::SymmetricFromUpper : Triangle::SymmetricFromLower, on.stream);
  }
  return rowMajor(a, batch, F.dtype(), on);
}

// ---- matrix_power over matmul and inv ----

Tensor matrixPower(const Tensor& a, int64_t n) {
  JS_CHECK(a.dim() >= 2 && a.size(-1) == a.size(-2), "linalg.matrix_power: A must be batches of square matrices, but "
           "they are ", a.dim() >= 2 ? a.size(-2) : 0, " by ", a.dim() >= 1 ? a.size(-1) : 0, " matrices");
  OnDevice on(deviceOf({&a}, "linalg.matrix_power"));
  if (n == 0) {
    Dense eye = emptyDense(numelOf(batchOf(a)), a.size(-1), a.size(-1), on);
    if (eye.B > 0) launchIdentity(eye.mat(0), eye.B, eye.rows, eye.rows, on.stream);
    return castOnDevice(transposedView(eye, batchOf(a)), a.dtype(), on);
  }
  Tensor base = a;
  if (n < 0) {
    JS_CHECK(isFloatingType(a.dtype()),
             "linalg.matrix_power: inverse of an integer matrix is not supported (a negative n needs a floating dtype)");
    base = linalgInv(a);
    n = -n;
  }
  Tensor result;
  while (n > 0) {
    if (n & 1) result = result.defined() ? callOp<"aten::matmul", Tensor>(result, base) : cloneOnDevice(base, on);
    n >>= 1;
    if (n > 0) base = callOp<"aten::matmul", Tensor>(base, base);
  }
  return result;
}

// ---- tensor inverse and solve, over inv and matmul in double ----

int64_t product(const int64_t* b, const int64_t* e) {
  int64_t p = 1;
  for (; b != e; ++b) p *= *b;
  return p;
}

Tensor tensorinv(const Tensor& A, int64_t ind) {
  OnDevice on(deviceOf({&A}, "linalg.tensorinv"));
  JS_CHECK(A.dtype() == ScalarType::Float || A.dtype() == ScalarType::Double,
           "linalg.tensorinv: Expected a floating point tensor as input. Got ", scalarTypeName(A.dtype()));
  JS_CHECK(ind > 0, "Expected a strictly positive integer for 'ind', but got ", ind);
  JS_CHECK(ind <= A.dim(), "linalg.tensorinv: ind (", ind, ") exceeds the number of dimensions (", A.dim(), ")");
  const IntArrayRef sizes = A.sizes();
  const int64_t rows = product(sizes.begin(), sizes.begin() + ind);
  const int64_t cols = product(sizes.begin() + ind, sizes.end());
  JS_CHECK(rows == cols, "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
           "but got ", cols, " != ", rows);
  DimVector outShape(sizes.begin() + ind, sizes.end());
  outShape.insert(outShape.end(), sizes.begin(), sizes.begin() + ind);
  const Tensor inv = linalgInv(cloneOnDevice(castOnDevice(A, ScalarType::Double, on), on).view({rows, cols}));
  return castOnDevice(inv, A.dtype(), on).view(outShape);
}

Tensor tensorsolve(const Tensor& A_in, const Tensor& B, std::optional<std::vector<int64_t>> dims) {
  OnDevice on(deviceOf({&A_in, &B}, "linalg.tensorsolve"));
  JS_CHECK(A_in.dtype() == ScalarType::Float || A_in.dtype() == ScalarType::Double,
           "linalg.tensorsolve: Expected a floating point tensor as input. Got ", scalarTypeName(A_in.dtype()));
  JS_CHECK(A_in.dtype() == B.dtype(), "linalg.tensorsolve: Expected self and other to have the same dtype, but got ",
           scalarTypeName(A_in.dtype()), " and ", scalarTypeName(B.dtype()));
  Tensor A = A_in;
  if (dims) {
    std::vector<int64_t> moved, perm;
    for (int64_t d : *dims) moved.push_back(maybe_wrap_dim(d, A.dim()));
    for (int64_t d = 0; d < A.dim(); ++d)
      if (std::find(moved.begin(), moved.end(), d) == moved.end()) perm.push_back(d);
    perm.insert(perm.end(), moved.begin(), moved.end());
    A = A.permute(perm);
  }
  JS_CHECK(B.dim() <= A.dim() && std::equal(B.sizes().begin(), B.sizes().end(), A.sizes().begin()),
           "linalg.tensorsolve: Expected other's shape ", shapeToString(B.sizes()),
           " to be a prefix of the (permuted) input's shape ", shapeToString(A.sizes()));
  const DimVector rest(A.sizes().begin() + B.dim(), A.sizes().end());
  const int64_t n = B.numel(), m = product(rest.data(), rest.data() + rest.size());
  JS_CHECK(n == m, "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == "
           "prod(self.shape[:other.ndim]), but got ", m, " != ", n);
  const DimVector outShape(rest.begin(), rest.end());
  const Tensor inv = linalgInv(cloneOnDevice(castOnDevice(A, ScalarType::Double, on), on).view({n, m}));
  const Tensor b = cloneOnDevice(castOnDevice(B, ScalarType::Double, on), on).view({n});
  return castOnDevice(callOp<"aten::matmul", Tensor>(inv, b), A.dtype(), on).view(outShape);
}

}  // namespace

const CudaTable kCudaLuOps = {
    row<det>("aten::linalg_det"),
    row<det>("aten::det"),
    row<slogdet>("aten::linalg_slogdet"),
    row<slogdet>("aten::slogdet"),
    row<logdet>("aten::logdet"),
    row<linalgInv>("aten::linalg_inv"),
    row<linalgInv>("aten::inverse"),
    row<invEx>("aten::linalg_inv_ex"),
    row<linalgSolve>("aten::linalg_solve"),
    row<solveEx>("aten::linalg_solve_ex"),
    row<linalgLuFactor>("aten::linalg_lu_factor"),
    row<luFactorEx>("aten::linalg_lu_factor_ex"),
    row<luFactorEx>("aten::_lu_with_info"),
    row<linalgLu>("aten::linalg_lu"),
    row<luUnpack>("aten::lu_unpack"),
    row<legacyLuSolve>("aten::lu_solve"),
    row<linalgLuSolve>("aten::linalg_lu_solve"),
    row<triangularSolve>("aten::triangular_solve"),
    row<solveTriangular>("aten::linalg_solve_triangular"),
    row<linalgCholesky>("aten::linalg_cholesky"),
    row<legacyCholesky>("aten::cholesky"),
    row<choleskyEx>("aten::linalg_cholesky_ex"),
    row<choleskySolve>("aten::cholesky_solve"),
    row<choleskyInverse>("aten::cholesky_inverse"),
    row<matrixPower>("aten::linalg_matrix_power"),
    row<matrixPower>("aten::matrix_power"),
    row<tensorinv>("aten::linalg_tensorinv"),
    row<tensorsolve>("aten::linalg_tensorsolve"),
};

}  // namespace jitserve::cuda
