// The run-time value of a prim::Constant node.
//
// Scalars, strings, int/float/string lists, devices and None come straight
// from the node's attribute. Tuples, typed lists and other IValue constants
// arrive as an OpaqueConstant: either an IValueConstant holding the value
// (built by the frontend or an importer) or, for graphs parsed from printed
// IR, the literal text ("(-1, -1)", "annotate(List[int], [])"), which is
// parsed here guided by the value's type. Values printed IR cannot carry
// (tensors shown as "<Tensor>", enum members whose values live in their
// compilation unit) are an error naming the constant.
#pragma once

#include "runtime/ir/attributes.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

class Node;

// IValueConstant (the OpaqueConstant that carries an IValue) is defined once,
// in runtime/ir/ivalue_constant.h, beside setConstantAttribute/insertConstant.

// The value of `n` (a prim::Constant). Function constants are not handled
// here (the builder resolves them by name). Throws jitserve::Error if the
// value cannot be built.
IValue constantValue(const Node& n);

// Parses a printed IValue literal as the IR printer writes it, for a value
// of type `type`. Throws jitserve::Error on text it cannot read.
IValue parseIValueLiteral(std::string_view text, const TypePtr& type);

}  // namespace jitserve
