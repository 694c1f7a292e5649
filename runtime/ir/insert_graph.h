// insertGraph: copies a callee graph's nodes into another graph at its
// insertion point, the callee's inputs bound to `inputs`; returns the values
// that stand for the callee's outputs. The building block of inlining: the
// frontend uses it for library functions, the Inliner pass for calls.
//
// `inlineCall`, when given, is asked about each prim::CallFunction being
// copied; a graph it returns is inserted in place of that call (recursively),
// so a library function that calls another arrives fully inlined.
#pragma once

#include <functional>
#include <vector>

#include "runtime/ir/ir.h"

namespace jitserve {

using InlineCallFn = std::function<const Graph*(const Node* call)>;

std::vector<Value*> insertGraph(Graph& g, const Graph& callee, const std::vector<Value*>& inputs,
                                const InlineCallFn& inlineCall = nullptr);

}  // namespace jitserve
