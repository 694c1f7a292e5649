// Fast paths that replaced per-element or sort-based code, against their
// general forms: topk by selection vs sort's prefix, gather and index_select
// vs naive loops (strided inputs, negative and bad indices), where's
// branch-free select and clamp's NaN propagation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "runtime/support/error.h"
#include "tests/runtime/ops/op_test_util.h"

namespace jitserve::ops {
namespace {

using testing::bools;
using testing::call;
using testing::callT;
using testing::floats;
using testing::longs;
using testing::values;

std::vector<float> uniform(int64_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 g(seed);
  std::uniform_real_distribution<float> d(lo, hi);
  std::vector<float> v(static_cast<size_t>(n));
  for (auto& x : v) x = d(g);
  return v;
}

// Whether idx (k per row) names k distinct positions of each row whose
// values are vals: what topk's indices must satisfy whatever their order
// among ties (which follows PyTorch's selection; torch_diff checks that).
void expectIndicesName(const Tensor& t, int64_t dim, const Tensor& vals, const Tensor& idx, const std::string& what) {
  Tensor picked = callT("aten::gather", {t, IValue(dim), idx, IValue(false)});
  const auto a = values(picked), b = values(vals);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    EXPECT_TRUE(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i]))) << what;
  Tensor sortedIdx = call("aten::sort", {idx, IValue(dim), IValue(false)})[0].toTensor();
  Tensor same = callT("aten::eq.Tensor", {sortedIdx.narrow(dim, 1, idx.size(dim) - 1),
                                          sortedIdx.narrow(dim, 0, idx.size(dim) - 1)});
  for (double d : values(same)) EXPECT_EQ(d, 0.0) << what << ": an index repeats";
}

// topk's values are sort's first k, ties and NaN included, for largest and
// smallest, through both of PyTorch's selections (partial_sort when
// k * 64 <= n, nth_element otherwise); its indices name them.
TEST(TopkSelection, ValuesEqualSortPrefix) {
  std::vector<float> v = uniform(3 * 200, -3, 3, 11);
  for (size_t i = 0; i < v.size(); i += 7) v[i] = 1.0f;  // many ties
  v[5] = std::numeric_limits<float>::quiet_NaN();
  v[405] = std::numeric_limits<float>::quiet_NaN();
  Tensor t = floats(v, {3, 200});
  for (bool largest : {true, false}) {
    for (int64_t k : {1, 2, 3, 5, 12, 13, 50, 100}) {
      const std::string what = "largest=" + std::to_string(largest) + " k=" + std::to_string(k);
      Stack top = call("aten::topk", {t, IValue(k), IValue(int64_t{1}), IValue(largest), IValue(true)});
      Stack srt = call("aten::sort", {t, IValue(int64_t{1}), IValue(largest)});
      Tensor sv = srt[0].toTensor().narrow(1, 0, k);
      const auto a = values(top[0].toTensor()), b = values(sv);
      ASSERT_EQ(a.size(), b.size());
      for (size_t i = 0; i < a.size(); ++i)
        EXPECT_TRUE(a[i] == b[i] || (std::isnan(a[i]) && std::isnan(b[i]))) << what;
      if (k > 1) expectIndicesName(t, 1, top[0].toTensor(), top[1].toTensor(), what);
    }
  }
  // Rows longer than the selection's on-stack index buffer (256).
  std::vector<float> w = uniform(2 * 600, -1, 1, 12);
  for (size_t i = 0; i < w.size(); i += 5) w[i] = 0.25f;
  Tensor long_rows = floats(w, {2, 600});
  for (bool largest : {true, false}) {
    Stack top = call("aten::topk", {long_rows, IValue(int64_t{40}), IValue(int64_t{1}), IValue(largest), IValue(true)});
    Stack srt = call("aten::sort", {long_rows, IValue(int64_t{1}), IValue(largest)});
    EXPECT_EQ(values(top[0].toTensor()), values(srt[0].toTensor().narrow(1, 0, 40))) << "largest=" << largest;
    expectIndicesName(long_rows, 1, top[0].toTensor(), top[1].toTensor(), "long rows");
  }
  // Along dim 0 of a non-contiguous view.
  Tensor tt = t.transpose(0, 1);
  Stack top = call("aten::topk", {tt, IValue(int64_t{3}), IValue(int64_t{0}), IValue(true), IValue(true)});
  Stack srt = call("aten::sort", {tt, IValue(int64_t{0}), IValue(true)});
  expectIndicesName(tt, 0, top[0].toTensor(), top[1].toTensor(), "dim 0");
}

// Ties: PyTorch 1.13's own answers (CPU), which depend on the selection
// algorithm it runs (see dim_ops.cpp topk/sortRows).
TEST(TopkSelection, TiesFollowPyTorch) {
  auto idx = [](Stack s) { return values(s[1].toTensor()); };
  using V = std::vector<double>;
  EXPECT_EQ(idx(call("aten::topk", {floats(std::vector<float>(1000, 0.f)), IValue(int64_t{10}), IValue(int64_t{-1}),
                                    IValue(true), IValue(true)})),
            (V{8, 9, 4, 7, 5, 3, 1, 0, 2, 6}));
  EXPECT_EQ(idx(call("aten::topk", {floats(std::vector<float>(20, 0.f)), IValue(int64_t{10}), IValue(int64_t{-1}),
                                    IValue(true), IValue(true)})),
            (V{15, 11, 12, 13, 14, 17, 19, 18, 10, 16}));
  V s = idx(call("aten::sort", {floats(std::vector<float>(100, 0.f)), IValue(int64_t{0}), IValue(true)}));
  EXPECT_EQ(V(s.begin(), s.begin() + 5), (V{62, 74, 73, 72, 71}));
  V st = idx(call("aten::sort.stable", {floats(std::vector<float>(100, 0.f)), IValue(true), IValue(int64_t{0}),
                                       IValue(true)}));
  EXPECT_EQ(V(st.begin(), st.begin() + 5), (V{0, 1, 2, 3, 4}));
}

TEST(GatherFastPath, MatchesNaiveOnStridedInputs) {
  Tensor self = floats(uniform(6 * 8, -1, 1, 5), {6, 8}).transpose(0, 1);  // [8, 6], strided
  std::vector<int64_t> idx;
  for (int i = 0; i < 8 * 4; ++i) idx.push_back((i * 5) % 6);
  Tensor index = longs(idx, {8, 4});
  Tensor g = callT("aten::gather", {self, IValue(int64_t{1}), index, IValue(false)});
  const auto sv = values(self), gv = values(g);
  for (int64_t i = 0; i < 8; ++i)
    for (int64_t j = 0; j < 4; ++j) EXPECT_EQ(gv[i * 4 + j], sv[i * 6 + idx[i * 4 + j]]);
  // dim 0, index narrower than self in the other dim.
  Tensor index0 = longs({7, 0, 3, 1, 2, 5}, {3, 2});
  Tensor g0 = callT("aten::gather", {self, IValue(int64_t{0}), index0, IValue(false)});
  EXPECT_EQ(values(g0), (std::vector<double>{sv[7 * 6 + 0], sv[0 * 6 + 1], sv[3 * 6 + 0], sv[1 * 6 + 1],
                                             sv[2 * 6 + 0], sv[5 * 6 + 1]}));
  // Out of range is an error naming the index, whichever row it is in.
  Tensor bad = longs({0, 1, 2, 9}, {2, 2});
  try {
    call("aten::gather", {self, IValue(int64_t{1}), bad, IValue(false)});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("index 9 is out of bounds for dimension 1 with size 6"), std::string::npos)
        << e.what();
  }
  // Double (8-byte) and bool (1-byte) elements.
  Tensor d = floats({1, 2, 3, 4}, {2, 2}).to(ScalarType::Double);
  EXPECT_EQ(values(callT("aten::gather", {d, IValue(int64_t{1}), longs({1, 1, 0, 1}, {2, 2}), IValue(false)})),
            (std::vector<double>{2, 2, 3, 4}));
}

// PyTorch 1.13 rejects negative indices in gather, scatter, scatter_add,
// index_select, index_add, index_copy, index_reduce and take_along_dim
// (tensor[...], take and index_fill count them from the end).
TEST(IndexOps, NegativeIndicesAsPyTorch) {
  Tensor x = floats({0, 1, 2, 3, 4, 5}, {2, 3});
  const auto errorOf = [](const std::function<void()>& f) -> std::string {
    try {
      f();
    } catch (const Error& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string msg = "index -1 is out of bounds for dimension 1 with size 3";
  const Tensor neg = longs({-1, 0, 1, 2}, {2, 2});
  EXPECT_NE(errorOf([&] { call("aten::gather", {x, IValue(int64_t{1}), neg, IValue(false)}); }).find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] { call("aten::scatter.value", {x, IValue(int64_t{1}), longs({-1}, {1, 1}), IValue(5.0)}); })
                .find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              call("aten::scatter_add", {x, IValue(int64_t{1}), longs({-1}, {1, 1}), floats({1}, {1, 1})});
            }).find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] { call("aten::index_select", {x, IValue(int64_t{1}), longs({-1})}); }).find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              call("aten::index_add", {x, IValue(int64_t{1}), longs({-1}), floats({1, 1}, {2, 1}), IValue(1)});
            }).find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] { call("aten::index_copy", {x, IValue(int64_t{1}), longs({-1}), floats({1, 1}, {2, 1})}); })
                .find(msg),
            std::string::npos);
  EXPECT_NE(errorOf([&] {
              call("aten::index_reduce",
                   {x, IValue(int64_t{1}), longs({-1}), floats({1, 1}, {2, 1}), IValue(std::string("prod")), IValue(true)});
            }).find("index_reduce(): index -1 is out of bounds for dimension 1 with size 3"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { call("aten::take_along_dim", {x, longs({-1, 2}), IValue()}); })
                .find("index -1 is out of bounds for dimension 0 with size 6"),
            std::string::npos);
  EXPECT_EQ(values(callT("aten::take_along_dim", {x, longs({5, 2}), IValue()})), (std::vector<double>{5, 2}));
  // index_fill wraps: column 2 filled.
  EXPECT_EQ(values(callT("aten::index_fill.int_Scalar", {x, IValue(int64_t{1}), longs({-1}), IValue(9.0)})),
            (std::vector<double>{0, 1, 9, 3, 4, 9}));
}

TEST(IndexSelectFastPath, MiddleDimAndErrors) {
  Tensor t = floats(uniform(2 * 5 * 3, -1, 1, 9), {2, 5, 3});
  Tensor r = callT("aten::index_select", {t, IValue(int64_t{1}), longs({4, 2, 0})});
  const auto tv = values(t), rv = values(r);
  ASSERT_EQ(std::vector<int64_t>(r.sizes().begin(), r.sizes().end()), (std::vector<int64_t>{2, 3, 3}));
  const int64_t pick[3] = {4, 2, 0};
  for (int64_t o = 0; o < 2; ++o)
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j) EXPECT_EQ(rv[(o * 3 + i) * 3 + j], tv[(o * 5 + pick[i]) * 3 + j]);
  EXPECT_THROW(call("aten::index_select", {t, IValue(int64_t{1}), longs({0, 5})}), Error);
}

TEST(WhereClamp, BranchFreeSelectAndNanPropagation) {
  std::mt19937 g(3);
  std::vector<bool> m(100);
  std::vector<float> a = uniform(100, -1, 1, 1), b = uniform(100, -1, 1, 2);
  for (size_t i = 0; i < m.size(); ++i) m[i] = g() & 1;
  const auto w = values(callT("aten::where.self", {bools(m), floats(a), floats(b)}));
  for (size_t i = 0; i < m.size(); ++i) EXPECT_EQ(w[i], m[i] ? a[i] : b[i]);
  // Strided and broadcast operands take the scalar select per element.
  Tensor mt = bools(m, {10, 10}).transpose(0, 1);
  const auto ws = values(
      callT("aten::where.self", {mt, floats(a, {10, 10}), floats(std::vector<float>(b.begin(), b.begin() + 10), {10})}));
  for (int64_t i = 0; i < 10; ++i)
    for (int64_t j = 0; j < 10; ++j) EXPECT_EQ(ws[i * 10 + j], m[j * 10 + i] ? a[i * 10 + j] : b[j]);
  // int64 and double operands take the 8-byte select.
  const auto wl = values(callT("aten::where.self", {bools({true, false}), longs({1, 2}), longs({-3, -4})}));
  EXPECT_EQ(wl, (std::vector<double>{1, -4}));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const auto c = values(callT("aten::clamp", {floats({nan, -2, 0.25f, 3}), IValue(-0.5), IValue(0.5)}));
  EXPECT_TRUE(std::isnan(c[0]));
  EXPECT_EQ((std::vector<double>(c.begin() + 1, c.end())), (std::vector<double>{-0.5, 0.25, 0.5}));
  // A NaN bound propagates too.
  const auto cn = values(callT("aten::clamp", {floats({1, 2}), IValue(static_cast<double>(nan)), IValue()}));
  EXPECT_TRUE(std::isnan(cn[0]) && std::isnan(cn[1]));
}

}  // namespace
}  // namespace jitserve::ops
