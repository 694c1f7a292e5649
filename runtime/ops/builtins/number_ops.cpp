// int / float / bool / Scalar arithmetic, comparison, bit operations,
// min/max and conversions.
//
// Each arithmetic family is one Op struct with an int form (ii), a float
// form (dd) and, for + - * /, a complex form (cc); binaryKernel (builtin_utils.h) and the Scalar kernels below
// instantiate the .int, .float, .int_float, .float_int and (Scalar, Scalar)
// overloads from it (JITSERVE_NUMBER_OVERLOADS). Scalar
// overloads compute in int when both operands are ints (or bools) and in
// float otherwise, as Python does.
#include <cmath>
#include <complex>
#include <cstdint>
#include <functional>
#include <limits>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/scalar_math.h"

namespace jitserve {
namespace builtins {

double floorDivDouble(double a, double b) {
  if (b == 0) return a / b;  // inf or nan, as PyTorch
  const double mod = std::fmod(a, b);
  double div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1.0;
  if (div == 0) return std::copysign(0.0, a / b);
  const double floored = std::floor(div);
  return (div - floored > 0.5) ? floored + 1.0 : floored;
}

double floorModDouble(double a, double b) {
  if (b == 0) return std::numeric_limits<double>::quiet_NaN();
  double r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  if (r == 0) r = std::copysign(0.0, b);
  return r;
}

SliceBounds resolveSlice(std::optional<int64_t> start, std::optional<int64_t> end, int64_t step, int64_t length) {
  JS_CHECK(step != 0, "slice step cannot be zero");
  int64_t lo, hi;
  if (step > 0) {
    lo = start.value_or(0);
    hi = end.value_or(length);
    if (lo < 0) lo = std::max<int64_t>(lo + length, 0);
    if (hi < 0) hi = std::max<int64_t>(hi + length, 0);
    lo = std::min(lo, length);
    hi = std::min(hi, length);
    const int64_t count = hi > lo ? (hi - lo + step - 1) / step : 0;
    return {lo, step, count};
  }
  // Negative step: defaults run from the last element down past the first.
  lo = start.value_or(length - 1);
  hi = end.has_value() ? *end : -1 - length;  // "one before the first"
  if (lo < 0) lo += length;
  if (hi < 0) hi += length;
  lo = std::min(lo, length - 1);
  if (hi < -1) hi = -1;
  if (lo < 0) return {0, step, 0};
  const int64_t count = lo > hi ? (lo - hi + (-step) - 1) / (-step) : 0;
  return {lo, step, count};
}

namespace {

// TorchScript ints wrap on overflow (scalar_math.h), without UB.
using ops::math::wrapAdd;
using ops::math::wrapMul;
using ops::math::wrapSub;

[[noreturn]] void throwIntDivByZero() { JS_ERROR("division by 0"); }
[[noreturn]] void throwZeroNegativePower() { JS_ERROR("0.0 cannot be raised to a negative power"); }

using C = std::complex<double>;

struct Add {
  static int64_t ii(int64_t a, int64_t b) { return wrapAdd(a, b); }
  static double dd(double a, double b) { return a + b; }
  static C cc(C a, C b) { return a + b; }
};
struct Sub {
  static int64_t ii(int64_t a, int64_t b) { return wrapSub(a, b); }
  static double dd(double a, double b) { return a - b; }
  static C cc(C a, C b) { return a - b; }
};
struct Mul {
  static int64_t ii(int64_t a, int64_t b) { return wrapMul(a, b); }
  static double dd(double a, double b) { return a * b; }
  static C cc(C a, C b) { return a * b; }
};
// True division: always a float; int / 0 gives inf like PyTorch.
struct Div {
  static double ii(int64_t a, int64_t b) { return static_cast<double>(a) / static_cast<double>(b); }
  static double dd(double a, double b) { return a / b; }
  static C cc(C a, C b) { return a / b; }
};

// An operand of a complex overload: a complex, or a real number widened.
C asComplex(const IValue& v) { return v.toScalar().toComplexDouble(); }

// The result of a Scalar overload with a complex operand: Op's complex
// form, where it has one (Python has no // or % on complex numbers).
template <class Op>
IValue complexResult(const IValue& a, const IValue& b) {
  if constexpr (requires { Op::cc(C(), C()); }) {
    return IValue(Op::cc(asComplex(a), asComplex(b)));
  } else {
    JS_ERROR("unsupported operand types: '", a.type()->annotationStr(), "' and '", b.type()->annotationStr(), "'");
  }
}

// a op b for the .complex, .complex_int, ... overloads.
template <class Op>
void complexKernel(Stack& s) {
  const C b = asComplex(s.back());
  s.pop_back();
  s.back() = IValue(Op::cc(asComplex(s.back()), b));
}
struct FloorDiv {
  static int64_t ii(int64_t a, int64_t b) {
    if (b == 0) throwIntDivByZero();
    if (a == std::numeric_limits<int64_t>::min() && b == -1) return a;  // wraps
    return floorDiv(a, b);
  }
  static double dd(double a, double b) { return floorDivDouble(a, b); }
};
struct Remainder {
  static int64_t ii(int64_t a, int64_t b) {
    if (b == 0) throwIntDivByZero();
    if (b == -1) return 0;
    return floorMod(a, b);
  }
  static double dd(double a, double b) { return floorModDouble(a, b); }
};
// math.fmod: C's remainder (sign of the dividend), always a float.
struct Fmod {
  static double ii(int64_t a, int64_t b) { return std::fmod(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) { return std::fmod(a, b); }
};
// a ** b as a float (pow.int, pow.float, ...).
struct Pow {
  static double ii(int64_t a, int64_t b) { return dd(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) {
    if (a == 0 && b < 0) throwZeroNegativePower();
    return std::pow(a, b);
  }
};
// NaN handling as PyTorch: min(1.0, nan) is nan, max(nan, 1.0) is 1.0
// (the second operand wins unless the comparison holds).
struct Min {
  static int64_t ii(int64_t a, int64_t b) { return a < b ? a : b; }
  static double dd(double a, double b) { return a < b ? a : b; }
};
struct Max {
  static int64_t ii(int64_t a, int64_t b) { return a > b ? a : b; }
  static double dd(double a, double b) { return a > b ? a : b; }
};
struct Copysign {
  static double ii(int64_t a, int64_t b) { return std::copysign(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) { return std::copysign(a, b); }
};
struct Atan2 {
  static double ii(int64_t a, int64_t b) { return std::atan2(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) { return std::atan2(a, b); }
};
// math.log(x, base).
struct LogBase {
  static double ii(int64_t a, int64_t b) { return dd(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) { return std::log(a) / std::log(b); }
};
// math.remainder: IEEE remainder (round-half-even quotient).
struct MathRemainder {
  static double ii(int64_t a, int64_t b) { return std::remainder(static_cast<double>(a), static_cast<double>(b)); }
  static double dd(double a, double b) { return std::remainder(a, b); }
};

#define JITSERVE_COMPARE_OP(Name, op)                          \
  struct Name {                                                \
    static bool ii(int64_t a, int64_t b) { return a op b; }    \
    static bool dd(double a, double b) { return a op b; }      \
  };
JITSERVE_COMPARE_OP(Eq, ==)
JITSERVE_COMPARE_OP(Ne, !=)
JITSERVE_COMPARE_OP(Lt, <)
JITSERVE_COMPARE_OP(Le, <=)
JITSERVE_COMPARE_OP(Gt, >)
JITSERVE_COMPARE_OP(Ge, >=)
#undef JITSERVE_COMPARE_OP

// The int, float and mixed overloads of an Op are binaryKernel<A, B, Op::ii
// or Op::dd> (builtin_utils.h); the Scalar overloads pick int or float per
// call.
template <class Op>
void opScalarScalar(Stack& s) {
  const IValue& b = s.back();
  IValue& a = s[s.size() - 2];
  IValue r = a.isComplexDouble() || b.isComplexDouble() ? complexResult<Op>(a, b)
             : isIntLike(a) && isIntLike(b)             ? IValue(Op::ii(asInt(a), asInt(b)))
                                                        : IValue(Op::dd(a.toNumberAsDouble(), b.toNumberAsDouble()));
  s.pop_back();
  s.back() = std::move(r);
}
// Scalar overloads whose result is always a float (div, pow, fmod).
template <class Op>
void opScalarScalarFloat(Stack& s) {
  if (s.back().isComplexDouble() || s[s.size() - 2].isComplexDouble()) {
    IValue r = complexResult<Op>(s[s.size() - 2], s.back());
    s.pop_back();
    s.back() = std::move(r);
    return;
  }
  const double b = s.back().toNumberAsDouble();
  s.pop_back();
  IValue& a = s.back();
  a = IValue(static_cast<double>(Op::dd(a.toNumberAsDouble(), b)));
}

// pow.int_to_int: exact integer power; a negative exponent has no int result.
void powIntToInt(Stack& s) {
  int64_t e = s.back().toInt();
  s.pop_back();
  int64_t base = s.back().toInt();
  if (e < 0) {
    if (base == 0) throwZeroNegativePower();
    JS_ERROR("Integers to negative integer powers are not allowed.");
  }
  uint64_t result = 1, b = static_cast<uint64_t>(base);
  while (e) {
    if (e & 1) result *= b;
    b *= b;
    e >>= 1;
  }
  s.back() = IValue(static_cast<int64_t>(result));
}

// Bit operations ------------------------------------------------------------------

int64_t lshiftInt(int64_t a, int64_t b) {
  JS_CHECK(b >= 0, "negative shift count");
  return b >= 64 ? int64_t{0} : static_cast<int64_t>(static_cast<uint64_t>(a) << b);
}
int64_t rshiftInt(int64_t a, int64_t b) {
  JS_CHECK(b >= 0, "negative shift count");
  return b >= 64 ? (a < 0 ? int64_t{-1} : int64_t{0}) : (a >> b);
}

// Unary -------------------------------------------------------------------------------

struct Neg {
  static int64_t ii(int64_t a) { return wrapSub<int64_t>(0, a); }
  static double dd(double a) { return -a; }
};
struct Abs {
  static int64_t ii(int64_t a) { return a < 0 ? wrapSub<int64_t>(0, a) : a; }
  static double dd(double a) { return std::fabs(a); }
};
// The Scalar overload: int for int-like values, float otherwise.
template <class Op>
void unaryScalarOp(Stack& s) {
  IValue& v = s.back();
  v = isIntLike(v) ? IValue(Op::ii(asInt(v))) : IValue(Op::dd(v.toDouble()));
}

// divmod ----------------------------------------------------------------------------------

void divmodInt(Stack& s) {
  const int64_t b = s.back().toInt();
  s.pop_back();
  const int64_t a = s.back().toInt();
  JS_CHECK(b != 0, "ZeroDivisionError: integer division or modulo by zero");
  s.back() = IValue(FloorDiv::ii(a, b));
  s.emplace_back(Remainder::ii(a, b));
}
// The float, int_float and float_int overloads: computed in float.
template <typename A, typename B>
void divmodFloat(Stack& s) {
  const double b = static_cast<double>(scalarArg<B>(s.back()));
  s.pop_back();
  const double a = static_cast<double>(scalarArg<A>(s.back()));
  JS_CHECK(b != 0, "ZeroDivisionError: float divmod()");
  s.back() = IValue(floorDivDouble(a, b));
  s.emplace_back(floorModDouble(a, b));
}

// min/max over lists -----------------------------------------------------------------

template <class Op, bool IsFloat>
void minMaxOfList(Stack& s, const char* name) {
  IValue list = pop(s);
  const auto& elems = list.toListRef().elements;
  JS_CHECK(!elems.empty(), name, "() arg is an empty sequence");
  if constexpr (IsFloat) {
    double r = elems[0].toDouble();
    for (size_t i = 1; i < elems.size(); ++i) r = Op::dd(r, elems[i].toDouble());
    s.emplace_back(r);
  } else {
    int64_t r = asInt(elems[0]);
    for (size_t i = 1; i < elems.size(); ++i) r = Op::ii(r, asInt(elems[i]));
    if (elems[0].isBool()) {
      s.emplace_back(r != 0);
    } else {
      s.emplace_back(r);
    }
  }
}
void minSelfInt(Stack& s) { minMaxOfList<Min, false>(s, "min"); }
void maxSelfInt(Stack& s) { minMaxOfList<Max, false>(s, "max"); }
void minSelfFloat(Stack& s) { minMaxOfList<Min, true>(s, "min"); }
void maxSelfFloat(Stack& s) { minMaxOfList<Max, true>(s, "max"); }
void minSelfBool(Stack& s) { minMaxOfList<Min, false>(s, "min"); }
void maxSelfBool(Stack& s) { minMaxOfList<Max, false>(s, "max"); }

// prim::min(int[] l, int[] r): the lexicographically smaller list.
template <bool WantMin>
void minMaxOfTwoLists(Stack& s) {
  IValue r = pop(s);
  IValue l = pop(s);
  const auto& a = l.toListRef().elements;
  const auto& b = r.toListRef().elements;
  bool lLess = a.size() < b.size();
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    const double x = a[i].toNumberAsDouble(), y = b[i].toNumberAsDouble();
    if (x != y) {
      lLess = x < y;
      break;
    }
  }
  s.push_back(lLess == WantMin ? std::move(l) : std::move(r));
}

// Conversions ---------------------------------------------------------------------------

// int(float): truncation. Infinities and NaN have no int value; PyTorch
// returns INT64_MIN for them (the x86 conversion result), which we keep
// without relying on undefined behaviour.
int64_t truncToInt(double d) {
  if (!(d > -9223372036854775808.0 && d < 9223372036854775808.0)) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

void intFromScalar(Stack& s) {
  IValue& v = s.back();
  v = isIntLike(v) ? IValue(asInt(v)) : IValue(truncToInt(v.toDouble()));
}
void floatFromScalar(Stack& s) { s.back() = IValue(s.back().toNumberAsDouble()); }
int64_t intFromBool(bool b) { return static_cast<int64_t>(b); }
double floatFromInt(int64_t i) { return static_cast<double>(i); }
double floatFromBool(bool b) { return b ? 1.0 : 0.0; }
bool boolFromInt(int64_t i) { return i != 0; }
bool boolFromFloat(double d) { return d != 0.0; }

// Identity -------------------------------------------------------------------------------

bool isSame(const IValue& a, const IValue& b) { return a.is(b); }
// a `Same` b (is / ==) for any two values, or its negation.
template <bool (*Same)(const IValue&, const IValue&), bool Want>
void sameness(Stack& s) {
  IValue b = pop(s);
  s.back() = IValue(Same(s.back(), b) == Want);
}

// -z for a complex z.
void negComplex(Stack& s) { s.back() = IValue(-s.back().toComplexDouble()); }
void complexFromScalar(Stack& s) { s.back() = IValue(asComplex(s.back())); }

// Registration ---------------------------------------------------------------------------

// The complex overloads of + - *: complex with complex, int or float.
#define JITSERVE_COMPLEX_OVERLOADS(name, Op, doc)                                                         \
  {"aten::" name ".complex(complex a, complex b) -> complex", complexKernel<Op>, doc},                     \
      {"aten::" name ".complex_int(complex a, int b) -> complex", complexKernel<Op>, doc},                 \
      {"aten::" name ".int_complex(int a, complex b) -> complex", complexKernel<Op>, doc},                 \
      {"aten::" name ".complex_float(complex a, float b) -> complex", complexKernel<Op>, doc},             \
      {"aten::" name ".float_complex(float a, complex b) -> complex", complexKernel<Op>, doc}

// The five overloads of a family: int, float, int_float and float_int
// (returning iiRet for int/int, ddRet otherwise), and Scalar.
#define JITSERVE_NUMBER_OVERLOADS(prefix, name, Op, iiRet, ddRet, scalarSchema, scalarKernel, doc)      \
  {prefix name ".int(int a, int b) -> " iiRet, binaryKernel<int64_t, int64_t, Op::ii>, doc},            \
      {prefix name ".float(float a, float b) -> " ddRet, binaryKernel<double, double, Op::dd>, doc},    \
      {prefix name ".int_float(int a, float b) -> " ddRet, binaryKernel<int64_t, double, Op::dd>, doc}, \
      {prefix name ".float_int(float a, int b) -> " ddRet, binaryKernel<double, int64_t, Op::dd>, doc}, \
      {prefix name scalarSchema, scalarKernel<Op>, doc}
// Arithmetic whose int/int form returns int; families whose every overload
// returns float; comparisons; prim::min / prim::max.
#define JITSERVE_ARITH_OVERLOADS(name, Op, doc) \
  JITSERVE_NUMBER_OVERLOADS("aten::", name, Op, "int", "float", "(Scalar a, Scalar b) -> Scalar", opScalarScalar, doc)
#define JITSERVE_FLOAT_OVERLOADS(name, Op, scalarName, doc)                                                   \
  JITSERVE_NUMBER_OVERLOADS("aten::", name, Op, "float", "float", scalarName "(Scalar a, Scalar b) -> float", \
                            opScalarScalarFloat, doc)
#define JITSERVE_COMPARE_OVERLOADS(name, Op, doc) \
  JITSERVE_NUMBER_OVERLOADS("aten::", name, Op, "bool", "bool", "(Scalar a, Scalar b) -> bool", opScalarScalar, doc)
#define JITSERVE_MINMAX_OVERLOADS(name, Op, doc) \
  JITSERVE_NUMBER_OVERLOADS("prim::", name, Op, "int", "float", "(Scalar a, Scalar b) -> Scalar", opScalarScalar, doc)

}  // namespace

const ops::OpTable kNumberOps = {
    // The complex overloads come before the (Scalar, Scalar) ones, which
    // accept complex numbers too: the frontend takes the first overload
    // that matches, and a complex result keeps its type.
    JITSERVE_COMPLEX_OVERLOADS("add", Add, "a + b"),
    JITSERVE_COMPLEX_OVERLOADS("sub", Sub, "a - b"),
    JITSERVE_COMPLEX_OVERLOADS("mul", Mul, "a * b"),
    // As in PyTorch 1.13, div mixes complex with nothing else: complex / float
    // resolves to div(Scalar, Scalar) -> float.
    {"aten::div.complex(complex a, complex b) -> complex", complexKernel<Div>, "a / b"},
    {"aten::neg.complex(complex a) -> complex", negComplex, "-a"},
    {"aten::Complex.Scalar(Scalar a) -> complex", complexFromScalar, "complex(a): what a Scalar converts to"},
    JITSERVE_ARITH_OVERLOADS("add", Add, "a + b"),
    JITSERVE_ARITH_OVERLOADS("sub", Sub, "a - b"),
    JITSERVE_ARITH_OVERLOADS("mul", Mul, "a * b"),
    JITSERVE_ARITH_OVERLOADS("floordiv", FloorDiv, "a // b, rounding toward -inf"),
    JITSERVE_ARITH_OVERLOADS("remainder", Remainder, "a % b, with the sign of b"),
    // div has no mixed int/float overloads; those resolve to div(Scalar, Scalar).
    {"aten::div.int(int a, int b) -> float", binaryKernel<int64_t, int64_t, Div::ii>, "a / b (true division)"},
    {"aten::div.float(float a, float b) -> float", binaryKernel<double, double, Div::dd>, "a / b"},
    {"aten::div(Scalar a, Scalar b) -> float", opScalarScalarFloat<Div>, "a / b (true division)"},
    JITSERVE_FLOAT_OVERLOADS("fmod", Fmod, "", "math.fmod(a, b)"),
    JITSERVE_FLOAT_OVERLOADS("copysign", Copysign, "", "math.copysign(a, b)"),
    JITSERVE_FLOAT_OVERLOADS("mathremainder", MathRemainder, "", "math.remainder(a, b)"),
    JITSERVE_FLOAT_OVERLOADS("pow", Pow, ".Scalar_Scalar", "a ** b as a float"),
    {"aten::pow.int_to_int(int a, int b) -> int", powIntToInt, "a ** b for a non-negative int exponent"},
    JITSERVE_FLOAT_OVERLOADS("atan2", Atan2, ".Scalar_Scalar", "math.atan2(a, b)"),
    {"aten::log.int_int(int a, int b) -> float", binaryKernel<int64_t, int64_t, LogBase::ii>, "math.log(a, base)"},
    {"aten::log.float_float(float a, float b) -> float", binaryKernel<double, double, LogBase::dd>,
     "math.log(a, base)"},
    {"aten::log.int_float(int a, float b) -> float", binaryKernel<int64_t, double, LogBase::dd>, "math.log(a, base)"},
    {"aten::log.float_int(float a, int b) -> float", binaryKernel<double, int64_t, LogBase::dd>, "math.log(a, base)"},
    {"aten::log.Scalar_Scalar(Scalar a, Scalar b) -> float", opScalarScalarFloat<LogBase>, "math.log(a, base)"},
    JITSERVE_COMPARE_OVERLOADS("eq", Eq, "a == b"),
    JITSERVE_COMPARE_OVERLOADS("ne", Ne, "a != b"),
    JITSERVE_COMPARE_OVERLOADS("lt", Lt, "a < b"),
    JITSERVE_COMPARE_OVERLOADS("le", Le, "a <= b"),
    JITSERVE_COMPARE_OVERLOADS("gt", Gt, "a > b"),
    JITSERVE_COMPARE_OVERLOADS("ge", Ge, "a >= b"),
    {"aten::eq.bool(bool a, bool b) -> bool", binaryKernel<bool, bool, std::equal_to<bool>{}>, "a == b"},
    {"aten::ne.bool(bool a, bool b) -> bool", binaryKernel<bool, bool, std::not_equal_to<bool>{}>, "a != b"},
    {"aten::eq.device(Device a, Device b) -> bool", binaryKernel<Device, Device, std::equal_to<Device>{}>, "a == b"},
    {"aten::ne.device(Device a, Device b) -> bool", binaryKernel<Device, Device, std::not_equal_to<Device>{}>,
     "a != b"},
    {"aten::eq.enum(AnyEnumType a, AnyEnumType b) -> bool", sameness<ivaluesEqual, true>, "a == b for enum members"},
    {"aten::ne.enum(AnyEnumType a, AnyEnumType b) -> bool", sameness<ivaluesEqual, false>, "a != b for enum members"},
    JITSERVE_MINMAX_OVERLOADS("min", Min, "min(a, b)"),
    JITSERVE_MINMAX_OVERLOADS("max", Max, "max(a, b)"),
    {"prim::min.self_int(int[] self) -> int", minSelfInt, "min(list)"},
    {"prim::max.self_int(int[] self) -> int", maxSelfInt, "max(list)"},
    {"prim::min.self_float(float[] self) -> float", minSelfFloat, "min(list)"},
    {"prim::max.self_float(float[] self) -> float", maxSelfFloat, "max(list)"},
    {"prim::min.self_bool(bool[] self) -> bool", minSelfBool, "min(list)"},
    {"prim::max.self_bool(bool[] self) -> bool", maxSelfBool, "max(list)"},
    {"prim::min.int_list(int[] l, int[] r) -> int[]", minMaxOfTwoLists<true>, "min(l, r), lexicographic"},
    {"prim::max.int_list(int[] l, int[] r) -> int[]", minMaxOfTwoLists<false>, "max(l, r), lexicographic"},
    {"prim::min.float_list(float[] l, float[] r) -> float[]", minMaxOfTwoLists<true>, "min(l, r), lexicographic"},
    {"prim::max.float_list(float[] l, float[] r) -> float[]", minMaxOfTwoLists<false>, "max(l, r), lexicographic"},
    {"prim::min.bool_list(bool[] l, bool[] r) -> bool[]", minMaxOfTwoLists<true>, "min(l, r), lexicographic"},
    {"prim::max.bool_list(bool[] l, bool[] r) -> bool[]", minMaxOfTwoLists<false>, "max(l, r), lexicographic"},
    {"aten::__and__.int(int a, int b) -> int", binaryKernel<int64_t, int64_t, std::bit_and<int64_t>{}>, "a & b"},
    {"aten::__or__.int(int a, int b) -> int", binaryKernel<int64_t, int64_t, std::bit_or<int64_t>{}>, "a | b"},
    {"aten::__xor__.int(int a, int b) -> int", binaryKernel<int64_t, int64_t, std::bit_xor<int64_t>{}>, "a ^ b"},
    {"aten::__and__.bool(bool a, bool b) -> bool", binaryKernel<bool, bool, std::logical_and<bool>{}>, "a and b"},
    {"aten::__or__.bool(bool a, bool b) -> bool", binaryKernel<bool, bool, std::logical_or<bool>{}>, "a or b"},
    {"aten::__xor__.bool(bool a, bool b) -> bool", binaryKernel<bool, bool, std::not_equal_to<bool>{}>, "a != b"},
    {"aten::__lshift__.int(int a, int b) -> int", binaryKernel<int64_t, int64_t, lshiftInt>, "a << b"},
    {"aten::__rshift__.int(int a, int b) -> int", binaryKernel<int64_t, int64_t, rshiftInt>, "a >> b (arithmetic)"},
    {"aten::__not__(bool self) -> bool", unaryKernel<bool, std::logical_not<bool>{}>, "not self"},
    {"aten::neg.int(int a) -> int", unaryKernel<int64_t, Neg::ii>, "-a"},
    {"aten::neg.float(float a) -> float", unaryKernel<double, Neg::dd>, "-a"},
    {"aten::neg.Scalar(Scalar a) -> Scalar", unaryScalarOp<Neg>, "-a"},
    {"prim::abs.int(int a) -> int", unaryKernel<int64_t, Abs::ii>, "abs(a)"},
    {"prim::abs.float(float a) -> float", unaryKernel<double, Abs::dd>, "abs(a)"},
    {"prim::abs.Scalar(Scalar a) -> Scalar", unaryScalarOp<Abs>, "abs(a)"},
    {"aten::divmod.int(int x, int y) -> (int, int)", divmodInt, "divmod(x, y)"},
    {"aten::divmod.float(float x, float y) -> (float, float)", divmodFloat<double, double>, "divmod(x, y)"},
    {"aten::divmod.int_float(int x, float y) -> (float, float)", divmodFloat<int64_t, double>, "divmod(x, y)"},
    {"aten::divmod.float_int(float x, int y) -> (float, float)", divmodFloat<double, int64_t>, "divmod(x, y)"},
    {"aten::Int.float(float a) -> int", unaryKernel<double, truncToInt>, "int(a), truncating"},
    {"aten::Int.bool(bool a) -> int", unaryKernel<bool, intFromBool>, "int(a)"},
    {"aten::Int.Scalar(Scalar a) -> int", intFromScalar, "int(a)"},
    {"aten::Float.int(int a) -> float", unaryKernel<int64_t, floatFromInt>, "float(a)"},
    {"aten::Float.bool(bool a) -> float", unaryKernel<bool, floatFromBool>, "float(a)"},
    {"aten::Float.Scalar(Scalar a) -> float", floatFromScalar, "float(a)"},
    {"aten::Bool.int(int a) -> bool", unaryKernel<int64_t, boolFromInt>, "bool(a)"},
    {"aten::Bool.float(float a) -> bool", unaryKernel<double, boolFromFloat>, "bool(a)"},
    {"aten::__is__(t1 self, t2 obj) -> bool", sameness<isSame, true>, "self is obj"},
    {"aten::__isnot__(t1 self, t2 obj) -> bool", sameness<isSame, false>, "self is not obj"},
};
#undef JITSERVE_ARITH_OVERLOADS
#undef JITSERVE_FLOAT_OVERLOADS
#undef JITSERVE_COMPARE_OVERLOADS
#undef JITSERVE_MINMAX_OVERLOADS
#undef JITSERVE_COMPLEX_OVERLOADS

}  // namespace builtins

}  // namespace jitserve
