// P(a, x) = gamma(a, x) / Gamma(a) and Q = 1 - P, in double precision.
// For x < a + 1 the power series of P converges fast; otherwise the
// continued fraction of Q (modified Lentz) does, and the other function is
// its complement. Edge cases follow PyTorch: negative a or x, or a == x == 0,
// give NaN; a == 0 is a point mass at 0; x == inf gives P = 1; a == inf
// gives P = 0 (NaN when x is inf too).
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

constexpr double kEps = 1e-16;

// log of the common prefactor x^a e^-x / Gamma(a).
double logPrefactor(double a, double x) { return a * std::log(x) - x - std::lgamma(a); }

double seriesP(double a, double x) {
  double term = 1 / a, sum = term, ap = a;
  for (int n = 0; n < 10000; ++n) {
    ap += 1;
    term *= x / ap;
    sum += term;
    if (std::abs(term) < std::abs(sum) * kEps) break;
  }
  return sum * std::exp(logPrefactor(a, x));
}

double fractionQ(double a, double x) {
  constexpr double tiny = 1e-300;
  double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::abs(c) < tiny) c = tiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::abs(delta - 1) < kEps) break;
  }
  return std::exp(logPrefactor(a, x)) * h;
}

// Returns P (upper = false) or Q (upper = true).
double incompleteGamma(double a, double x, bool upper) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (std::isnan(a) || std::isnan(x) || a < 0 || x < 0 || (a == 0 && x == 0)) return nan;
  double p;
  if (a == 0) p = 1;
  else if (x == 0) p = 0;
  else if (std::isinf(a)) {
    if (std::isinf(x)) return nan;
    p = 0;
  } else if (std::isinf(x)) p = 1;
  else if (x < a + 1) p = seriesP(a, x);
  else {
    const double q = fractionQ(a, x);
    return upper ? q : 1 - q;
  }
  return upper ? 1 - p : p;
}

template <bool Upper>
Tensor igammaImpl(const Tensor& a, const Tensor& x, Tensor out = {}) {
  TensorIterator it = binaryIter(out, a, x, Promotion::IntToFloat, Upper ? "igammac" : "igamma");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), Upper ? "igammac" : "igamma", [&] {
    binaryLoop<scalar_t>(it, [](auto av, auto xv) {
      return static_cast<decltype(av)>(incompleteGamma(static_cast<double>(av), static_cast<double>(xv), Upper));
    });
  });
  return out;
}

template <bool Upper>
Tensor igamma(const Tensor& self, const Tensor& other) {
  return igammaImpl<Upper>(self, other);
}
template <bool Upper>
Tensor igamma_(Tensor self, const Tensor& other) {
  return igammaImpl<Upper>(self, other, self);
}

}  // namespace

const OpTable kIncompleteGammaOps = {
    op<igamma<false>>("aten::igamma(Tensor self, Tensor other) -> Tensor",
                      "Regularized lower incomplete gamma P(self, other).", kFusible),
    op<igamma<true>>("aten::igammac(Tensor self, Tensor other) -> Tensor",
                     "Regularized upper incomplete gamma Q(self, other).", kFusible),
    op<igamma_<false>>("aten::igamma_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "In-place igamma."),
    op<igamma_<true>>("aten::igammac_(Tensor(a!) self, Tensor other) -> Tensor(a!)", "In-place igammac."),
};

}  // namespace jitserve::ops
