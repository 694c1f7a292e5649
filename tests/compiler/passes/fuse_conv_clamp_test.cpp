// fuse_conv_clamp end to end: each conv + activation graph runs unfused and
// fused (jitserve::conv2d_clamp) on the same inputs and must give the same
// tensor, on oneDNN (the post-op) and on the reference kernels (oneDNN off,
// float64, the 1x1 GEMM path), with values on both sides of every bound.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "compiler/passes/fuse_conv_clamp.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/ops/register_all.h"

namespace jitserve {
namespace {

// Deterministic values in about [-2, 2]: convolutions of them land on both
// sides of 0, 6, -0.5 and 0.5.
Tensor pattern(std::vector<int64_t> sizes, double phase, ScalarType dtype) {
  int64_t n = 1;
  for (int64_t s : sizes) n *= s;
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = 2.0 * std::sin(0.7 * static_cast<double>(i) + phase);
  return from_vector(v, sizes).to(dtype);
}

struct Case {
  std::string name;
  std::string activation;  // the line after %c, reading %c and defining %y
  int64_t channels, groups, kernel, stride;
  double lo, hi;  // the bounds, NaN when open
};

std::string graphText(const Case& c) {
  const std::string k = std::to_string(c.kernel), st = std::to_string(c.stride), g = std::to_string(c.groups);
  return "graph(%x : Tensor, %w : Tensor, %b : Tensor):\n"
         "  %none : NoneType = prim::Constant()\n"
         "  %zero : float = prim::Constant[value=0.]()\n"
         "  %six : float = prim::Constant[value=6.]()\n"
         "  %mhalf : float = prim::Constant[value=-0.5]()\n"
         "  %half : float = prim::Constant[value=0.5]()\n"
         "  %st : int = prim::Constant[value=" + st + "]()\n"
         "  %pad : int = prim::Constant[value=" + std::to_string(c.kernel / 2) + "]()\n"
         "  %one : int = prim::Constant[value=1]()\n"
         "  %g : int = prim::Constant[value=" + g + "]()\n"
         "  %s : int[] = prim::ListConstruct(%st, %st)\n"
         "  %p : int[] = prim::ListConstruct(%pad, %pad)\n"
         "  %d : int[] = prim::ListConstruct(%one, %one)\n"
         "  %c : Tensor = aten::conv2d(%x, %w, %b, %s, %p, %d, %g)\n"
         "  " + c.activation + "\n"
         "  return (%y)\n";
}

Tensor run(const Graph& g, const Stack& inputs) {
  absl::StatusOr<Stack> out = runGraph(g, inputs);
  EXPECT_TRUE(out.ok()) << out.status();
  if (!out.ok() || out->size() != 1 || !(*out)[0].isTensor()) return Tensor();
  return (*out)[0].toTensor();
}

class FuseConvClampTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
  void TearDown() override { ops::setOnednnConvEnabled(true); }

  // Unfused and fused results of `c` on a 2 x C x 9 x 9 input.
  void check(const Case& c, ScalarType dtype) {
    SCOPED_TRACE(c.name + " " + std::string(scalarTypeName(dtype)));
    absl::StatusOr<std::unique_ptr<Graph>> plain = parseIR(graphText(c));
    ASSERT_TRUE(plain.ok()) << plain.status();
    absl::StatusOr<std::unique_ptr<Graph>> fused = parseIR(graphText(c));
    ASSERT_TRUE(fused.ok()) << fused.status();
    ASSERT_TRUE(FuseConvClamp(**fused));
    int fusedNodes = 0, others = 0;
    for (Node* n : (*fused)->block()->nodes()) {
      if (n->kind().toQualString() == "jitserve::conv2d_clamp") ++fusedNodes;
      else if (n->kind().toQualString() != "prim::Constant" && n->kind().toQualString() != "prim::ListConstruct")
        ++others;
    }
    EXPECT_EQ(fusedNodes, 1);
    EXPECT_EQ(others, 0);
    const Stack inputs{IValue(pattern({2, c.channels, 9, 9}, 0.1, dtype)),
                       IValue(pattern({c.channels, c.channels / c.groups, c.kernel, c.kernel}, 1.3, dtype)),
                       IValue(pattern({c.channels}, 2.9, dtype))};
    Tensor want = run(**plain, inputs), got = run(**fused, inputs);
    ASSERT_TRUE(want.defined() && got.defined());
    ASSERT_TRUE(std::ranges::equal(want.sizes(), got.sizes()));
    Tensor w = want.to(ScalarType::Double).contiguous(), g = got.to(ScalarType::Double).contiguous();
    const double* wp = static_cast<const double*>(w.data_ptr());
    const double* gp = static_cast<const double*>(g.data_ptr());
    int64_t atLo = 0, atHi = 0, inside = 0;
    for (int64_t i = 0; i < w.numel(); ++i) {
      ASSERT_NEAR(wp[i], gp[i], 1e-5 * (1 + std::abs(wp[i]))) << "at " << i;
      atLo += wp[i] == c.lo;
      atHi += wp[i] == c.hi;
      inside += wp[i] != c.lo && wp[i] != c.hi;
    }
    // The inputs exercise the clamp: results on each bound and between.
    if (!std::isnan(c.lo)) {
      EXPECT_GT(atLo, 0);
    }
    if (!std::isnan(c.hi)) {
      EXPECT_GT(atHi, 0);
    }
    EXPECT_GT(inside, 0);
  }
};

constexpr double kOpen = std::numeric_limits<double>::quiet_NaN();

const std::vector<Case>& cases() {
  static const std::vector<Case> kCases = {
      {"3x3 relu_", "%y : Tensor = aten::relu_(%c)", 16, 1, 3, 1, 0, kOpen},
      {"3x3 stride 2 relu", "%y : Tensor = aten::relu(%c)", 16, 1, 3, 2, 0, kOpen},
      {"depthwise hardtanh_ 0 6", "%y : Tensor = aten::hardtanh_(%c, %zero, %six)", 32, 32, 3, 1, 0, 6},
      {"1x1 relu6", "%y : Tensor = aten::relu6(%c)", 16, 1, 1, 1, 0, 6},
      {"3x3 clamp -0.5 0.5", "%y : Tensor = aten::clamp(%c, %mhalf, %half)", 16, 1, 3, 1, -0.5, 0.5},
      {"grouped clamp_ max only", "%y : Tensor = aten::clamp_(%c, %none, %half)", 16, 4, 3, 1, kOpen, 0.5},
  };
  return kCases;
}

TEST_F(FuseConvClampTest, SameResultOnOnednn) {
  for (const Case& c : cases()) check(c, ScalarType::Float);
}

TEST_F(FuseConvClampTest, SameResultOnReferenceKernels) {
  ops::setOnednnConvEnabled(false);
  for (const Case& c : cases()) check(c, ScalarType::Float);
}

TEST_F(FuseConvClampTest, SameResultInDouble) {
  for (const Case& c : cases()) check(c, ScalarType::Double);
}

// The reference kernels keep a NaN convolution result NaN, as the unfused
// relu does.
TEST_F(FuseConvClampTest, ReferenceKeepsNan) {
  ops::setOnednnConvEnabled(false);
  const Case c{"relu nan", "%y : Tensor = aten::relu(%c)", 2, 1, 1, 1, 0, kOpen};
  absl::StatusOr<std::unique_ptr<Graph>> fused = parseIR(graphText(c));
  ASSERT_TRUE(fused.ok()) << fused.status();
  ASSERT_TRUE(FuseConvClamp(**fused));
  Tensor x = pattern({1, 2, 3, 3}, 0.1, ScalarType::Float);
  static_cast<float*>(x.data_ptr())[4] = std::nanf("");
  Tensor y = run(**fused, {IValue(x), IValue(pattern({2, 2, 1, 1}, 0.3, ScalarType::Float)),
                           IValue(pattern({2}, 0.5, ScalarType::Float))});
  ASSERT_TRUE(y.defined());
  EXPECT_TRUE(std::isnan(static_cast<const float*>(y.data_ptr())[4]));
}

}  // namespace
}  // namespace jitserve
