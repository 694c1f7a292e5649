// The out= conventions of PyTorch 1.13, shared by the kernels of `.out`
// overloads (`aten::mul.out(Tensor self, Tensor other, *, Tensor(a!) out)`).
//
// Every out= kernel writes into `out` and returns that same tensor, so the
// caller sees the writes; `out` is resized when its shape differs. What
// PyTorch accepts for out's dtype depends on how the op is built, and each
// kernel follows its op's rule:
//   - elementwise ops on a TensorIterator: the result dtype must cast safely
//     into out's ("result type Float can't be cast to the desired output
//     type Long"); the iterator checks it (elementwise.h).
//   - ops that keep their input's dtype (abs, neg, gelu, clamp with Scalar
//     bounds, ...): out must have exactly that dtype (checkOutDtype).
//   - structured kernels outside the iterator (mm, bmm, addmm, matmul,
//     softmax): the same, with their own message (checkStructuredOutDtype).
//   - ops whose out= form PyTorch generates from the functional one (relu,
//     celu, embedding, mul.Scalar_out, ...): any dtype, the result converted
//     into out (copyToOut).
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// "Found dtype Double but expected Float" unless out has dtype `expected`.
void checkOutDtype(const Tensor& out, ScalarType expected);

// "Expected out tensor to have dtype float, but got double instead" unless
// out has dtype `expected`.
void checkStructuredOutDtype(const Tensor& out, ScalarType expected);

// PyTorch's "unsupported operation: some elements of the input tensor and
// the written-to tensor refer to a single memory location" when the memory
// spans of out and input intersect (ops that cannot read and write the same
// elements, like cat).
void checkNoOverlap(const Tensor& out, const Tensor& input);

// Resizes out to `shape` when it differs (storage kept when large enough,
// strides then contiguous), as PyTorch's resize_output does.
void resizeOut(Tensor& out, IntArrayRef shape);

// out = result, converted to out's dtype, out resized to result's shape.
void copyToOut(Tensor& out, const Tensor& result);

// self = result for an in-place op computed by its functional form, with
// PyTorch's in-place rules: the result keeps self's shape (an in-place op
// cannot broadcast self: "output with shape [3] doesn't match the broadcast
// shape [2, 3]") and its dtype casts to self's ("result type Float can't be
// cast to the desired output type Long").
void assignInplace(Tensor& self, const Tensor& result);

}  // namespace jitserve::ops
