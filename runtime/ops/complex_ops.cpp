#include "runtime/ops/op_tables.h"

#include <cmath>
#include <complex>
#include <vector>

#include "runtime/ops/op_registration.h"
#include "runtime/tensor/broadcasting.h"

namespace jitserve::ops {
namespace {

using C = std::complex<double>;

// complex(real, imag) and polar(abs, angle): both Float or both Double,
// broadcast together; `make` builds one value from the pair.
template <typename Make>
Tensor fromPairs(const Tensor& a, const Tensor& b, const char* op, Make make) {
  const ScalarType t = a.dtype();
  JS_CHECK(t == ScalarType::Float || t == ScalarType::Double, op,
           ": expected both inputs to be Float or Double tensors but got ", scalarTypeName(t), " and ",
           scalarTypeName(b.dtype()));
  JS_CHECK(b.dtype() == t, op, ": expected both inputs to be Float or Double tensors but got ", scalarTypeName(t),
           " and ", scalarTypeName(b.dtype()));
  const DimVector shape = broadcastShapes(a.sizes(), b.sizes());
  Tensor ad = a.expand(shape).to(ScalarType::Double).contiguous();
  Tensor bd = b.expand(shape).to(ScalarType::Double).contiguous();
  Tensor out = empty(shape, ScalarType::ComplexDouble);
  const double* ap = ad.data<double>();
  const double* bp = bd.data<double>();
  C* op_ = out.data<C>();
  for (int64_t i = 0, n = out.numel(); i < n; ++i) op_[i] = make(ap[i], bp[i]);
  return out.to(t == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat);
}

Tensor complex(const Tensor& real, const Tensor& imag) {
  return fromPairs(real, imag, "complex", [](double re, double im) { return C(re, im); });
}
Tensor polar(const Tensor& abs, const Tensor& angle) {
  return fromPairs(abs, angle, "polar", [](double r, double th) { return C(r * std::cos(th), r * std::sin(th)); });
}

Tensor viewAsComplex(const Tensor& x) {
  const ScalarType t = x.dtype();
  JS_CHECK(t == ScalarType::Float || t == ScalarType::Double,
           "view_as_complex is only supported for float and double tensors, but got a tensor of scalar type: ",
           scalarTypeName(t));
  JS_CHECK(x.dim() >= 1, "Input tensor must have one or more dimensions");
  JS_CHECK(x.size(-1) == 2, "Tensor must have a last dimension of size 2");
  JS_CHECK(x.stride(-1) == 1, "Tensor must have a last dimension with stride 1");
  std::vector<int64_t> sizes(x.sizes().begin(), x.sizes().end() - 1), strides;
  for (int64_t d = 0; d + 1 < x.dim(); ++d) {
    JS_CHECK(x.stride(d) % 2 == 0, "Tensor must have a stride divisible by 2 for all but last dimension");
    strides.push_back(x.stride(d) / 2);
  }
  JS_CHECK(x.storage_offset() % 2 == 0, "Tensor must have a storage_offset divisible by 2");
  const ScalarType ct = t == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
  return Tensor::fromStorage(x.storage(), ct, sizes, strides, x.storage_offset() / 2);
}

Tensor viewAsReal(const Tensor& x) {
  JS_CHECK(x.is_complex(), "view_as_real is only supported for complex tensors");
  JS_CHECK(x.dtype() != ScalarType::ComplexHalf, "view_as_real: ComplexHalf is not supported");
  std::vector<int64_t> sizes(x.sizes().begin(), x.sizes().end()), strides;
  for (int64_t d = 0; d < x.dim(); ++d) strides.push_back(x.stride(d) * 2);
  sizes.push_back(2);
  strides.push_back(1);
  const ScalarType rt = x.dtype() == ScalarType::ComplexDouble ? ScalarType::Double : ScalarType::Float;
  return Tensor::fromStorage(x.storage(), rt, sizes, strides, x.storage_offset() * 2);
}

// x.real / x.imag: views of one half of a complex tensor; real is x itself
// for real tensors, imag has no meaning there (PyTorch raises).
Tensor realPart(const Tensor& x) { return x.is_complex() ? viewAsReal(x).select(-1, 0) : x; }
Tensor imagPart(const Tensor& x) {
  JS_CHECK(x.is_complex(), "imag is not implemented for tensors with non-complex dtypes.");
  return viewAsReal(x).select(-1, 1);
}

}  // namespace

const OpTable kComplexOps = {
    op<realPart>("aten::real(Tensor(a) self) -> Tensor(a)", "Real part (x itself for real tensors).", kAnyDevice),
    op<imagPart>("aten::imag(Tensor(a) self) -> Tensor(a)", "Imaginary part of a complex tensor, as a view.",
                 kAnyDevice),
    op<complex>("aten::complex(Tensor real, Tensor imag) -> Tensor", "real + i * imag (broadcast)."),
    op<polar>("aten::polar(Tensor abs, Tensor angle) -> Tensor", "abs * (cos(angle) + i * sin(angle))."),
    op<viewAsComplex>("aten::view_as_complex(Tensor(a) self) -> Tensor(a)",
                      "A complex view of a real tensor whose last dim holds (re, im).", kAnyDevice),
    op<viewAsReal>("aten::view_as_real(Tensor(a) self) -> Tensor(a)",
                   "A real view of a complex tensor with a trailing (re, im) dim.", kAnyDevice),
};

}  // namespace jitserve::ops
