// Methods, all in double precision:
//  - J_n, Y_n (n = 0, 1): the power series (A&S 9.1.10-11) for |x| <= 12,
//    where cancellation costs at most ~4 of 16 digits; above, Hankel's
//    asymptotic expansion summed until its terms stop shrinking (smallest
//    term ~ exp(-2x) relative).
//  - K_n and Ai: runtime/ops/bessel_k_airy.h, shared with the CUDA kernels.
#include "runtime/ops/bessel_ops.h"
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>
#include <numbers>

#include "runtime/ops/bessel_k_airy.h"
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

using special::airyAi;
using special::besselK;
using special::besselKScaled;

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
  _(special_airy_ai, x, airyAi(x), "Airy function Ai.")

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
double scaledBesselK(double nu, double x) { return special::scaledBesselK(nu, x); }
double airyAi(double x) { return special::airyAi(x); }

const OpTable kBesselOps = {JS_BESSEL_FUNCTIONS(JS_BESSEL_ENTRY)};
#undef JS_BESSEL_ENTRY
#undef JS_BESSEL_FUNCTIONS

}  // namespace jitserve::ops
