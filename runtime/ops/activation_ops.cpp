// Neural-network activations: gelu, silu, mish, softplus, elu/selu/celu,
// leaky_relu, hardtanh/relu6, hardsigmoid, hardswish, log_sigmoid,
// soft/hard shrink, threshold, glu, prelu, rrelu (inference form), and the
// dropout family in inference mode.
//
// Each is an elementwise float function with its parameters captured by
// value, so the loop body inlines and vectorizes; the functional, in-place
// and out= forms share the kernel through the iterator builders.
#include "runtime/ops/op_tables.h"

#include <cmath>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/random_ops.h"
#include "runtime/ops/scalar_math.h"
#include "runtime/ops/vec_math.h"

namespace jitserve::ops {
namespace {

// Runs `make(params...)`'s functor over self in its floating dtype. Integer
// inputs are rejected as PyTorch does for these ops.
template <typename MakeOp>
Tensor activation(const Tensor& self, Tensor out, const char* name, const MakeOp& make) {
  TensorIterator it = unaryIter(out, self, Promotion::Common, name);
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), name, [&] {
    using acc_t = opmath_t<scalar_t>;
    unaryLoop<scalar_t>(it, make(acc_t{}));
  });
  return out;
}

template <typename T>
T sc(const Scalar& s) {
  return static_cast<T>(s.toDouble());
}

// ---- kernels: each is written once for its three forms ----

// Where a form writes: nothing yet (functional: a new result), self (in
// place) or the trailing `out` argument of the .out overload (resized and
// cast as the iterator allows), which must have self's dtype (PyTorch builds
// these ops without casting to the output). A kernel takes it after checking
// its own arguments.
struct Dest {
  Tensor tensor;
  bool isOut = false;
  Tensor take(const Tensor& self) const {
    if (isOut) checkOutDtype(tensor, self.dtype());
    return tensor;
  }
};

// The forms of an activation `Tensor f(const Dest&, const Tensor& self, args...)`.
template <auto K, typename Sig = std::remove_cv_t<decltype(+K)>>
struct Act;
template <auto K, typename... A>
struct Act<K, Tensor (*)(const Dest&, const Tensor&, A...)> {
  static Tensor functional(const Tensor& self, A... a) { return K(Dest{}, self, a...); }
  static Tensor inplace(Tensor self, A... a) { return K(Dest{self}, self, a...); }
  static Tensor out(const Tensor& self, A... a, Tensor out) { return K(Dest{std::move(out), true}, self, a...); }
};

template <typename MakeOp>
Tensor runAct(const Dest& dest, const Tensor& self, const char* name, const MakeOp& make) {
  return activation(self, dest.take(self), name, make);
}

// Runs a vec_math.h kernel over self (float) when this CPU has the table;
// nullopt (nothing done) otherwise.
std::optional<Tensor> vecFloat(const Dest& dest, const Tensor& self, const char* name,
                               vec::UnaryArrayFn vec::FloatKernels::*fn) {
  const vec::FloatKernels* vk = vec::floatKernels();
  if (!vk) return std::nullopt;
  Tensor out = dest.take(self);
  TensorIterator it = unaryIter(out, self, Promotion::Common, name);
  if (!vec::unaryFloat(it, vk->*fn)) return std::nullopt;
  return out;
}

// erf for float gelu without a libm call, so the loop vectorizes (a scalar
// erff per element made gelu ~10x slower than PyTorch's SIMD kernel).
// Abramowitz & Stegun 7.1.28: erf(t) = 1 - (1 + a1 t + ... + a6 t^6)^-16 for
// t >= 0, |error| <= 3e-7, the size of float's own rounding of erf near 1.
// Large t overflows p^16 to inf, giving exactly 1; NaN stays NaN.
inline float erfFast(float x) {
  const float t = std::fabs(x);
  float p = 1.0f + t * (0.0705230784f + t * (0.0422820123f + t * (0.0092705272f +
                   t * (0.0001520143f + t * (0.0002765672f + t * 0.0000430638f)))));
  p *= p;
  p *= p;
  p *= p;
  p *= p;
  return std::copysign(1.0f - 1.0f / p, x);
}

Tensor gelu(const Dest& dest, const Tensor& self, std::string_view approx) {
  JS_CHECK(approx == "none" || approx == "tanh", "approximate argument must be either none or tanh.");
  if (approx == "tanh")
    return runAct(dest, self, "GeluKernelImpl", []<typename T>(T) { return [](T x) { return math::geluTanh(x); }; });
  if (self.dtype() == ScalarType::Float)
    if (std::optional<Tensor> r = vecFloat(dest, self, "GeluKernelImpl", &vec::FloatKernels::gelu)) return *r;
  // double keeps libm's erf; float (and Half/BFloat16, computed in float)
  // takes the vectorizable one.
  return runAct(dest, self, "GeluKernelImpl", []<typename T>(T) {
    return [](T x) {
      if constexpr (std::is_same_v<T, float>) return 0.5f * x * (1.0f + erfFast(x * 0.70710678118654752440f));
      else return math::geluErf(x);
    };
  });
}
Tensor silu(const Dest& dest, const Tensor& self) {
  if (self.dtype() == ScalarType::Float)
    if (std::optional<Tensor> r = vecFloat(dest, self, "silu", &vec::FloatKernels::silu)) return *r;
  return runAct(dest, self, "silu", []<typename T>(T) { return [](T x) { return x / (T(1) + std::exp(-x)); }; });
}
Tensor mish(const Dest& dest, const Tensor& self) {
  return runAct(dest, self, "mish",
                []<typename T>(T) { return [](T x) { return x * std::tanh(std::log1p(std::exp(x))); }; });
}
Tensor softplus(const Dest& dest, const Tensor& self, const Scalar& beta, const Scalar& th) {
  return runAct(dest, self, "softplus", [&]<typename T>(T) {
    const T b = sc<T>(beta), t = sc<T>(th);
    return [b, t](T x) { return math::softplus(x, b, t); };
  });
}
// elu(x) = scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1)).
Tensor elu(const Dest& dest, const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& iscale) {
  return runAct(dest, self, "elu", [&]<typename T>(T) {
    const T al = sc<T>(alpha), sca = sc<T>(scale), isc = sc<T>(iscale);
    return [al, sca, isc](T x) { return x > T(0) ? sca * x : sca * al * (std::exp(x * isc) - T(1)); };
  });
}
Tensor selu(const Dest& dest, const Tensor& self) {
  return runAct(dest, self, "selu", []<typename T>(T) {
    const T al = T(1.6732632423543772848170429916717), sca = T(1.0507009873554804934193349852946);
    return [al, sca](T x) { return x > T(0) ? sca * x : sca * al * std::expm1(x); };
  });
}
Tensor celu(const Dest& dest, const Tensor& self, const Scalar& alpha) {
  JS_CHECK(alpha.toDouble() != 0, "ZeroDivisionError");
  return runAct(dest, self, "celu", [&]<typename T>(T) {
    const T al = sc<T>(alpha);
    return [al](T x) { return x > T(0) ? x : al * std::expm1(x / al); };
  });
}
Tensor leakyRelu(const Dest& dest, const Tensor& self, const Scalar& slope) {
  return runAct(dest, self, "leaky_relu", [&]<typename T>(T) {
    const T sl = sc<T>(slope);
    return [sl](T x) { return x > T(0) ? x : x * sl; };
  });
}
// hardtanh keeps integer dtypes (relu6 on an int tensor is valid).
Tensor hardtanh(const Tensor& self, const Scalar& lo, const Scalar& hi, Tensor out) {
  TensorIterator it = unaryIter(out, self, Promotion::Common, "hardtanh");
  JS_DISPATCH_ALL_TYPES(it.input_dtype(0), "hardtanh", [&] {
    using acc_t = opmath_t<scalar_t>;
    const acc_t l = static_cast<acc_t>(lo.toDouble()), h = static_cast<acc_t>(hi.toDouble());
    // min(max(x, lo), hi): when lo > hi the upper bound wins, as in PyTorch.
    unaryLoop<scalar_t>(it, [l, h](acc_t x) {
      const acc_t y = x < l ? l : x;
      return y > h ? h : y;
    });
  });
  return out;
}
Tensor hardtanhAct(const Dest& dest, const Tensor& self, const Scalar& min_val, const Scalar& max_val) {
  return hardtanh(self, min_val, max_val, dest.take(self));
}
Tensor relu6(const Dest& dest, const Tensor& self) { return hardtanh(self, 0, 6, dest.take(self)); }
Tensor hardsigmoid(const Dest& dest, const Tensor& self) {
  return runAct(dest, self, "hardsigmoid", []<typename T>(T) {
    return [](T x) { return std::min(std::max(x + T(3), T(0)), T(6)) / T(6); };
  });
}
Tensor hardswish(const Dest& dest, const Tensor& self) {
  return runAct(dest, self, "hardswish", []<typename T>(T) {
    return [](T x) { return x * std::min(std::max(x + T(3), T(0)), T(6)) / T(6); };
  });
}
// log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)).
Tensor logSigmoid(const Dest& dest, const Tensor& self) {
  return runAct(dest, self, "log_sigmoid", []<typename T>(T) {
    return [](T x) { return std::min(x, T(0)) - std::log1p(std::exp(-std::fabs(x))); };
  });
}
Tensor softshrink(const Dest& dest, const Tensor& self, const Scalar& lambd) {
  JS_CHECK(lambd.toDouble() >= 0, "lambda must be greater or equal to 0, but found to be ", lambd.toDouble(), ".");
  return runAct(dest, self, "softshrink", [&]<typename T>(T) {
    const T l = sc<T>(lambd);
    return [l](T x) { return x > l ? x - l : (x < -l ? x + l : T(0)); };
  });
}
Tensor hardshrink(const Dest& dest, const Tensor& self, const Scalar& lambd) {
  return runAct(dest, self, "hardshrink", [&]<typename T>(T) {
    const T l = sc<T>(lambd);
    return [l](T x) { return (x >= -l && x <= l) ? T(0) : x; };
  });
}
Tensor threshold(const Tensor& self, const Scalar& th, const Scalar& value, Tensor out) {
  TensorIterator it = unaryIter(out, self, Promotion::Common, "threshold");
  JS_DISPATCH_ALL_TYPES(it.input_dtype(0), "threshold", [&] {
    using acc_t = opmath_t<scalar_t>;
    const acc_t t = th.to<acc_t>(), v = value.to<acc_t>();
    unaryLoop<scalar_t>(it, [t, v](acc_t x) { return x <= t ? v : x; });
  });
  return out;
}
// threshold is a binary op in PyTorch: its out= casts to out's dtype (no
// dtype check).
Tensor thresholdAct(const Dest& dest, const Tensor& self, const Scalar& th, const Scalar& value) {
  return threshold(self, th, value, dest.tensor);
}
// rrelu in training: each negative element gets its own slope drawn
// uniformly from [lower, upper].
Tensor rreluTrain(const Dest& dest, const Tensor& self, double lower, double upper, const IValue& generator) {
  JS_CHECK(isFloatingType(self.dtype()), "rrelu: expected a floating point tensor, got ", scalarTypeName(self.dtype()));
  JS_CHECK(generator.isNone(), "explicit Generator arguments are not supported; pass None");
  Tensor x = self.to(ScalarType::Double, true).contiguous();
  std::vector<double> u = uniformSamples(x.numel());
  double* p = x.data<double>();
  for (int64_t i = 0; i < x.numel(); ++i)
    if (p[i] < 0) p[i] *= lower + (upper - lower) * u[static_cast<size_t>(i)];
  Tensor r = x.to(self.dtype());
  Tensor written = dest.tensor;  // in place: self
  if (!written.defined()) return r;
  written.copy_(r);
  return written;
}
// rrelu in inference: a leaky relu with the mean slope (lower + upper) / 2.
Tensor rrelu(const Dest& dest, const Tensor& self, const Scalar& lower, const Scalar& upper, bool training,
             const IValue& generator) {
  if (training) return rreluTrain(dest, self, lower.toDouble(), upper.toDouble(), generator);
  const double slope = (lower.toDouble() + upper.toDouble()) / 2;
  return runAct(dest, self, "rrelu", [slope]<typename T>(T) {
    const T sl = static_cast<T>(slope);
    return [sl](T x) { return x >= T(0) ? x : x * sl; };
  });
}
// glu(x) = a * sigmoid(b) with x split in halves along dim.
Tensor glu(const Tensor& x, int64_t dim) {
  JS_CHECK(x.dim() > 0, "glu does not support scalars because halving size must be even");
  const int64_t d = maybe_wrap_dim(dim, x.dim());
  JS_CHECK(x.size(d) % 2 == 0, "Halving dimension must be even, but dimension ", d, " is size ", x.size(d));
  const int64_t h = x.size(d) / 2;
  Tensor first = x.narrow(d, 0, h), second = x.narrow(d, h, h);
  Tensor out;
  TensorIterator it = binaryIter(out, first, second, Promotion::Common, "glu");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "glu", [&] {
    binaryLoop<scalar_t>(it, [](auto p, auto q) { return p / (decltype(q)(1) + std::exp(-q)); });
  });
  return out;
}
// prelu: per-channel (dim 1) or single negative slope.
Tensor prelu(const Tensor& x, const Tensor& w) {
  JS_CHECK(w.dim() <= 1, "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = ", w.dim());
  const int64_t nw = w.numel();
  const int64_t channels = x.dim() >= 2 ? x.size(1) : 1;
  JS_CHECK(nw == 1 || nw == channels, "Mismatch of parameter numbers and input channel size. Found parameter numbers "
           "= ", nw, " and channel size = ", channels, ".");
  // A single slope is 0-d so it never adds a dim to a 0-d input.
  Tensor wv = nw == 1 ? w.reshape(DimVector{}) : w.reshape({nw});
  if (nw > 1) {
    DimVector shape(static_cast<size_t>(x.dim()), 1);
    shape[1] = nw;
    wv = wv.view(shape);
  }
  Tensor out;
  TensorIterator it = binaryIter(out, x, wv, Promotion::Common, "prelu");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "prelu", [&] {
    binaryLoop<scalar_t>(it, [](auto v, auto sl) { return v > decltype(v)(0) ? v : v * sl; });
  });
  return out;
}

// Dropout variants: identity in inference. Training draws a keep-mask with
// probability 1 - p per element (per (N, C) channel for the feature forms)
// from the default generator; p == 1 gives x * 0 as in PyTorch. Plain forms
// scale kept values by 1 / (1 - p); alpha forms keep SELU's mean and variance:
// x * m * a + (m - 1) * alpha' * a + alpha' * a * p with alpha' = 1.7580993408473766
// and a = 1 / sqrt((alpha'^2 p + 1)(1 - p)).
enum class Drop { Plain, Feature, Alpha, FeatureAlpha };

Tensor dropoutTrain(const Tensor& x, double p, Drop kind) {
  const bool feature = kind == Drop::Feature || kind == Drop::FeatureAlpha;
  const bool alpha = kind == Drop::Alpha || kind == Drop::FeatureAlpha;
  JS_CHECK(isFloatingType(x.dtype()), "dropout: expected a floating point tensor, got ", scalarTypeName(x.dtype()));
  if (p == 1) return mul(x, zeros({}, x.dtype()));
  DimVector mask_shape(x.sizes().begin(), x.sizes().end());
  if (feature) {
    JS_CHECK(x.dim() >= 2, "Feature dropout requires at least 2 dimensions in the input");
    for (size_t d = 2; d < mask_shape.size(); ++d) mask_shape[d] = 1;
  }
  Tensor mask = empty(mask_shape, ScalarType::Double);
  std::vector<double> u = uniformSamples(mask.numel());
  double* m = mask.data<double>();
  for (int64_t i = 0; i < mask.numel(); ++i) m[i] = u[static_cast<size_t>(i)] < 1 - p ? 1.0 : 0.0;
  if (!alpha) {
    for (int64_t i = 0; i < mask.numel(); ++i) m[i] /= (1 - p);
    return mul(x, mask.to(x.dtype()));
  }
  constexpr double kAlpha = 1.7580993408473766;
  const double a = 1.0 / std::sqrt((kAlpha * kAlpha * p + 1) * (1 - p));
  Tensor b = empty(mask_shape, ScalarType::Double);
  double* bp = b.data<double>();
  for (int64_t i = 0; i < mask.numel(); ++i) {
    bp[i] = (m[i] - 1) * kAlpha * a + kAlpha * a * p;
    m[i] *= a;
  }
  return add(mul(x, mask.to(x.dtype())), b.to(x.dtype()));
}

template <bool InPlace, Drop K = Drop::Plain>
Tensor dropout(Tensor self, double p, bool train) {
  JS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  if (!train || p == 0 || self.numel() == 0) return InPlace ? self : self.clone();
  Tensor r = dropoutTrain(self, p, K);
  if (!InPlace) return r;
  self.copy_(r);
  return self;
}

}  // namespace

const OpTable kActivationOps = {
    op<Act<gelu>::functional>("aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor",
                              "Gaussian error linear unit (exact or tanh approximation).", kFusible),
    op<Act<gelu>::inplace>("aten::gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)", "In-place gelu."),
    op<Act<silu>::functional>("aten::silu(Tensor self) -> Tensor", "x * sigmoid(x).", kFusible),
    op<Act<silu>::inplace>("aten::silu_(Tensor(a!) self) -> Tensor(a!)", "In-place silu."),
    op<Act<mish>::functional>("aten::mish(Tensor self) -> Tensor", "x * tanh(softplus(x)).", kFusible),
    op<Act<mish>::inplace>("aten::mish_(Tensor(a!) self) -> Tensor(a!)", "In-place mish."),
    op<Act<softplus>::functional>("aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor",
                                  "log(1 + exp(beta x)) / beta, linear above threshold.", kFusible),
    op<Act<elu>::functional>("aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor",
                             "Exponential linear unit.", kFusible),
    op<Act<elu>::inplace>("aten::elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> "
                          "Tensor(a!)",
                          "In-place elu."),
    op<Act<selu>::functional>("aten::selu(Tensor self) -> Tensor", "Scaled exponential linear unit.", kFusible),
    op<Act<selu>::inplace>("aten::selu_(Tensor(a!) self) -> Tensor(a!)", "In-place selu."),
    op<Act<celu>::functional>("aten::celu(Tensor self, Scalar alpha=1.) -> Tensor",
                              "Continuously differentiable elu.", kFusible),
    op<Act<celu>::inplace>("aten::celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)", "In-place celu."),
    op<Act<leakyRelu>::functional>("aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor",
                                   "x for x > 0, else negative_slope * x.", kFusible),
    op<Act<leakyRelu>::inplace>("aten::leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)",
                                "In-place leaky_relu."),
    op<Act<hardtanhAct>::functional>("aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor",
                                     "Clamps to [min_val, max_val].", kFusible),
    op<Act<hardtanhAct>::inplace>("aten::hardtanh_(Tensor(a!) self, Scalar min_val=-1, Scalar max_val=1) -> Tensor(a!)",
                                  "In-place hardtanh."),
    op<Act<relu6>::functional>("aten::relu6(Tensor self) -> Tensor", "Clamps to [0, 6].", kFusible),
    op<Act<relu6>::inplace>("aten::relu6_(Tensor(a!) self) -> Tensor(a!)", "In-place relu6."),
    op<Act<hardsigmoid>::functional>("aten::hardsigmoid(Tensor self) -> Tensor", "Piecewise-linear sigmoid.", kFusible),
    op<Act<hardsigmoid>::inplace>("aten::hardsigmoid_(Tensor(a!) self) -> Tensor(a!)", "In-place hardsigmoid."),
    op<Act<hardswish>::functional>("aten::hardswish(Tensor self) -> Tensor", "x * hardsigmoid(x).", kFusible),
    op<Act<hardswish>::inplace>("aten::hardswish_(Tensor(a!) self) -> Tensor(a!)", "In-place hardswish."),
    op<Act<logSigmoid>::functional>("aten::log_sigmoid(Tensor self) -> Tensor",
                                    "log(sigmoid(x)), computed stably.", kFusible),
    op<Act<softshrink>::functional>("aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
                                    "Shrinks toward 0 by lambd.", kFusible),
    op<Act<hardshrink>::functional>("aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
                                    "Zero inside [-lambd, lambd].", kFusible),
    op<Act<thresholdAct>::functional>("aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor",
                                      "value where x <= threshold, else x.", kFusible),
    op<Act<thresholdAct>::inplace>("aten::threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)",
                                   "In-place threshold."),
    op<Act<rrelu>::functional>("aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool "
                               "training=False, Generator? generator=None) -> Tensor",
                               "Randomized leaky relu (inference: mean slope)."),
    op<Act<rrelu>::inplace>("aten::rrelu_(Tensor(a!) self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool "
                            "training=False, Generator? generator=None) -> Tensor(a!)",
                            "In-place rrelu."),
    op<glu>("aten::glu(Tensor self, int dim=-1) -> Tensor", "Gated linear unit: first half * sigmoid(second half)."),
    op<prelu>("aten::prelu(Tensor self, Tensor weight) -> Tensor", "leaky relu with learned per-channel slopes."),
    op<dropout<false>>("aten::dropout(Tensor input, float p, bool train) -> Tensor",
                       "Dropout (identity in inference)."),
    op<dropout<true>>("aten::dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)", "In-place dropout."),
    op<dropout<false, Drop::Feature>>("aten::feature_dropout(Tensor input, float p, bool train) -> Tensor",
                                      "Channel dropout (identity in inference)."),
    op<dropout<true, Drop::Feature>>("aten::feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
                                     "In-place feature_dropout."),
    op<dropout<false, Drop::Alpha>>("aten::alpha_dropout(Tensor input, float p, bool train) -> Tensor",
                                    "Alpha dropout (identity in inference)."),
    op<dropout<true, Drop::Alpha>>("aten::alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
                                   "In-place alpha_dropout."),
    op<dropout<false, Drop::FeatureAlpha>>("aten::feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor",
                                           "Channel alpha dropout (identity in inference)."),
    op<dropout<true, Drop::FeatureAlpha>>("aten::feature_alpha_dropout_(Tensor(a!) self, float p, bool train) -> "
                                          "Tensor(a!)",
                                          "In-place feature_alpha_dropout."),
    // out= forms: the same kernels writing into `out`.
    op<Act<gelu>::out>("aten::gelu.out(Tensor self, *, str approximate=\"none\", Tensor(a!) out) -> Tensor(a!)",
                       "gelu into out."),
    op<Act<silu>::out>("aten::silu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "silu into out."),
    op<Act<mish>::out>("aten::mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "mish into out."),
    op<Act<softplus>::out>("aten::softplus.out(Tensor self, Scalar beta=1, Scalar threshold=20, *, Tensor(a!) out) -> "
                           "Tensor(a!)",
                           "softplus into out."),
    op<Act<elu>::out>("aten::elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) "
                      "out) -> Tensor(a!)",
                      "elu into out."),
    op<Act<leakyRelu>::out>("aten::leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> "
                            "Tensor(a!)",
                            "leaky_relu into out."),
    op<Act<hardtanhAct>::out>("aten::hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) "
                              "-> Tensor(a!)",
                              "hardtanh into out."),
    op<Act<hardsigmoid>::out>("aten::hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
                              "hardsigmoid into out."),
    op<Act<hardswish>::out>("aten::hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "hardswish into out."),
    op<Act<softshrink>::out>("aten::softshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
                             "softshrink into out."),
    op<Act<hardshrink>::out>("aten::hardshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
                             "hardshrink into out."),
    op<Act<thresholdAct>::out>("aten::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> "
                               "Tensor(a!)",
                               "threshold into out."),
};

}  // namespace jitserve::ops
