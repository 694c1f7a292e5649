// Fork insertion: runs independent heavy branches of a block in parallel by
// moving them into prim::fork subgraphs on the inter-op pool, waited for
// right before their results are first used. Optional and off by default
// (not in any standard pipeline); run it after `inline`, since calls are
// opaque to the AliasDb and are never moved.
//
//   %a = aten::mm(%x, %w0)                     %f = prim::fork_0(%x, %w0)
//   %b = aten::mm(%x, %w1)             -->     %b = aten::mm(%x, %w1)
//   %r = aten::add(%a, %b, %1)                 %a = aten::wait(%f)
//                                              %r = aten::add(%a, %b, %1)
//                                            with prim::fork_0 = graph(%x, %w0):
//                                              %a = aten::mm(%x, %w0)  -> (%a)
//
// Safety (proved with the AliasDb, alias_analysis.h). A region R (a set of
// nodes of one block) is forked only when
//   - no node of R has side effects (nested blocks included), draws random
//     numbers, or writes memory the caller can see (inputs, outputs,
//     wildcards);
//   - every node of the block that R's move reorders or overlaps (those
//     from R's first node to its wait, or to its last node) has no side
//     effects and no memory conflict with R: neither writes what the other
//     reads or writes;
//   - R's inputs are all defined before the fork, and nothing before the
//     wait uses R's results; regions share no values.
// So every memory access keeps its order against every conflicting one, and
// prints, raises and attribute writes see the same state. What may differ:
// when both R and a node beside it fail, which error reaches the caller.
//
// Cost model (work in multiply-adds; shapes from refined tensor types, so
// it sees more after propagate_tensor_types): mm/bmm/addmm/matmul/linear
// and convolutions by their sizes; a heavy op (those, RNNs, einsum,
// attention) whose sizes are unknown counts as kForkMinWork; other ops
// count their output's elements when known, else nothing; a loop counts its
// body times a constant trip count (once when unknown), an if its heavier
// branch. A region is forked only if its work, and the caller's work between
// the fork and the wait, are both at least kForkMinWork: a fork costs tens
// of microseconds, and with nothing to do beside it the caller only waits.
// Before choosing, a heavy node (with the inputs only it uses) is moved up
// past independent cheap nodes, so that `f(x) + g(x) + h(x)` becomes three
// calls then the adds; if no region is forked that order is put back.
//
// Nested blocks are processed after their owner stayed in the caller.
#pragma once

#include <cstdint>

#include "runtime/ir/ir.h"

namespace jitserve {

// About a quarter millisecond of one core's GEMM.
inline constexpr double kForkMinWork = double{1 << 23};

bool InsertFork(Graph& graph);

// The cost model's estimate for one node (nested blocks included).
double estimatedWork(const Node* n);

}  // namespace jitserve
