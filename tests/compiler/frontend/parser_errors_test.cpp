// Syntax errors from syntax_errors.txt: each names the problem and points at
// the expected line, PyTorch-style.
#include <gtest/gtest.h>

#include "compiler/frontend/parser.h"
#include "tests/support/error_cases.h"

namespace jitserve::frontend {
namespace {

using jitserve::testing::ErrorCase;

std::vector<ErrorCase> loadCases(std::string* error) {
  return jitserve::testing::loadErrorCases(
      std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/frontend/syntax_errors.txt", error);
}

TEST(ParserErrors, FileIsWellFormed) {
  std::string error;
  EXPECT_GT(loadCases(&error).size(), 20u);
  EXPECT_EQ(error, "");
}

// One test per case, named after the line the case starts on in the file.
class SyntaxErrorCase : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(SyntaxErrorCase, MessageAndLine) {
  const ErrorCase& c = GetParam();
  try {
    parseFile(c.source);
    ADD_FAILURE() << "no error for:\n" << c.source;
  } catch (const ErrorReport& e) {
    auto flc = e.range().fileLineCol();
    ASSERT_TRUE(flc.has_value());
    EXPECT_EQ(e.rawMessage(), c.message) << c.source << "\nactual: #! line " << flc->line << ": " << e.rawMessage();
    EXPECT_EQ(flc->line, c.line) << c.source << e.what();
    std::string what = e.what();
    EXPECT_NE(what.find("<--- HERE"), std::string::npos) << what;
    EXPECT_NE(what.find("  File \"<string>\", line " + std::to_string(c.line)), std::string::npos) << what;
  }
}

INSTANTIATE_TEST_SUITE_P(SyntaxErrors, SyntaxErrorCase, ::testing::ValuesIn([] {
                           std::string ignored;  // reported by FileIsWellFormed
                           return loadCases(&ignored);
                         }()),
                         [](const ::testing::TestParamInfo<ErrorCase>& info) {
                           return jitserve::testing::errorCaseName(info.param);
                         });

TEST(ParserErrors, FullFormat) {
  try {
    parseFile("def f(x):\n    if x\n        return 1\n");
    FAIL();
  } catch (const ErrorReport& e) {
    EXPECT_EQ(std::string(e.what()),
              "expected ':' but found 'newline' here:\n"
              "  File \"<string>\", line 2\n"
              "def f(x):\n"
              "    if x\n"
              "        ~ <--- HERE\n"
              "        return 1\n"
              "\n");
  }
}

}  // namespace
}  // namespace jitserve::frontend
