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

#include <cmath>
#include <string_view>
#include <type_traits>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_args.h"
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
    JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return wrapAdd(a, b); }); });
  } else if constexpr (K == BinOp::Sub) {
    JS_DISPATCH_ALL_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return wrapSub(a, b); }); });
  } else if constexpr (K == BinOp::Mul) {
    JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, name, [&] {
      if constexpr (std::is_same_v<scalar_t, bool>)
        binaryLoop<scalar_t>(it, [](bool a, bool b) { return a && b; });
      else
        binaryLoop<scalar_t>(it, [](auto a, auto b) { return wrapMul(a, b); });
    });
  } else if constexpr (K == BinOp::Div) {
    JS_DISPATCH_FLOATING_TYPES(dt, name, [&] { binaryLoop<scalar_t>(it, [](auto a, auto b) { return a / b; }); });
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
    JS_DISPATCH_ALL_TYPES(dt, name, [&] {
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
    JS_CHECK(a.dtype() == b.dtype(), "heaviside is not yet implemented for tensors with different dtypes.");
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
Tensor addAlpha(const Tensor& a, const Tensor& b, const Scalar& alpha, bool subtract, Tensor out = {}) {
  if (subtract) checkBinaryPreconditions(BinOp::Sub, a, b);
  const bool unit = alpha.isIntegral(true) && alpha.toLong() == 1;
  if (unit) return subtract ? binary<BinOp::Sub>(a, b, out) : binary<BinOp::Add>(a, b, out);
  TensorIterator it = binaryIter(out, a, b, Promotion::Common, subtract ? "sub" : "add");
  const ScalarType dt = it.input_dtype(0);
  JS_CHECK(!(isIntegralType(dt, true) && alpha.isFloatingPoint()),
           "For integral input tensors, argument alpha must not be a floating point number.");
  if (dt == ScalarType::Bool) {
    JS_CHECK(alpha.isBoolean() || alpha.isIntegral(false), "Boolean alpha only supported for Boolean results.");
  }
  JS_DISPATCH_ALL_TYPES_AND_BOOL(dt, "add", [&] {
    using acc_t = opmath_t<scalar_t>;
    acc_t al = alpha.to<acc_t>();
    if (subtract) al = static_cast<acc_t>(-al);
    if constexpr (std::is_same_v<scalar_t, bool>)
      binaryLoop<scalar_t>(it, [al](bool x, bool y) { return x || (al && y); });
    else
      binaryLoop<scalar_t>(it, [al](acc_t x, acc_t y) { return x + al * y; });
  });
  return out;
}

template <typename scalar_t>
void powScalarLoop(TensorIterator& it, const Scalar& exp) {
  using acc_t = opmath_t<scalar_t>;
  if constexpr (std::is_integral_v<scalar_t>) {
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
  JS_DISPATCH_ALL_TYPES(rt, "pow", [&] { powScalarLoop<scalar_t>(it, exp); });
  return out;
}

// float_power computes in double whatever the inputs.
Tensor floatPower(const Tensor& a, const Tensor& b, Tensor out = {}) {
  if (out.defined())
    JS_CHECK(out.dtype() == ScalarType::Double, "the base given to float_power_ has dtype ",
             scalarTypeName(out.dtype()), " but the operation's result requires dtype Double");
  return binary<BinOp::Pow>(a.to(ScalarType::Double), b.to(ScalarType::Double), out);
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

// ---- kernels: T = Tensor operand, S = Scalar operand, _ = in-place ----

template <BinOp K>
void k_tt(Stack& s) {
  Args a(s, 2);
  a.ret(binary<K>(a.tensor(0), a.tensor(1)));
}
template <BinOp K>
void k_ts(Stack& s) {
  Args a(s, 2);
  a.ret(binary<K>(a.tensor(0), wrapScalar(a.scalar(1))));
}
template <BinOp K>
void k_st(Stack& s) {
  Args a(s, 2);
  a.ret(binary<K>(wrapScalar(a.scalar(0)), a.tensor(1)));
}
template <BinOp K>
void k_tt_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  binary<K>(self, a.tensor(1), self);
  a.ret(std::move(self));
}
template <BinOp K>
void k_ts_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  binary<K>(self, wrapScalar(a.scalar(1)), self);
  a.ret(std::move(self));
}
template <BinOp K>
void k_tt_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  binary<K>(a.tensor(0), a.tensor(1), out);
  a.ret(std::move(out));
}
template <BinOp K>
void k_ts_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  binary<K>(a.tensor(0), wrapScalar(a.scalar(1)), out);
  a.ret(std::move(out));
}
// PyTorch generates mul's and div's Scalar_out forms from the functional op:
// out takes the result converted to its dtype, whatever that is. Written in
// place when out already has the result's dtype.
ScalarType scalarOpResultType(const Tensor& self, const Scalar& other, BinOp k) {
  const ScalarType rt = result_type(self, other);
  return k == BinOp::Div && isIntegralType(rt, true) ? kDefaultDtype : rt;
}
template <BinOp K>
void k_ts_out_converting(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  if (out.dtype() == scalarOpResultType(a.tensor(0), a.scalar(1), K))
    binary<K>(a.tensor(0), wrapScalar(a.scalar(1)), out);
  else
    copyToOut(out, binary<K>(a.tensor(0), wrapScalar(a.scalar(1))));
  a.ret(std::move(out));
}
template <BinOp K>
void k_st_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  binary<K>(wrapScalar(a.scalar(0)), a.tensor(1), out);
  a.ret(std::move(out));
}

template <bool Sub>
void k_add_tt(Stack& s) {
  Args a(s, 3);
  a.ret(addAlpha(a.tensor(0), a.tensor(1), a.scalar(2), Sub));
}
template <bool Sub>
void k_add_ts(Stack& s) {
  Args a(s, 3);
  a.ret(addAlpha(a.tensor(0), wrapScalar(a.scalar(1)), a.scalar(2), Sub));
}
template <bool Sub>
void k_add_tt_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  addAlpha(self, a.tensor(1), a.scalar(2), Sub, self);
  a.ret(std::move(self));
}
template <bool Sub>
void k_add_ts_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  addAlpha(self, wrapScalar(a.scalar(1)), a.scalar(2), Sub, self);
  a.ret(std::move(self));
}
template <bool Sub>
void k_add_out(Stack& s) {
  Args a(s, 4);
  Tensor out = a.tensor(3);
  addAlpha(a.tensor(0), a.tensor(1), a.scalar(2), Sub, out);
  a.ret(std::move(out));
}
// rsub(self, other, alpha) = other - alpha * self.
void k_rsub_tt(Stack& s) {
  Args a(s, 3);
  a.ret(addAlpha(a.tensor(1), a.tensor(0), a.scalar(2), true));
}
void k_rsub_ts(Stack& s) {
  Args a(s, 3);
  a.ret(addAlpha(wrapScalar(a.scalar(1)), a.tensor(0), a.scalar(2), true));
}

void k_div_mode_tt(Stack& s) {
  Args a(s, 3);
  a.ret(divWithMode(a.tensor(0), a.tensor(1), divMode(a.optStr(2))));
}
void k_div_mode_ts(Stack& s) {
  Args a(s, 3);
  a.ret(divWithMode(a.tensor(0), wrapScalar(a.scalar(1)), divMode(a.optStr(2))));
}
void k_div_mode_tt_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  divWithMode(self, a.tensor(1), divMode(a.optStr(2)), self);
  a.ret(std::move(self));
}
void k_div_mode_ts_(Stack& s) {
  Args a(s, 3);
  Tensor self = a.tensor(0);
  divWithMode(self, wrapScalar(a.scalar(1)), divMode(a.optStr(2)), self);
  a.ret(std::move(self));
}
void k_div_mode_tt_out(Stack& s) {
  Args a(s, 4);
  Tensor out = a.tensor(3);
  divWithMode(a.tensor(0), a.tensor(1), divMode(a.optStr(2)), out);
  a.ret(std::move(out));
}
void k_div_mode_ts_out(Stack& s) {
  Args a(s, 4);
  Tensor out = a.tensor(3);
  const BinOp mode = divMode(a.optStr(2));
  if (out.dtype() == scalarOpResultType(a.tensor(0), a.scalar(1), mode))
    divWithMode(a.tensor(0), wrapScalar(a.scalar(1)), mode, out);
  else
    copyToOut(out, divWithMode(a.tensor(0), wrapScalar(a.scalar(1)), mode));
  a.ret(std::move(out));
}

void k_pow_ts(Stack& s) {
  Args a(s, 2);
  a.ret(powScalar(a.tensor(0), a.scalar(1)));
}
void k_pow_ts_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  powScalar(self, a.scalar(1), self);
  a.ret(std::move(self));
}
void k_pow_ts_out(Stack& s) {
  Args a(s, 3);
  Tensor out = a.tensor(2);
  checkOutDtype(out, result_type(a.tensor(0), a.scalar(1)));  // PyTorch builds it without casting
  powScalar(a.tensor(0), a.scalar(1), out);
  a.ret(std::move(out));
}
void k_float_power_tt(Stack& s) {
  Args a(s, 2);
  a.ret(floatPower(a.tensor(0), a.tensor(1)));
}
void k_float_power_ts(Stack& s) {
  Args a(s, 2);
  a.ret(floatPower(a.tensor(0), wrapScalar(a.scalar(1))));
}
void k_float_power_st(Stack& s) {
  Args a(s, 2);
  a.ret(floatPower(wrapScalar(a.scalar(0)), a.tensor(1)));
}
void k_float_power_tt_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  floatPower(self, a.tensor(1), self);
  a.ret(std::move(self));
}
void k_float_power_ts_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  floatPower(self, wrapScalar(a.scalar(1)), self);
  a.ret(std::move(self));
}
void k_ldexp(Stack& s) {
  Args a(s, 2);
  a.ret(ldexp(a.tensor(0), a.tensor(1)));
}
void k_ldexp_(Stack& s) {
  Args a(s, 2);
  Tensor self = a.tensor(0);
  ldexp(self, a.tensor(1), self);
  a.ret(std::move(self));
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
template <bool Lcm>
void k_gcd_lcm(Stack& s) {
  Args a(s, 2);
  a.ret(gcdLcm<Lcm>(a.tensor(0), a.tensor(1)));
}

const OpEntry kBinaryOps[] = {
    {"aten::gcd(Tensor self, Tensor other) -> Tensor", k_gcd_lcm<false>, "Greatest common divisor of integer tensors."},
    {"aten::lcm(Tensor self, Tensor other) -> Tensor", k_gcd_lcm<true>, "Least common multiple of integer tensors."},
    {"aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", k_add_tt<false>,
     "self + alpha * other, with type promotion and broadcasting."},
    {"aten::add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", k_add_ts<false>,
     "self + alpha * other for a Scalar other."},
    {"aten::add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", k_add_tt_<false>,
     "In-place add."},
    {"aten::add_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", k_add_ts_<false>,
     "In-place add of a Scalar."},
    {"aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", k_add_out<false>,
     "add into out."},
    {"aten::sub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", k_add_tt<true>,
     "self - alpha * other."},
    {"aten::sub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", k_add_ts<true>,
     "self - alpha * other for a Scalar other."},
    {"aten::sub_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)", k_add_tt_<true>,
     "In-place sub."},
    {"aten::sub_.Scalar(Tensor(a!) self, Scalar other, Scalar alpha=1) -> Tensor(a!)", k_add_ts_<true>,
     "In-place sub of a Scalar."},
    {"aten::sub.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)", k_add_out<true>,
     "sub into out."},
    {"aten::subtract.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", k_add_tt<true>,
     "Alias of sub."},
    {"aten::subtract.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", k_add_ts<true>, "Alias of sub."},
    {"aten::rsub.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor", k_rsub_tt,
     "other - alpha * self."},
    {"aten::rsub.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor", k_rsub_ts,
     "other - alpha * self for a Scalar other."},
    {TT("mul", ".Tensor"), k_tt<BinOp::Mul>, "Elementwise product."},
    {TS("mul", ".Scalar"), k_ts<BinOp::Mul>, "Product with a Scalar."},
    {TT_("mul_", ".Tensor"), k_tt_<BinOp::Mul>, "In-place mul."},
    {TS_("mul_", ".Scalar"), k_ts_<BinOp::Mul>, "In-place mul by a Scalar."},
    {TT_OUT("mul", ".out"), k_tt_out<BinOp::Mul>, "mul into out."},
    {TS_OUT("mul", ".Scalar_out"), k_ts_out_converting<BinOp::Mul>, "mul by a Scalar into out."},
    {TT("multiply", ".Tensor"), k_tt<BinOp::Mul>, "Alias of mul."},
    {TS("multiply", ".Scalar"), k_ts<BinOp::Mul>, "Alias of mul."},
    {TT("div", ".Tensor"), k_tt<BinOp::Div>, "True division (integers promote to float)."},
    {TS("div", ".Scalar"), k_ts<BinOp::Div>, "True division by a Scalar."},
    {TT_("div_", ".Tensor"), k_tt_<BinOp::Div>, "In-place true division."},
    {TS_("div_", ".Scalar"), k_ts_<BinOp::Div>, "In-place true division by a Scalar."},
    {TT_OUT("div", ".out"), k_tt_out<BinOp::Div>, "div into out."},
    {TS_OUT("div", ".Scalar_out"), k_ts_out_converting<BinOp::Div>, "div by a Scalar into out."},
    {"aten::div.out_mode(Tensor self, Tensor other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
     k_div_mode_tt_out, "div with a rounding mode into out."},
    {"aten::div.Scalar_mode_out(Tensor self, Scalar other, *, str? rounding_mode, Tensor(a!) out) -> Tensor(a!)",
     k_div_mode_ts_out, "div by a Scalar with a rounding mode into out."},
    {"aten::div.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", k_div_mode_tt,
     "Division with rounding_mode None, 'trunc' or 'floor'."},
    {"aten::div.Scalar_mode(Tensor self, Scalar other, *, str? rounding_mode) -> Tensor", k_div_mode_ts,
     "Division by a Scalar with a rounding mode."},
    {"aten::div_.Tensor_mode(Tensor(a!) self, Tensor other, *, str? rounding_mode) -> Tensor(a!)", k_div_mode_tt_,
     "In-place division with a rounding mode."},
    {"aten::div_.Scalar_mode(Tensor(a!) self, Scalar other, *, str? rounding_mode) -> Tensor(a!)", k_div_mode_ts_,
     "In-place division by a Scalar with a rounding mode."},
    {TT("divide", ".Tensor"), k_tt<BinOp::Div>, "Alias of div."},
    {TS("divide", ".Scalar"), k_ts<BinOp::Div>, "Alias of div."},
    {"aten::divide.Tensor_mode(Tensor self, Tensor other, *, str? rounding_mode) -> Tensor", k_div_mode_tt,
     "Alias of div with a rounding mode."},
    {TT("true_divide", ".Tensor"), k_tt<BinOp::Div>, "Alias of div."},
    {TS("true_divide", ".Scalar"), k_ts<BinOp::Div>, "Alias of div by a Scalar."},
    {TT_("true_divide_", ".Tensor"), k_tt_<BinOp::Div>, "In-place true division."},
    {TS_("true_divide_", ".Scalar"), k_ts_<BinOp::Div>, "In-place true division by a Scalar."},
    {TT("floor_divide", ""), k_tt<BinOp::DivFloor>, "Division rounded toward negative infinity."},
    {TT_OUT("floor_divide", ".out"), k_tt_out<BinOp::DivFloor>, "floor_divide into out."},
    {TS("floor_divide", ".Scalar"), k_ts<BinOp::DivFloor>, "floor_divide by a Scalar."},
    {TT_("floor_divide_", ".Tensor"), k_tt_<BinOp::DivFloor>, "In-place floor_divide."},
    {TS_("floor_divide_", ".Scalar"), k_ts_<BinOp::DivFloor>, "In-place floor_divide by a Scalar."},
    {TT("remainder", ".Tensor"), k_tt<BinOp::Remainder>, "Python-style modulus (sign of the divisor)."},
    {TS("remainder", ".Scalar"), k_ts<BinOp::Remainder>, "remainder by a Scalar."},
    {"aten::remainder.Scalar_Tensor(Scalar self, Tensor other) -> Tensor", k_st<BinOp::Remainder>,
     "remainder of a Scalar by a tensor."},
    {TT_("remainder_", ".Tensor"), k_tt_<BinOp::Remainder>, "In-place remainder."},
    {TT_OUT("remainder", ".Tensor_out"), k_tt_out<BinOp::Remainder>, "remainder into out."},
    {TS_OUT("remainder", ".Scalar_out"), k_ts_out<BinOp::Remainder>, "remainder by a Scalar into out."},
    {"aten::remainder.Scalar_Tensor_out(Scalar self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)",
     k_st_out<BinOp::Remainder>, "remainder of a Scalar by a tensor, into out."},
    {TS_("remainder_", ".Scalar"), k_ts_<BinOp::Remainder>, "In-place remainder by a Scalar."},
    {TT("fmod", ".Tensor"), k_tt<BinOp::Fmod>, "C-style modulus (sign of the dividend)."},
    {TS("fmod", ".Scalar"), k_ts<BinOp::Fmod>, "fmod by a Scalar."},
    {TT_("fmod_", ".Tensor"), k_tt_<BinOp::Fmod>, "In-place fmod."},
    {TT_OUT("fmod", ".Tensor_out"), k_tt_out<BinOp::Fmod>, "fmod into out."},
    {TS_OUT("fmod", ".Scalar_out"), k_ts_out<BinOp::Fmod>, "fmod by a Scalar into out."},
    {TS_("fmod_", ".Scalar"), k_ts_<BinOp::Fmod>, "In-place fmod by a Scalar."},
    {"aten::pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", k_tt<BinOp::Pow>, "Elementwise power."},
    {"aten::pow.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", k_pow_ts, "Power with a Scalar exponent."},
    {"aten::pow.Scalar(Scalar self, Tensor exponent) -> Tensor", k_st<BinOp::Pow>, "A Scalar raised to a tensor."},
    {"aten::pow_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)", k_tt_<BinOp::Pow>, "In-place pow."},
    {"aten::pow_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)", k_pow_ts_,
     "In-place pow by a Scalar exponent."},
    {"aten::pow.Tensor_Tensor_out(Tensor self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)",
     k_tt_out<BinOp::Pow>, "pow into out."},
    {"aten::pow.Tensor_Scalar_out(Tensor self, Scalar exponent, *, Tensor(a!) out) -> Tensor(a!)", k_pow_ts_out,
     "pow with a Scalar exponent into out."},
    {"aten::pow.Scalar_out(Scalar self, Tensor exponent, *, Tensor(a!) out) -> Tensor(a!)", k_st_out<BinOp::Pow>,
     "A Scalar raised to a tensor, into out."},
    {"aten::float_power.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor", k_float_power_tt,
     "pow computed in float64."},
    {"aten::float_power.Tensor_Scalar(Tensor self, Scalar exponent) -> Tensor", k_float_power_ts,
     "pow computed in float64 with a Scalar exponent."},
    {"aten::float_power.Scalar(Scalar self, Tensor exponent) -> Tensor", k_float_power_st,
     "A Scalar raised to a tensor in float64."},
    {"aten::float_power_.Tensor(Tensor(a!) self, Tensor exponent) -> Tensor(a!)", k_float_power_tt_,
     "In-place float_power (self must be float64)."},
    {"aten::float_power_.Scalar(Tensor(a!) self, Scalar exponent) -> Tensor(a!)", k_float_power_ts_,
     "In-place float_power by a Scalar (self must be float64)."},
    {TT("atan2", ""), k_tt<BinOp::Atan2>, "Quadrant-aware arctangent of self / other."},
    {TT_OUT("atan2", ".out"), k_tt_out<BinOp::Atan2>, "atan2 into out."},
    {TT_("atan2_", ""), k_tt_<BinOp::Atan2>, "In-place atan2."},
    {TT("arctan2", ""), k_tt<BinOp::Atan2>, "Alias of atan2."},
    {TT("hypot", ""), k_tt<BinOp::Hypot>, "sqrt(self^2 + other^2) without overflow."},
    {TT_OUT("hypot", ".out"), k_tt_out<BinOp::Hypot>, "hypot into out."},
    {TT_("hypot_", ""), k_tt_<BinOp::Hypot>, "In-place hypot."},
    {TT("maximum", ""), k_tt<BinOp::Maximum>, "Elementwise maximum (NaN propagates)."},
    {TT_OUT("maximum", ".out"), k_tt_out<BinOp::Maximum>, "maximum into out."},
    {TT("minimum", ""), k_tt<BinOp::Minimum>, "Elementwise minimum (NaN propagates)."},
    {TT_OUT("minimum", ".out"), k_tt_out<BinOp::Minimum>, "minimum into out."},
    {TT("max", ".other"), k_tt<BinOp::Maximum>, "Elementwise maximum (alias of maximum)."},
    {TT("min", ".other"), k_tt<BinOp::Minimum>, "Elementwise minimum (alias of minimum)."},
    {TT("fmax", ""), k_tt<BinOp::Fmax>, "Elementwise maximum ignoring NaN."},
    {TT("fmin", ""), k_tt<BinOp::Fmin>, "Elementwise minimum ignoring NaN."},
    {TT("copysign", ".Tensor"), k_tt<BinOp::Copysign>, "|self| with the sign of other."},
    {TS("copysign", ".Scalar"), k_ts<BinOp::Copysign>, "|self| with the sign of a Scalar."},
    {TT_("copysign_", ".Tensor"), k_tt_<BinOp::Copysign>, "In-place copysign."},
    {TS_("copysign_", ".Scalar"), k_ts_<BinOp::Copysign>, "In-place copysign by a Scalar."},
    {TT("xlogy", ".Tensor"), k_tt<BinOp::Xlogy>, "self * log(other), 0 where self == 0."},
    {TS("xlogy", ".Scalar_Other"), k_ts<BinOp::Xlogy>, "xlogy with a Scalar other."},
    {"aten::xlogy.Scalar_Self(Scalar self, Tensor other) -> Tensor", k_st<BinOp::Xlogy>, "xlogy with a Scalar self."},
    {TT_("xlogy_", ".Tensor"), k_tt_<BinOp::Xlogy>, "In-place xlogy."},
    {TT("special_xlogy", ""), k_tt<BinOp::Xlogy>, "Alias of xlogy."},
    {TT("special_xlog1py", ""), k_tt<BinOp::Xlog1py>, "self * log1p(other), 0 where self == 0."},
    {TT("logaddexp", ""), k_tt<BinOp::Logaddexp>, "log(exp(self) + exp(other)) computed stably."},
    {TT("logaddexp2", ""), k_tt<BinOp::Logaddexp2>, "log2(2^self + 2^other) computed stably."},
    {TT("nextafter", ""), k_tt<BinOp::Nextafter>, "Next representable value after self toward other."},
    {TT_("nextafter_", ""), k_tt_<BinOp::Nextafter>, "In-place nextafter."},
    {"aten::heaviside(Tensor self, Tensor values) -> Tensor", k_tt<BinOp::Heaviside>,
     "Step function: 0 below zero, 1 above, values at zero."},
    {"aten::heaviside_(Tensor(a!) self, Tensor values) -> Tensor(a!)", k_tt_<BinOp::Heaviside>, "In-place heaviside."},
    {"aten::ldexp.Tensor(Tensor self, Tensor other) -> Tensor", k_ldexp, "self * 2^other."},
    {"aten::ldexp_(Tensor(a!) self, Tensor other) -> Tensor(a!)", k_ldexp_, "In-place ldexp."},
};

#undef TT
#undef TS
#undef TT_
#undef TS_
#undef TT_OUT
#undef TS_OUT

}  // namespace

Tensor add(const Tensor& a, const Tensor& b, const Scalar& alpha) { return addAlpha(a, b, alpha, false); }
Tensor sub(const Tensor& a, const Tensor& b, const Scalar& alpha) { return addAlpha(a, b, alpha, true); }
Tensor mul(const Tensor& a, const Tensor& b) { return binary<BinOp::Mul>(a, b); }
Tensor div(const Tensor& a, const Tensor& b) { return binary<BinOp::Div>(a, b); }
Tensor& add_(Tensor& self, const Tensor& other, const Scalar& alpha) {
  addAlpha(self, other, alpha, false, self);
  return self;
}
Tensor& mul_(Tensor& self, const Tensor& other) {
  binary<BinOp::Mul>(self, other, self);
  return self;
}
Tensor pow(const Tensor& self, const Scalar& exponent) { return powScalar(self, exponent); }
Tensor maximum(const Tensor& a, const Tensor& b) { return binary<BinOp::Maximum>(a, b); }
Tensor minimum(const Tensor& a, const Tensor& b) { return binary<BinOp::Minimum>(a, b); }

void registerBinaryOps(OperatorRegistry& registry) { registerOpEntries(registry, kBinaryOps); }

}  // namespace jitserve::ops
