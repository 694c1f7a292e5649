// Loop unrolling for `for` loops (prim::Loop whose condition is the constant
// true on entry and after every iteration).
//
//  - A constant trip count of at most kMaxFullUnroll, with a small body, is
//    unrolled completely: the body is copied once per iteration, the
//    iteration number becoming a constant, and the loop disappears.
//  - Otherwise a body of at most kMaxBodySize nodes is unrolled by
//    kUnrollFactor: a loop of max(n, 0) // 8 trips runs 8 copies of the body
//    (iteration number i*8 + j), followed by the original loop for the
//    remaining max(n, 0) - (n // 8) * 8 trips (iteration number offset).
//    Loops produced this way are recognised by their trip count and not
//    unrolled again.
// Inner loops are unrolled first; a body with side effects is still copied
// in order, so effects happen as often and in the same order.
#pragma once

#include <cstdint>

#include "runtime/ir/ir.h"

namespace jitserve {

inline constexpr int64_t kMaxFullUnroll = 16;
inline constexpr int64_t kUnrollFactor = 8;
inline constexpr size_t kMaxBodySize = 32;

bool UnrollLoops(Graph& graph);

}  // namespace jitserve
