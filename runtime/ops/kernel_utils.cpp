#include "runtime/ops/kernel_utils.h"

namespace jitserve::ops {

void checkSameDtype(const Tensor& expected, const Tensor& actual) {
  JS_CHECK(expected.dtype() == actual.dtype(), "expected scalar type ", scalarTypeName(expected.dtype()),
           " but found ", scalarTypeName(actual.dtype()));
}

}  // namespace jitserve::ops
