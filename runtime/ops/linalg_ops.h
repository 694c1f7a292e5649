// Matrix products: mm, bmm, matmul and the fused add-multiply forms, on
// OpenBLAS for float/double (transposed views are passed to GEMM as
// transposes, not copied) and a plain loop for other dtypes.
//
// Shape and dtype errors use PyTorch's messages ("mat1 and mat2 shapes cannot
// be multiplied (2x3 and 4x5)", "expected scalar type Float but found Long").
#pragma once

#include <optional>

#include "runtime/tensor/scalar.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor mm(const Tensor& self, const Tensor& mat2);
Tensor bmm(const Tensor& self, const Tensor& mat2);
Tensor mv(const Tensor& self, const Tensor& vec);
Tensor dot(const Tensor& self, const Tensor& other);
Tensor matmul(const Tensor& self, const Tensor& other);
// out= forms: out (which must have the result's dtype) is resized and
// written, directly when it is contiguous and overlaps no operand.
Tensor mmOut(const Tensor& self, const Tensor& mat2, Tensor out);
Tensor bmmOut(const Tensor& self, const Tensor& mat2, Tensor out);
Tensor matmulOut(const Tensor& self, const Tensor& other, Tensor out);
Tensor addmmOut(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha,
                Tensor out);
Tensor baddbmmOut(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha,
                  Tensor out);
Tensor linearOut(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, Tensor out);
// beta * self + alpha * (mat1 @ mat2), self broadcast to the product's shape.
Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha);
Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha);
Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha);
Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha);
Tensor addr(const Tensor& self, const Tensor& v1, const Tensor& v2, const Scalar& beta, const Scalar& alpha);
Tensor outer(const Tensor& self, const Tensor& vec2);
// input @ weight.T + bias.
Tensor linear(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias);

}  // namespace jitserve::ops
