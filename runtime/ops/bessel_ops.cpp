// Methods, all in double precision:
//  - J_n, Y_n (n = 0, 1): the power series (A&S 9.1.10-11) for |x| <= 12,
//    where cancellation costs at most ~4 of 16 digits; above, Hankel's
//    asymptotic expansion summed until its terms stop shrinking (smallest
//    term ~ exp(-2x) relative).
//  - K_nu: K_nu(x) = integral_0^inf exp(-x cosh t) cosh(nu t) dt. The
//    integrand is analytic and decays double-exponentially, so the
//    trapezoidal rule converges geometrically; exp(x) is folded in
//    (exp(-x (cosh t - 1))) so the scaled forms never underflow.
//  - Ai: Maclaurin series on [-7, 1] (cancellation costs < 6 digits there),
//    Ai(x) = sqrt(x / 3) K_{1/3}(2/3 x^1.5) / pi above, and the oscillatory
//    asymptotic expansion below -7.
#include "runtime/ops/bessel_ops.h"
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>
#include <numbers>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kEulerGamma = 0.57721566490153286061;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kSeriesLimit = 12.0;

// sum_k (-1)^k (x/2)^(2k+n) / (k! (k+n)!) for n = 0, 1.
double seriesJ(int n, double x) {
  const double q = -x * x / 4;
  double term = n == 0 ? 1.0 : x / 2, sum = term;
  for (int k = 1; k < 200; ++k) {
    term *= q / (static_cast<double>(k) * (k + n));
    sum += term;
    if (std::abs(term) < 1e-17 * std::abs(sum)) break;
  }
  return sum;
}

// Y_n for 0 < x <= kSeriesLimit (A&S 9.1.11):
//   Y_n = -(1/pi) (x/2)^-n sum_{k<n} (n-k-1)!/k! (x^2/4)^k + (2/pi) ln(x/2) J_n
//         - (1/pi) (x/2)^n sum_k (psi(k+1) + psi(n+k+1)) (-x^2/4)^k / (k! (n+k)!)
double seriesY(int n, double x) {
  const double q = -x * x / 4;
  double psi_k = -kEulerGamma;                        // psi(k + 1)
  double psi_nk = n == 0 ? psi_k : 1 - kEulerGamma;  // psi(n + k + 1)
  double term = 1.0;                                  // (-x^2/4)^k / (k! (n+k)!)
  double sum = (psi_k + psi_nk) * term;
  for (int k = 1; k < 200; ++k) {
    term *= q / (static_cast<double>(k) * (k + n));
    psi_k += 1.0 / k;
    psi_nk += 1.0 / (k + n);
    const double t = (psi_k + psi_nk) * term;
    sum += t;
    if (std::abs(t) < 1e-17 * std::abs(sum)) break;
  }
  double y = (2 / kPi) * std::log(x / 2) * seriesJ(n, x) - (1 / kPi) * std::pow(x / 2, n) * sum;
  if (n == 1) y -= (1 / kPi) * (2 / x);
  return y;
}

// Hankel's expansion: J_n = sqrt(2/(pi x)) (P cos chi - Q sin chi),
// Y_n = sqrt(2/(pi x)) (P sin chi + Q cos chi), chi = x - (n/2 + 1/4) pi.
void hankel(int n, double x, double& j, double& y) {
  const double mu = 4.0 * n * n, z = 8 * x;
  double p = 1, q = 0, term = 1, last = kInf;
  for (int k = 1; k < 100; ++k) {
    const double odd = 2.0 * k - 1;
    term *= (mu - odd * odd) / (k * z);
    if (std::abs(term) >= last) break;  // the series starts to diverge
    last = std::abs(term);
    // Odd k feed Q with signs + - + ..., even k feed P with signs - + - ...
    if (k % 2) q += ((k - 1) / 2) % 2 == 0 ? term : -term;
    else p += (k / 2) % 2 == 0 ? term : -term;
    if (last < 1e-17) break;
  }
  const double chi = x - (n / 2.0 + 0.25) * kPi, amp = std::sqrt(2 / (kPi * x));
  j = amp * (p * std::cos(chi) - q * std::sin(chi));
  y = amp * (p * std::sin(chi) + q * std::cos(chi));
}

double besselJ(int n, double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return 0;
  const double ax = std::abs(x);
  double j;
  if (ax <= kSeriesLimit) {
    j = seriesJ(n, ax);
  } else {
    double y;
    hankel(n, ax, j, y);
  }
  return (n == 1 && x < 0) ? -j : j;  // J1 is odd, J0 even
}

double besselY(int n, double x) {
  if (std::isnan(x)) return x;
  if (x < 0) return kNaN;
  if (x == 0) return -kInf;
  if (std::isinf(x)) return 0;
  if (x <= kSeriesLimit) return seriesY(n, x);
  double j, y;
  hankel(n, x, j, y);
  return y;
}

// Trapezoidal rule on integral_0^inf exp(-x (cosh t - 1)) cosh(nu t) dt.
double scaledK(double nu, double x) {
  constexpr double h = 0.03125;
  double sum = 0.5;  // t = 0: exp(0) * cosh(0) / 2
  for (int i = 1; i < 100000; ++i) {
    const double t = i * h;
    const double v = std::exp(-x * (std::cosh(t) - 1)) * std::cosh(nu * t);
    sum += v;
    if (t > 1 && v < 1e-18 * sum) break;
  }
  return sum * h;
}

double besselKScaled(int n, double x) {
  if (std::isnan(x)) return x;
  if (x < 0) return kNaN;
  if (x == 0) return kInf;
  if (std::isinf(x)) return 0;
  return scaledK(n, x);
}
double besselK(int n, double x) {
  if (std::isnan(x)) return x;
  if (x < 0) return kNaN;
  if (x == 0) return kInf;
  if (x > 750) return 0;
  return std::exp(-x) * scaledK(n, x);
}

double airy(double x) {
  if (std::isnan(x)) return x;
  if (x == kInf) return 0;
  if (x == -kInf) return 0;
  if (x > 1) {
    const double zeta = 2.0 / 3.0 * x * std::sqrt(x);
    if (zeta > 745) return 0;
    return std::sqrt(x / 3) * std::exp(-zeta) * scaledK(1.0 / 3.0, zeta) / kPi;
  }
  if (x < -7) {
    // Oscillatory expansion for x = -r, zeta = 2/3 r^1.5 (> 12 here, so the
    // smallest term is ~exp(-2 zeta)):
    //   Ai(-r) ~ r^-1/4 / sqrt(pi) [sin(zeta + pi/4) sum_k (-1)^k u_2k zeta^-2k
    //                               - cos(zeta + pi/4) sum_k (-1)^k u_2k+1 zeta^-(2k+1)]
    // with u_0 = 1, u_k = u_k-1 (6k-5)(6k-3)(6k-1) / ((2k-1) 216 k).
    const double r = -x, zeta = 2.0 / 3.0 * r * std::sqrt(r);
    double even = 1, odd = 0, u = 1, zp = 1, last = kInf;
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
    return (std::sin(ph) * even - std::cos(ph) * odd) / (std::sqrt(kPi) * std::pow(r, 0.25));
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
    if (std::abs(tf) < 1e-18 * std::abs(f) && std::abs(tg) < 1e-18 * std::abs(g) + 1e-300) break;
  }
  return c1 * f - c2 * g;
}

double sphericalJ0(double x) {
  if (std::isinf(x)) return 0;
  if (std::abs(x) < 1e-4) return 1 - x * x / 6;  // sin(x)/x loses nothing here, but avoids 0/0
  return std::sin(x) / x;
}

// name, schema argument name (PyTorch names some `x`), value, doc.
#define JS_BESSEL_FUNCTIONS(_)                                                                       \
  _(special_bessel_j0, self, besselJ(0, x), "Bessel function of the first kind, order 0.")                 \
  _(special_bessel_j1, self, besselJ(1, x), "Bessel function of the first kind, order 1.")                 \
  _(special_bessel_y0, self, besselY(0, x), "Bessel function of the second kind, order 0 (NaN for x < 0).") \
  _(special_bessel_y1, self, besselY(1, x), "Bessel function of the second kind, order 1 (NaN for x < 0).") \
  _(special_modified_bessel_k0, self, besselK(0, x), "Modified Bessel function of the second kind, order 0.") \
  _(special_modified_bessel_k1, self, besselK(1, x), "Modified Bessel function of the second kind, order 1.") \
  _(special_scaled_modified_bessel_k0, x, besselKScaled(0, x), "exp(x) * K0(x).")                        \
  _(special_scaled_modified_bessel_k1, x, besselKScaled(1, x), "exp(x) * K1(x).")                        \
  _(special_spherical_bessel_j0, x, sphericalJ0(x), "Spherical Bessel function of the first kind, sin(x)/x.") \
  _(special_airy_ai, x, airy(x), "Airy function Ai.")

#define JS_DEFINE_BESSEL(name, arg, expr, doc)                                                  \
  Tensor k_##name(const Tensor& self) {                                                   \
    Tensor out;                                                                            \
    TensorIterator it = unaryIter(out, self, Promotion::IntToFloat, #name);                \
    JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), #name, [&] {                             \
      unaryLoop<scalar_t>(it, [](auto v) {                                                 \
        const double x = static_cast<double>(v);                                           \
        return static_cast<decltype(v)>(expr);                                             \
      });                                                                                  \
    });                                                                                    \
    return out;                                                                            \
  }
JS_BESSEL_FUNCTIONS(JS_DEFINE_BESSEL)
#undef JS_DEFINE_BESSEL

#define JS_BESSEL_ENTRY(name, arg, expr, doc) op<k_##name>("aten::" #name "(Tensor " #arg ") -> Tensor", doc, kFusible),

}  // namespace

double besselJ0(double x) { return besselJ(0, x); }
double besselJ1(double x) { return besselJ(1, x); }
double besselY0(double x) { return besselY(0, x); }
double besselY1(double x) { return besselY(1, x); }
double scaledBesselK(double nu, double x) { return scaledK(nu, x); }
double airyAi(double x) { return airy(x); }

const OpTable kBesselOps = {JS_BESSEL_FUNCTIONS(JS_BESSEL_ENTRY)};
#undef JS_BESSEL_ENTRY
#undef JS_BESSEL_FUNCTIONS

}  // namespace jitserve::ops
