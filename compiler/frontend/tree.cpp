// Tree construction and the S-expression printer.
#include "compiler/frontend/tree.h"

#include <ostream>

#include "runtime/support/error.h"

namespace jitserve::frontend {

Tree::Tree(int kind, SourceRange range, std::string value, TreeList subtrees, bool isAtom)
    : kind_(kind), isAtom_(isAtom), range_(std::move(range)), value_(std::move(value)), subtrees_(std::move(subtrees)) {
  for (const auto& t : subtrees_)
    if (t && t->height_ >= height_) height_ = t->height_ + 1;
}

TreeRef Tree::atom(int kind, SourceRange range, std::string value) {
  return std::make_shared<const Tree>(kind, std::move(range), std::move(value), TreeList{}, true);
}

TreeRef Tree::compound(int kind, SourceRange range, TreeList subtrees) {
  for (const auto& t : subtrees) JS_INTERNAL_ASSERT(t != nullptr, "null subtree in a ", kindToString(kind), " tree");
  return std::make_shared<const Tree>(kind, std::move(range), std::string(), std::move(subtrees), false);
}

const TreeRef& Tree::tree(size_t i) const {
  JS_INTERNAL_ASSERT(i < subtrees_.size(), "subtree ", i, " of a ", kindToString(kind_), " tree with ",
                     subtrees_.size(), " subtrees");
  return subtrees_[i];
}

void Tree::expectKind(int kind) const {
  JS_INTERNAL_ASSERT(kind_ == kind, "expected a ", kindToString(kind), " tree but found ", kindToString(kind_));
}

void Tree::expectKind(int kind, size_t numSubtrees) const {
  expectKind(kind);
  JS_INTERNAL_ASSERT(subtrees_.size() == numSubtrees, "a ", kindToString(kind), " tree needs ", numSubtrees,
                     " subtrees, not ", subtrees_.size());
}

namespace {

void escapeInto(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7f) {
          static const char* hex = "0123456789abcdef";
          out += "\\x";
          out += hex[c >> 4];
          out += hex[c & 15];
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
}

void flatInto(std::string& out, const TreeRef& t) {
  out += '(';
  out += kindToString(t->kind());
  if (t->isAtom()) {
    out += ' ';
    if (t->kind() == TK_STRINGLITERAL) escapeInto(out, t->stringValue());
    else out += t->stringValue();
  }
  for (const auto& s : t->trees()) {
    out += ' ';
    flatInto(out, s);
  }
  out += ')';
}

// The length of t's flat form, counting no further than `limit`: deciding
// whether a node fits on its line then costs O(width), not O(size), so
// printing stays linear in the tree's size times the width.
size_t flatLength(const TreeRef& t, size_t limit) {
  size_t n = 2 + kindToString(t->kind()).size();
  if (t->isAtom()) {
    std::string v;
    if (t->kind() == TK_STRINGLITERAL) escapeInto(v, t->stringValue());
    n += 1 + (t->kind() == TK_STRINGLITERAL ? v.size() : t->stringValue().size());
  }
  for (const auto& s : t->trees()) {
    if (n > limit) return n;
    n += 1 + flatLength(s, limit - n);
  }
  return n;
}

void pretty(std::string& out, const TreeRef& t, size_t indent, size_t width) {
  if (t->isAtom() || indent + flatLength(t, width > indent ? width - indent : 0) <= width) {
    flatInto(out, t);
    return;
  }
  out += "(" + kindToString(t->kind());
  for (const auto& s : t->trees()) {
    out += "\n" + std::string(indent + 2, ' ');
    pretty(out, s, indent + 2, width);
  }
  out += ")";
}

}  // namespace

std::string toSExpr(const TreeRef& tree, size_t width) {
  std::string out;
  pretty(out, tree, 0, width);
  return out;
}

std::ostream& operator<<(std::ostream& os, const TreeRef& tree) { return os << toSExpr(tree); }

}  // namespace jitserve::frontend
