// Shared plumbing for elementwise kernels: building the TensorIterator for
// the functional, in-place and out= forms of an op, and converting Scalar
// arguments into wrapped-number tensors so they promote like Python numbers.
//
// Every elementwise op is written once as `void fooKernel(TensorIterator&)`
// and reaches all three forms through these builders:
//   functional  out undefined -> allocated with the promoted dtype
//   in-place    out = self    -> same shape required, result cast back to
//                                self's dtype if the cast is safe
//   out=        out given     -> resized when its shape differs
#pragma once

#include <optional>

#include "runtime/tensor/cpu_loops.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/tensor.h"
#include "runtime/tensor/tensor_iterator.h"

namespace jitserve::ops {

enum class Promotion {
  Common,      // torch.result_type of the inputs
  IntToFloat,  // same, then integral/bool -> the default float dtype
  Compare,     // common dtype for the inputs, Bool output
};

TensorIterator binaryIter(Tensor& out, const Tensor& a, const Tensor& b, Promotion p, const char* name);
TensorIterator unaryIter(Tensor& out, const Tensor& a, Promotion p, const char* name);
// out = f(a) for a complex `a` and a real result of its parts' dtype (abs,
// angle); `out`, when defined, must have that dtype.
TensorIterator complexToRealIter(Tensor& out, const Tensor& a, const char* name);
// Three inputs promoted together (where's condition is not an input here).
TensorIterator ternaryIter(Tensor& out, const Tensor& a, const Tensor& b, const Tensor& c, Promotion p,
                           const char* name);

// A Scalar argument as a zero-dim wrapped-number tensor.
inline Tensor wrapScalar(const Scalar& s) { return wrapped_scalar_tensor(s); }

// ---- typed loop helpers: `op` is a generic callable over the arithmetic type
// (float for Half/BFloat16); results are converted back to the element type.

template <typename scalar_t, typename Op>
inline void binaryLoop(TensorIterator& iter, const Op& op) {
  using acc_t = std::conditional_t<std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>, float,
                                   scalar_t>;
  cpu_kernel(iter, [op](scalar_t a, scalar_t b) -> scalar_t {
    return static_cast<scalar_t>(op(static_cast<acc_t>(a), static_cast<acc_t>(b)));
  });
}

template <typename scalar_t, typename Op>
inline void unaryLoop(TensorIterator& iter, const Op& op) {
  using acc_t = std::conditional_t<std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>, float,
                                   scalar_t>;
  cpu_kernel(iter, [op](scalar_t a) -> scalar_t { return static_cast<scalar_t>(op(static_cast<acc_t>(a))); });
}

template <typename scalar_t, typename Op>
inline void predicateLoop(TensorIterator& iter, const Op& op) {
  using acc_t = std::conditional_t<std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>, float,
                                   scalar_t>;
  cpu_kernel(iter, [op](scalar_t a) -> bool { return op(static_cast<acc_t>(a)); });
}

template <typename scalar_t, typename Op>
inline void compareLoop(TensorIterator& iter, const Op& op) {
  using acc_t = std::conditional_t<std::is_same_v<scalar_t, Half> || std::is_same_v<scalar_t, BFloat16>, float,
                                   scalar_t>;
  cpu_kernel(iter, [op](scalar_t a, scalar_t b) -> bool { return op(static_cast<acc_t>(a), static_cast<acc_t>(b)); });
}

}  // namespace jitserve::ops
