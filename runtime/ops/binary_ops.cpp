// Arithmetic binary operators: add/sub (with alpha), mul, div and its
// rounding modes, floor_divide, remainder, fmod, pow, float_power, atan2,
// hypot, maximum/minimum, fmax/fmin, copysign, xlogy, logaddexp, nextafter,
// heaviside, ldexp.
//
// Each op is one BinOp case of runKernel(); the functional, in-place and out=
// overloads and the Tensor/Scalar operand forms all go through binary<K>()
// and the iterator builders in elementwise.h, which apply PyTorch's type
// promotion (a Scalar operand promotes like a Python number).
#include "runtime/ops/binary_ops.h"
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <string_view>
#include <type_traits>

#include "runtime/ops/complex_math.h"
#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/scalar_math.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

enum class BinOp {
  Add,
  Sub,
  Mul,
  Div,
  DivTrunc,
  DivFloor,
  Remainder,
  Fmod,
  Pow,
  Atan2,
  Hypot,
  Maximum,
  Minimum,
  Fmax,
  Fmin,
  Copysign,
  Xlogy,
  Xlog1py,
  Logaddexp,
  Logaddexp2,
  Nextafter,
  Heaviside,
};

constexpr Promotion promotionOf(BinOp k) {
  switch (k) {
    case BinOp::Div:
    case BinOp::Atan2:
    case BinOp::Copysign:
    case BinOp::Xlogy:
    case BinOp::Xlog1py: return Promotion::IntToFloat;
    default: return Promotion::Common;
  }
}

constexpr const char* nameOf(BinOp k) {
  switch (k) {
    case BinOp::Add: return "add";
    case BinOp::Sub: return "sub";
    case BinOp::Mul: return "mul";
    case BinOp::Div: return "div";
    case BinOp::DivTrunc: return "div_trunc";
    case BinOp::DivFloor: return "div_floor";
    case BinOp::Remainder: return "remainder";
    case BinOp::Fmod: return "fmod";
    case BinOp::Pow: return "pow";
    case BinOp::Atan2: return "atan2";
    case BinOp::Hypot: return "hypot_cpu";
    case BinOp::Maximum: return "maximum";
    case BinOp::Minimum: return "minimum";
    case BinOp::Fmax: return "fmax";
    case BinOp::Fmin: return "fmin";
    case BinOp::Copysign: return "copysign";
    case BinOp::Xlogy: return "xlogy";
    case BinOp::Xlog1py: return "xlog1py";
    case BinOp::Logaddexp: return "logaddexp_cpu";
    case BinOp::Logaddexp2: return "logaddexp2_cpu";
    case BinOp::Nextafter: return "nextafter_cpu";
    case BinOp::Heaviside: return "heaviside";
  }
  return "binary op";
}

[[noreturn]] void zeroDivision() { JS_ERROR("ZeroDivisionError"); }

using math::wrapAdd;
using math::wrapMul;
using math::wrapSub;

template <typename T>
inline bool isNan(T v) {
  if constexpr (std::is_floating_point_v<T>) return v != v;
  else return false;
}

// Picks the integer or the floating op at compile time. (An `if constexpr`
// inside a dispatch lambda is not in a template, so both branches would be
// instantiated for every dtype.)
template <typename T, typename IntOp, typename FloatOp>
void intOrFloatLoop(TensorIterator& it, const IntOp& iop, const FloatOp& fop) {
  if constexpr (std::is_integral_v<T>) binaryLoop<T>(it, iop);
  else binaryLoop<T>(it, fop);
}

template <BinOp K>
void runKernel(TensorIterator& it) {
  const ScalarType dt = it.input_dtype(0);
  constexpr const char* name = nameOf(K);
  if constexpr (K == BinOp::Add) {
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) { return wrapAdd(a, b); });
    });
  } else if constexpr (K == BinOp::Sub) {
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) { return wrapSub(a, b); });
    });
  } else if constexpr (K == BinOp::Mul) {
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) {
        if constexpr (std::is_same_v<decltype(a), bool>) return a && b;
        else if constexpr (cmath::is_complex_v<decltype(a)>) return cmath::mul(a, b);
        else return wrapMul(a, b);
      });
    });
  } else if constexpr (K == BinOp::Div) {
    JS_DISPATCH_FLOATING_AND_COMPLEX_TYPES(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) {
        if constexpr (cmath::is_complex_v<decltype(a)>) return cmath::div(a, b);
        else return a / b;
      });
    });
  } else if constexpr (K == BinOp::DivTrunc) {
    JS_DISPATCH_ALL_TYPES(dt, name, [&] {
      if constexpr (std::is_integral_v<scalar_t>) {
        binaryLoop<scalar_t>(it, [](auto a, auto b) {
          if (b == 0) zeroDivision();
          return a / b;
        });
      } else {
        binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::trunc(a / b); });
      }
    });
  } else if constexpr (K == BinOp::DivFloor) {
    JS_DISPATCH_ALL_TYPES(dt, name, [&] {
      if constexpr (std::is_integral_v<scalar_t>) {
        binaryLoop<scalar_t>(it, [](auto a, auto b) {
          if (b == 0) zeroDivision();
          return math::floorDivInt(a, b);
        });
      } else {
        binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::floorDivFloat(a, b); });
      }
    });
  } else if constexpr (K == BinOp::Remainder) {
    JS_DISPATCH_ALL_TYPES(dt, name, [&] {
      if constexpr (std::is_integral_v<scalar_t>) {
        binaryLoop<scalar_t>(it, [](auto a, auto b) {
          if (b == 0) zeroDivision();
          return math::remainderInt(a, b);
        });
      } else {
        binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::remainderFloat(a, b); });
      }
    });
  } else if constexpr (K == BinOp::Fmod) {
    JS_DISPATCH_ALL_TYPES(dt, name, [&] {
      if constexpr (std::is_integral_v<scalar_t>) {
        binaryLoop<scalar_t>(it, [](auto a, auto b) {
          if (b == 0) zeroDivision();
          return a % b;
        });
      } else {
        binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::fmod(a, b); });
      }
    });
  } else if constexpr (K == BinOp::Pow) {
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX(dt, name, [&] {
      intOrFloatLoop<scalar_t>(
          it, [](auto a, auto b) { return math::powInt(a, b); }, [](auto a, auto b) { return std::pow(a, b); });
    });
  } else if constexpr (K == BinOp::Atan2) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::atan2(a, b); }); });
  } else if constexpr (K == BinOp::Hypot) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::hypot(a, b); }); });
  } else if constexpr (K == BinOp::Maximum || K == BinOp::Minimum) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) {
        // NaN in either operand propagates.
        if (isNan(a)) return a;
        if (isNan(b)) return b;
        if constexpr (K == BinOp::Maximum) return a > b ? a : b;
        else return a < b ? a : b;
      });
    });
  } else if constexpr (K == BinOp::Fmax || K == BinOp::Fmin) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) {
        // NaN is ignored unless both are NaN.
        if (isNan(a)) return b;
        if (isNan(b)) return a;
        if constexpr (K == BinOp::Fmax) return a > b ? a : b;
        else return a < b ? a : b;
      });
    });
  } else if constexpr (K == BinOp::Copysign) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::copysign(a, b); }); });
  } else if constexpr (K == BinOp::Xlogy) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::xlogy(a, b); }); });
  } else if constexpr (K == BinOp::Xlog1py) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::xlog1py(a, b); }); });
  } else if constexpr (K == BinOp::Logaddexp) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::logaddexp(a, b); }); });
  } else if constexpr (K == BinOp::Logaddexp2) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return math::logaddexp2(a, b); }); });
  } else if constexpr (K == BinOp::Nextafter) {
    JS_DISPATCH_FLOAT_AND_DOUBLE(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return std::nextafter(a, b); }); });
  } else if constexpr (K == BinOp::Heaviside) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, name, [&] {
      binaryLoop<scalar_t>(it, [](auto a, auto b) { return a == 0 ? b : static_cast<decltype(b)>(a > 0); });
    });
  }
}

void checkBinaryPreconditions(BinOp k, const Tensor& a, const Tensor& b) {
  if (k == BinOp::Sub) {
    JS_CHECK(!(a.dtype() == ScalarType::Bool && b.dtype() == ScalarType::Bool),
             "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
             "operator instead.");
    JS_CHECK(a.dtype() != ScalarType::Bool && b.dtype() != ScalarType::Bool,
             "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, "
             "use the `~` or `logical_not()` operator instead.");
  } else if (k == BinOp::Heaviside) {
    JS_CHECK(!a.is_complex() && !b.is_complex(), "heaviside is not yet implemented for complex tensors.");
    JS_CHECK(a.dtype() == b.dtype(), "heaviside is not yet implemented for tensors with different dtypes.");
  } else if (k == BinOp::Maximum || k == BinOp::Minimum) {
    JS_CHECK(!a.is_complex() && !b.is_complex(), nameOf(k), " not implemented for complex tensors.");
  }
}

// out = a OP b. `out` undefined: allocated and returned; defined (in-place
// self or an out= tensor): written through the iterator's cast/resize rules.
template <BinOp K>
Tensor binary(const Tensor& a, const Tensor& b, Tensor out = {}) {
  checkBinaryPreconditions(K, a, b);
  TensorIterator it = binaryIter(out, a, b, promotionOf(K), nameOf(K));
  runKernel<K>(it);
  return out;
}

// add/sub with alpha: a + alpha * b (sub: a - alpha * b).
Tensor addAlpha(const Tensor& a, const Tensor& b, Tensor out, const Scalar& alpha, bool subtract) {
  if (subtract) checkBinaryPreconditions(BinOp::Sub, a, b);
  const bool unit = alpha.isIntegral(true) && alpha.toLong() == 1;
  if (unit) return subtract ? binary<BinOp::Sub>(a, b, out) : binary<BinOp::Add>(a, b, out);
  TensorIterator it = binaryIter(out, a, b, Promotion::Common, subtract ? "sub" : "add");
  const ScalarType dt = it.input_dtype(0);
  JS_CHECK(!(isIntegralType(dt, true) && alpha.isFloatingPoint()),
           "For integral input tensors, argument alpha must not be a floating point number.");
  JS_CHECK(isComplexType(dt) || !alpha.isComplex(),
           "For non-complex input tensors, argument alpha must not be a complex number.");
  if (dt == ScalarType::Bool) {
    JS_CHECK(alpha.isBoolean() || alpha.isIntegral(false), "Boolean alpha only supported for Boolean results.");
  }
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dt, "add", [&] {
    using acc_t = opmath_t<scalar_t>;
    acc_t al = alpha.to<acc_t>();
    if (subtract) al = static_cast<acc_t>(-al);
    binaryLoop<scalar_t>(it, [al](auto x, auto y) {
      if constexpr (std::is_same_v<decltype(x), bool>) return x || (al && y);
      else if constexpr (cmath::is_complex_v<decltype(x)>) return x + cmath::mul(al, y);
      else return x + al * y;
    });
  });
  return out;
}
template <bool Sub>
Tensor addSub(const Tensor& a, const Tensor& b, Tensor out, const Scalar& alpha) {
  return addAlpha(a, b, std::move(out), alpha, Sub);
}

template <typename scalar_t>
void powScalarLoop(TensorIterator& it, const Scalar& exp) {
  using acc_t = opmath_t<scalar_t>;
  if constexpr (cmath::is_complex_v<scalar_t>) {
    // The exponents with exact forms, as PyTorch takes them (z ** 0 is 1
    // even at 0 and NaN, where exp(0 * log z) is not).
    const std::complex<double> e = exp.toComplexDouble();
    using cmath::mul;
    if (e == 0.0) unaryLoop<scalar_t>(it, [](scalar_t) { return scalar_t(1); });
    else if (e == 1.0) unaryLoop<scalar_t>(it, [](scalar_t a) { return a; });
    else if (e == 2.0) unaryLoop<scalar_t>(it, [](scalar_t a) { return mul(a, a); });
    else if (e == 3.0) unaryLoop<scalar_t>(it, [](scalar_t a) { return mul(mul(a, a), a); });
    else if (e == 0.5) unaryLoop<scalar_t>(it, [](scalar_t a) { return std::sqrt(a); });
    else if (e == -0.5) unaryLoop<scalar_t>(it, [](scalar_t a) { return cmath::rsqrt(a); });
    else if (e == -1.0) unaryLoop<scalar_t>(it, [](scalar_t a) { return cmath::reciprocal(a); });
    else if (e == -2.0) unaryLoop<scalar_t>(it, [](scalar_t a) { return cmath::reciprocal(mul(a, a)); });
    else {
      const scalar_t ec(static_cast<typename scalar_t::value_type>(e.real()),
                        static_cast<typename scalar_t::value_type>(e.imag()));
      unaryLoop<scalar_t>(it, [ec](scalar_t a) { return std::pow(a, ec); });
    }
  } else if constexpr (std::is_integral_v<scalar_t>) {
    const scalar_t e = static_cast<scalar_t>(exp.toLong());
    unaryLoop<scalar_t>(it, [e](scalar_t a) { return math::powInt(a, e); });
  } else {
    const double e = exp.toDouble();
    if (e == 2) unaryLoop<scalar_t>(it, [](acc_t a) { return a * a; });
    else if (e == 3) unaryLoop<scalar_t>(it, [](acc_t a) { return a * a * a; });
    else if (e == 1) unaryLoop<scalar_t>(it, [](acc_t a) { return a; });
    else if (e == 0.5) unaryLoop<scalar_t>(it, [](acc_t a) { return std::sqrt(a); });
    else if (e == -0.5) unaryLoop<scalar_t>(it, [](acc_t a) { return acc_t(1) / std::sqrt(a); });
    else if (e == -1) unaryLoop<scalar_t>(it, [](acc_t a) { return acc_t(1) / a; });
    else if (e == -2) unaryLoop<scalar_t>(it, [](acc_t a) { return acc_t(1) / (a * a); });
    else {
      const acc_t ea = static_cast<acc_t>(e);
      if constexpr (std::is_same_v<scalar_t, float>) {
        if (const vec::FloatKernels* vk = vec::floatKernels(); vk && vec::powFloat(it, *vk, ea)) return;
      }
      unaryLoop<scalar_t>(it, [ea](acc_t a) { return std::pow(a, ea); });
    }
  }
}

// Tensor ** Scalar: common exponents take exact or cheaper paths.
Tensor powScalar(const Tensor& self, const Scalar& exp, Tensor out = {}) {
  JS_CHECK(!(isIntegralType(self.dtype(), true) && exp.isIntegral(false) && exp.toLong() < 0),
           "Integers to negative integer powers are not allowed.");
  const ScalarType rt = result_type(self, exp);
  Tensor in = self.dtype() == rt ? self : self.to(rt);
  TensorIterator it = unaryIter(out, in, Promotion::Common, "pow");
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX(rt, "pow", [&] { powScalarLoop<scalar_t>(it, exp); });
  return out;
}

// float_power computes in double (complex double for complex inputs)
// whatever the inputs.
Tensor floatPower(const Tensor& a, const Tensor& b, Tensor out = {}) {
  const ScalarType t = a.is_complex() || b.is_complex() ? ScalarType::ComplexDouble : ScalarType::Double;
  if (out.defined())
    JS_CHECK(out.dtype() == t, "the base given to float_power_ has dtype ", scalarTypeName(out.dtype()),
             " but the operation's result requires dtype ", scalarTypeName(t));
  return binary<BinOp::Pow>(a.to(t), b.to(t), out);
}

Tensor ldexp(const Tensor& a, const Tensor& b, Tensor out = {}) {
  Tensor p = binary<BinOp::Pow>(wrapScalar(2.0), b);
  return binary<BinOp::Mul>(a, p, out);
}

BinOp divMode(const std::optional<std::string>& mode) {
  if (!mode) return BinOp::Div;
  if (*mode == "trunc") return BinOp::DivTrunc;
  if (*mode == "floor") return BinOp::DivFloor;
  JS_ERROR("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '", *mode, "'");
}

Tensor divWithMode(const Tensor& a, const Tensor& b, BinOp mode, Tensor out = {}) {
  switch (mode) {
    case BinOp::DivTrunc: return binary<BinOp::DivTrunc>(a, b, out);
    case BinOp::DivFloor: return binary<BinOp::DivFloor>(a, b, out);
    default: return binary<BinOp::Div>(a, b, out);
  }
}

// div with rounding_mode None, 'trunc' or 'floor'.
Tensor divRounding(const Tensor& a, const Tensor& b, Tensor out, std::optional<std::string> mode) {
  return divWithMode(a, b, divMode(mode), std::move(out));
}

// ---- kernels ----

// A Scalar operand takes part as a wrapped number: it promotes like a Python
// number.
const Tensor& operand(const Tensor& t) { return t; }
Tensor operand(const Scalar& s) { return wrapScalar(s); }

// The forms of a kernel `Tensor f(const Tensor& a, const Tensor& b, Tensor
// out, extra...)` that writes a OP b into out (undefined: allocated and
// returned): functional, in-place and out=, each for a Tensor or a Scalar
// operand. In place and out= write straight through the iterator (its cast
// and resize rules), with no temporary.
template <auto F, typename Sig = std::remove_cv_t<decltype(+F)>>
struct Binary;
template <auto F, typename... E>
struct Binary<F, Tensor (*)(const Tensor&, const Tensor&, Tensor, E...)> {
  template <typename A, typename B>
  static Tensor functional(const A& self, const B& other, E... e) {
    return F(operand(self), operand(other), Tensor(), e...);
  }
  template <typename B>
  static Tensor inplace(Tensor self, const B& other, E... e) {
    F(self, operand(other), self, e...);
    return self;
  }
  template <typename A, typename B>
  static Tensor out(const A& self, const B& other, E... e, Tensor out) {
    F(operand(self), operand(other), out, e...);
    return out;
  }
};
template <BinOp K>
using Op = Binary<binary<K>>;
template <bool Sub>
using AddOp = Binary<addSub<Sub>>;
using DivRounding = Binary<divRounding>;
using FloatPower = Binary<floatPower>;

// rsub(self, other, alpha) = other - alpha * self.
template <typename B>
Tensor rsub(const Tensor& self, const B& other, const Scalar& alpha) {
  return addAlpha(operand(other), self, Tensor(), alpha, true);
}

// PyTorch generates mul's and div's Scalar_out forms from the functional op:
// out takes the result converted to its dtype, whatever that is. Written in
// place when out already has the result's dtype.
ScalarType scalarOpResultType(const Tensor& self, const Scalar& other, BinOp k) {
  const ScalarType rt = result_type(self, other);
  return k == BinOp::Div && isIntegralType(rt, true) ? kDefaultDtype : rt;
}
template <BinOp K>
Tensor scalarOutConverting(const Tensor& self, const Scalar& other, Tensor out) {
  if (out.dtype() == scalarOpResultType(self, other, K))
    binary<K>(self, wrapScalar(other), out);
  else
    copyToOut(out, binary<K>(self, wrapScalar(other)));
  return out;
}
Tensor divModeScalarOut(const Tensor& self, const Scalar& other, std::optional<std::string> rounding_mode,
                        Tensor out) {
  const BinOp mode = divMode(rounding_mode);
  if (out.dtype() == scalarOpResultType(self, other, mode))
    divWithMode(self, wrapScalar(other), mode, out);
  else
    copyToOut(out, divWithMode(self, wrapScalar(other), mode));
  return out;
}

// Tensor ** Scalar: the exponent stays a Scalar (powScalar's fast paths).
Tensor powTensorScalar(const Tensor& self, const Scalar& exponent) { return powScalar(self, exponent); }
Tensor powTensorScalar_(Tensor self, const Scalar& exponent) {
  powScalar(self, exponent, self);
  return self;
}
Tensor powTensorScalarOut(const Tensor& self, const Scalar& exponent, Tensor out) {
  checkOutDtype(out, result_type(self, exponent));  // PyTorch builds it without casting
  powScalar(self, exponent, out);
  return out;
}

#define TT(op, ovl) "aten::" op ovl "(Tensor self, Tensor other) -> Tensor"
#define TS(op, ovl) "aten::" op ovl "(Tensor self, Scalar other) -> Tensor"
#define TT_(op, ovl) "aten::" op ovl "(Tensor(a!) self, Tensor other) -> Tensor(a!)"
#define TS_(op, ovl) "aten::" op ovl "(Tensor(a!) self, Scalar other) -> Tensor(a!)"
#define TT_OUT(op, ovl) "aten::" op ovl "(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)"
#define TS_OUT(op, ovl) "aten::" op ovl "(Tensor self, Scalar other, *, Tensor(a!) out) -> Tensor(a!)"

// gcd / lcm of integer tensors (broadcast, promoted): non-negative results,
// gcd(0, 0) = 0, lcm(x, 0) = 0, as PyTorch's.
template <bool Lcm>
Tensor gcdLcm(const Tensor& a, const Tensor& b) {
  Tensor out;
  TensorIterator it = binaryIter(out, a, b, Promotion::Common, Lcm ? "lcm_cpu" : "gcd_cpu");
  const ScalarType dt = it.input_dtype(0);
  JS_CHECK(isIntegralType(dt, false), "\"", Lcm ? "lcm_cpu" : "gcd_cpu", "\" not implemented for '",
           scalarTypeName(dt), "'");
  JS_DISPATCH_INTEGRAL_TYPES(dt, Lcm ? "lcm" : "gcd", [&] {
    binaryLoop<scalar_t>(it, [](scalar_t x, scalar_t y) -> scalar_t {
      // In the unsigned type: |INT_MIN| has no signed representation.
      using U = std::make_unsigned_t<scalar_t>;
      const U ux = x < 0 ? static_cast<U>(U(0) - static_cast<U>(x)) : static_cast<U>(x);
      const U uy = y < 0 ? static_cast<U>(U(0) - static_cast<U>(y)) : static_cast<U>(y);
      U g = ux, h = uy;
      while (h != 0) {
        const U t = static_cast<U>(g % h);
        g = h;
        h = t;
      }
      if constexpr (!Lcm) {
        return static_cast<scalar_t>(g);
      } else {
        return g == 0 ? scalar_t(0) : static_cast<scalar_t>(static_cast<U>(ux / g) * uy);
      }
    });
  });
  return out;
}

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) { return addAlpha(a, b, Tensor(), alpha, false); }
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) { return addAlpha(a, b, Tensor(), alpha, true); }
Tensor mul(const Tensor& a, const Tensor& b) { return binary<BinOp::Mul>(a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return binary<BinOp::Div>(a, b); }
Tensor& add_(Tensor& self, const Tensor& other, const Scalar& alpha) {
  addAlpha(self, other, self, alpha, false);
  return self;
}
Tensor& mul_(Tensor& self, const Tensor& other) {
  binary<BinOp::Mul>(self, other, self);
  return self;
}
Tensor pow(const Tensor& self, const Scalar& exponent) { return powScalar(self, exponent); }
Tensor maximum(const Tensor& a, const Tensor& b) { return binary<BinOp::Maximum>(a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return binary<BinOp::Minimum>(a, b); }

const OpTable kBinaryOps = {
    op<gcdLcm<false>>("aten::gcd(Tensor self, Tensor other) -> Tensor",
                      "Greatest common divisor of integer tensors.", kFusible),
    op<gcdLcm<true>>("aten::lcm(Tensor self, Tensor other) -> Tensor",
                     "Least common multiple of integer tensors.", kFusible),
    op<AddOp<false>::functional<Tensor, Tensor>>(
        "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "self + alpha * other, with type promotion and broadcasting.", kFusible),
    op<AddOp<false>::functional<Tensor, Scalar>>(
        "aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
        "self + alpha * other for a Scalar other.", kFusible),
    op<AddOp<false>::inplace<Tensor>>("aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
                                      "Tensor(a!)",
                                      "In-place add."),
    op<AddOp<false>::inplace<Scalar>>("aten::add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
                                      "In-place add of a Scalar."),
    op<AddOp<false>::out<Tensor, Tensor>>("aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) "
                                          "-> Tensor(a!)",
                                          "add into out."),
    op<AddOp<true>::functional<Tensor, Tensor>>(
        "aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "self - alpha * other.", kFusible),
    op<AddOp<true>::functional<Tensor, Scalar>>(
        "aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
        "self - alpha * other for a Scalar other.", kFusible),
    op<AddOp<true>::inplace<Tensor>>("aten::sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
                                     "Tensor(a!)",
                                     "In-place sub."),
    op<AddOp<true>::inplace<Scalar>>("aten::sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)",
                                     "In-place sub of a Scalar."),
    op<AddOp<true>::out<Tensor, Tensor>>("aten::sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) "
                                         "-> Tensor(a!)",
                                         "sub into out."),
    op<AddOp<true>::functional<Tensor, Tensor>>(
        "aten::subtract.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "Alias of sub.", kFusible),
    op<AddOp<true>::functional<Tensor, Scalar>>(
        "aten::subtract.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
        "Alias of sub.", kFusible),
    op<rsub<Tensor>>("aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
                     "other - alpha * self.", kFusible),
    op<rsub<Scalar>>("aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
                     "other - alpha * self for a Scalar other.", kFusible),
    op<Op<BinOp::Mul>::functional<Tensor, Tensor>>(TT("mul", ".Tensor"), "Elementwise product.", kFusible),
    op<Op<BinOp::Mul>::functional<Tensor, Scalar>>(TS("mul", ".Scalar"), "Product with a Scalar.", kFusible),
    op<Op<BinOp::Mul>::inplace<Tensor>>(TT_("mul_", ".Tensor"), "In-place mul."),
    op<Op<BinOp::Mul>::inplace<Scalar>>(TS_("mul_", ".Scalar"), "In-place mul by a Scalar."),
    op<Op<BinOp::Mul>::out<Tensor, Tensor>>(TT_OUT("mul", ".out"), "mul into out."),
    op<scalarOutConverting<BinOp::Mul>>(TS_OUT("mul", ".Scalar_out"), "mul by a Scalar into out."),
    op<Op<BinOp::Mul>::functional<Tensor, Tensor>>(TT("multiply", ".Tensor"), "Alias of mul.", kFusible),
    op<Op<BinOp::Mul>::functional<Tensor, Scalar>>(TS("multiply", ".Scalar"), "Alias of mul.", kFusible),
    op<Op<BinOp::Div>::functional<Tensor, Tensor>>(TT("div", ".Tensor"),
                                                   "True division (integers promote to float).", kFusible),
    op<Op<BinOp::Div>::functional<Tensor, Scalar>>(TS("div", ".Scalar"), "True division by a Scalar.", kFusible),
    op<Op<BinOp::Div>::inplace<Tensor>>(TT_("div_", ".Tensor"), "In-place true division."),
    op<Op<BinOp::Div>::inplace<Scalar>>(TS_("div_", ".Scalar"), "In-place true division by a Scalar."),
    op<Op<BinOp::Div>::out<Tensor, Tensor>>(TT_OUT("div", ".out"), "div into out."),
    op<scalarOutConverting<BinOp::Div>>(TS_OUT("div", ".Scalar_out"), "div by a Scalar into out."),
    op<DivRounding::out<Tensor, Tensor>>("aten::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, "
                                         "Tensor(a!) out) -> Tensor(a!)",
                                         "div with a rounding mode into out."),
    op<divModeScalarOut>("aten::div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) "
                         "-> Tensor(a!)",
                         "div by a Scalar with a rounding mode into out."),
    op<DivRounding::functional<Tensor, Tensor>>(
        "aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
        "Division with rounding_mode None, 'trunc' or 'floor'.", kFusible),
    op<DivRounding::functional<Tensor, Scalar>>(
        "aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor",
        "Division by a Scalar with a rounding mode.", kFusible),
    op<DivRounding::inplace<Tensor>>("aten::div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> "
                                     "Tensor(a!)",
                                     "In-place division with a rounding mode."),
    op<DivRounding::inplace<Scalar>>("aten::div_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> "
                                     "Tensor(a!)",
                                     "In-place division by a Scalar with a rounding mode."),
    op<Op<BinOp::Div>::functional<Tensor, Tensor>>(TT("divide", ".Tensor"), "Alias of div.", kFusible),
    op<Op<BinOp::Div>::functional<Tensor, Scalar>>(TS("divide", ".Scalar"), "Alias of div.", kFusible),
    op<DivRounding::functional<Tensor, Tensor>>(
        "aten::divide.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor",
        "Alias of div with a rounding mode.", kFusible),
    op<Op<BinOp::Div>::functional<Tensor, Tensor>>(TT("true_divide", ".Tensor"), "Alias of div.", kFusible),
    op<Op<BinOp::Div>::functional<Tensor, Scalar>>(TS("true_divide", ".Scalar"), "Alias of div by a Scalar.", kFusible),
    op<Op<BinOp::Div>::inplace<Tensor>>(TT_("true_divide_", ".Tensor"), "In-place true division."),
    op<Op<BinOp::Div>::inplace<Scalar>>(TS_("true_divide_", ".Scalar"), "In-place true division by a Scalar."),
    op<Op<BinOp::DivFloor>::functional<Tensor, Tensor>>(TT("floor_divide", ""),
                                                        "Division rounded toward negative infinity.", kFusible),
    op<Op<BinOp::DivFloor>::out<Tensor, Tensor>>(TT_OUT("floor_divide", ".out"), "floor_divide into out."),
    op<Op<BinOp::DivFloor>::functional<Tensor, Scalar>>(TS("floor_divide", ".Scalar"),
                                                        "floor_divide by a Scalar.", kFusible),
    op<Op<BinOp::DivFloor>::inplace<Tensor>>(TT_("floor_divide_", ".Tensor"), "In-place floor_divide."),
    op<Op<BinOp::DivFloor>::inplace<Scalar>>(TS_("floor_divide_", ".Scalar"), "In-place floor_divide by a Scalar."),
    op<Op<BinOp::Remainder>::functional<Tensor, Tensor>>(TT("remainder", ".Tensor"),
                                                         "Python-style modulus (sign of the divisor).", kFusible),
    op<Op<BinOp::Remainder>::functional<Tensor, Scalar>>(TS("remainder", ".Scalar"),
                                                         "remainder by a Scalar.", kFusible),
    op<Op<BinOp::Remainder>::functional<Scalar, Tensor>>(
        "aten::remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor",
        "remainder of a Scalar by a tensor.", kFusible),
    op<Op<BinOp::Remainder>::inplace<Tensor>>(TT_("remainder_", ".Tensor"), "In-place remainder."),
    op<Op<BinOp::Remainder>::out<Tensor, Tensor>>(TT_OUT("remainder", ".Tensor_out"), "remainder into out."),
    op<Op<BinOp::Remainder>::out<Tensor, Scalar>>(TS_OUT("remainder", ".Scalar_out"),
                                                  "remainder by a Scalar into out."),
    op<Op<BinOp::Remainder>::out<Scalar, Tensor>>(
        "aten::remainder.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
        "remainder of a Scalar by a tensor, into out."),
    op<Op<BinOp::Remainder>::inplace<Scalar>>(TS_("remainder_", ".Scalar"), "In-place remainder by a Scalar."),
    op<Op<BinOp::Fmod>::functional<Tensor, Tensor>>(TT("fmod", ".Tensor"),
                                                    "C-style modulus (sign of the dividend).", kFusible),
    op<Op<BinOp::Fmod>::functional<Tensor, Scalar>>(TS("fmod", ".Scalar"), "fmod by a Scalar.", kFusible),
    op<Op<BinOp::Fmod>::inplace<Tensor>>(TT_("fmod_", ".Tensor"), "In-place fmod."),
    op<Op<BinOp::Fmod>::out<Tensor, Tensor>>(TT_OUT("fmod", ".Tensor_out"), "fmod into out."),
    op<Op<BinOp::Fmod>::out<Tensor, Scalar>>(TS_OUT("fmod", ".Scalar_out"), "fmod by a Scalar into out."),
    op<Op<BinOp::Fmod>::inplace<Scalar>>(TS_("fmod_", ".Scalar"), "In-place fmod by a Scalar."),
    op<Op<BinOp::Pow>::functional<Tensor, Tensor>>(
        "aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
        "Elementwise power.", kFusible),
    op<powTensorScalar>("aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
                        "Power with a Scalar exponent.", kFusible),
    op<Op<BinOp::Pow>::functional<Scalar, Tensor>>(
        "aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor",
        "A Scalar raised to a tensor.", kFusible),
    op<Op<BinOp::Pow>::inplace<Tensor>>("aten::pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
                                        "In-place pow."),
    op<powTensorScalar_>("aten::pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
                         "In-place pow by a Scalar exponent."),
    op<Op<BinOp::Pow>::out<Tensor, Tensor>>("aten::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) "
                                            "out) -> Tensor(a!)",
                                            "pow into out."),
    op<powTensorScalarOut>("aten::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)",
                           "pow with a Scalar exponent into out."),
    op<Op<BinOp::Pow>::out<Scalar, Tensor>>("aten::pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> "
                                            "Tensor(a!)",
                                            "A Scalar raised to a tensor, into out."),
    op<FloatPower::functional<Tensor, Tensor>>(
        "aten::float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor",
        "pow computed in float64.", kFusible),
    op<FloatPower::functional<Tensor, Scalar>>(
        "aten::float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor",
        "pow computed in float64 with a Scalar exponent.", kFusible),
    op<FloatPower::functional<Scalar, Tensor>>(
        "aten::float_power.Scalar(Scalar self, Tensor exponent) -> Tensor",
        "A Scalar raised to a tensor in float64.", kFusible),
    op<FloatPower::inplace<Tensor>>("aten::float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)",
                                    "In-place float_power (self must be float64)."),
    op<FloatPower::inplace<Scalar>>("aten::float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)",
                                    "In-place float_power by a Scalar (self must be float64)."),
    op<Op<BinOp::Atan2>::functional<Tensor, Tensor>>(TT("atan2", ""),
                                                     "Quadrant-aware arctangent of self / other.", kFusible),
    op<Op<BinOp::Atan2>::out<Tensor, Tensor>>(TT_OUT("atan2", ".out"), "atan2 into out."),
    op<Op<BinOp::Atan2>::inplace<Tensor>>(TT_("atan2_", ""), "In-place atan2."),
    op<Op<BinOp::Atan2>::functional<Tensor, Tensor>>(TT("arctan2", ""), "Alias of atan2.", kFusible),
    op<Op<BinOp::Hypot>::functional<Tensor, Tensor>>(TT("hypot", ""),
                                                     "sqrt(self^2 + other^2) without overflow.", kFusible),
    op<Op<BinOp::Hypot>::out<Tensor, Tensor>>(TT_OUT("hypot", ".out"), "hypot into out."),
    op<Op<BinOp::Hypot>::inplace<Tensor>>(TT_("hypot_", ""), "In-place hypot."),
    op<Op<BinOp::Maximum>::functional<Tensor, Tensor>>(TT("maximum", ""),
                                                       "Elementwise maximum (NaN propagates).", kFusible),
    op<Op<BinOp::Maximum>::out<Tensor, Tensor>>(TT_OUT("maximum", ".out"), "maximum into out."),
    op<Op<BinOp::Minimum>::functional<Tensor, Tensor>>(TT("minimum", ""),
                                                       "Elementwise minimum (NaN propagates).", kFusible),
    op<Op<BinOp::Minimum>::out<Tensor, Tensor>>(TT_OUT("minimum", ".out"), "minimum into out."),
    op<Op<BinOp::Maximum>::functional<Tensor, Tensor>>(TT("max", ".other"),
                                                       "Elementwise maximum (alias of maximum).", kFusible),
    op<Op<BinOp::Minimum>::functional<Tensor, Tensor>>(TT("min", ".other"),
                                                       "Elementwise minimum (alias of minimum).", kFusible),
    op<Op<BinOp::Fmax>::functional<Tensor, Tensor>>(TT("fmax", ""), "Elementwise maximum ignoring NaN.", kFusible),
    op<Op<BinOp::Fmin>::functional<Tensor, Tensor>>(TT("fmin", ""), "Elementwise minimum ignoring NaN.", kFusible),
    op<Op<BinOp::Copysign>::functional<Tensor, Tensor>>(TT("copysign", ".Tensor"),
                                                        "|self| with the sign of other.", kFusible),
    op<Op<BinOp::Copysign>::functional<Tensor, Scalar>>(TS("copysign", ".Scalar"),
                                                        "|self| with the sign of a Scalar.", kFusible),
    op<Op<BinOp::Copysign>::inplace<Tensor>>(TT_("copysign_", ".Tensor"), "In-place copysign."),
    op<Op<BinOp::Copysign>::inplace<Scalar>>(TS_("copysign_", ".Scalar"), "In-place copysign by a Scalar."),
    op<Op<BinOp::Xlogy>::functional<Tensor, Tensor>>(TT("xlogy", ".Tensor"),
                                                     "self * log(other), 0 where self == 0.", kFusible),
    op<Op<BinOp::Xlogy>::functional<Tensor, Scalar>>(TS("xlogy", ".Scalar_Other"),
                                                     "xlogy with a Scalar other.", kFusible),
    op<Op<BinOp::Xlogy>::functional<Scalar, Tensor>>(
        "aten::xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor",
        "xlogy with a Scalar self.", kFusible),
    op<Op<BinOp::Xlogy>::inplace<Tensor>>(TT_("xlogy_", ".Tensor"), "In-place xlogy."),
    op<Op<BinOp::Xlogy>::functional<Tensor, Tensor>>(TT("special_xlogy", ""), "Alias of xlogy.", kFusible),
    op<Op<BinOp::Xlog1py>::functional<Tensor, Tensor>>(TT("special_xlog1py", ""),
                                                       "self * log1p(other), 0 where self == 0.", kFusible),
    op<Op<BinOp::Logaddexp>::functional<Tensor, Tensor>>(TT("logaddexp", ""),
                                                         "log(exp(self) + exp(other)) computed stably.", kFusible),
    op<Op<BinOp::Logaddexp2>::functional<Tensor, Tensor>>(TT("logaddexp2", ""),
                                                          "log2(2^self + 2^other) computed stably.", kFusible),
    op<Op<BinOp::Nextafter>::functional<Tensor, Tensor>>(TT("nextafter", ""),
                                                         "Next representable value after self toward other.", kFusible),
    op<Op<BinOp::Nextafter>::inplace<Tensor>>(TT_("nextafter_", ""), "In-place nextafter."),
    op<Op<BinOp::Heaviside>::functional<Tensor, Tensor>>(
        "aten::heaviside(Tensor self, Tensor values) -> Tensor",
        "Step function: 0 below zero, 1 above, values at zero.", kFusible),
    op<Op<BinOp::Heaviside>::inplace<Tensor>>(
        "aten::heaviside_(Tensor(a!) self, Tensor values) -> Tensor(a!)",
        "In-place heaviside."),
    op<Binary<ldexp>::functional<Tensor, Tensor>>(
        "aten::ldexp.Tensor(Tensor self, Tensor other) -> Tensor",
        "self * 2^other.", kFusible),
    op<Binary<ldexp>::inplace<Tensor>>("aten::ldexp_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "In-place ldexp."),
};
#undef TT
#undef TS
#undef TT_
#undef TS_
#undef TT_OUT
#undef TS_OUT

}  // namespace jitserve::ops
