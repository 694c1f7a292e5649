// segment_reduce over 1-D lengths/offsets. `initial` seeds every segment's
// accumulator (mean divides initial + sum by the element count), and an
// empty segment yields initial, or the reduction's identity without it
// (NaN for mean, -inf/inf for max/min).
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>
#include <string>

#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

enum class Red { Sum, Mean, Prod, Max, Min };

Red parseRed(std::string_view s) {
  if (s == "sum") return Red::Sum;
  if (s == "mean") return Red::Mean;
  if (s == "prod") return Red::Prod;
  if (s == "max") return Red::Max;
  JS_CHECK(s == "min", "segment_reduce: unsupported reduction ", s, " (expected sum, mean, prod, max or min)");
  return Red::Min;
}

Tensor segmentReduce(const Tensor& data, std::string_view reduce, const std::optional<Tensor>& lengths,
                     const std::optional<Tensor>& indices, const std::optional<Tensor>& offsets, int64_t axis,
                     bool /*unsafe*/, std::optional<Scalar> initial) {
  const Red red = parseRed(reduce);
  JS_CHECK(!indices, "segment_reduce: indices are not supported yet; pass lengths or offsets");
  JS_CHECK(lengths.has_value() != offsets.has_value(), "segment_reduce: exactly one of lengths or offsets must be "
           "given");
  JS_CHECK(isFloatingType(data.dtype()), "segment_reduce: expected a floating point data tensor, got ",
           scalarTypeName(data.dtype()));
  const int64_t nd = std::max<int64_t>(data.dim(), 1);
  JS_CHECK(axis >= -nd && axis < nd, "segment_reduce: axis ", axis, " is out of range for a ", data.dim(), "-D tensor");
  if (axis < 0) axis += nd;
  // A flag and a value rather than std::optional<double>: GCC 12 reports the
  // optional's payload as maybe-uninitialized in the loop below.
  const bool hasInitial = initial.has_value();
  const double initialValue = hasInitial ? initial->toDouble() : 0.0;
  auto initialOr = [&](double identity) { return hasInitial ? initialValue : identity; };

  // Segment boundaries [starts[i], starts[i + 1]).
  std::vector<int64_t> starts{0};
  if (lengths) {
    JS_CHECK(lengths->dim() == 1, "segment_reduce: only 1-D lengths are supported, got ",
             shapeToString(lengths->sizes()));
    Tensor l = lengths->to(ScalarType::Long).contiguous();
    for (int64_t i = 0; i < l.numel(); ++i) {
      JS_CHECK(l.data<int64_t>()[i] >= 0, "segment_reduce: lengths contains negative value!");
      starts.push_back(starts.back() + l.data<int64_t>()[i]);
    }
  } else {
    JS_CHECK(offsets->dim() == 1 && offsets->numel() >= 1, "segment_reduce: only non-empty 1-D offsets are supported");
    Tensor o = offsets->to(ScalarType::Long).contiguous();
    starts.assign(o.data<int64_t>(), o.data<int64_t>() + o.numel());
  }
  const int64_t L = data.dim() == 0 ? 1 : data.size(axis);
  JS_CHECK(starts.front() == 0 && starts.back() == L, "segment_reduce: segments must cover the ", L,
           " elements of axis ", axis, ", got a total of ", starts.back() - starts.front());

  std::vector<int64_t> perm{axis};
  for (int64_t i = 0; i < data.dim(); ++i)
    if (i != axis) perm.push_back(i);
  Tensor x = data.dim() == 0 ? data.reshape({1}) : data;
  x = x.permute(perm).to(ScalarType::Double).contiguous();
  const int64_t inner = L == 0 ? 0 : x.numel() / L, S = static_cast<int64_t>(starts.size()) - 1;
  const double* p = x.data<double>();
  std::vector<double> out(static_cast<size_t>(S * inner));
  const double inf = std::numeric_limits<double>::infinity();
  for (int64_t seg = 0; seg < S; ++seg) {
    const int64_t b = starts[seg], e = starts[seg + 1];
    JS_CHECK(e >= b, "segment_reduce: offsets must be non-decreasing");
    for (int64_t j = 0; j < inner; ++j) {
      double acc = 0;
      switch (red) {
        case Red::Sum: case Red::Mean: acc = initialOr(0.0); break;
        case Red::Prod: acc = initialOr(1.0); break;
        case Red::Max: acc = initialOr(-inf); break;
        case Red::Min: acc = initialOr(inf); break;
      }
      for (int64_t i = b; i < e; ++i) {
        const double v = p[i * inner + j];
        switch (red) {
          case Red::Sum: case Red::Mean: acc += v; break;
          case Red::Prod: acc *= v; break;
          case Red::Max: acc = (std::isnan(v) || v > acc) ? v : acc; break;
          case Red::Min: acc = (std::isnan(v) || v < acc) ? v : acc; break;
        }
      }
      if (red == Red::Mean) {
        if (e > b) acc /= static_cast<double>(e - b);
        else if (!hasInitial) acc = std::numeric_limits<double>::quiet_NaN();
      }
      out[seg * inner + j] = acc;
    }
  }
  DimVector shape{S};
  for (size_t i = 1; i < perm.size(); ++i) shape.push_back(data.size(perm[i]));
  // Back to the original dim order: the segment dim returns to `axis`.
  std::vector<int64_t> inv(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<int64_t>(i);
  Tensor r = from_vector(out).reshape(shape);
  if (data.dim() > 1) r = r.permute(inv);
  return r.contiguous().to(data.dtype());
}

}  // namespace

const OpTable kSegmentOps = {
    op<segmentReduce>("aten::segment_reduce(Tensor data, str reduce, *, Tensor? lengths=None, Tensor? indices=None, "
                      "Tensor? offsets=None, int axis=0, bool unsafe=False, Scalar? initial=None) -> Tensor",
                      "Reduces consecutive segments of an axis (lengths or offsets)."),
};

}  // namespace jitserve::ops
