// CUDA kernels for statistics, distances, margin losses and scatter-style
// indexing, composed from CUDA kernels through the dispatcher (as
// cuda_composite_more_ops.cpp): cov / corrcoef, cumulative_trapezoid,
// pdist, multi_margin_loss / multilabel_margin_loss, masked_scatter,
// index_put (every overload) and renorm.
//
// The CPU kernels (runtime/ops/statistics_ops.cpp, linalg_product_ops.cpp,
// loss_ops.cpp, index_ops.cpp, norm_ops.cpp) are the reference: the same
// checks and messages, the same arithmetic in double where they compute in
// double, the same result dtypes. Where a CPU kernel validates data (weights
// that must not be negative, class indices in range, index tensors) the
// values are read on the host, one small copy, as index_select does here:
// an error must be raised before anything is written, not a device fault.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/ops/cov_weights.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

using IntList = std::vector<int64_t>;
const IValue kOne{Scalar(int64_t{1})};
const IValue kNone{};

Tensor add(const Tensor& a, const Tensor& b) { return callOp<"aten::add.Tensor", Tensor>(a, b, kOne); }
Tensor sub(const Tensor& a, const Tensor& b) { return callOp<"aten::sub.Tensor", Tensor>(a, b, kOne); }
Tensor mul(const Tensor& a, const Tensor& b) { return callOp<"aten::mul.Tensor", Tensor>(a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return callOp<"aten::div.Tensor", Tensor>(a, b); }
Tensor num(double v) { return wrapped_scalar_tensor(Scalar(v)); }
Tensor sumDims(const Tensor& t, IntList dims, bool keepdim) {
  return callOp<"aten::sum.dim_IntList", Tensor>(t, IValue::intList(std::move(dims)), keepdim, kNone);
}
Tensor gtS(const Tensor& t, double v) { return callOp<"aten::gt.Scalar", Tensor>(t, IValue(Scalar(v))); }
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b) { return callOp<"aten::where.self", Tensor>(c, a, b); }
Tensor toDouble(const Tensor& t, const OnDevice& on) { return castOnDevice(t, ScalarType::Double, on); }
IntList allDims(const Tensor& t) {
  IntList d;
  for (int64_t i = 0; i < t.dim(); ++i) d.push_back(i);
  return d;
}

std::vector<int64_t> hostLongs(const Tensor& t) {
  const Tensor h = toDevice(t, Device::cpu()).to(ScalarType::Long).contiguous();
  return std::vector<int64_t>(h.data<int64_t>(), h.data<int64_t>() + h.numel());
}
// Flat positions of t's nonzero elements, read on the host.
std::vector<int64_t> hostNonzero(const Tensor& t) {
  const Tensor h = toDevice(callOp<"aten::ne.Scalar", Tensor>(t, IValue(Scalar(int64_t{0}))), Device::cpu()).contiguous();
  std::vector<int64_t> out;
  const bool* p = h.data<bool>();
  for (int64_t i = 0; i < h.numel(); ++i)
    if (p[i]) out.push_back(i);
  return out;
}
Tensor doublesOnDevice(const std::vector<double>& v, IntArrayRef shape, const OnDevice& on) {
  Tensor h = empty(shape, ScalarType::Double);
  std::copy(v.begin(), v.end(), h.data<double>());
  return toDevice(h, on.device);
}

// The loss reductions of loss_ops.cpp: none, mean (sum / numel), sum.
Tensor reduceLoss(const Tensor& loss, int64_t reduction) {
  JS_CHECK(reduction >= 0 && reduction <= 2, reduction, " is not a valid value for reduction");
  if (reduction == 0) return loss;
  Tensor s = sumDims(loss, allDims(loss), false);
  if (reduction == 2) return s;
  return div(s, num(static_cast<double>(loss.numel())));
}

// ---- cov / corrcoef ----

// The weights are read on the host (a vector of one value per observation):
// they must be checked for negatives and their sum for zero, and the CPU's
// sums (w_sum, and the aweights correction) are then the same numbers.
Tensor cov(const Tensor& self, int64_t correction, const std::optional<Tensor>& fweights,
           const std::optional<Tensor>& aweights) {
  JS_CHECK(self.dim() <= 2, "cov(): expected input to have two or fewer dimensions but got an input with ", self.dim(),
           " dimensions");
  JS_CHECK(self.dtype() != ScalarType::Bool, "cov(): bool dtype is not supported for input");
  JS_CHECK(!self.is_complex(), "cov(): complex inputs are not supported");
  OnDevice on(deviceOf({&self}, "cov"));
  const Tensor in = self.dim() < 2 ? self.reshape({1, -1}) : self;
  const int64_t vars = in.size(0), obs = in.size(1);
  const ops::CovWeights cw =
      ops::covWeights(obs, correction, fweights, aweights, isFloatingType(self.dtype()) ? self.dtype() : kDefaultDtype);
  const std::optional<std::vector<double>>& w = cw.w;
  const double w_sum = cw.sum, norm = cw.norm;
  const ScalarType rt = cw.resultType;
  const Tensor x = toDouble(in, on);
  const std::optional<Tensor> wd = w ? std::optional<Tensor>(doublesOnDevice(*w, {1, obs}, on)) : std::nullopt;
  const Tensor weighted = wd ? mul(x, *wd) : x;
  const Tensor centered = sub(x, div(sumDims(weighted, {1}, true), num(w_sum)));
  const Tensor lhs = wd ? mul(centered, *wd) : centered;
  Tensor c = div(callOp<"aten::matmul", Tensor>(lhs, centered.t()), num(norm));
  c = castOnDevice(c, rt, on);
  return vars == 1 ? c.reshape(DimVector{}) : c;
}

Tensor corrcoef(const Tensor& self) {
  JS_CHECK(self.dim() <= 2, "corrcoef(): expected input to have two or fewer dimensions but got an input with ",
           self.dim(), " dimensions");
  OnDevice on(deviceOf({&self}, "corrcoef"));
  const Tensor c = cov(self, 1, std::nullopt, std::nullopt);
  const ScalarType rt = c.dtype();
  // In double from the rounded covariance, as the CPU.
  const Tensor v = toDouble(c, on);
  if (c.dim() == 0) return castOnDevice(div(v, v), rt, on);
  const int64_t n = c.size(0);
  const Tensor sd = callOp<"aten::sqrt", Tensor>(contiguousOnDevice(v.diagonal(0, 0, 1), on));
  Tensor e = div(div(v, sd.reshape({n, 1})), sd.reshape({1, n}));
  // clamp keeps NaN, as the CPU's "clamp unless NaN".
  e = callOp<"aten::clamp", Tensor>(e, IValue(Scalar(-1.0)), IValue(Scalar(1.0)));
  return castOnDevice(e, rt, on);
}

// ---- cumulative_trapezoid ----

int64_t wrapDim(int64_t d, int64_t n, const char* op) {
  const int64_t m = std::max<int64_t>(n, 1);
  JS_CHECK(d >= -m && d < m, op, ": Dimension out of range (expected to be in range of [", -m, ", ", m - 1,
           "], but got ", d, ")");
  return d < 0 ? d + m : d;
}
// The trapezoid areas of consecutive samples along dim: (y[i+1] + y[i]) * dx / 2.
Tensor trapezoidAreas(const Tensor& y, const Tensor& dxs, int64_t dim) {
  const int64_t n = y.size(dim);
  if (n == 0) return y;
  const Tensor pairs = add(y.narrow(dim, 1, n - 1), y.narrow(dim, 0, n - 1));
  return div(mul(pairs, dxs), num(2.0));
}
Tensor sampleSpacing(const Tensor& y, const Tensor& x, int64_t dim_arg, int64_t dim) {
  const int64_t n = y.size(dim);
  if (x.dim() == 1) {
    JS_CHECK(x.size(0) == n, "trapezoid: There must be one `x` value for each sample point");
    DimVector shape(static_cast<size_t>(y.dim() - dim), 1);
    shape[0] = std::max<int64_t>(n - 1, 0);
    return n > 0 ? sub(x.narrow(0, 1, n - 1), x.narrow(0, 0, n - 1)).reshape(shape) : x;
  }
  const int64_t xd = wrapDim(dim_arg, x.dim(), "trapezoid");
  const int64_t m = x.size(xd);
  return m > 0 ? sub(x.narrow(xd, 1, m - 1), x.narrow(xd, 0, m - 1)) : x;
}
// The running sum in double, cast back (the CPU's cumsumAlong).
Tensor cumsumAlong(const Tensor& t, int64_t dim) {
  OnDevice on(deviceOf({&t}, "cumulative_trapezoid"));
  if (t.dim() == 0) return t;
  const Tensor s = callOp<"aten::cumsum", Tensor>(t, dim, ScalarType::Double);
  return castOnDevice(s, t.dtype(), on);
}
Tensor cumulativeTrapezoidX(const Tensor& y, const Tensor& x, int64_t dim_arg) {
  const int64_t dim = wrapDim(dim_arg, y.dim(), "cumulative_trapezoid");
  return cumsumAlong(trapezoidAreas(y, sampleSpacing(y, x, dim_arg, dim), dim), dim);
}
Tensor cumulativeTrapezoidDx(const Tensor& y, const Scalar& dx, int64_t dim_arg) {
  const int64_t dim = wrapDim(dim_arg, y.dim(), "cumulative_trapezoid");
  return cumsumAlong(trapezoidAreas(y, wrapped_scalar_tensor(dx), dim), dim);
}

// ---- pdist ----

// Rows i < j gathered pairwise (index lists made on the host), then the
// p-norm of their differences in double: p = 0 counts nonzeros, inf takes
// the largest, else (sum |d|^p)^(1/p).
Tensor pdist(const Tensor& x, double p) {
  JS_CHECK(x.dim() == 2, "pdist only supports 2D tensors, got: ", x.dim(), "D");
  JS_CHECK(p >= 0, "pdist only supports non-negative p values");
  JS_CHECK(isFloatingType(x.dtype()), "pdist only supports floating-point dtypes");
  OnDevice on(deviceOf({&x}, "pdist"));
  const int64_t N = x.size(0), M = x.size(1);
  std::vector<int64_t> is, js;
  for (int64_t i = 0; i < N; ++i)
    for (int64_t j = i + 1; j < N; ++j) is.push_back(i), js.push_back(j);
  const int64_t P = static_cast<int64_t>(is.size());
  if (P == 0) return emptyOnDevice({0}, x.dtype(), on.device);
  if (M == 0) return fullOnDevice({P}, Scalar(0.0), x.dtype(), on);
  const Tensor xd = toDouble(x, on);
  const Tensor a = callOp<"aten::index_select", Tensor>(xd, int64_t{0}, longsOnDevice(is, {P}, on));
  const Tensor b = callOp<"aten::index_select", Tensor>(xd, int64_t{0}, longsOnDevice(js, {P}, on));
  const Tensor d = callOp<"aten::abs", Tensor>(sub(a, b));
  Tensor r;
  if (p == 0) {
    r = sumDims(castOnDevice(callOp<"aten::ne.Scalar", Tensor>(d, IValue(Scalar(0.0))), ScalarType::Double, on), {1},
                false);
  } else if (std::isinf(p)) {
    r = callOp<"aten::amax", Tensor>(d, IValue::intList({1}), false);
  } else {
    const Tensor s = sumDims(callOp<"aten::pow.Tensor_Scalar", Tensor>(d, IValue(Scalar(p))), {1}, false);
    r = callOp<"aten::pow.Tensor_Scalar", Tensor>(s, IValue(Scalar(1 / p)));
  }
  return castOnDevice(r, x.dtype(), on);
}

// ---- margin losses ----

// Targets are read on the host for the range check the CPU makes.
Tensor multiMarginLoss(const Tensor& input, const Tensor& target, const Scalar& p_arg, const Scalar& margin_arg,
                       const std::optional<Tensor>& weight, int64_t reduction) {
  JS_CHECK(input.dim() <= 2, "multi_margin_loss: expected 0D, 1D or 2D input, got ", shapeToString(input.sizes()));
  const int64_t N = input.dim() == 2 ? input.size(0) : 1;
  const int64_t C = input.dim() == 0 ? 1 : input.size(input.dim() - 1);
  JS_CHECK(target.dim() <= 1 && target.numel() == N, "inconsistent target size: ", shapeToString(target.sizes()),
           " for input of size: ", shapeToString(input.sizes()));
  const double p = p_arg.toDouble(), margin = margin_arg.toDouble();
  JS_CHECK(p == 1 || p == 2, "only p == 1 and p == 2 supported");
  if (weight)
    JS_CHECK(weight->numel() == C, "weight tensor should be defined either for all ", C,
             " classes or no classes but got weight tensor of shape: ", shapeToString(weight->sizes()));
  OnDevice on(deviceOf({&input}, "multi_margin_loss"));
  const std::vector<int64_t> t = hostLongs(target);
  for (int64_t v : t) JS_CHECK(v >= 0 && v < C, "target out of range");
  Tensor loss;
  if (N == 0) {
    loss = emptyOnDevice(target.sizes(), input.dtype(), on.device);
  } else {
    const Tensor x = toDouble(input, on).reshape({N, C});
    const Tensor ti = longsOnDevice(t, {N, 1}, on);
    const Tensor xt = callOp<"aten::gather", Tensor>(x, int64_t{1}, ti, false);
    // z = margin - x[t] + x[c], counted where positive (NaN too, as the
    // CPU's "skip unless z > 0" keeps NaN), the target's own class not.
    Tensor z = add(sub(fullOnDevice({N, 1}, Scalar(margin), ScalarType::Double, on), xt), x);
    z = where(callOp<"aten::le.Scalar", Tensor>(z, IValue(Scalar(0.0))),
              fullOnDevice({1, 1}, Scalar(0.0), ScalarType::Double, on), z);
    if (p == 2) z = mul(z, z);
    z = callOp<"aten::scatter.value", Tensor>(z, int64_t{1}, ti, IValue(Scalar(0.0)));
    if (weight) {
      const Tensor w = toDouble(weight->reshape({C}), on);
      z = mul(z, callOp<"aten::index_select", Tensor>(w, int64_t{0}, ti.reshape({N})).reshape({N, 1}));
    }
    loss = div(sumDims(z, {1}, false), num(static_cast<double>(C)));
    loss = castOnDevice(loss.reshape(target.sizes()), input.dtype(), on);
  }
  return reduceLoss(loss, reduction);
}

// Each row's targets are its class indices up to the first negative one
// (read on the host, as the CPU validates them): the loss sums
// max(0, 1 - (x[j] - x[k])) over targets j (repeats counted) and
// non-targets k, divided by C. The (N, C, C) pair weights come from the host.
Tensor multilabelMarginLoss(const Tensor& input, const Tensor& target, int64_t reduction) {
  JS_CHECK(input.dim() <= 2 && target.sizes().size() == input.sizes().size() &&
               std::equal(target.sizes().begin(), target.sizes().end(), input.sizes().begin()),
           "multilabel_margin_loss: inconsistent input size ", shapeToString(input.sizes()), " and target size ",
           shapeToString(target.sizes()));
  OnDevice on(deviceOf({&input}, "multilabel_margin_loss"));
  const int64_t C = input.dim() == 0 ? 1 : input.size(input.dim() - 1);
  const int64_t N = C == 0 ? 0 : input.numel() / C;
  const std::vector<int64_t> tp = hostLongs(target);
  std::vector<double> pairs(static_cast<size_t>(N * C * C), 0.0);
  for (int64_t n = 0; n < N; ++n) {
    std::vector<double> count(static_cast<size_t>(C), 0.0);
    for (int64_t j = 0; j < C && tp[n * C + j] >= 0; ++j) {
      JS_CHECK(tp[n * C + j] < C, "multilabel_margin_loss: target index ", tp[n * C + j], " is out of range");
      count[tp[n * C + j]] += 1;
    }
    for (int64_t j = 0; j < C; ++j)
      for (int64_t k = 0; k < C; ++k)
        if (count[j] > 0 && count[k] == 0) pairs[(n * C + j) * C + k] = count[j];
  }
  DimVector shape;
  if (input.dim() == 2) shape.push_back(N);
  Tensor loss;
  if (N == 0) {
    loss = emptyOnDevice(shape, input.dtype(), on.device);
  } else {
    const Tensor x = toDouble(input, on).reshape({N, C});
    const Tensor pw = doublesOnDevice(pairs, {N, C, C}, on);
    Tensor h = sub(fullOnDevice({1, 1, 1}, Scalar(1.0), ScalarType::Double, on),
                   sub(x.reshape({N, C, 1}), x.reshape({N, 1, C})));
    const Tensor zero = fullOnDevice({1, 1, 1}, Scalar(0.0), ScalarType::Double, on);
    h = where(gtS(h, 0), h, zero);  // std::max(0, h): NaN gives 0
    h = where(gtS(pw, 0), mul(h, pw), zero);
    loss = div(sumDims(h, {1, 2}, false), num(static_cast<double>(C)));
    loss = castOnDevice(loss.reshape(shape), input.dtype(), on);
  }
  return reduceLoss(loss, reduction);
}

// ---- masked_scatter ----

// The mask is read on the host (one copy, as masked_select here): which
// elements of source go where depends on how many mask entries precede
// each, and the CPU's "not enough source elements" error needs the count.
Tensor maskedScatter(const Tensor& self, const Tensor& mask, const Tensor& source) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, "masked_scatter_ only supports boolean masks, but got mask with dtype ",
           scalarTypeName(mask.dtype()));
  JS_CHECK(self.dtype() == source.dtype(), "masked_scatter: expected self and source to have same dtypes but got",
           scalarTypeName(self.dtype()), " and ", scalarTypeName(source.dtype()));
  OnDevice on(deviceOf({&self, &mask, &source}, "masked_scatter"));
  const DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  const Tensor out = cloneOnDevice(self.expand(shape), on);
  const std::vector<int64_t> at = hostNonzero(mask.expand(shape));
  const int64_t k = static_cast<int64_t>(at.size());
  JS_CHECK(k <= source.numel(), "masked_scatter: expected source to have at least as many elements as ones in mask");
  if (k == 0) return out;
  const Tensor src = contiguousOnDevice(source, on).reshape({source.numel()}).narrow(0, 0, k);
  return callOp<"aten::index_copy", Tensor>(out.reshape({out.numel()}), int64_t{0}, longsOnDevice(at, {k}, on), src)
      .view(shape);
}
Tensor maskedScatter_(Tensor self, const Tensor& mask, const Tensor& source) {
  const Tensor r = maskedScatter(self, mask, source);
  JS_CHECK(IntArrayRef(r.sizes()) == IntArrayRef(self.sizes()), "output with shape ", shapeToString(self.sizes()),
           " doesn't match the broadcast shape ", shapeToString(r.sizes()));
  OnDevice on(deviceOf({&self}, "masked_scatter_"));
  copyIntoOnDevice(self, r, on);
  return self;
}

// ---- index_put ----

// The CPU's advanced indexing, with the index tensors read on the host (they
// are range-checked there, negative ones wrapped, masks expanded): the
// indexed positions become flat offsets into a contiguous copy of self,
// base (one per broadcast index entry) + rest (one per element of the
// non-indexed dims), added on the device, and the values go there by
// index_copy / index_add. Repeated positions without accumulate keep one of
// their values, unspecified which (PyTorch's CUDA kernel is the same).
Tensor indexPutCopy(const Tensor& self, const std::vector<Tensor>& indices, const Tensor& values, bool accumulate) {
  OnDevice on(deviceOf({&self, &values}, "index_put"));
  JS_CHECK(static_cast<int64_t>(indices.size()) <= self.dim(), "too many indices for tensor of dimension ",
           self.dim(), " (got ", indices.size(), ")");
  std::vector<Tensor> expanded;  // host Long indices, undefined where None
  for (const Tensor& t : indices) {
    if (!t.defined()) {
      expanded.push_back(t);
      continue;
    }
    if (t.dtype() == ScalarType::Bool || t.dtype() == ScalarType::Byte) {
      const int64_t d0 = static_cast<int64_t>(expanded.size());
      JS_CHECK(d0 + t.dim() <= self.dim(), "too many indices for tensor of dimension ", self.dim());
      for (int64_t k = 0; k < t.dim(); ++k)
        JS_CHECK(t.size(k) == self.size(d0 + k), "The shape of the mask ", shapeToString(t.sizes()), " at index ", k,
                 " does not match the shape of the indexed tensor ", shapeToString(self.sizes()), " at index ",
                 d0 + k);
      const std::vector<int64_t> flat = hostNonzero(t);
      for (int64_t k = 0; k < t.dim(); ++k) {
        int64_t inner = 1;
        for (int64_t q = k + 1; q < t.dim(); ++q) inner *= t.size(q);
        Tensor col = empty({static_cast<int64_t>(flat.size())}, ScalarType::Long);
        for (size_t i = 0; i < flat.size(); ++i) col.data<int64_t>()[i] = flat[i] / inner % t.size(k);
        expanded.push_back(col);
      }
      continue;
    }
    JS_CHECK(t.dtype() == ScalarType::Long || t.dtype() == ScalarType::Int,
             "tensors used as indices must be long, int, byte or bool tensors");
    expanded.push_back(toDevice(t, Device::cpu()).to(ScalarType::Long));
  }
  JS_CHECK(static_cast<int64_t>(expanded.size()) <= self.dim(), "too many indices for tensor of dimension ",
           self.dim(), " (got ", expanded.size(), ")");
  IntList dims, rest;
  std::vector<Tensor> defined;
  for (size_t d = 0; d < expanded.size(); ++d)
    if (expanded[d].defined()) {
      dims.push_back(static_cast<int64_t>(d));
      defined.push_back(expanded[d]);
    }
  JS_CHECK(!defined.empty(), "index: at least one index must be a tensor");
  for (int64_t d = 0; d < self.dim(); ++d)
    if (std::find(dims.begin(), dims.end(), d) == dims.end()) rest.push_back(d);
  bool adjacent = true;
  for (size_t k = 1; k < dims.size(); ++k)
    if (dims[k] != dims[k - 1] + 1) adjacent = false;
  const std::vector<Tensor> bc = broadcast_tensors(defined);
  const DimVector B(bc[0].sizes().begin(), bc[0].sizes().end());
  int64_t nb = 1;
  for (int64_t s : B) nb *= s;
  // Offsets into the contiguous copy: the indexed part per broadcast entry,
  // the rest row-major over the non-indexed dims.
  DimVector cstride(static_cast<size_t>(self.dim()), 1);
  for (int64_t d = self.dim() - 2; d >= 0; --d) cstride[d] = cstride[d + 1] * self.size(d + 1);
  std::vector<int64_t> base(static_cast<size_t>(nb), 0);
  for (size_t k = 0; k < bc.size(); ++k) {
    const Tensor li = bc[k].contiguous();
    const int64_t d = dims[k], n = self.size(d);
    const int64_t* p = li.data<int64_t>();
    for (int64_t b = 0; b < nb; ++b) {
      int64_t idx = p[b];
      JS_CHECK(idx >= -n && idx < n, "index ", idx, " is out of bounds for dimension ", d, " with size ", n);
      base[static_cast<size_t>(b)] += (idx < 0 ? idx + n : idx) * cstride[d];
    }
  }
  std::vector<int64_t> roffs{0};
  for (int64_t d : rest) {
    std::vector<int64_t> next;
    for (int64_t o : roffs)
      for (int64_t i = 0; i < self.size(d); ++i) next.push_back(o + i * cstride[d]);
    roffs.swap(next);
  }
  const int64_t nr = static_cast<int64_t>(roffs.size());
  // values broadcast to the user-order result shape, then in B + rest order.
  DimVector ws(B), perm;
  for (int64_t d : rest) ws.push_back(self.size(d));
  const int64_t nbd = static_cast<int64_t>(B.size()), nrest = static_cast<int64_t>(rest.size());
  if (!adjacent) {
    for (int64_t i = 0; i < nbd + nrest; ++i) perm.push_back(i);
  } else {
    int64_t before = 0;
    for (int64_t d : rest)
      if (d < dims.front()) ++before;
    for (int64_t i = 0; i < before; ++i) perm.push_back(nbd + i);
    for (int64_t i = 0; i < nbd; ++i) perm.push_back(i);
    for (int64_t i = before; i < nrest; ++i) perm.push_back(nbd + i);
  }
  DimVector user_shape, inv(perm.size());
  for (int64_t q : perm) user_shape.push_back(ws[q]);
  for (size_t i = 0; i < perm.size(); ++i) inv[perm[i]] = static_cast<int64_t>(i);
  JS_CHECK(is_expandable_to(values.sizes(), user_shape), "shape mismatch: value tensor of shape ",
           shapeToString(values.sizes()), " cannot be broadcast to indexing result of shape ",
           shapeToString(user_shape));
  const Tensor out = cloneOnDevice(self, on);
  if (nb * nr == 0) return out;
  const Tensor v = emptyOnDevice(user_shape, self.dtype(), on.device);
  copyIntoOnDevice(v, values, on);
  const Tensor vw = contiguousOnDevice(v.permute(inv), on).reshape({nb * nr});
  const Tensor offsets =
      add(longsOnDevice(base, {nb, 1}, on), longsOnDevice(roffs, {1, nr}, on)).reshape({nb * nr});
  const Tensor flat = out.reshape({out.numel()});
  const Tensor r = accumulate ? callOp<"aten::index_add", Tensor>(flat, int64_t{0}, offsets, vw, kOne)
                              : callOp<"aten::index_copy", Tensor>(flat, int64_t{0}, offsets, vw);
  return r.view(self.sizes());
}
template <typename List>
Tensor indexPut(const Tensor& self, List indices, const Tensor& values, bool accumulate) {
  return indexPutCopy(self, indices, values, accumulate);
}
template <typename List>
Tensor indexPut_(Tensor self, List indices, const Tensor& values, bool accumulate) {
  const Tensor r = indexPutCopy(self, indices, values, accumulate);
  OnDevice on(deviceOf({&self}, "index_put_"));
  copyIntoOnDevice(self, r, on);
  return self;
}

// ---- renorm ----

// Each slice along dim scaled to p-norm at most maxnorm (factor
// maxnorm / (norm + 1e-7), in double from the norm in self's dtype).
Tensor renorm(const Tensor& self, const Scalar& p_arg, int64_t dim_arg, const Scalar& maxnorm_arg) {
  const double p = p_arg.toDouble(), maxnorm = maxnorm_arg.toDouble();
  JS_CHECK(!self.is_complex() && isFloatingType(self.dtype()), "renorm: expected a floating point input, got ",
           scalarTypeName(self.dtype()));
  JS_CHECK(p > 0, "renorm: non-positive-norm not supported");
  JS_CHECK(maxnorm >= 0, "renorm: expected maxnorm to be >= 0 but got ", maxnorm);
  JS_CHECK(self.dim() > 1, "renorm: input needs at least 2 dimensions, got ", self.dim(), " dimensions");
  OnDevice on(deviceOf({&self}, "renorm"));
  const int64_t dim = maybe_wrap_dim(dim_arg, self.dim());
  IntList others;
  for (int64_t d = 0; d < self.dim(); ++d)
    if (d != dim) others.push_back(d);
  const Tensor norms = toDouble(
      callOp<"aten::linalg_vector_norm", Tensor>(self, IValue(Scalar(p)), IValue::intList(others), true, kNone), on);
  const Tensor scaled = div(num(maxnorm), callOp<"aten::add.Scalar", Tensor>(norms, IValue(Scalar(1e-7)), kOne));
  const Tensor factor = where(gtS(norms, maxnorm), scaled, fullOnDevice({}, Scalar(1.0), ScalarType::Double, on));
  return mul(self, castOnDevice(factor, self.dtype(), on));
}
Tensor renorm_(Tensor self, const Scalar& p, int64_t dim, const Scalar& maxnorm) {
  const Tensor r = renorm(self, p, dim, maxnorm);
  OnDevice on(deviceOf({&self}, "renorm_"));
  copyIntoOnDevice(self, r, on);
  return self;
}

}  // namespace

const CudaTable kCudaStatisticsOps = {
    row<cov>("aten::cov"),
    row<corrcoef>("aten::corrcoef"),
    row<cumulativeTrapezoidX>("aten::cumulative_trapezoid.x"),
    row<cumulativeTrapezoidDx>("aten::cumulative_trapezoid.dx"),
    row<pdist>("aten::pdist"),
    row<multiMarginLoss>("aten::multi_margin_loss"),
    row<multilabelMarginLoss>("aten::multilabel_margin_loss"),
    row<maskedScatter>("aten::masked_scatter"),
    row<maskedScatter_>("aten::masked_scatter_"),
    row<indexPut<OptionalTensorList>>("aten::index_put"),
    row<indexPut<std::vector<Tensor>>>("aten::index_put.hacked_twin"),
    row<indexPut_<OptionalTensorList>>("aten::index_put_"),
    row<indexPut_<std::vector<Tensor>>>("aten::index_put_.hacked_twin"),
    row<renorm>("aten::renorm"),
    row<renorm_>("aten::renorm_"),
};

}  // namespace jitserve::cuda
