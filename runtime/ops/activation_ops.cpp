// Neural-network activations: gelu, silu, mish, softplus, elu/selu/celu,
// leaky_relu, hardtanh/relu6, hardsigmoid, hardswish, log_sigmoid,
// soft/hard shrink, threshold, glu, prelu, rrelu (inference form), and the
// dropout family in inference mode.
//
// Each is an elementwise float function with its parameters captured by
// value, so the loop body inlines and vectorizes; the functional, in-place
// and out= forms share the kernel through the iterator builders.
#include "runtime/ops/activation_ops.h"

#include <cmath>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_args.h"
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

// Functional: a new result. InPlace: writes self. Out: writes the trailing
// `out` argument of the .out overload (resized and cast as the iterator
// allows) and returns it.
enum class Form { Functional, InPlace, Out };

// The number of arguments of form F for an op of n functional arguments.
template <Form F>
constexpr size_t argc(size_t n) {
  return F == Form::Out ? n + 1 : n;
}

// Where form F writes: undefined (allocate), self, or `out`, which must have
// self's dtype (PyTorch builds these ops without casting to the output).
template <Form F>
Tensor destination(const Args& a) {
  if constexpr (F == Form::InPlace) {
    return a.tensor(0);
  } else if constexpr (F == Form::Out) {
    const Tensor& out = a.tensor(a.size() - 1);
    checkOutDtype(out, a.tensor(0).dtype());
    return out;
  } else {
    return Tensor();
  }
}

template <Form F, typename MakeOp>
void runAct(Args& a, const char* name, const MakeOp& make) {
  a.ret(activation(a.tensor(0), destination<F>(a), name, make));
}

// Runs a vec_math.h kernel over self (float) when this CPU has the table;
// false (nothing done) otherwise.
template <Form F>
bool vecFloat(Args& a, const char* name, vec::UnaryArrayFn vec::FloatKernels::*fn) {
  const vec::FloatKernels* vk = vec::floatKernels();
  if (!vk) return false;
  Tensor out = destination<F>(a);
  TensorIterator it = unaryIter(out, a.tensor(0), Promotion::Common, name);
  if (!vec::unaryFloat(it, vk->*fn)) return false;
  a.ret(std::move(out));
  return true;
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

template <Form F>
void k_gelu(Stack& s) {
  Args a(s, argc<F>(2));
  const std::string_view approx = a.str(1);
  JS_CHECK(approx == "none" || approx == "tanh", "approximate argument must be either none or tanh.");
  if (approx == "tanh") {
    runAct<F>(a, "GeluKernelImpl", []<typename T>(T) { return [](T x) { return math::geluTanh(x); }; });
    return;
  }
  if (a.tensor(0).dtype() == ScalarType::Float && vecFloat<F>(a, "GeluKernelImpl", &vec::FloatKernels::gelu)) return;
  // double keeps libm's erf; float (and Half/BFloat16, computed in float)
  // takes the vectorizable one.
  runAct<F>(a, "GeluKernelImpl", []<typename T>(T) {
    return [](T x) {
      if constexpr (std::is_same_v<T, float>) return 0.5f * x * (1.0f + erfFast(x * 0.70710678118654752440f));
      else return math::geluErf(x);
    };
  });
}
template <Form F>
void k_silu(Stack& s) {
  Args a(s, argc<F>(1));
  if (a.tensor(0).dtype() == ScalarType::Float && vecFloat<F>(a, "silu", &vec::FloatKernels::silu)) return;
  runAct<F>(a, "silu", []<typename T>(T) { return [](T x) { return x / (T(1) + std::exp(-x)); }; });
}
template <Form F>
void k_mish(Stack& s) {
  Args a(s, argc<F>(1));
  runAct<F>(a, "mish", []<typename T>(T) { return [](T x) { return x * std::tanh(std::log1p(std::exp(x))); }; });
}
template <Form F>
void k_softplus(Stack& s) {
  Args a(s, argc<F>(3));
  const Scalar beta = a.scalar(1), th = a.scalar(2);
  runAct<F>(a, "softplus", [&]<typename T>(T) {
    const T b = sc<T>(beta), t = sc<T>(th);
    return [b, t](T x) { return math::softplus(x, b, t); };
  });
}
// elu(x) = scale * (x > 0 ? x : alpha * (exp(x * input_scale) - 1)).
template <Form F>
void k_elu(Stack& s) {
  Args a(s, argc<F>(4));
  const Scalar alpha = a.scalar(1), scale = a.scalar(2), iscale = a.scalar(3);
  runAct<F>(a, "elu", [&]<typename T>(T) {
    const T al = sc<T>(alpha), sca = sc<T>(scale), isc = sc<T>(iscale);
    return [al, sca, isc](T x) { return x > T(0) ? sca * x : sca * al * (std::exp(x * isc) - T(1)); };
  });
}
template <Form F>
void k_selu(Stack& s) {
  Args a(s, argc<F>(1));
  runAct<F>(a, "selu", []<typename T>(T) {
    const T al = T(1.6732632423543772848170429916717), sca = T(1.0507009873554804934193349852946);
    return [al, sca](T x) { return x > T(0) ? sca * x : sca * al * std::expm1(x); };
  });
}
template <Form F>
void k_celu(Stack& s) {
  Args a(s, argc<F>(2));
  const Scalar alpha = a.scalar(1);
  JS_CHECK(alpha.toDouble() != 0, "ZeroDivisionError");
  runAct<F>(a, "celu", [&]<typename T>(T) {
    const T al = sc<T>(alpha);
    return [al](T x) { return x > T(0) ? x : al * std::expm1(x / al); };
  });
}
template <Form F>
void k_leaky_relu(Stack& s) {
  Args a(s, argc<F>(2));
  const Scalar slope = a.scalar(1);
  runAct<F>(a, "leaky_relu", [&]<typename T>(T) {
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
template <Form F>
void k_hardtanh(Stack& s) {
  Args a(s, argc<F>(3));
  Tensor self = a.tensor(0);
  Tensor out = hardtanh(self, a.scalar(1), a.scalar(2), destination<F>(a));
  a.ret(std::move(out));
}
template <Form F>
void k_relu6(Stack& s) {
  Args a(s, argc<F>(1));
  Tensor self = a.tensor(0);
  Tensor out = hardtanh(self, 0, 6, destination<F>(a));
  a.ret(std::move(out));
}
template <Form F>
void k_hardsigmoid(Stack& s) {
  Args a(s, argc<F>(1));
  runAct<F>(a, "hardsigmoid", []<typename T>(T) {
    return [](T x) { return std::min(std::max(x + T(3), T(0)), T(6)) / T(6); };
  });
}
template <Form F>
void k_hardswish(Stack& s) {
  Args a(s, argc<F>(1));
  runAct<F>(a, "hardswish", []<typename T>(T) {
    return [](T x) { return x * std::min(std::max(x + T(3), T(0)), T(6)) / T(6); };
  });
}
template <Form F>
void k_log_sigmoid(Stack& s) {
  Args a(s, argc<F>(1));
  // log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)).
  runAct<F>(a, "log_sigmoid", []<typename T>(T) {
    return [](T x) { return std::min(x, T(0)) - std::log1p(std::exp(-std::fabs(x))); };
  });
}
template <Form F>
void k_softshrink(Stack& s) {
  Args a(s, argc<F>(2));
  const Scalar lambd = a.scalar(1);
  JS_CHECK(lambd.toDouble() >= 0, "lambda must be greater or equal to 0, but found to be ", lambd.toDouble(), ".");
  runAct<F>(a, "softshrink", [&]<typename T>(T) {
    const T l = sc<T>(lambd);
    return [l](T x) { return x > l ? x - l : (x < -l ? x + l : T(0)); };
  });
}
template <Form F>
void k_hardshrink(Stack& s) {
  Args a(s, argc<F>(2));
  const Scalar lambd = a.scalar(1);
  runAct<F>(a, "hardshrink", [&]<typename T>(T) {
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
template <Form F>
void k_threshold(Stack& s) {
  Args a(s, argc<F>(3));
  // threshold is a binary op in PyTorch: its out= casts to out's dtype.
  Tensor dest = F == Form::Out ? a.tensor(3) : destination<F>(a);
  a.ret(threshold(a.tensor(0), a.scalar(1), a.scalar(2), dest));
}
// rrelu in training: each negative element gets its own slope drawn
// uniformly from [lower, upper].
template <Form F>
void rreluTrain(Args& a) {
  Tensor self = a.tensor(0);
  const double lower = a.scalar(1).toDouble(), upper = a.scalar(2).toDouble();
  JS_CHECK(isFloatingType(self.dtype()), "rrelu: expected a floating point tensor, got ", scalarTypeName(self.dtype()));
  JS_CHECK(a.isNone(4), "explicit Generator arguments are not supported; pass None");
  Tensor x = self.to(ScalarType::Double, true).contiguous();
  std::vector<double> u = uniformSamples(x.numel());
  double* p = x.data<double>();
  for (int64_t i = 0; i < x.numel(); ++i)
    if (p[i] < 0) p[i] *= lower + (upper - lower) * u[static_cast<size_t>(i)];
  Tensor r = x.to(self.dtype());
  if (F == Form::InPlace) {
    self.copy_(r);
    r = self;
  }
  a.ret(std::move(r));
}
// rrelu in inference: a leaky relu with the mean slope (lower + upper) / 2.
template <Form F>
void k_rrelu(Stack& s) {
  Args a(s, argc<F>(5));
  if (a.toBool(3)) {
    rreluTrain<F>(a);
    return;
  }
  const double slope = (a.scalar(1).toDouble() + a.scalar(2).toDouble()) / 2;
  runAct<F>(a, "rrelu", [slope]<typename T>(T) {
    const T sl = static_cast<T>(slope);
    return [sl](T x) { return x >= T(0) ? x : x * sl; };
  });
}
// glu(x) = a * sigmoid(b) with x split in halves along dim.
void k_glu(Stack& s) {
  Args a(s, 2);
  const Tensor& x = a.tensor(0);
  JS_CHECK(x.dim() > 0, "glu does not support scalars because halving size must be even");
  const int64_t d = maybe_wrap_dim(a.toInt(1), x.dim());
  JS_CHECK(x.size(d) % 2 == 0, "Halving dimension must be even, but dimension ", d, " is size ", x.size(d));
  const int64_t h = x.size(d) / 2;
  Tensor first = x.narrow(d, 0, h), second = x.narrow(d, h, h);
  Tensor out;
  TensorIterator it = binaryIter(out, first, second, Promotion::Common, "glu");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "glu", [&] {
    binaryLoop<scalar_t>(it, [](auto p, auto q) { return p / (decltype(q)(1) + std::exp(-q)); });
  });
  a.ret(std::move(out));
}
// prelu: per-channel (dim 1) or single negative slope.
void k_prelu(Stack& s) {
  Args a(s, 2);
  const Tensor& x = a.tensor(0);
  const Tensor& w = a.tensor(1);
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
  a.ret(std::move(out));
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

template <bool I, Drop K = Drop::Plain>
void k_dropout(Stack& s) {
  Args a(s, 3);
  const double p = a.toDouble(1);
  JS_CHECK(p >= 0 && p <= 1, "dropout probability has to be between 0 and 1, but got ", p);
  Tensor self = a.tensor(0);
  if (!a.toBool(2) || p == 0 || self.numel() == 0) {
    a.ret(I ? self : self.clone());
    return;
  }
  Tensor r = dropoutTrain(self, p, K);
  if (I) {
    self.copy_(r);
    r = self;
  }
  a.ret(std::move(r));
}

const OpEntry kActivationOps[] = {
    {"aten::gelu(Tensor self, *, str approximate=\"none\") -> Tensor", k_gelu<Form::Functional>,
     "Gaussian error linear unit (exact or tanh approximation)."},
    {"aten::gelu_(Tensor(a!) self, *, str approximate=\"none\") -> Tensor(a!)",
     k_gelu<Form::InPlace>, "In-place gelu."},
    {"aten::silu(Tensor self) -> Tensor", k_silu<Form::Functional>, "x * sigmoid(x)."},
    {"aten::silu_(Tensor(a!) self) -> Tensor(a!)", k_silu<Form::InPlace>, "In-place silu."},
    {"aten::mish(Tensor self) -> Tensor", k_mish<Form::Functional>, "x * tanh(softplus(x))."},
    {"aten::mish_(Tensor(a!) self) -> Tensor(a!)", k_mish<Form::InPlace>, "In-place mish."},
    {"aten::softplus(Tensor self, Scalar beta=1, Scalar threshold=20) -> Tensor", k_softplus<Form::Functional>,
     "log(1 + exp(beta x)) / beta, linear above threshold."},
    {"aten::elu(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor", k_elu<Form::Functional>,
     "Exponential linear unit."},
    {"aten::elu_(Tensor(a!) self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1) -> Tensor(a!)",
     k_elu<Form::InPlace>, "In-place elu."},
    {"aten::selu(Tensor self) -> Tensor", k_selu<Form::Functional>, "Scaled exponential linear unit."},
    {"aten::selu_(Tensor(a!) self) -> Tensor(a!)", k_selu<Form::InPlace>, "In-place selu."},
    {"aten::celu(Tensor self, Scalar alpha=1.) -> Tensor",
     k_celu<Form::Functional>, "Continuously differentiable elu."},
    {"aten::celu_(Tensor(a!) self, Scalar alpha=1.) -> Tensor(a!)", k_celu<Form::InPlace>, "In-place celu."},
    {"aten::leaky_relu(Tensor self, Scalar negative_slope=0.01) -> Tensor", k_leaky_relu<Form::Functional>,
     "x for x > 0, else negative_slope * x."},
    {"aten::leaky_relu_(Tensor(a!) self, Scalar negative_slope=0.01) -> Tensor(a!)", k_leaky_relu<Form::InPlace>,
     "In-place leaky_relu."},
    {"aten::hardtanh(Tensor self, Scalar min_val=-1, Scalar max_val=1) -> Tensor", k_hardtanh<Form::Functional>,
     "Clamps to [min_val, max_val]."},
    {"aten::hardtanh_(Tensor(a!) self, Scalar min_val=-1, Scalar max_val=1) -> Tensor(a!)", k_hardtanh<Form::InPlace>,
     "In-place hardtanh."},
    {"aten::relu6(Tensor self) -> Tensor", k_relu6<Form::Functional>, "Clamps to [0, 6]."},
    {"aten::relu6_(Tensor(a!) self) -> Tensor(a!)", k_relu6<Form::InPlace>, "In-place relu6."},
    {"aten::hardsigmoid(Tensor self) -> Tensor", k_hardsigmoid<Form::Functional>, "Piecewise-linear sigmoid."},
    {"aten::hardsigmoid_(Tensor(a!) self) -> Tensor(a!)", k_hardsigmoid<Form::InPlace>, "In-place hardsigmoid."},
    {"aten::hardswish(Tensor self) -> Tensor", k_hardswish<Form::Functional>, "x * hardsigmoid(x)."},
    {"aten::hardswish_(Tensor(a!) self) -> Tensor(a!)", k_hardswish<Form::InPlace>, "In-place hardswish."},
    {"aten::log_sigmoid(Tensor self) -> Tensor", k_log_sigmoid<Form::Functional>, "log(sigmoid(x)), computed stably."},
    {"aten::softshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
     k_softshrink<Form::Functional>, "Shrinks toward 0 by lambd."},
    {"aten::hardshrink(Tensor self, Scalar lambd=0.5) -> Tensor",
     k_hardshrink<Form::Functional>, "Zero inside [-lambd, lambd]."},
    {"aten::threshold(Tensor self, Scalar threshold, Scalar value) -> Tensor", k_threshold<Form::Functional>,
     "value where x <= threshold, else x."},
    {"aten::threshold_(Tensor(a!) self, Scalar threshold, Scalar value) -> Tensor(a!)", k_threshold<Form::InPlace>,
     "In-place threshold."},
    {"aten::rrelu(Tensor self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, Generator? "
     "generator=None) -> Tensor",
     k_rrelu<Form::Functional>, "Randomized leaky relu (inference: mean slope)."},
    {"aten::rrelu_(Tensor(a!) self, Scalar lower=0.125, Scalar upper=0.33333333333333331, bool training=False, "
     "Generator? generator=None) -> Tensor(a!)",
     k_rrelu<Form::InPlace>, "In-place rrelu."},
    {"aten::glu(Tensor self, int dim=-1) -> Tensor", k_glu, "Gated linear unit: first half * sigmoid(second half)."},
    {"aten::prelu(Tensor self, Tensor weight) -> Tensor", k_prelu, "leaky relu with learned per-channel slopes."},
    {"aten::dropout(Tensor input, float p, bool train) -> Tensor",
     k_dropout<false>, "Dropout (identity in inference)."},
    {"aten::dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)", k_dropout<true>, "In-place dropout."},
    {"aten::feature_dropout(Tensor input, float p, bool train) -> Tensor", k_dropout<false, Drop::Feature>,
     "Channel dropout (identity in inference)."},
    {"aten::feature_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)", k_dropout<true, Drop::Feature>,
     "In-place feature_dropout."},
    {"aten::alpha_dropout(Tensor input, float p, bool train) -> Tensor", k_dropout<false, Drop::Alpha>,
     "Alpha dropout (identity in inference)."},
    {"aten::alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)", k_dropout<true, Drop::Alpha>,
     "In-place alpha_dropout."},
    {"aten::feature_alpha_dropout(Tensor input, float p, bool train) -> Tensor", k_dropout<false, Drop::FeatureAlpha>,
     "Channel alpha dropout (identity in inference)."},
    {"aten::feature_alpha_dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
     k_dropout<true, Drop::FeatureAlpha>,
     "In-place feature_alpha_dropout."},
    // out= forms: the same kernels writing into `out`.
    {"aten::gelu.out(Tensor self, *, str approximate=\"none\", Tensor(a!) out) -> Tensor(a!)",
     k_gelu<Form::Out>, "gelu into out."},
    {"aten::silu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     k_silu<Form::Out>, "silu into out."},
    {"aten::mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     k_mish<Form::Out>, "mish into out."},
    {"aten::softplus.out(Tensor self, Scalar beta=1, Scalar threshold=20, *, Tensor(a!) out) -> Tensor(a!)",
     k_softplus<Form::Out>, "softplus into out."},
    {"aten::elu.out(Tensor self, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, Tensor(a!) out) -> "
     "Tensor(a!)",
     k_elu<Form::Out>, "elu into out."},
    {"aten::leaky_relu.out(Tensor self, Scalar negative_slope=0.01, *, Tensor(a!) out) -> Tensor(a!)",
     k_leaky_relu<Form::Out>, "leaky_relu into out."},
    {"aten::hardtanh.out(Tensor self, Scalar min_val=-1, Scalar max_val=1, *, Tensor(a!) out) -> Tensor(a!)",
     k_hardtanh<Form::Out>, "hardtanh into out."},
    {"aten::hardsigmoid.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     k_hardsigmoid<Form::Out>, "hardsigmoid into out."},
    {"aten::hardswish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
     k_hardswish<Form::Out>, "hardswish into out."},
    {"aten::softshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
     k_softshrink<Form::Out>, "softshrink into out."},
    {"aten::hardshrink.out(Tensor self, Scalar lambd=0.5, *, Tensor(a!) out) -> Tensor(a!)",
     k_hardshrink<Form::Out>, "hardshrink into out."},
    {"aten::threshold.out(Tensor self, Scalar threshold, Scalar value, *, Tensor(a!) out) -> Tensor(a!)",
     k_threshold<Form::Out>, "threshold into out."},
};

}  // namespace

void registerActivationOps(OperatorRegistry& registry) { registerOpEntries(registry, kActivationOps); }

}  // namespace jitserve::ops
