// conv_channels_last end to end: a chain of frozen convolutions (constant
// weights whose storage is frozen, as freezing leaves them) with relu,
// max_pool2d and a residual add runs with NHWC results between the
// convolutions and must give what the same chain gives with NCHW results
// (weights passed as inputs: no pass fires, no NHWC path). The fused op's
// result really is channels-last when asked.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/pass_registry.h"
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

constexpr const char* kChain = R"IR(
graph(%x : Tensor, %w1 : Tensor, %w2 : Tensor, %w3 : Tensor, %b : Tensor):
  %none : NoneType = prim::Constant()
  %false : bool = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %3 : int = prim::Constant[value=3]()
  %s : int[] = prim::ListConstruct(%1, %1)
  %s2 : int[] = prim::ListConstruct(%2, %2)
  %k : int[] = prim::ListConstruct(%3, %3)
  %a : Tensor = aten::conv2d(%x, %w1, %b, %s, %s, %s, %1)
  %ar : Tensor = aten::relu_(%a)
  %m : Tensor = aten::max_pool2d(%ar, %k, %s2, %s, %s, %false)
  %c : Tensor = aten::conv2d(%m, %w2, %b, %s, %s, %s, %1)
  %sum : Tensor = aten::add(%c, %m, %1)
  %d : Tensor = aten::conv2d(%sum, %w3, %b, %s, %s, %s, %1)
  return (%d)
)IR";

class ConvChannelsLastTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    ensurePassesRegistered();
  }
};

TEST_F(ConvChannelsLastTest, FrozenChainMatchesNchw) {
  if (!ops::onednnConvEnabled()) GTEST_SKIP() << "no oneDNN: the NHWC path does not exist";
  const std::vector<Tensor> weights{pattern({16, 16, 3, 3}, 0.2), pattern({16, 16, 3, 3}, 1.1),
                                    pattern({16, 16, 3, 3}, 2.3), pattern({16}, 0.7)};
  const Tensor x = pattern({2, 16, 12, 12}, 0.4);

  absl::StatusOr<std::unique_ptr<Graph>> plain = parseIR(kChain);
  ASSERT_TRUE(plain.ok()) << plain.status();
  Stack inputs{IValue(x)};
  for (const Tensor& w : weights) inputs.emplace_back(w);
  absl::StatusOr<Stack> want = runGraph(**plain, inputs);
  ASSERT_TRUE(want.ok()) << want.status();

  // The frozen twin: weights and bias as frozen constants, then the passes.
  absl::StatusOr<std::unique_ptr<Graph>> frozen = parseIR(kChain);
  ASSERT_TRUE(frozen.ok()) << frozen.status();
  Graph& g = **frozen;
  {
    WithInsertPoint guard(g.block()->nodes().front());
    for (size_t i = 0; i < weights.size(); ++i) {
      Tensor w = weights[i].clone();
      w.storage().unsafeGetStorageImpl()->markFrozen();
      g.inputs()[i + 1]->replaceAllUsesWith(insertConstant(g, IValue(w)));
    }
  }
  for (size_t i = weights.size(); i > 0; --i) g.eraseInput(i);
  absl::StatusOr<bool> changed = runPasses(g, std::vector<std::string>{"fuse_conv_clamp", "conv_channels_last"});
  ASSERT_TRUE(changed.ok() && *changed) << changed.status();
  int nhwc = 0;
  for (Node* n : g.block()->nodes())
    if (n->kind().toQualString() == "jitserve::conv2d_clamp" && constantNodeValue(*n->input(9)->node())->toBool())
      ++nhwc;
  EXPECT_EQ(nhwc, 2) << g.toString();  // %a (read by max_pool2d) and %c (read by add); %d is the output

  absl::StatusOr<Stack> got = runGraph(g, {IValue(x)});
  ASSERT_TRUE(got.ok()) << got.status();
  const Tensor w = (*want)[0].toTensor(), o = (*got)[0].toTensor();
  ASSERT_TRUE(std::ranges::equal(w.sizes(), o.sizes()));
  EXPECT_TRUE(o.is_contiguous());  // the graph's output leaves the chain NCHW
  const Tensor wd = w.to(ScalarType::Double).contiguous(), od = o.to(ScalarType::Double).contiguous();
  const double* wp = static_cast<const double*>(wd.data_ptr());
  const double* op = static_cast<const double*>(od.data_ptr());
  // Within 1e-5 of the output's scale (values reach ~3e4 here, with heavy
  // cancellation): the frozen 3x3 convolutions run Winograd, which rounds
  // differently from the NCHW reference (max error 0.016, 5e-7 of the scale).
  double scale = 0;
  for (int64_t i = 0; i < wd.numel(); ++i) scale = std::max(scale, std::abs(wp[i]));
  for (int64_t i = 0; i < wd.numel(); ++i) ASSERT_NEAR(wp[i], op[i], 1e-5 * scale) << "at " << i;
}

// The kernel writes NHWC memory with NCHW sizes when channels_last is set
// and the weight is frozen, and the values are conv2d's.
TEST_F(ConvChannelsLastTest, FusedOpWritesChannelsLast) {
  if (!ops::onednnConvEnabled()) GTEST_SKIP() << "no oneDNN: the NHWC path does not exist";
  Tensor w = pattern({8, 4, 3, 3}, 0.5);
  w.storage().unsafeGetStorageImpl()->markFrozen();
  const Tensor x = pattern({1, 4, 6, 7}, 0.9);
  for (const char* layout : {"1", "0"}) {
    absl::StatusOr<std::unique_ptr<Graph>> g = parseIR(std::string(R"IR(
graph(%x : Tensor, %W : Tensor):
  %none : NoneType = prim::Constant()
  %1 : int = prim::Constant[value=1]()
  %cl : bool = prim::Constant[value=)IR") + layout + R"IR(]()
  %s : int[] = prim::ListConstruct(%1, %1)
  %y : Tensor = jitserve::conv2d_clamp(%x, %W, %none, %s, %s, %s, %1, %none, %none, %cl)
  %r : Tensor = aten::conv2d(%x, %W, %none, %s, %s, %s, %1)
  %t : (Tensor, Tensor) = prim::TupleConstruct(%y, %r)
  return (%t)
)IR");
    ASSERT_TRUE(g.ok()) << g.status();
    {
      WithInsertPoint guard((*g)->block()->nodes().front());
      (*g)->inputs()[1]->replaceAllUsesWith(insertConstant(**g, IValue(w)));
    }
    (*g)->eraseInput(1);
    absl::StatusOr<Stack> out = runGraph(**g, {IValue(x)});
    ASSERT_TRUE(out.ok()) << out.status();
    const auto& elems = (*out)[0].toTupleRef().elements;
    const Tensor y = elems[0].toTensor(), r = elems[1].toTensor();
    EXPECT_EQ(ops::isChannelsLast(y) && !y.is_contiguous(), std::string(layout) == "1");
    const Tensor yd = y.contiguous(), rd = r.contiguous();
    const float* yp = static_cast<const float*>(yd.data_ptr());
    const float* rp = static_cast<const float*>(rd.data_ptr());
    for (int64_t i = 0; i < rd.numel(); ++i) ASSERT_NEAR(yp[i], rp[i], 1e-4) << "at " << i;
  }
}

}  // namespace
}  // namespace jitserve
