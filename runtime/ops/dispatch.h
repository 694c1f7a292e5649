// The parts composite kernels are built from, called through the dispatcher.
//
// A composite op (linalg.cross from mul/sub/cat, kron from mul, trace from
// sum) that calls these instead of the parts' CPU functions runs, on a
// device's tensors, whatever kernels that device registered for the parts,
// so its row can carry kAnyDevice and one definition serves every device.
// Each call boxes its arguments onto a stack (tens of nanoseconds); hot CPU
// paths that must not pay that keep calling the CPU functions and stay
// CPU-only.
//
// Every argument of the schema is passed (OpCall fills no defaults); the
// operators are looked up by "name.overload" on first use
// (tests/runtime/ops/dispatch_test.cpp checks each resolves).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/op_call.h"
#include "runtime/tensor/scalar.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops::dispatch {

inline Tensor add(const Tensor& a, const Tensor& b) {
  return callOp<"aten::add.Tensor", Tensor>(a, b, IValue(int64_t{1}));
}
inline Tensor sub(const Tensor& a, const Tensor& b) {
  return callOp<"aten::sub.Tensor", Tensor>(a, b, IValue(int64_t{1}));
}
inline Tensor mul(const Tensor& a, const Tensor& b) { return callOp<"aten::mul.Tensor", Tensor>(a, b); }
inline Tensor div(const Tensor& a, const Tensor& b) { return callOp<"aten::div.Tensor", Tensor>(a, b); }
inline Tensor ne(const Tensor& a, const Tensor& b) { return callOp<"aten::ne.Tensor", Tensor>(a, b); }
inline Tensor mm(const Tensor& a, const Tensor& b) { return callOp<"aten::mm", Tensor>(a, b); }

inline Tensor sum(const Tensor& t, std::vector<int64_t> dims, bool keepdim) {
  return callOp<"aten::sum.dim_IntList", Tensor>(t, IValue::intList(std::move(dims)), keepdim, IValue());
}
inline Tensor vectorNorm(const Tensor& t, double ord, std::vector<int64_t> dims, bool keepdim) {
  return callOp<"aten::linalg_vector_norm", Tensor>(t, IValue(Scalar(ord)), IValue::intList(std::move(dims)),
                                                    keepdim, IValue());
}

inline Tensor cat(std::vector<Tensor> ts, int64_t dim) {
  return callOp<"aten::cat", Tensor>(IValue::tensorList(std::move(ts)), dim);
}
inline Tensor stack(std::vector<Tensor> ts, int64_t dim) {
  return callOp<"aten::stack", Tensor>(IValue::tensorList(std::move(ts)), dim);
}
inline Tensor flip(const Tensor& t, std::vector<int64_t> dims) {
  return callOp<"aten::flip", Tensor>(t, IValue::intList(std::move(dims)));
}
inline Tensor clone(const Tensor& t) { return callOp<"aten::clone", Tensor>(t, IValue()); }

inline Tensor sigmoid(const Tensor& t) { return callOp<"aten::sigmoid", Tensor>(t); }
inline Tensor tanh(const Tensor& t) { return callOp<"aten::tanh", Tensor>(t); }
inline Tensor relu(const Tensor& t) { return callOp<"aten::relu", Tensor>(t); }
// input @ weight.T (+ bias when defined).
inline Tensor linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  return callOp<"aten::linear", Tensor>(input, weight, bias.defined() ? IValue(bias) : IValue());
}

// full_like(t, value) with t's dtype and device.
inline Tensor fullLike(const Tensor& t, const Scalar& value) {
  return callOp<"aten::full_like", Tensor>(t, IValue(value), IValue(), IValue(), IValue(), IValue(), IValue());
}

}  // namespace jitserve::ops::dispatch
