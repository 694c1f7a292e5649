// igamma / igammac (and in place): P(a, x) and Q(a, x) elementwise, from
// runtime/ops/incomplete_gamma.h (shared with the CUDA kernels).
#include "runtime/ops/op_tables.h"

#include "runtime/ops/elementwise.h"
#include "runtime/ops/incomplete_gamma.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

template <bool Upper>
Tensor igammaImpl(const Tensor& a, const Tensor& x, Tensor out = {}) {
  TensorIterator it = binaryIter(out, a, x, Promotion::IntToFloat, Upper ? "igammac" : "igamma");
  JS_DISPATCH_FLOATING_TYPES(it.input_dtype(0), Upper ? "igammac" : "igamma", [&] {
    binaryLoop<scalar_t>(it, [](auto av, auto xv) {
      return static_cast<decltype(av)>(special::incompleteGamma(static_cast<double>(av), static_cast<double>(xv), Upper));
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
