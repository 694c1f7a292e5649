#include <gtest/gtest.h>

#include "op_test_util.h"
#include "runtime/core/operator_registry.h"
#include "runtime/ops/register_ops.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

// Traced code wraps sizes as tensors (prim::NumToTensor): the number's own
// type picks the dtype, as in PyTorch.
TEST(ShapeOps, NumToTensorKeepsTheNumbersType) {
  Tensor i = callT("prim::NumToTensor.Scalar", {IValue(int64_t{7})});
  EXPECT_EQ(i.dtype(), ScalarType::Long);
  EXPECT_EQ(i.dim(), 0);
  EXPECT_EQ(values(i)[0], 7.0);
  EXPECT_EQ(callT("prim::NumToTensor.Scalar", {IValue(2.5)}).dtype(), ScalarType::Double);
  Tensor b = callT("prim::NumToTensor.bool", {IValue(true)});
  EXPECT_EQ(b.dtype(), ScalarType::Bool);
  EXPECT_EQ(values(b)[0], 1.0);
}

TEST(ShapeOps, CatPromotesAndSkipsLegacyEmpty) {
  Tensor r = callT("aten::cat", {IValue::tensorList({floats({1, 2}, {1, 2}), longs({3, 4}, {1, 2}), empty({0})}),
                                 IValue(int64_t{0})});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  EXPECT_EQ(values(r), (V{1, 2, 3, 4}));
  EXPECT_THROW(call("aten::cat", {IValue::tensorList({empty({2, 3}), empty({2, 4})}), IValue(int64_t{0})}), Error);
}

// Contiguous same-dtype inputs take the per-row memcpy path; a transposed
// input falls back to strided copies; both give the same result.
TEST(ShapeOps, CatMiddleDimContiguousAndStrided) {
  std::vector<float> av(2 * 3 * 4), bv(2 * 1 * 4);
  for (size_t i = 0; i < av.size(); ++i) av[i] = static_cast<float>(i);
  for (size_t i = 0; i < bv.size(); ++i) bv[i] = 100.0f + static_cast<float>(i);
  const Tensor a = floats(av, {2, 3, 4}), b = floats(bv, {2, 1, 4});
  const V expect = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 100, 101, 102, 103,
                    12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 104, 105, 106, 107};
  EXPECT_EQ(values(callT("aten::cat", {IValue::tensorList({a, b, empty({0})}), IValue(int64_t{1})})), expect);
  const Tensor bt = floats(bv, {2, 4, 1}).transpose(1, 2);  // same values, strided
  EXPECT_EQ(values(callT("aten::cat", {IValue::tensorList({a, bt}), IValue(int64_t{-2})})), expect);
  // A zero-size part along dim is skipped.
  EXPECT_EQ(values(callT("aten::cat", {IValue::tensorList({a, empty({2, 0, 4})}), IValue(int64_t{1})})),
            values(a));
}

TEST(ShapeOps, StackSplitChunk) {
  Tensor s = callT("aten::stack", {IValue::tensorList({floats({1, 2}), floats({3, 4})}), IValue(int64_t{1})});
  EXPECT_EQ(values(s), (V{1, 3, 2, 4}));
  auto parts = call1("aten::split.Tensor", {floats({1, 2, 3, 4, 5}), IValue(int64_t{2}), IValue(int64_t{0})})
                   .toTensorVector();
  ASSERT_EQ(parts.size(), 3u);
  EXPECT_EQ(values(parts[2]), (V{5}));
  auto chunks =
      call1("aten::chunk", {floats({1, 2, 3, 4, 5}), IValue(int64_t{2}), IValue(int64_t{0})}).toTensorVector();
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(values(chunks[0]), (V{1, 2, 3}));
  EXPECT_THROW(call("aten::split_with_sizes",
                    {floats({1, 2, 3}), IValue::intList({1, 1}), IValue(int64_t{0})}),
               Error);
}

TEST(ShapeOps, FlipRollRepeat) {
  Tensor m = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  EXPECT_EQ(values(callT("aten::flip", {m, IValue::intList({1})})), (V{3, 2, 1, 6, 5, 4}));
  EXPECT_EQ(values(callT("aten::flip", {m, IValue::intList({0, 1})})), (V{6, 5, 4, 3, 2, 1}));
  EXPECT_EQ(values(callT("aten::roll", {m, IValue::intList({1}), IValue::intList({1})})), (V{3, 1, 2, 6, 4, 5}));
  EXPECT_EQ(values(callT("aten::roll", {m, IValue::intList({1}), IValue::intList({})})), (V{6, 1, 2, 3, 4, 5}));
  Tensor r = callT("aten::repeat", {floats({1, 2}), IValue::intList({2, 2})});
  EXPECT_EQ(IntArrayRef(r.sizes()), IntArrayRef({2, 4}));
  EXPECT_EQ(values(r), (V{1, 2, 1, 2, 1, 2, 1, 2}));
}

TEST(ShapeOps, TrilTriuDiag) {
  Tensor m = floats({1, 2, 3, 4, 5, 6, 7, 8, 9}, {3, 3});
  EXPECT_EQ(values(callT("aten::tril", {m, IValue(int64_t{0})})), (V{1, 0, 0, 4, 5, 0, 7, 8, 9}));
  EXPECT_EQ(values(callT("aten::triu", {m, IValue(int64_t{1})})), (V{0, 2, 3, 0, 0, 6, 0, 0, 0}));
  EXPECT_EQ(values(callT("aten::diag", {m, IValue(int64_t{0})})), (V{1, 5, 9}));
  EXPECT_EQ(values(callT("aten::diag", {floats({1, 2}), IValue(int64_t{1})})), (V{0, 1, 0, 0, 0, 2, 0, 0, 0}));
}

TEST(ShapeOps, ConstantPadCropsWithNegativePads) {
  Tensor r = callT("aten::constant_pad_nd", {floats({1, 2, 3}), IValue::intList({1, -1}), IValue(9.0)});
  EXPECT_EQ(values(r), (V{9, 1, 2}));
}

TEST(ShapeOps, CatOutRejectsOverlappingInputs) {
  Tensor a = floats({1, 2, 3, 4}, {2, 2});
  try {
    call("aten::cat.out", {IValue::tensorList({a, a}), IValue(int64_t{0}), a});
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("refer to a single memory location"), std::string::npos) << e.what();
  }
  Tensor out = empty({8, 2}).narrow(0, 4, 4);  // shares no memory with a
  Tensor r = callT("aten::cat.out", {IValue::tensorList({a, a}), IValue(int64_t{0}), out});
  EXPECT_TRUE(r.is_same(out));
  EXPECT_EQ(values(out), (V{1, 2, 3, 4, 1, 2, 3, 4}));
}

TEST(ShapeOps, DirectionalSplitsCheckDimsAndDivisibility) {
  auto parts = call1("aten::hsplit.int", {floats({1, 2, 3, 4}, {2, 2}), IValue(int64_t{2})}).toTensorVector();
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(values(parts[1]), (V{2, 4}));
  parts = call1("aten::hsplit.array", {floats({1, 2, 3, 4}), IValue::intList({1})}).toTensorVector();  // 1-D: dim 0
  ASSERT_EQ(parts.size(), 2u);
  EXPECT_EQ(values(parts[1]), (V{2, 3, 4}));
  auto message = [](std::string_view op, Stack args) {
    try {
      call(op, std::move(args));
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("aten::vsplit.array", {floats({1, 2}), IValue::intList({1})})
                .find("torch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 dimensions!"),
            std::string::npos);
  EXPECT_NE(message("aten::dsplit.int", {floats({1, 2, 3, 4, 5, 6}, {1, 2, 3}), IValue(int64_t{2})})
                .find("torch.dsplit attempted to split along dimension 2, but the size of the dimension 3 is not "
                      "divisible by the split_size 2!"),
            std::string::npos);
}

// kAnyDevice marks kernels that touch metadata only: views and queries
// serve every device, ops that read or copy elements do not.
TEST(ShapeOps, OnlyMetadataKernelsServeAnyDevice) {
  static OperatorRegistry* reg = [] {
    auto* r = new OperatorRegistry();
    registerAllTensorOps(*r);
    return r;
  }();
  for (const char* name : {"aten::view", "aten::transpose_", "aten::size", "aten::split.Tensor", "aten::atleast_1d",
                           "aten::unbind.int", "aten::meshgrid", "aten::result_type.Tensor", "aten::element_size",
                           "aten::requires_grad_"}) {
    const Operator* op = reg->findByName(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_TRUE(op->isDeviceGeneric()) << name;
  }
  for (const char* name : {"aten::reshape", "aten::flatten.using_ints", "aten::contiguous", "aten::narrow.Tensor",
                           "aten::conj", "aten::mH", "aten::is_nonzero", "aten::cat", "aten::resize_",
                           "aten::tensor_split.tensor_indices_or_sections", "aten::index_select", "aten::sort"}) {
    const Operator* op = reg->findByName(name);
    ASSERT_NE(op, nullptr) << name;
    EXPECT_FALSE(op->isDeviceGeneric()) << name;
  }
  EXPECT_TRUE(reg->findByName("aten::masked_fill.Scalar")->isFusible());
  EXPECT_FALSE(reg->findByName("aten::masked_fill_.Scalar")->isFusible());
}

// torch.Size(list) is the list object itself, not a copy.
TEST(ShapeOps, SizeOfAListIsTheList) {
  IValue l = IValue::intList({2, 3});
  IValue r = call1("aten::Size", {l});
  EXPECT_EQ(&r.toListRef(), &l.toListRef());
}

}  // namespace
}  // namespace jitserve::ops::testing
