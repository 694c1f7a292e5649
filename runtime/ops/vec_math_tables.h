// Piecewise-polynomial tables for the AVX-512 kernels of vec_math (gelu):
// 32 buckets of equal width, a degree-5 polynomial in the bucket
// coordinate s in [0, 1) per bucket, so one 32-entry permute per
// coefficient (vpermt2ps) replaces most of a long polynomial or a
// division. Built once in double, in baseline code (vec_math_tables.cpp),
// by Chebyshev interpolation (near-minimax), and read by the AVX-512
// translation unit. No inline functions here: see vec_math.h.
#pragma once

namespace jitserve::ops::vec {

struct PiecewiseTable {
  static constexpr int kBuckets = 32;
  static constexpr int kDegree = 5;
  float c[kDegree + 1][kBuckets];  // c[k][b]: coefficient of s^k in bucket b
};

// Phi(x), the standard normal CDF (gelu = x Phi(x)): bucket b in [1, 30]
// covers x in [-6 + 0.4 (b - 1), -6 + 0.4 b); bucket 0 (x < -6) is 0 and
// bucket 31 (x >= 6) is 1. |error| < 2e-8 inside.
const PiecewiseTable& normalCdfTable();

}  // namespace jitserve::ops::vec
