// Compile errors from compile_errors.txt: each program states the error it
// must produce and the line the error must point at (PyTorch's
// `File "<string>", line N`). One test per case, named after the line the
// case starts on in the file, so a failure names the case to look at.
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ops/register_all.h"
#include "tests/support/error_cases.h"

namespace jitserve::frontend {
namespace {

using jitserve::testing::ErrorCase;

std::vector<ErrorCase> loadCases(std::string* error) {
  return jitserve::testing::loadErrorCases(
      std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/frontend/compile_errors.txt", error);
}

TEST(CompileErrors, FileIsWellFormed) {
  std::string error;
  EXPECT_GE(loadCases(&error).size(), 40u);
  EXPECT_EQ(error, "");
}

// The parts of a compile error message: "<message>:\n  File "<string>", line N\n<source>~~~ <--- HERE".
struct Parsed {
  std::string firstLine;  // the first line of the message proper
  int line = -1;          // the line the context points at, -1 if none
};

Parsed parseMessage(const std::string& msg) {
  Parsed p;
  const std::string fileMarker = ":\n  File \"<string>\", line ";
  size_t ctx = msg.find(fileMarker);
  std::string raw = msg.substr(0, ctx);
  p.firstLine = raw.substr(0, raw.find('\n'));
  if (ctx != std::string::npos) p.line = std::atoi(msg.c_str() + ctx + fileMarker.size());
  return p;
}

class CompileErrorCase : public ::testing::TestWithParam<ErrorCase> {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
};

TEST_P(CompileErrorCase, MessageAndLine) {
  const ErrorCase& c = GetParam();
  CompilationUnit cu;
  absl::Status st = cu.define(c.source);
  ASSERT_FALSE(st.ok()) << "no error for:\n" << c.source;
  std::string msg(st.message());
  Parsed p = parseMessage(msg);
  // Printed ready to paste into the case file when a message changes on purpose.
  std::string actual = "actual: #! line " + std::to_string(p.line) + ": " + p.firstLine + "\nfull message:\n" + msg;
  EXPECT_EQ(p.firstLine, c.message) << actual;
  EXPECT_EQ(p.line, static_cast<int>(c.line)) << actual;
  EXPECT_NE(msg.find("<--- HERE"), std::string::npos) << actual;
  EXPECT_TRUE(cu.functions().empty()) << "a failed define must add nothing";
}

INSTANTIATE_TEST_SUITE_P(CompileErrors, CompileErrorCase, ::testing::ValuesIn([] {
                           std::string ignored;  // reported by FileIsWellFormed
                           return loadCases(&ignored);
                         }()),
                         [](const ::testing::TestParamInfo<ErrorCase>& info) {
                           return jitserve::testing::errorCaseName(info.param);
                         });

}  // namespace
}  // namespace jitserve::frontend
