// Complex arithmetic for the elementwise kernels, on std::complex<float> and
// std::complex<double> (the element types of ComplexFloat/ComplexDouble).
//
// std::complex's own * and / follow C99 Annex G (a library call per element
// to recover infinities from NaN products); PyTorch's CPU kernels multiply
// with the textbook formula and divide with Smith's scaled algorithm, which
// are also what these do, so results and speed follow PyTorch's. The
// transcendental functions (exp, log, sqrt, sin, ...) are std::'s.
#pragma once

#include <cmath>
#include <complex>
#include <limits>
#include <type_traits>

namespace jitserve::ops::cmath {

template <typename T>
inline constexpr bool is_complex_v = false;
template <typename T>
inline constexpr bool is_complex_v<std::complex<T>> = true;

// (a + bi)(c + di) = (ac - bd) + (ad + bc)i.
template <typename T>
inline std::complex<T> mul(std::complex<T> x, std::complex<T> y) {
  const T a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  return {a * c - b * d, a * d + b * c};
}

// Smith's algorithm: divide through by the larger of |c|, |d| so that
// c^2 + d^2 never overflows. A zero divisor gives NaN + NaN i, as PyTorch's
// vectorized kernels do (x * conj(y) / |y|^2 is 0 / 0 there).
template <typename T>
inline std::complex<T> div(std::complex<T> x, std::complex<T> y) {
  const T a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  if (std::abs(c) >= std::abs(d)) {
    if (c == T(0) && d == T(0)) return {std::numeric_limits<T>::quiet_NaN(), std::numeric_limits<T>::quiet_NaN()};
    const T r = d / c, s = T(1) / (c + d * r);
    return {(a + b * r) * s, (b - a * r) * s};
  }
  const T r = c / d, s = T(1) / (d + c * r);
  return {(a * r + b) * s, (b * r - a) * s};
}

template <typename T>
inline std::complex<T> reciprocal(std::complex<T> z) {
  return div(std::complex<T>(1), z);
}

// z / |z|, and 0 at 0 (torch.sgn).
template <typename T>
inline std::complex<T> sgn(std::complex<T> z) {
  if (z == std::complex<T>(0)) return {};
  const T a = std::abs(z);
  return {z.real() / a, z.imag() / a};
}

template <typename T>
inline std::complex<T> sigmoid(std::complex<T> z) {
  return reciprocal(std::complex<T>(1) + std::exp(-z));
}

template <typename T>
inline std::complex<T> rsqrt(std::complex<T> z) {
  return reciprocal(std::sqrt(z));
}

template <typename T>
inline std::complex<T> log2(std::complex<T> z) {
  const std::complex<T> l = std::log(z);
  constexpr T kInvLn2 = T(1.44269504088896340736);
  return {l.real() * kInvLn2, l.imag() * kInvLn2};
}

// sin(pi z) / (pi z), 1 at 0.
template <typename T>
inline std::complex<T> sinc(std::complex<T> z) {
  if (z == std::complex<T>(0)) return T(1);
  const std::complex<T> pz = z * T(3.14159265358979323846);
  return div(std::sin(pz), pz);
}

}  // namespace jitserve::ops::cmath
