// Scalar math used by the elementwise kernels: the functions the C++ standard
// library lacks (digamma, erfinv, i0, sinc, ...) and the exact rounding rules
// PyTorch uses for division, remainder and rounding, which differ from C++'s
// operators (Python-style floor semantics, round-half-to-even).
//
// Everything here is a header-only template over the arithmetic type so the
// kernels that call it inline and vectorize.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

namespace jitserve::ops::math {

template <typename T>
inline constexpr T kPi = static_cast<T>(3.14159265358979323846264338327950288);

// Python-style integer floor division; the caller has checked b != 0.
template <typename T>
inline T floorDivInt(T a, T b) {
  if constexpr (std::is_unsigned_v<T>) {
    return a / b;
  } else {
    T q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
  }
}

// Python-style integer remainder (sign follows the divisor).
template <typename T>
inline T remainderInt(T a, T b) {
  if constexpr (std::is_unsigned_v<T>) {
    return a % b;
  } else {
    T r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
  }
}

// Floating floor division as PyTorch computes it: derived from fmod so that
// a == b * q + r holds as closely as possible, then rounded to the nearest
// integer instead of trusting floor(a / b) (which can be off by one).
template <typename T>
inline T floorDivFloat(T a, T b) {
  if (b == 0) return a / b;
  T mod = std::fmod(a, b);
  T div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0))) div -= T(1);
  T q;
  if (div != 0) {
    q = std::floor(div);
    if (div - q > T(0.5)) q += T(1);
  } else {
    q = std::copysign(T(0), a / b);
  }
  return q;
}

// Python-style floating remainder: a - b * floor(a / b), sign of the divisor.
template <typename T>
inline T remainderFloat(T a, T b) {
  T r = std::fmod(a, b);
  if (r != 0 && ((b < 0) != (r < 0))) r += b;
  return r;
}

// round-half-to-even with a decimal shift, as torch.round(x, decimals=d).
template <typename T>
inline T roundDecimals(T x, int64_t decimals) {
  if (decimals == 0) return std::nearbyint(x);
  const bool neg = decimals < 0;
  const T ten_pow = static_cast<T>(std::pow(10.0, static_cast<double>(neg ? -decimals : decimals)));
  return neg ? std::nearbyint(x / ten_pow) * ten_pow : std::nearbyint(x * ten_pow) / ten_pow;
}

// Digamma (psi): reflection for negative arguments, recurrence up to x >= 10,
// then the asymptotic series. Poles (0, negative integers) follow PyTorch:
// psi(+-0) = -+inf, psi(negative integer) = NaN.
template <typename T>
inline T digamma(T xin) {
  double x = static_cast<double>(xin);
  if (x == 0) return static_cast<T>(std::copysign(std::numeric_limits<double>::infinity(), -x));
  double result = 0;
  if (x < 0) {
    if (x == std::trunc(x)) return std::numeric_limits<T>::quiet_NaN();
    // psi(1 - x) - psi(x) = pi / tan(pi x)
    const double pi = kPi<double>;
    result = -pi / std::tan(pi * x);
    x = 1 - x;
  }
  while (x < 10) {
    result -= 1 / x;
    x += 1;
  }
  if (x == 10) return static_cast<T>(result + 2.25175258906672110764);
  // Asymptotic expansion with Bernoulli-number coefficients B_2k / (2k).
  const double z = 1 / (x * x);
  const double poly =
      z * (8.33333333333333333333e-2 +
           z * (-8.33333333333333333333e-3 +
                z * (3.96825396825396825397e-3 +
                     z * (-4.16666666666666666667e-3 +
                          z * (7.57575757575757575758e-3 +
                               z * (-2.10927960927960927961e-2 + z * 8.33333333333333333333e-2))))));
  return static_cast<T>(result + std::log(x) - 0.5 / x - poly);
}

// Inverse error function: a rational first guess refined by two Newton steps
// on erf, which brings it to full double precision.
template <typename T>
inline T erfinv(T yin) {
  const double y = static_cast<double>(yin);
  if (std::isnan(y) || y < -1 || y > 1) return std::numeric_limits<T>::quiet_NaN();
  if (y == 1) return std::numeric_limits<T>::infinity();
  if (y == -1) return -std::numeric_limits<T>::infinity();
  // Giles' single-precision approximation as the starting point.
  double w = -std::log((1.0 - y) * (1.0 + y));
  double x;
  if (w < 5.0) {
    w -= 2.5;
    double p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
    x = p * y;
  } else {
    w = std::sqrt(w) - 3.0;
    double p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
    x = p * y;
  }
  const double two_over_sqrt_pi = 1.12837916709551257390;
  for (int i = 0; i < 2; ++i) {
    const double err = std::erf(x) - y;
    x -= err / (two_over_sqrt_pi * std::exp(-x * x));
  }
  return static_cast<T>(x);
}

// Modified Bessel function of the first kind, order 0. The power series
// sum ((x/2)^2k / (k!)^2) converges for every x; for large |x| the
// asymptotic form avoids summing hundreds of terms.
template <typename T>
inline T i0(T xin) {
  const double x = std::fabs(static_cast<double>(xin));
  if (std::isnan(x)) return static_cast<T>(x);
  if (x > 30.0) {
    // I0(x) ~ e^x / sqrt(2 pi x) * (1 + 1/(8x) + 9/(128x^2) + 225/(3072x^3) + ...)
    double sum = 1, term = 1;
    for (int k = 1; k < 12; ++k) {
      term *= (2.0 * k - 1) * (2.0 * k - 1) / (8.0 * k * x);
      sum += term;
    }
    return static_cast<T>(std::exp(x) / std::sqrt(2 * kPi<double> * x) * sum);
  }
  const double q = x * x / 4;
  double term = 1, sum = 1;
  for (int k = 1; k < 200; ++k) {
    term *= q / (static_cast<double>(k) * k);
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return static_cast<T>(sum);
}

template <typename T>
inline T sinc(T x) {
  if (x == 0) return T(1);
  const double px = kPi<double> * static_cast<double>(x);
  return static_cast<T>(std::sin(px) / px);
}

template <typename T>
inline T sigmoid(T x) {
  return T(1) / (T(1) + std::exp(-x));
}

// log(x / (1 - x)) with the input clamped to [eps, 1 - eps] when eps >= 0.
template <typename T>
inline T logit(T x, double eps) {
  if (eps >= 0) {
    const T lo = static_cast<T>(eps), hi = static_cast<T>(1 - eps);
    x = x < lo ? lo : (x > hi ? hi : x);
  }
  return std::log(x / (T(1) - x));
}

template <typename T>
inline T geluErf(T x) {
  return T(0.5) * x * (T(1) + std::erf(x * T(0.70710678118654752440)));
}

template <typename T>
inline T geluTanh(T x) {
  const T k = T(0.79788456080286535588);  // sqrt(2 / pi)
  return T(0.5) * x * (T(1) + std::tanh(k * (x + T(0.044715) * x * x * x)));
}

// softplus(x) = log(1 + exp(beta x)) / beta, linear above the threshold.
template <typename T>
inline T softplus(T x, T beta, T threshold) {
  const T bx = x * beta;
  return bx > threshold ? x : std::log1p(std::exp(bx)) / beta;
}

template <typename T>
inline T logaddexp(T a, T b) {
  if (std::isinf(a) && a == b) return a;
  const T m = a > b ? a : b;
  return m + std::log1p(std::exp(-std::fabs(a - b)));
}

template <typename T>
inline T logaddexp2(T a, T b) {
  if (std::isinf(a) && a == b) return a;
  const T m = a > b ? a : b;
  return m + std::log1p(std::exp2(-std::fabs(a - b))) / T(0.69314718055994530942);
}

// x * log(y) with 0 * log(0) == 0 (NaN in y still propagates).
template <typename T>
inline T xlogy(T x, T y) {
  if (std::isnan(y)) return y;
  if (x == 0) return T(0);
  return x * std::log(y);
}

template <typename T>
inline T xlog1py(T x, T y) {
  if (std::isnan(y)) return y;
  if (x == 0) return T(0);
  return x * std::log1p(y);
}

// Integer add/sub/mul wrap around on overflow, as PyTorch's tensors and
// TorchScript ints do (two's complement). Signed overflow is undefined in
// C++, so signed integers go
// through the unsigned type of their width (at least unsigned int, so that
// narrow types do not promote back to a signed int).
template <typename T>
using WrapType = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
template <typename T>
inline T wrapAdd(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(static_cast<WrapType<T>>(a) + static_cast<WrapType<T>>(b));
  } else {
    return a + b;
  }
}
template <typename T>
inline T wrapSub(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(static_cast<WrapType<T>>(a) - static_cast<WrapType<T>>(b));
  } else {
    return a - b;
  }
}
template <typename T>
inline T wrapMul(T a, T b) {
  if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<T>(static_cast<WrapType<T>>(a) * static_cast<WrapType<T>>(b));
  } else {
    return a * b;
  }
}

// -1, 0 or 1. NaN gives 0, as PyTorch 1.13's sign computes (0 < x) - (x < 0)
// (torch.sign(tensor([nan])) is tensor([0.]); NumPy's would be NaN).
template <typename T>
inline T sign(T x) {
  return static_cast<T>((T(0) < x) - (x < T(0)));
}

// Integer power by squaring; negative exponents follow PyTorch's integer
// rules (1 and -1 stay finite, everything else truncates to 0).
template <typename T>
inline T powInt(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (exp & 1) ? -1 : 1;
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = static_cast<T>(result * base);
    exp = static_cast<T>(exp >> 1);
    base = static_cast<T>(base * base);
  }
  return result;
}

}  // namespace jitserve::ops::math
