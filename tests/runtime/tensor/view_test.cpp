// View geometry (sizes, strides, storage offset, aliasing) and values against
// PyTorch 1.13. The tables were produced by running the same expressions on
// torch.arange(n).reshape(shape) (int64).
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

struct ViewCase {
  std::vector<int64_t> base;
  const char* expr;
  std::function<Tensor(const Tensor&)> fn;
  std::vector<int64_t> sizes, strides;
  int64_t offset;
  bool alias;
  std::vector<int64_t> values;
};

struct ViewErrorCase {
  std::vector<int64_t> base;
  const char* expr;
  std::function<Tensor(const Tensor&)> fn;
  const char* message;
};

Tensor base(const std::vector<int64_t>& shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return arange(n).reshape(shape);
}

std::vector<int64_t> vec(std::span<const int64_t> s) { return {s.begin(), s.end()}; }

const ViewCase kCases[] = {
  {{2, 3, 4}, "x.view({4, -1})", [](const Tensor& x) { return x.view({4, -1}); }, {4, 6}, {6, 1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
  {{2, 3, 4}, "x.view({-1})", [](const Tensor& x) { return x.view({-1}); }, {24}, {1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
  {{2, 3, 4}, "x.transpose(0, 2)", [](const Tensor& x) { return x.transpose(0, 2); }, {4, 3, 2}, {1, 4, 12}, 0, true, {0, 12, 4, 16, 8, 20, 1, 13, 5, 17, 9, 21, 2, 14, 6, 18, 10, 22, 3, 15, 7, 19, 11, 23}},
  {{2, 3, 4}, "x.permute({2, 0, 1})", [](const Tensor& x) { return x.permute({2, 0, 1}); }, {4, 2, 3}, {1, 12, 4}, 0, true, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}},
  {{2, 3, 4}, "x.permute({2, 0, 1}).reshape({4, 6})", [](const Tensor& x) { return x.permute({2, 0, 1}).reshape({4, 6}); }, {4, 6}, {1, 4}, 0, true, {0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23}},
  {{2, 3, 4}, "x.transpose(1, 2).reshape({2, 12})", [](const Tensor& x) { return x.transpose(1, 2).reshape({2, 12}); }, {2, 12}, {12, 1}, 0, false, {0, 4, 8, 1, 5, 9, 2, 6, 10, 3, 7, 11, 12, 16, 20, 13, 17, 21, 14, 18, 22, 15, 19, 23}},
  {{2, 3, 4}, "x.slice(1, 1)", [](const Tensor& x) { return x.slice(1, 1); }, {2, 2, 4}, {12, 4, 1}, 4, true, {4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23}},
  {{2, 3, 4}, "x.slice(2, -3, -1)", [](const Tensor& x) { return x.slice(2, -3, -1); }, {2, 3, 2}, {12, 4, 1}, 1, true, {1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 21, 22}},
  {{2, 3, 4}, "x.slice(2, 0, 100, 2)", [](const Tensor& x) { return x.slice(2, 0, 100, 2); }, {2, 3, 2}, {12, 4, 2}, 0, true, {0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22}},
  {{2, 3, 4}, "x.slice(0, 5, 10)", [](const Tensor& x) { return x.slice(0, 5, 10); }, {0, 3, 4}, {12, 4, 1}, 24, true, {}},
  {{2, 3, 4}, "x.slice(1, -10, 2)", [](const Tensor& x) { return x.slice(1, -10, 2); }, {2, 2, 4}, {12, 4, 1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, 16, 17, 18, 19}},
  {{2, 3, 4}, "x.slice(1, 2, 1)", [](const Tensor& x) { return x.slice(1, 2, 1); }, {2, 0, 4}, {12, 4, 1}, 8, true, {}},
  {{2, 3, 4}, "x.select(1, -1)", [](const Tensor& x) { return x.select(1, -1); }, {2, 4}, {12, 1}, 8, true, {8, 9, 10, 11, 20, 21, 22, 23}},
  {{2, 3, 4}, "x.select(0, 1).select(1, 2)", [](const Tensor& x) { return x.select(0, 1).select(1, 2); }, {3}, {4}, 14, true, {14, 18, 22}},
  {{2, 3, 4}, "x.narrow(2, 1, 2)", [](const Tensor& x) { return x.narrow(2, 1, 2); }, {2, 3, 2}, {12, 4, 1}, 1, true, {1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 21, 22}},
  {{2, 3, 4}, "x.narrow(2, -2, 2)", [](const Tensor& x) { return x.narrow(2, -2, 2); }, {2, 3, 2}, {12, 4, 1}, 2, true, {2, 3, 6, 7, 10, 11, 14, 15, 18, 19, 22, 23}},
  {{3, 1}, "x.expand({2, 3, 4})", [](const Tensor& x) { return x.expand({2, 3, 4}); }, {2, 3, 4}, {0, 1, 0}, 0, true, {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2}},
  {{3, 1}, "x.expand({-1, 5})", [](const Tensor& x) { return x.expand({-1, 5}); }, {3, 5}, {1, 0}, 0, true, {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2}},
  {{2, 1, 3, 1}, "x.squeeze()", [](const Tensor& x) { return x.squeeze(); }, {2, 3}, {3, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 1, 3, 1}, "x.squeeze(1)", [](const Tensor& x) { return x.squeeze(1); }, {2, 3, 1}, {3, 1, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 1, 3, 1}, "x.squeeze(0)", [](const Tensor& x) { return x.squeeze(0); }, {2, 1, 3, 1}, {3, 3, 1, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 1, 3, 1}, "x.squeeze(-1)", [](const Tensor& x) { return x.squeeze(-1); }, {2, 1, 3}, {3, 3, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 3}, "x.unsqueeze(0)", [](const Tensor& x) { return x.unsqueeze(0); }, {1, 2, 3}, {6, 3, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 3}, "x.unsqueeze(-1)", [](const Tensor& x) { return x.unsqueeze(-1); }, {2, 3, 1}, {3, 1, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 3}, "x.unsqueeze(1)", [](const Tensor& x) { return x.unsqueeze(1); }, {2, 1, 3}, {3, 3, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 3}, "x.t().unsqueeze(1)", [](const Tensor& x) { return x.t().unsqueeze(1); }, {3, 1, 2}, {1, 6, 3}, 0, true, {0, 3, 1, 4, 2, 5}},
  {{2, 3, 4, 5}, "x.flatten(1, 2)", [](const Tensor& x) { return x.flatten(1, 2); }, {2, 12, 5}, {60, 5, 1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119}},
  {{2, 3, 4, 5}, "x.flatten()", [](const Tensor& x) { return x.flatten(); }, {120}, {1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119}},
  {{2, 3, 4, 5}, "x.transpose(0, 1).flatten(1)", [](const Tensor& x) { return x.transpose(0, 1).flatten(1); }, {3, 40}, {40, 1}, 0, false, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119}},
  {{2, 12}, "x.unflatten(1, {3, -1})", [](const Tensor& x) { return x.unflatten(1, {3, -1}); }, {2, 3, 4}, {12, 4, 1}, 0, true, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}},
  {{3, 4}, "x.diagonal()", [](const Tensor& x) { return x.diagonal(); }, {3}, {5}, 0, true, {0, 5, 10}},
  {{3, 4}, "x.diagonal(1)", [](const Tensor& x) { return x.diagonal(1); }, {3}, {5}, 1, true, {1, 6, 11}},
  {{3, 4}, "x.diagonal(-1)", [](const Tensor& x) { return x.diagonal(-1); }, {2}, {5}, 4, true, {4, 9}},
  {{3, 4}, "x.diagonal(5)", [](const Tensor& x) { return x.diagonal(5); }, {0}, {5}, 0, true, {}},
  {{2, 3, 4}, "x.diagonal(0, -1, 0)", [](const Tensor& x) { return x.diagonal(0, -1, 0); }, {3, 2}, {4, 13}, 0, true, {0, 13, 4, 17, 8, 21}},
  {{2, 10}, "x.unfold(1, 3, 2)", [](const Tensor& x) { return x.unfold(1, 3, 2); }, {2, 4, 3}, {10, 2, 1}, 0, true, {0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 10, 11, 12, 12, 13, 14, 14, 15, 16, 16, 17, 18}},
  {{2, 10}, "x.unfold(0, 2, 1)", [](const Tensor& x) { return x.unfold(0, 2, 1); }, {1, 10, 2}, {10, 1, 10}, 0, true, {0, 10, 1, 11, 2, 12, 3, 13, 4, 14, 5, 15, 6, 16, 7, 17, 8, 18, 9, 19}},
  {{2, 3, 4}, "x.movedim(0, 2)", [](const Tensor& x) { return x.movedim(0, 2); }, {3, 4, 2}, {4, 1, 12}, 0, true, {0, 12, 1, 13, 2, 14, 3, 15, 4, 16, 5, 17, 6, 18, 7, 19, 8, 20, 9, 21, 10, 22, 11, 23}},
  {{2, 3, 4, 5}, "x.movedim({0, 1}, {3, 0})", [](const Tensor& x) { return x.movedim({0, 1}, {3, 0}); }, {3, 4, 5, 2}, {20, 5, 1, 60}, 0, true, {0, 60, 1, 61, 2, 62, 3, 63, 4, 64, 5, 65, 6, 66, 7, 67, 8, 68, 9, 69, 10, 70, 11, 71, 12, 72, 13, 73, 14, 74, 15, 75, 16, 76, 17, 77, 18, 78, 19, 79, 20, 80, 21, 81, 22, 82, 23, 83, 24, 84, 25, 85, 26, 86, 27, 87, 28, 88, 29, 89, 30, 90, 31, 91, 32, 92, 33, 93, 34, 94, 35, 95, 36, 96, 37, 97, 38, 98, 39, 99, 40, 100, 41, 101, 42, 102, 43, 103, 44, 104, 45, 105, 46, 106, 47, 107, 48, 108, 49, 109, 50, 110, 51, 111, 52, 112, 53, 113, 54, 114, 55, 115, 56, 116, 57, 117, 58, 118, 59, 119}},
  {{2, 3, 4}, "x.as_strided({2, 2}, {1, 2}, 3)", [](const Tensor& x) { return x.as_strided({2, 2}, {1, 2}, 3); }, {2, 2}, {1, 2}, 3, true, {3, 5, 4, 6}},
  {{4}, "x.t()", [](const Tensor& x) { return x.t(); }, {4}, {1}, 0, true, {0, 1, 2, 3}},
  {{1, 6}, "x.view({3, 2, 1})", [](const Tensor& x) { return x.view({3, 2, 1}); }, {3, 2, 1}, {2, 1, 1}, 0, true, {0, 1, 2, 3, 4, 5}},
  {{2, 3, 4}, "x.slice(2, 1, 3).view({6, 2})", [](const Tensor& x) { return x.slice(2, 1, 3).view({6, 2}); }, {6, 2}, {4, 1}, 1, true, {1, 2, 5, 6, 9, 10, 13, 14, 17, 18, 21, 22}},
  {{0, 3}, "x.view({3, 0})", [](const Tensor& x) { return x.view({3, 0}); }, {3, 0}, {1, 1}, 0, true, {}},
  {{2, 1, 4}, "x.transpose(0, 2).reshape({8})", [](const Tensor& x) { return x.transpose(0, 2).reshape({8}); }, {8}, {1}, 0, false, {0, 4, 1, 5, 2, 6, 3, 7}},
  {{}, "x.view({1, 1})", [](const Tensor& x) { return x.view({1, 1}); }, {1, 1}, {1, 1}, 0, true, {0}},
  {{}, "x.unsqueeze(0)", [](const Tensor& x) { return x.unsqueeze(0); }, {1}, {1}, 0, true, {0}},
  {{}, "x.flatten()", [](const Tensor& x) { return x.flatten(); }, {1}, {1}, 0, true, {0}},
};

const ViewErrorCase kErrors[] = {
  {{2, 3, 4}, "x.slice(1, 0, 2).view({4, 4})", [](const Tensor& x) { return x.slice(1, 0, 2).view({4, 4}); }, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
  {{2, 3, 4}, "x.view({5, -1})", [](const Tensor& x) { return x.view({5, -1}); }, "shape '[5, -1]' is invalid for input of size 24"},
  {{2, 3, 4}, "x.view({-1, -1})", [](const Tensor& x) { return x.view({-1, -1}); }, "only one dimension can be inferred"},
  {{2, 3, 4}, "x.transpose(0, 1).view({-1})", [](const Tensor& x) { return x.transpose(0, 1).view({-1}); }, "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."},
  {{2, 3, 4}, "x.select(1, 3)", [](const Tensor& x) { return x.select(1, 3); }, "select(): index 3 out of range for tensor of size [2, 3, 4] at dimension 1"},
  {{2, 3, 4}, "x.select(3, 0)", [](const Tensor& x) { return x.select(3, 0); }, "Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
  {{2, 3, 4}, "x.narrow(2, 3, 2)", [](const Tensor& x) { return x.narrow(2, 3, 2); }, "start (3) + length (2) exceeds dimension size (4)."},
  {{2, 3, 4}, "x.expand({2, 3, 5})", [](const Tensor& x) { return x.expand({2, 3, 5}); }, "The expanded size of the tensor (5) must match the existing size (4) at non-singleton dimension 2.  Target sizes: [2, 3, 5].  Tensor sizes: [2, 3, 4]"},
  {{3, 1}, "x.expand({-1, 2, 1})", [](const Tensor& x) { return x.expand({-1, 2, 1}); }, "The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [-1, 2, 1].  Tensor sizes: [3, 1]"},
  {{3, 1}, "x.expand({2})", [](const Tensor& x) { return x.expand({2}); }, "expand(torch.LongTensor{[3, 1]}, size=[2]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"},
  {{2, 3, 4}, "x.permute({0, 0, 1})", [](const Tensor& x) { return x.permute({0, 0, 1}); }, "permute(): duplicate dims are not allowed."},
  {{2, 3, 4}, "x.permute({0, 1})", [](const Tensor& x) { return x.permute({0, 1}); }, "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 3 is not equal to len(dims) = 2"},
  {{2, 3, 4}, "x.t()", [](const Tensor& x) { return x.t(); }, "t() expects a tensor with <= 2 dimensions, but self is 3D"},
  {{2, 3, 4}, "x.flatten(2, 1)", [](const Tensor& x) { return x.flatten(2, 1); }, "flatten() has invalid args: start_dim cannot come after end_dim"},
  {{2, 12}, "x.unflatten(1, {5, -1})", [](const Tensor& x) { return x.unflatten(1, {5, -1}); }, "unflatten: Provided sizes [5, -1] don't multiply up to the size of dim 1 (12) in the input tensor"},
  {{3, 4}, "x.diagonal(0, 1, 1)", [](const Tensor& x) { return x.diagonal(0, 1, 1); }, "diagonal dimensions cannot be identical 1, 1"},
  {{2, 10}, "x.unfold(1, 11, 2)", [](const Tensor& x) { return x.unfold(1, 11, 2); }, "maximum size for tensor at dimension 1 is 10 but size is 11"},
  {{2, 3, 4}, "x.as_strided({2, 2}, {1, 2}, 30)", [](const Tensor& x) { return x.as_strided({2, 2}, {1, 2}, 30); }, "setStorage: sizes [2, 2], strides [1, 2], storage offset 30, and itemsize 8 requiring a storage size of 272 are out of bounds for storage of size 192"},
  {{2, 3, 4}, "x.as_strided({2, 2}, {-1, 2}, 3)", [](const Tensor& x) { return x.as_strided({2, 2}, {-1, 2}, 3); }, "as_strided: Negative strides are not supported at the moment, got strides: [-1, 2]"},
  {{2, 3, 4}, "x.slice(1, 0, 3, 0)", [](const Tensor& x) { return x.slice(1, 0, 3, 0); }, "slice step cannot be zero"},
  {{}, "x.select(0, 0)", [](const Tensor& x) { return x.select(0, 0); }, "select() cannot be applied to a 0-dim tensor."},
  {{2, 3, 4}, "x.squeeze(3)", [](const Tensor& x) { return x.squeeze(3); }, "Dimension out of range (expected to be in range of [-3, 2], but got 3)"},
  {{2, 3, 4}, "x.movedim({0, 0}, {1, 2})", [](const Tensor& x) { return x.movedim({0, 0}, {1, 2}); }, "movedim: repeated dim in `source` ([0, 0])"},
};

TEST(TensorViews, MatchPyTorch) {
  for (const ViewCase& c : kCases) {
    SCOPED_TRACE(c.expr);
    Tensor x = base(c.base);
    Tensor y = c.fn(x);
    EXPECT_EQ(vec(y.sizes()), c.sizes);
    EXPECT_EQ(vec(y.strides()), c.strides);
    EXPECT_EQ(y.is_alias_of(x), c.alias);
    if (c.alias) {
      EXPECT_EQ(y.storage_offset(), c.offset);
    }
    Tensor v = y.contiguous();
    ASSERT_TRUE(v.is_contiguous());
    std::vector<int64_t> got(v.data<int64_t>(), v.data<int64_t>() + v.numel());
    EXPECT_EQ(got, c.values);
  }
}

TEST(TensorViews, ErrorsMatchPyTorch) {
  for (const ViewErrorCase& c : kErrors) {
    SCOPED_TRACE(c.expr);
    Tensor x = base(c.base);
    try {
      c.fn(x);
      ADD_FAILURE() << "expected an error";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), c.message);
    }
  }
}

TEST(TensorViews, ViewsShareMemory) {
  Tensor x = zeros({3, 4});
  x.select(0, 1).fill_(7);
  x.slice(1, 0, 4, 3).fill_(1);
  EXPECT_EQ(toString(x), "Float[3, 4] [[1, 0, 0, 1], [1, 7, 7, 1], [1, 0, 0, 1]]");
  Tensor t = x.t();
  EXPECT_FALSE(t.is_contiguous());
  EXPECT_TRUE(t.is_non_overlapping_and_dense());
  EXPECT_EQ(t.storage().use_count(), 2u);
}

TEST(TensorViews, SmallRanksStayInline) {
  // Rank > 5 spills to the heap; make sure both paths round-trip.
  Tensor x = arange(64).view({2, 2, 2, 2, 2, 2});
  EXPECT_EQ(x.dim(), 6);
  Tensor y = x.permute({5, 4, 3, 2, 1, 0}).squeeze().unsqueeze(0);
  EXPECT_EQ(vec(y.sizes()), (std::vector<int64_t>{1, 2, 2, 2, 2, 2, 2}));
  EXPECT_EQ(vec(y.strides()), (std::vector<int64_t>{2, 1, 2, 4, 8, 16, 32}));
  Tensor z = y.reshape({64});
  EXPECT_EQ(z.select(0, 1).item<int64_t>(), 32);
  x.unsqueeze_(0);
  x.squeeze_();
  EXPECT_EQ(x.dim(), 6);
}

TEST(TensorViews, InPlaceGeometry) {
  Tensor x = arange(6).view({2, 3});
  Tensor same = x;
  x.t_();
  EXPECT_EQ(vec(same.sizes()), (std::vector<int64_t>{3, 2}));
  x.transpose_(0, 1).unsqueeze_(1);
  EXPECT_EQ(vec(x.sizes()), (std::vector<int64_t>{2, 1, 3}));
  x.squeeze_(1);
  EXPECT_EQ(vec(x.strides()), (std::vector<int64_t>{3, 1}));
  x.as_strided_({3}, {2}, 0);
  EXPECT_EQ(toString(x), "Long[3] [0, 2, 4]");
}

TEST(TensorViews, NegativeDims) {
  Tensor x = empty({2, 3, 4});
  EXPECT_EQ(x.size(-1), 4);
  EXPECT_EQ(x.stride(-3), 12);
  EXPECT_THROW(x.size(3), Error);
  EXPECT_THROW(x.size(-4), Error);
}

}  // namespace
}  // namespace jitserve
