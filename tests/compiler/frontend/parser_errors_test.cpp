// Syntax errors from syntax_errors.txt: each names the problem and points at
// the expected line, PyTorch-style.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "compiler/frontend/parser.h"

namespace jitserve::frontend {
namespace {

struct Case {
  std::string source;
  size_t line;
  std::string message;
};

std::vector<Case> loadCases() {
  std::ifstream in(std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/frontend/syntax_errors.txt");
  std::vector<Case> cases;
  Case cur;
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (header && line.rfind("#", 0) == 0 && line.rfind("#!", 0) != 0) continue;  // file comment
    header = false;
    if (line == "=====") {
      cases.push_back(cur);
      cur = Case();
    } else if (line.rfind("#! line ", 0) == 0) {
      size_t colon = line.find(": ");
      cur.line = std::stoul(line.substr(8, colon - 8));
      cur.message = line.substr(colon + 2);
    } else {
      cur.source += line + "\n";
    }
  }
  if (!cur.source.empty()) cases.push_back(cur);
  return cases;
}

TEST(ParserErrors, FromFile) {
  auto cases = loadCases();
  ASSERT_GT(cases.size(), 20u);
  for (const Case& c : cases) {
    try {
      parseFile(c.source);
      ADD_FAILURE() << "no error for:\n" << c.source;
    } catch (const ErrorReport& e) {
      EXPECT_EQ(e.rawMessage(), c.message) << c.source;
      auto flc = e.range().fileLineCol();
      ASSERT_TRUE(flc.has_value());
      EXPECT_EQ(flc->line, c.line) << c.source << e.what();
      std::string what = e.what();
      EXPECT_NE(what.find("<--- HERE"), std::string::npos) << what;
      EXPECT_NE(what.find("  File \"<string>\", line " + std::to_string(c.line)), std::string::npos) << what;
    }
  }
}

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
