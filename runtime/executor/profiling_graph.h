// The graph rewrites of the profiling executor: where it profiles, and how
// it turns a profile into guards with bail-outs.
//
// Profiled values are the tensor-typed values of the graph's top-level
// block (its inputs, then each top-level node's outputs, in order); slot i
// of a ProfilingRecord is the i-th of them. Values inside loops and ifs get
// their types by propagation from guarded ones; a guard inside a loop would
// need a continuation that resumes mid-iteration.
//
//   %y : Tensor = aten::reshape(%x, %shape)
//   prim::profile[slot=3](%y)                                   (profiling plan)
//
//   %y : Tensor = aten::reshape(%x, %shape)
//   %y.g : Float(*, *) = prim::Guard[profiled_type=Float(*, *), guard=0,
//                                    Subgraph=<continuation>](%y, %live...)
//                                                                (optimized plan)
//
// A guard's continuation is the rest of the unoptimized graph after the
// guarded value's definition, taking the value and every value defined
// before it that the rest uses; on a failed check the frame returns what the
// continuation returns. Passes treat prim::Guard as a side effect, so the
// optimized graph does everything before a guard exactly as the unoptimized
// one would, and nothing after it.
#pragma once

#include <cstddef>

#include "runtime/interpreter/profiling_record.h"

namespace jitserve {

class Graph;

// Adds prim::profile after each profiled value of `g` (a specialized,
// optimized graph); returns the number of slots.
size_t insertProfiling(Graph& g);

struct GuardOptions {
  // Guard exact sizes too (else dtype, device and rank: what our passes
  // use). Sizes make more guards and more bail-outs.
  bool sizes = false;
};

struct GuardInsertion {
  size_t guards = 0;      // prim::Guard nodes inserted (numbered 0..guards-1)
  size_t skipped = 0;     // profiled values whose static type already said as much
  size_t unprofiled = 0;  // slots with no usable observation (never run, None, mixed)
};

// Inserts guards into `g`, a graph the profiled one was copied from (same
// top-level values in the same order, no profile nodes), for the values
// whose observed type (per `options`) says more than their static type.
// Each guard's continuation is cut from `g` as it was before any guard.
GuardInsertion insertGuards(Graph& g, const ProfilingRecord& record, const GuardOptions& options = {});

}  // namespace jitserve
