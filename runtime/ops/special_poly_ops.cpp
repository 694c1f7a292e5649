// Orthogonal polynomial kernels. Each polynomial is evaluated by its
// three-term recurrence in double precision; the Chebyshev families switch to
// their closed trigonometric forms for large n inside (-1, 1), where the
// recurrence would accumulate rounding, and return exact values at x = +-1,
// matching PyTorch's special cases.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <cstdint>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

// Runs p_{k+1} = next(k, p_k, p_{k-1}) from (p0, p1) up to degree n >= 2.
template <typename Next>
double recur(int64_t n, double p0, double p1, const Next& next) {
  for (int64_t k = 1; k < n; ++k) {
    const double p2 = next(k, p1, p0);
    p0 = p1;
    p1 = p2;
  }
  return p1;
}

double sign(int64_t n) { return n % 2 == 0 ? 1.0 : -1.0; }

double chebyshevT(double x, int64_t n) {
  if (n < 0) return 0;
  if (std::abs(x) == 1) return x > 0 ? 1 : sign(n);
  if (n > 6 && std::abs(x) < 1) return std::cos(static_cast<double>(n) * std::acos(x));
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

double chebyshevU(double x, int64_t n) {
  if (n < 0) return 0;
  const double n1 = static_cast<double>(n + 1);
  if (std::abs(x) == 1) return x > 0 ? n1 : sign(n) * n1;
  if (n > 8 && std::abs(x) < 1) {
    const double t = std::acos(x);
    if (std::sin(t) != 0) return std::sin(n1 * t) / std::sin(t);
    return n1 * std::cos(n1 * t) / x;
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x;
  return recur(n, 1, 2 * x, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

double chebyshevV(double x, int64_t n) {
  if (n < 0) return 0;
  const double odd = static_cast<double>(2 * n + 1);
  if (std::abs(x) == 1) return x > 0 ? 1 : sign(n) * odd;
  if (n > 8 && std::abs(x) < 1) {
    const double t = std::acos(x);
    if (std::sin(t / 2) != 1) return std::cos((static_cast<double>(n) + 0.5) * t) / std::cos(t / 2);
    return sign(n) * odd;
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x - 1;
  return recur(n, 1, 2 * x - 1, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

double chebyshevW(double x, int64_t n) {
  if (n < 0) return 0;
  const double odd = static_cast<double>(2 * n + 1);
  if (std::abs(x) == 1) return x > 0 ? odd : sign(n);
  if (n > 8 && std::abs(x) < 1) {
    const double t = std::acos(x);
    if (std::cos(t / 2) != 1) return std::sin((static_cast<double>(n) + 0.5) * t) / std::sin(t / 2);
    return x > 0 ? odd : sign(n);
  }
  if (n == 0) return 1;
  if (n == 1) return 2 * x + 1;
  return recur(n, 1, 2 * x + 1, [x](int64_t, double p, double q) { return 2 * x * p - q; });
}

double hermiteH(double x, int64_t n) {
  if (n < 0) return 0;
  if (n == 0) return 1;
  if (n == 1) return 2 * x;
  return recur(n, 1, 2 * x, [x](int64_t k, double p, double q) { return 2 * x * p - 2 * static_cast<double>(k) * q; });
}

double hermiteHe(double x, int64_t n) {
  if (n < 0) return 0;
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t k, double p, double q) { return x * p - static_cast<double>(k) * q; });
}

double laguerreL(double x, int64_t n) {
  if (n < 0) return 0;
  if (std::abs(x) == 0 || n == 0) return 1;
  if (n == 1) return 1 - x;
  return recur(n, 1, 1 - x, [x](int64_t k, double p, double q) {
    const double kd = static_cast<double>(k);
    return ((2 * kd + 1 - x) * p - kd * q) / (kd + 1);
  });
}

double legendreP(double x, int64_t n) {
  if (n < 0) return 0;
  if (std::abs(x) == 1) return (x > 0 || n == 0) ? 1 : sign(n);
  if (n == 0) return 1;
  if (n == 1) return x;
  return recur(n, 1, x, [x](int64_t k, double p, double q) {
    const double kd = static_cast<double>(k);
    return ((2 * kd + 1) * x * p - kd * q) / (kd + 1);
  });
}

using PolyFn = double (*)(double, int64_t);

// Shifted Chebyshev polynomials live on [0, 1]: P*(x) = P(2x - 1).
template <PolyFn F>
double shifted(double x, int64_t n) {
  return F(x + x - 1, n);
}

template <PolyFn F>
Tensor evalPoly(const Tensor& x, const Tensor& n, const char* name) {
  Tensor out;
  TensorIterator it = binaryIter(out, x, n, Promotion::Common, name);
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), name, [&] {
    binaryLoop<scalar_t>(it, [](auto xv, auto nv) {
      const double nd = static_cast<double>(nv);
      // A NaN degree has no integer value; propagate it rather than convert.
      if (std::isnan(nd)) return static_cast<decltype(xv)>(nd);
      return static_cast<decltype(xv)>(F(static_cast<double>(xv), static_cast<int64_t>(nd)));
    });
  });
  return out;
}

// x and n each a Tensor or a Scalar (a wrapped 0-dim tensor).
const Tensor& asTensor(const Tensor& t) { return t; }
Tensor asTensor(const Scalar& v) { return wrapScalar(v); }
template <PolyFn F, typename X, typename N>
Tensor poly(const X& x, const N& n) {
  return evalPoly<F>(asTensor(x), asTensor(n), "special polynomial");
}

#define POLY_OPS(NAME, FN, DOC)                                                                                        \
  op<poly<FN, Tensor, Tensor>>("aten::special_" NAME "(Tensor x, Tensor n) -> Tensor", DOC, kFusible),                 \
      op<poly<FN, Scalar, Tensor>>("aten::special_" NAME ".x_scalar(Scalar x, Tensor n) -> Tensor", DOC " (Scalar x)", \
                                   kFusible),                                                                          \
      op<poly<FN, Tensor, Scalar>>("aten::special_" NAME ".n_scalar(Tensor x, Scalar n) -> Tensor", DOC " (Scalar n)", \
                                   kFusible)

}  // namespace

const OpTable kSpecialPolyOps = {
    POLY_OPS("chebyshev_polynomial_t", chebyshevT, "Chebyshev polynomial of the first kind T_n(x)."),
    POLY_OPS("chebyshev_polynomial_u", chebyshevU, "Chebyshev polynomial of the second kind U_n(x)."),
    POLY_OPS("chebyshev_polynomial_v", chebyshevV, "Chebyshev polynomial of the third kind V_n(x)."),
    POLY_OPS("chebyshev_polynomial_w", chebyshevW, "Chebyshev polynomial of the fourth kind W_n(x)."),
    POLY_OPS("shifted_chebyshev_polynomial_t", shifted<chebyshevT>, "Shifted Chebyshev T*_n(x) = T_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_u", shifted<chebyshevU>, "Shifted Chebyshev U*_n(x) = U_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_v", shifted<chebyshevV>, "Shifted Chebyshev V*_n(x) = V_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_w", shifted<chebyshevW>, "Shifted Chebyshev W*_n(x) = W_n(2x - 1)."),
    POLY_OPS("hermite_polynomial_h", hermiteH, "Physicists' Hermite polynomial H_n(x)."),
    POLY_OPS("hermite_polynomial_he", hermiteHe, "Probabilists' Hermite polynomial He_n(x)."),
    POLY_OPS("laguerre_polynomial_l", laguerreL, "Laguerre polynomial L_n(x)."),
    POLY_OPS("legendre_polynomial_p", legendreP, "Legendre polynomial P_n(x)."),
};
#undef POLY_OPS

}  // namespace jitserve::ops
