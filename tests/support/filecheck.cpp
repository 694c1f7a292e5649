#include "tests/support/filecheck.h"

#include <algorithm>

namespace jitserve::testing {

namespace {

std::string context(const std::string& text, size_t at) {
  size_t start = text.rfind('\n', at == 0 ? 0 : at - 1);
  start = start == std::string::npos ? 0 : start + 1;
  return "\n  at: " + text.substr(start, std::min<size_t>(200, text.size() - start)) + "\n--- full text ---\n" + text;
}

}  // namespace

std::string FileCheck::run(const std::string& text) const {
  size_t cursor = 0;
  size_t lastMatchLineEnd = std::string::npos;  // end of the line of the previous match
  std::vector<std::string> pendingNot;
  auto checkNots = [&](size_t from, size_t to) -> std::string {
    for (const auto& p : pendingNot) {
      size_t at = text.find(p, from);
      if (at != std::string::npos && at < to) return "CHECK-NOT: found '" + p + "'" + context(text, at);
    }
    pendingNot.clear();
    return {};
  };
  for (size_t i = 0; i < checks_.size(); ++i) {
    const Item& c = checks_[i];
    switch (c.kind) {
      case Kind::Not: pendingNot.push_back(c.pattern); break;
      case Kind::Check:
      case Kind::Next: {
        size_t at = text.find(c.pattern, cursor);
        if (at == std::string::npos) return "CHECK: '" + c.pattern + "' not found" + context(text, cursor);
        if (c.kind == Kind::Next) {
          size_t lineStart = lastMatchLineEnd == std::string::npos ? 0 : lastMatchLineEnd + 1;
          size_t lineEnd = text.find('\n', lineStart);
          if (at < lineStart || (lineEnd != std::string::npos && at > lineEnd))
            return "CHECK-NEXT: '" + c.pattern + "' is not on the next line" + context(text, lineStart);
        }
        if (auto err = checkNots(cursor, at); !err.empty()) return err;
        cursor = at + c.pattern.size();
        lastMatchLineEnd = text.find('\n', at);
        break;
      }
      case Kind::Count: {
        size_t at = cursor, found = 0, first = std::string::npos;
        while (found < c.count) {
          at = text.find(c.pattern, at);
          if (at == std::string::npos) break;
          if (first == std::string::npos) first = at;
          ++found;
          at += c.pattern.size();
        }
        if (found < c.count)
          return "CHECK-COUNT: expected " + std::to_string(c.count) + " of '" + c.pattern + "', found " +
                 std::to_string(found) + context(text, cursor);
        if (c.exactly && text.find(c.pattern, at) != std::string::npos)
          return "CHECK-COUNT: more than " + std::to_string(c.count) + " of '" + c.pattern + "'" + context(text, at);
        if (auto err = checkNots(cursor, first == std::string::npos ? at : first); !err.empty()) return err;
        cursor = at;
        lastMatchLineEnd = text.find('\n', at == 0 ? 0 : at - 1);
        break;
      }
      case Kind::Dag: {
        size_t end = cursor, firstAt = std::string::npos;
        size_t j = i;
        for (; j < checks_.size() && checks_[j].kind == Kind::Dag; ++j) {
          size_t at = text.find(checks_[j].pattern, cursor);
          if (at == std::string::npos)
            return "CHECK-DAG: '" + checks_[j].pattern + "' not found" + context(text, cursor);
          firstAt = std::min(firstAt, at);
          end = std::max(end, at + checks_[j].pattern.size());
        }
        if (auto err = checkNots(cursor, firstAt); !err.empty()) return err;
        cursor = end;
        lastMatchLineEnd = text.find('\n', end == 0 ? 0 : end - 1);
        i = j - 1;
        break;
      }
    }
  }
  return checkNots(cursor, text.size());
}

}  // namespace jitserve::testing
