// Orthogonal polynomials of torch.special, written once for the CPU kernels
// (special_poly_ops.cpp) and the CUDA ones (runtime/cuda/kernels/
// elementwise.cu): the same numbers on both. Each is evaluated by its
// three-term recurrence in double precision; the Chebyshev families switch
// to their closed trigonometric forms for large n inside (-1, 1), where the
// recurrence would accumulate rounding, and return exact values at x = +-1,
// matching PyTorch's special cases. A negative degree gives 0.
//
// Plain functions of doubles (no std:: calls, which device code lacks), host
// and device when compiled by nvcc.
#pragma once

#include <math.h>

#include <cstdint>

#ifdef __CUDACC__
#define JS_HOST_DEVICE __host__ __device__
#else
#define JS_HOST_DEVICE
#endif

namespace jitserve::special {

// Runs p_{k+1} = next(k, p_k, p_{k-1}) from (p0, p1) up to degree n >= 2.
template <typename Next>
JS_HOST_DEVICE inline double recur(int64_t n, double p0, double p1, const Next& next) {
  for (int64_t k = 1; k < n; ++k) {
    const double p2 = next(k, p1, p0);
    p0 = p1;
    p1 = p2;
  }
  return p1;
}

JS_HOST_DEVICE inline double sign(int64_t n) { return n % 2 == 0 ? 1.0 : -1.0; }

JS_HOST_DEVICE inline double chebyshevT(double x, int64_t n) {
  if (n < 0) return 0;
  if (::fabs(x) == 1) return x > 0 ? 1 : sign(n);
  if (n > 6 && ::fabs(x) < 1) return ::cos(static_cast<double>(n) * ::acos(x));
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

JS_HOST_DEVICE inline double chebyshevU(double x, int64_t n) {
  if (n < 0) return 0;
  const double n1 = static_cast<double>(n + 1);
  if (::fabs(x) == 1) return x > 0 ? n1 : sign(n) * n1;
  if (n > 8 && ::fabs(x) < 1) {
    const double t = ::acos(x);
    if (::sin(t) != 0) return ::sin(n1 * t) / ::sin(t);
    return n1 * ::cos(n1 * t) / x;
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x;
  return recur(n, 1, 2 * x, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

JS_HOST_DEVICE inline double chebyshevV(double x, int64_t n) {
  if (n < 0) return 0;
  const double odd = static_cast<double>(2 * n + 1);
  if (::fabs(x) == 1) return x > 0 ? 1 : sign(n) * odd;
  if (n > 8 && ::fabs(x) < 1) {
    const double t = ::acos(x);
    if (::sin(t / 2) != 1) return ::cos((static_cast<double>(n) + 0.5) * t) / ::cos(t / 2);
    return sign(n) * odd;
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x - 1;
  return recur(n, 1, 2 * x - 1, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

JS_HOST_DEVICE inline double chebyshevW(double x, int64_t n) {
  if (n < 0) return 0;
  const double odd = static_cast<double>(2 * n + 1);
  if (::fabs(x) == 1) return x > 0 ? odd : sign(n);
  if (n > 8 && ::fabs(x) < 1) {
    const double t = ::acos(x);
    if (::cos(t / 2) != 1) return ::sin((static_cast<double>(n) + 0.5) * t) / ::sin(t / 2);
    return x > 0 ? odd : sign(n);
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x + 1;
  return recur(n, 1, 2 * x + 1, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

JS_HOST_DEVICE inline double hermiteH(double x, int64_t n) {
  if (n < 0) return 0;
  if (n == 0) return 1;
  if (n == 1) return 2 * x;
  return recur(n, 1, 2 * x, [x](int64_t k, double p, double q) { return 2 * x * p - 2 * static_cast<double>(k) * q; });
}

JS_HOST_DEVICE inline double hermiteHe(double x, int64_t n) {
  if (n < 0) return 0;
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t k, double p, double q) { return x * p - static_cast<double>(k) * q; });
}

JS_HOST_DEVICE inline double laguerreL(double x, int64_t n) {
  if (n < 0) return 0;
  if (::fabs(x) == 0 || n == 0) return 1;
  if (n == 1) return 1 - x;
  return recur(n, 1, 1 - x, [x](int64_t k, double p, double q) {
    const double kd = static_cast<double>(k);
    return ((2 * kd + 1 - x) * p - kd * q) / (kd + 1);
  });
}

JS_HOST_DEVICE inline double legendreP(double x, int64_t n) {
  if (n < 0) return 0;
  if (::fabs(x) == 1) return (x > 0 || n == 0) ? 1 : sign(n);
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t k, double p, double q) {
    const double kd = static_cast<double>(k);
    return ((2 * kd + 1) * x * p - kd * q) / (kd + 1);
  });
}


// Shifted Chebyshev polynomials live on [0, 1]: P*(x) = P(2x - 1).
JS_HOST_DEVICE inline double shiftedChebyshevT(double x, int64_t n) { return chebyshevT(x + x - 1, n); }
JS_HOST_DEVICE inline double shiftedChebyshevU(double x, int64_t n) { return chebyshevU(x + x - 1, n); }
JS_HOST_DEVICE inline double shiftedChebyshevV(double x, int64_t n) { return chebyshevV(x + x - 1, n); }
JS_HOST_DEVICE inline double shiftedChebyshevW(double x, int64_t n) { return chebyshevW(x + x - 1, n); }

}  // namespace jitserve::special
