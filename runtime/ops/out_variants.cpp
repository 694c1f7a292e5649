#include "runtime/ops/out_variants.h"

#include <string>
#include <utility>

#include "runtime/support/error.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::ops {
namespace {

// The C++ element type names PyTorch's structured kernels print (caffe2
// TypeMeta names).
std::string cppTypeName(ScalarType t) {
  switch (t) {
    case ScalarType::Byte: return "unsigned char";
    case ScalarType::Char: return "signed char";
    case ScalarType::Short: return "short int";
    case ScalarType::Int: return "int";
    case ScalarType::Long: return "long int";
    case ScalarType::Half: return "c10::Half";
    case ScalarType::Float: return "float";
    case ScalarType::Double: return "double";
    case ScalarType::ComplexFloat: return "c10::complex<float>";
    case ScalarType::ComplexDouble: return "c10::complex<double>";
    case ScalarType::Bool: return "bool";
    case ScalarType::BFloat16: return "c10::BFloat16";
    default: return std::string(scalarTypeName(t));
  }
}

// [first, last] bytes a tensor's elements occupy; empty when numel is 0.
std::pair<const char*, const char*> byteSpan(const Tensor& t) {
  const char* p = static_cast<const char*>(t.data_ptr());
  int64_t lo = 0, hi = 0;
  for (int64_t d = 0; d < t.dim(); ++d) {
    const int64_t extent = (t.size(d) - 1) * t.stride(d);
    (extent < 0 ? lo : hi) += extent;
  }
  const int64_t item = static_cast<int64_t>(t.itemsize());
  return {p + lo * item, p + hi * item + item - 1};
}

}  // namespace

void checkNoOverlap(const Tensor& out, const Tensor& input) {
  if (out.numel() == 0 || input.numel() == 0 || !out.is_alias_of(input)) return;
  const auto [a0, a1] = byteSpan(out);
  const auto [b0, b1] = byteSpan(input);
  JS_CHECK(a1 < b0 || b1 < a0,
           "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single "
           "memory location. Please clone() the tensor before performing the operation.");
}

void checkOutDtype(const Tensor& out, ScalarType expected) {
  JS_CHECK(out.dtype() == expected, "Found dtype ", scalarTypeName(out.dtype()), " but expected ",
           scalarTypeName(expected));
}

void checkStructuredOutDtype(const Tensor& out, ScalarType expected) {
  JS_CHECK(out.dtype() == expected, "Expected out tensor to have dtype ", cppTypeName(expected), ", but got ",
           cppTypeName(out.dtype()), " instead");
}

void resizeOut(Tensor& out, IntArrayRef shape) {
  if (IntArrayRef(out.sizes()) != shape) out.resize_(shape);
}

void assignInplace(Tensor& self, const Tensor& result) {
  JS_CHECK(IntArrayRef(result.sizes()) == IntArrayRef(self.sizes()), "output with shape ",
           shapeToString(self.sizes()), " doesn't match the broadcast shape ", shapeToString(result.sizes()));
  JS_CHECK(canCast(result.dtype(), self.dtype()), "result type ", scalarTypeName(result.dtype()),
           " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
  self.copy_(result);
}

void copyToOut(Tensor& out, const Tensor& result) {
  resizeOut(out, result.sizes());
  out.copy_(result);
}

}  // namespace jitserve::ops
