#include "runtime/ops/vec_math_tables.h"

#include <array>
#include <cmath>
#include <numbers>
#include <utility>

namespace jitserve::ops::vec {
namespace {

constexpr int kN = PiecewiseTable::kDegree + 1;

// The coefficients (in s, s in [0, 1)) of the polynomial through f at
// kN Chebyshev nodes of [lo, lo + width]: a kN x kN Vandermonde solve by
// Gaussian elimination with partial pivoting (well conditioned at this
// size on [0, 1]).
template <typename F>
std::array<double, kN> interpolate(F f, double lo, double width) {
  double a[kN][kN + 1];
  for (int j = 0; j < kN; ++j) {
    const double s = 0.5 + 0.5 * std::cos((2 * j + 1) * std::numbers::pi / (2 * kN));
    double p = 1;
    for (int k = 0; k < kN; ++k, p *= s) a[j][k] = p;
    a[j][kN] = f(lo + width * s);
  }
  for (int col = 0; col < kN; ++col) {
    int pivot = col;
    for (int r = col + 1; r < kN; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    for (int k = 0; k <= kN; ++k) std::swap(a[col][k], a[pivot][k]);
    for (int r = 0; r < kN; ++r) {
      if (r == col) continue;
      const double m = a[r][col] / a[col][col];
      for (int k = col; k <= kN; ++k) a[r][k] -= m * a[col][k];
    }
  }
  std::array<double, kN> c{};
  for (int k = 0; k < kN; ++k) c[k] = a[k][kN] / a[k][k];
  return c;
}

void setBucket(PiecewiseTable& t, int b, const std::array<double, kN>& c) {
  for (int k = 0; k < kN; ++k) t.c[k][b] = static_cast<float>(c[k]);
}

PiecewiseTable buildNormalCdf() {
  PiecewiseTable t{};
  const auto phi = [](double x) { return 0.5 * std::erfc(-x / std::numbers::sqrt2); };
  for (int b = 1; b < PiecewiseTable::kBuckets - 1; ++b) setBucket(t, b, interpolate(phi, -6.0 + 0.4 * (b - 1), 0.4));
  t.c[0][PiecewiseTable::kBuckets - 1] = 1.0f;  // bucket 0 stays all zeros
  return t;
}

}  // namespace

const PiecewiseTable& normalCdfTable() {
  static const PiecewiseTable t = buildNormalCdf();
  return t;
}

}  // namespace jitserve::ops::vec
