// Matrix norms over two dims (d0 = rows, d1 = columns):
//   fro: sqrt(sum x^2)           nuc: sum of singular values
//   2 / -2: largest / smallest singular value
//   1 / -1: max / min over columns of the column abs sums
//   inf / -inf: max / min over rows of the row abs sums
// The singular-value orders move (d0, d1) to the end and call the SVD; the
// others are composed from reductions so they keep dims in place.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_decomp_ops.h"
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

Tensor matrixNormOrd(const Tensor& self, const Scalar& ord, std::vector<int64_t> dim, bool keepdim,
                     std::optional<ScalarType> dtype) {
  return matrixNorm(self, ordName(ord.toDouble()), std::move(dim), keepdim, dtype);
}
Tensor matrixNormStr(const Tensor& self, std::string_view ord_arg, std::vector<int64_t> dim, bool keepdim,
                     std::optional<ScalarType> dtype) {
  const std::string ord(ord_arg);
  JS_CHECK(ord == "fro" || ord == "nuc", "linalg.matrix_norm: Order ", ord, " not supported.");
  return matrixNorm(self, ord, std::move(dim), keepdim, dtype);
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

Tensor linalgNormOrd(const Tensor& self, std::optional<Scalar> ord, std::optional<std::vector<int64_t>> dim,
                     bool keepdim, std::optional<ScalarType> dtype) {
  std::optional<double> vec_ord;
  if (ord) vec_ord = ord->toDouble();
  return linalgNorm(self, std::nullopt, vec_ord, dim, keepdim, dtype);
}
Tensor linalgNormStr(const Tensor& self, std::string_view ord, std::optional<std::vector<int64_t>> dim, bool keepdim,
                     std::optional<ScalarType> dtype) {
  return linalgNorm(self, std::string(ord), std::nullopt, dim, keepdim, dtype);
}
Tensor nuclearNorm(const Tensor& self, bool keepdim) {
  JS_CHECK(self.dim() == 2, "nuclear_norm: Expected a 2-D tensor, got ", self.dim(), "-D");
  return matrixNorm(self, "nuc", {0, 1}, keepdim, std::nullopt);
}
Tensor nuclearNormDim(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return matrixNorm(self, "nuc", std::move(dim), keepdim, std::nullopt);
}

// The functional forms behind the out= overloads (p = None is the 2-norm).
Tensor pNorm(const Tensor& self, std::optional<Scalar> p, std::vector<int64_t> dim, bool keepdim) {
  return vector_norm(self, p ? p->toDouble() : 2.0, dim, keepdim, std::nullopt);
}
Tensor pNormDtype(const Tensor& self, std::optional<Scalar> p, std::vector<int64_t> dim, bool keepdim,
                  ScalarType dtype) {
  return vector_norm(self, p ? p->toDouble() : 2.0, dim, keepdim, dtype);
}
Tensor frobeniusNorm(const Tensor& self, std::vector<int64_t> dim, bool keepdim) {
  return vector_norm(self, 2.0, dim, keepdim, std::nullopt);
}

// dist(a, b, p) = ||a - b||_p over all elements (broadcast).
Tensor dist(const Tensor& self, const Tensor& other, const Scalar& p) {
  return vector_norm(sub(self, other), p.toDouble(), std::nullopt, false, std::nullopt);
}

// renorm: each slice along dim whose p-norm exceeds maxnorm is scaled down to
// maxnorm (by maxnorm / (norm + 1e-7), as PyTorch does).
Tensor renorm(const Tensor& self, const Scalar& p_arg, int64_t dim_arg, const Scalar& maxnorm_arg) {
  const double p = p_arg.toDouble(), maxnorm = maxnorm_arg.toDouble();
  JS_CHECK(!self.is_complex() && isFloatingType(self.dtype()), "renorm: expected a floating point input, got ",
           scalarTypeName(self.dtype()));
  JS_CHECK(p > 0, "renorm: non-positive-norm not supported");
  JS_CHECK(maxnorm >= 0, "renorm: expected maxnorm to be >= 0 but got ", maxnorm);
  JS_CHECK(self.dim() > 1, "renorm: input needs at least 2 dimensions, got ", self.dim(), " dimensions");
  const int64_t dim = maybe_wrap_dim(dim_arg, self.dim());
  std::vector<int64_t> others;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) others.push_back(d);
  Tensor norms = vector_norm(self, p, others, true, std::nullopt).to(ScalarType::Double, true).contiguous();
  double* np = norms.data<double>();
  for (int64_t i = 0; i < norms.numel(); ++i) np[i] = np[i] > maxnorm ? maxnorm / (np[i] + 1e-7) : 1.0;
  return mul(self, norms.to(self.dtype()));
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
// _weight_norm(v, g, dim): v * (g / ||v||), what torch.nn.utils.weight_norm
// computes on every forward (vocoders, wav2vec-style convs).
Tensor weightNorm(const Tensor& v, const Tensor& g, int64_t dim) { return mul(v, div(g, normExceptDim(v, 2, dim))); }

}  // namespace

const OpTable kNormOps = {
    op<normExceptDim>("aten::norm_except_dim(Tensor v, int pow=2, int dim=0) -> Tensor",
                      "Norm over all dims but one, kept for broadcasting (dim=-1: over all)."),
    op<weightNorm>("aten::_weight_norm(Tensor v, Tensor g, int dim=0) -> Tensor",
                   "Weight normalization: v * g / norm_except_dim(v, 2, dim)."),
    op<matrixNormOrd>(
        "aten::linalg_matrix_norm(Tensor self, Scalar ord, int[] dim=[-2, -1], bool keepdim=False, *, ScalarType? "
        "dtype=None) -> Tensor",
        "Matrix norm of order +-1, +-2 or +-inf over two dims."),
    op<matrixNormStr>(
        "aten::linalg_matrix_norm.str_ord(Tensor self, str ord=\"fro\", int[] dim=[-2, -1], bool keepdim=False, *, "
        "ScalarType? dtype=None) -> Tensor",
        "Frobenius or nuclear matrix norm over two dims."),
    op<linalgNormOrd>(
        "aten::linalg_norm(Tensor self, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? "
        "dtype=None) -> Tensor",
        "Vector or matrix norm depending on dim and the input rank."),
    op<linalgNormStr>(
        "aten::linalg_norm.ord_str(Tensor self, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? "
        "dtype=None) -> Tensor",
        "Frobenius or nuclear matrix norm via linalg.norm."),
    op<nuclearNorm>("aten::nuclear_norm(Tensor self, bool keepdim=False) -> Tensor",
                    "Sum of the singular values of a 2-D tensor."),
    op<nuclearNormDim>("aten::nuclear_norm.dim(Tensor self, int[2] dim, bool keepdim=False) -> Tensor",
                       "Sum of the singular values over two dims."),
    op<outFrom<pNorm>>(
        "aten::norm.out(Tensor self, Scalar? p, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
        "p-norm over dims written into out."),
    op<outFrom<pNormDtype>>("aten::norm.dtype_out(Tensor self, Scalar? p, int[1] dim, bool keepdim, *, ScalarType "
                            "dtype, Tensor(a!) out) -> "
                            "Tensor(a!)",
                            "p-norm over dims in dtype, written into out."),
    op<outFrom<nuclearNorm>>("aten::nuclear_norm.out(Tensor self, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
                             "Nuclear norm of a 2-D tensor written into out."),
    op<outFrom<nuclearNormDim>>(
        "aten::nuclear_norm.dim_out(Tensor self, int[2] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
        "Nuclear norm over two dims written into out."),
    op<outFrom<frobeniusNorm>>(
        "aten::frobenius_norm.out(Tensor self, int[1] dim, bool keepdim=False, *, Tensor(a!) out) -> Tensor(a!)",
        "Frobenius norm over dims written into out."),
    op<dist>("aten::dist(Tensor self, Tensor other, Scalar p=2) -> Tensor", "p-norm of self - other."),
    op<renorm>("aten::renorm(Tensor self, Scalar p, int dim, Scalar maxnorm) -> Tensor",
               "Rescales slices along dim whose p-norm exceeds maxnorm."),
};

}  // namespace jitserve::ops
