// Hurwitz zeta by Euler-Maclaurin summation: add terms directly until q + k
// is large (>= 9 and at least 9 terms), then close the tail with the integral
// term, half the last term and the Bernoulli corrections
//   sum_j B_2j / (2j)! * x (x+1) ... (x+2j-2) * a^(-x-2j+1).
// Domain, as in PyTorch: x == 1 is +inf, x < 1 is NaN; q a non-positive
// integer is +inf; q <= 0 with non-integer x is NaN.
// polygamma(n, x), the n-th derivative of digamma, is built on it:
// (-1)^(n+1) n! zeta(n + 1, x) for n >= 1, digamma for n = 0.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/scalar_math.h"

namespace jitserve::ops {
namespace {

double hurwitzZeta(double x, double q) {
  constexpr double kEps = std::numeric_limits<double>::epsilon();
  const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
  if (std::isnan(x) || std::isnan(q)) return nan;
  if (x == 1) return inf;
  if (x < 1) return nan;
  if (q <= 0) {
    if (q == std::floor(q)) return inf;
    if (x != std::floor(x)) return nan;
  }
  // (2j)! / B_2j for j = 1..12.
  static constexpr double kFactOverBernoulli[] = {
      12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
      -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15, 1.8152105401943546773e17,
      -7.1661652561756670113e18};
  double s = std::pow(q, -x), a = q, b = 0;
  int i = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = std::pow(a, -x);
    s += b;
    if (std::abs(b / s) < kEps) return s;
  }
  const double w = a;
  s += b * w / (x - 1) - 0.5 * b;
  double fac = 1, k = 0;
  for (double c : kFactOverBernoulli) {
    fac *= x + k;
    b /= w;
    const double t = fac * b / c;
    s += t;
    if (std::abs(t / s) < kEps) break;
    k += 1;
    fac *= x + k;
    b /= w;
    k += 1;
  }
  return s;
}

Tensor zeta(const Tensor& x, const Tensor& q) {
  Tensor out;
  TensorIterator it = binaryIter(out, x, q, Promotion::IntToFloat, "special_zeta");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "special_zeta", [&] {
    binaryLoop<scalar_t>(it, [](auto xv, auto qv) {
      return static_cast<decltype(xv)>(hurwitzZeta(static_cast<double>(xv), static_cast<double>(qv)));
    });
  });
  return out;
}

// Computed in double for every floating dtype, then rounded.
Tensor polygamma(int64_t n, const Tensor& self, Tensor out = {}) {
  JS_CHECK(n >= 0, "polygamma(n, x) does not support negative n.");
  TensorIterator it = unaryIter(out, self, Promotion::IntToFloat, "polygamma");
  const double scale = (n % 2 ? 1.0 : -1.0) * std::exp(std::lgamma(static_cast<double>(n) + 1.0));
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), "polygamma", [&] {
    using acc_t = opmath_t<scalar_t>;
    unaryLoop<scalar_t>(it, [n, scale](acc_t x) {
      const double v = static_cast<double>(x);
      return static_cast<acc_t>(n == 0 ? math::digamma(v) : scale * hurwitzZeta(static_cast<double>(n) + 1.0, v));
    });
  });
  return out;
}

Tensor polygammaOf(int64_t n, const Tensor& self) { return polygamma(n, self); }

}  // namespace

const OpTable kZetaOps = {
    op<polygammaOf>("aten::polygamma(int n, Tensor self) -> Tensor", "n-th derivative of digamma.", kFusible),
    op<[](int64_t n, const Tensor& self, Tensor out) { return polygamma(n, self, std::move(out)); }>(
        "aten::polygamma.out(int n, Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "polygamma into out."),
    op<[](Tensor self, int64_t n) { return polygamma(n, self, self); }>(
        "aten::polygamma_(Tensor(a!) self, int n) -> Tensor(a!)", "In-place polygamma."),
    op<polygammaOf>("aten::special_polygamma(int n, Tensor self) -> Tensor", "Alias of polygamma.", kFusible),
    op<zeta>("aten::special_zeta(Tensor self, Tensor other) -> Tensor", "Hurwitz zeta(self, other).", kFusible),
    op<[](const Tensor& self, const Scalar& other) { return zeta(self, wrapScalar(other)); }>(
        "aten::special_zeta.other_scalar(Tensor self, Scalar other) -> Tensor", "Hurwitz zeta with a Scalar q.",
        kFusible),
    op<[](const Scalar& self, const Tensor& other) { return zeta(wrapScalar(self), other); }>(
        "aten::special_zeta.self_scalar(Scalar self, Tensor other) -> Tensor", "Hurwitz zeta with a Scalar x.",
        kFusible),
};

}  // namespace jitserve::ops
