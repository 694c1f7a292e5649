// verifyGraph: the IR lint. Checks the invariants documented in ir.h, so a
// pass that breaks the graph is caught right after it runs:
//  - every node is in exactly one block list, linked both ways, with
//    increasing topological positions, and owned by the graph;
//  - every input is a value of the graph that is visible at the use (defined
//    earlier in the same block or in an enclosing block);
//  - use lists and input lists agree, and outputs know their node and offset;
//  - prim::If has one condition input and two blocks without inputs whose
//    outputs match the node's; prim::Loop has (max_trip, cond, carried...)
//    inputs and a body taking (iter, carried...) and returning (cond, carried...);
//  - nothing the graph owns is unreachable (no dangling nodes or values);
//  - the debug-name table matches the values' names.
// Subgraphs held in attributes are verified too.
#pragma once

#include "absl/status/status.h"
#include "runtime/ir/ir.h"

namespace jitserve {

// OK, or an Internal status naming the first broken invariant and the node.
absl::Status verifyGraph(const Graph& g);

}  // namespace jitserve
