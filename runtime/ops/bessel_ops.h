// Bessel-family special functions of torch.special: bessel_j0/j1/y0/y1,
// modified_bessel_k0/k1 and their exp-scaled forms, spherical_bessel_j0 and
// airy_ai. Computed in double (series, asymptotic expansions and
// trapezoidal quadrature of integral representations), cast to the input's
// floating dtype; integer inputs promote to the default dtype.
#pragma once

namespace jitserve::ops {

double besselJ0(double x);
double besselJ1(double x);
double besselY0(double x);
double besselY1(double x);
// exp(x) * K_nu(x) for x > 0 and any real order nu.
double scaledBesselK(double nu, double x);
double airyAi(double x);

}  // namespace jitserve::ops
