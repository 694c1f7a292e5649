// Error-case files: many small programs that must each fail with a stated
// message at a stated line, kept as text so a case is read (and added) like
// the program a user would write.
//
//   # Comment lines at the very top of the file describe it.
//   def f(x):
//       return y
//   #! line 2: undefined value y
//   =====
//   def g(...
//
// A case is its source lines, then one `#! line N: message` line; cases are
// separated by lines that are exactly `=====`. What "message" must match is
// up to the test that reads the file (syntax_errors.txt: the whole message;
// compile_errors.txt: its first line).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace jitserve::testing {

struct ErrorCase {
  std::string source;   // the program, newline-terminated lines
  size_t line = 0;      // the source line the error must point at (1-based)
  std::string message;  // the expected message
  size_t fileLine = 0;  // where the case starts in the case file, for failure reports
};

// Reads `path`. A malformed file (no `#!` line in a case, a bad line number,
// an unreadable file) is reported in `error` and yields no cases, so a typo
// in the file fails the test rather than silently dropping a case.
std::vector<ErrorCase> loadErrorCases(const std::string& path, std::string* error);

// A gtest-safe name for a case: "line_<fileLine>".
std::string errorCaseName(const ErrorCase& c);

// How gtest prints a case (found by argument-dependent lookup).
inline void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << "case at line " << c.fileLine << " of the file";
}

}  // namespace jitserve::testing
