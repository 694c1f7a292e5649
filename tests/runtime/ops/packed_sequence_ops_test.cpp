// pad_sequence's padding_side (PyTorch 2.6+, so no 1.13 reference: values
// worked by hand) and the packing ops' refusals of inputs PyTorch 1.13
// misreads; the rest of their semantics is compared with PyTorch in
// torch_diff (batch 23).
#include <gtest/gtest.h>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

std::string errorOf(std::string_view op, Stack args) {
  try {
    call(op, std::move(args));
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(PackedSequenceOps, PadSequenceLeftAlignsAtTheEnd) {
  IValue seqs = IValue::tensorList({floats({1, 2, 3}), floats({4})});
  // (B, L): [[1, 2, 3], [-1, -1, 4]].
  Tensor bf = callT("aten::pad_sequence", {seqs, IValue(true), IValue(-1.0), IValue("left")});
  EXPECT_EQ(IntArrayRef(bf.sizes()), IntArrayRef({2, 3}));
  EXPECT_EQ(values(bf), (V{1, 2, 3, -1, -1, 4}));
  // (L, B) is the transpose.
  Tensor tb = callT("aten::pad_sequence", {seqs, IValue(false), IValue(-1.0), IValue("left")});
  EXPECT_EQ(values(tb), (V{1, -1, 2, -1, 3, 4}));
  Tensor right = callT("aten::pad_sequence", {seqs, IValue(true), IValue(0.0), IValue("right")});
  EXPECT_EQ(values(right), (V{1, 2, 3, 4, 0, 0}));
  EXPECT_EQ(errorOf("aten::pad_sequence", {seqs, IValue(true), IValue(0.0), IValue("middle")}),
            "Expected padding_side to be one of left or right, but got middle.");
}

TEST(PackedSequenceOps, PackRefusesLengthsLongerThanTheInput) {
  // PyTorch 1.13 reads past the input here.
  Tensor x = empty({4, 3, 2});
  EXPECT_EQ(errorOf("aten::_pack_padded_sequence", {x, longs({5, 2, 1}), IValue(false)}),
            "_pack_padded_sequence: the longest length (5) exceeds the input's sequence dimension (4)");
  EXPECT_NE(errorOf("aten::_pack_padded_sequence", {empty({3}), longs({3}), IValue(false)}), "");
}

TEST(PackedSequenceOps, PadRefusesMalformedBatchSizes) {
  Tensor data = floats({0, 1, 2, 3, 4, 5, 6, 7}, {4, 2});
  EXPECT_EQ(errorOf("aten::_pad_packed_sequence", {data, longs({1, 3}), IValue(false), IValue(0.0), IValue(int64_t{-1})}),
            "_pad_packed_sequence: batch_sizes must be positive and non-increasing, got 3 at step 1");
  EXPECT_EQ(errorOf("aten::_pad_packed_sequence", {data, longs({2, 1}), IValue(false), IValue(0.0), IValue(int64_t{-1})}),
            "_pad_packed_sequence: batch_sizes sum to 3 but data has 4 rows");
  EXPECT_EQ(errorOf("aten::_pad_packed_sequence", {data, longs({}), IValue(false), IValue(0.0), IValue(int64_t{-1})}),
            "_pad_packed_sequence: batch_sizes is empty");
  // A round trip through both ops gives the padded batch back.
  Tensor x = floats({1, 2, 3, 4, 5, 6}, {3, 2});  // (T=3, B=2), lengths 3 and 1
  Stack packed = call("aten::_pack_padded_sequence", {x, longs({3, 1}), IValue(false)});
  EXPECT_EQ(values(packed[0].toTensor()), (V{1, 2, 3, 5}));
  EXPECT_EQ(values(packed[1].toTensor()), (V{2, 1, 1}));
  Stack padded = call("aten::_pad_packed_sequence",
                      {packed[0], packed[1], IValue(true), IValue(9.0), IValue(int64_t{4})});
  EXPECT_EQ(values(padded[0].toTensor()), (V{1, 3, 5, 9, 2, 9, 9, 9}));
  EXPECT_EQ(values(padded[1].toTensor()), (V{3, 1}));
}

}  // namespace
}  // namespace jitserve::ops::testing
