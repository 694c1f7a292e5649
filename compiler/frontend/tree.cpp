// Tree construction and the S-expression printer.
#include "compiler/frontend/tree.h"

#include <ostream>

#include "runtime/support/error.h"

namespace jitserve::frontend {

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

std::string flat(const TreeRef& t) {
  std::string out = "(" + kindToString(t->kind());
  if (t->isAtom()) {
    out += ' ';
    if (t->kind() == TK_STRINGLITERAL) escapeInto(out, t->stringValue());
    else out += t->stringValue();
  }
  for (const auto& s : t->trees()) out += " " + flat(s);
  return out + ")";
}

void pretty(std::string& out, const TreeRef& t, size_t indent, size_t width) {
  std::string f = flat(t);
  if (t->isAtom() || indent + f.size() <= width) {
    out += f;
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
