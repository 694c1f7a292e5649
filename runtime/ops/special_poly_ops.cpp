// Orthogonal polynomial kernels (the polynomials themselves are in
// special_poly.h, shared with the CUDA kernels).
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <cstdint>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/special_poly.h"

namespace jitserve::ops {
namespace {

using namespace special;

using PolyFn = double (*)(double, int64_t);

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
    POLY_OPS("shifted_chebyshev_polynomial_t", shiftedChebyshevT, "Shifted Chebyshev T*_n(x) = T_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_u", shiftedChebyshevU, "Shifted Chebyshev U*_n(x) = U_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_v", shiftedChebyshevV, "Shifted Chebyshev V*_n(x) = V_n(2x - 1)."),
    POLY_OPS("shifted_chebyshev_polynomial_w", shiftedChebyshevW, "Shifted Chebyshev W*_n(x) = W_n(2x - 1)."),
    POLY_OPS("hermite_polynomial_h", hermiteH, "Physicists' Hermite polynomial H_n(x)."),
    POLY_OPS("hermite_polynomial_he", hermiteHe, "Probabilists' Hermite polynomial He_n(x)."),
    POLY_OPS("laguerre_polynomial_l", laguerreL, "Laguerre polynomial L_n(x)."),
    POLY_OPS("legendre_polynomial_p", legendreP, "Legendre polynomial P_n(x)."),
};
#undef POLY_OPS

}  // namespace jitserve::ops
