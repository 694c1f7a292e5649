// FileCheck: checks a text (usually printed IR) against an ordered list of
// patterns, in the style of LLVM's FileCheck and PyTorch's testing.FileCheck.
//
//   FileCheck().check("prim::Loop").check_next("block0").check_not("prim::Load").run(text)
//
// Patterns are plain substrings. The checks run in order over a cursor:
//  - check(s):        s occurs at or after the cursor; the cursor moves past it;
//  - check_next(s):   like check, but s must be on the line right after the
//                     previous match;
//  - check_not(s):    s does not occur between the previous match and the
//                     next positive match (or the end of the text);
//  - check_count(s, n, exactly): s occurs n times after the cursor (and, when
//                     exactly, not an (n+1)-th time); the cursor moves past the n-th;
//  - check_dag(s):    a run of consecutive check_dag patterns may match in any
//                     order after the cursor; the cursor moves past the last
//                     of them.
// run() returns an empty string on success, else a message naming the failed
// check and the text around the cursor.
#pragma once

#include <string>
#include <vector>

namespace jitserve::testing {

class FileCheck {
 public:
  FileCheck& check(std::string s) { return add(Kind::Check, std::move(s)); }
  FileCheck& check_next(std::string s) { return add(Kind::Next, std::move(s)); }
  FileCheck& check_not(std::string s) { return add(Kind::Not, std::move(s)); }
  FileCheck& check_dag(std::string s) { return add(Kind::Dag, std::move(s)); }
  FileCheck& check_count(std::string s, size_t n, bool exactly = false) {
    add(Kind::Count, std::move(s));
    checks_.back().count = n;
    checks_.back().exactly = exactly;
    return *this;
  }
  std::string run(const std::string& text) const;

 private:
  enum class Kind { Check, Next, Not, Dag, Count };
  struct Item {
    Kind kind;
    std::string pattern;
    size_t count = 0;
    bool exactly = false;
  };
  FileCheck& add(Kind k, std::string s) {
    checks_.push_back(Item{k, std::move(s)});
    return *this;
  }
  std::vector<Item> checks_;
};

}  // namespace jitserve::testing
