// The math module: unary functions in their .int / .float / .Scalar
// overloads, rounding to int (floor, ceil), and gcd, factorial, frexp, modf,
// ldexp, isnan/isinf/isfinite.
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/op_registration.h"

namespace jitserve {
namespace builtins {
namespace {

// One kernel per (function, argument kind): the function is a template
// argument so each kernel is a direct call (.int and .float are
// unaryKernel<int64_t or double, F>, builtin_utils.h).
template <double (*F)(double)>
void unaryScalar(Stack& s) {
  s.back() = IValue(F(s.back().toNumberAsDouble()));
}

double sqrtF(double x) { return std::sqrt(x); }
double expF(double x) { return std::exp(x); }
double logF(double x) { return std::log(x); }
double log10F(double x) { return std::log10(x); }
double log1pF(double x) { return std::log1p(x); }
double expm1F(double x) { return std::expm1(x); }
double sinF(double x) { return std::sin(x); }
double cosF(double x) { return std::cos(x); }
double tanF(double x) { return std::tan(x); }
double asinF(double x) { return std::asin(x); }
double acosF(double x) { return std::acos(x); }
double atanF(double x) { return std::atan(x); }
double sinhF(double x) { return std::sinh(x); }
double coshF(double x) { return std::cosh(x); }
double tanhF(double x) { return std::tanh(x); }
double asinhF(double x) { return std::asinh(x); }
double acoshF(double x) { return std::acosh(x); }
double atanhF(double x) { return std::atanh(x); }
double erfF(double x) { return std::erf(x); }
double erfcF(double x) { return std::erfc(x); }
double gammaF(double x) { return std::tgamma(x); }
double lgammaF(double x) { return std::lgamma(x); }
double fabsF(double x) { return std::fabs(x); }
double degreesF(double x) { return x * (180.0 / M_PI); }
double radiansF(double x) { return x * (M_PI / 180.0); }
// Python's round(): halves go to the even neighbour.
double roundF(double x) { return std::nearbyint(x); }

// floor/ceil of a float to an int; infinities and NaN have none.
int64_t toIntegral(double d) {
  JS_CHECK(!std::isinf(d), "Cannot convert float ", d < 0 ? "-inf" : "inf", " to integer");
  JS_CHECK(!std::isnan(d), "Cannot convert float NaN to integer");
  return static_cast<int64_t>(d);
}
void floorFloat(Stack& s) { s.back() = IValue(toIntegral(std::floor(s.back().toDouble()))); }
void ceilFloat(Stack& s) { s.back() = IValue(toIntegral(std::ceil(s.back().toDouble()))); }
void identityInt(Stack& s) { (void)s.back().toInt(); }
void floorScalar(Stack& s) {
  IValue& v = s.back();
  if (!isIntLike(v)) v = IValue(toIntegral(std::floor(v.toDouble())));
}
void ceilScalar(Stack& s) {
  IValue& v = s.back();
  if (!isIntLike(v)) v = IValue(toIntegral(std::ceil(v.toDouble())));
}

void isnanFloat(Stack& s) { s.back() = IValue(static_cast<bool>(std::isnan(s.back().toDouble()))); }
void isinfFloat(Stack& s) { s.back() = IValue(static_cast<bool>(std::isinf(s.back().toDouble()))); }
void isfiniteFloat(Stack& s) { s.back() = IValue(static_cast<bool>(std::isfinite(s.back().toDouble()))); }

void gcdInt(Stack& s) {
  const int64_t b = s.back().toInt();
  s.pop_back();
  const int64_t a = s.back().toInt();
  uint64_t x = a < 0 ? 0 - static_cast<uint64_t>(a) : static_cast<uint64_t>(a);
  uint64_t y = b < 0 ? 0 - static_cast<uint64_t>(b) : static_cast<uint64_t>(b);
  s.back() = IValue(static_cast<int64_t>(std::gcd(x, y)));
}

void factorialInt(Stack& s) {
  const int64_t n = s.back().toInt();
  JS_CHECK(n >= 0, "factorial() not defined for negative values");
  uint64_t r = 1;
  for (int64_t i = 2; i <= n; ++i) r *= static_cast<uint64_t>(i);  // wraps past 20!, like int64 arithmetic
  s.back() = IValue(static_cast<int64_t>(r));
}

void frexpFloat(Stack& s) {
  int e = 0;
  const double m = std::frexp(s.back().toDouble(), &e);
  s.back() = IValue(m);
  s.emplace_back(static_cast<int64_t>(e));
}
void modfFloat(Stack& s) {
  double ip = 0;
  const double fp = std::modf(s.back().toDouble(), &ip);
  s.back() = IValue(fp);
  s.emplace_back(ip);
}
void ldexpFloat(Stack& s) {
  const int64_t e = s.back().toInt();
  s.pop_back();
  const int ec = static_cast<int>(std::clamp<int64_t>(e, std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
  s.back() = IValue(std::ldexp(s.back().toDouble(), ec));
}

#define JITSERVE_UNARY_MATH(name, F, doc)                                      \
  {"aten::" name ".int(int a) -> float", unaryKernel<int64_t, F>, doc},       \
      {"aten::" name ".float(float a) -> float", unaryKernel<double, F>, doc}, \
      {"aten::" name ".Scalar(Scalar a) -> Scalar", unaryScalar<F>, doc}

}  // namespace

const ops::OpTable kMathOps = {
    JITSERVE_UNARY_MATH("sqrt", sqrtF, "math.sqrt"),
    JITSERVE_UNARY_MATH("exp", expF, "math.exp"),
    JITSERVE_UNARY_MATH("log", logF, "math.log"),
    JITSERVE_UNARY_MATH("log10", log10F, "math.log10"),
    JITSERVE_UNARY_MATH("log1p", log1pF, "math.log1p"),
    JITSERVE_UNARY_MATH("expm1", expm1F, "math.expm1"),
    JITSERVE_UNARY_MATH("sin", sinF, "math.sin"),
    JITSERVE_UNARY_MATH("cos", cosF, "math.cos"),
    JITSERVE_UNARY_MATH("tan", tanF, "math.tan"),
    JITSERVE_UNARY_MATH("asin", asinF, "math.asin"),
    JITSERVE_UNARY_MATH("acos", acosF, "math.acos"),
    JITSERVE_UNARY_MATH("atan", atanF, "math.atan"),
    JITSERVE_UNARY_MATH("sinh", sinhF, "math.sinh"),
    JITSERVE_UNARY_MATH("cosh", coshF, "math.cosh"),
    JITSERVE_UNARY_MATH("tanh", tanhF, "math.tanh"),
    JITSERVE_UNARY_MATH("asinh", asinhF, "math.asinh"),
    JITSERVE_UNARY_MATH("acosh", acoshF, "math.acosh"),
    JITSERVE_UNARY_MATH("atanh", atanhF, "math.atanh"),
    JITSERVE_UNARY_MATH("erf", erfF, "math.erf"),
    JITSERVE_UNARY_MATH("erfc", erfcF, "math.erfc"),
    JITSERVE_UNARY_MATH("gamma", gammaF, "math.gamma"),
    JITSERVE_UNARY_MATH("lgamma", lgammaF, "math.lgamma"),
    JITSERVE_UNARY_MATH("fabs", fabsF, "math.fabs"),
    JITSERVE_UNARY_MATH("degrees", degreesF, "math.degrees"),
    JITSERVE_UNARY_MATH("radians", radiansF, "math.radians"),
    JITSERVE_UNARY_MATH("round", roundF, "round(x), halves to even"),
    {"aten::floor.int(int a) -> int", identityInt, "math.floor of an int"},
    {"aten::floor.float(float a) -> int", floorFloat, "math.floor"},
    {"aten::floor.Scalar(Scalar a) -> Scalar", floorScalar, "math.floor"},
    {"aten::ceil.int(int a) -> int", identityInt, "math.ceil of an int"},
    {"aten::ceil.float(float a) -> int", ceilFloat, "math.ceil"},
    {"aten::ceil.Scalar(Scalar a) -> Scalar", ceilScalar, "math.ceil"},
    {"aten::isnan.float(float a) -> bool", isnanFloat, "math.isnan"},
    {"aten::isinf.float(float a) -> bool", isinfFloat, "math.isinf"},
    {"aten::isfinite.float(float a) -> bool", isfiniteFloat, "math.isfinite"},
    {"aten::gcd.int(int a, int b) -> int", gcdInt, "math.gcd"},
    {"aten::factorial.int(int a) -> int", factorialInt, "math.factorial"},
    {"aten::frexp(float a) -> (float, int)", frexpFloat, "math.frexp"},
    {"aten::modf(float a) -> (float, float)", modfFloat, "math.modf"},
    {"aten::ldexp(float x, int i) -> float", ldexpFloat, "math.ldexp"},
};
#undef JITSERVE_UNARY_MATH

}  // namespace builtins

}  // namespace jitserve
