// Hurwitz zeta (runtime/ops/hurwitz_zeta.h, shared with the CUDA kernels).
// polygamma(n, x), the n-th derivative of digamma, is built on it:
// (-1)^(n+1) n! zeta(n + 1, x) for n >= 1, digamma for n = 0.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <limits>

#include "runtime/ops/elementwise.h"
#include "runtime/ops/hurwitz_zeta.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/scalar_math.h"

namespace jitserve::ops {
namespace {

using special::hurwitzZeta;

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
