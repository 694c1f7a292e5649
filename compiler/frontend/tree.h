// Tree: the untyped syntax tree the parser builds and the IR emitter reads.
//
// A Tree is an S-expression: either an atom (a kind plus a string: an
// identifier's name, a number's source text, a string literal's decoded
// value) or a compound (a kind plus a list of subtrees). Kinds are the
// TokenKind values of token.h. Every node carries the SourceRange it was
// parsed from, so any later stage can point at the user's code.
//
// Ownership: trees are shared and immutable after construction (TreeRef is a
// shared_ptr to const). A pass that "changes" a tree builds a new one and
// reuses the unchanged subtrees. The typed accessors live in tree_views.h;
// this file only knows kinds, atoms and subtrees.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/frontend/token.h"
#include "runtime/ir/source_range.h"

namespace jitserve::frontend {

class Tree;
using TreeRef = std::shared_ptr<const Tree>;
using TreeList = std::vector<TreeRef>;

class Tree {
 public:
  // An atom: TK_IDENT (name), TK_CONST (number text as written, e.g. "0x1f",
  // "1e-5"), TK_STRINGLITERAL (decoded, concatenated value).
  static TreeRef atom(int kind, SourceRange range, std::string value);
  // A compound with the given subtrees (which must all be non-null).
  static TreeRef compound(int kind, SourceRange range, TreeList subtrees);

  int kind() const { return kind_; }
  const SourceRange& range() const { return range_; }
  bool isAtom() const { return isAtom_; }
  // The atom's string; empty for a compound.
  const std::string& stringValue() const { return value_; }
  const TreeList& trees() const { return subtrees_; }
  // Levels from this node down to its deepest atom (an atom or an empty
  // compound is 1). The parser bounds it, so the recursive walks of later
  // stages (the IR emitter, toSExpr, destruction) cannot overflow the stack.
  size_t height() const { return height_; }
  const TreeRef& tree(size_t i) const;  // checked: an out-of-range index is our bug

  // Internal consistency checks used by the tree views: the kind must match
  // and, where given, the number of subtrees.
  void expectKind(int kind) const;
  void expectKind(int kind, size_t numSubtrees) const;

  Tree(int kind, SourceRange range, std::string value, TreeList subtrees, bool isAtom);

 private:
  int kind_;
  uint32_t height_ = 1;
  bool isAtom_;
  SourceRange range_;
  std::string value_;
  TreeList subtrees_;
};

// S-expression form used by the golden tests and for debugging, e.g.
//   (def (ident f) (decl (list (param (ident x) (option) (option))) (option))
//     (list (return (option (+ (variable (ident x)) (const 1))))) (list))
// Atoms print as (ident x), (const 1), (string_literal "a\n") with the value
// re-escaped. Lines wrap (two-space indent) when a compound exceeds `width`.
std::string toSExpr(const TreeRef& tree, size_t width = 80);
std::ostream& operator<<(std::ostream& os, const TreeRef& tree);

}  // namespace jitserve::frontend
