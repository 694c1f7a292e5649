// Type promotion: the dtype an op computes in, from its operands.
//
// PyTorch's rules (torch.result_type): dtypes fall in categories
// bool < integral < floating < complex. Operands have priorities: tensors
// with dims > zero-dim tensors > wrapped numbers (Python scalars). The
// highest-priority group decides the dtype by promoteTypes within the
// category; a lower-priority operand only matters when its category is
// higher, and then the result is promoted just into that category:
//   int32[2] + float64[] (zero-dim tensor)  -> Double (its own dtype)
//   int32[2] + 2.5 (wrapped number)         -> Float (wrapped floats count
//                                              as the default dtype)
//   bool[2] + 1                             -> Long
//   uint8[2] + int64[]                      -> Byte (same category: ignored)
#pragma once

#include <initializer_list>
#include <span>

#include "runtime/tensor/dtype.h"
#include "runtime/tensor/scalar.h"

namespace jitserve {

class Tensor;

// Running state over the operands, one dtype per priority group.
struct ResultTypeState {
  ScalarType dimResult = ScalarType::Undefined;
  ScalarType zeroResult = ScalarType::Undefined;
  ScalarType wrappedResult = ScalarType::Undefined;
};

// Folds an operand in. Undefined tensors are ignored.
ResultTypeState update_result_type_state(const Tensor& t, const ResultTypeState& in);
ResultTypeState update_result_type_state(const Scalar& s, const ResultTypeState& in);
ScalarType result_type(const ResultTypeState& state);

// torch.result_type for common argument shapes.
ScalarType result_type(std::span<const Tensor> tensors);
ScalarType result_type(const Tensor& a, const Tensor& b);
ScalarType result_type(const Tensor& a, const Scalar& b);
ScalarType result_type(const Scalar& a, const Tensor& b);
ScalarType result_type(const Scalar& a, const Scalar& b);

// Whether a value of dtype `from` may be written into `to` without changing
// category downward (float into int, complex into float, anything but bool
// into bool): in-place and out= ops check this ("result type Float can't be
// cast to the desired output type Long").
bool canCast(ScalarType from, ScalarType to);

// Floating dtype for ops like div/sqrt on integral inputs: integral/bool ->
// the default dtype (Float); floating/complex unchanged.
ScalarType toFloatingIfIntegral(ScalarType t);

}  // namespace jitserve
