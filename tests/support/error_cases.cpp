#include "tests/support/error_cases.h"

#include <fstream>

namespace jitserve::testing {

std::vector<ErrorCase> loadErrorCases(const std::string& path, std::string* error) {
  std::ifstream in(path);
  if (!in) {
    *error = "cannot read " + path;
    return {};
  }
  std::vector<ErrorCase> cases;
  ErrorCase cur;
  bool haveExpectation = false;
  bool header = true;
  std::string line;
  size_t lineNo = 0;
  auto fail = [&](const std::string& why) {
    *error = path + ":" + std::to_string(lineNo) + ": " + why;
    return std::vector<ErrorCase>{};
  };
  auto finish = [&]() -> bool {
    if (!haveExpectation) return false;
    cases.push_back(std::move(cur));
    cur = ErrorCase();
    haveExpectation = false;
    return true;
  };
  while (std::getline(in, line)) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (header && line.rfind("#", 0) == 0 && line.rfind("#!", 0) != 0) continue;  // file comment
    header = false;
    if (line == "=====") {
      if (!finish()) return fail("case has no '#! line N: message' line");
      continue;
    }
    if (cur.fileLine == 0) cur.fileLine = lineNo;
    if (line.rfind("#!", 0) == 0) {
      if (haveExpectation) return fail("a case has two '#!' lines");
      size_t colon = line.find(": ");
      if (line.rfind("#! line ", 0) != 0 || colon == std::string::npos)
        return fail("expected '#! line N: message'");
      try {
        size_t used = 0;
        std::string num = line.substr(8, colon - 8);
        cur.line = std::stoul(num, &used);
        if (used != num.size()) throw std::invalid_argument(num);
      } catch (const std::exception&) {
        return fail("bad line number in '" + line + "'");
      }
      cur.message = line.substr(colon + 2);
      if (cur.message.empty()) return fail("empty expected message");
      haveExpectation = true;
    } else {
      if (haveExpectation) return fail("source after the '#!' line (missing '=====')");
      cur.source += line + "\n";
    }
  }
  if (haveExpectation) {
    finish();
  } else if (cur.source.find_first_not_of(" \n") != std::string::npos) {
    return fail("last case has no '#! line N: message' line");
  }
  return cases;
}

std::string errorCaseName(const ErrorCase& c) { return "line_" + std::to_string(c.fileLine); }

}  // namespace jitserve::testing
