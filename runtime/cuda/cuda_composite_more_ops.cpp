// More CUDA kernels composed from the CUDA ones through the dispatcher (as
// cuda_composite_ops.cpp): vector/matrix products (mv, dot, inner, outer,
// addmv, addr, addbmm, bilinear), stacking (hstack, vstack, dstack,
// column_stack), diagonals (diag, diag_embed, diagflat), pixel (un)shuffle,
// sum_to_size, closeness (isclose, allclose, equal), sign and infinity
// tests, round with decimals, ldexp, float_power, cosine_similarity, dist,
// glu, the dropout family in inference mode, conj (complex: a clone with
// the imaginary parts negated) and isreal, the sorts
// (sort, argsort, msort, kthvalue) as a full topk, and the class-indexed
// losses nll_loss and cross_entropy (gather by target),
// median / nanmedian / quantile / nanquantile from the sort, and
// masked_select / nonzero / argwhere (their size depends on the data: the
// mask is read on the host, one copy, as PyTorch's CUDA nonzero syncs too).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

using IntList = std::vector<int64_t>;
const IValue kOne{Scalar(int64_t{1})};

Tensor mm(const Tensor& a, const Tensor& b) { return callOp<"aten::matmul", Tensor>(a, b); }
Tensor mul(const Tensor& a, const Tensor& b) { return callOp<"aten::mul.Tensor", Tensor>(a, b); }
Tensor mulS(const Tensor& a, const Scalar& s) { return callOp<"aten::mul.Scalar", Tensor>(a, IValue(s)); }
Tensor add(const Tensor& a, const Tensor& b) { return callOp<"aten::add.Tensor", Tensor>(a, b, kOne); }
Tensor sumDims(const Tensor& t, IntList dims, bool keepdim) {
  return callOp<"aten::sum.dim_IntList", Tensor>(t, IValue::intList(std::move(dims)), keepdim, IValue());
}
Tensor catOp(std::vector<Tensor> ts, int64_t dim) {
  return callOp<"aten::cat", Tensor>(IValue::tensorList(std::move(ts)), dim);
}
bool isOne(const Scalar& s) { return !s.isComplex() && s.toDouble() == 1.0; }
bool isZero(const Scalar& s) { return !s.isComplex() && s.toDouble() == 0.0; }

// beta * self + alpha * product (beta 0 ignores self, NaN included).
Tensor blend(const Tensor& self, Tensor product, const Scalar& beta, const Scalar& alpha) {
  if (!isOne(alpha)) product = mulS(product, alpha);
  if (isZero(beta)) return product;
  return add(isOne(beta) ? self : mulS(self, beta), product);
}

// ---- products ----

Tensor mv(const Tensor& self, const Tensor& vec) {
  JS_CHECK(self.dim() == 2 && vec.dim() == 1, "vector + matrix @ vector expected, got ", self.dim(), ", ", vec.dim());
  return mm(self, vec);
}
Tensor dot(const Tensor& a, const Tensor& b) {
  JS_CHECK(a.dim() == 1 && b.dim() == 1, "1D tensors expected, but got ", a.dim(), "D and ", b.dim(), "D tensors");
  JS_CHECK(a.numel() == b.numel(), "inconsistent tensor size, expected tensor [", a.numel(),
           "] and src [", b.numel(), "] to have the same number of elements, but got ", a.numel(), " and ",
           b.numel(), " elements respectively");
  JS_CHECK(a.dtype() == b.dtype(), "dot : expected both vectors to have same dtype, but found ",
           scalarTypeName(a.dtype()), " and ", scalarTypeName(b.dtype()));
  return callOp<"aten::sum", Tensor>(mul(a, b), IValue());
}
Tensor inner(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0) return mul(a, b);
  const int64_t n = a.size(-1);
  JS_CHECK(b.size(-1) == n, "inner() the last dimension must match on both input tensors but got shapes ",
           shapeToString(a.sizes()), " and ", shapeToString(b.sizes()));
  OnDevice on(deviceOf({&a, &b}, "inner"));
  DimVector shape(a.sizes().begin(), a.sizes().end() - 1);
  shape.insert(shape.end(), b.sizes().begin(), b.sizes().end() - 1);
  const Tensor a2 = contiguousOnDevice(a, on).reshape({-1, n}), b2 = contiguousOnDevice(b, on).reshape({-1, n});
  return mm(a2, b2.t()).reshape(shape);
}
Tensor outer(const Tensor& a, const Tensor& b) {
  JS_CHECK(a.dim() == 1 && b.dim() == 1, "outer: expected 1-D vectors, got ", a.dim(), "D and ", b.dim(), "D");
  return mul(a.reshape({a.numel(), 1}), b.reshape({1, b.numel()}));
}
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  return blend(self, mv(mat, vec), beta, alpha);
}
Tensor addr(const Tensor& self, const Tensor& v1, const Tensor& v2, const Scalar& beta, const Scalar& alpha) {
  return blend(self, outer(v1, v2), beta, alpha);
}
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  JS_CHECK(b1.dim() == 3 && b2.dim() == 3, "batch1 and batch2 must be 3D tensors");
  return blend(self, sumDims(callOp<"aten::bmm", Tensor>(b1, b2), {0}, false), beta, alpha);
}
// y[..., o] = sum_ij x1[..., i] W[o, i, j] x2[..., j] + b[o].
Tensor bilinear(const Tensor& x1, const Tensor& x2, const Tensor& w, const std::optional<Tensor>& bias) {
  JS_CHECK(w.dim() == 3, "bilinear(): weight must be 3-D, got ", w.dim(), "-D");
  const int64_t O = w.size(0), I = w.size(1), J = w.size(2);
  JS_CHECK(x1.size(-1) == I && x2.size(-1) == J, "bilinear(): input sizes do not match the weight");
  OnDevice on(deviceOf({&x1, &x2, &w}, "bilinear"));
  DimVector lead(x1.sizes().begin(), x1.sizes().end() - 1);
  const Tensor a = contiguousOnDevice(x1, on).reshape({-1, I});
  const Tensor b = contiguousOnDevice(x2, on).reshape({-1, 1, J});
  const Tensor wt = contiguousOnDevice(w.permute({1, 0, 2}), on).reshape({I, O * J});
  Tensor y = sumDims(mul(mm(a, wt).view({-1, O, J}), b), {2}, false);
  if (bias && bias->defined()) y = add(y, *bias);
  lead.push_back(O);
  return y.reshape(lead);
}

// ---- stacking, diagonals, shuffles ----

// atleast_Nd: views (kAnyDevice), the CPU's own.
Tensor atLeast(const Tensor& t, int64_t rank) {
  if (rank == 1) return callOp<"aten::atleast_1d", Tensor>(t);
  if (rank == 2) return callOp<"aten::atleast_2d", Tensor>(t);
  return callOp<"aten::atleast_3d", Tensor>(t);
}
template <int Kind>  // 0 hstack, 1 vstack, 2 dstack, 3 column_stack
Tensor stackFamily(std::vector<Tensor> ts) {
  JS_CHECK(!ts.empty(), "stack expects a non-empty TensorList");
  int64_t dim = 0;
  if (Kind == 0) {
    for (Tensor& t : ts) t = atLeast(t, 1);
    dim = ts[0].dim() == 1 ? 0 : 1;
  } else if (Kind == 1) {
    for (Tensor& t : ts) t = atLeast(t, 2);
  } else if (Kind == 2) {
    for (Tensor& t : ts) t = atLeast(t, 3);
    dim = 2;
  } else {
    for (Tensor& t : ts)
      if (t.dim() <= 1) t = t.reshape({t.numel(), 1});
    dim = 1;
  }
  return catOp(std::move(ts), dim);
}


Tensor diagEmbed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  OnDevice on(deviceOf({&self}, "diag_embed"));
  const int64_t nd = self.dim() + 1;
  const int64_t d1 = maybe_wrap_dim(dim1, nd), d2 = maybe_wrap_dim(dim2, nd);
  JS_CHECK(d1 != d2, "diagonal dimensions cannot be identical ", dim1, ", ", dim2);
  const int64_t n = self.size(-1) + std::abs(offset);
  DimVector shape(self.sizes().begin(), self.sizes().end() - 1);
  const int64_t lo = std::min(d1, d2), hi = std::max(d1, d2);
  shape.insert(shape.begin() + lo, n);
  shape.insert(shape.begin() + hi, n);
  Tensor out = fullOnDevice(shape, Scalar(int64_t{0}), self.dtype(), on);
  callOp<"aten::copy_", Tensor>(out.diagonal(offset, d1, d2), self, false);
  return out;
}
Tensor diag(const Tensor& self, int64_t diagonal) {
  JS_CHECK(self.dim() == 1 || self.dim() == 2, "diag(): Supports 1D or 2D tensors. Got ", self.dim(), "D");
  if (self.dim() == 1) return diagEmbed(self, diagonal, 0, 1);
  OnDevice on(self.device());
  return cloneOnDevice(self.diagonal(diagonal, 0, 1), on);
}
Tensor diagflat(const Tensor& self, int64_t offset) {
  OnDevice on(deviceOf({&self}, "diagflat"));
  return diagEmbed(contiguousOnDevice(self, on).reshape({self.numel()}), offset, 0, 1);
}

template <bool Unshuffle>
Tensor pixelShuffle(const Tensor& self, int64_t r) {
  const char* name = Unshuffle ? "pixel_unshuffle" : "pixel_shuffle";
  OnDevice on(deviceOf({&self}, name));
  JS_CHECK(self.dim() >= 3, name, " expects input to have at least 3 dimensions, but got input with ", self.dim(),
           " dimension(s)");
  JS_CHECK(r > 0, name, " expects a positive factor, but got ", r);
  const int64_t C = self.size(-3), H = self.size(-2), W = self.size(-1);
  DimVector lead(self.sizes().begin(), self.sizes().end() - 3);
  const int64_t nl = static_cast<int64_t>(lead.size());
  DimVector view = lead, perm, out = lead;
  for (int64_t i = 0; i < nl; ++i) perm.push_back(i);
  if (!Unshuffle) {
    JS_CHECK(C % (r * r) == 0, "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
             "of upscale_factor, but input.size(-3)=", C, " is not divisible by ", r * r);
    view.insert(view.end(), {C / (r * r), r, r, H, W});
    for (int64_t i : {0, 3, 1, 4, 2}) perm.push_back(nl + i);
    out.insert(out.end(), {C / (r * r), H * r, W * r});
  } else {
    JS_CHECK(H % r == 0 && W % r == 0, "pixel_unshuffle expects height and width to be divisible by "
             "downscale_factor ", r);
    view.insert(view.end(), {C, H / r, r, W / r, r});
    for (int64_t i : {0, 2, 4, 1, 3}) perm.push_back(nl + i);
    out.insert(out.end(), {C * r * r, H / r, W / r});
  }
  return cloneOnDevice(contiguousOnDevice(self, on).view(view).permute(perm), on).view(out);
}

Tensor sumToSize(const Tensor& self, IntList size) {
  JS_CHECK(static_cast<int64_t>(size.size()) <= self.dim(), "size {", shapeToString(size),
           "} is not expandable to size {", shapeToString(self.sizes()), "}.");
  const int64_t lead = self.dim() - static_cast<int64_t>(size.size());
  IntList dims;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d < lead) {
      dims.push_back(d);
      continue;
    }
    const int64_t want = size[static_cast<size_t>(d - lead)];
    JS_CHECK(want == self.size(d) || want == 1, "size {", shapeToString(size), "} is not expandable to size {",
             shapeToString(self.sizes()), "}.");
    if (want == 1 && self.size(d) != 1) dims.push_back(d);
  }
  if (dims.empty()) return self;
  return sumDims(self, dims, true).reshape(size);
}

// ---- comparisons and floating-point tests ----

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equalNan) {
  JS_CHECK(a.dtype() == b.dtype(), a.dtype(), " did not match ", b.dtype());
  JS_CHECK(rtol >= 0 && atol >= 0, "rtol and atol must be non-negative");
  Tensor close = callOp<"aten::eq.Tensor", Tensor>(a, b);
  if (!isFloatingType(a.dtype())) return close;
  if (equalNan) {
    const Tensor both = callOp<"aten::logical_and", Tensor>(callOp<"aten::isnan", Tensor>(a),
                                                           callOp<"aten::isnan", Tensor>(b));
    close = callOp<"aten::logical_or", Tensor>(close, both);
  }
  const Tensor diff = callOp<"aten::abs", Tensor>(callOp<"aten::sub.Tensor", Tensor>(a, b, kOne));
  const Tensor bound = callOp<"aten::add.Scalar", Tensor>(mulS(callOp<"aten::abs", Tensor>(b), Scalar(rtol)),
                                                          IValue(Scalar(atol)), kOne);
  const Tensor within = callOp<"aten::logical_and", Tensor>(callOp<"aten::isfinite", Tensor>(diff),
                                                           callOp<"aten::le.Tensor", Tensor>(diff, bound));
  return callOp<"aten::logical_or", Tensor>(close, within);
}
bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equalNan) {
  return callOp<"aten::all", Tensor>(isclose(a, b, rtol, atol, equalNan)).item().toBool();
}
bool equal(const Tensor& a, const Tensor& b) {
  if (IntArrayRef(a.sizes()) != b.sizes()) return false;
  if (a.numel() == 0) return true;
  return callOp<"aten::all", Tensor>(callOp<"aten::eq.Tensor", Tensor>(a, b)).item().toBool();
}
Tensor signbit(const Tensor& self) {
  if (self.dtype() == ScalarType::Bool) return callOp<"aten::ne.Tensor", Tensor>(self, self);  // false
  if (!isFloatingType(self.dtype())) return callOp<"aten::lt.Scalar", Tensor>(self, IValue(Scalar(int64_t{0})));
  // copysign(1, x) carries x's sign bit, -0.0 and NaNs included.
  const Tensor one = toDevice(full({}, Scalar(1.0), self.dtype()), self.device());
  return callOp<"aten::lt.Scalar", Tensor>(callOp<"aten::copysign.Tensor", Tensor>(one, self),
                                           IValue(Scalar(int64_t{0})));
}
template <bool Positive>
Tensor isSignedInf(const Tensor& self) {
  if (!isFloatingType(self.dtype())) return callOp<"aten::ne.Tensor", Tensor>(self, self);  // all false
  const double inf = std::numeric_limits<double>::infinity();
  return callOp<"aten::eq.Scalar", Tensor>(self, IValue(Scalar(Positive ? inf : -inf)));
}

Tensor roundDecimals(const Tensor& self, int64_t decimals) {
  JS_CHECK(isFloatingType(self.dtype()), "round_cuda does not support decimals for integral tensors");
  if (decimals == 0) return callOp<"aten::round", Tensor>(self);
  const double scale = std::pow(10.0, static_cast<double>(std::abs(decimals)));
  if (decimals > 0) {
    return callOp<"aten::div.Scalar", Tensor>(callOp<"aten::round", Tensor>(mulS(self, Scalar(scale))),
                                              IValue(Scalar(scale)));
  }
  return mulS(callOp<"aten::round", Tensor>(callOp<"aten::div.Scalar", Tensor>(self, IValue(Scalar(scale)))),
              Scalar(scale));
}
Tensor ldexp(const Tensor& self, const Tensor& other) {
  return mul(self, callOp<"aten::exp2", Tensor>(other));
}
Tensor floatPower(const Tensor& self, const Tensor& exponent) {
  const ScalarType dt = ScalarType::Double;
  const auto cast = [&](const Tensor& t) { return callOp<"aten::to.dtype", Tensor>(t, dt, false, false, IValue()); };
  return callOp<"aten::pow.Tensor_Tensor", Tensor>(cast(self), cast(exponent));
}

Tensor cosineSimilarity(const Tensor& x1, const Tensor& x2, int64_t dim, double eps) {
  const ScalarType rt = promoteTypes(x1.dtype(), x2.dtype());
  JS_CHECK(isFloatingType(rt), "cosine_similarity: expected floating point inputs, got ", scalarTypeName(rt));
  const int64_t nd = std::max(x1.dim(), x2.dim());
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(nd, 1));
  const auto norm = [&](const Tensor& x) {
    const Tensor n = callOp<"aten::sqrt", Tensor>(sumDims(mul(x, x), {d}, false));
    return callOp<"aten::clamp_min", Tensor>(n, IValue(Scalar(eps)));
  };
  const Tensor w = sumDims(mul(x1, x2), {d}, false);
  return callOp<"aten::div.Tensor", Tensor>(w, mul(norm(x1), norm(x2)));
}
Tensor dist(const Tensor& self, const Tensor& other, const Scalar& p) {
  const Tensor diff = callOp<"aten::sub.Tensor", Tensor>(self, other, kOne);
  return callOp<"aten::linalg_vector_norm", Tensor>(diff, IValue(p), IValue(), false, IValue());
}
Tensor glu(const Tensor& self, int64_t dim) {
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t n = self.size(d);
  JS_CHECK(n % 2 == 0, "Halving dimension must be even, but dimension ", d, " is size ", n);
  return mul(self.narrow(d, 0, n / 2), callOp<"aten::sigmoid", Tensor>(self.narrow(d, n / 2, n / 2)));
}

// The dropout family in inference mode is the identity (a copy); training
// mode needs random masks, which have no CUDA generator yet.
Tensor dropoutEval(const Tensor& input, double p, bool train) {
  JS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  JS_CHECK(!train || p == 0, "dropout in training mode has no CUDA kernel (no CUDA random generator yet)");
  OnDevice on(input.device());
  return cloneOnDevice(input, on);
}
// In place (nn.Dropout(inplace=True), as torchvision's MobileNetV3 has):
// self unchanged in inference mode.
Tensor dropoutEvalInplace(Tensor self, double p, bool train) {
  JS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  JS_CHECK(!train || p == 0, "dropout in training mode has no CUDA kernel (no CUDA random generator yet)");
  return self;
}

// A conjugated copy: the imaginary halves (a strided float view) negated
// in place on a clone. Real tensors are their own conjugate.
Tensor conjPhysical(const Tensor& self) {
  OnDevice on(self.device());
  Tensor out = cloneOnDevice(self, on);
  if (!self.is_complex()) return out;
  Tensor imag = callOp<"aten::view_as_real", Tensor>(out).select(-1, 1);
  callOp<"aten::mul_.Scalar", Tensor>(imag, IValue(Scalar(int64_t{-1})));
  return out;
}
// conj materializes, as on the CPU (PyTorch's is a lazy view).
Tensor conj(const Tensor& self) { return self.is_complex() ? conjPhysical(self) : self; }
// Whether the imaginary part is 0 (always, for real tensors).
Tensor isreal(const Tensor& self) {
  if (self.is_complex())
    return callOp<"aten::eq.Scalar", Tensor>(callOp<"aten::view_as_real", Tensor>(self).select(-1, 1),
                                              IValue(Scalar(int64_t{0})));
  OnDevice on(self.device());
  return fullOnDevice(self.sizes(), Scalar(true), ScalarType::Bool, on);
}

// ---- sorts, as a full topk (stable: ties keep their order; NaN largest) ----

std::tuple<Tensor, Tensor> topk(const Tensor& self, int64_t k, int64_t dim, bool largest) {
  static const OpCall op("aten::topk");
  Stack s{IValue(self), IValue(k), IValue(dim), IValue(largest), IValue(true)};
  op.run(s);
  return {s[0].toTensor(), s[1].toTensor()};
}

std::tuple<Tensor, Tensor> sortImpl(const Tensor& self, int64_t dim, bool descending) {
  const int64_t n = self.dim() == 0 ? 1 : self.size(maybe_wrap_dim(dim, self.dim()));
  return topk(self, n, dim, descending);
}
std::tuple<Tensor, Tensor> sort(const Tensor& self, int64_t dim, bool descending) {
  return sortImpl(self, dim, descending);
}
std::tuple<Tensor, Tensor> sortStable(const Tensor& self, std::optional<bool> /*stable*/, int64_t dim,
                                      bool descending) {
  return sortImpl(self, dim, descending);
}
Tensor argsort(const Tensor& self, int64_t dim, bool descending) { return std::get<1>(sortImpl(self, dim, descending)); }
Tensor msort(const Tensor& self) { return std::get<0>(sortImpl(self, 0, false)); }
std::tuple<Tensor, Tensor> kthvalue(const Tensor& self, int64_t k, int64_t dim, bool keepdim) {
  const int64_t d = maybe_wrap_dim(dim, std::max<int64_t>(self.dim(), 1));
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  JS_CHECK(k >= 1 && k <= n, "kthvalue(): selected number k out of range for dimension ", d);
  auto [values, indices] = topk(self, k, d, false);
  if (self.dim() == 0) return {values, indices};
  Tensor v = values.narrow(d, k - 1, 1), i = indices.narrow(d, k - 1, 1);
  if (!keepdim) v = v.squeeze(d), i = i.squeeze(d);
  OnDevice on(self.device());
  return {cloneOnDevice(v, on), cloneOnDevice(i, on)};
}

// ---- class-indexed losses (the CPU's rules: loss_ops.cpp) ----

struct NllParts {
  Tensor loss;    // per position, 0 where ignored
  Tensor weight;  // per position: w[target], 0 where ignored
  Tensor valid;   // per position: target != ignore_index
};

// logp (N, C, *) or (C), target (N, *) or ().
NllParts nllParts(const Tensor& logp, const Tensor& target, const std::optional<Tensor>& weight,
                  int64_t ignoreIndex, const char* op) {
  JS_CHECK(target.dtype() == ScalarType::Long, op, ": expected a Long target, got ", scalarTypeName(target.dtype()));
  const bool unbatched = logp.dim() == 1;
  const Tensor x = unbatched ? logp.unsqueeze(0) : logp;
  const Tensor t = unbatched ? target.reshape({1}) : target;
  JS_CHECK(x.dim() >= 2 && t.dim() == x.dim() - 1 && t.size(0) == x.size(0), op, ": expected target of shape ",
           "(N, d1, ...) matching input (N, C, d1, ...), got input ", shapeToString(logp.sizes()), " and target ",
           shapeToString(target.sizes()));
  const int64_t C = x.size(1);
  const Tensor valid = callOp<"aten::ne.Scalar", Tensor>(t, IValue(Scalar(ignoreIndex)));
  const Tensor zero = toDevice(zeros({}, ScalarType::Long), t.device());
  const Tensor safe = callOp<"aten::where.self", Tensor>(valid, t, zero);
  if (safe.numel() > 0) {
    const int64_t lo = callOp<"aten::min", Tensor>(safe).item().toLong();
    const int64_t hi = callOp<"aten::max", Tensor>(safe).item().toLong();
    JS_CHECK(lo >= 0 && hi < C, "Target ", lo < 0 ? lo : hi, " is out of bounds.");
  }
  const Tensor picked = callOp<"aten::gather", Tensor>(x, int64_t{1}, safe.unsqueeze(1), false).squeeze(1);
  const Tensor validF = callOp<"aten::to.dtype", Tensor>(valid, x.dtype(), false, false, IValue());
  Tensor w = validF;
  if (weight && weight->defined()) {
    JS_CHECK(weight->numel() == C, op, ": weight tensor should be defined either for all ", C,
             " classes or no classes but got weight tensor of shape: ", shapeToString(weight->sizes()));
    const Tensor wc = callOp<"aten::to.dtype", Tensor>(*weight, x.dtype(), false, false, IValue());
    const Tensor flat = callOp<"aten::index_select", Tensor>(wc, int64_t{0}, safe.reshape({safe.numel()}));
    w = mul(flat.view(safe.sizes()), validF);
  }
  Tensor loss = callOp<"aten::neg", Tensor>(mul(picked, w));
  if (unbatched) loss = loss.reshape({}), w = w.reshape({});
  return {loss, w, unbatched ? valid.reshape({}) : valid};
}

Tensor reduceLoss(const Tensor& loss, const Tensor& weightSum, int64_t reduction) {
  JS_CHECK(reduction >= 0 && reduction <= 2, reduction, " is not a valid value for reduction");
  if (reduction == 0) return loss;
  const Tensor total = callOp<"aten::sum", Tensor>(loss, IValue());
  if (reduction == 2) return total;
  return callOp<"aten::div.Tensor", Tensor>(total, callOp<"aten::sum", Tensor>(weightSum, IValue()));
}

Tensor nllLoss(const Tensor& self, const Tensor& target, const std::optional<Tensor>& weight, int64_t reduction,
               int64_t ignoreIndex) {
  const NllParts p = nllParts(self, target, weight, ignoreIndex, "nll_loss");
  return reduceLoss(p.loss, p.weight, reduction);
}

Tensor crossEntropy(const Tensor& input, const Tensor& target, const std::optional<Tensor>& weight,
                    int64_t reduction, int64_t ignoreIndex, double eps) {
  JS_CHECK(eps >= 0 && eps <= 1, "label_smoothing must be between 0.0 and 1.0. Got: ", eps);
  JS_CHECK(input.dim() >= 1, "cross_entropy: input must have at least 1 dimension");
  const int64_t cdim = input.dim() == 1 ? 0 : 1;
  const int64_t C = input.size(cdim);
  const Tensor logp = callOp<"aten::log_softmax.int", Tensor>(input, cdim, IValue());
  DimVector wshape(static_cast<size_t>(input.dim()), 1);
  wshape[static_cast<size_t>(cdim)] = C;
  const auto weightView = [&] {
    return callOp<"aten::to.dtype", Tensor>(*weight, input.dtype(), false, false, IValue()).reshape(wshape);
  };
  if (isFloatingType(target.dtype())) {
    JS_CHECK(IntArrayRef(target.sizes()) == input.sizes(), "cross_entropy: expected probability target of size ",
             shapeToString(input.sizes()), ", got ", shapeToString(target.sizes()));
    Tensor t = target;
    if (eps > 0) {
      t = callOp<"aten::add.Scalar", Tensor>(mulS(target, Scalar(1 - eps)),
                                             IValue(Scalar(eps / static_cast<double>(C))), kOne);
    }
    Tensor prod = mul(logp, t);
    if (weight && weight->defined()) prod = mul(prod, weightView());
    const Tensor loss = callOp<"aten::neg", Tensor>(sumDims(prod, {cdim}, false));
    JS_CHECK(reduction >= 0 && reduction <= 2, reduction, " is not a valid value for reduction");
    if (reduction == 0) return loss;
    const Tensor total = callOp<"aten::sum", Tensor>(loss, IValue());
    if (reduction == 2) return total;
    return callOp<"aten::div.Scalar", Tensor>(total,
                                              IValue(Scalar(static_cast<double>(input.numel() / std::max<int64_t>(1, C)))));
  }
  const NllParts p = nllParts(logp, target, weight, ignoreIndex, "cross_entropy");
  const Tensor nll = reduceLoss(p.loss, p.weight, reduction);
  if (eps == 0) return nll;
  // Smoothing: -sum_c w_c logp_c per position, 0 where ignored.
  Tensor wlogp = (weight && weight->defined()) ? mul(logp, weightView()) : logp;
  Tensor smooth = callOp<"aten::neg", Tensor>(sumDims(wlogp, {cdim}, false));
  const Tensor validF = callOp<"aten::to.dtype", Tensor>(p.valid, input.dtype(), false, false, IValue());
  smooth = mul(smooth, validF);
  Tensor smoothR = smooth;
  if (reduction == 2) smoothR = callOp<"aten::sum", Tensor>(smooth, IValue());
  if (reduction == 1) {
    const Tensor denom = (weight && weight->defined()) ? p.weight : validF;
    smoothR = callOp<"aten::div.Tensor", Tensor>(callOp<"aten::sum", Tensor>(smooth, IValue()),
                                                 callOp<"aten::sum", Tensor>(denom, IValue()));
  }
  return add(mulS(nll, Scalar(1 - eps)), mulS(smoothR, Scalar(eps / static_cast<double>(C))));
}

// ---- index-list rearrangements ----

Tensor indexSelectHost(const Tensor& x, int64_t dim, const IntList& index) {
  const OnDevice on(x.device());
  return callOp<"aten::index_select", Tensor>(x, dim, longsOnDevice(index, {static_cast<int64_t>(index.size())}, on));
}

Tensor repeatInterleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim,
                        std::optional<int64_t> /*outputSize*/) {
  JS_CHECK(repeats >= 0, "repeats can not be negative");
  OnDevice on(deviceOf({&self}, "repeat_interleave"));
  const Tensor x = dim ? self : contiguousOnDevice(self, on).reshape({self.numel()});
  const int64_t d = dim ? maybe_wrap_dim(*dim, std::max<int64_t>(self.dim(), 1)) : 0;
  const int64_t n = x.dim() == 0 ? 1 : x.size(d);
  IntList index;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t r = 0; r < repeats; ++r) index.push_back(i);
  return indexSelectHost(x.dim() == 0 ? x.reshape({1}) : x, d, index);
}

// The split points arrive as a (small) tensor: read on the host, then the
// view-making overloads split.
std::vector<Tensor> tensorSplitTensor(const Tensor& self, const Tensor& points, int64_t dim) {
  JS_CHECK(!isFloatingType(points.dtype()) && points.dtype() != ScalarType::Bool,
           "tensor_split expected tensor_indices_or_sections to have integer dtype, but got ",
           scalarTypeName(points.dtype()));
  JS_CHECK(points.dim() <= 1, "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or "
           "one-dimensional tensor, but got a tensor with ", points.dim(), " dims");
  const Tensor host = toDevice(points, Device::cpu()).to(ScalarType::Long).contiguous();
  if (points.dim() == 0) {
    return callOp<"aten::tensor_split.sections", std::vector<Tensor>>(self, host.item().toLong(), dim);
  }
  IntList idx(host.data<int64_t>(), host.data<int64_t>() + host.numel());
  return callOp<"aten::tensor_split.indices", std::vector<Tensor>>(self, IValue::intList(std::move(idx)), dim);
}

Tensor blockDiag(std::vector<Tensor> ts) {
  if (ts.empty()) return empty({1, 0}, ScalarType::Float);
  ScalarType dt = ts[0].dtype();
  int64_t rows = 0, cols = 0;
  for (Tensor& t : ts) {
    JS_CHECK(t.dim() <= 2, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", &t - ts.data(),
             " has ", t.dim(), " dimensions");
    t = t.dim() == 0 ? t.reshape({1, 1}) : t.dim() == 1 ? t.reshape({1, t.numel()}) : t;
    dt = promoteTypes(dt, t.dtype());
    rows += t.size(0), cols += t.size(1);
  }
  const Tensor* any = &ts[0];
  OnDevice on(deviceOf({any}, "block_diag"));
  Tensor out = fullOnDevice({rows, cols}, Scalar(int64_t{0}), dt, on);
  int64_t r = 0, c = 0;
  for (const Tensor& t : ts) {
    if (t.numel() > 0) {
      callOp<"aten::copy_", Tensor>(out.narrow(0, r, t.size(0)).narrow(1, c, t.size(1)), t, false);
    }
    r += t.size(0), c += t.size(1);
  }
  return out;
}

Tensor cartesianProd(std::vector<Tensor> ts) {
  JS_CHECK(!ts.empty(), "cartesian_prod: expected at least one tensor");
  for (const Tensor& t : ts) JS_CHECK(t.dim() == 1, "Expect a 1D vector, but got shape ", shapeToString(t.sizes()));
  if (ts.size() == 1) return ts[0];
  std::vector<Tensor> grids = callOp<"aten::meshgrid", std::vector<Tensor>>(IValue::tensorList(ts));
  OnDevice on(ts[0].device());
  for (Tensor& g : grids) g = contiguousOnDevice(g, on).reshape({g.numel()});
  return callOp<"aten::stack", Tensor>(IValue::tensorList(std::move(grids)), int64_t{1});
}

// conv1d / conv2d with padding "valid" or "same" (asymmetric "same" pads the
// input first, as PyTorch does).
template <int Spatial>
Tensor convPaddingMode(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                       std::string_view padding, IntList dilation, int64_t groups) {
  const char* op = Spatial == 1 ? "conv1d" : "conv2d";
  JS_CHECK(padding == "valid" || padding == "same", "Invalid padding string: '", std::string(padding), "'");
  IntList pad(Spatial, 0);
  Tensor x = input;
  if (padding == "same") {
    for (int64_t s : stride) JS_CHECK(s == 1, "padding='same' is not supported for strided convolutions");
    JS_CHECK(weight.dim() == Spatial + 2, op, ": expected a ", Spatial + 2, "-D weight");
    IntList extra;  // constant_pad_nd order: last dim first, (left, right)
    bool asymmetric = false;
    for (int i = Spatial - 1; i >= 0; --i) {
      const int64_t dil = dilation.empty() ? 1 : dilation[dilation.size() == 1 ? 0 : static_cast<size_t>(i)];
      const int64_t total = dil * (weight.size(2 + i) - 1);
      pad[static_cast<size_t>(i)] = total / 2;
      extra.push_back(0);
      extra.push_back(total % 2);
      asymmetric |= total % 2 != 0;
    }
    if (asymmetric) x = callOp<"aten::constant_pad_nd", Tensor>(input, IValue::intList(extra), IValue(Scalar(0.0)));
  }
  const IValue b = bias && bias->defined() ? IValue(*bias) : IValue();
  if constexpr (Spatial == 1) {
    return callOp<"aten::conv1d", Tensor>(x, weight, b, IValue::intList(stride), IValue::intList(pad),
                                          IValue::intList(dilation), groups);
  } else {
    return callOp<"aten::conv2d", Tensor>(x, weight, b, IValue::intList(stride), IValue::intList(pad),
                                          IValue::intList(dilation), groups);
  }
}

// ---- order statistics from the sort (NaN sorts last in ascending order) ----

Tensor longOf(const Tensor& t) { return callOp<"aten::to.dtype", Tensor>(t, ScalarType::Long, false, false, IValue()); }
Tensor gatherAt(const Tensor& t, int64_t d, const Tensor& pos) {
  return callOp<"aten::gather", Tensor>(t, d, pos, false);
}
// Per row along d (kept as size 1): how many elements are NaN.
Tensor nanCount(const Tensor& x, int64_t d) {
  return sumDims(callOp<"aten::isnan", Tensor>(x), {d}, true);
}
// n - t for a Long tensor t.
Tensor fromN(int64_t n, const Tensor& t) {
  return callOp<"aten::add.Scalar", Tensor>(mulS(t, Scalar(int64_t{-1})), IValue(Scalar(n)), kOne);
}

std::tuple<Tensor, Tensor> medianImpl(const Tensor& self, int64_t dim, bool keepdim, bool ignoreNan) {
  const char* name = ignoreNan ? "nanmedian" : "median";
  const Tensor x = self.dim() == 0 ? self.reshape({1}) : self;
  const int64_t d = maybe_wrap_dim(dim, x.dim());
  const int64_t n = x.size(d);
  JS_CHECK(n > 0, name, "(): Expected reduction dim ", d, " to have non-zero size.");
  auto [v, i] = topk(x, n, d, false);
  const Tensor nans = nanCount(x, d);
  Tensor pos;
  if (ignoreNan) {
    // The lower middle of the non-NaN values ((count - 1) / 2, at least 0).
    const Tensor halfBelow = callOp<"aten::floor_divide.Scalar", Tensor>(
        callOp<"aten::add.Scalar", Tensor>(fromN(n, nans), IValue(Scalar(int64_t{-1})), kOne),
        IValue(Scalar(int64_t{2})));
    pos = callOp<"aten::clamp_min", Tensor>(halfBelow, IValue(Scalar(int64_t{0})));
  } else {
    // (n - 1) / 2, or the first NaN (the first position past the numbers).
    const Tensor middle = toDevice(full({}, Scalar((n - 1) / 2), ScalarType::Long), x.device());
    const Tensor firstNan = callOp<"aten::clamp_max", Tensor>(fromN(n, nans), IValue(Scalar(n - 1)));
    const Tensor hasNan = callOp<"aten::gt.Scalar", Tensor>(nans, IValue(Scalar(int64_t{0})));
    pos = callOp<"aten::where.self", Tensor>(hasNan, firstNan, middle);
  }
  Tensor value = gatherAt(v, d, pos), index = gatherAt(i, d, pos);
  if (!keepdim || self.dim() == 0) value = value.squeeze(d), index = index.squeeze(d);
  return {value, index};
}
std::tuple<Tensor, Tensor> medianDim(const Tensor& self, int64_t dim, bool keepdim) {
  return medianImpl(self, dim, keepdim, false);
}
std::tuple<Tensor, Tensor> nanmedianDim(const Tensor& self, int64_t dim, bool keepdim) {
  return medianImpl(self, dim, keepdim, true);
}
template <bool IgnoreNan>
Tensor medianAll(const Tensor& self) {
  const char* name = IgnoreNan ? "nanmedian" : "median";
  JS_CHECK(self.numel() > 0, name, "() input tensor cannot be empty");
  OnDevice on(deviceOf({&self}, name));
  return std::get<0>(medianImpl(contiguousOnDevice(self, on).reshape({self.numel()}), 0, false, IgnoreNan));
}

// quantile / nanquantile of one q along dim (None: all elements).
Tensor quantileOne(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim, std::string_view interp,
                   bool ignoreNan) {
  const char* name = ignoreNan ? "nanquantile" : "quantile";
  JS_CHECK(isFloatingType(self.dtype()), name, "() input tensor must be either float or double dtype");
  JS_CHECK(q >= 0 && q <= 1, name, "() q must be in the range [0, 1] but got ", q);
  JS_CHECK(interp == "linear" || interp == "lower" || interp == "higher" || interp == "midpoint" ||
               interp == "nearest",
           name, "() interpolation must be one of linear, lower, higher, midpoint or nearest. Got ", std::string(interp));
  OnDevice on(deviceOf({&self}, name));
  const Tensor x = dim ? (self.dim() == 0 ? self.reshape({1}) : self) : contiguousOnDevice(self, on).reshape({self.numel()});
  const int64_t d = dim ? maybe_wrap_dim(*dim, x.dim()) : 0;
  const int64_t n = x.size(d);
  JS_CHECK(n > 0, name, "() input tensor must be non-empty");
  const Tensor sorted = std::get<0>(topk(x, n, d, false));
  const Tensor nans = nanCount(x, d);
  // The position of q among each row's (non-NaN, for nanquantile) values.
  const Tensor count = ignoreNan ? fromN(n, nans) : toDevice(full({}, Scalar(n), ScalarType::Long), x.device());
  const Tensor countF = callOp<"aten::to.dtype", Tensor>(count, ScalarType::Double, false, false, IValue());
  const Tensor rank = mulS(callOp<"aten::add.Scalar", Tensor>(countF, IValue(Scalar(-1.0)), kOne), Scalar(q));
  const Tensor rankC = callOp<"aten::clamp_min", Tensor>(rank, IValue(Scalar(0.0)));
  const Tensor lo = longOf(callOp<"aten::floor", Tensor>(rankC)), hi = longOf(callOp<"aten::ceil", Tensor>(rankC));
  const auto expandTo = [&](const Tensor& t) {
    DimVector shape(sorted.sizes().begin(), sorted.sizes().end());
    shape[static_cast<size_t>(d)] = 1;
    return contiguousOnDevice(t.expand(shape), on);
  };
  const Tensor vlo = gatherAt(sorted, d, expandTo(lo)), vhi = gatherAt(sorted, d, expandTo(hi));
  Tensor r;
  if (interp == "lower") {
    r = vlo;
  } else if (interp == "higher") {
    r = vhi;
  } else if (interp == "midpoint") {
    r = mulS(add(vlo, vhi), Scalar(0.5));
  } else if (interp == "nearest") {
    const Tensor near = longOf(callOp<"aten::round", Tensor>(rankC));
    r = gatherAt(sorted, d, expandTo(near));
  } else {
    const Tensor frac = callOp<"aten::to.dtype", Tensor>(
        callOp<"aten::sub.Tensor", Tensor>(rankC, callOp<"aten::floor", Tensor>(rankC), kOne), x.dtype(), false,
        false, IValue());
    r = add(vlo, mul(callOp<"aten::sub.Tensor", Tensor>(vhi, vlo, kOne), expandTo(frac)));
  }
  if (!ignoreNan) {
    // Any NaN makes the quantile NaN.
    r = callOp<"aten::masked_fill.Scalar", Tensor>(r, callOp<"aten::gt.Scalar", Tensor>(nans, IValue(Scalar(int64_t{0}))),
                                                   IValue(Scalar(std::numeric_limits<double>::quiet_NaN())));
  }
  if (!dim) {
    if (!keepdim) return r.reshape({});
    return r.reshape(DimVector(static_cast<size_t>(self.dim()), 1));
  }
  return keepdim || self.dim() == 0 ? (self.dim() == 0 ? r.reshape({}) : r) : r.squeeze(d);
}
template <bool IgnoreNan>
Tensor quantileScalar(const Tensor& self, double q, std::optional<int64_t> dim, bool keepdim,
                      std::string_view interpolation) {
  return quantileOne(self, q, dim, keepdim, interpolation, IgnoreNan);
}
template <bool IgnoreNan>
Tensor quantileTensor(const Tensor& self, const Tensor& q, std::optional<int64_t> dim, bool keepdim,
                      std::string_view interpolation) {
  JS_CHECK(q.dim() <= 1, "quantile() q must be a scalar or 1D tensor");
  const Tensor hq = toDevice(q, Device::cpu()).to(ScalarType::Double).contiguous();
  if (q.dim() == 0) return quantileOne(self, hq.item().toDouble(), dim, keepdim, interpolation, IgnoreNan);
  std::vector<Tensor> parts;
  for (int64_t i = 0; i < hq.numel(); ++i)
    parts.push_back(quantileOne(self, hq.data<double>()[i], dim, keepdim, interpolation, IgnoreNan));
  return callOp<"aten::stack", Tensor>(IValue::tensorList(std::move(parts)), int64_t{0});
}

// ---- selections whose size depends on the data: the mask read on the host ----

// The positions (flat, row-major) where t is nonzero, read on the host.
std::vector<int64_t> hostNonzero(const Tensor& t) {
  const Tensor nz = callOp<"aten::ne.Scalar", Tensor>(t, IValue(Scalar(int64_t{0})));
  const Tensor h = toDevice(nz, Device::cpu()).contiguous();
  std::vector<int64_t> out;
  const bool* p = h.data<bool>();
  for (int64_t i = 0; i < h.numel(); ++i)
    if (p[i]) out.push_back(i);
  return out;
}
Tensor maskedSelect(const Tensor& self, const Tensor& mask) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, "masked_select: expected BoolTensor for mask");
  OnDevice on(deviceOf({&self, &mask}, "masked_select"));
  const DimVector shape = broadcastShapes(self.sizes(), mask.sizes());
  const std::vector<int64_t> at = hostNonzero(mask.expand(shape));
  const Tensor flat = contiguousOnDevice(self.expand(shape), on).reshape({-1});
  if (at.empty()) return emptyOnDevice({0}, self.dtype(), on.device);
  return callOp<"aten::index_select", Tensor>(flat, int64_t{0},
                                              longsOnDevice(at, {static_cast<int64_t>(at.size())}, on));
}
Tensor nonzero(const Tensor& self) {
  OnDevice on(deviceOf({&self}, "nonzero"));
  const std::vector<int64_t> at = hostNonzero(self);
  const int64_t nd = self.dim();
  std::vector<int64_t> coords;
  coords.reserve(at.size() * static_cast<size_t>(nd));
  for (int64_t flat : at) {
    std::vector<int64_t> c(static_cast<size_t>(nd));
    for (int64_t d = nd - 1; d >= 0; --d) {
      c[static_cast<size_t>(d)] = flat % self.size(d);
      flat /= self.size(d);
    }
    coords.insert(coords.end(), c.begin(), c.end());
  }
  return longsOnDevice(coords, {static_cast<int64_t>(at.size()), nd}, on);
}

// ---- norms built from the vector norm ----

Tensor vecNorm(const Tensor& t, const Scalar& ord, const IValue& dims, bool keepdim, const IValue& dtype) {
  return callOp<"aten::linalg_vector_norm", Tensor>(t, IValue(ord), dims, keepdim, dtype);
}
Tensor frobeniusNormDim(const Tensor& self, IntList dim, bool keepdim) {
  return vecNorm(self, Scalar(2.0), IValue::intList(std::move(dim)), keepdim, IValue());
}
// Matrix norms: "fro", the 1 / inf norms (max absolute column / row sum)
// and their negative (min) forms, and the 2-norms (extreme singular values,
// linalg_svdvals' CUDA kernel).
Tensor matrixNorm(const Tensor& self, double ord, bool fro, IntList dim, bool keepdim, const IValue& dtype) {
  JS_CHECK(self.dim() >= 2, "linalg.matrix_norm: The input tensor A must have at least 2 dimensions.");
  JS_CHECK(dim.size() == 2, "linalg.matrix_norm: dim must be a 2-tuple. Got ", shapeToString(dim));
  const int64_t d0 = maybe_wrap_dim(dim[0], self.dim()), d1 = maybe_wrap_dim(dim[1], self.dim());
  if (fro) return vecNorm(self, Scalar(2.0), IValue::intList({d0, d1}), keepdim, dtype);
  JS_CHECK(std::abs(ord) == 1 || std::abs(ord) == 2 || std::isinf(ord), "linalg.matrix_norm: Order ", ord,
           " not supported.");
  if (std::abs(ord) == 2) {
    // The largest (smallest) singular value, over the dims moved last.
    const Tensor x = dtype.isNone() ? self : callOp<"aten::to.dtype", Tensor>(self, dtype, false, false, IValue());
    IntList perm;
    for (int64_t i = 0; i < x.dim(); ++i)
      if (i != d0 && i != d1) perm.push_back(i);
    perm.push_back(d0);
    perm.push_back(d1);
    const Tensor sv = callOp<"aten::linalg_svdvals", Tensor>(x.permute(perm), IValue());
    const IValue last = IValue::intList({sv.dim() - 1});
    Tensor r = ord > 0 ? callOp<"aten::amax", Tensor>(sv, last, false) : callOp<"aten::amin", Tensor>(sv, last, false);
    if (keepdim)
      for (int64_t d : {std::min(d0, d1), std::max(d0, d1)}) r = r.unsqueeze(d);
    return r;
  }
  Tensor a = callOp<"aten::abs", Tensor>(dtype.isNone() ? self
                                                        : callOp<"aten::to.dtype", Tensor>(self, dtype, false, false,
                                                                                           IValue()));
  // |ord| 1: sums over rows (d0), extremum over columns (d1); inf: the reverse.
  const int64_t sumDim = std::abs(ord) == 1 ? d0 : d1, extDim = std::abs(ord) == 1 ? d1 : d0;
  Tensor sums = sumDims(a, {sumDim}, true);
  Tensor r = ord > 0 ? callOp<"aten::amax", Tensor>(sums, IValue::intList({extDim}), true)
                     : callOp<"aten::amin", Tensor>(sums, IValue::intList({extDim}), true);
  if (!keepdim) r = r.squeeze(std::max(d0, d1)).squeeze(std::min(d0, d1));
  return r;
}
Tensor linalgMatrixNormStr(const Tensor& self, std::string_view ord, IntList dim, bool keepdim,
                           std::optional<ScalarType> dtype) {
  JS_CHECK(ord == "fro" || ord == "nuc", "linalg.matrix_norm: Order ", std::string(ord), " not supported.");
  if (ord == "nuc") {
    const Tensor x = dtype ? callOp<"aten::to.dtype", Tensor>(self, IValue(*dtype), false, false, IValue()) : self;
    return callOp<"aten::nuclear_norm.dim", Tensor>(x, IValue::intList(std::move(dim)), keepdim);
  }
  return matrixNorm(self, 0, true, std::move(dim), keepdim, dtype ? IValue(*dtype) : IValue());
}
Tensor linalgMatrixNorm(const Tensor& self, const Scalar& ord, IntList dim, bool keepdim,
                        std::optional<ScalarType> dtype) {
  return matrixNorm(self, ord.toDouble(), false, std::move(dim), keepdim, dtype ? IValue(*dtype) : IValue());
}
// linalg_norm: a vector norm unless ord is given with a 2-D dim (or the input
// is 2-D and no dim is given), then a matrix norm.
Tensor linalgNorm(const Tensor& self, std::optional<Scalar> ord, std::optional<IntList> dim, bool keepdim,
                  std::optional<ScalarType> dtype) {
  const IValue dt = dtype ? IValue(*dtype) : IValue();
  if (dim && dim->size() == 2 && ord) return matrixNorm(self, ord->toDouble(), false, *dim, keepdim, dt);
  if (!dim && ord && self.dim() == 2) return matrixNorm(self, ord->toDouble(), false, {0, 1}, keepdim, dt);
  if (dim && dim->size() == 2) return matrixNorm(self, 0, true, *dim, keepdim, dt);
  return vecNorm(self, ord.value_or(Scalar(2.0)), dim ? IValue::intList(*dim) : IValue(), keepdim, dt);
}

// ---- scatters into views and flattened positions ----

// False when no two elements of `t` share a memory position: each dim of
// size > 1, taken by increasing stride, steps past everything the smaller
// ones reach. (True may still be a view without overlap; callers then take
// the slower exact path.)
bool mayOverlapItself(const Tensor& t) {
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size)
  for (int64_t d = 0; d < t.dim(); ++d)
    if (t.size(d) > 1) dims.emplace_back(t.stride(d), t.size(d));
  std::sort(dims.begin(), dims.end());
  int64_t reach = 0;  // the largest offset the dims so far reach
  for (const auto& [stride, size] : dims) {
    if (stride <= reach) return true;
    reach += (size - 1) * stride;
  }
  return false;
}

Tensor asStridedScatter(const Tensor& self, const Tensor& src, IntList size, IntList stride,
                        std::optional<int64_t> offset) {
  OnDevice on(deviceOf({&self, &src}, "as_strided_scatter"));
  Tensor out = cloneOnDevice(self, on);
  const Tensor view = out.as_strided(size, stride, offset);
  JS_CHECK(IntArrayRef(view.sizes()) == src.sizes(), "expected src to have a size equal to the slice of self. src "
           "size = ", shapeToString(src.sizes()), ", slice size = ", shapeToString(view.sizes()));
  if (view.numel() == 0 || !mayOverlapItself(view)) {
    callOp<"aten::copy_", Tensor>(view, src, false);
    return out;
  }
  // Several view elements share a position (ops/as_strided_scatter.4:
  // strides (1, 7, 7, 1) over sizes (2, 1, 1, 2)). The CPU's copy writes
  // them in row-major order, so the last one lands; the copy kernel's
  // threads would race. Which src element wins each position depends only
  // on the geometry: work it out on the host, then copy each winner once.
  const int64_t n = view.numel();
  const int64_t dims = view.dim();
  std::vector<int64_t> winner(static_cast<size_t>(out.numel()), -1);
  std::vector<int64_t> index(static_cast<size_t>(dims), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t pos = view.storage_offset();
    for (int64_t d = 0; d < dims; ++d) pos += index[d] * view.stride(d);
    // The CPU's clone holds exactly numel elements, so its as_strided
    // rejects such a view; the device allocator may round storage up.
    JS_CHECK(pos < out.numel(), "as_strided_scatter: the view reaches element ", pos, " of a tensor of ",
             out.numel());
    winner[static_cast<size_t>(pos)] = i;
    for (int64_t d = dims - 1; d >= 0 && ++index[d] == view.size(d); --d) index[d] = 0;
  }
  std::vector<int64_t> positions, sources;
  for (size_t p = 0; p < winner.size(); ++p)
    if (winner[p] >= 0) positions.push_back(static_cast<int64_t>(p)), sources.push_back(winner[p]);
  const auto longs = [&](const std::vector<int64_t>& v) {
    Tensor t = empty({static_cast<int64_t>(v.size())}, ScalarType::Long);
    std::copy(v.begin(), v.end(), t.data<int64_t>());
    return toDevice(t, on.device);
  };
  const Tensor flatSrc = contiguousOnDevice(src, on).reshape({src.numel()});
  Tensor picked = callOp<"aten::index_select", Tensor>(flatSrc, int64_t{0}, longs(sources));
  if (picked.dtype() != out.dtype())
    picked = callOp<"aten::to.dtype", Tensor>(picked, out.dtype(), false, false, IValue());
  return callOp<"aten::index_copy", Tensor>(out.reshape({out.numel()}), int64_t{0}, longs(positions), picked)
      .view(self.sizes());
}
Tensor put(const Tensor& self, const Tensor& index, const Tensor& source, bool accumulate) {
  OnDevice on(deviceOf({&self, &index, &source}, "put"));
  JS_CHECK(index.numel() == source.numel(), "put(): Expected source and index to have the same number of elements, "
           "but got source.numel() = ", source.numel(), ", index.numel() = ", index.numel());
  const int64_t n = self.numel();
  const Tensor flatSelf = contiguousOnDevice(self, on).reshape({n});
  // Negative positions count from the end.
  const Tensor flatIdx = contiguousOnDevice(index, on).reshape({index.numel()});
  const Tensor negative = callOp<"aten::lt.Scalar", Tensor>(flatIdx, IValue(Scalar(int64_t{0})));
  const Tensor wrapped = callOp<"aten::add.Scalar", Tensor>(flatIdx, IValue(Scalar(n)), kOne);
  const Tensor idx = callOp<"aten::where.self", Tensor>(negative, wrapped, flatIdx);
  const Tensor src = contiguousOnDevice(source, on).reshape({source.numel()});
  Tensor out = accumulate ? callOp<"aten::index_add", Tensor>(flatSelf, int64_t{0}, idx, src, kOne)
                          : callOp<"aten::index_copy", Tensor>(flatSelf, int64_t{0}, idx, src);
  return out.view(self.sizes());
}

// ---- searches and membership, by comparison against every boundary ----

// For each value, how many boundaries lie below it (right: at or below).
Tensor countBelow(const Tensor& sorted, const Tensor& values, bool right, bool int32) {
  Tensor cmp;
  if (sorted.dim() == 1) {
    const Tensor v = values.unsqueeze(-1);
    cmp = right ? callOp<"aten::le.Tensor", Tensor>(sorted, v) : callOp<"aten::lt.Tensor", Tensor>(sorted, v);
  } else {
    JS_CHECK(sorted.dim() == values.dim() &&
                 std::equal(sorted.sizes().begin(), sorted.sizes().end() - 1, values.sizes().begin()),
             "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of "
             "boundaries tensor and input value tensor must match, but we got boundaries tensor ",
             shapeToString(sorted.sizes()), " and input value tensor ", shapeToString(values.sizes()));
    const Tensor s = sorted.unsqueeze(-2), v = values.unsqueeze(-1);
    cmp = right ? callOp<"aten::le.Tensor", Tensor>(s, v) : callOp<"aten::lt.Tensor", Tensor>(s, v);
  }
  Tensor count = sumDims(cmp, {-1}, false);
  if (int32) count = callOp<"aten::to.dtype", Tensor>(count, ScalarType::Int, false, false, IValue());
  return count;
}
Tensor bucketize(const Tensor& self, const Tensor& boundaries, bool outInt32, bool right) {
  JS_CHECK(boundaries.dim() == 1, "boundaries tensor must be 1 dimension, but got dim(", boundaries.dim(), ")");
  return countBelow(boundaries, self, right, outInt32);
}
Tensor searchsorted(const Tensor& sorted, const Tensor& self, bool outInt32, bool right,
                    std::optional<std::string> side, const std::optional<Tensor>& sorter) {
  if (side) {
    JS_CHECK(*side == "left" || *side == "right", "side can only be 'left' or 'right' but got ", *side);
    JS_CHECK(right == (*side == "right") || !right, "torch.searchsorted(): side and right can't be set to opposites, "
             "got side of left while right was True");
    right = *side == "right";
  }
  Tensor seq = sorted;
  if (sorter && sorter->defined()) seq = callOp<"aten::gather", Tensor>(sorted, int64_t{-1}, *sorter, false);
  return countBelow(seq, self, right, outInt32);
}
Tensor isin(const Tensor& elements, const Tensor& test, bool /*assumeUnique*/, bool invert) {
  OnDevice on(deviceOf({&elements, &test}, "isin"));
  const Tensor t = contiguousOnDevice(test, on).reshape({test.numel()});
  const Tensor eq = callOp<"aten::eq.Tensor", Tensor>(elements.unsqueeze(-1), t);
  Tensor r = callOp<"aten::any.dim", Tensor>(eq, int64_t{-1}, false);
  return invert ? callOp<"aten::logical_not", Tensor>(r) : r;
}

// combinations(self, r, with_replacement): the index tuples made on the host.
Tensor combinations(const Tensor& self, int64_t r, bool withReplacement) {
  JS_CHECK(self.dim() == 1, "Expect a 1D vector, but got shape ", shapeToString(self.sizes()));
  JS_CHECK(r >= 0, "Expect a non-negative number, but got ", r);
  OnDevice on(deviceOf({&self}, "combinations"));
  const int64_t n = self.numel();
  if (r == 0) return emptyOnDevice({0}, self.dtype(), on.device);
  std::vector<std::vector<int64_t>> cols(static_cast<size_t>(r));
  std::vector<int64_t> cur(static_cast<size_t>(r));
  const auto walk = [&](auto&& self_, int64_t pos, int64_t from) -> void {
    if (pos == r) {
      for (int64_t k = 0; k < r; ++k) cols[static_cast<size_t>(k)].push_back(cur[static_cast<size_t>(k)]);
      return;
    }
    for (int64_t i = from; i < n; ++i) {
      cur[static_cast<size_t>(pos)] = i;
      self_(self_, pos + 1, withReplacement ? i : i + 1);
    }
  };
  walk(walk, 0, 0);
  const int64_t count = static_cast<int64_t>(cols[0].size());
  if (count == 0) return emptyOnDevice({0, r}, self.dtype(), on.device);
  std::vector<Tensor> parts;
  for (const auto& c : cols) parts.push_back(indexSelectHost(self, 0, c));
  return callOp<"aten::stack", Tensor>(IValue::tensorList(std::move(parts)), int64_t{1});
}

}  // namespace

const CudaTable kCudaCompositeMoreOps = {
    row<frobeniusNormDim>("aten::frobenius_norm.dim"),
    row<linalgMatrixNormStr>("aten::linalg_matrix_norm.str_ord"),
    row<linalgMatrixNorm>("aten::linalg_matrix_norm"),
    row<linalgNorm>("aten::linalg_norm"),
    row<asStridedScatter>("aten::as_strided_scatter"),
    row<put>("aten::put"),
    row<bucketize>("aten::bucketize.Tensor"),
    row<searchsorted>("aten::searchsorted.Tensor"),
    row<isin>("aten::isin.Tensor_Tensor"),
    row<combinations>("aten::combinations"),
    row<medianDim>("aten::median.dim"),
    row<nanmedianDim>("aten::nanmedian.dim"),
    row<medianAll<false>>("aten::median"),
    row<medianAll<true>>("aten::nanmedian"),
    row<quantileScalar<false>>("aten::quantile.scalar"),
    row<quantileScalar<true>>("aten::nanquantile.scalar"),
    row<quantileTensor<false>>("aten::quantile"),
    row<quantileTensor<true>>("aten::nanquantile"),
    row<maskedSelect>("aten::masked_select"),
    row<nonzero>("aten::nonzero"),
    row<nonzero>("aten::argwhere"),
    row<repeatInterleave>("aten::repeat_interleave.self_int"),
    row<tensorSplitTensor>("aten::tensor_split.tensor_indices_or_sections"),
    row<blockDiag>("aten::block_diag"),
    row<cartesianProd>("aten::cartesian_prod"),
    row<convPaddingMode<1>>("aten::conv1d.padding"),
    row<convPaddingMode<2>>("aten::conv2d.padding"),
    row<nllLoss>("aten::nll_loss"),
    row<nllLoss>("aten::nll_loss_nd"),
    row<nllLoss>("aten::nll_loss2d"),
    row<crossEntropy>("aten::cross_entropy_loss"),
    row<mv>("aten::mv"),
    row<dot>("aten::dot"),
    row<dot>("aten::vdot"),
    row<inner>("aten::inner"),
    row<outer>("aten::outer"),
    row<addmv>("aten::addmv"),
    row<addr>("aten::addr"),
    row<addbmm>("aten::addbmm"),
    row<bilinear>("aten::bilinear"),
    row<stackFamily<0>>("aten::hstack"),
    row<stackFamily<1>>("aten::vstack"),
    row<stackFamily<2>>("aten::dstack"),
    row<stackFamily<3>>("aten::column_stack"),
    row<diag>("aten::diag"),
    row<diagEmbed>("aten::diag_embed"),
    row<diagflat>("aten::diagflat"),
    row<pixelShuffle<false>>("aten::pixel_shuffle"),
    row<pixelShuffle<true>>("aten::pixel_unshuffle"),
    row<sumToSize>("aten::sum_to_size"),
    row<isclose>("aten::isclose"),
    row<allclose>("aten::allclose"),
    row<equal>("aten::equal"),
    row<signbit>("aten::signbit"),
    row<isSignedInf<true>>("aten::isposinf"),
    row<isSignedInf<false>>("aten::isneginf"),
    row<roundDecimals>("aten::round.decimals"),
    row<ldexp>("aten::ldexp.Tensor"),
    row<floatPower>("aten::float_power.Tensor_Tensor"),
    row<cosineSimilarity>("aten::cosine_similarity"),
    row<dist>("aten::dist"),
    row<glu>("aten::glu"),
    row<dropoutEval>("aten::dropout"),
    row<dropoutEval>("aten::feature_dropout"),
    row<dropoutEval>("aten::feature_alpha_dropout"),
    row<dropoutEval>("aten::alpha_dropout"),
    row<dropoutEvalInplace>("aten::dropout_"),
    row<dropoutEvalInplace>("aten::feature_dropout_"),
    row<dropoutEvalInplace>("aten::alpha_dropout_"),
    row<dropoutEvalInplace>("aten::feature_alpha_dropout_"),
    row<conj>("aten::conj"),
    row<conjPhysical>("aten::conj_physical"),
    row<isreal>("aten::isreal"),
    row<sort>("aten::sort"),
    row<sortStable>("aten::sort.stable"),
    row<argsort>("aten::argsort"),
    row<msort>("aten::msort"),
    row<kthvalue>("aten::kthvalue"),
};

}  // namespace jitserve::cuda
