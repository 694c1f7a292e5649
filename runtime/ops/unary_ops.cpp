// Elementwise unary math: exp/log families, trigonometric and hyperbolic
// functions, rounding, sign/abs/neg, special functions (erf, lgamma,
// digamma, i0, ...), predicates (isnan, signbit, ...) and logical/bitwise not.
//
// Float-valued functions promote integer inputs to the default float dtype
// (torch's int_to_float rule); rounding, abs, neg and sign keep the dtype.
// The simple float functions are one X-macro table, so adding one is a line.
#include "runtime/ops/unary_ops.h"
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/ops/complex_math.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/scalar_math.h"
#include "runtime/ops/vec_math.h"

namespace jitserve::ops {
namespace {

// ndtr(x) = P(N(0,1) <= x).
template <typename T>
T ndtr(T x) {
  return static_cast<T>(0.5 * std::erfc(-static_cast<double>(x) * 0.70710678118654752440));
}

// exp(x^2) * erfc(x), without the overflow/underflow of the naive product.
template <typename T>
T erfcx(T xin) {
  const double x = static_cast<double>(xin);
  if (x < 25) return static_cast<T>(std::exp(x * x) * std::erfc(x));
  // Asymptotic series 1/(x sqrt(pi)) * (1 - 1/(2x^2) + 3/(4x^4) - 15/(8x^6)).
  const double z = 1 / (x * x);
  return static_cast<T>(0.56418958354775628695 / x * (1 - 0.5 * z + 0.75 * z * z - 1.875 * z * z * z));
}

template <typename T>
T logNdtr(T xin) {
  const double x = static_cast<double>(xin);
  if (x > -1) return static_cast<T>(std::log1p(-0.5 * std::erfc(x * 0.70710678118654752440)));
  // log(0.5 * erfc(-x/sqrt2)) = log(0.5 * erfcx(t)) - t^2 with t = -x/sqrt2.
  const double t = -x * 0.70710678118654752440;
  return static_cast<T>(std::log(0.5 * erfcx(t)) - t * t);
}

// Inverse of ndtr: an erfinv-based guess polished by Newton steps on ndtr,
// which stays accurate in the tails where 2p - 1 loses digits.
template <typename T>
T ndtri(T pin) {
  const double p = static_cast<double>(pin);
  if (std::isnan(p) || p < 0 || p > 1) return std::numeric_limits<T>::quiet_NaN();
  if (p == 0) return -std::numeric_limits<T>::infinity();
  if (p == 1) return std::numeric_limits<T>::infinity();
  double x = p < 1e-3 ? -std::sqrt(-2 * std::log(p)) : 1.41421356237309504880 * math::erfinv(2 * p - 1);
  for (int i = 0; i < 6; ++i) {
    const double pdf = 0.39894228040143267794 * std::exp(-0.5 * x * x);
    if (pdf == 0) break;
    const double step = (0.5 * std::erfc(-x * 0.70710678118654752440) - p) / pdf;
    x -= step;
    if (std::fabs(step) < 1e-16 * std::fabs(x)) break;
  }
  return static_cast<T>(x);
}

template <typename T>
T entr(T x) {
  if (std::isnan(x)) return x;
  if (x > 0) return -x * std::log(x);
  if (x == 0) return T(0);
  return -std::numeric_limits<T>::infinity();
}

// Modified Bessel functions through libstdc++'s special math, with the
// exponentially scaled forms computed in double.
template <typename T>
T besselI1(T x) {
  const double d = static_cast<double>(x);
  const double v = std::cyl_bessel_i(1.0, std::fabs(d));
  return static_cast<T>(d < 0 ? -v : v);
}
template <typename T>
T besselI0e(T x) {
  const double a = std::fabs(static_cast<double>(x));
  return static_cast<T>(std::exp(-a) * static_cast<double>(math::i0(a)));
}
template <typename T>
T besselI1e(T x) {
  const double d = static_cast<double>(x);
  const double a = std::fabs(d);
  const double v = std::exp(-a) * std::cyl_bessel_i(1.0, a);
  return static_cast<T>(d < 0 ? -v : v);
}

template <typename T>
T angleReal(T x) {
  if (std::isnan(x)) return x;
  return x < 0 ? math::kPi<T> : T(0);
}

// ---- the simple float functions: name, expression in x (of the arithmetic
// type T: float for float/Half/BFloat16, double for double), doc ----
#define JS_FLOAT_UNARY_OPS(_)                                                                           \
  _(exp, std::exp(x), "e^x.")                                                                           \
  _(exp2, std::exp2(x), "2^x.")                                                                         \
  _(expm1, std::expm1(x), "e^x - 1, accurate near 0.")                                                  \
  _(log, std::log(x), "Natural logarithm.")                                                             \
  _(log2, std::log2(x), "Base-2 logarithm.")                                                            \
  _(log10, std::log10(x), "Base-10 logarithm.")                                                         \
  _(log1p, std::log1p(x), "log(1 + x), accurate near 0.")                                               \
  _(sqrt, std::sqrt(x), "Square root.")                                                                 \
  _(rsqrt, T(1) / std::sqrt(x), "1 / sqrt(x).")                                                        \
  _(sin, std::sin(x), "Sine.")                                                                          \
  _(cos, std::cos(x), "Cosine.")                                                                        \
  _(tan, std::tan(x), "Tangent.")                                                                       \
  _(asin, std::asin(x), "Arcsine.")                                                                     \
  _(acos, std::acos(x), "Arccosine.")                                                                   \
  _(atan, std::atan(x), "Arctangent.")                                                                  \
  _(sinh, std::sinh(x), "Hyperbolic sine.")                                                             \
  _(cosh, std::cosh(x), "Hyperbolic cosine.")                                                           \
  _(tanh, std::tanh(x), "Hyperbolic tangent.")                                                          \
  _(asinh, std::asinh(x), "Inverse hyperbolic sine.")                                                   \
  _(acosh, std::acosh(x), "Inverse hyperbolic cosine.")                                                 \
  _(atanh, std::atanh(x), "Inverse hyperbolic tangent.")                                                \
  _(sigmoid, math::sigmoid(x), "Logistic function 1 / (1 + e^-x).")                                     \
  _(erf, std::erf(x), "Error function.")                                                                \
  _(erfc, std::erfc(x), "Complementary error function.")                                                \
  _(erfinv, math::erfinv(x), "Inverse error function.")                                                 \
  _(lgamma, std::lgamma(x), "log |Gamma(x)|.")                                                          \
  _(digamma, math::digamma(x), "Logarithmic derivative of Gamma.")                                      \
  _(i0, math::i0(x), "Modified Bessel function of the first kind, order 0.")                            \
  _(sinc, math::sinc(x), "Normalized sinc: sin(pi x) / (pi x).")                                        \
  _(reciprocal, T(1) / x, "1 / x.")                                                                     \
  _(deg2rad, x*(math::kPi<T> / T(180)), "Degrees to radians.")                                          \
  _(rad2deg, x*(T(180) / math::kPi<T>), "Radians to degrees.")

// Aliases and special_ names sharing a functor: alias, target.
#define JS_FLOAT_UNARY_ALIASES(_) \
  _(arcsin, asin)                 \
  _(arccos, acos)                 \
  _(arctan, atan)                 \
  _(arcsinh, asinh)               \
  _(arccosh, acosh)               \
  _(arctanh, atanh)               \
  _(special_expit, sigmoid)       \
  _(special_exp2, exp2)           \
  _(special_expm1, expm1)         \
  _(special_erf, erf)             \
  _(special_erfc, erfc)           \
  _(special_erfinv, erfinv)       \
  _(special_gammaln, lgamma)      \
  _(special_digamma, digamma)     \
  _(special_psi, digamma)         \
  _(special_i0, i0)               \
  _(special_log1p, log1p)         \
  _(special_sinc, sinc)

// Functions without in-place forms in PyTorch.
#define JS_FLOAT_UNARY_SPECIAL(_)                                                                       \
  _(special_entr, entr(x), "-x log x (entropy term).")                                                  \
  _(special_ndtr, ndtr(x), "Standard normal CDF.")                                                      \
  _(special_ndtri, ndtri(x), "Inverse of the standard normal CDF.")                                     \
  _(special_log_ndtr, logNdtr(x), "log of the standard normal CDF.")                                    \
  _(special_erfcx, erfcx(x), "Scaled complementary error function exp(x^2) erfc(x).")                   \
  _(special_i0e, besselI0e(x), "Exponentially scaled I0: exp(-|x|) I0(x).")                             \
  _(special_i1, besselI1(x), "Modified Bessel function of the first kind, order 1.")                    \
  _(special_i1e, besselI1e(x), "Exponentially scaled I1.")

#define JS_DEFINE_FUNCTOR(name, expr, doc) \
  struct F_##name {                        \
    static constexpr const char* kName = #name; \
    template <typename T>                  \
    T operator()(T x) const {              \
      return static_cast<T>(expr);         \
    }                                      \
  };
JS_FLOAT_UNARY_OPS(JS_DEFINE_FUNCTOR)
JS_FLOAT_UNARY_SPECIAL(JS_DEFINE_FUNCTOR)
JS_DEFINE_FUNCTOR(angle, angleReal(x), "")
#undef JS_DEFINE_FUNCTOR

// The functions above that PyTorch also computes on complex numbers, with
// the complex expression in z (std::complex<float> or <double>); the others
// reject complex inputs as PyTorch does ("\"exp2\" not implemented for
// 'ComplexFloat'").
#define JS_COMPLEX_UNARY_OPS(_)    \
  _(exp, std::exp(z))              \
  _(log, std::log(z))              \
  _(log2, cmath::log2(z))          \
  _(log10, std::log10(z))          \
  _(sqrt, std::sqrt(z))            \
  _(rsqrt, cmath::rsqrt(z))        \
  _(sin, std::sin(z))              \
  _(cos, std::cos(z))              \
  _(tan, std::tan(z))              \
  _(asin, std::asin(z))            \
  _(acos, std::acos(z))            \
  _(atan, std::atan(z))            \
  _(sinh, std::sinh(z))            \
  _(cosh, std::cosh(z))            \
  _(tanh, std::tanh(z))            \
  _(asinh, std::asinh(z))          \
  _(acosh, std::acosh(z))          \
  _(atanh, std::atanh(z))          \
  _(sigmoid, cmath::sigmoid(z))    \
  _(sinc, cmath::sinc(z))          \
  _(reciprocal, cmath::reciprocal(z))

template <typename F>
struct ComplexFn {
  static constexpr bool kDefined = false;
};
#define JS_DEFINE_COMPLEX_FN(name, expr)       \
  template <>                                  \
  struct ComplexFn<F_##name> {                 \
    static constexpr bool kDefined = true;     \
    template <typename Z>                      \
    Z operator()(Z z) const {                  \
      return expr;                             \
    }                                          \
  };
JS_COMPLEX_UNARY_OPS(JS_DEFINE_COMPLEX_FN)
#undef JS_DEFINE_COMPLEX_FN

[[noreturn]] void notImplementedFor(const char* name, ScalarType t) {
  JS_ERROR("\"", name, "\" not implemented for '", scalarTypeName(t), "'");
}

// The SIMD float32 kernel for F (vec_math.h), where there is one.
template <typename F>
vec::UnaryArrayFn vecKernel() {
  const vec::FloatKernels* k = vec::floatKernels();
  if (!k) return nullptr;
#define JS_VEC_PICK(name) \
  if constexpr (std::is_same_v<F, F_##name>) return k->name;
  JS_VEC_UNARY_FUNCTIONS(JS_VEC_PICK)
#undef JS_VEC_PICK
  return nullptr;
}

template <typename F, typename scalar_t>
void floatUnaryLoop(TensorIterator& it) {
  if constexpr (!cmath::is_complex_v<scalar_t>) unaryLoop<scalar_t>(it, F{});
  else if constexpr (ComplexFn<F>::kDefined) unaryLoop<scalar_t>(it, ComplexFn<F>{});
  else notImplementedFor(F::kName, it.input_dtype(0));
}

// out = F(self) in floating point (integers promote to the default dtype).
template <typename F>
Tensor floatUnary(const Tensor& self, Tensor out = {}) {
  TensorIterator it = unaryIter(out, self, Promotion::IntToFloat, F::kName);
  if (vec::UnaryArrayFn fn = vecKernel<F>(); fn && vec::unaryFloat(it, fn)) return out;
  JS_DISPATCH_FLOATING_AND_COMPLEX_TYPES(it.input_dtype(0), F::kName, [&] { floatUnaryLoop<F, scalar_t>(it); });
  return out;
}

// The three forms of a unary kernel `Tensor f(const Tensor& self, Tensor out)`
// that computes into out (a new tensor when out is undefined): functional,
// in place (self is out), and out=.
using UnaryInto = Tensor (*)(const Tensor&, Tensor);
template <UnaryInto F>
Tensor functional(const Tensor& self) {
  return F(self, Tensor());
}
template <UnaryInto F>
Tensor inplace(Tensor self) {
  return F(self, self);
}
template <UnaryInto F>
Tensor into(const Tensor& self, Tensor out) {
  return F(self, std::move(out));
}

// ---- dtype-preserving functions ----

enum class Keep { Abs, Neg, Sign, Square, Floor, Ceil, Round, Trunc, Frac, Relu };

template <Keep K>
constexpr const char* keepName() {
  switch (K) {
    case Keep::Abs: return "abs";
    case Keep::Neg: return "neg";
    case Keep::Sign: return "sign";
    case Keep::Square: return "square";
    case Keep::Floor: return "floor";
    case Keep::Ceil: return "ceil";
    case Keep::Round: return "round";
    case Keep::Trunc: return "trunc";
    case Keep::Frac: return "frac_cpu";
    case Keep::Relu: return "relu";
  }
  return "";
}

template <Keep K, typename scalar_t>
void keepLoop(TensorIterator& it) {
  using acc_t = opmath_t<scalar_t>;
  constexpr bool integral = std::is_integral_v<scalar_t>;
  // Integers wrap (math::wrapSub/wrapMul): -INT64_MIN is INT64_MIN, as in
  // PyTorch, not undefined.
  if constexpr (K == Keep::Abs) {
    // Floats clear the sign bit: abs(-0.0) is +0.0, and the loop stays
    // branch-free (a compare and a select per element ran 20x slower on
    // random signs).
    if constexpr (std::is_unsigned_v<scalar_t>) unaryLoop<scalar_t>(it, [](acc_t x) { return x; });
    else if constexpr (integral) unaryLoop<scalar_t>(it, [](acc_t x) { return x < 0 ? math::wrapSub(acc_t(0), x) : x; });
    else unaryLoop<scalar_t>(it, [](acc_t x) { return std::abs(x); });
  } else if constexpr (K == Keep::Neg) {
    // Floats negate with -x: 0 - x would turn -0.0 into +0.0.
    if constexpr (integral) unaryLoop<scalar_t>(it, [](acc_t x) { return math::wrapSub(acc_t(0), x); });
    else unaryLoop<scalar_t>(it, [](acc_t x) { return -x; });
  } else if constexpr (K == Keep::Sign) {
    if constexpr (std::is_same_v<scalar_t, bool>) unaryLoop<scalar_t>(it, [](bool x) { return x; });
    else unaryLoop<scalar_t>(it, [](acc_t x) { return math::sign(x); });
  } else if constexpr (K == Keep::Square) {
    if constexpr (cmath::is_complex_v<scalar_t>) unaryLoop<scalar_t>(it, [](acc_t x) { return cmath::mul(x, x); });
    else unaryLoop<scalar_t>(it, [](acc_t x) { return math::wrapMul(x, x); });
  } else if constexpr (K == Keep::Relu) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return x > acc_t(0) ? x : (x != x ? x : acc_t(0)); });
  } else if constexpr (integral) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return x; });  // rounding an integer is the identity
  } else if constexpr (K == Keep::Floor) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return std::floor(x); });
  } else if constexpr (K == Keep::Ceil) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return std::ceil(x); });
  } else if constexpr (K == Keep::Round) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return std::nearbyint(x); });
  } else if constexpr (K == Keep::Trunc) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return std::trunc(x); });
  } else if constexpr (K == Keep::Frac) {
    unaryLoop<scalar_t>(it, [](acc_t x) { return x - std::trunc(x); });
  }
}

// |z| and arg(z) of complex tensors, in the parts' real dtype.
Tensor complexAbs(const Tensor& self, Tensor out = {}) {
  TensorIterator it = complexToRealIter(out, self, "abs");
  JS_DISPATCH_COMPLEX_TYPES(self.dtype(), "abs", [&] {
    using real_t = typename scalar_t::value_type;
    cpu_kernel(it, [](scalar_t z) -> real_t { return std::hypot(z.real(), z.imag()); });
  });
  return out;
}
Tensor complexAngle(const Tensor& self, Tensor out = {}) {
  TensorIterator it = complexToRealIter(out, self, "angle");
  JS_DISPATCH_COMPLEX_TYPES(self.dtype(), "angle", [&] {
    using real_t = typename scalar_t::value_type;
    cpu_kernel(it, [](scalar_t z) -> real_t { return std::atan2(z.imag(), z.real()); });
  });
  return out;
}

// What PyTorch says for the dtype-keeping functions it does not define on
// complex numbers.
template <Keep K>
void rejectComplex(ScalarType dt) {
  if (!isComplexType(dt)) return;
  switch (K) {
    case Keep::Sign:
      JS_ERROR("Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
    case Keep::Floor:
    case Keep::Ceil:
    case Keep::Trunc: JS_ERROR(keepName<K>(), " is not supported for complex inputs");
    case Keep::Relu: JS_ERROR("clamp is not supported for complex types");
    case Keep::Round: notImplementedFor("round_vml_cpu", dt);
    case Keep::Frac: notImplementedFor("frac_cpu", dt);
    default: break;
  }
}

template <Keep K>
Tensor keepUnary(const Tensor& self, Tensor out = {}) {
  constexpr const char* name = keepName<K>();
  const ScalarType dt = self.dtype();
  if constexpr (K == Keep::Abs) {
    if (isComplexType(dt)) {
      JS_CHECK(!out.is_same(self), "In-place abs is not supported for complex tensors.");
      return complexAbs(self, std::move(out));
    }
  }
  rejectComplex<K>(dt);
  if constexpr (K == Keep::Neg)
    JS_CHECK(dt != ScalarType::Bool,
             "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
             "the `~` or `logical_not()` operator instead.");
  if constexpr (K == Keep::Frac) JS_CHECK(isFloatingType(dt), "\"frac_cpu\" not implemented for '", scalarTypeName(dt), "'");
  // square(bool) is pow(bool, 2): integer arithmetic.
  const Tensor in = (K == Keep::Square && dt == ScalarType::Bool) ? self.to(ScalarType::Long) : self;
  TensorIterator it = unaryIter(out, in, Promotion::Common, name);
  if constexpr (K == Keep::Sign) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(it.input_dtype(0), name, [&] { keepLoop<K, scalar_t>(it); });
  } else if constexpr (K == Keep::Neg || K == Keep::Square) {
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX(it.input_dtype(0), name, [&] { keepLoop<K, scalar_t>(it); });
  } else {
    JS_DISPATCH_ALL_TYPES(it.input_dtype(0), name, [&] { keepLoop<K, scalar_t>(it); });
  }
  return out;
}

// out= keeps the input's dtype exactly (PyTorch builds these ops without
// casting to the output); relu's out= form is generated from the functional
// one, so any out dtype takes the converted result.
template <Keep K>
Tensor keepOut(const Tensor& self, Tensor out) {
  ScalarType rt = K == Keep::Square && self.dtype() == ScalarType::Bool ? ScalarType::Long : self.dtype();
  if (K == Keep::Abs) rt = toRealValueType(rt);  // |z| is real
  if constexpr (K == Keep::Relu) {
    if (out.dtype() != rt) {
      copyToOut(out, keepUnary<K>(self));
      return out;
    }
  }
  checkOutDtype(out, rt);
  return keepUnary<K>(self, std::move(out));
}

// round(x, decimals)
Tensor roundDecimals(const Tensor& self, int64_t decimals, Tensor out = {}) {
  TensorIterator it = unaryIter(out, self, Promotion::Common, "round");
  JS_DISPATCH_ALL_TYPES(it.input_dtype(0), "round", [&] {
    using acc_t = opmath_t<scalar_t>;
    if (isIntegralType(it.input_dtype(0), true)) {
      JS_CHECK(decimals == 0, "round_cpu not implemented for '", scalarTypeName(it.input_dtype(0)),
               "' with decimals != 0");
      unaryLoop<scalar_t>(it, [](acc_t x) { return x; });
    } else {
      unaryLoop<scalar_t>(it, [decimals](acc_t x) { return math::roundDecimals(x, decimals); });
    }
  });
  return out;
}
Tensor roundTo(const Tensor& self, int64_t decimals) { return roundDecimals(self, decimals); }

// sgn: z / |z| for complex tensors (0 at 0), sign for real ones.
Tensor sgn(const Tensor& self, Tensor out = {}) {
  if (!self.is_complex()) return keepUnary<Keep::Sign>(self, std::move(out));
  TensorIterator it = unaryIter(out, self, Promotion::Common, "sgn");
  JS_DISPATCH_COMPLEX_TYPES(it.input_dtype(0), "sgn", [&] { unaryLoop<scalar_t>(it, [](scalar_t z) { return cmath::sgn(z); }); });
  return out;
}

// angle: arg(z) for complex tensors (real result), pi or 0 for real ones.
Tensor angle(const Tensor& self, Tensor out = {}) {
  if (self.is_complex()) return complexAngle(self, std::move(out));
  return floatUnary<F_angle>(self, std::move(out));
}

// ---- predicates: Bool results ----

enum class Pred { IsNan, IsInf, IsFinite, IsPosInf, IsNegInf, SignBit, IsReal, LogicalNot };

// A predicate on complex numbers, from those on their parts.
template <Pred P, typename T>
bool complexPredicate(std::complex<T> z) {
  const T re = z.real(), im = z.imag();
  if constexpr (P == Pred::IsNan) return re != re || im != im;
  else if constexpr (P == Pred::IsInf) return std::isinf(re) || std::isinf(im);
  else if constexpr (P == Pred::IsFinite) return std::isfinite(re) && std::isfinite(im);
  else if constexpr (P == Pred::IsReal) return im == T(0);
  else if constexpr (P == Pred::LogicalNot) return re == T(0) && im == T(0);
  else return false;
}

template <Pred P>
Tensor predicate(const Tensor& self, Tensor out = {}) {
  TensorIterator it = unaryIter(out, self, Promotion::Compare, "predicate");
  if (isComplexType(it.input_dtype(0))) {
    if constexpr (P == Pred::IsPosInf || P == Pred::IsNegInf) {
      JS_ERROR(P == Pred::IsPosInf ? "isposinf" : "isneginf", " does not support complex inputs.");
    } else if constexpr (P == Pred::SignBit) {
      JS_ERROR("signbit is not implemented for complex tensors.");
    } else {
      JS_DISPATCH_COMPLEX_TYPES(it.input_dtype(0), "predicate", [&] {
        cpu_kernel(it, [](scalar_t z) -> bool { return complexPredicate<P>(z); });
      });
    }
    return out;
  }
  JS_DISPATCH_ALL_TYPES_AND_BOOL(it.input_dtype(0), "predicate", [&] {
    using acc_t = opmath_t<scalar_t>;
    constexpr bool fp = std::is_floating_point_v<acc_t>;
    predicateLoop<scalar_t>(it, [](acc_t x) -> bool {
      if constexpr (P == Pred::IsNan) return fp && x != x;
      else if constexpr (P == Pred::IsInf) return fp && (x == std::numeric_limits<acc_t>::infinity() || x == -std::numeric_limits<acc_t>::infinity());
      else if constexpr (P == Pred::IsFinite) return !fp || (x == x && x != std::numeric_limits<acc_t>::infinity() && x != -std::numeric_limits<acc_t>::infinity());
      else if constexpr (P == Pred::IsPosInf) return fp && x == std::numeric_limits<acc_t>::infinity();
      else if constexpr (P == Pred::IsNegInf) return fp && x == -std::numeric_limits<acc_t>::infinity();
      else if constexpr (P == Pred::SignBit) {
        // copysign rather than signbit: GCC 12 fails (ICE) vectorizing
        // signbit on BFloat16-widened floats.
        if constexpr (fp) return std::copysign(acc_t(1), x) < acc_t(0);
        else return x < acc_t(0);
      } else if constexpr (P == Pred::IsReal) return true;
      else return !static_cast<bool>(x);
    });
  });
  return out;
}

// ~x, and for bool !x (a template, so ~ is never compiled for bool).
template <typename T>
T bitwiseNotOf(T x) {
  if constexpr (std::is_same_v<T, bool>) return !x;
  else return static_cast<T>(~x);
}

Tensor bitwiseNot(const Tensor& self, Tensor out = {}) {
  TensorIterator it = unaryIter(out, self, Promotion::Common, "bitwise_not_cpu");
  JS_DISPATCH_INTEGRAL_TYPES_AND_BOOL(it.input_dtype(0), "bitwise_not_cpu", [&] {
    cpu_kernel(it, [](scalar_t x) -> scalar_t { return bitwiseNotOf(x); });
  });
  return out;
}

// ---- parameterized ----

Tensor logit(const Tensor& self, std::optional<double> eps, Tensor out = {}) {
  TensorIterator it = unaryIter(out, self, Promotion::IntToFloat, "logit");
  const double e = eps.value_or(-1.0);
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "logit", [&] {
    unaryLoop<scalar_t>(it, [e](opmath_t<scalar_t> x) { return math::logit(x, e); });
  });
  return out;
}
Tensor logitOf(const Tensor& self, std::optional<double> eps) { return logit(self, eps); }

Tensor nanToNum(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf, Tensor out = {}) {
  if (self.is_complex()) notImplementedFor("nan_to_num", self.dtype());
  if (!isFloatingType(self.dtype())) return out.defined() ? out.copy_(self) : self.clone();
  TensorIterator it = unaryIter(out, self, Promotion::Common, "nan_to_num");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "nan_to_num", [&] {
    using acc_t = opmath_t<scalar_t>;
    const acc_t n = static_cast<acc_t>(nan.value_or(0.0));
    const acc_t pi = posinf ? static_cast<acc_t>(*posinf) : static_cast<acc_t>(std::numeric_limits<scalar_t>::max());
    const acc_t ni = neginf ? static_cast<acc_t>(*neginf) : static_cast<acc_t>(std::numeric_limits<scalar_t>::lowest());
    unaryLoop<scalar_t>(it, [n, pi, ni](acc_t x) {
      if (x != x) return n;
      if (x == std::numeric_limits<acc_t>::infinity()) return pi;
      if (x == -std::numeric_limits<acc_t>::infinity()) return ni;
      return x;
    });
  });
  return out;
}

Tensor mvlgamma(const Tensor& self, int64_t p) {
  JS_CHECK(p >= 1, "p has to be greater than or equal to 1");
  Tensor out;
  TensorIterator it = unaryIter(out, self, Promotion::IntToFloat, "mvlgamma");
  const double bound = (static_cast<double>(p) - 1) / 2;
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "mvlgamma", [&] {
    using acc_t = opmath_t<scalar_t>;
    const double c = static_cast<double>(p) * (static_cast<double>(p) - 1) / 4 * std::log(math::kPi<double>);
    unaryLoop<scalar_t>(it, [p, c, bound](acc_t x) {
      if (!(static_cast<double>(x) > bound)) JS_ERROR("All elements must be greater than (p-1)/2");
      double r = c;
      for (int64_t j = 0; j < p; ++j) r += std::lgamma(static_cast<double>(x) - static_cast<double>(j) / 2);
      return static_cast<acc_t>(r);
    });
  });
  return out;
}

// frexp: mantissa in [0.5, 1) with the input's dtype, exponent as int32.
std::tuple<Tensor, Tensor> frexp(const Tensor& self) {
  JS_CHECK(isFloatingType(self.dtype()),
           "torch.frexp() only supports floating-point dtypes");
  Tensor src = self.contiguous();
  Tensor mant = empty(self.sizes(), self.dtype());
  Tensor expo = empty(self.sizes(), ScalarType::Int);
  JS_DISPATCH_FLOATING_TYPES(self.dtype(), "frexp", [&] {
    const scalar_t* in = src.data<scalar_t>();
    scalar_t* m = mant.data<scalar_t>();
    int32_t* e = expo.data<int32_t>();
    for (int64_t i = 0; i < src.numel(); ++i) {
      int ex = 0;
      m[i] = static_cast<scalar_t>(std::frexp(static_cast<opmath_t<scalar_t>>(in[i]), &ex));
      e[i] = ex;
    }
  });
  return {std::move(mant), std::move(expo)};
}

#define JS_FLOAT_ENTRIES(name, expr, doc)                                                                          \
  op<functional<floatUnary<F_##name>>>("aten::" #name "(Tensor self) -> Tensor", doc, kFusible),                   \
      op<inplace<floatUnary<F_##name>>>("aten::" #name "_(Tensor(a!) self) -> Tensor(a!)", "In-place " #name "."), \
      op<into<floatUnary<F_##name>>>("aten::" #name ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",          \
                                     #name " into out."),
#define JS_ALIAS_ENTRIES(alias, target) \
  op<functional<floatUnary<F_##target>>>("aten::" #alias "(Tensor self) -> Tensor", "Alias of " #target ".", kFusible),
#define JS_SPECIAL_ENTRIES(name, expr, doc) \
  op<functional<floatUnary<F_##name>>>("aten::" #name "(Tensor self) -> Tensor", doc, kFusible),
// A dtype-keeping function: functional, in place and out= (out's dtype checked).
#define JS_KEEP_ENTRIES(name, K, doc)                                                                      \
  op<functional<keepUnary<K>>>("aten::" #name "(Tensor self) -> Tensor", doc, kFusible),                   \
      op<inplace<keepUnary<K>>>("aten::" #name "_(Tensor(a!) self) -> Tensor(a!)", "In-place " #name "."), \
      op<keepOut<K>>("aten::" #name ".out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", #name " into out."),

}  // namespace

Tensor exp(const Tensor& self) { return floatUnary<F_exp>(self); }
Tensor log(const Tensor& self) { return floatUnary<F_log>(self); }
Tensor sqrt(const Tensor& self) { return floatUnary<F_sqrt>(self); }
Tensor abs(const Tensor& self) { return keepUnary<Keep::Abs>(self); }
Tensor neg(const Tensor& self) { return keepUnary<Keep::Neg>(self); }
Tensor isnan(const Tensor& self) { return predicate<Pred::IsNan>(self); }

const OpTable kUnaryOps = {
    JS_FLOAT_UNARY_OPS(JS_FLOAT_ENTRIES) JS_FLOAT_UNARY_ALIASES(JS_ALIAS_ENTRIES)
        JS_FLOAT_UNARY_SPECIAL(JS_SPECIAL_ENTRIES)
    op<functional<floatUnary<F_i0>>>("aten::special_modified_bessel_i0(Tensor self) -> Tensor", "Modified Bessel I0.",
                                     kFusible),
    op<functional<floatUnary<F_special_i1>>>("aten::special_modified_bessel_i1(Tensor self) -> Tensor",
                                             "Modified Bessel I1.", kFusible),
    op<functional<angle>>("aten::angle(Tensor self) -> Tensor",
                          "Argument: atan2(imag, real) of complex numbers (a real tensor); pi for negative reals, "
                          "else 0.",
                          kFusible),
    op<into<angle>>("aten::angle.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "angle into out."),
    JS_KEEP_ENTRIES(abs, Keep::Abs, "Absolute value.")
    op<functional<keepUnary<Keep::Abs>>>("aten::absolute(Tensor self) -> Tensor", "Alias of abs.", kFusible),
    JS_KEEP_ENTRIES(neg, Keep::Neg, "Negation.")
    op<functional<keepUnary<Keep::Neg>>>("aten::negative(Tensor self) -> Tensor", "Alias of neg.", kFusible),
    JS_KEEP_ENTRIES(sign, Keep::Sign, "-1, 0 or 1 by sign (NaN gives 0, as in PyTorch).")
    op<functional<sgn>>("aten::sgn(Tensor self) -> Tensor", "z / |z| for complex tensors (0 at 0); sign for real ones.",
                        kFusible),
    op<inplace<sgn>>("aten::sgn_(Tensor(a!) self) -> Tensor(a!)", "In-place sgn."),
    op<into<sgn>>("aten::sgn.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "sgn into out."),
    JS_KEEP_ENTRIES(square, Keep::Square, "x * x.")
    JS_KEEP_ENTRIES(floor, Keep::Floor, "Round toward negative infinity.")
    JS_KEEP_ENTRIES(ceil, Keep::Ceil, "Round toward positive infinity.")
    JS_KEEP_ENTRIES(round, Keep::Round, "Round half to even.")
    op<roundTo>("aten::round.decimals(Tensor self, *, int decimals) -> Tensor",
                "Round half to even at a decimal position.", kFusible),
    op<[](Tensor self, int64_t decimals) { return roundDecimals(self, decimals, self); }>(
        "aten::round_.decimals(Tensor(a!) self, *, int decimals) -> Tensor(a!)", "In-place round with decimals."),
    op<roundTo>("aten::special_round(Tensor self, *, int decimals=0) -> Tensor", "Alias of round.", kFusible),
    JS_KEEP_ENTRIES(trunc, Keep::Trunc, "Round toward zero.")
    op<functional<keepUnary<Keep::Trunc>>>("aten::fix(Tensor self) -> Tensor", "Alias of trunc.", kFusible),
    JS_KEEP_ENTRIES(frac, Keep::Frac, "x - trunc(x).")
    JS_KEEP_ENTRIES(relu, Keep::Relu, "max(x, 0).")
    op<functional<predicate<Pred::IsNan>>>("aten::isnan(Tensor self) -> Tensor", "True where NaN.", kFusible),
    op<functional<predicate<Pred::IsInf>>>("aten::isinf(Tensor self) -> Tensor", "True where +-inf.", kFusible),
    op<functional<predicate<Pred::IsFinite>>>("aten::isfinite(Tensor self) -> Tensor",
                                              "True where neither NaN nor inf.", kFusible),
    op<functional<predicate<Pred::IsPosInf>>>("aten::isposinf(Tensor self) -> Tensor", "True where +inf.", kFusible),
    op<functional<predicate<Pred::IsNegInf>>>("aten::isneginf(Tensor self) -> Tensor", "True where -inf.", kFusible),
    op<functional<predicate<Pred::SignBit>>>("aten::signbit(Tensor self) -> Tensor", "True where the sign bit is set.",
                                            kFusible),
    op<functional<predicate<Pred::IsReal>>>("aten::isreal(Tensor self) -> Tensor",
                                            "True where the imaginary part is 0.", kFusible),
    op<functional<predicate<Pred::LogicalNot>>>("aten::logical_not(Tensor self) -> Tensor", "Boolean not of x != 0.",
                                               kFusible),
    op<inplace<predicate<Pred::LogicalNot>>>("aten::logical_not_(Tensor(a!) self) -> Tensor(a!)",
                                            "In-place logical_not."),
    op<functional<bitwiseNot>>("aten::bitwise_not(Tensor self) -> Tensor", "Bitwise not (logical not for bool).",
                               kFusible),
    op<inplace<bitwiseNot>>("aten::bitwise_not_(Tensor(a!) self) -> Tensor(a!)", "In-place bitwise_not."),
    op<logitOf>("aten::logit(Tensor self, float? eps=None) -> Tensor", "log(x / (1 - x)), x clamped to [eps, 1-eps].",
                kFusible),
    op<[](Tensor self, std::optional<double> eps) { return logit(self, eps, self); }>(
        "aten::logit_(Tensor(a!) self, float? eps=None) -> Tensor(a!)", "In-place logit."),
    op<logitOf>("aten::special_logit(Tensor self, float? eps=None) -> Tensor", "Alias of logit.", kFusible),
    op<[](const Tensor& self, std::optional<double> nan, std::optional<double> posinf, std::optional<double> neginf) {
      return nanToNum(self, nan, posinf, neginf);
    }>("aten::nan_to_num(Tensor self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor",
       "Replaces NaN and infinities with finite values.", kFusible),
    op<[](Tensor self, std::optional<double> nan, std::optional<double> posinf, std::optional<double> neginf) {
      return nanToNum(self, nan, posinf, neginf, self);
    }>("aten::nan_to_num_(Tensor(a!) self, float? nan=None, float? posinf=None, float? neginf=None) -> Tensor(a!)",
       "In-place nan_to_num."),
    op<mvlgamma>("aten::mvlgamma(Tensor self, int p) -> Tensor", "Multivariate log-gamma of dimension p.", kFusible),
    op<mvlgamma>("aten::special_multigammaln(Tensor self, int p) -> Tensor", "Alias of mvlgamma.", kFusible),
    op<frexp>("aten::frexp.Tensor(Tensor self) -> (Tensor mantissa, Tensor exponent)",
              "Mantissa in [0.5, 1) and integer exponent.", kFusible),
};
#undef JS_FLOAT_ENTRIES
#undef JS_ALIAS_ENTRIES
#undef JS_SPECIAL_ENTRIES
#undef JS_KEEP_ENTRIES

}  // namespace jitserve::ops
