// Composite linear-algebra and calculus ops. Each is written in terms of the
// elementwise, reduction and matmul operators, so broadcasting, dtype
// promotion and BLAS use come from those. The parts are called through the
// dispatcher (dispatch.h), so the rows marked kAnyDevice run on any device
// whose kernels cover their parts; pdist and the cumulative trapezoid loop
// over host data and stay CPU-only.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <numeric>

#include "runtime/ops/dispatch.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

int64_t wrap(int64_t d, int64_t n, const char* op) {
  const int64_t m = std::max<int64_t>(n, 1);
  JS_CHECK(d >= -m && d < m, op, ": Dimension out of range (expected to be in range of [", -m, ", ", m - 1,
           "], but got ", d, ")");
  return d < 0 ? d + m : d;
}

Tensor vecdot(const Tensor& x, const Tensor& y, int64_t dim) {
  Tensor p = dispatch::mul(x, y);
  return dispatch::sum(p, {wrap(dim, p.dim(), "linalg.vecdot")}, false);
}

Tensor multiDot(std::vector<Tensor> ts) {
  const size_t n = ts.size();
  JS_CHECK(n >= 2, "multi_dot(): expected at least 2 tensors but got ", n);
  // A 1-D first/last operand is a row/column vector, dropped from the result.
  const bool first_vec = ts.front().dim() == 1, last_vec = ts.back().dim() == 1;
  JS_CHECK(ts.front().dim() == 1 || ts.front().dim() == 2, "multi_dot(): the first tensor must be 1D or 2D but got ",
           ts.front().dim(), "D");
  JS_CHECK(ts.back().dim() == 1 || ts.back().dim() == 2, "multi_dot(): the last tensor must be 1D or 2D but got ",
           ts.back().dim(), "D");
  for (size_t i = 1; i + 1 < n; ++i)
    JS_CHECK(ts[i].dim() == 2, "multi_dot(): tensor ", i, " must be 2D but got ", ts[i].dim(), "D");
  if (first_vec) ts.front() = ts.front().unsqueeze(0);
  if (last_vec) ts.back() = ts.back().unsqueeze(1);
  Tensor r = ts[0];
  for (size_t i = 1; i < n; ++i) {
    JS_CHECK(r.size(1) == ts[i].size(0), "multi_dot(): tensors ", i - 1, " and ", i,
             " with shapes ", shapeToString(ts[i - 1].sizes()), " and ", shapeToString(ts[i].sizes()),
             " cannot be multiplied");
    r = dispatch::mm(r, ts[i]);
  }
  if (first_vec) r = r.squeeze(0);
  if (last_vec) r = r.squeeze(-1);
  return r;
}

// chain_matmul: multi_dot of 2-D matrices only; one matrix is returned as a
// copy.
Tensor chainMatmul(std::vector<Tensor> ts) {
  JS_CHECK(!ts.empty(), "chain_matmul(): Expected one or more matrices");
  for (size_t i = 0; i < ts.size(); ++i)
    JS_CHECK(ts[i].dim() == 2, "Tensor dimension is ", ts[i].dim(), ", expected 2 instead.");
  if (ts.size() == 1) return dispatch::clone(ts[0]);
  return multiDot(std::move(ts));
}

Tensor cross(const Tensor& x, const Tensor& y, int64_t dim, const char* op) {
  DimVector shape = infer_size(x.sizes(), y.sizes());
  Tensor a = x.expand(shape), b = y.expand(shape);
  dim = wrap(dim, static_cast<int64_t>(shape.size()), op);
  JS_CHECK(shape[dim] == 3, op, ": inputs dimension ", dim, " must have length 3. Got ", x.size(dim), " and ",
           y.size(dim));
  auto c = [](const Tensor& t, int64_t d, int64_t i) { return t.narrow(d, i, 1); };
  Tensor r0 = dispatch::sub(dispatch::mul(c(a, dim, 1), c(b, dim, 2)), dispatch::mul(c(a, dim, 2), c(b, dim, 1)));
  Tensor r1 = dispatch::sub(dispatch::mul(c(a, dim, 2), c(b, dim, 0)), dispatch::mul(c(a, dim, 0), c(b, dim, 2)));
  Tensor r2 = dispatch::sub(dispatch::mul(c(a, dim, 0), c(b, dim, 1)), dispatch::mul(c(a, dim, 1), c(b, dim, 0)));
  return dispatch::cat({r0, r1, r2}, dim);
}

Tensor linalgCross(const Tensor& self, const Tensor& other, int64_t dim) {
  JS_CHECK(self.dim() == other.dim(), "linalg.cross: inputs must have the same number of dimensions.");
  return cross(self, other, dim, "linalg.cross");
}
Tensor legacyCross(const Tensor& x, const Tensor& y, std::optional<int64_t> dim_arg) {
  // Without dim, the legacy op uses the first dim of size 3.
  JS_CHECK(x.dim() == y.dim(), "inconsistent tensors dimensions input: ", x.dim(), " other: ", y.dim());
  int64_t dim = -1;
  if (dim_arg) {
    dim = *dim_arg;
  } else {
    DimVector shape = infer_size(x.sizes(), y.sizes());
    for (size_t i = 0; i < shape.size() && dim < 0; ++i)
      if (shape[i] == 3) dim = static_cast<int64_t>(i);
    JS_CHECK(dim >= 0, "no dimension of size 3 in input");
  }
  return cross(x, y, dim, "cross");
}

Tensor kron(const Tensor& x, const Tensor& y) {
  // kron(a, b)[i * b.shape + j] = a[i] * b[j]: interleave the two index sets, multiply, merge.
  const int64_t nd = std::max(x.dim(), y.dim());
  DimVector xs(static_cast<size_t>(nd - x.dim()), 1), ys(static_cast<size_t>(nd - y.dim()), 1);
  xs.insert(xs.end(), x.sizes().begin(), x.sizes().end());
  ys.insert(ys.end(), y.sizes().begin(), y.sizes().end());
  DimVector xi, yi, out;
  for (int64_t d = 0; d < nd; ++d) {
    xi.insert(xi.end(), {xs[d], 1});
    yi.insert(yi.end(), {1, ys[d]});
    out.push_back(xs[d] * ys[d]);
  }
  return dispatch::mul(x.reshape(xi), y.reshape(yi)).reshape(out);
}

Tensor tensordot(const Tensor& x, const Tensor& y, std::vector<int64_t> dx, std::vector<int64_t> dy) {
  JS_CHECK(dx.size() == dy.size(), "both dimension lists should have same length");
  std::vector<bool> cx(static_cast<size_t>(x.dim())), cy(static_cast<size_t>(y.dim()));
  int64_t csize = 1;
  for (size_t i = 0; i < dx.size(); ++i) {
    dx[i] = wrap(dx[i], x.dim(), "tensordot");
    dy[i] = wrap(dy[i], y.dim(), "tensordot");
    JS_CHECK(x.size(dx[i]) == y.size(dy[i]), "contracted dimensions need to match, but first has size ",
             x.size(dx[i]), " in dim ", dx[i], " and second has size ", y.size(dy[i]), " in dim ", dy[i]);
    cx[dx[i]] = cy[dy[i]] = true;
    csize *= x.size(dx[i]);
  }
  // x -> (free_x, contracted), y -> (contracted, free_y); one matmul.
  std::vector<int64_t> px, py;
  DimVector out;
  int64_t fx = 1, fy = 1;
  for (int64_t d = 0; d < x.dim(); ++d)
    if (!cx[d]) px.push_back(d), out.push_back(x.size(d)), fx *= x.size(d);
  px.insert(px.end(), dx.begin(), dx.end());
  py = dy;
  for (int64_t d = 0; d < y.dim(); ++d)
    if (!cy[d]) py.push_back(d), out.push_back(y.size(d)), fy *= y.size(d);
  Tensor r = dispatch::mm(x.permute(px).reshape({fx, csize}), y.permute(py).reshape({csize, fy}));
  return r.reshape(out);
}

Tensor cdist(const Tensor& x1, const Tensor& x2, double p, std::optional<int64_t> /*compute_mode*/) {
  JS_CHECK(x1.dim() >= 2 && x2.dim() >= 2, "cdist only supports at least 2D tensors, X1 got: ", x1.dim(),
           "D, X2 got: ", x2.dim(), "D");
  JS_CHECK(x1.size(-1) == x2.size(-1), "X1 and X2 must have the same number of columns. X1: ", x1.size(-1),
           " X2: ", x2.size(-1));
  JS_CHECK(p >= 0, "cdist only supports non-negative p values");
  JS_CHECK(isFloatingType(x1.dtype()), "cdist only supports floating-point dtypes, X1 got: ",
           scalarTypeName(x1.dtype()));
  // (*, P, 1, M) - (*, 1, R, M) -> norm over M.
  Tensor d = dispatch::sub(x1.unsqueeze(-2), x2.unsqueeze(-3));
  return dispatch::vectorNorm(d, p, {d.dim() - 1}, false);
}

Tensor pdist(const Tensor& x, double p) {
  JS_CHECK(x.dim() == 2, "pdist only supports 2D tensors, got: ", x.dim(), "D");
  JS_CHECK(p >= 0, "pdist only supports non-negative p values");
  JS_CHECK(isFloatingType(x.dtype()), "pdist only supports floating-point dtypes");
  const int64_t N = x.size(0), M = x.size(1);
  Tensor xd = x.to(ScalarType::Double).contiguous();
  const double* v = xd.data<double>();
  std::vector<double> out;
  out.reserve(static_cast<size_t>(N > 1 ? N * (N - 1) / 2 : 0));
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = i + 1; j < N; ++j) {
      double acc = 0;
      for (int64_t k = 0; k < M; ++k) {
        const double d = std::abs(v[i * M + k] - v[j * M + k]);
        if (p == 0) acc += d != 0;
        else if (std::isinf(p)) acc = std::max(acc, d);
        else acc += std::pow(d, p);
      }
      out.push_back(p == 0 || std::isinf(p) ? acc : std::pow(acc, 1 / p));
    }
  return from_vector(out).to(x.dtype());
}

Tensor diff(Tensor x, int64_t n, int64_t dim_arg, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append) {
  JS_CHECK(x.dim() >= 1, "diff expects input to be at least one-dimensional");
  JS_CHECK(n >= 0, "order must be non-negative but got ", n);
  const int64_t dim = wrap(dim_arg, x.dim(), "diff");
  std::vector<Tensor> parts;
  if (prepend) parts.push_back(*prepend);
  parts.push_back(x);
  if (append) parts.push_back(*append);
  if (parts.size() > 1) x = dispatch::cat(parts, dim);
  for (int64_t i = 0; i < n && x.size(dim) > 0; ++i) {
    const int64_t len = x.size(dim) - 1;
    // Booleans differ by xor, i.e. !=.
    x = x.dtype() == ScalarType::Bool ? dispatch::ne(x.narrow(dim, 1, len), x.narrow(dim, 0, len))
                                      : dispatch::sub(x.narrow(dim, 1, len), x.narrow(dim, 0, len));
  }
  return x;
}

// sum((y[i+1] + y[i]) * dx[i]) / 2 along dim.
Tensor trapezoid(const Tensor& y, const Tensor& dxs, int64_t dim) {
  const int64_t n = y.size(dim);
  if (n == 0) return dispatch::sum(y, {dim}, false);
  Tensor pairs = dispatch::add(y.narrow(dim, 1, n - 1), y.narrow(dim, 0, n - 1));
  return dispatch::div(dispatch::sum(dispatch::mul(pairs, dxs), {dim}, false), wrapped_scalar_tensor(Scalar(2.0)));
}
// Running sum along dim (in double, cast back).
Tensor cumsumAlong(const Tensor& t, int64_t dim) {
  Tensor m = t.transpose(dim, -1).to(ScalarType::Double).contiguous();
  const int64_t L = m.dim() == 0 ? 1 : m.size(-1), R = L == 0 ? 0 : m.numel() / L;
  double* p = m.data<double>();
  for (int64_t r = 0; r < R; ++r)
    for (int64_t i = 1; i < L; ++i) p[r * L + i] += p[r * L + i - 1];
  return m.to(t.dtype()).transpose(dim, -1);
}

// The trapezoid areas of consecutive sample pairs along dim, unsummed.
Tensor trapezoidAreas(const Tensor& y, const Tensor& dxs, int64_t dim) {
  const int64_t n = y.size(dim);
  if (n == 0) return y;
  Tensor pairs = dispatch::add(y.narrow(dim, 1, n - 1), y.narrow(dim, 0, n - 1));
  return dispatch::div(dispatch::mul(pairs, dxs), wrapped_scalar_tensor(Scalar(2.0)));
}

// dx between consecutive x samples, shaped to broadcast against y's pairs along dim.
Tensor sampleSpacing(const Tensor& y, const Tensor& x, int64_t dim_arg, int64_t dim) {
  const int64_t n = y.size(dim);
  Tensor dx;
  if (x.dim() == 1) {
    JS_CHECK(x.size(0) == n, "trapezoid: There must be one `x` value for each sample point");
    // A 1-D x lies along dim: shape it (n-1, 1, ..., 1) relative to dim.
    DimVector shape(static_cast<size_t>(y.dim() - dim), 1);
    shape[0] = std::max<int64_t>(n - 1, 0);
    dx = n > 0 ? dispatch::sub(x.narrow(0, 1, n - 1), x.narrow(0, 0, n - 1)).reshape(shape) : x;
  } else {
    const int64_t xd = wrap(dim_arg, x.dim(), "trapezoid");
    const int64_t m = x.size(xd);
    dx = m > 0 ? dispatch::sub(x.narrow(xd, 1, m - 1), x.narrow(xd, 0, m - 1)) : x;
  }
  return dx;
}
Tensor trapezoidX(const Tensor& y, const Tensor& x, int64_t dim_arg) {
  const int64_t dim = wrap(dim_arg, y.dim(), "trapezoid");
  return trapezoid(y, sampleSpacing(y, x, dim_arg, dim), dim);
}
Tensor cumulativeTrapezoidX(const Tensor& y, const Tensor& x, int64_t dim_arg) {
  const int64_t dim = wrap(dim_arg, y.dim(), "cumulative_trapezoid");
  return cumsumAlong(trapezoidAreas(y, sampleSpacing(y, x, dim_arg, dim), dim), dim);
}
Tensor cumulativeTrapezoidDx(const Tensor& y, const Scalar& dx, int64_t dim_arg) {
  const int64_t dim = wrap(dim_arg, y.dim(), "cumulative_trapezoid");
  return cumsumAlong(trapezoidAreas(y, wrapped_scalar_tensor(dx), dim), dim);
}
Tensor trapezoidDx(const Tensor& y, const Scalar& dx, int64_t dim_arg) {
  return trapezoid(y, wrapped_scalar_tensor(dx), wrap(dim_arg, y.dim(), "trapezoid"));
}

// Columns x^0, x^1, ..., x^(N-1) along a new last dim (N defaults to x.size(-1)).
Tensor linalgVander(const Tensor& x_arg, std::optional<int64_t> n_arg) {
  // A 0-d x counts as one sample.
  const Tensor x = x_arg.dim() == 0 ? x_arg.reshape({1}) : x_arg;
  const int64_t N = n_arg.value_or(x.size(-1));
  JS_CHECK(N > 1, "N must be greater than 1.");
  JS_CHECK(x.dtype() != ScalarType::Bool, "linalg.vander does not support bool tensors");
  std::vector<Tensor> cols{dispatch::fullLike(x, Scalar(int64_t{1}))};
  for (int64_t i = 1; i < N; ++i) cols.push_back(dispatch::mul(cols.back(), x));
  return dispatch::stack(cols, -1);
}

// torch.vander (NumPy's): columns x^(N-1) .. x^0, or x^0 .. x^(N-1) with
// increasing; x 1-D, N defaults to its length; integers and bool compute in
// int64.
Tensor vander(const Tensor& x, std::optional<int64_t> n_arg, bool increasing) {
  JS_CHECK(x.dim() == 1, "x must be a one-dimensional tensor.");
  const int64_t N = n_arg.value_or(x.size(0));
  JS_CHECK(N >= 0, "N must be non-negative.");
  const Tensor base = x.to(promoteTypes(x.dtype(), ScalarType::Long));
  if (N == 0) return empty({x.size(0), 0}, base.dtype());
  std::vector<Tensor> cols{dispatch::fullLike(base, Scalar(int64_t{1}))};
  for (int64_t i = 1; i < N; ++i) cols.push_back(dispatch::mul(cols.back(), base));
  Tensor r = dispatch::stack(cols, -1);
  return increasing ? r : dispatch::flip(r, {1});
}

// trace: the sum of the main diagonal of a matrix.
Tensor trace(const Tensor& x) {
  JS_CHECK(x.dim() == 2, "trace: expected a matrix, but got tensor with dim ", x.dim());
  return dispatch::sum(x.diagonal(), {0}, false);
}

// tensordot.out: the functional kernel's result copied into out.
// (Its own dtype rule: out must have the result's dtype exactly.)
Tensor tensordotOut(const Tensor& x, const Tensor& y, std::vector<int64_t> dx, std::vector<int64_t> dy, Tensor out) {
  Tensor r = tensordot(x, y, std::move(dx), std::move(dy));
  JS_CHECK(out.dtype() == r.dtype(), "tensordot: expected out to have dtype ", scalarTypeName(r.dtype()), ", got ",
           scalarTypeName(out.dtype()));
  out.resize_(r.sizes());
  out.copy_(r);
  return out;
}

}  // namespace

const OpTable kLinalgProductOps = {
    op<vecdot>("aten::linalg_vecdot(Tensor x, Tensor y, *, int dim=-1) -> Tensor", "Dot product along dim.",
               kAnyDevice),
    op<multiDot>("aten::linalg_multi_dot(Tensor[] tensors) -> Tensor",
                 "Chained matrix product; 1-D ends act as row/column vectors.", kAnyDevice),
    op<linalgCross>("aten::linalg_cross(Tensor self, Tensor other, *, int dim=-1) -> Tensor",
                    "3-vector cross product along dim, broadcasting.", kAnyDevice),
    op<legacyCross>("aten::cross(Tensor self, Tensor other, int? dim=None) -> Tensor",
                    "Cross product (default: first dim of size 3).", kAnyDevice),
    op<vander>("aten::vander(Tensor x, int? N=None, bool increasing=False) -> Tensor",
               "Vandermonde matrix, NumPy's column order."),
    op<chainMatmul>("aten::chain_matmul(Tensor[] matrices) -> Tensor", "Product of 2-D matrices, left to right.",
                    kAnyDevice),
    op<linalgVander>("aten::linalg_vander(Tensor x, *, int? N=None) -> Tensor",
                     "Vandermonde matrix with increasing powers of x.", kAnyDevice),
    op<kron>("aten::kron(Tensor self, Tensor other) -> Tensor", "Kronecker product.", kAnyDevice),
    op<tensordot>("aten::tensordot(Tensor self, Tensor other, int[] dims_self, int[] dims_other) -> Tensor",
                  "Contraction over the paired dims.", kAnyDevice),
    op<cdist>("aten::cdist(Tensor x1, Tensor x2, float p=2., int? compute_mode=None) -> Tensor",
              "p-norm distances between the rows of x1 and x2.", kAnyDevice),
    op<pdist>("aten::pdist(Tensor self, float p=2.) -> Tensor", "p-norm distances between row pairs i < j, flattened."),
    op<diff>("aten::diff(Tensor self, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None) -> Tensor",
             "n-th forward difference along dim.", kAnyDevice),
    op<trapezoidX>("aten::trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor",
                   "Trapezoid rule with sample points x.", kAnyDevice),
    op<trapezoidDx>("aten::trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor",
                    "Trapezoid rule with uniform spacing dx.", kAnyDevice),
    op<cumulativeTrapezoidX>("aten::cumulative_trapezoid.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor",
                             "Running trapezoid-rule integral with sample points x."),
    op<cumulativeTrapezoidDx>("aten::cumulative_trapezoid.dx(Tensor y, *, Scalar dx=1, int dim=-1) -> Tensor",
                              "Running trapezoid-rule integral with uniform spacing dx."),
    op<trapezoidX>("aten::trapz.x(Tensor y, Tensor x, *, int dim=-1) -> Tensor", "Alias of trapezoid.x.", kAnyDevice),
    op<[](const Tensor& y, double dx, int64_t dim) { return trapezoidDx(y, Scalar(dx), dim); }>(
        "aten::trapz.dx(Tensor y, *, float dx=1., int dim=-1) -> Tensor", "Alias of trapezoid.dx.", kAnyDevice),
    op<trace>("aten::trace(Tensor self) -> Tensor", "Sum of the main diagonal of a matrix.", kAnyDevice),
    op<tensordotOut>(
        "aten::tensordot.out(Tensor self, Tensor other, int[] dims_self, int[] dims_other, *, Tensor(a!) out) -> "
        "Tensor(a!)",
        "tensordot into out."),
};

}  // namespace jitserve::ops
