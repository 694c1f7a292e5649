#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "op_test_util.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

TEST(ReduceOps, SumDtypeRulesAndDims) {
  Tensor b = bools({true, true, false});
  Tensor s = callT("aten::sum", {b, IValue()});
  EXPECT_EQ(s.dtype(), ScalarType::Long);
  EXPECT_EQ(values(s), (V{2}));
  Tensor m = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(values(callT("aten::sum.dim_IntList", {m, IValue::intList({0}), IValue(true), IValue()})), (V{5, 7, 9}));
  Tensor k = callT("aten::sum.dim_IntList", {m, IValue::intList({1}), IValue(true), IValue()});
  EXPECT_EQ(IntArrayRef(k.sizes()), IntArrayRef({2, 1}));
  EXPECT_THROW(call("aten::sum.dim_IntList", {m, IValue::intList({0, 0}), IValue(false), IValue()}), Error);
}

// Sums over leading dims add whole rows into per-column accumulators in
// tiles sized by the thread count: wide rows (several tiles), one and two
// threads, against a naive double sum.
TEST(ReduceOps, SumOverLeadingDimsWideRows) {
  const int64_t R = 7, C = 20000;
  std::vector<float> v(static_cast<size_t>(R * C));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 37) % 101) * 0.25f - 12.0f;
  const Tensor x = floats(v, {R, C});
  const int saved = get_num_threads();
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    const V got = values(callT("aten::sum.dim_IntList", {x, IValue::intList({0}), IValue(false), IValue()}));
    ASSERT_EQ(got.size(), static_cast<size_t>(C));
    int64_t wrong = 0;
    for (int64_t c = 0; c < C; ++c) {
      double ref = 0;
      for (int64_t r = 0; r < R; ++r) ref += v[r * C + c];
      wrong += got[c] != static_cast<float>(ref);
    }
    EXPECT_EQ(wrong, 0) << threads << " thread(s)";
  }
  set_num_threads(saved);
}

// A full sum or mean of a long row is split into fixed blocks summed on
// the pool: the result is the same bits at one and two threads, and within
// double rounding of a sequential sum.
TEST(ReduceOps, LongRowSumSameAtEveryThreadCount) {
  const int64_t n = 300001;  // several blocks and a partial one
  std::vector<float> v(static_cast<size_t>(n));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7919) % 1013) * 0.125f - 63.0f;
  const Tensor x = floats(v, {n});
  double ref = 0;
  for (float f : v) ref += f;
  const int saved = get_num_threads();
  std::vector<double> sums, means;
  for (int threads : {1, 2}) {
    set_num_threads(threads);
    sums.push_back(values(callT("aten::sum", {x, IValue()}))[0]);
    means.push_back(values(callT("aten::mean", {x, IValue()}))[0]);
  }
  set_num_threads(saved);
  EXPECT_EQ(sums[0], sums[1]);
  EXPECT_EQ(means[0], means[1]);
  EXPECT_EQ(sums[0], static_cast<double>(static_cast<float>(ref)));
  EXPECT_NEAR(means[0], ref / n, 1e-6);
}

// Long float rows take the wide (AVX2) loop for the first multiple of 32
// elements and the narrow ones for the rest: the extreme may sit in either
// part, and a NaN anywhere makes the result NaN.
TEST(ReduceOps, AmaxAminOfLongRowsEveryPosition) {
  for (int64_t n : {64, 95, 200, 1000}) {
    for (int64_t at : {int64_t{0}, int64_t{31}, int64_t{63}, n - 1}) {
      std::vector<float> v(static_cast<size_t>(n));
      for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = static_cast<float>((i * 37) % 101) - 50.0f;
      std::vector<float> hi = v, lo = v, nan = v;
      hi[static_cast<size_t>(at)] = 1000.0f;
      lo[static_cast<size_t>(at)] = -1000.0f;
      nan[static_cast<size_t>(at)] = std::numeric_limits<float>::quiet_NaN();
      const IValue dim = IValue::intList({-1});
      EXPECT_EQ(values(callT("aten::amax", {floats(hi, {1, n}), dim, IValue(false)}))[0], 1000.0) << n << " " << at;
      EXPECT_EQ(values(callT("aten::amin", {floats(lo, {1, n}), dim, IValue(false)}))[0], -1000.0) << n << " " << at;
      EXPECT_TRUE(std::isnan(values(callT("aten::amax", {floats(nan, {1, n}), dim, IValue(false)}))[0])) << n << " " << at;
      EXPECT_TRUE(std::isnan(values(callT("aten::amin", {floats(nan, {1, n}), dim, IValue(false)}))[0])) << n << " " << at;
    }
  }
}

TEST(ReduceOps, MeanNeedsFloat) {
  EXPECT_THROW(call("aten::mean", {longs({1, 2}), IValue()}), Error);
  EXPECT_EQ(values(callT("aten::mean.dim", {floats({1, 2, 3, 4}, {2, 2}), IValue::intList({1}), IValue(false),
                                            IValue()})),
            (V{1.5, 3.5}));
}

TEST(ReduceOps, MaxDimReturnsValuesAndFirstIndex) {
  Stack r = call("aten::max.dim", {floats({1, 3, 3, NAN, 0, 2}, {2, 3}), IValue(int64_t{1}), IValue(false)});
  ASSERT_EQ(r.size(), 2u);
  V v = values(r[0].toTensor());
  EXPECT_EQ(v[0], 3);
  EXPECT_TRUE(std::isnan(v[1]));
  EXPECT_EQ(values(r[1].toTensor()), (V{1, 0}));
  EXPECT_THROW(call("aten::max", {empty({0})}), Error);
}

TEST(ReduceOps, VarStdArgmaxNorm) {
  Tensor x = floats({1, 2, 3, 4});
  EXPECT_NEAR(values(callT("aten::var", {x, IValue(true)}))[0], 1.6666667, 1e-6);
  EXPECT_NEAR(values(callT("aten::std.correction", {x, IValue(), IValue(int64_t{0}), IValue(false)}))[0],
              std::sqrt(1.25), 1e-6);
  EXPECT_EQ(values(callT("aten::argmax", {x, IValue(), IValue(false)})), (V{3}));
  EXPECT_NEAR(values(callT("aten::norm.Scalar", {floats({3, 4}), IValue(int64_t{2})}))[0], 5, 1e-6);
  EXPECT_EQ(values(callT("aten::all", {bools({true, false})})), (V{0}));
}

TEST(ReduceOps, TransposedInputAndEmptyRows) {
  Tensor m = floats({1, 2, 3, 4, 5, 6}, {2, 3}).t();
  EXPECT_EQ(values(callT("aten::sum.dim_IntList", {m, IValue::intList({1}), IValue(false), IValue()})), (V{5, 7, 9}));
  EXPECT_EQ(values(callT("aten::sum.dim_IntList", {empty({0, 2}), IValue::intList({0}), IValue(false), IValue()})),
            (V{0, 0}));
}

}  // namespace
}  // namespace jitserve::ops::testing
