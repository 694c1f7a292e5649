// The modified Bessel functions of the second kind K_nu (exp-scaled and
// plain) and the Airy function Ai, in double precision, written once for the
// CPU kernels (bessel_ops.cpp) and the CUDA ones (runtime/cuda/kernels/
// special.cu): the same numbers on both.
//  - K_nu: K_nu(x) = integral_0^inf exp(-x cosh t) cosh(nu t) dt. The
//    integrand is analytic and decays double-exponentially, so the
//    trapezoidal rule converges geometrically; exp(x) is folded in
//    (exp(-x (cosh t - 1))) so the scaled forms never underflow.
//  - Ai: Maclaurin series on [-7, 1] (cancellation costs < 6 digits there),
//    Ai(x) = sqrt(x / 3) K_{1/3}(2/3 x^1.5) / pi above, and the oscillatory
//    asymptotic expansion below -7.
// Edge cases: NaN stays NaN; K of x < 0 is NaN, of 0 is +inf; Ai(+-inf) = 0.
//
// Plain functions of doubles (math.h, no std::), host and device when
// compiled by nvcc.
#pragma once

#include <math.h>

#ifdef __CUDACC__
#define JS_BESSEL_HOST_DEVICE __host__ __device__
#else
#define JS_BESSEL_HOST_DEVICE
#endif

namespace jitserve::special {

namespace bessel_detail {
constexpr double kPi = 3.14159265358979323846;
}  // namespace bessel_detail

// exp(x) * K_nu(x) for x > 0 and any real order nu: the trapezoidal rule on
// integral_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt.
JS_BESSEL_HOST_DEVICE inline double scaledBesselK(double nu, double x) {
  constexpr double h = 0.03125;
  double sum = 0.5;  // t = 0: exp(0) * cosh(0) / 2
  for (int i = 1; i < 100000; ++i) {
    const double t = i * h;
    const double v = ::exp(-x * (::cosh(t) - 1)) * ::cosh(nu * t);
    sum += v;
    if (t > 1 && v < 1e-18 * sum) break;
  }
  return sum * h;
}

// exp(x) K_n(x) with the edge cases (n = 0, 1).
JS_BESSEL_HOST_DEVICE inline double besselKScaled(int n, double x) {
  if (isnan(x)) return x;
  if (x < 0) return NAN;
  if (x == 0) return INFINITY;
  if (isinf(x)) return 0;
  return scaledBesselK(n, x);
}

// K_n(x) (n = 0, 1); 0 once exp(-x) underflows.
JS_BESSEL_HOST_DEVICE inline double besselK(int n, double x) {
  if (isnan(x)) return x;
  if (x < 0) return NAN;
  if (x == 0) return INFINITY;
  if (x > 750) return 0;
  return ::exp(-x) * scaledBesselK(n, x);
}

JS_BESSEL_HOST_DEVICE inline double airyAi(double x) {
  using bessel_detail::kPi;
  if (isnan(x)) return x;
  if (isinf(x)) return 0;
  if (x > 1) {
    const double zeta = 2.0 / 3.0 * x * ::sqrt(x);
    if (zeta > 745) return 0;
    return ::sqrt(x / 3) * ::exp(-zeta) * scaledBesselK(1.0 / 3.0, zeta) / kPi;
  }
  if (x < -7) {
    // Oscillatory expansion for x = -r, zeta = 2/3 r^1.5 (> 12 here, so the
    // smallest term is ~exp(-2 zeta)):
    //   Ai(-r) ~ r^-1/4 / sqrt(pi) [sin(zeta + pi/4) sum_k (-1)^k u_2k zeta^-2k
    //                               - cos(zeta + pi/4) sum_k (-1)^k u_2k+1 zeta^-(2k+1)]
    // with u_0 = 1, u_k = u_k-1 (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k).
    const double r = -x, zeta = 2.0 / 3.0 * r * ::sqrt(r);
    double even = 1, odd = 0, u = 1, zp = 1, last = INFINITY;
    for (int k = 1; k < 60; ++k) {
      u *= (6.0 * k - 5) * (6.0 * k - 3) * (6.0 * k - 1) / ((2.0 * k - 1) * 216.0 * k);
      zp /= zeta;
      const double term = u * zp;
      if (term >= last) break;
      last = term;
      const double sign = ((k / 2) % 2 == 0) ? 1.0 : -1.0;
      if (k % 2) odd += sign * term;
      else even += sign * term;
    }
    const double ph = zeta + kPi / 4;
    return (::sin(ph) * even - ::cos(ph) * odd) / (::sqrt(kPi) * ::pow(r, 0.25));
  }
  // Ai(x) = c1 f(x) - c2 g(x): f = sum 3^k (1/3)_k x^3k / (3k)!,
  // g = sum 3^k (2/3)_k x^(3k+1) / (3k+1)!, each term from the previous by
  // the ratio of consecutive terms.
  constexpr double c1 = 0.355028053887817239260, c2 = 0.258819403792806798405;
  const double x3 = x * x * x;
  double f = 1, g = x, tf = 1, tg = x;
  for (int k = 1; k < 500; ++k) {
    tf *= x3 / ((3.0 * k - 1) * (3.0 * k));
    tg *= x3 / ((3.0 * k) * (3.0 * k + 1));
    f += tf;
    g += tg;
    if (::fabs(tf) < 1e-18 * ::fabs(f) && ::fabs(tg) < 1e-18 * ::fabs(g) + 1e-300) break;
  }
  return c1 * f - c2 * g;
}

}  // namespace jitserve::special
