// Freezing loaded modules (compiler/archive/module_freezing.h): what folds
// in real models (resnet18, mobilenet_v2 of the corpus) and in the freeze_*
// archives of data/ (made by data/make_freeze_cases.py), what must not
// fold, and that frozen graphs compute what the module computes.
#include "compiler/archive/module_freezing.h"

#include <gtest/gtest.h>

#include <string>

#include "compiler/archive/archive_import.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/weight_folding.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve {
namespace {

std::string corpus(const std::string& rel) { return std::string(JITSERVE_CONFORMANCE_DIR) + "/" + rel; }
std::string data(const std::string& rel) {
  return std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/archive/data/" + rel;
}

int countKind(const Block* b, std::string_view kind) {
  int n = 0;
  for (const Node* node : b->nodes()) {
    if (node->kind().toQualString() == kind) ++n;
    for (const Block* sub : node->blocks()) n += countKind(sub, kind);
  }
  return n;
}

class ModuleFreezing : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  // The case folder's model, its forward frozen, and its inputs.
  struct Loaded {
    Module module;
    FrozenMethod frozen;
    Stack inputs;
  };
  static Loaded load(const std::string& caseDir) {
    auto m = importModuleFile(caseDir + "/model.pt");
    if (!m.ok()) ADD_FAILURE() << m.status();
    const std::string forward = "forward";
    auto f = freezeMethods(*m, std::span<const std::string>(&forward, 1));
    if (!f.ok()) ADD_FAILURE() << f.status();
    auto in = loadTorchSaveFile(caseDir + "/inputs.pt");
    if (!in.ok()) ADD_FAILURE() << in.status();
    return Loaded{*m, f->front(), Stack(in->toList()->elements)};
  }

  // Runs the frozen graph (with self if it kept it) on `inputs`.
  static IValue runFrozen(const Loaded& l) {
    CodeOptions code;
    code.functionResolver = [unit = l.module.unit()](std::string_view n) -> Function* { return unit->resolve(n); };
    GraphFunction fn("forward", l.frozen.graph, l.frozen.schema, code);
    Stack stack;
    if (l.frozen.takesSelf) stack.push_back(l.module.asIValue());
    for (const IValue& v : l.inputs) stack.push_back(v);
    fn.run(stack);
    return stack.back();
  }

  static void expectClose(const IValue& expected, const IValue& actual, double tol) {
    std::optional<std::string> diff = conform::compareValues(expected, actual, conform::Tolerance{tol, tol});
    EXPECT_FALSE(diff) << *diff;
  }
};

TEST_F(ModuleFreezing, Resnet18FoldsEveryAttributeAndBatchNorm) {
  Loaded l = load(corpus("models/resnet18"));
  const Block* b = l.frozen.graph->block();
  EXPECT_FALSE(l.frozen.takesSelf);
  EXPECT_EQ(countKind(b, "prim::GetAttr"), 0) << l.frozen.graph->toString();
  EXPECT_EQ(countKind(b, "prim::CallMethod") + countKind(b, "prim::CallFunction"), 0);
  EXPECT_EQ(countKind(b, "aten::batch_norm"), 0);
  // 20 convolutions: each basic block's second conv takes its residual add
  // and the relu after it (conv2d_add with a lower bound, 8); the stem's and
  // each block's first relu fused in (conv2d_clamp, 9); conv_channels_last
  // turns convs read only by convs, pooling or adds into conv2d_clamp without
  // bounds; no add is left.
  EXPECT_EQ(countKind(b, "aten::conv2d") + countKind(b, "jitserve::conv2d_clamp") +
                countKind(b, "jitserve::conv2d_add"),
            20);
  EXPECT_EQ(countKind(b, "aten::add_") + countKind(b, "aten::add"), 0);
  int relus = 0, residuals = 0;
  for (const Node* n : b->nodes()) {
    relus += n->kind().toQualString() == "jitserve::conv2d_clamp" && !isConstantNone(n->input(7));
    residuals += n->kind().toQualString() == "jitserve::conv2d_add" && !isConstantNone(n->input(10));
  }
  EXPECT_EQ(relus, 9);
  EXPECT_EQ(residuals, 8);
  // The schema a caller of the frozen graph uses has no self.
  ASSERT_EQ(l.frozen.schema.arguments.size(), 1u);
  expectClose(l.module.run("forward", std::vector<IValue>(l.inputs.begin(), l.inputs.end())), runFrozen(l), 1e-4);
  // Conv weights are frozen constants: kernels may cache their layouts.
  int frozenWeights = 0;
  for (const Node* n : b->nodes()) {
    const std::string_view k = n->kind().toQualString();
    if (k != "aten::conv2d" && k != "jitserve::conv2d_clamp" && k != "jitserve::conv2d_add") continue;
    std::optional<IValue> w = constantNodeValue(*n->input(1)->node());
    ASSERT_TRUE(w && w->isTensor());
    frozenWeights += w->toTensor().storage().unsafeGetStorageImpl()->frozen();
  }
  EXPECT_EQ(frozenWeights, 20);
}

TEST_F(ModuleFreezing, MobilenetMatchesTheModule) {
  Loaded l = load(corpus("models/mobilenet_v2"));
  EXPECT_FALSE(l.frozen.takesSelf);
  EXPECT_EQ(countKind(l.frozen.graph->block(), "aten::batch_norm"), 0);
  EXPECT_EQ(countKind(l.frozen.graph->block(), "aten::dropout"), 0);
  expectClose(l.module.run("forward", std::vector<IValue>(l.inputs.begin(), l.inputs.end())), runFrozen(l), 1e-4);
}

TEST_F(ModuleFreezing, ConvBatchNormDropoutAndPerChannelArithmeticFold) {
  Loaded l = load(data("freeze_conv_bn"));
  const Block* b = l.frozen.graph->block();
  EXPECT_FALSE(l.frozen.takesSelf);
  EXPECT_EQ(countKind(b, "aten::batch_norm"), 0) << l.frozen.graph->toString();
  EXPECT_EQ(countKind(b, "aten::dropout"), 0);
  EXPECT_EQ(countKind(b, "aten::mul"), 0);
  // conv2(y) * scale + shift + bn2(conv2(y)): only the sum of two convs is
  // left, fused into the second conv (fuse_conv_add).
  EXPECT_EQ(countKind(b, "aten::add"), 0);
  EXPECT_EQ(countKind(b, "jitserve::conv2d_add"), 1);
  auto expected = loadTorchSaveFile(data("freeze_conv_bn/expected.pt"));
  ASSERT_TRUE(expected.ok());
  expectClose(*expected, runFrozen(l), 1e-5);
}

TEST_F(ModuleFreezing, InterfaceAttributesAreInlinedThroughTheirObject) {
  Loaded l = load(data("module_interface"));
  EXPECT_FALSE(l.frozen.takesSelf) << l.frozen.graph->toString();
  EXPECT_EQ(countKind(l.frozen.graph->block(), "prim::CallMethod"), 0);
  auto expected = loadTorchSaveFile(data("module_interface/expected.pt"));
  ASSERT_TRUE(expected.ok());
  expectClose(*expected, runFrozen(l), 1e-6);
}

// forward sets `calls` and writes the `history` buffer in place: both stay
// attributes (and so does `weight`: a write through any attribute may reach
// it), self stays, and repeated calls see the updates as the module does.
TEST_F(ModuleFreezing, WrittenAttributesStayAttributes) {
  Loaded frozen = load(data("freeze_mutated_attributes"));
  Loaded plain = load(data("freeze_mutated_attributes"));
  EXPECT_TRUE(frozen.frozen.takesSelf);
  const Block* b = frozen.frozen.graph->block();
  EXPECT_EQ(countKind(b, "prim::SetAttr"), 1);
  EXPECT_EQ(countKind(b, "prim::GetAttr"), 5) << frozen.frozen.graph->toString();
  for (int call = 0; call < 3; ++call) {
    IValue want = plain.module.run("forward", std::vector<IValue>(plain.inputs.begin(), plain.inputs.end()));
    expectClose(want, runFrozen(frozen), 0);
  }
}

TEST_F(ModuleFreezing, TrainingModeBatchNormIsNotFolded) {
  Loaded l = load(data("freeze_training_mode"));
  EXPECT_EQ(countKind(l.frozen.graph->block(), "aten::batch_norm"), 1) << l.frozen.graph->toString();
  EXPECT_TRUE(l.frozen.takesSelf);
  auto expected = loadTorchSaveFile(data("freeze_training_mode/expected.pt"));
  ASSERT_TRUE(expected.ok());
  expectClose(*expected, runFrozen(l), 1e-5);
}

TEST_F(ModuleFreezing, UnknownMethodIsNotFound) {
  auto m = importModuleFile(data("module_interface/model.pt"));
  ASSERT_TRUE(m.ok());
  const std::string name = "no_such_method";
  auto f = freezeMethods(*m, std::span<const std::string>(&name, 1));
  EXPECT_EQ(f.status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace jitserve
