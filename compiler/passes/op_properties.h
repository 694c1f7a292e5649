// What passes need to know about a node beyond the IR: the operator it will
// run as (the interpreter's overload resolution over the node's static
// types), and the properties that make a node unsafe to fold, merge or drop.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

class Operator;
class OperatorRegistry;

// The operator the interpreter will bind `n` to (same resolution as Code),
// or nullptr for interpreter instructions (prim::If, prim::ListConstruct, ...)
// and unknown operators. Uses currentOperatorRegistry() (operator_context.h).
const Operator* findOperatorFor(const Node* n);

// Ops whose result differs between runs on the same inputs (rand, dropout in
// training, ...): never folded or merged.
bool isNondeterministic(const Node* n);

// Nodes whose effect is outside the values they read and write: output,
// exceptions, calls of unknown functions, futures, context managers,
// attribute writes. Never removed, merged or reordered across each other.
bool hasSideEffects(const Node* n);

// Types whose values have identity and may be mutated (Tensor, lists,
// dicts, objects, futures; Optional/Union/tuples containing them, Any).
bool isMutableType(const TypePtr& t);

}  // namespace jitserve

namespace jitserve {

// A string that is equal for two nodes exactly when their attributes are
// (names, kinds, values). Tensor and subgraph attributes compare by identity;
// IValue constants by their printed form unless it may hide a tensor.
std::string attributesKey(const Node* n);

}  // namespace jitserve
