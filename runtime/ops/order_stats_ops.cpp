// quantile sorts each reduced slice (in double) and reads the q-th position
// pos = q * (n - 1) with the requested interpolation; quantile returns NaN for
// a slice holding NaN, nanquantile drops the NaNs first (NaN if none remain).
// searchsorted/bucketize are lower/upper-bound binary searches per value.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

enum class Interp { Linear, Lower, Higher, Nearest, Midpoint };

Interp parseInterp(std::string_view s) {
  if (s == "linear") return Interp::Linear;
  if (s == "lower") return Interp::Lower;
  if (s == "higher") return Interp::Higher;
  if (s == "nearest") return Interp::Nearest;
  JS_CHECK(s == "midpoint", "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest. "
           "Got ", s);
  return Interp::Midpoint;
}

// Quantile q of sorted values v (no NaN).
double pick(const std::vector<double>& v, double q, Interp m) {
  const double pos = q * static_cast<double>(v.size() - 1);
  const auto lo = static_cast<size_t>(std::floor(pos)), hi = static_cast<size_t>(std::ceil(pos));
  switch (m) {
    case Interp::Lower: return v[lo];
    case Interp::Higher: return v[hi];
    case Interp::Nearest: return v[static_cast<size_t>(std::nearbyint(pos))];  // ties to even, like torch.round
    case Interp::Midpoint: return (v[lo] + v[hi]) / 2;
    case Interp::Linear: {
      const double w = pos - static_cast<double>(lo);
      return w < 0.5 ? v[lo] + w * (v[hi] - v[lo]) : v[hi] - (v[hi] - v[lo]) * (1 - w);
    }
  }
  return 0;
}

// qs: the quantiles; q_shape: their shape (empty for a scalar q), prepended to the result.
Tensor quantile(const Tensor& self, const std::vector<double>& qs, IntArrayRef q_shape, std::optional<int64_t> dim,
                bool keepdim, std::string_view interpolation, bool ignore_nan) {
  const char* op = ignore_nan ? "nanquantile" : "quantile";
  JS_CHECK(self.dtype() == ScalarType::Float || self.dtype() == ScalarType::Double, op,
           "() input tensor must be either float or double dtype");
  for (double q : qs) JS_CHECK(q >= 0 && q <= 1, op, "() q values must be in the range [0, 1]");
  const Interp m = parseInterp(interpolation);
  JS_CHECK(self.numel() > 0, op, "() input tensor must be non-empty");
  // Move the reduced dim last (or flatten) so each slice is contiguous.
  Tensor x;
  DimVector out_shape(q_shape.begin(), q_shape.end());
  if (dim) {
    const int64_t nd = std::max<int64_t>(self.dim(), 1);
    JS_CHECK(*dim >= -nd && *dim < nd, "Dimension out of range (expected to be in range of [", -nd, ", ", nd - 1,
             "], but got ", *dim, ")");
    const int64_t d = self.dim() == 0 ? 0 : (*dim < 0 ? *dim + nd : *dim);
    Tensor t = self.dim() == 0 ? self.reshape({1}) : self;
    std::vector<int64_t> perm;
    for (int64_t i = 0; i < t.dim(); ++i)
      if (i != d) perm.push_back(i);
    perm.push_back(d);
    x = t.permute(perm).to(ScalarType::Double).contiguous();
    for (int64_t i = 0; i < self.dim(); ++i) {
      if (i != d) out_shape.push_back(self.size(i));
      else if (keepdim) out_shape.push_back(1);
    }
  } else {
    x = self.reshape({-1}).to(ScalarType::Double).contiguous();
    if (keepdim)
      for (int64_t i = 0; i < self.dim(); ++i) out_shape.push_back(1);
  }
  const int64_t L = x.dim() == 0 ? 1 : x.size(-1), R = x.numel() / L;
  const double* p = x.data<double>();
  const int64_t Q = static_cast<int64_t>(qs.size());
  std::vector<double> out(static_cast<size_t>(Q * R));
  std::vector<double> v;
  for (int64_t r = 0; r < R; ++r) {
    v.clear();
    bool has_nan = false;
    for (int64_t i = 0; i < L; ++i) {
      const double e = p[r * L + i];
      if (std::isnan(e)) has_nan = true;
      else v.push_back(e);
    }
    std::sort(v.begin(), v.end());
    const bool nan_out = v.empty() || (has_nan && !ignore_nan);
    for (int64_t qi = 0; qi < Q; ++qi)
      out[qi * R + r] = nan_out ? std::numeric_limits<double>::quiet_NaN() : pick(v, qs[qi], m);
  }
  return from_vector(out).reshape(out_shape).to(self.dtype());
}

template <bool IgnoreNan>
Tensor quantileScalar(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                      std::string_view interpolation) {
  return quantile(self, {q}, {}, dim, keepdim, interpolation, IgnoreNan);
}
template <bool IgnoreNan>
Tensor quantileTensor(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                      std::string_view interpolation) {
  JS_CHECK(q.dim() <= 1, "quantile() q must be a scalar or 1D tensor");
  JS_CHECK(q.dtype() == self.dtype(), "quantile() q tensor must be same dtype as the input tensor");
  Tensor qd = q.to(ScalarType::Double).contiguous();
  std::vector<double> qs(qd.data<double>(), qd.data<double>() + qd.numel());
  return quantile(self, qs, q.sizes(), dim, keepdim, interpolation, IgnoreNan);
}

// ---- binary search ----

// For each value, the insertion index into the (sorted) last-dim rows of seq.
Tensor searchSorted(const Tensor& seq, const Tensor& values, bool out_int32, bool right,
                    const std::optional<std::string>& side, const std::optional<Tensor>& sorter, const char* op) {
  if (side) {
    JS_CHECK(*side == "left" || *side == "right", op, ": side can only be 'left' or 'right' but got ", *side);
    JS_CHECK(!(right && *side == "left"), op, ": side and right can't be set to opposites, got side of left while "
             "right was True");
    right = *side == "right";
  }
  JS_CHECK(seq.dim() >= 1, op, ": boundaries tensor should have at least 1 dimension");
  const bool shared = seq.dim() == 1;
  if (!shared) {
    JS_CHECK(seq.dim() == values.dim() &&
                 std::equal(seq.sizes().begin(), seq.sizes().end() - 1, values.sizes().begin()),
             op, ": boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and "
             "input value tensor must match, but we got boundaries tensor ", shapeToString(seq.sizes()),
             " and input value tensor ", shapeToString(values.sizes()));
  }
  Tensor sd = seq.to(ScalarType::Double).contiguous();
  Tensor vd = values.to(ScalarType::Double).contiguous();
  const int64_t L = seq.size(-1);
  const int64_t VL = shared ? std::max<int64_t>(vd.numel(), 1) : (values.dim() == 0 ? 1 : values.size(-1));
  const double* sp = sd.data<double>();
  const double* vp = vd.data<double>();
  const int64_t* order = nullptr;
  Tensor so;
  if (sorter) {
    JS_CHECK(sorter->sizes().size() == seq.sizes().size() &&
                 std::equal(sorter->sizes().begin(), sorter->sizes().end(), seq.sizes().begin()),
             op, ": boundary and sorter must have the same size, but got boundary tensor ",
             shapeToString(seq.sizes()), " and got sorter tensor ", shapeToString(sorter->sizes()));
    so = sorter->to(ScalarType::Long).contiguous();
    order = so.data<int64_t>();
  }
  std::vector<int64_t> out(static_cast<size_t>(vd.numel()));
  for (int64_t i = 0; i < vd.numel(); ++i) {
    const int64_t row = shared ? 0 : i / VL;
    const double* base = sp + row * L;
    const int64_t* ord = order ? order + row * L : nullptr;
    auto at = [&](int64_t k) { return ord ? base[ord[k]] : base[k]; };
    const double v = vp[i];
    int64_t lo = 0, hi = L;
    while (lo < hi) {
      const int64_t mid = lo + (hi - lo) / 2;
      // left: first element >= v; right: first element > v (NaN sorts last).
      const double e = at(mid);
      const bool go_right = right ? !(v < e) && !std::isnan(e) : (e < v || (std::isnan(v) && !std::isnan(e)));
      if (go_right) lo = mid + 1;
      else hi = mid;
    }
    out[i] = lo;
  }
  Tensor r = from_vector(out).reshape(values.sizes());
  return out_int32 ? r.to(ScalarType::Int) : r;
}

// The values searched for: a Tensor, or one Scalar (as a 0-dim double tensor).
const Tensor& valuesOf(const Tensor& t) { return t; }
Tensor valuesOf(const Scalar& v) { return scalar_tensor(v, ScalarType::Double); }

template <typename Values>
Tensor searchsorted(const Tensor& sorted_sequence, const Values& self, bool out_int32, bool right,
                    std::optional<std::string> side, const std::optional<Tensor>& sorter) {
  return searchSorted(sorted_sequence, valuesOf(self), out_int32, right, side, sorter, "searchsorted");
}
template <typename Values>
Tensor bucketize(const Values& self, const Tensor& boundaries, bool out_int32, bool right) {
  JS_CHECK(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")");
  return searchSorted(boundaries, valuesOf(self), out_int32, right, std::nullopt, std::nullopt, "bucketize");
}

}  // namespace

const OpTable kOrderStatsOps = {
    op<quantileTensor<false>>("aten::quantile(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str "
                              "interpolation=\"linear\") -> Tensor",
                              "q-th quantiles (1-D q adds a leading dim); NaN slices give NaN."),
    op<quantileScalar<false>>("aten::quantile.scalar(Tensor self, float q, int? dim=None, bool keepdim=False, *, str "
                              "interpolation=\"linear\") -> Tensor",
                              "q-th quantile over dim (all elements when None)."),
    op<quantileTensor<true>>("aten::nanquantile(Tensor self, Tensor q, int? dim=None, bool keepdim=False, *, str "
                             "interpolation=\"linear\") -> Tensor",
                             "quantile ignoring NaNs."),
    op<quantileScalar<true>>("aten::nanquantile.scalar(Tensor self, float q, int? dim=None, bool keepdim=False, *, str "
                             "interpolation=\"linear\") -> Tensor",
                             "quantile ignoring NaNs, scalar q."),
    op<searchsorted<Tensor>>("aten::searchsorted.Tensor(Tensor sorted_sequence, Tensor self, *, bool out_int32=False, "
                             "bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
                             "Insertion indices of values into sorted last-dim rows."),
    op<searchsorted<Scalar>>("aten::searchsorted.Scalar(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, "
                             "bool right=False, str? side=None, Tensor? sorter=None) -> Tensor",
                             "Insertion index of one value."),
    op<bucketize<Tensor>>(
        "aten::bucketize.Tensor(Tensor self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
        "Bucket index of each value among 1-D boundaries."),
    op<bucketize<Scalar>>(
        "aten::bucketize.Scalar(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False) -> Tensor",
        "Bucket index of one value."),
};

}  // namespace jitserve::ops
