// Archives served frozen (ModelOptions::freeze, --freeze): eval-mode modules
// are frozen at load and give the module's results; training-mode modules
// and --freeze=false are served as loaded; a module whose attributes are
// written keeps getting self. Archives from tests/compiler/archive/data
// (make_freeze_cases.py).
#include "server/core/model.h"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "runtime/ir/ir.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve::server {
namespace {

std::string caseDir(const std::string& name) {
  return std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/archive/data/" + name;
}

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int countKind(const Block* b, std::string_view kind) {
  int n = 0;
  for (const Node* node : b->nodes()) {
    if (node->kind().toQualString() == kind) ++n;
    for (const Block* sub : node->blocks()) n += countKind(sub, kind);
  }
  return n;
}

class ModelFreezeTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  static std::shared_ptr<Model> load(const std::string& name, bool freeze) {
    ModelOptions options;
    options.freeze = freeze;
    options.backgroundCompile = false;
    auto m = Model::fromArchive(name, "1", readBytes(caseDir(name) + "/model.pt"), "", options);
    EXPECT_TRUE(m.ok()) << m.status();
    return m.ok() ? *m : nullptr;
  }

  static IValue run(const Model& m, const std::string& name) {
    auto in = loadTorchSaveFile(caseDir(name) + "/inputs.pt");
    EXPECT_TRUE(in.ok()) << in.status();
    Stack stack(in->toList()->elements);
    absl::Status s = m.run(m.defaultMethod(), stack, {});
    EXPECT_TRUE(s.ok()) << s;
    return stack.empty() ? IValue() : stack.back();
  }

  static void expectClose(const IValue& want, const IValue& got, double tol) {
    auto diff = conform::compareValues(want, got, conform::Tolerance{tol, tol});
    EXPECT_FALSE(diff) << *diff;
  }
};

TEST_F(ModelFreezeTest, EvalModeArchiveIsServedFrozen) {
  auto m = load("freeze_conv_bn", true);
  ASSERT_TRUE(m);
  EXPECT_TRUE(m->frozen());
  const Model::Method& forward = m->defaultMethod();
  EXPECT_FALSE(forward.takesSelf);
  EXPECT_EQ(countKind(forward.function->graph().block(), "aten::batch_norm"), 0);
  // Clients see the same schema as unfrozen: the input only.
  ASSERT_EQ(forward.schema().arguments.size(), 1u);
  auto expected = loadTorchSaveFile(caseDir("freeze_conv_bn") + "/expected.pt");
  ASSERT_TRUE(expected.ok());
  expectClose(*expected, run(*m, "freeze_conv_bn"), 1e-5);
}

TEST_F(ModelFreezeTest, FreezeOffServesTheMethodsAsLoaded) {
  auto m = load("freeze_conv_bn", false);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->frozen());
  EXPECT_TRUE(m->defaultMethod().takesSelf);
  auto expected = loadTorchSaveFile(caseDir("freeze_conv_bn") + "/expected.pt");
  ASSERT_TRUE(expected.ok());
  expectClose(*expected, run(*m, "freeze_conv_bn"), 1e-5);
}

TEST_F(ModelFreezeTest, TrainingModeArchiveIsNotFrozen) {
  auto m = load("freeze_training_mode", true);
  ASSERT_TRUE(m);
  EXPECT_FALSE(m->frozen());
}

TEST_F(ModelFreezeTest, WrittenAttributesStillReachTheModule) {
  auto frozen = load("freeze_mutated_attributes", true);
  auto plain = load("freeze_mutated_attributes", false);
  ASSERT_TRUE(frozen && plain);
  EXPECT_TRUE(frozen->frozen());
  EXPECT_TRUE(frozen->defaultMethod().takesSelf);
  for (int call = 0; call < 3; ++call)
    expectClose(run(*plain, "freeze_mutated_attributes"), run(*frozen, "freeze_mutated_attributes"), 0);
}

}  // namespace
}  // namespace jitserve::server
