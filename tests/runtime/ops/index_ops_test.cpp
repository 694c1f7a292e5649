#include <gtest/gtest.h>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

IValue optList(std::vector<IValue> v) { return IValue::list(OptionalType::create(TensorType::get()), std::move(v)); }

TEST(IndexOps, AdvancedIndexingWithLongAndBool) {
  Tensor m = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  // m[:, [2, 0]]
  Tensor r = callT("aten::index.Tensor", {m, optList({IValue(), longs({2, 0})})});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({2, 2}));
  EXPECT_EQ(values(r), (V{3, 1, 6, 4}));
  // m[m > 3]
  Tensor mask = callT("aten::gt.Scalar", {m, IValue(int64_t{3})});
  EXPECT_EQ(values(callT("aten::index.Tensor", {m, optList({mask})})), (V{4, 5, 6}));
  EXPECT_THROW(call("aten::index.Tensor", {m, optList({longs({2})})}), Error);
}

TEST(IndexOps, IndexPutAccumulates) {
  Tensor t = floats({0, 0, 0});
  call("aten::index_put_", {t, optList({longs({0, 0, 2})}), floats({1, 2, 3}), IValue(true)});
  EXPECT_EQ(values(t), (V{3, 0, 3}));
}

TEST(IndexOps, GatherScatterIndexSelect) {
  Tensor m = floats({1, 2, 3, 4}, {2, 2});
  EXPECT_EQ(values(callT("aten::gather", {m, IValue(int64_t{1}), longs({1, 0, 0, 0}, {2, 2}), IValue(false)})),
            (V{2, 1, 3, 3}));
  Tensor sc = callT("aten::scatter_add", {empty({3}).zero_(), IValue(int64_t{0}), longs({0, 2, 0}), floats({1, 2, 3})});
  EXPECT_EQ(values(sc), (V{4, 0, 2}));
  EXPECT_EQ(values(callT("aten::index_select", {m, IValue(int64_t{0}), longs({1})})), (V{3, 4}));
  EXPECT_THROW(call("aten::index_select", {m, IValue(int64_t{0}), longs({5})}), Error);
}

TEST(IndexOps, MaskedFillAndNonzero) {
  Tensor m = floats({1, 2, 3});
  EXPECT_EQ(values(callT("aten::masked_fill.Scalar", {m, bools({true, false, true}), IValue(0.0)})), (V{0, 2, 0}));
  Tensor nz = callT("aten::nonzero", {longs({0, 5, 0, 7}, {2, 2})});
  EXPECT_EQ(IntArrayRef(nz.sizes()), IntArrayRef({2, 2}));
  EXPECT_EQ(values(nz), (V{0, 1, 1, 1}));
}

TEST(CreationOps, FactoriesAndConversions) {
  Tensor a = callT("aten::arange", {IValue(int64_t{4}), IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(a.dtype(), ScalarType::Long);
  EXPECT_EQ(values(a), (V{0, 1, 2, 3}));
  Tensor l = callT("aten::linspace", {IValue(0.0), IValue(1.0), IValue(int64_t{5}), IValue(), IValue(), IValue(),
                                      IValue()});
  EXPECT_EQ(values(l), (V{0, 0.25, 0.5, 0.75, 1}));
  Tensor t = callT("aten::tensor", {IValue::list(ListType::ofInts(), {IValue::intList({1, 2}), IValue::intList({3, 4})}),
                                    IValue(), IValue(), IValue(false)});
  EXPECT_EQ(t.dtype(), ScalarType::Long);
  EXPECT_EQ(IntArrayRef(t.sizes()), IntArrayRef({2, 2}));
  EXPECT_EQ(call1("aten::Int.Tensor", {floats({2.7f})}).toInt(), 2);
  EXPECT_THROW(call("aten::item", {floats({1, 2})}), Error);
}

TEST(DimOps, SoftmaxCumsumSortTopk) {
  Tensor x = floats({1, 2, 3, 1, 1, 1}, {2, 3});
  Tensor sm = callT("aten::softmax.int", {x, IValue(int64_t{1}), IValue()});
  V v = values(sm);
  EXPECT_NEAR(v[0] + v[1] + v[2], 1.0, 1e-6);
  EXPECT_NEAR(v[3], 1.0 / 3, 1e-6);
  EXPECT_EQ(values(callT("aten::cumsum", {x, IValue(int64_t{0}), IValue()})), (V{1, 2, 3, 2, 3, 4}));
  Stack s = call("aten::sort", {floats({3, NAN, 1}), IValue(int64_t{0}), IValue(false)});
  EXPECT_EQ(values(s[1].toTensor()), (V{2, 0, 1}));
  Stack k = call("aten::topk", {floats({3, 5, 1, 4}), IValue(int64_t{2}), IValue(int64_t{-1}), IValue(true), IValue(true)});
  EXPECT_EQ(values(k[0].toTensor()), (V{5, 4}));
  EXPECT_EQ(values(k[1].toTensor()), (V{1, 3}));
}

TEST(ActivationOps, HardtanhKeepsIntsGeluMatches) {
  EXPECT_EQ(callT("aten::relu6", {longs({-1, 8})}).dtype(), ScalarType::Long);
  EXPECT_NEAR(values(callT("aten::gelu", {floats({1}), IValue("none")}))[0], 0.8413447, 1e-6);
  // Training-mode dropout draws a mask: each value is dropped or doubled.
  const double d = values(callT("aten::dropout", {floats({1}), IValue(0.5), IValue(true)}))[0];
  EXPECT_TRUE(d == 0 || d == 2) << d;
  EXPECT_THROW(call("aten::dropout", {floats({1}), IValue(1.5), IValue(true)}), Error);
}

}  // namespace
}  // namespace jitserve::ops::testing
