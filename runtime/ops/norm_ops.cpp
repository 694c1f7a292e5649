// Matrix norms over two dims (d0 = rows, d1 = columns):
//   fro: sqrt(sum x^2)           nuc: sum of singular values
//   2 / -2: largest / smallest singular value
//   1 / -1: max / min over columns of the column abs sums
//   inf / -inf: max / min over rows of the row abs sums
// The singular-value orders move (d0, d1) to the end and call the SVD; the
// others are composed from reductions so they keep dims in place.
#include "runtime/ops/norm_ops.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_decomp_ops.h"
#include "runtime/ops/op_args.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/unary_ops.h"

namespace jitserve::ops {
namespace {

int64_t wrapDim(int64_t d, int64_t n) {
  JS_CHECK(d >= -std::max<int64_t>(n, 1) && d < std::max<int64_t>(n, 1), "Dimension out of range (expected to be in "
           "range of [", -n, ", ", n - 1, "], but got ", d, ")");
  return d < 0 ? d + n : d;
}

Tensor amin(const Tensor& t, int64_t d, bool keepdim) { return neg(amax(neg(t), {d}, keepdim)); }

// `ord` is "fro", "nuc" or a number spelled as by ordName.
Tensor matrixNorm(const Tensor& x_in, const std::string& ord, std::vector<int64_t> dims, bool keepdim,
                  std::optional<ScalarType> dtype) {
  JS_CHECK(x_in.dim() >= 2, "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
  JS_CHECK(dims.size() == 2, "linalg.matrix_norm: dim must be a 2-tuple. Got ", shapeToString(dims));
  Tensor x = dtype ? x_in.to(*dtype) : x_in;
  JS_CHECK(isFloatingType(x.dtype()), "linalg.matrix_norm: Expected a floating point tensor as input. Got ",
           scalarTypeName(x.dtype()));
  int64_t d0 = wrapDim(dims[0], x.dim()), d1 = wrapDim(dims[1], x.dim());
  JS_CHECK(d0 != d1, "linalg.matrix_norm: dims must be different. Got (", dims[0], ", ", dims[1], ")");
  if (ord == "fro") return vector_norm(x, 2, std::vector<int64_t>{d0, d1}, keepdim, std::nullopt);
  if (ord == "nuc" || ord == "2" || ord == "-2") {
    // Move the matrix dims last, reduce the singular values, then put size-1 dims back for keepdim.
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < x.dim(); ++i)
      if (i != d0 && i != d1) perm.push_back(i);
    perm.push_back(d0);
    perm.push_back(d1);
    Tensor sv = svdvals(x.permute(perm));
    Tensor r;
    if (ord == "nuc") r = sum(sv, {-1 + sv.dim()}, false);
    else if (ord == "2") r = amax(sv, {sv.dim() - 1}, false);
    else r = amin(sv, sv.dim() - 1, false);
    if (keepdim) {
      for (int64_t d : {std::min(d0, d1), std::max(d0, d1)}) r = r.unsqueeze(d);
    }
    return r;
  }
  const bool rows = ord == "inf" || ord == "-inf";
  const bool want_max = ord == "1" || ord == "inf";
  JS_CHECK(rows || ord == "1" || ord == "-1", "linalg.matrix_norm: Order ", ord, " not supported.");
  // Sum over the other dim first (kept, so the remaining index is unchanged), then the extreme.
  const int64_t summed = rows ? d1 : d0, extreme = rows ? d0 : d1;
  Tensor sums = sum(abs(x), {summed}, true);
  Tensor r = want_max ? amax(sums, {extreme}, true) : amin(sums, extreme, true);
  if (!keepdim) r = r.squeeze(std::max(d0, d1)).squeeze(std::min(d0, d1));
  return r;
}

std::string ordName(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  JS_CHECK(v == 1 || v == -1 || v == 2 || v == -2, "linalg.matrix_norm: Order ", v, " not supported.");
  return std::to_string(static_cast<int>(v));
}

void k_matrix_norm(Stack& s) {
  Args a(s, 5);
  a.ret(matrixNorm(a.tensor(0), ordName(a.scalar(1).toDouble()), a.intList(2), a.toBool(3), a.optScalarType(4)));
}
void k_matrix_norm_str(Stack& s) {
  Args a(s, 5);
  const std::string ord(a.str(1));
  JS_CHECK(ord == "fro" || ord == "nuc", "linalg.matrix_norm: Order ", ord, " not supported.");
  a.ret(matrixNorm(a.tensor(0), ord, a.intList(2), a.toBool(3), a.optScalarType(4)));
}

// linalg.norm: a vector norm for one dim (or a flattened input without ord),
// a matrix norm for two dims (or a 2-D input with ord).
Tensor linalgNorm(const Tensor& x, const std::optional<std::string>& mat_ord, std::optional<double> vec_ord,
                  const std::optional<std::vector<int64_t>>& dim, bool keepdim, std::optional<ScalarType> dtype) {
  const bool has_ord = mat_ord.has_value() || vec_ord.has_value();
  if (dim) {
    JS_CHECK(dim->size() == 1 || dim->size() == 2, "linalg.norm: If dim is specified, it must be of length 1 or 2. "
             "Got ", shapeToString(*dim));
  } else if (has_ord) {
    JS_CHECK(x.dim() == 1 || x.dim() == 2, "linalg.norm: If dim is not specified but ord is, the input must be 1D or "
             "2D. Got ", x.dim(), "D.");
  }
  const bool matrix = dim ? dim->size() == 2 : (has_ord && x.dim() == 2);
  if (matrix) {
    const std::vector<int64_t> dims = dim ? *dim : std::vector<int64_t>{0, 1};
    const std::string ord = mat_ord ? *mat_ord : vec_ord ? ordName(*vec_ord) : "fro";
    return matrixNorm(x, ord, dims, keepdim, dtype);
  }
  JS_CHECK(!mat_ord, "linalg.norm: ord ", mat_ord.value_or(""), " requires a 2-D input or two dims");
  return vector_norm(x, vec_ord.value_or(2.0), dim, keepdim, dtype);
}

void k_linalg_norm(Stack& s) {
  Args a(s, 5);
  std::optional<double> ord;
  if (!a.isNone(1)) ord = a.scalar(1).toDouble();
  a.ret(linalgNorm(a.tensor(0), std::nullopt, ord, a.optIntList(2), a.toBool(3), a.optScalarType(4)));
}
void k_linalg_norm_str(Stack& s) {
  Args a(s, 5);
  a.ret(linalgNorm(a.tensor(0), std::string(a.str(1)), std::nullopt, a.optIntList(2), a.toBool(3),
                   a.optScalarType(4)));
}
void k_nuclear_norm(Stack& s) {
  Args a(s, 2);
  JS_CHECK(a.tensor(0).dim() == 2, "nuclear_norm: Expected a 2-D tensor, got ", a.tensor(0).dim(), "-D");
  a.ret(matrixNorm(a.tensor(0), "nuc", {0, 1}, a.toBool(1), std::nullopt));
}
void k_nuclear_norm_dim(Stack& s) {
  Args a(s, 3);
  a.ret(matrixNorm(a.tensor(0), "nuc", a.intList(1), a.toBool(2), std::nullopt));
}

// out= forms: write the result into `out` (resized to the result's shape) and return it.
void writeOut(Args& a, size_t out_index, const Tensor& result) {
  Tensor out = a.tensor(out_index);
  if (!std::equal(out.sizes().begin(), out.sizes().end(), result.sizes().begin(), result.sizes().end()))
    out.resize_(result.sizes());
  out.copy_(result);
  a.ret(std::move(out));
}
void k_norm_out(Stack& s) {
  Args a(s, 5);
  const double p = a.isNone(1) ? 2.0 : a.scalar(1).toDouble();
  writeOut(a, 4, vector_norm(a.tensor(0), p, a.intList(2), a.toBool(3), std::nullopt));
}
void k_norm_dtype_out(Stack& s) {
  Args a(s, 6);
  const double p = a.isNone(1) ? 2.0 : a.scalar(1).toDouble();
  writeOut(a, 5, vector_norm(a.tensor(0), p, a.intList(2), a.toBool(3), a.optScalarType(4)));
}
void k_nuclear_norm_out(Stack& s) {
  Args a(s, 3);
  JS_CHECK(a.tensor(0).dim() == 2, "nuclear_norm: Expected a 2-D tensor, got ", a.tensor(0).dim(), "-D");
  writeOut(a, 2, matrixNorm(a.tensor(0), "nuc", {0, 1}, a.toBool(1), std::nullopt));
}
void k_nuclear_norm_dim_out(Stack& s) {
  Args a(s, 4);
  writeOut(a, 3, matrixNorm(a.tensor(0), "nuc", a.intList(1), a.toBool(2), std::nullopt));
}
void k_frobenius_norm_out(Stack& s) {
  Args a(s, 4);
  writeOut(a, 3, vector_norm(a.tensor(0), 2.0, a.intList(1), a.toBool(2), std::nullopt));
}

// dist(a, b, p) = ||a - b||_p over all elements (broadcast).
void k_dist(Stack& s) {
  Args a(s, 3);
  a.ret(vector_norm(sub(a.tensor(0), a.tensor(1)), a.scalar(2).toDouble(), std::nullopt, false, std::nullopt));
}

// renorm: each slice along dim whose p-norm exceeds maxnorm is scaled down to
// maxnorm (by maxnorm / (norm + 1e-7), as PyTorch does).
void k_renorm(Stack& s) {
  Args a(s, 4);
  const Tensor& self = a.tensor(0);
  const double p = a.scalar(1).toDouble(), maxnorm = a.scalar(3).toDouble();
  JS_CHECK(!self.is_complex() && isFloatingType(self.dtype()), "renorm: expected a floating point input, got ",
           scalarTypeName(self.dtype()));
  JS_CHECK(p > 0, "renorm: non-positive-norm not supported");
  JS_CHECK(maxnorm >= 0, "renorm: expected maxnorm to be >= 0 but got ", maxnorm);
  JS_CHECK(self.dim() > 1, "renorm: input needs at least 2 dimensions, got ", self.dim(), " dimensions");
  const int64_t dim = maybe_wrap_dim(a.toInt(2), self.dim());
  std::vector<int64_t> others;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) others.push_back(d);
  Tensor norms = vector_norm(self, p, others, true, std::nullopt).to(ScalarType::Double, true).contiguous();
  double* np = norms.data<double>();
  for (int64_t i = 0; i < norms.numel(); ++i) np[i] = np[i] > maxnorm ? maxnorm / (np[i] + 1e-7) : 1.0;
  a.ret(mul(self, norms.to(self.dtype())));
}

// norm_except_dim(v, pow, dim): the norm over every dim but `dim`, shaped
// to broadcast against v (weight norm's ||v||); dim = -1 means over all.
Tensor normExceptDim(const Tensor& v, int64_t pow, int64_t dim) {
  if (dim == -1) return vector_norm(v, static_cast<double>(pow), std::nullopt, false, std::nullopt);
  const int64_t d = maybe_wrap_dim(dim, v.dim());
  std::vector<int64_t> others;
  for (int64_t i = 0; i < v.dim(); ++i)
    if (i != d) others.push_back(i);
  return vector_norm(v, static_cast<double>(pow), others, true, std::nullopt);
}
void k_norm_except_dim(Stack& s) {
  Args a(s, 3);
  a.ret(normExceptDim(a.tensor(0), a.toInt(1), a.toInt(2)));
}
// _weight_norm(v, g, dim): v * (g / ||v||), what torch.nn.utils.weight_norm
// computes on every forward (vocoders, wav2vec-style convs).
void k_weight_norm(Stack& s) {
  Args a(s, 3);
  const Tensor& v = a.tensor(0);
  a.ret(mul(v, div(a.tensor(1), normExceptDim(v, 2, a.toInt(2)))));
}

const OpEntry kNormOps[] = {
    {"aten::norm_except_dim(Tensor v, int pow=2, int dim=0) -> Tensor", k_norm_except_dim,
     "Norm over all dims but one, kept for broadcasting (dim=-1: over all)."},
    {"aten::_weight_norm(Tensor v, Tensor g, int dim=0) -> Tensor", k_weight_norm,
     "Weight normalization: v * g / norm_except_dim(v, 2, dim)."},
    {"aten::linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? "
     "dtype=None) -> Tensor",
     k_matrix_norm, "Matrix norm of order +-1, +-2 or +-inf over two dims."},
    {"aten::linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, "
     "ScalarType? dtype=None) -> Tensor",
     k_matrix_norm_str, "Frobenius or nuclear matrix norm over two dims."},
    {"aten::linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? "
     "dtype=None) -> Tensor",
     k_linalg_norm, "Vector or matrix norm depending on dim and the input rank."},
    {"aten::linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? "
     "dtype=None) -> Tensor",
     k_linalg_norm_str, "Frobenius or nuclear matrix norm via linalg.norm."},
    {"aten::nuclear_norm(Tensor self, bool keepdim=False) -> Tensor", k_nuclear_norm,
     "Sum of the singular values of a 2-D tensor."},
    {"aten::nuclear_norm.dim(Tensor self, int[2] dim, bool keepdim=False) -> Tensor", k_nuclear_norm_dim,
     "Sum of the singular values over two dims."},
    {"aten::norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     k_norm_out, "p-norm over dims written into out."},
    {"aten::norm.dtype_out(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType dtype, Tensor(a!) out) -> "
     "Tensor(a!)",
     k_norm_dtype_out, "p-norm over dims in dtype, written into out."},
    {"aten::nuclear_norm.out(Tensor self, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)", k_nuclear_norm_out,
     "Nuclear norm of a 2-D tensor written into out."},
    {"aten::nuclear_norm.dim_out(Tensor self, int[2] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     k_nuclear_norm_dim_out, "Nuclear norm over two dims written into out."},
    {"aten::frobenius_norm.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
     k_frobenius_norm_out, "Frobenius norm over dims written into out."},
    {"aten::dist(Tensor self, Tensor other, Scalar p=2) -> Tensor", k_dist, "p-norm of self - other."},
    {"aten::renorm(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor", k_renorm,
     "Rescales slices along dim whose p-norm exceeds maxnorm."},
};

}  // namespace

void registerNormOps(OperatorRegistry& registry) { registerOpEntries(registry, kNormOps); }

}  // namespace jitserve::ops
