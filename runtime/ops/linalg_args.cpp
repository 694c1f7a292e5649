#include "runtime/ops/linalg_args.h"

#include "runtime/support/error.h"

namespace jitserve::ops {

bool uploLower(std::string_view uplo) {
  JS_CHECK(uplo == "L" || uplo == "U" || uplo == "l" || uplo == "u", "Expected UPLO argument to be 'L' or 'U', but got ",
           uplo);
  return uplo == "L" || uplo == "l";
}

std::string lstsqDriver(const Tensor& A, const Tensor& B, const std::optional<std::string>& driverArg) {
  const char* op = "torch.linalg.lstsq";
  JS_CHECK(A.dim() >= 2, op, ": The input tensor A must have at least 2 dimensions.");
  JS_CHECK(A.dtype() == ScalarType::Float || A.dtype() == ScalarType::Double, op,
           ": Expected a floating point tensor as input. Got ", scalarTypeName(A.dtype()));
  JS_CHECK(B.dim() >= 1 && A.dim() >= B.dim() && A.dim() - B.dim() <= 1, op,
           ": input.dim() must be greater or equal to other.dim() and (input.dim() - other.dim()) <= 1");
  JS_CHECK(A.dtype() == B.dtype(), op, ": Expected input and other to have the same dtype, but got input's dtype ",
           scalarTypeName(A.dtype()), " and other's dtype ", scalarTypeName(B.dtype()));
  const bool vectorRhs = B.dim() == A.dim() - 1;
  JS_CHECK(A.size(-2) == (vectorRhs ? B.size(-1) : B.size(-2)), op,
           ": input.size(-2) should match other.size(-1) or other.size(-2)");
  std::string driver = driverArg.value_or("gelsy");
  JS_CHECK(driver == "gels" || driver == "gelsy" || driver == "gelsd" || driver == "gelss", op,
           ": parameter `driver` should be one of (gels, gelsy, gelsd, gelss)");
  return driver;
}

}  // namespace jitserve::ops
