// Last-use analysis over the structured control flow of a Graph.
//
// The interpreter moves a value out of its register at its last use instead
// of copying it, so an in-place kernel sees the only reference (use_count 1)
// and memory is released as early as possible. A use is "last" when no later
// use is reachable from it, which on structured control flow is:
//  - in straight-line code: no later use in the block and the value is not
//    live out of the block;
//  - in an If branch: the value is not used after the If; a value still live
//    into only the other branch is released on entry to this one;
//  - in a Loop body: never for values defined outside the body (they are
//    needed by the next iteration); they are released after the loop;
//  - a node reading the same value twice moves only its last operand.
// Values produced and never used are marked dead so the builder can drop
// them at once. Constants (prim::Constant, prim::Uninitialized) are not
// tracked: they live in Code's constant table and are pushed, not moved.
#pragma once

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

namespace jitserve {

class Graph;
class Block;
class Node;
class Value;

// True for values that the interpreter keeps in its constant table.
bool isConstantValue(const Value* v);

struct Liveness {
  // For each node with tracked inputs: moveInput[node][i] says input i is
  // that value's last use.
  absl::flat_hash_map<const Node*, std::vector<bool>> moveInput;
  // The same for a block's returned values (keyed by the block).
  absl::flat_hash_map<const Block*, std::vector<bool>> moveOutput;
  // Registers to release when entering a block: values live into a sibling
  // branch only, and block parameters the block never reads.
  absl::flat_hash_map<const Block*, std::vector<const Value*>> dropOnEntry;
  // Registers to release right after a node: values read inside a loop
  // whose last use was that loop.
  absl::flat_hash_map<const Node*, std::vector<const Value*>> dropAfter;
  // Node outputs and graph inputs that nothing reads.
  absl::flat_hash_set<const Value*> unused;

  bool isMove(const Node* n, size_t input) const;
  bool isMoveOutput(const Block* b, size_t output) const;
};

Liveness computeLiveness(const Graph& graph);

}  // namespace jitserve
