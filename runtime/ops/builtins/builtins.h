// The non-tensor builtin operators of TorchScript: arithmetic and
// comparison on int/float/bool, conversions, list, dict and str methods and
// the math module, registered under their PyTorch schema strings.
//
// Semantics follow Python where TorchScript programs can observe them
// (floor division and modulo round toward -inf, `/` is true division, list
// indices may be negative) and PyTorch's error texts where a program can
// catch them ("list index out of range", "KeyError: b", "division by 0").
#pragma once

#include "runtime/ops/op_registration.h"

namespace jitserve {
class OperatorRegistry;

// Registers the tables below in this order, all but kTolistOps (whose
// schema is our encoding of what PyTorch's frontend special-cases; the
// caller registers it: registerAllOps).
void registerBuiltinOps(OperatorRegistry& registry);

namespace builtins {

extern const ops::OpTable kNumberOps;  // + - * / // % ** comparisons, bit ops, min/max, casts
extern const ops::OpTable kMathOps;    // math.*: sqrt, exp, log, floor, ceil, gcd, ...
extern const ops::OpTable kListOps;    // list methods, len, slicing, sorting, range helpers
extern const ops::OpTable kDictOps;    // dict methods
extern const ops::OpTable kStringOps;  // str methods, format, conversions to str
extern const ops::OpTable kMiscOps;    // enum name/value, tensor metadata, environment queries
extern const ops::OpTable kTolistOps;  // Tensor.tolist() (tolist_op.cpp)

}  // namespace builtins
}  // namespace jitserve
