// PYTORCH_JIT_LOG_LEVEL / PYTORCH_JIT_OPT_LIMIT semantics, set at run time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "runtime/ir/ir_parser.h"
#include "compiler/passes/dead_code_elimination.h"
#include "compiler/passes/jit_log.h"
#include "runtime/ops/register_all.h"

namespace jitserve {
namespace {

using jitlog::Level;

class JitLogTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    jitlog::setSink([this](std::string_view line) { lines_.emplace_back(line); });
  }
  void TearDown() override {
    jitlog::setLogLevels("");
    jitlog::setOptLimits("");
    jitlog::setSink(nullptr);
  }
  std::vector<std::string> lines_;
};

TEST_F(JitLogTest, LevelsFromPrefixes) {
  jitlog::setLogLevels("dead_code_elimination:>peephole.cpp:>>alias_analysis:>>>inliner");
  EXPECT_TRUE(jitlog::isEnabled("dead_code_elimination", Level::kDump));
  EXPECT_FALSE(jitlog::isEnabled("dead_code_elimination", Level::kUpdate));
  EXPECT_TRUE(jitlog::isEnabled("peephole", Level::kUpdate));
  EXPECT_FALSE(jitlog::isEnabled("peephole", Level::kDebug));
  EXPECT_TRUE(jitlog::isEnabled("alias_analysis", Level::kDebug));
  EXPECT_TRUE(jitlog::isEnabled("inliner", Level::kDebug));  // >>> is the same as >>
  EXPECT_FALSE(jitlog::isEnabled("constant_propagation", Level::kDump));
  EXPECT_EQ(jitlog::logLevels(), "dead_code_elimination:>peephole.cpp:>>alias_analysis:>>>inliner");
  jitlog::setLogLevels("");
  EXPECT_FALSE(jitlog::isEnabled("dead_code_elimination", Level::kDump));
  EXPECT_FALSE(jitlog::detail::anyLogging.load());
}

TEST_F(JitLogTest, FileKeyStripsDirectoryAndExtension) {
  EXPECT_EQ(jitlog::fileKey("/work/main/compiler/passes/peephole.cpp"), "peephole");
  EXPECT_EQ(jitlog::fileKey("peephole"), "peephole");
}

const char* kDeadGraph = R"IR(graph(%x : int):
  %1 : int = prim::Constant[value=1]()
  %a : int = aten::add(%x, %1)
  %b : int = aten::mul(%x, %1)
  %c : int = aten::sub(%x, %1)
  return (%x)
)IR";

TEST_F(JitLogTest, PassLogsAtEnabledLevels) {
  auto g = parseIR(kDeadGraph);
  ASSERT_TRUE(g.ok());
  jitlog::setLogLevels(">dead_code_elimination");
  EXPECT_TRUE(EliminateDeadCode(**g));
  size_t updates = 0, dumps = 0;
  for (const std::string& l : lines_) {
    if (l.starts_with("[UPDATE dead_code_elimination]")) ++updates;
    if (l.starts_with("[DUMP dead_code_elimination]")) ++dumps;
  }
  EXPECT_EQ(updates, 4u);  // three nodes and the constant
  EXPECT_EQ(dumps, 1u);
}

TEST_F(JitLogTest, NothingLoggedWhenOff) {
  auto g = parseIR(kDeadGraph);
  ASSERT_TRUE(g.ok());
  jitlog::setLogLevels("peephole");
  EXPECT_TRUE(EliminateDeadCode(**g));
  EXPECT_TRUE(lines_.empty());
}

TEST_F(JitLogTest, OptLimitStopsAPass) {
  EXPECT_FALSE(jitlog::setOptLimits("dead_code_elimination"));
  EXPECT_FALSE(jitlog::setOptLimits("dead_code_elimination=x"));
  ASSERT_TRUE(jitlog::setOptLimits("dead_code_elimination=2:peephole=0"));
  EXPECT_EQ(jitlog::optLimits(), "dead_code_elimination=2:peephole=0");
  auto g = parseIR(kDeadGraph);
  ASSERT_TRUE(g.ok());
  EXPECT_TRUE(EliminateDeadCode(**g));
  // Two of the three dead nodes went (the last ones first); the first stays.
  std::string printed = (*g)->toString(false);
  EXPECT_NE(printed.find("aten::add"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("aten::sub"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("aten::mul"), std::string::npos) << printed;
  // Setting the limits again restarts the count.
  ASSERT_TRUE(jitlog::setOptLimits("dead_code_elimination=10"));
  EXPECT_TRUE(EliminateDeadCode(**g));
  EXPECT_EQ((*g)->toString(false).find("aten::add"), std::string::npos);
}

}  // namespace
}  // namespace jitserve
