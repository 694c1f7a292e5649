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
//   %y.g : Float(*, *) = prim::Guard[profiled_type=Float(*, *), guard=0](%y, %live...)
//                                                                (optimized plan)
//
// A guard's continuation is the rest of the unoptimized graph after the
// guarded value's definition, taking the value and every value defined
// before it that the rest uses (the guard's other inputs, in that order); on
// a failed check the frame returns what the continuation returns. It is cut
// from the unoptimized graph when the guard first fails (GuardContext).
// Passes treat prim::Guard as a side effect, so the optimized graph does
// everything before a guard exactly as the unoptimized one would, and
// nothing after it.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

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
  std::vector<size_t> slots;  // guard k guards the value of profiling slot slots[k]
  size_t skipped = 0;     // profiled values whose static type already said as much
  size_t unprofiled = 0;  // slots with no usable observation (never run, None, mixed)
};

// Inserts guards into `g`, a copy of the graph the profiled one was copied
// from (same top-level values in the same order, no profile nodes), for the
// values whose observed type (per `options`) says more than their static
// type.
GuardInsertion insertGuards(Graph& g, const ProfilingRecord& record, const GuardOptions& options = {});

// The continuation of a guard on profiling slot `slot`, cut from `base`
// (the graph insertGuards was given a copy of, unchanged).
std::shared_ptr<Graph> cutContinuation(const Graph& base, size_t slot);

}  // namespace jitserve
