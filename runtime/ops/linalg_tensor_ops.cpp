// Arithmetic is in double and cast back to the input's dtype.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "runtime/ops/linalg_decomp_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

int64_t prod(std::span<const int64_t> s) {
  int64_t p = 1;
  for (int64_t v : s) p *= v;
  return p;
}

void checkFloating(const Tensor& t, const char* op) {
  JS_CHECK(t.dtype() == ScalarType::Float || t.dtype() == ScalarType::Double, op,
           ": Expected a floating point tensor as input. Got ", scalarTypeName(t.dtype()));
}

// tensorinv(A, ind): A viewed as a prod(shape[:ind]) x prod(shape[ind:])
// matrix, inverted, viewed back as shape[ind:] + shape[:ind].
Tensor tensorinv(const Tensor& A, int64_t ind) {
  checkFloating(A, "linalg.tensorinv");
  JS_CHECK(ind > 0, "Expected a strictly positive integer for 'ind', but got ", ind);
  JS_CHECK(ind <= A.dim(), "linalg.tensorinv: ind (", ind, ") exceeds the number of dimensions (", A.dim(), ")");
  auto sizes = A.sizes();
  const int64_t rows = prod(sizes.subspan(0, static_cast<size_t>(ind)));
  const int64_t cols = prod(sizes.subspan(static_cast<size_t>(ind)));
  JS_CHECK(rows == cols, "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), "
           "but got ", cols, " != ", rows);
  std::vector<int64_t> out_shape(sizes.begin() + ind, sizes.end());
  out_shape.insert(out_shape.end(), sizes.begin(), sizes.begin() + ind);
  Tensor inv = linalg_inv(A.to(ScalarType::Double).reshape({rows, cols}));
  return inv.reshape(out_shape).to(A.dtype());
}

// tensorsolve(A, B, dims): X with tensordot(A, X, X.dim()) == B; dims of A
// listed in `dims` move to the end first.
Tensor tensorsolve(Tensor A, const Tensor& B, std::optional<std::vector<int64_t>> dims) {
  checkFloating(A, "linalg.tensorsolve");
  JS_CHECK(A.dtype() == B.dtype(), "linalg.tensorsolve: Expected self and other to have the same dtype, but got ",
           scalarTypeName(A.dtype()), " and ", scalarTypeName(B.dtype()));
  if (dims) {
    std::vector<int64_t> moved;
    for (int64_t d : *dims) moved.push_back(maybe_wrap_dim(d, A.dim()));
    std::vector<int64_t> perm;
    for (int64_t d = 0; d < A.dim(); ++d)
      if (std::find(moved.begin(), moved.end(), d) == moved.end()) perm.push_back(d);
    perm.insert(perm.end(), moved.begin(), moved.end());
    A = A.permute(perm);
  }
  JS_CHECK(B.dim() <= A.dim() && std::equal(B.sizes().begin(), B.sizes().end(), A.sizes().begin()),
           "linalg.tensorsolve: Expected other's shape ", shapeToString(B.sizes()),
           " to be a prefix of the (permuted) input's shape ", shapeToString(A.sizes()));
  auto rest = A.sizes().subspan(static_cast<size_t>(B.dim()));
  const int64_t n = B.numel(), m = prod(rest);
  JS_CHECK(n == m, "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), "
           "but got ", m, " != ", n);
  std::vector<int64_t> out_shape(rest.begin(), rest.end());
  Tensor inv = linalg_inv(A.to(ScalarType::Double).reshape({n, m}));
  Tensor x = mv(inv, B.to(ScalarType::Double).reshape({n}));
  return x.reshape(out_shape).to(A.dtype());
}

// matrix_exp: scale A by 2^-s so its 1-norm is below 1/2, sum the Taylor
// series to double precision, then square s times.
std::vector<double> expm(const std::vector<double>& A, int64_t n) {
  double norm = 0;
  for (int64_t j = 0; j < n; ++j) {
    double col = 0;
    for (int64_t i = 0; i < n; ++i) col += std::abs(A[static_cast<size_t>(i * n + j)]);
    norm = std::max(norm, col);
  }
  if (!std::isfinite(norm)) return std::vector<double>(A.size(), std::nan(""));
  int squarings = 0;
  if (norm > 0.5) squarings = static_cast<int>(std::ceil(std::log2(norm / 0.5)));
  const double scale = std::ldexp(1.0, -squarings);
  std::vector<double> X(A.size()), term(A.size()), result(A.size(), 0.0), tmp(A.size());
  for (size_t i = 0; i < A.size(); ++i) X[i] = A[i] * scale;
  auto matmul = [n](const std::vector<double>& P, const std::vector<double>& Q, std::vector<double>& R) {
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double acc = 0;
        for (int64_t k = 0; k < n; ++k) acc += P[static_cast<size_t>(i * n + k)] * Q[static_cast<size_t>(k * n + j)];
        R[static_cast<size_t>(i * n + j)] = acc;
      }
  };
  for (int64_t i = 0; i < n; ++i) {
    term[static_cast<size_t>(i * n + i)] = 1;
    result[static_cast<size_t>(i * n + i)] = 1;
  }
  for (int k = 1; k <= 30; ++k) {
    matmul(term, X, tmp);
    double mag = 0;
    for (size_t i = 0; i < tmp.size(); ++i) {
      term[i] = tmp[i] / k;
      result[i] += term[i];
      mag = std::max(mag, std::abs(term[i]));
    }
    if (mag < 1e-18) break;
  }
  for (int s = 0; s < squarings; ++s) {
    matmul(result, result, tmp);
    result.swap(tmp);
  }
  return result;
}

Tensor matrixExp(const Tensor& A) {
  checkFloating(A, "linalg.matrix_exp");
  JS_CHECK(A.dim() >= 2 && A.size(-1) == A.size(-2), "linalg.matrix_exp: A must be batches of square matrices, but "
           "they are ", A.dim() >= 2 ? A.size(-2) : 0, " by ", A.dim() >= 1 ? A.size(-1) : 0, " matrices");
  const int64_t n = A.size(-1);
  Tensor x = A.to(ScalarType::Double).contiguous();
  Tensor out = empty(A.sizes(), ScalarType::Double);
  const int64_t batch = n == 0 ? 0 : A.numel() / (n * n);
  for (int64_t b = 0; b < batch; ++b) {
    const double* p = x.data<double>() + b * n * n;
    std::vector<double> r = expm(std::vector<double>(p, p + n * n), n);
    std::copy(r.begin(), r.end(), out.data<double>() + b * n * n);
  }
  return out.to(A.dtype());
}

}  // namespace

const OpTable kLinalgTensorOps = {
    op<tensorinv>("aten::linalg_tensorinv(Tensor self, int ind=2) -> Tensor",
                  "Inverse of a tensor viewed as a square matrix split at dim ind."),
    op<tensorsolve>("aten::linalg_tensorsolve(Tensor self, Tensor other, int[]? dims=None) -> Tensor",
                    "X with tensordot(self, X, X.ndim) == other."),
    op<matrixExp>("aten::linalg_matrix_exp(Tensor self) -> Tensor", "Matrix exponential (scaling and squaring)."),
    op<matrixExp>("aten::matrix_exp(Tensor self) -> Tensor", "Alias of linalg_matrix_exp."),
};

}  // namespace jitserve::ops
