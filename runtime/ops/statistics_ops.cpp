// All arithmetic is in double on contiguous copies; results are cast to the
// floating dtype PyTorch returns (the input's, Float for integer inputs).
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "runtime/ops/cov_weights.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

std::vector<double> doubles(const Tensor& t) {
  Tensor d = t.to(ScalarType::Double).contiguous();
  const double* p = d.data<double>();
  return std::vector<double>(p, p + d.numel());
}
Tensor tensorOf(const std::vector<double>& v, IntArrayRef sizes, ScalarType dtype) {
  Tensor d = empty(sizes, ScalarType::Double);
  std::copy(v.begin(), v.end(), d.data<double>());
  return d.to(dtype);
}
ScalarType floatResult(ScalarType t) { return isFloatingType(t) ? t : kDefaultDtype; }

// ---- cov / corrcoef ----

// Covariance of the rows of a (vars x obs) matrix; returns the vars x vars
// values (row-major) and the result dtype.
Tensor cov(const Tensor& self, int64_t correction, const std::optional<Tensor>& fweights,
           const std::optional<Tensor>& aweights) {
  JS_CHECK(self.dim() <= 2, "cov(): expected input to have two or fewer dimensions but got an input with ", self.dim(),
           " dimensions");
  JS_CHECK(self.dtype() != ScalarType::Bool, "cov(): bool dtype is not supported for input");
  JS_CHECK(!self.is_complex(), "cov(): complex inputs are not supported");
  const Tensor in = self.dim() < 2 ? self.reshape({1, -1}) : self;
  const int64_t vars = in.size(0), obs = in.size(1);
  const CovWeights cw = covWeights(obs, correction, fweights, aweights, floatResult(self.dtype()));
  const std::optional<std::vector<double>>& w = cw.w;
  const double w_sum = cw.sum;
  const ScalarType rt = cw.resultType;
  std::vector<double> x = doubles(in);
  auto weight = [&](int64_t j) { return w ? (*w)[static_cast<size_t>(j)] : 1.0; };
  for (int64_t v = 0; v < vars; ++v) {
    double avg = 0;
    for (int64_t j = 0; j < obs; ++j) avg += x[static_cast<size_t>(v * obs + j)] * weight(j);
    avg /= w_sum;
    for (int64_t j = 0; j < obs; ++j) x[static_cast<size_t>(v * obs + j)] -= avg;
  }
  const double norm = cw.norm;
  std::vector<double> c(static_cast<size_t>(vars * vars));
  for (int64_t r = 0; r < vars; ++r)
    for (int64_t q = 0; q < vars; ++q) {
      double acc = 0;
      for (int64_t j = 0; j < obs; ++j)
        acc += x[static_cast<size_t>(r * obs + j)] * x[static_cast<size_t>(q * obs + j)] * weight(j);
      c[static_cast<size_t>(r * vars + q)] = acc / norm;
    }
  Tensor out = tensorOf(c, {vars, vars}, rt);
  return vars == 1 ? out.reshape(DimVector{}) : out;
}

Tensor corrcoef(const Tensor& self) {
  JS_CHECK(self.dim() <= 2, "corrcoef(): expected input to have two or fewer dimensions but got an input with ",
           self.dim(), " dimensions");
  Tensor c = cov(self, 1, std::nullopt, std::nullopt);
  const ScalarType rt = c.dtype();
  std::vector<double> v = doubles(c);
  if (c.dim() == 0) return tensorOf({v[0] / v[0]}, {}, rt);
  const int64_t n = c.size(0);
  std::vector<double> sd(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) sd[static_cast<size_t>(i)] = std::sqrt(v[static_cast<size_t>(i * n + i)]);
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double& e = v[static_cast<size_t>(i * n + j)];
      e = e / sd[static_cast<size_t>(i)] / sd[static_cast<size_t>(j)];
      if (!std::isnan(e)) e = std::clamp(e, -1.0, 1.0);
    }
  return tensorOf(v, {n, n}, rt);
}

// ---- histograms ----

// One dim's bin edges and the bin of a value (-1 when outside).
struct Axis {
  std::vector<double> edges;
  bool linear = true;
  int64_t bin(double x) const {
    const double lo = edges.front(), hi = edges.back();
    if (!(x >= lo && x <= hi)) return -1;
    const int64_t nb = static_cast<int64_t>(edges.size()) - 1;
    int64_t pos;
    if (linear) {
      pos = static_cast<int64_t>((x - lo) * static_cast<double>(nb) / (hi - lo));
      const int64_t pmin = std::max<int64_t>(0, pos - 1), pmax = std::min<int64_t>(pos + 2, nb + 1);
      pos = std::upper_bound(edges.begin() + pmin, edges.begin() + pmax, x) - edges.begin() - 1;
    } else {
      pos = std::upper_bound(edges.begin(), edges.end(), x) - edges.begin() - 1;
    }
    if (pos == nb) pos -= 1;  // the last bin includes its right edge
    return pos;
  }
};

// Linear edges rounded through `dtype`, as PyTorch builds them with linspace
// in the input's dtype.
Axis linearAxis(double lo, double hi, int64_t bins, ScalarType dtype) {
  Axis ax;
  std::vector<double> e(static_cast<size_t>(bins + 1));
  const double step = (hi - lo) / static_cast<double>(bins);
  const int64_t half = (bins + 1) / 2;
  for (int64_t i = 0; i <= bins; ++i)
    e[static_cast<size_t>(i)] = i < half ? lo + step * static_cast<double>(i) : hi - step * static_cast<double>(bins - i);
  ax.edges = doubles(tensorOf(e, {bins + 1}, dtype));
  return ax;
}

struct Histogram {
  Tensor hist;
  std::vector<Tensor> edges;
};

// N points of D coordinates (row-major), one axis per coordinate.
Histogram histogramdd(const std::vector<double>& pts, int64_t n, const std::vector<Axis>& axes,
                      const std::optional<Tensor>& weight, bool density, ScalarType dtype) {
  const size_t d = axes.size();
  std::vector<int64_t> shape;
  for (const Axis& ax : axes) shape.push_back(static_cast<int64_t>(ax.edges.size()) - 1);
  int64_t cells = 1;
  for (int64_t s : shape) cells *= s;
  std::vector<double> w;
  if (weight) {
    JS_CHECK(weight->numel() == n, "histogramdd: expected weight to have ", n, " elements, but got ",
             weight->numel());
    w = doubles(*weight);
  }
  std::vector<double> h(static_cast<size_t>(cells), 0.0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t flat = 0;
    bool inside = true;
    for (size_t k = 0; k < d && inside; ++k) {
      const int64_t b = axes[k].bin(pts[static_cast<size_t>(i) * d + k]);
      if (b < 0) inside = false;
      flat = flat * shape[k] + b;
    }
    if (inside) h[static_cast<size_t>(flat)] += weight ? w[static_cast<size_t>(i)] : 1.0;
  }
  if (density) {
    double total = 0;
    for (double v : h) total += v;
    for (int64_t c = 0; c < cells; ++c) {
      double vol = 1;
      int64_t rest = c;
      for (size_t k = d; k-- > 0;) {
        const int64_t b = rest % shape[k];
        rest /= shape[k];
        vol *= axes[k].edges[static_cast<size_t>(b + 1)] - axes[k].edges[static_cast<size_t>(b)];
      }
      h[static_cast<size_t>(c)] /= total * vol;
    }
  }
  Histogram r;
  r.hist = tensorOf(h, shape, dtype);
  for (const Axis& ax : axes) r.edges.push_back(tensorOf(ax.edges, {static_cast<int64_t>(ax.edges.size())}, dtype));
  return r;
}

void checkHistInput(const Tensor& self, const char* op) {
  JS_CHECK(isFloatingType(self.dtype()), op, ": input tensor must be floating point, but got ",
           scalarTypeName(self.dtype()));
}

// Range of each of the D coordinates: given, or the data's min/max, widened
// by `widen` on both sides when empty.
std::pair<double, double> axisRange(const std::vector<double>& pts, size_t d, size_t k, int64_t n,
                                    const std::optional<std::vector<double>>& range, double widen, const char* op) {
  double lo, hi;
  if (range) {
    lo = (*range)[2 * k];
    hi = (*range)[2 * k + 1];
  } else if (n == 0) {
    lo = hi = 0;
  } else {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (int64_t i = 0; i < n; ++i) {
      const double v = pts[static_cast<size_t>(i) * d + k];
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
  }
  JS_CHECK(std::isfinite(lo) && std::isfinite(hi), op, ": range of [", lo, ", ", hi, "] is not finite");
  JS_CHECK(lo <= hi, op, ": max must be larger than min");
  if (lo == hi) {
    lo -= widen;
    hi += widen;
  }
  return {lo, hi};
}

// histc(self, bins, min, max): counts in the input's dtype; min == max means
// the data's range.
Tensor histc(const Tensor& self, int64_t bins, const Scalar& min, const Scalar& max) {
  JS_CHECK(bins > 0, "torch.histc: bins must be > 0, but got ", bins);
  checkHistInput(self, "torch.histc");
  std::vector<double> pts = doubles(self);
  double lo = min.toDouble(), hi = max.toDouble();
  std::optional<std::vector<double>> range;
  if (lo != hi) range = std::vector<double>{lo, hi};
  auto [l, h] = axisRange(pts, 1, 0, self.numel(), range, 1.0, "torch.histc");
  Histogram r = histogramdd(pts, self.numel(), {linearAxis(l, h, bins, self.dtype())}, std::nullopt, false,
                            self.dtype());
  return r.hist;
}

// A `float[]? range` argument: None, or 2 values per dim.
std::optional<std::vector<double>> optRange(const IValue& v, size_t dims, const char* op) {
  if (v.isNone()) return std::nullopt;
  std::vector<double> r = v.toDoubleVector();
  JS_CHECK(r.size() == 2 * dims, op, ": expected ", 2 * dims, " sequence of range values but got ", r.size());
  return r;
}

// histogram.bin_ct(self, bins, *, range, weight, density)
std::tuple<Tensor, Tensor> histogramBinCount(const Tensor& self, int64_t bins, const IValue& range,
                                             const std::optional<Tensor>& weight, bool density) {
  checkHistInput(self, "torch.histogram");
  JS_CHECK(bins > 0, "torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0");
  std::vector<double> pts = doubles(self);
  auto [l, h] = axisRange(pts, 1, 0, self.numel(), optRange(range, 1, "torch.histogram"), 0.5, "torch.histogram");
  Histogram r = histogramdd(pts, self.numel(), {linearAxis(l, h, bins, self.dtype())}, weight, density, self.dtype());
  return {r.hist, r.edges[0]};
}

// histogram.bins_tensor(self, bins, *, weight, density): explicit edges.
std::tuple<Tensor, Tensor> histogramBinsTensor(const Tensor& self, const Tensor& bins,
                                               const std::optional<Tensor>& weight, bool density) {
  checkHistInput(self, "torch.histogram");
  JS_CHECK(bins.dim() == 1 && bins.numel() >= 1, "torch.histogram(): bins tensor should have one dimension and at "
           "least 1 element");
  Axis ax;
  ax.edges = doubles(bins);
  ax.linear = false;
  for (size_t i = 1; i < ax.edges.size(); ++i)
    JS_CHECK(ax.edges[i - 1] <= ax.edges[i], "torch.histogram(): bins must be increasing");
  std::vector<double> pts = doubles(self);
  Histogram r = histogramdd(pts, self.numel(), {ax}, weight, density, self.dtype());
  return {r.hist, bins.to(self.dtype(), true)};
}

// histogramdd(self, int[] bins | int bins, range, weight, density)
// Bins: one count for every dim (int64_t) or one per dim.
template <typename Bins>
std::tuple<Tensor, std::vector<Tensor>> histogramddOp(const Tensor& self, Bins bins_arg, const IValue& range_arg,
                                                      const std::optional<Tensor>& weight, bool density) {
  checkHistInput(self, "torch.histogramdd");
  JS_CHECK(self.dim() >= 1, "torch.histogramdd: input tensor should have at least 1 dimension, but got ", self.dim());
  const int64_t d = self.size(-1);
  std::vector<int64_t> bins;
  if constexpr (std::is_same_v<Bins, int64_t>) {
    bins.assign(static_cast<size_t>(d), bins_arg);
  } else {
    bins = std::move(bins_arg);
  }
  JS_CHECK(static_cast<int64_t>(bins.size()) == d, "torch.histogramdd: expected ", d,
           " sequences of bin edges for each of the ", d, " dimensions of the input, but got ", bins.size());
  const int64_t n = d == 0 ? 0 : self.numel() / d;
  std::vector<double> pts = doubles(self);
  auto range = optRange(range_arg, static_cast<size_t>(d), "torch.histogramdd");
  std::vector<Axis> axes;
  for (int64_t k = 0; k < d; ++k) {
    JS_CHECK(bins[static_cast<size_t>(k)] > 0, "torch.histogramdd(): bins must be > 0, but got ",
             bins[static_cast<size_t>(k)], " for dimension ", k);
    auto [l, h] = axisRange(pts, static_cast<size_t>(d), static_cast<size_t>(k), n, range, 0.5, "torch.histogramdd");
    axes.push_back(linearAxis(l, h, bins[static_cast<size_t>(k)], self.dtype()));
  }
  if (weight)
    JS_CHECK(weight->numel() == n, "torch.histogramdd: expected weight to have ", n, " elements, but got ",
             weight->numel());
  Histogram r = histogramdd(pts, n, axes, weight, density, self.dtype());
  return {r.hist, r.edges};
}

// histogramdd.TensorList_bins(self, Tensor[] bins, range, weight, density):
// explicit edges per dim (range is ignored, as in PyTorch).
std::tuple<Tensor, std::vector<Tensor>> histogramddEdges(const Tensor& self, std::vector<Tensor> bins,
                                                         const IValue& /*range*/, const std::optional<Tensor>& weight,
                                                         bool density) {
  checkHistInput(self, "torch.histogramdd");
  JS_CHECK(self.dim() >= 1, "torch.histogramdd: input tensor should have at least 1 dimension, but got ", self.dim());
  const int64_t d = self.size(-1);
  JS_CHECK(static_cast<int64_t>(bins.size()) == d, "torch.histogramdd: expected ", d,
           " sequences of bin edges for each of the ", d, " dimensions of the input, but got ", bins.size());
  std::vector<Axis> axes;
  for (int64_t k = 0; k < d; ++k) {
    const Tensor& b = bins[static_cast<size_t>(k)];
    JS_CHECK(b.dim() == 1, "torch.histogramdd: bins tensor should have one dimension, but got ", b.dim(),
             " dimensions in the bins tensor for dimension ", k);
    JS_CHECK(b.numel() > 0, "torch.histogramdd: bins tensor should have at least 1 element, but got ", b.numel(),
             " elements in the bins tensor for dimension ", k);
    Axis ax;
    ax.edges = doubles(b.to(self.dtype()));
    ax.linear = false;
    for (size_t i = 1; i < ax.edges.size(); ++i)
      JS_CHECK(ax.edges[i - 1] <= ax.edges[i], "torch.histogramdd: bin edges must be increasing for dimension ", k);
    axes.push_back(std::move(ax));
  }
  const int64_t n = d == 0 ? 0 : self.numel() / d;
  if (weight)
    JS_CHECK(weight->numel() == n, "torch.histogramdd: expected weight to have ", n, " elements, but got ",
             weight->numel());
  Histogram r = histogramdd(doubles(self), n, axes, weight, density, self.dtype());
  return {r.hist, r.edges};
}

// ---- gradient ----

// Second-order central differences inside, first- or second-order one-sided
// differences at the ends, along each requested dim with a uniform spacing.
std::vector<Tensor> gradient(const Tensor& self, const std::vector<double>& spacing, std::vector<int64_t> dims,
                             int64_t edge_order) {
  JS_CHECK(edge_order == 1 || edge_order == 2, "torch.gradient only supports edge_order=1 and edge_order=2.");
  JS_CHECK(spacing.size() == dims.size(), "torch.gradient expected spacing to be unspecified, a scalar or it's "
           "spacing and dim arguments to have the same length, but got a spacing argument of length ",
           spacing.size(), " and a dim argument of length ", dims.size(), ".");
  const ScalarType rt = floatResult(self.dtype());
  Tensor x = self.to(ScalarType::Double).contiguous();
  std::vector<Tensor> out;
  for (size_t i = 0; i < dims.size(); ++i) {
    const int64_t dim = maybe_wrap_dim(dims[i], self.dim());
    for (size_t j = 0; j < i; ++j)
      JS_CHECK(maybe_wrap_dim(dims[j], self.dim()) != dim, "dim ", dim, " appears multiple times in the list of dims");
    const int64_t n = self.size(dim);
    JS_CHECK(n >= edge_order + 1, "torch.gradient expected each dimension size to be at least edge_order+1");
    const double h = spacing[i];
    int64_t inner = 1, outer = 1;
    for (int64_t d = dim + 1; d < self.dim(); ++d) inner *= self.size(d);
    for (int64_t d = 0; d < dim; ++d) outer *= self.size(d);
    Tensor g = empty(self.sizes(), ScalarType::Double);
    const double* xp = x.data<double>();
    double* gp = g.data<double>();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t in = 0; in < inner; ++in) {
        auto at = [&](int64_t k) { return xp[(o * n + k) * inner + in]; };
        auto put = [&](int64_t k, double v) { gp[(o * n + k) * inner + in] = v; };
        for (int64_t k = 1; k + 1 < n; ++k) put(k, (at(k + 1) - at(k - 1)) / (2 * h));
        if (edge_order == 1) {
          put(0, (at(1) - at(0)) / h);
          put(n - 1, (at(n - 1) - at(n - 2)) / h);
        } else {
          put(0, (-1.5 * at(0) + 2 * at(1) - 0.5 * at(2)) / h);
          put(n - 1, (0.5 * at(n - 3) - 2 * at(n - 2) + 1.5 * at(n - 1)) / h);
        }
      }
    out.push_back(g.to(rt));
  }
  return out;
}

std::vector<int64_t> allDims(const Tensor& t) {
  std::vector<int64_t> d;
  for (int64_t i = 0; i < t.dim(); ++i) d.push_back(i);
  return d;
}

// gradient.scalarint(self, *, Scalar? spacing=None, int? dim=None, int edge_order=1)
std::vector<Tensor> gradientScalarInt(const Tensor& self, std::optional<Scalar> spacing, std::optional<int64_t> dim,
                                      int64_t edge_order) {
  std::vector<int64_t> dims = dim ? std::vector<int64_t>{*dim} : allDims(self);
  const double h = spacing ? spacing->toDouble() : 1.0;
  return gradient(self, std::vector<double>(dims.size(), h), dims, edge_order);
}
// gradient.scalararray(self, *, Scalar spacing, int[] dim, int edge_order=1)
std::vector<Tensor> gradientScalarArray(const Tensor& self, const Scalar& spacing, std::vector<int64_t> dims,
                                        int64_t edge_order) {
  return gradient(self, std::vector<double>(dims.size(), spacing.toDouble()), dims, edge_order);
}
// gradient.array(self, *, int[] dim, int edge_order=1)
std::vector<Tensor> gradientArray(const Tensor& self, std::vector<int64_t> dims, int64_t edge_order) {
  return gradient(self, std::vector<double>(dims.size(), 1.0), dims, edge_order);
}
std::vector<double> scalarList(const IValue& v) {
  std::vector<double> r;
  for (const IValue& e : v.toListRef().elements) r.push_back(e.toScalar().toDouble());
  return r;
}
// gradient.scalarrayint(self, *, Scalar[] spacing, int? dim=None, int edge_order=1)
std::vector<Tensor> gradientScalarArrayInt(const Tensor& self, const IValue& spacing, std::optional<int64_t> dim,
                                           int64_t edge_order) {
  std::vector<int64_t> dims = dim ? std::vector<int64_t>{*dim} : allDims(self);
  return gradient(self, scalarList(spacing), dims, edge_order);
}
// gradient.scalarrayarray(self, *, Scalar[] spacing, int[] dim, int edge_order=1)
std::vector<Tensor> gradientScalarArrayArray(const Tensor& self, const IValue& spacing, std::vector<int64_t> dims,
                                             int64_t edge_order) {
  return gradient(self, scalarList(spacing), dims, edge_order);
}

// bincount: counts (or summed weights) of each value of a 1-D non-negative
// integer tensor, at least minlength long. Counts are int64; summed weights
// keep a floating weights' dtype and are double otherwise (PyTorch 1.13).
Tensor bincount(const Tensor& self, const std::optional<Tensor>& weights, int64_t minlength) {
  JS_CHECK(isIntegralType(self.dtype(), false), "\"bincount_cpu\" not implemented for '",
           scalarTypeName(self.dtype()), "'");
  JS_CHECK(minlength >= 0, "minlength should be >= 0");
  JS_CHECK(self.dim() == 1, "bincount only supports 1-d non-negative integral inputs.");
  const Tensor idx = self.to(ScalarType::Long).contiguous();
  const int64_t* p = idx.data<int64_t>();
  const int64_t n = idx.numel();
  int64_t bins = minlength;
  for (int64_t i = 0; i < n; ++i) {
    JS_CHECK(p[i] >= 0, "bincount only supports 1-d non-negative integral inputs.");
    bins = std::max(bins, p[i] + 1);
  }
  if (!weights || !weights->defined()) {
    Tensor out = zeros({bins}, ScalarType::Long);
    int64_t* o = out.data<int64_t>();
    for (int64_t i = 0; i < n; ++i) ++o[p[i]];
    return out;
  }
  JS_CHECK(weights->dim() == 1 && weights->numel() == n, "weights should be 1-d and have the same length as input");
  const Tensor w = weights->to(ScalarType::Double).contiguous();
  const double* wp = w.data<double>();
  Tensor out = zeros({bins}, ScalarType::Double);
  double* o = out.data<double>();
  for (int64_t i = 0; i < n; ++i) o[p[i]] += wp[i];
  return isFloatingType(weights->dtype()) ? out.to(weights->dtype()) : out;
}

}  // namespace

const OpTable kStatisticsOps = {
    op<bincount>("aten::bincount(Tensor self, Tensor? weights=None, int minlength=0) -> Tensor",
                 "Occurrences (or summed weights, as double) of each value of a 1-D non-negative integer tensor."),
    op<cov>("aten::cov(Tensor self, *, int correction=1, Tensor? fweights=None, Tensor? aweights=None) -> Tensor",
            "Covariance of the variables in the rows of self, optionally weighted."),
    op<corrcoef>("aten::corrcoef(Tensor self) -> Tensor", "Pearson correlation coefficients of the rows of self."),
    op<histc>("aten::histc(Tensor self, int bins=100, Scalar min=0, Scalar max=0) -> Tensor",
              "Counts over equal-width bins in [min, max] (the data's range when equal)."),
    op<histogramBinCount>(
        "aten::histogram.bin_ct(Tensor self, int bins=100, *, float[]? range=None, Tensor? weight=None, bool "
        "density=False) -> (Tensor hist, Tensor bin_edges)",
        "Histogram over equal-width bins, with the bin edges."),
    op<histogramBinsTensor>(
        "aten::histogram.bins_tensor(Tensor self, Tensor bins, *, Tensor? weight=None, bool density=False) -> (Tensor "
        "hist, Tensor bin_edges)",
        "Histogram over given bin edges."),
    op<histogramddOp<std::vector<int64_t>>>(
        "aten::histogramdd(Tensor self, int[] bins, float[]? range=None, Tensor? weight=None, bool density=False) -> "
        "(Tensor hist, Tensor[] bin_edges)",
        "Multi-dimensional histogram of points in the last dim."),
    op<histogramddOp<int64_t>>(
        "aten::histogramdd.int_bins(Tensor self, int bins, float[]? range=None, Tensor? weight=None, bool "
        "density=False) -> (Tensor hist, Tensor[] bin_edges)",
        "histogramdd with one bin count for every dim."),
    op<histogramddEdges>(
        "aten::histogramdd.TensorList_bins(Tensor self, Tensor[] bins, float[]? range=None, Tensor? weight=None, bool "
        "density=False) -> (Tensor hist, Tensor[] bin_edges)",
        "histogramdd over given bin edges per dim."),
    op<gradientScalarInt>(
        "aten::gradient.scalarint(Tensor self, *, Scalar? spacing=None, int? dim=None, int edge_order=1) -> Tensor[]",
        "Central-difference gradient along one or all dims."),
    op<gradientScalarArray>(
        "aten::gradient.scalararray(Tensor self, *, Scalar spacing, int[] dim, int edge_order=1) -> Tensor[]",
        "Gradient along dims with one spacing."),
    op<gradientArray>("aten::gradient.array(Tensor self, *, int[] dim, int edge_order=1) -> Tensor[]",
                      "Gradient along dims with unit spacing."),
    op<gradientScalarArrayInt>(
        "aten::gradient.scalarrayint(Tensor self, *, Scalar[] spacing, int? dim=None, int edge_order=1) -> Tensor[]",
        "Gradient with a spacing per dim."),
    op<gradientScalarArrayArray>(
        "aten::gradient.scalarrayarray(Tensor self, *, Scalar[] spacing, int[] dim, int edge_order=1) -> Tensor[]",
        "Gradient along dims with a spacing per dim."),
};


CovWeights covWeights(int64_t obs, int64_t correction, const std::optional<Tensor>& fweights,
                      const std::optional<Tensor>& aweights, ScalarType rt) {
  const auto doubles = [](const Tensor& t) {
    const Tensor d = toDevice(t, Device::cpu()).to(ScalarType::Double).contiguous();
    return std::vector<double>(d.data<double>(), d.data<double>() + d.numel());
  };
  std::optional<std::vector<double>> w;
  std::vector<double> aw;
  if (fweights) {
    JS_CHECK(fweights->dim() <= 1, "cov(): expected fweights to have one or fewer dimensions but got fweights with ",
             fweights->dim(), " dimensions");
    JS_CHECK(isIntegralType(fweights->dtype(), false), "cov(): expected fweights to have integral dtype but got "
             "fweights with ", scalarTypeName(fweights->dtype()), " dtype");
    JS_CHECK(fweights->numel() == obs, "cov(): expected fweights to have the same numel as there are observations in "
             "the input but got ", fweights->numel(), " != ", obs);
    w = doubles(*fweights);
    for (double v : *w) JS_CHECK(v >= 0, "cov(): fweights cannot be negative");
  }
  if (aweights) {
    JS_CHECK(aweights->dim() <= 1, "cov(): expected aweights to have one or fewer dimensions but got aweights with ",
             aweights->dim(), " dimensions");
    JS_CHECK(isFloatingType(aweights->dtype()), "cov(): expected aweights to have floating point dtype but got "
             "aweights with ", scalarTypeName(aweights->dtype()), " dtype");
    JS_CHECK(aweights->numel() == obs, "cov(): expected aweights to have the same numel as there are observations in "
             "the input but got ", aweights->numel(), " != ", obs);
    aw = doubles(*aweights);
    for (double v : aw) JS_CHECK(v >= 0, "cov(): aweights cannot be negative");
    if (w) {
      for (size_t i = 0; i < aw.size(); ++i) (*w)[i] *= aw[i];
    } else {
      w = aw;
    }
    rt = promoteTypes(rt, aweights->dtype());
  }
  double w_sum = static_cast<double>(obs);
  if (w) {
    w_sum = 0;
    for (double v : *w) w_sum += v;
    JS_CHECK(w_sum != 0, "cov(): weights sum to zero, can't be normalized");
  }
  double norm = w_sum - static_cast<double>(correction);
  if (w && correction != 0 && aweights) {
    double waw = 0;
    for (int64_t j = 0; j < obs; ++j) waw += (*w)[static_cast<size_t>(j)] * aw[static_cast<size_t>(j)];
    norm = w_sum - static_cast<double>(correction) * waw / w_sum;
  }
  if (norm <= 0) norm = 0;  // PyTorch warns "degrees of freedom is <= 0" and divides by zero
  return CovWeights{std::move(w), w_sum, norm, rt};
}

}  // namespace jitserve::ops
