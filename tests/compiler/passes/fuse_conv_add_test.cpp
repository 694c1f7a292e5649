// fuse_conv_add end to end: conv + add (+ relu) graphs run unfused and
// fused (jitserve::conv2d_add) on the same inputs and must agree in dtype,
// sizes and values: the oneDNN sum post-op (plain, frozen NHWC, frozen
// blocked at batch 4 and 7x7, channels-last output) and the general path
// (oneDNN off, a float64 or broadcast other operand, add_'s dtype rule).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/fuse_conv_add.h"
#include "compiler/passes/fuse_conv_clamp.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/ops/register_all.h"

namespace jitserve {
namespace {

Tensor pattern(std::vector<int64_t> sizes, double phase) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = std::sin(0.37 * static_cast<double>(i) + phase);
  return from_vector(v, sizes).to(ScalarType::Float);
}

// `add` is the line defining %a from %c and %id; `tail` defines %y from %a.
std::string graphText(const std::string& add, const std::string& tail) {
  return "graph(%x : Tensor, %w : Tensor, %b : Tensor, %id : Tensor):\n"
         "  %one : int = prim::Constant[value=1]()\n"
         "  %half : float = prim::Constant[value=0.5]()\n"
         "  %s : int[] = prim::ListConstruct(%one, %one)\n"
         "  %c : Tensor = aten::conv2d(%x, %w, %b, %s, %s, %s, %one)\n"
         "  " + add + "\n"
         "  " + tail + "\n"
         "  return (%y)\n";
}

Tensor run(const Graph& g, const Stack& inputs) {
  absl::StatusOr<Stack> out = runGraph(g, inputs);
  EXPECT_TRUE(out.ok()) << out.status();
  if (!out.ok() || out->size() != 1 || !(*out)[0].isTensor()) return Tensor();
  return (*out)[0].toTensor();
}

class FuseConvAddTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
  void TearDown() override { ops::setOnednnConvEnabled(true); }

  // x: N x 64 x S x S, weight 64 x 64 x 3 x 3 (frozen when asked), `id`
  // the other operand.
  void check(const std::string& add, const std::string& tail, int64_t n, int64_t size, const Tensor& id,
             bool frozen, bool channelsLast) {
    SCOPED_TRACE(add + " / " + tail + " n=" + std::to_string(n) + " size=" + std::to_string(size) +
                 (frozen ? " frozen" : "") + (channelsLast ? " channels_last" : ""));
    absl::StatusOr<std::unique_ptr<Graph>> plain = parseIR(graphText(add, tail));
    ASSERT_TRUE(plain.ok()) << plain.status();
    absl::StatusOr<std::unique_ptr<Graph>> fused = parseIR(graphText(add, tail));
    ASSERT_TRUE(fused.ok()) << fused.status();
    ASSERT_TRUE(FuseConvAdd(**fused));
    FuseConvClamp(**fused);
    Node* node = nullptr;
    int others = 0;
    for (Node* k : (*fused)->block()->nodes()) {
      if (k->kind().toQualString() == "jitserve::conv2d_add") node = k;
      else if (k->kind().toQualString() != "prim::Constant" && k->kind().toQualString() != "prim::ListConstruct")
        ++others;
    }
    ASSERT_NE(node, nullptr);
    const bool clamped = tail.find("relu") != std::string::npos;
    EXPECT_EQ(others, clamped ? 0 : 1) << (*fused)->toString();  // the neg stays
    if (channelsLast) {
      WithInsertPoint guard(node);
      node->replaceInput(12, insertConstant(**fused, IValue(true), node->sourceRange()));
    }
    Tensor w = pattern({64, 64, 3, 3}, 1.3), b = pattern({64}, 2.9);
    if (frozen) w.storage().unsafeGetStorageImpl()->markFrozen();
    const Stack inputs{IValue(pattern({n, 64, size, size}, 0.1)), IValue(w), IValue(b), IValue(id)};
    Tensor want = run(**plain, inputs), got = run(**fused, inputs);
    ASSERT_TRUE(want.defined() && got.defined());
    EXPECT_EQ(want.dtype(), got.dtype());
    ASSERT_TRUE(std::ranges::equal(want.sizes(), got.sizes()));
    if (channelsLast && id.dtype() == ScalarType::Float && id.dim() == 4) {
      EXPECT_TRUE(ops::isChannelsLast(got));
    }
    Tensor wd = want.to(ScalarType::Double).contiguous(), gd = got.to(ScalarType::Double).contiguous();
    const double* wp = static_cast<const double*>(wd.data_ptr());
    const double* gp = static_cast<const double*>(gd.data_ptr());
    int64_t zeros = 0;
    for (int64_t i = 0; i < wd.numel(); ++i) {
      ASSERT_NEAR(wp[i], gp[i], 1e-4 * (1 + std::abs(wp[i]))) << "at " << i;
      zeros += wp[i] == 0;
    }
    if (clamped) {
      EXPECT_GT(zeros, 0);  // the clamp was exercised
    }
  }
};

const char* kAddInPlace = "%a : Tensor = aten::add_(%c, %id, %one)";
const char* kAddScaled = "%a : Tensor = aten::add_(%c, %id, %half)";
const char* kAddSwapped = "%a : Tensor = aten::add(%id, %c, %one)";
const char* kRelu = "%y : Tensor = aten::relu_(%a)";
const char* kNoTail = "%y : Tensor = aten::neg(%a)";

TEST_F(FuseConvAddTest, OnednnSumPostOp) {
  const Tensor id = pattern({2, 64, 9, 9}, 0.7);
  for (const char* add : {kAddInPlace, kAddScaled, kAddSwapped})
    for (const char* tail : {kRelu, kNoTail}) check(add, tail, 2, 9, id, false, false);
}

TEST_F(FuseConvAddTest, FrozenNhwcAndBlockedWithChannelsLastResults) {
  for (int64_t n : {2, 4}) {
    for (int64_t size : {7, 12}) {
      const Tensor id = pattern({n, 64, size, size}, 0.7);
      const Tensor idNhwc = id.permute({0, 2, 3, 1}).contiguous().permute({0, 3, 1, 2});
      for (bool channelsLast : {false, true}) {
        check(kAddInPlace, kRelu, n, size, id, true, channelsLast);
        check(kAddScaled, kRelu, n, size, idNhwc, true, channelsLast);
      }
    }
  }
}

TEST_F(FuseConvAddTest, GeneralPathFollowsAddSemantics) {
  // A float64 other: add_ keeps the conv's float32, add promotes.
  const Tensor idDouble = pattern({2, 64, 9, 9}, 0.7).to(ScalarType::Double);
  check(kAddInPlace, kRelu, 2, 9, idDouble, false, false);
  check(kAddSwapped, kRelu, 2, 9, idDouble, false, false);
  // A broadcast other.
  const Tensor idRow = pattern({64, 1, 1}, 0.7);
  check(kAddInPlace, kRelu, 2, 9, idRow, true, false);
  check(kAddSwapped, kNoTail, 2, 9, idRow, false, false);
  // oneDNN off: the reference kernels, then add, then clamp.
  ops::setOnednnConvEnabled(false);
  check(kAddScaled, kRelu, 2, 9, pattern({2, 64, 9, 9}, 0.7), false, false);
}

}  // namespace
}  // namespace jitserve
