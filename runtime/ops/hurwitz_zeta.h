// The Hurwitz zeta function zeta(x, q) = sum_k (k + q)^-x in double
// precision, written once for the CPU kernels (zeta_ops.cpp: special_zeta,
// polygamma) and the CUDA ones (runtime/cuda/kernels/special.cu): the same
// numbers on both. Euler-Maclaurin summation: add terms directly until q + k
// is large (>= 9 and at least 9 terms), then close the tail with the
// integral term, half the last term and the Bernoulli corrections
//   sum_j B_2j / (2j)! * x (x+1) ... (x+2j-2) * a^(-x-2j+1).
// Domain, as in PyTorch: x == 1 is +inf, x < 1 is NaN; q a non-positive
// integer is +inf; q <= 0 with non-integer x is NaN.
//
// A plain function of doubles (math.h, no std::), host and device when
// compiled by nvcc.
#pragma once

#include <math.h>

#ifdef __CUDACC__
#define JS_ZETA_HOST_DEVICE __host__ __device__
#else
#define JS_ZETA_HOST_DEVICE
#endif

namespace jitserve::special {

JS_ZETA_HOST_DEVICE inline double hurwitzZeta(double x, double q) {
  constexpr double kEps = 2.220446049250313e-16;  // DBL_EPSILON
  if (isnan(x) || isnan(q)) return NAN;
  if (x == 1) return INFINITY;
  if (x < 1) return NAN;
  if (q <= 0) {
    if (q == ::floor(q)) return INFINITY;
    if (x != ::floor(x)) return NAN;
  }
  // (2j)! / B_2j for j = 1..12 (a local array: device code has no
  // function-scope statics).
  const double kFactOverBernoulli[12] = {
      12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
      -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
      -7.1661652561756670113e18};
  double s = ::pow(q, -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = ::pow(a, -x);
    s += b;
    if (::fabs(b / s) < kEps) return s;
  }
  const double w = a;
  s += b * w / (x - 1) - 0.5 * b;
  double fac = 1, k = 0;
  for (int j = 0; j < 12; ++j) {
    fac *= x + k;
    b /= w;
    const double t = fac * b / kFactOverBernoulli[j];
    s += t;
    if (::fabs(t / s) < kEps) break;
    k += 1;
    fac *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

}  // namespace jitserve::special
