// Loss kernels. Elementwise and distance losses are composed from the
// elementwise operators called through the dispatcher (so broadcasting and
// dtype rules are those of the underlying ops, and every device with those
// kernels runs them) and then reduced; the class-indexed losses (nll, cross entropy, multi-margin,
// multilabel-margin) walk the contiguous data in double precision, because
// they gather by target index and need PyTorch's weighted-mean divisor.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <numeric>

#include "runtime/core/op_call.h"
#include "runtime/ops/binary_ops.h"
#include "runtime/ops/comparison_ops.h"
#include "runtime/ops/dim_ops.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/reduce_ops.h"
#include "runtime/ops/ternary_ops.h"
#include "runtime/ops/unary_ops.h"

namespace jitserve::ops {
namespace {

enum Reduction : int64_t { kNone = 0, kMean = 1, kSum = 2 };

Tensor num(double v) { return wrapScalar(Scalar(v)); }

std::vector<int64_t> allDims(const Tensor& t) {
  std::vector<int64_t> d(static_cast<size_t>(t.dim()));
  std::iota(d.begin(), d.end(), 0);
  return d;
}

// The elementwise and distance losses, written once for every device: each
// part goes through the dispatcher (runtime/ops/dispatch.h), so a device
// with kernels for the parts runs them there (their rows are kAnyDevice).
// The names below hide the CPU functions of the same names.
namespace generic {

Tensor add(const Tensor& a, const Tensor& b) { return callOp<"aten::add.Tensor", Tensor>(a, b, IValue(int64_t{1})); }
Tensor sub(const Tensor& a, const Tensor& b) { return callOp<"aten::sub.Tensor", Tensor>(a, b, IValue(int64_t{1})); }
Tensor mul(const Tensor& a, const Tensor& b) { return callOp<"aten::mul.Tensor", Tensor>(a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return callOp<"aten::div.Tensor", Tensor>(a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return callOp<"aten::minimum", Tensor>(a, b); }
Tensor neg(const Tensor& t) { return callOp<"aten::neg", Tensor>(t); }
Tensor abs(const Tensor& t) { return callOp<"aten::abs", Tensor>(t); }
Tensor exp(const Tensor& t) { return callOp<"aten::exp", Tensor>(t); }
Tensor log(const Tensor& t) { return callOp<"aten::log", Tensor>(t); }
Tensor sqrt(const Tensor& t) { return callOp<"aten::sqrt", Tensor>(t); }
Tensor lt(const Tensor& a, const Tensor& b) { return callOp<"aten::lt.Tensor", Tensor>(a, b); }
Tensor gt(const Tensor& a, const Tensor& b) { return callOp<"aten::gt.Tensor", Tensor>(a, b); }
Tensor eq(const Tensor& a, const Tensor& b) { return callOp<"aten::eq.Tensor", Tensor>(a, b); }
Tensor ne(const Tensor& a, const Tensor& b) { return callOp<"aten::ne.Tensor", Tensor>(a, b); }
Tensor where(const Tensor& c, const Tensor& a, const Tensor& b) { return callOp<"aten::where.self", Tensor>(c, a, b); }
Tensor clamp(const Tensor& t, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  return callOp<"aten::clamp", Tensor>(t, lo ? IValue(*lo) : IValue(), hi ? IValue(*hi) : IValue());
}
Tensor sum(const Tensor& t, std::vector<int64_t> dims, bool keepdim) {
  return callOp<"aten::sum.dim_IntList", Tensor>(t, IValue::intList(std::move(dims)), keepdim, IValue());
}
Tensor amax(const Tensor& t, std::vector<int64_t> dims, bool keepdim) {
  return callOp<"aten::amax", Tensor>(t, IValue::intList(std::move(dims)), keepdim);
}
Tensor pow(const Tensor& t, const Scalar& e) { return callOp<"aten::pow.Tensor_Scalar", Tensor>(t, IValue(e)); }
Tensor toDtype(const Tensor& t, ScalarType dt) {
  return callOp<"aten::to.dtype", Tensor>(t, dt, false, false, IValue());
}

Tensor reduce(const Tensor& loss, int64_t reduction) {
  JS_CHECK(reduction >= 0 && reduction <= 2, reduction, " is not a valid value for reduction");
  if (reduction == kNone) return loss;
  Tensor s = sum(loss, allDims(loss), false);
  if (reduction == kSum) return s;
  return div(s, num(static_cast<double>(loss.numel())));
}

Tensor clampMin0(const Tensor& t) { return clamp(t, Scalar(0.0), std::nullopt); }

// ---- elementwise losses ----

Tensor mseLoss(const Tensor& self, const Tensor& target, int64_t reduction) {
  Tensor d = sub(self, target);
  return reduce(mul(d, d), reduction);
}
Tensor l1Loss(const Tensor& self, const Tensor& target, int64_t reduction) {
  return reduce(abs(sub(self, target)), reduction);
}
Tensor smoothL1Loss(const Tensor& self, const Tensor& target, int64_t reduction, double beta) {
  JS_CHECK(beta >= 0, "smooth_l1_loss does not support negative values for beta.");
  Tensor d = abs(sub(self, target));
  if (beta == 0) return reduce(d, reduction);
  Tensor quad = div(mul(mul(d, d), num(0.5)), num(beta));
  return reduce(where(lt(d, num(beta)), quad, sub(d, num(0.5 * beta))), reduction);
}
Tensor huberLoss(const Tensor& self, const Tensor& target, int64_t reduction, double delta) {
  JS_CHECK(delta > 0, "huber_loss does not support non-positive values for delta.");
  Tensor d = abs(sub(self, target));
  Tensor quad = mul(mul(d, d), num(0.5));
  Tensor lin = mul(sub(d, num(0.5 * delta)), num(delta));
  return reduce(where(lt(d, num(delta)), quad, lin), reduction);
}
Tensor softMarginLoss(const Tensor& self, const Tensor& target, int64_t reduction) {
  // log(1 + exp(-y x))
  return reduce(log(add(exp(neg(mul(target, self))), num(1.0))), reduction);
}
Tensor marginRankingLoss(const Tensor& input1, const Tensor& input2, const Tensor& target, double margin,
                         int64_t reduction) {
  Tensor diff = sub(input1, input2);
  return reduce(clampMin0(add(mul(neg(target), diff), num(margin))), reduction);
}
Tensor hingeEmbeddingLoss(const Tensor& x, const Tensor& y, double margin, int64_t reduction) {
  Tensor zero = zeros({}, x.dtype());
  Tensor margin_part = where(ne(y, num(1.0)), clampMin0(sub(num(margin), x)), zero);
  Tensor self_part = where(ne(y, num(-1.0)), x, zero);
  return reduce(add(margin_part, self_part), reduction);
}
Tensor klDiv(const Tensor& x, const Tensor& t, int64_t reduction, bool log_target) {
  // log_target: exp(t) * (t - x); otherwise t * (log t - x) with 0 where t == 0 (xlogy).
  Tensor out;
  if (log_target) {
    out = mul(exp(t), sub(t, x));
  } else {
    Tensor tlogt = where(eq(t, num(0.0)), zeros({}, t.dtype()), mul(t, log(t)));
    out = sub(tlogt, mul(t, x));
  }
  return reduce(out, reduction);
}
Tensor poissonNllLoss(const Tensor& x, const Tensor& t, bool log_input, bool full, double eps, int64_t reduction) {
  Tensor loss = log_input ? sub(exp(x), mul(t, x)) : sub(x, mul(t, log(add(x, num(eps)))));
  if (full) {
    // Stirling term t log t - t + 0.5 log(2 pi t), only where t > 1.
    Tensor st = add(sub(mul(t, log(t)), t), mul(log(mul(t, num(2 * M_PI))), num(0.5)));
    loss = add(loss, where(gt(t, num(1.0)), st, zeros({}, st.dtype())));
  }
  return reduce(loss, reduction);
}
Tensor binaryCrossEntropy(const Tensor& x, const Tensor& y, const std::optional<Tensor>& weight, int64_t reduction) {
  JS_CHECK(x.sizes().size() == y.sizes().size() && std::equal(x.sizes().begin(), x.sizes().end(), y.sizes().begin()),
           "Using a target size (", shapeToString(y.sizes()), ") that is different to the input size (",
           shapeToString(x.sizes()), ") is deprecated. Please ensure they have the same size.");
  if (x.numel() > 0) {
    const double lo = callOp<"aten::min", Tensor>(x).item().toDouble();
    const double hi = callOp<"aten::max", Tensor>(x).item().toDouble();
    JS_CHECK(lo >= 0 && hi <= 1, "all elements of input should be between 0 and 1");
  }
  // PyTorch clamps the logs at -100 so that x = 0 or 1 gives a finite loss.
  auto clog = [](const Tensor& v) { return clamp(log(v), Scalar(-100.0), std::nullopt); };
  Tensor loss = neg(add(mul(y, clog(x)), mul(sub(num(1.0), y), clog(sub(num(1.0), x)))));
  if (weight) loss = mul(loss, *weight);
  return reduce(loss, reduction);
}
Tensor binaryCrossEntropyWithLogits(const Tensor& x, const Tensor& y, const std::optional<Tensor>& weight,
                                    const std::optional<Tensor>& pos_weight, int64_t reduction) {
  // Stable softplus(-x) = max(-x, 0) + log(exp(-max) + exp(-x - max)).
  Tensor m = clampMin0(neg(x));
  Tensor softplus_negx = add(m, log(add(exp(neg(m)), exp(sub(neg(x), m)))));
  Tensor loss;
  if (pos_weight) {
    Tensor log_weight = add(mul(sub(*pos_weight, num(1.0)), y), num(1.0));
    loss = add(mul(sub(num(1.0), y), x), mul(log_weight, softplus_negx));
  } else {
    loss = add(mul(sub(num(1.0), y), x), softplus_negx);
  }
  if (weight) loss = mul(loss, *weight);
  return reduce(loss, reduction);
}

// ---- distance-based losses ----

// ||x1 - x2 + eps||_p over the last dim of the broadcast shape.
Tensor pairwiseDistance(const Tensor& x1, const Tensor& x2, double p, double eps, bool keepdim) {
  const int64_t last = std::max(x1.dim(), x2.dim()) - 1;
  Tensor d = abs(add(sub(x1, x2), num(eps)));
  if (last < 0) return d;
  if (std::isinf(p)) return p > 0 ? amax(d, {last}, keepdim) : neg(amax(neg(d), {last}, keepdim));
  if (p == 0) return sum(toDtype(ne(d, num(0.0)), d.dtype()), {last}, keepdim);
  return pow(sum(pow(d, Scalar(p)), {last}, keepdim), Scalar(1.0 / p));
}
Tensor tripletMarginLoss(const Tensor& an, const Tensor& po, const Tensor& ne_, double margin, double p, double eps,
                         bool swap, int64_t reduction) {
  const int64_t d = an.dim();
  JS_CHECK(po.dim() == d && ne_.dim() == d,
           "The anchor, positive, and negative tensors are expected to have the same "
           "number of dimensions, but got: anchor ",
           d, "D, positive ", po.dim(), "D, and negative ", ne_.dim(), "D inputs");
  Tensor dpos = pairwiseDistance(an, po, p, eps, false);
  Tensor dneg = pairwiseDistance(an, ne_, p, eps, false);
  if (swap) dneg = minimum(dneg, pairwiseDistance(po, ne_, p, eps, false));
  return reduce(clampMin0(add(sub(dpos, dneg), num(margin))), reduction);
}
Tensor cosineEmbeddingLoss(const Tensor& x1, const Tensor& x2, const Tensor& y, double margin, int64_t reduction) {
  JS_CHECK(x1.dim() == x2.dim() && (x1.dim() == 1 || x1.dim() == 2),
           "cosine_embedding_loss: expected 1D or 2D inputs of the same rank, got ", x1.dim(), "D and ", x2.dim(), "D");
  JS_CHECK(y.dim() == x1.dim() - 1, "cosine_embedding_loss: expected ", x1.dim() - 1, "D target, got ", y.dim(), "D");
  const int64_t dim = y.dim();
  constexpr double kEps = 1e-12;
  Tensor prod = sum(mul(x1, x2), {dim}, false);
  Tensor m1 = add(sum(mul(x1, x1), {dim}, false), num(kEps));
  Tensor m2 = add(sum(mul(x2, x2), {dim}, false), num(kEps));
  Tensor cos = div(prod, sqrt(mul(m1, m2)));
  Tensor zero = zeros({}, cos.dtype());
  Tensor pos = where(eq(y, num(1.0)), sub(num(1.0), cos), zero);
  Tensor negp = where(eq(y, num(-1.0)), clampMin0(sub(cos, num(margin))), zero);
  return reduce(add(pos, negp), reduction);
}

}  // namespace generic

using generic::binaryCrossEntropy;
using generic::reduce;
using generic::binaryCrossEntropyWithLogits;
using generic::cosineEmbeddingLoss;
using generic::hingeEmbeddingLoss;
using generic::huberLoss;
using generic::klDiv;
using generic::l1Loss;
using generic::marginRankingLoss;
using generic::mseLoss;
using generic::pairwiseDistance;
using generic::poissonNllLoss;
using generic::smoothL1Loss;
using generic::softMarginLoss;
using generic::tripletMarginLoss;

// from_vector treats an empty shape as "1-D"; losses need real 0-d results.
Tensor shaped(const std::vector<double>& v, IntArrayRef shape, ScalarType dtype) {
  return from_vector(v).reshape(shape).to(dtype);
}

// ---- class-indexed losses ----

struct ClassView {
  Tensor x;  // contiguous double (N, C, S)
  std::vector<int64_t> target;
  int64_t N, C, S;
  DimVector out_shape;  // shape of the unreduced loss
};

// Views input (C), (N, C) or (N, C, d1, ...) with target (), (N) or (N, d1, ...).
ClassView classView(const Tensor& input, const Tensor& target, const char* op) {
  JS_CHECK(input.dim() >= 1, op, ": input must have at least 1 dimension");
  JS_CHECK(!isFloatingType(target.dtype()), op, ": expected target of an integral type (class indices), but got ",
           scalarTypeName(target.dtype()));
  ClassView v;
  const bool unbatched = input.dim() == 1;
  JS_CHECK(target.dim() == (unbatched ? 0 : input.dim() - 1), op, ": expected target of ",
           unbatched ? 0 : input.dim() - 1, " dims for input of size ", shapeToString(input.sizes()),
           ", but got target of size ", shapeToString(target.sizes()));
  v.N = unbatched ? 1 : input.size(0);
  v.C = unbatched ? input.size(0) : input.size(1);
  v.S = 1;
  for (int64_t d = 2; d < input.dim(); ++d) {
    JS_CHECK(target.size(d - 1) == input.size(d), op, ": expected target size ", shapeToString(input.sizes()),
             " without the class dim, got ", shapeToString(target.sizes()));
    v.S *= input.size(d);
  }
  if (!unbatched) JS_CHECK(target.size(0) == v.N, "Expected input batch_size (", v.N, ") to match target batch_size (",
                           target.size(0), ").");
  v.x = input.to(ScalarType::Double).contiguous();
  Tensor t = target.to(ScalarType::Long).contiguous();
  v.target.assign(t.data<int64_t>(), t.data<int64_t>() + t.numel());
  v.out_shape.assign(target.sizes().begin(), target.sizes().end());
  return v;
}

std::vector<double> classWeights(const std::optional<Tensor>& w, int64_t C) {
  if (!w) return std::vector<double>(static_cast<size_t>(C), 1.0);
  JS_CHECK(w->numel() == C, "weight tensor should be defined either for all ", C,
           " classes or no classes but got weight tensor of shape: ", shapeToString(w->sizes()));
  Tensor d = w->to(ScalarType::Double).contiguous();
  return std::vector<double>(d.data<double>(), d.data<double>() + C);
}

// NLL over log-probabilities (N, C, S): -w[t] * x[n, t, s]; the mean divides
// by the summed weight of the non-ignored targets.
Tensor nll(const ClassView& v, const std::vector<double>& w, int64_t reduction, int64_t ignore_index,
           ScalarType dtype, double* weight_sum_out = nullptr) {
  const double* x = v.x.data<double>();
  std::vector<double> loss(v.target.size(), 0.0);
  double total = 0, wsum = 0;
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t s = 0; s < v.S; ++s) {
      const int64_t i = n * v.S + s, t = v.target[i];
      if (t == ignore_index) continue;
      JS_CHECK(t >= 0 && t < v.C, "Target ", t, " is out of bounds.");
      loss[i] = -w[t] * x[(n * v.C + t) * v.S + s];
      total += loss[i];
      wsum += w[t];
    }
  if (weight_sum_out) *weight_sum_out = wsum;
  if (reduction == kNone) return shaped(loss, v.out_shape, dtype);
  JS_CHECK(reduction == kMean || reduction == kSum, reduction, " is not a valid value for reduction");
  const double r = reduction == kSum ? total : total / wsum;
  return full(DimVector{}, Scalar(r), dtype);
}

Tensor nllLoss(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight, int64_t reduction,
               int64_t ignore_index) {
  ClassView v = classView(self, target, "nll_loss");
  return nll(v, classWeights(weight, v.C), reduction, ignore_index, self.dtype());
}

Tensor crossEntropyLoss(const Tensor& input, const Tensor& target, const std::optional<Tensor>& weight,
                        int64_t reduction, int64_t ignore_index, double eps) {
  JS_CHECK(eps >= 0 && eps <= 1, "label_smoothing must be between 0.0 and 1.0. Got: ", eps);
  JS_CHECK(input.dim() >= 1, "cross_entropy: input must have at least 1 dimension");
  const int64_t cdim = input.dim() == 1 ? 0 : 1;
  Tensor logp = softmax(input, cdim, true);
  const int64_t C = input.size(cdim);
  std::vector<double> w = classWeights(weight, C);
  if (isFloatingType(target.dtype())) {
    // Class probabilities: -sum_c w_c * target_c * logp_c, smoothed towards uniform.
    JS_CHECK(target.sizes().size() == input.sizes().size() &&
                 std::equal(target.sizes().begin(), target.sizes().end(), input.sizes().begin()),
             "cross_entropy: expected probability target of size ", shapeToString(input.sizes()), ", got ",
             shapeToString(target.sizes()));
    Tensor t = eps > 0 ? add(mul(target, num(1 - eps)), num(eps / static_cast<double>(C))) : target;
    DimVector wshape(static_cast<size_t>(input.dim()), 1);
    wshape[cdim] = C;
    Tensor prod = mul(logp, t);
    if (weight) prod = mul(prod, from_vector(w, wshape).to(input.dtype()));
    Tensor loss = neg(sum(prod, {cdim}, false));
    if (reduction == kMean)
      return div(sum(loss, allDims(loss), false), num(static_cast<double>(input.numel() / std::max<int64_t>(1, C))));
    return reduce(loss, reduction);
  }
  ClassView v = classView(logp, target, "cross_entropy");
  double wsum = 0;
  Tensor nll_loss = nll(v, w, reduction, ignore_index, input.dtype(), &wsum);
  if (eps == 0) return nll_loss;
  // Smoothing term: -sum_c w_c logp_c per position (0 where ignored).
  const double* x = v.x.data<double>();
  std::vector<double> smooth(v.target.size(), 0.0);
  double total = 0;
  int64_t kept = 0;
  for (int64_t n = 0; n < v.N; ++n)
    for (int64_t sp = 0; sp < v.S; ++sp) {
      const int64_t i = n * v.S + sp;
      if (v.target[i] == ignore_index) continue;
      double acc = 0;
      for (int64_t c = 0; c < v.C; ++c) acc -= w[c] * x[(n * v.C + c) * v.S + sp];
      smooth[i] = acc;
      total += acc;
      ++kept;
    }
  Tensor smooth_t;
  if (reduction == kNone) {
    smooth_t = shaped(smooth, v.out_shape, input.dtype());
  } else {
    double r = total;
    if (reduction == kMean) r = weight ? total / wsum : total / static_cast<double>(kept);
    smooth_t = full(DimVector{}, Scalar(r), input.dtype());
  }
  return add(mul(nll_loss, num(1 - eps)), mul(smooth_t, num(eps / static_cast<double>(C))));
}

// (N, C), (C) or () scores with one target class per row; the unreduced
// loss has the target's shape.
Tensor multiMarginLoss(const Tensor& input, const Tensor& target, const Scalar& p_arg, const Scalar& margin_arg,
                       const std::optional<Tensor>& weight, int64_t reduction) {
  JS_CHECK(input.dim() <= 2, "multi_margin_loss: expected 0D, 1D or 2D input, got ", shapeToString(input.sizes()));
  const int64_t N = input.dim() == 2 ? input.size(0) : 1;
  const int64_t C = input.dim() == 0 ? 1 : input.size(input.dim() - 1);
  JS_CHECK(target.dim() <= 1 && target.numel() == N, "inconsistent target size: ", shapeToString(target.sizes()),
           " for input of size: ", shapeToString(input.sizes()));
  const double p = p_arg.toDouble(), margin = margin_arg.toDouble();
  JS_CHECK(p == 1 || p == 2, "only p == 1 and p == 2 supported");
  std::vector<double> w = classWeights(weight, C);
  Tensor xd = input.to(ScalarType::Double).contiguous();
  Tensor td = target.to(ScalarType::Long).contiguous();
  const double* x = xd.data<double>();
  const int64_t* tp = td.data<int64_t>();
  std::vector<double> loss(static_cast<size_t>(N));
  for (int64_t n = 0; n < N; ++n) {
    const int64_t t = tp[n];
    JS_CHECK(t >= 0 && t < C, "target out of range");
    double acc = 0;
    for (int64_t c = 0; c < C; ++c) {
      if (c == t) continue;
      double z = margin - x[n * C + t] + x[n * C + c];
      if (z <= 0) continue;
      if (p == 2) z *= z;
      acc += w[t] * z;
    }
    loss[n] = acc / static_cast<double>(C);
  }
  return reduce(shaped(loss, target.sizes(), input.dtype()), reduction);
}

// Targets list class indices per row up to the first -1.
Tensor multilabelMarginLoss(const Tensor& input, const Tensor& target, int64_t reduction) {
  JS_CHECK(input.dim() <= 2 && target.sizes().size() == input.sizes().size() &&
               std::equal(target.sizes().begin(), target.sizes().end(), input.sizes().begin()),
           "multilabel_margin_loss: inconsistent input size ", shapeToString(input.sizes()), " and target size ",
           shapeToString(target.sizes()));
  const int64_t C = input.dim() == 0 ? 1 : input.size(input.dim() - 1);
  const int64_t N = C == 0 ? 0 : input.numel() / C;
  Tensor x = input.to(ScalarType::Double).contiguous();
  Tensor t = target.to(ScalarType::Long).contiguous();
  const double* xp = x.data<double>();
  const int64_t* tp = t.data<int64_t>();
  std::vector<double> loss(static_cast<size_t>(N));
  for (int64_t n = 0; n < N; ++n) {
    std::vector<char> is_target(static_cast<size_t>(C), 0);
    std::vector<int64_t> targets;
    for (int64_t j = 0; j < C && tp[n * C + j] >= 0; ++j) {
      JS_CHECK(tp[n * C + j] < C, "multilabel_margin_loss: target index ", tp[n * C + j], " is out of range");
      targets.push_back(tp[n * C + j]);
      is_target[tp[n * C + j]] = 1;
    }
    double acc = 0;
    for (int64_t tj : targets)
      for (int64_t k = 0; k < C; ++k)
        if (!is_target[k]) acc += std::max(0.0, 1 - (xp[n * C + tj] - xp[n * C + k]));
    loss[n] = acc / static_cast<double>(C);
  }
  DimVector shape;
  if (input.dim() == 2) shape.push_back(N);
  return reduce(shaped(loss, shape, input.dtype()), reduction);
}

}  // namespace

const OpTable kLossOps = {
    op<mseLoss>("aten::mse_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", "Mean squared error.", kAnyDevice),
    op<l1Loss>("aten::l1_loss(Tensor self, Tensor target, int reduction=1) -> Tensor", "Mean absolute error.", kAnyDevice),
    op<smoothL1Loss>("aten::smooth_l1_loss(Tensor self, Tensor target, int reduction=1, float beta=1.) -> Tensor",
                     "Quadratic below beta, linear above (scaled by 1/beta).", kAnyDevice),
    op<huberLoss>("aten::huber_loss(Tensor self, Tensor target, int reduction=1, float delta=1.) -> Tensor",
                  "Quadratic below delta, delta-scaled linear above.", kAnyDevice),
    op<softMarginLoss>("aten::soft_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
                       "log(1 + exp(-target * input)).", kAnyDevice),
    op<marginRankingLoss>(
        "aten::margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> "
        "Tensor",
        "max(0, -target * (input1 - input2) + margin).", kAnyDevice),
    op<hingeEmbeddingLoss>(
        "aten::hinge_embedding_loss(Tensor self, Tensor target, float margin=1., int reduction=1) -> Tensor",
        "input where target = 1, max(0, margin - input) where target = -1.", kAnyDevice),
    op<klDiv>("aten::kl_div(Tensor self, Tensor target, int reduction=1, *, bool log_target=False) -> Tensor",
              "Pointwise KL divergence of target from log-probabilities self.", kAnyDevice),
    op<poissonNllLoss>(
        "aten::poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction) -> "
        "Tensor",
        "Poisson negative log likelihood (optional Stirling term).", kAnyDevice),
    op<binaryCrossEntropy>(
        "aten::binary_cross_entropy(Tensor self, Tensor target, Tensor? weight=None, int reduction=1) -> Tensor",
        "Binary cross entropy of probabilities (logs clamped at -100).", kAnyDevice),
    op<binaryCrossEntropyWithLogits>(
        "aten::binary_cross_entropy_with_logits(Tensor self, Tensor target, Tensor? weight=None, Tensor? "
        "pos_weight=None, int reduction=1) -> Tensor",
        "Numerically stable sigmoid + binary cross entropy.", kAnyDevice),
    op<pairwiseDistance>(
        "aten::pairwise_distance(Tensor x1, Tensor x2, float p=2., float eps=9.9999999999999995e-07, bool "
        "keepdim=False) -> Tensor",
        "p-norm of x1 - x2 + eps over the last dim.", kAnyDevice),
    op<tripletMarginLoss>(
        "aten::triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1., float p=2., float "
        "eps=9.9999999999999995e-07, bool swap=False, int reduction=1) -> Tensor",
        "max(0, d(a, p) - d(a, n) + margin) with pairwise distances.", kAnyDevice),
    op<cosineEmbeddingLoss>(
        "aten::cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0., int reduction=1) -> "
        "Tensor",
        "1 - cos for target 1, max(0, cos - margin) for target -1.", kAnyDevice),
    op<nllLoss>(
        "aten::nll_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> "
        "Tensor",
        "Negative log likelihood of class indices (weighted mean)."),
    op<nllLoss>(
        "aten::nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> "
        "Tensor",
        "nll_loss over (N, C, d1, ...) inputs."),
    op<nllLoss>(
        "aten::nll_loss2d(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int ignore_index=-100) -> "
        "Tensor",
        "nll_loss over (N, C, H, W) inputs."),
    op<crossEntropyLoss>(
        "aten::cross_entropy_loss(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, int "
        "ignore_index=-100, float label_smoothing=0.) -> Tensor",
        "log_softmax + nll_loss, or soft-label cross entropy; optional label smoothing."),
    op<multiMarginLoss>(
        "aten::multi_margin_loss(Tensor self, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int "
        "reduction=1) -> Tensor",
        "Multi-class hinge loss (p = 1 or 2)."),
    op<multilabelMarginLoss>("aten::multilabel_margin_loss(Tensor self, Tensor target, int reduction=1) -> Tensor",
                             "Multi-label hinge loss; targets end at the first -1."),
};

}  // namespace jitserve::ops
