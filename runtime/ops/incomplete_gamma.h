// The regularized incomplete gamma functions P(a, x) = gamma(a, x) / Gamma(a)
// and Q = 1 - P, in double precision, written once for the CPU kernels
// (incomplete_gamma_ops.cpp) and the CUDA ones (runtime/cuda/kernels/
// elementwise.cu): the same numbers on both. For x < a + 1 the power series
// of P converges fast; otherwise the continued fraction of Q (modified
// Lentz) does, and the other function is its complement. Edge cases follow
// PyTorch: negative a or x, or a == x == 0, give NaN; a == 0 is a point mass
// at 0; x == inf gives P = 1; a == inf gives P = 0 (NaN when x is inf too).
//
// Plain functions of doubles (math.h, no std::), host and device when
// compiled by nvcc.
#pragma once

#include <math.h>

#ifdef __CUDACC__
#define JS_IGAMMA_HOST_DEVICE __host__ __device__
#else
#define JS_IGAMMA_HOST_DEVICE
#endif

namespace jitserve::special {

namespace igamma_detail {

constexpr double kEps = 1e-16;

// log of the common prefactor x^a e^-x / Gamma(a).
JS_IGAMMA_HOST_DEVICE inline double logPrefactor(double a, double x) { return a * ::log(x) - x - ::lgamma(a); }

JS_IGAMMA_HOST_DEVICE inline double seriesP(double a, double x) {
  double term = 1 / a, sum = term, ap = a;
  for (int n = 0; n < 10000; ++n) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (::fabs(term) < ::fabs(sum) * kEps) break;
  }
  return sum * ::exp(logPrefactor(a, x));
}

JS_IGAMMA_HOST_DEVICE inline double fractionQ(double a, double x) {
  constexpr double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (::fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (::fabs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (::fabs(delta - 1) < kEps) break;
  }
  return ::exp(logPrefactor(a, x)) * h;
}

}  // namespace igamma_detail

// Returns P (upper = false) or Q (upper = true).
JS_IGAMMA_HOST_DEVICE inline double incompleteGamma(double a, double x, bool upper) {
  const double nan = NAN;
  if (a != a || x != x || a < 0 || x < 0 || (a == 0 && x == 0)) return nan;
  double p;
  if (a == 0) p = 1;
  else if (x == 0) p = 0;
  else if (a == INFINITY) {
    if (x == INFINITY) return nan;
    p = 0;
  } else if (x == INFINITY) p = 1;
  else if (x < a + 1) p = igamma_detail::seriesP(a, x);
  else {
    const double q = igamma_detail::fractionQ(a, x);
    return upper ? q : 1 - q;
  }
  return upper ? 1 - p : p;
}

}  // namespace jitserve::special
