// Overload resolution: does a schema accept these argument types or values,
// and how well?
//
// Rules (TorchScript's, for graphs that are already typed):
//  - Argument counts match exactly (IR nodes carry every argument, defaults
//    included); a vararg schema takes any number of extra trailing inputs.
//  - An argument accepts a type that is a subtype of it (refined tensors are
//    Tensors; NoneType and T are Optional[T]; members are their Union).
//  - Scalar (Number) accepts int, float and bool.
//  - Type variables (t, t1) bind on first use; later uses must agree
//    (t[] self, t el: el's type must be a subtype of the list's elements).
//  - Any accepts everything.
// A match has a cost: 0 for exact types, more for each conversion (Optional
// wrapping, Number, Any, type variable); the registry picks the lowest cost
// and, on ties, the earliest registered overload.
#pragma once

#include <optional>
#include <span>

#include "runtime/core/function_schema.h"

namespace jitserve {

// The match cost, or nullopt if the schema cannot take these types.
std::optional<int> matchSchemaToTypes(const FunctionSchema& schema, std::span<const TypePtr> inputTypes,
                                      std::span<const TypePtr> outputTypes = {});
// The same over runtime values (isInstanceOf, with type variables bound to
// the values' dynamic types).
std::optional<int> matchSchemaToValues(const FunctionSchema& schema, std::span<const IValue> inputs);

}  // namespace jitserve
