// FileCheck: checks a text (usually printed IR) against directives written
// in a check file, with the semantics of LLVM's FileCheck for the subset
// below. Every layer's text tests use it, in-process (gtest) or through the
// jit-filecheck command.
//
//   // CHECK-LABEL: graph(
//   // CHECK:       [[C:%.*]] : int = prim::Constant[value=1]()
//   // CHECK-NEXT:  aten::add([[X:%[a-z.0-9]+]], [[C]])
//   // CHECK-NOT:   prim::Store
//
// Directives (PREFIX is "CHECK" unless options say otherwise; a directive is
// PREFIX, an optional -SUFFIX, then ':' and the pattern, anywhere on a line,
// the prefix not glued to a preceding letter, digit, '-' or '_'):
//   CHECK:        the pattern matches at or after the cursor; the cursor
//                 moves past the match.
//   CHECK-NEXT:   like CHECK, and the match is on the line after the line of
//                 the previous match.
//   CHECK-SAME:   like CHECK, and the match is on the line of the previous match.
//   CHECK-EMPTY:  (no pattern) the line after the previous match is empty.
//   CHECK-NOT:    the pattern does not occur between the previous match and
//                 the next positive match (or the end of the block).
//   CHECK-DAG:    a run of consecutive DAG directives matches in any order
//                 (without overlapping) after the cursor; the cursor moves
//                 past the furthest of them.
//   CHECK-LABEL:  matched first, in order, over the whole input; they cut the
//                 input into blocks and the other directives between two
//                 labels must match inside the block between the labels' matches.
//   CHECK-COUNT-N: the pattern matches N times in a row (CHECK repeated N times).
//
// Patterns: literal text, whitespace runs matching any run of spaces/tabs;
// `{{re}}` is an ECMAScript regular expression; `[[NAME:re]]` matches re and
// binds NAME to the matched text; `[[NAME]]` matches what NAME was bound to
// (bindings live until the end of the check file). A match never spans lines.
//
// Errors name the failed directive (checkfile:line), where in the input the
// scan started, and the input line that came nearest to matching.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace jitserve::filecheck {

struct Options {
  std::vector<std::string> prefixes = {"CHECK"};
  std::string checkFileName = "<checks>";  // for messages
  std::string inputName = "<input>";       // for messages
  // On failure, append the whole input with line numbers and the failing
  // place marked (as LLVM's -dump-input=fail).
  bool dumpInput = true;
};

struct Result {
  bool ok = true;
  std::string message;  // empty when ok
  explicit operator bool() const { return ok; }
};

struct Directive;  // one parsed directive (filecheck.cpp)

// A parsed check file. parse() never throws: a malformed check file (no
// directives, an empty pattern, a bad regex, CHECK-NEXT first, ...) gives a
// CheckFile whose error() is set and whose check() fails with that error.
class CheckFile {
 public:
  static CheckFile parse(std::string_view checkText, const Options& options = {});
  CheckFile(CheckFile&&) noexcept;
  CheckFile& operator=(CheckFile&&) noexcept;
  ~CheckFile();

  const std::string& error() const { return error_; }
  size_t directiveCount() const;

  Result check(std::string_view input) const;

 private:
  CheckFile();
  Options options_;
  std::string error_;
  std::vector<Directive> directives_;
};

// parse + check in one call.
Result runFileCheck(std::string_view checkText, std::string_view input, const Options& options = {});

}  // namespace jitserve::filecheck
