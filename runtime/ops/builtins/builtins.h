// The non-tensor builtin operators of TorchScript: arithmetic and
// comparison on int/float/bool, conversions, list, dict and str methods and
// the math module, registered under their PyTorch schema strings.
//
// Semantics follow Python where TorchScript programs can observe them
// (floor division and modulo round toward -inf, `/` is true division, list
// indices may be negative) and PyTorch's error texts where a program can
// catch them ("list index out of range", "KeyError: b", "division by 0").
#pragma once

namespace jitserve {
class OperatorRegistry;

// All of the below.
void registerBuiltinOps(OperatorRegistry& registry);

void registerNumberOps(OperatorRegistry& registry);  // + - * / // % ** comparisons, bit ops, min/max, casts
void registerMathOps(OperatorRegistry& registry);    // math.*: sqrt, exp, log, floor, ceil, gcd, ...
void registerListOps(OperatorRegistry& registry);    // list methods, len, slicing, sorting, range helpers
void registerDictOps(OperatorRegistry& registry);    // dict methods
void registerStringOps(OperatorRegistry& registry);  // str methods, format, conversions to str
void registerMiscOps(OperatorRegistry& registry);    // enum name/value, tensor metadata, environment queries

}  // namespace jitserve
