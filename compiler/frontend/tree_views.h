// Tree views: typed, zero-cost wrappers over a TreeRef.
//
// The parser builds untyped Trees (tree.h); the IR emitter reads them through
// these views, which name the subtrees (`Apply::callee()` rather than
// `tree(0)`) and check the kind on construction. A view holds one TreeRef, so
// copying it is cheap, and every view has `range()` for error messages.
//
// Shapes (subtrees in order; List = TK_LIST compound, Maybe = TK_OPTION with
// 0 or 1 subtree). Statements:
//   Def        TK_DEF        [Ident name, Decl, List<Stmt> body, List<Expr> decorators]
//   Decl       TK_DECL       [List<Param>, Maybe<Expr> returnType]
//   Param      TK_PARAM      [Ident, Maybe<Expr> type, Maybe<Expr> default, kwarg-only flag]
//   ClassDef   TK_CLASS_DEF  [Ident, Maybe<Expr> superclass, List<Stmt> body, List<Expr> decorators]
//   If         TK_IF         [Expr cond, List<Stmt> then, List<Stmt> else]   (elif = If in else)
//   While      TK_WHILE      [Expr cond, List<Stmt> body]
//   For        TK_FOR        [List<Expr> targets, List<Expr> iterables, List<Stmt> body]
//   Assign     TK_ASSIGN     [List<Expr> targets, Maybe<Expr> rhs, Maybe<Expr> type]
//   AugAssign  TK_AUG_ASSIGN [Expr lhs, op (kind '+', TK_POW, ...), Expr rhs]
//   Return     TK_RETURN     [Maybe<Expr>]
//   Raise      TK_RAISE      [Maybe<Expr>]
//   Assert     TK_ASSERT     [Expr test, Maybe<Expr> msg]
//   Pass/Break/Continue      []
//   Delete     TK_DEL        [List<Expr> targets]
//   With       TK_WITH       [List<WithItem>, List<Stmt> body]
//   WithItem   TK_WITH_ITEM  [Expr target, Maybe<Expr> var]
//   ExprStmt   TK_EXPR_STMT  [Expr]
//   Global     TK_GLOBAL / TK_NONLOCAL [List<Ident>]
//   Import     TK_IMPORT     [Maybe<Expr> fromModule, List<ImportAlias>]
//   ImportAlias TK_IMPORT_ALIAS [Expr dotted name (Var or Select), Maybe<Ident> asName]
// Expressions:
//   Var TK_VAR [Ident]; Ident, Const, StringLiteral are atoms;
//   Apply TK_APPLY [Expr callee, List<Expr> args, List<Attribute> kwargs];
//   Attribute TK_ATTRIBUTE [Ident name, Expr value]; Select '.' [Expr, Ident];
//   Subscript TK_SUBSCRIPT [Expr value, List<Expr> subscripts];
//   SliceExpr TK_SLICE_EXPR [Maybe start, Maybe end, Maybe step];
//   Dots TK_ELLIPSIS []; None/True/False TK_NONE/TK_TRUE/TK_FALSE [];
//   ListLiteral/TupleLiteral [List<Expr>]; DictLiteral [List<Expr> keys, List<Expr> values];
//   ListComp [Expr elt, Expr target, Expr iter, Maybe<Expr> cond];
//   DictComp [Expr key, Expr value, Expr target, Expr iter, Maybe<Expr> cond];
//   TernaryIf TK_IF_EXPR [cond, trueExpr, falseExpr];
//   BinOp (kind = operator) [lhs, rhs]; UnaryOp (TK_NOT, TK_UNARY_MINUS,
//   TK_UNARY_PLUS, '~') [operand]; Starred [Expr]; Lambda [List<Param>, Expr body];
//   CmpChain TK_CMP_CHAIN [List<Expr> operands, List<op>] for `a < b < c`.
//
// Chained comparisons are KEPT as a chain (never duplicated into `and`), so
// the emitter evaluates each middle operand once and short-circuits like
// Python. A single comparison `a < b` is a plain BinOp.
#pragma once

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "compiler/frontend/tree.h"

namespace jitserve::frontend {

class TreeView {
 public:
  explicit TreeView(TreeRef tree) : tree_(std::move(tree)) {}
  const TreeRef& tree() const { return tree_; }
  const SourceRange& range() const { return tree_->range(); }
  int kind() const { return tree_->kind(); }
  operator const TreeRef&() const { return tree_; }  // NOLINT: views are trees

 protected:
  const TreeRef& subtree(size_t i) const { return tree_->tree(i); }
  TreeRef tree_;
};

// A homogeneous list of T (kind TK_LIST).
template <typename T>
class List : public TreeView {
 public:
  explicit List(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_LIST); }

  class iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = T;
    explicit iterator(TreeList::const_iterator it) : it_(it) {}
    T operator*() const { return T(*it_); }
    iterator& operator++() { ++it_; return *this; }
    iterator operator++(int) { auto c = *this; ++it_; return c; }
    bool operator==(const iterator& o) const { return it_ == o.it_; }
    bool operator!=(const iterator& o) const { return it_ != o.it_; }

   private:
    TreeList::const_iterator it_;
  };

  iterator begin() const { return iterator(tree_->trees().begin()); }
  iterator end() const { return iterator(tree_->trees().end()); }
  bool empty() const { return tree_->trees().empty(); }
  size_t size() const { return tree_->trees().size(); }
  T operator[](size_t i) const { return T(subtree(i)); }
  std::vector<T> vec() const { return std::vector<T>(begin(), end()); }

  static List create(const SourceRange& range, const std::vector<T>& items) {
    TreeList trees;
    trees.reserve(items.size());
    for (const T& t : items) trees.push_back(t.tree());
    return List(Tree::compound(TK_LIST, range, std::move(trees)));
  }
  static List unsafeCreate(const SourceRange& range, TreeList trees) {
    return List(Tree::compound(TK_LIST, range, std::move(trees)));
  }
};

// An optional T (kind TK_OPTION, zero or one subtree).
template <typename T>
class Maybe : public TreeView {
 public:
  explicit Maybe(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_OPTION); }
  bool present() const { return !tree_->trees().empty(); }
  T get() const { return T(subtree(0)); }
  std::optional<T> opt() const { return present() ? std::optional<T>(get()) : std::nullopt; }
  static Maybe create(const SourceRange& range) { return Maybe(Tree::compound(TK_OPTION, range, {})); }
  static Maybe create(const SourceRange& range, const T& value) {
    return Maybe(Tree::compound(TK_OPTION, range, {value.tree()}));
  }
};

// An identifier (atom of kind TK_IDENT).
class Ident : public TreeView {
 public:
  explicit Ident(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_IDENT); }
  const std::string& name() const { return tree_->stringValue(); }
  static Ident create(const SourceRange& range, std::string name) {
    return Ident(Tree::atom(TK_IDENT, range, std::move(name)));
  }
};

// ---------------------------------------------------------------------------
// Expressions

// Any expression; constructing checks that the kind is an expression kind.
class Expr : public TreeView {
 public:
  explicit Expr(TreeRef tree);
  static bool isExprKind(int kind);
};

class Var : public Expr {
 public:
  explicit Var(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_VAR, 1); }
  Ident name() const { return Ident(subtree(0)); }
  static Var create(const SourceRange& range, const Ident& name) {
    return Var(Tree::compound(TK_VAR, range, {name.tree()}));
  }
};

// A numeric literal. text() is the source spelling ("1_000", "0x1F", "1.",
// ".5", "1e-5", "2.5j"); the accessors convert it. Integers outside int64 are
// rejected by the parser, so asIntegral() on a parsed tree does not fail.
class Const : public Expr {
 public:
  explicit Const(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_CONST); }
  const std::string& text() const { return tree_->stringValue(); }
  // An imaginary literal ("2j"): a complex number with real part 0.
  bool isComplex() const;
  bool isFloatingPoint() const;
  bool isIntegral() const { return !isFloatingPoint() && !isComplex(); }
  int64_t asIntegral() const;  // throws ErrorReport if it does not fit in int64
  double asFloatingPoint() const;
  double asImaginary() const;  // the coefficient of j
  static Const create(const SourceRange& range, std::string text) {
    return Const(Tree::atom(TK_CONST, range, std::move(text)));
  }
};

// A string literal; adjacent literals ('a' "b") are already concatenated and
// escapes decoded.
class StringLiteral : public Expr {
 public:
  explicit StringLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_STRINGLITERAL); }
  const std::string& text() const { return tree_->stringValue(); }
  static StringLiteral create(const SourceRange& range, std::string value) {
    return StringLiteral(Tree::atom(TK_STRINGLITERAL, range, std::move(value)));
  }
};

// A keyword argument `name=value` of a call.
class Attribute : public TreeView {
 public:
  explicit Attribute(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_ATTRIBUTE, 2); }
  Ident name() const { return Ident(subtree(0)); }
  Expr value() const { return Expr(subtree(1)); }
  static Attribute create(const SourceRange& range, const Ident& name, const Expr& value) {
    return Attribute(Tree::compound(TK_ATTRIBUTE, range, {name.tree(), value.tree()}));
  }
};

class Apply : public Expr {
 public:
  explicit Apply(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_APPLY, 3); }
  Expr callee() const { return Expr(subtree(0)); }
  List<Expr> inputs() const { return List<Expr>(subtree(1)); }
  List<Attribute> attributes() const { return List<Attribute>(subtree(2)); }
  static Apply create(const SourceRange& range, const Expr& callee, const List<Expr>& inputs,
                      const List<Attribute>& attributes) {
    return Apply(Tree::compound(TK_APPLY, range, {callee.tree(), inputs.tree(), attributes.tree()}));
  }
};

// `value.selector`
class Select : public Expr {
 public:
  explicit Select(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind('.', 2); }
  Expr value() const { return Expr(subtree(0)); }
  Ident selector() const { return Ident(subtree(1)); }
  static Select create(const SourceRange& range, const Expr& value, const Ident& selector) {
    return Select(Tree::compound('.', range, {value.tree(), selector.tree()}));
  }
};

// `value[a, b:c, ...]`: one entry per comma-separated subscript.
class Subscript : public Expr {
 public:
  explicit Subscript(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_SUBSCRIPT, 2); }
  Expr value() const { return Expr(subtree(0)); }
  List<Expr> subscriptExprs() const { return List<Expr>(subtree(1)); }
  static Subscript create(const SourceRange& range, const Expr& value, const List<Expr>& subscripts) {
    return Subscript(Tree::compound(TK_SUBSCRIPT, range, {value.tree(), subscripts.tree()}));
  }
};

// `start:end:step` inside a subscript; each part optional.
class SliceExpr : public Expr {
 public:
  explicit SliceExpr(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_SLICE_EXPR, 3); }
  Maybe<Expr> start() const { return Maybe<Expr>(subtree(0)); }
  Maybe<Expr> end() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> step() const { return Maybe<Expr>(subtree(2)); }
  static SliceExpr create(const SourceRange& range, const Maybe<Expr>& start, const Maybe<Expr>& end,
                          const Maybe<Expr>& step) {
    return SliceExpr(Tree::compound(TK_SLICE_EXPR, range, {start.tree(), end.tree(), step.tree()}));
  }
};

// `...`
class Dots : public Expr {
 public:
  explicit Dots(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_ELLIPSIS, 0); }
  static Dots create(const SourceRange& range) { return Dots(Tree::compound(TK_ELLIPSIS, range, {})); }
};

class ListLiteral : public Expr {
 public:
  explicit ListLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_LIST_LITERAL, 1); }
  List<Expr> inputs() const { return List<Expr>(subtree(0)); }
  static ListLiteral create(const SourceRange& range, const List<Expr>& inputs) {
    return ListLiteral(Tree::compound(TK_LIST_LITERAL, range, {inputs.tree()}));
  }
};

class TupleLiteral : public Expr {
 public:
  explicit TupleLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_TUPLE_LITERAL, 1); }
  List<Expr> inputs() const { return List<Expr>(subtree(0)); }
  static TupleLiteral create(const SourceRange& range, const List<Expr>& inputs) {
    return TupleLiteral(Tree::compound(TK_TUPLE_LITERAL, range, {inputs.tree()}));
  }
};

class DictLiteral : public Expr {
 public:
  explicit DictLiteral(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_DICT_LITERAL, 2); }
  List<Expr> keyInputs() const { return List<Expr>(subtree(0)); }
  List<Expr> valueInputs() const { return List<Expr>(subtree(1)); }
  static DictLiteral create(const SourceRange& range, const List<Expr>& keys, const List<Expr>& values) {
    return DictLiteral(Tree::compound(TK_DICT_LITERAL, range, {keys.tree(), values.tree()}));
  }
};

// `[elt for target in iter if cond]`; only one `for` clause is accepted.
class ListComp : public Expr {
 public:
  explicit ListComp(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_LIST_COMP, 4); }
  Expr elt() const { return Expr(subtree(0)); }
  Expr target() const { return Expr(subtree(1)); }
  Expr iter() const { return Expr(subtree(2)); }
  Maybe<Expr> cond() const { return Maybe<Expr>(subtree(3)); }
  static ListComp create(const SourceRange& range, const Expr& elt, const Expr& target, const Expr& iter,
                         const Maybe<Expr>& cond) {
    return ListComp(Tree::compound(TK_LIST_COMP, range, {elt.tree(), target.tree(), iter.tree(), cond.tree()}));
  }
};

// `{key: value for target in iter if cond}`
class DictComp : public Expr {
 public:
  explicit DictComp(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_DICT_COMP, 5); }
  Expr key() const { return Expr(subtree(0)); }
  Expr value() const { return Expr(subtree(1)); }
  Expr target() const { return Expr(subtree(2)); }
  Expr iter() const { return Expr(subtree(3)); }
  Maybe<Expr> cond() const { return Maybe<Expr>(subtree(4)); }
  static DictComp create(const SourceRange& range, const Expr& key, const Expr& value, const Expr& target,
                         const Expr& iter, const Maybe<Expr>& cond) {
    return DictComp(Tree::compound(TK_DICT_COMP, range,
                                   {key.tree(), value.tree(), target.tree(), iter.tree(), cond.tree()}));
  }
};

// `trueExpr if cond else falseExpr`
class TernaryIf : public Expr {
 public:
  explicit TernaryIf(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_IF_EXPR, 3); }
  Expr cond() const { return Expr(subtree(0)); }
  Expr trueExpr() const { return Expr(subtree(1)); }
  Expr falseExpr() const { return Expr(subtree(2)); }
  static TernaryIf create(const SourceRange& range, const Expr& cond, const Expr& t, const Expr& f) {
    return TernaryIf(Tree::compound(TK_IF_EXPR, range, {cond.tree(), t.tree(), f.tree()}));
  }
};

// A binary operator; kind() is the operator: TK_AND, TK_OR, '+', '-', '*',
// '/', TK_FLOOR_DIV, '%', TK_POW, '@', TK_LSHIFT, TK_RSHIFT, '&', '|', '^',
// TK_EQ, TK_NE, '<', TK_LE, '>', TK_GE, TK_IS, TK_IS_NOT, TK_IN, TK_NOT_IN.
class BinOp : public Expr {
 public:
  explicit BinOp(TreeRef tree);
  Expr lhs() const { return Expr(subtree(0)); }
  Expr rhs() const { return Expr(subtree(1)); }
  static bool isBinOpKind(int kind);
  static bool isComparisonKind(int kind);  // ==, !=, <, <=, >, >=, is, is not, in, not in
  static BinOp create(const SourceRange& range, int kind, const Expr& lhs, const Expr& rhs) {
    return BinOp(Tree::compound(kind, range, {lhs.tree(), rhs.tree()}));
  }
};

// A unary operator; kind() is TK_NOT, TK_UNARY_MINUS, TK_UNARY_PLUS or '~'.
class UnaryOp : public Expr {
 public:
  explicit UnaryOp(TreeRef tree);
  Expr operand() const { return Expr(subtree(0)); }
  static bool isUnaryOpKind(int kind);
  static UnaryOp create(const SourceRange& range, int kind, const Expr& operand) {
    return UnaryOp(Tree::compound(kind, range, {operand.tree()}));
  }
};

// `a < b <= c`: operands [a, b, c], ops ['<', TK_LE]. Means
// `a < b and b <= c` with b evaluated once (see the file comment).
class CmpChain : public Expr {
 public:
  explicit CmpChain(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_CMP_CHAIN, 2); }
  List<Expr> operands() const { return List<Expr>(subtree(0)); }
  size_t numOps() const { return subtree(1)->trees().size(); }
  int opKind(size_t i) const { return subtree(1)->tree(i)->kind(); }
  const SourceRange& opRange(size_t i) const { return subtree(1)->tree(i)->range(); }
  // opsTree: a TK_LIST of zero-subtree compounds whose kinds are the operators.
  static CmpChain create(const SourceRange& range, const List<Expr>& operands, TreeRef opsTree) {
    return CmpChain(Tree::compound(TK_CMP_CHAIN, range, {operands.tree(), std::move(opsTree)}));
  }
};

// `*value` (in call arguments, assignment targets, list/tuple literals).
class Starred : public Expr {
 public:
  explicit Starred(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_STARRED, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static Starred create(const SourceRange& range, const Expr& e) {
    return Starred(Tree::compound(TK_STARRED, range, {e.tree()}));
  }
};

// None, True, False: zero-subtree compounds of kind TK_NONE/TK_TRUE/TK_FALSE.
// Use Expr and kind(); there is no dedicated view.

// ---------------------------------------------------------------------------
// Functions and classes

class Param : public TreeView {
 public:
  explicit Param(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_PARAM, 4); }
  Ident ident() const { return Ident(subtree(0)); }
  Maybe<Expr> type() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> defaultValue() const { return Maybe<Expr>(subtree(2)); }
  // True for parameters after a bare `*` in the parameter list.
  bool kwargOnly() const { return subtree(3)->kind() == TK_TRUE; }
  static Param create(const SourceRange& range, const Ident& ident, const Maybe<Expr>& type,
                      const Maybe<Expr>& def, bool kwargOnly) {
    return Param(Tree::compound(
        TK_PARAM, range,
        {ident.tree(), type.tree(), def.tree(), Tree::compound(kwargOnly ? TK_TRUE : TK_FALSE, range, {})}));
  }
  Param withType(const Maybe<Expr>& type) const {
    return create(range(), ident(), type, defaultValue(), kwargOnly());
  }
};

// A lambda expression (parsed so the emitter can reject it with a range).
class Lambda : public Expr {
 public:
  explicit Lambda(TreeRef tree) : Expr(std::move(tree)) { tree_->expectKind(TK_LAMBDA, 2); }
  List<Param> params() const { return List<Param>(subtree(0)); }
  Expr body() const { return Expr(subtree(1)); }
  static Lambda create(const SourceRange& range, const List<Param>& params, const Expr& body) {
    return Lambda(Tree::compound(TK_LAMBDA, range, {params.tree(), body.tree()}));
  }
};

class Decl : public TreeView {
 public:
  explicit Decl(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_DECL, 2); }
  List<Param> params() const { return List<Param>(subtree(0)); }
  Maybe<Expr> returnType() const { return Maybe<Expr>(subtree(1)); }
  static Decl create(const SourceRange& range, const List<Param>& params, const Maybe<Expr>& ret) {
    return Decl(Tree::compound(TK_DECL, range, {params.tree(), ret.tree()}));
  }
};

// A `# type: (int, Tensor) -> Tensor` signature comment, parsed by
// parseTypeComment(); the parser merges it into the Def's Decl itself.
class TypeComment : public TreeView {
 public:
  explicit TypeComment(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_TYPE_COMMENT, 2); }
  List<Expr> paramTypes() const { return List<Expr>(subtree(0)); }
  Expr returnType() const { return Expr(subtree(1)); }
  static TypeComment create(const SourceRange& range, const List<Expr>& params, const Expr& ret) {
    return TypeComment(Tree::compound(TK_TYPE_COMMENT, range, {params.tree(), ret.tree()}));
  }
};

// ---------------------------------------------------------------------------
// Statements

// Any statement; constructing checks that the kind is a statement kind.
class Stmt : public TreeView {
 public:
  explicit Stmt(TreeRef tree);
  static bool isStmtKind(int kind);
};

class Def : public Stmt {
 public:
  explicit Def(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_DEF, 4); }
  Ident name() const { return Ident(subtree(0)); }
  Decl decl() const { return Decl(subtree(1)); }
  List<Stmt> statements() const { return List<Stmt>(subtree(2)); }
  List<Expr> decorators() const { return List<Expr>(subtree(3)); }
  static Def create(const SourceRange& range, const Ident& name, const Decl& decl, const List<Stmt>& body,
                    const List<Expr>& decorators) {
    return Def(Tree::compound(TK_DEF, range, {name.tree(), decl.tree(), body.tree(), decorators.tree()}));
  }
  Def withName(std::string newName) const {
    return create(range(), Ident::create(name().range(), std::move(newName)), decl(), statements(),
                  decorators());
  }
  Def withDecl(const Decl& d) const { return create(range(), name(), d, statements(), decorators()); }
};

class ClassDef : public Stmt {
 public:
  explicit ClassDef(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_CLASS_DEF, 4); }
  Ident name() const { return Ident(subtree(0)); }
  Maybe<Expr> superclass() const { return Maybe<Expr>(subtree(1)); }
  List<Stmt> body() const { return List<Stmt>(subtree(2)); }
  List<Expr> decorators() const { return List<Expr>(subtree(3)); }
  static ClassDef create(const SourceRange& range, const Ident& name, const Maybe<Expr>& superclass,
                         const List<Stmt>& body, const List<Expr>& decorators) {
    return ClassDef(
        Tree::compound(TK_CLASS_DEF, range, {name.tree(), superclass.tree(), body.tree(), decorators.tree()}));
  }
};

class If : public Stmt {
 public:
  explicit If(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_IF, 3); }
  Expr cond() const { return Expr(subtree(0)); }
  List<Stmt> trueBranch() const { return List<Stmt>(subtree(1)); }
  List<Stmt> falseBranch() const { return List<Stmt>(subtree(2)); }
  static If create(const SourceRange& range, const Expr& cond, const List<Stmt>& t, const List<Stmt>& f) {
    return If(Tree::compound(TK_IF, range, {cond.tree(), t.tree(), f.tree()}));
  }
};

class While : public Stmt {
 public:
  explicit While(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_WHILE, 2); }
  Expr cond() const { return Expr(subtree(0)); }
  List<Stmt> body() const { return List<Stmt>(subtree(1)); }
  static While create(const SourceRange& range, const Expr& cond, const List<Stmt>& body) {
    return While(Tree::compound(TK_WHILE, range, {cond.tree(), body.tree()}));
  }
};

// `for a, b in x:` has targets [a, b] and iterables [x].
class For : public Stmt {
 public:
  explicit For(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_FOR, 3); }
  List<Expr> targets() const { return List<Expr>(subtree(0)); }
  List<Expr> itrs() const { return List<Expr>(subtree(1)); }
  List<Stmt> body() const { return List<Stmt>(subtree(2)); }
  static For create(const SourceRange& range, const List<Expr>& targets, const List<Expr>& itrs,
                    const List<Stmt>& body) {
    return For(Tree::compound(TK_FOR, range, {targets.tree(), itrs.tree(), body.tree()}));
  }
};

// `a = b = rhs` has targets [a, b]; `a, b = rhs` has targets [(a, b)] (a
// TupleLiteral, possibly with a Starred); `x: T = v` has type T; `x: T`
// (declaration only) has no rhs. A `# type: T` comment fills type too.
class Assign : public Stmt {
 public:
  explicit Assign(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_ASSIGN, 3); }
  List<Expr> lhsList() const { return List<Expr>(subtree(0)); }
  Expr lhs() const { return lhsList()[0]; }  // the first (often only) target
  Maybe<Expr> rhs() const { return Maybe<Expr>(subtree(1)); }
  Maybe<Expr> type() const { return Maybe<Expr>(subtree(2)); }
  static Assign create(const SourceRange& range, const List<Expr>& lhs, const Maybe<Expr>& rhs,
                       const Maybe<Expr>& type) {
    return Assign(Tree::compound(TK_ASSIGN, range, {lhs.tree(), rhs.tree(), type.tree()}));
  }
};

// `lhs op= rhs`; augOp() is the binary operator kind ('+' for +=, TK_POW for
// **=, TK_FLOOR_DIV for //=, '@' for @=, ...).
class AugAssign : public Stmt {
 public:
  explicit AugAssign(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_AUG_ASSIGN, 3); }
  Expr lhs() const { return Expr(subtree(0)); }
  int augOp() const { return subtree(1)->kind(); }
  const SourceRange& augOpRange() const { return subtree(1)->range(); }
  Expr rhs() const { return Expr(subtree(2)); }
  static AugAssign create(const SourceRange& range, const Expr& lhs, int op, const SourceRange& opRange,
                          const Expr& rhs) {
    return AugAssign(
        Tree::compound(TK_AUG_ASSIGN, range, {lhs.tree(), Tree::compound(op, opRange, {}), rhs.tree()}));
  }
};

class Return : public Stmt {
 public:
  explicit Return(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_RETURN, 1); }
  Maybe<Expr> expr() const { return Maybe<Expr>(subtree(0)); }
  static Return create(const SourceRange& range, const Maybe<Expr>& e) {
    return Return(Tree::compound(TK_RETURN, range, {e.tree()}));
  }
};

class Raise : public Stmt {
 public:
  explicit Raise(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_RAISE, 1); }
  Maybe<Expr> expr() const { return Maybe<Expr>(subtree(0)); }
  static Raise create(const SourceRange& range, const Maybe<Expr>& e) {
    return Raise(Tree::compound(TK_RAISE, range, {e.tree()}));
  }
};

class Assert : public Stmt {
 public:
  explicit Assert(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_ASSERT, 2); }
  Expr test() const { return Expr(subtree(0)); }
  Maybe<Expr> msg() const { return Maybe<Expr>(subtree(1)); }
  static Assert create(const SourceRange& range, const Expr& test, const Maybe<Expr>& msg) {
    return Assert(Tree::compound(TK_ASSERT, range, {test.tree(), msg.tree()}));
  }
};

// Pass, Break, Continue: zero-subtree statements; use Stmt and kind().

class Delete : public Stmt {
 public:
  explicit Delete(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_DEL, 1); }
  List<Expr> targets() const { return List<Expr>(subtree(0)); }
  static Delete create(const SourceRange& range, const List<Expr>& targets) {
    return Delete(Tree::compound(TK_DEL, range, {targets.tree()}));
  }
};

class WithItem : public TreeView {
 public:
  explicit WithItem(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_WITH_ITEM, 2); }
  Expr target() const { return Expr(subtree(0)); }
  Maybe<Expr> var() const { return Maybe<Expr>(subtree(1)); }
  static WithItem create(const SourceRange& range, const Expr& target, const Maybe<Expr>& var) {
    return WithItem(Tree::compound(TK_WITH_ITEM, range, {target.tree(), var.tree()}));
  }
};

class With : public Stmt {
 public:
  explicit With(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_WITH, 2); }
  List<WithItem> targets() const { return List<WithItem>(subtree(0)); }
  List<Stmt> body() const { return List<Stmt>(subtree(1)); }
  static With create(const SourceRange& range, const List<WithItem>& items, const List<Stmt>& body) {
    return With(Tree::compound(TK_WITH, range, {items.tree(), body.tree()}));
  }
};

class ExprStmt : public Stmt {
 public:
  explicit ExprStmt(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_EXPR_STMT, 1); }
  Expr expr() const { return Expr(subtree(0)); }
  static ExprStmt create(const SourceRange& range, const Expr& e) {
    return ExprStmt(Tree::compound(TK_EXPR_STMT, range, {e.tree()}));
  }
};

// `global a, b` (kind TK_GLOBAL) or `nonlocal a` (kind TK_NONLOCAL).
class Global : public Stmt {
 public:
  explicit Global(TreeRef tree);
  List<Ident> names() const { return List<Ident>(subtree(0)); }
  static Global create(const SourceRange& range, int kind, const List<Ident>& names) {
    return Global(Tree::compound(kind, range, {names.tree()}));
  }
};

class ImportAlias : public TreeView {
 public:
  explicit ImportAlias(TreeRef tree) : TreeView(std::move(tree)) { tree_->expectKind(TK_IMPORT_ALIAS, 2); }
  Expr name() const { return Expr(subtree(0)); }  // Var or a chain of Selects
  Maybe<Ident> asName() const { return Maybe<Ident>(subtree(1)); }
  static ImportAlias create(const SourceRange& range, const Expr& name, const Maybe<Ident>& as) {
    return ImportAlias(Tree::compound(TK_IMPORT_ALIAS, range, {name.tree(), as.tree()}));
  }
};

// `import a.b as c, d` (no fromModule) or `from a.b import c as d`.
class Import : public Stmt {
 public:
  explicit Import(TreeRef tree) : Stmt(std::move(tree)) { tree_->expectKind(TK_IMPORT, 2); }
  Maybe<Expr> fromModule() const { return Maybe<Expr>(subtree(0)); }
  List<ImportAlias> names() const { return List<ImportAlias>(subtree(1)); }
  static Import create(const SourceRange& range, const Maybe<Expr>& from, const List<ImportAlias>& names) {
    return Import(Tree::compound(TK_IMPORT, range, {from.tree(), names.tree()}));
  }
};

}  // namespace jitserve::frontend
