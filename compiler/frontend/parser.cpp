// Parser implementation. Statements by recursive descent; expressions by
// precedence climbing over the binding powers below. Each tree's range runs
// from its first token to the end of its last consumed token.
#include "compiler/frontend/parser.h"

#include <utility>

namespace jitserve::frontend {
namespace {

// Binding powers, loosest first (Python's grammar order).
constexpr int kPrecTernary = 0;  // `a if c else b`, lambda bodies
constexpr int kPrecOr = 1;
constexpr int kPrecAnd = 2;
constexpr int kPrecNot = 3;
constexpr int kPrecCompare = 4;
constexpr int kPrecBitOr = 5;
constexpr int kPrecBitXor = 6;
constexpr int kPrecBitAnd = 7;
constexpr int kPrecShift = 8;
constexpr int kPrecAdd = 9;
constexpr int kPrecMul = 10;
constexpr int kPrecUnary = 11;
constexpr int kPrecPow = 12;

// Binding power of a binary operator token, or -1.
int binaryPrec(int kind) {
  switch (kind) {
    case TK_OR: return kPrecOr;
    case TK_AND: return kPrecAnd;
    case '|': return kPrecBitOr;
    case '^': return kPrecBitXor;
    case '&': return kPrecBitAnd;
    case TK_LSHIFT: case TK_RSHIFT: return kPrecShift;
    case '+': case '-': return kPrecAdd;
    case '*': case '/': case TK_FLOOR_DIV: case '%': case '@': return kPrecMul;
    case TK_POW: return kPrecPow;
    default: return -1;
  }
}

int augOpFor(int kind) {
  switch (kind) {
    case TK_PLUS_EQ: return '+';
    case TK_MINUS_EQ: return '-';
    case TK_TIMES_EQ: return '*';
    case TK_DIV_EQ: return '/';
    case TK_FLOOR_DIV_EQ: return TK_FLOOR_DIV;
    case TK_MOD_EQ: return '%';
    case TK_POW_EQ: return TK_POW;
    case TK_AND_EQ: return '&';
    case TK_OR_EQ: return '|';
    case TK_XOR_EQ: return '^';
    case TK_LSHIFT_EQ: return TK_LSHIFT;
    case TK_RSHIFT_EQ: return TK_RSHIFT;
    case TK_MATMUL_EQ: return '@';
    default: return -1;
  }
}

// Nesting limit: deeper input is rejected instead of overflowing the stack
// (the fuzzer finds "((((((...").
constexpr int kMaxDepth = 200;
// Tree height limit. Loops build left-associative chains (a + b + c ...,
// x.a.b ..., x[0][0] ...) without recursing, so kMaxDepth does not bound
// them, but every later stage walks trees recursively: the IR emitter under
// ASan overflows its 8 MiB stack near 600 levels of `x + x + ...`.
constexpr size_t kMaxTreeHeight = 400;

}  // namespace

class ParserImpl {
 public:
  explicit ParserImpl(std::shared_ptr<const Source> source) : L(std::move(source)) {}
  ParserImpl(std::shared_ptr<const Source> source, size_t begin, size_t end) : L(std::move(source), begin, end) {}

  Lexer L;

  // ---- helpers ------------------------------------------------------------
  SourceRange rangeFrom(size_t start) const {
    size_t e = L.prevEnd();
    return L.range(start, e < start ? start : e);
  }
  SourceRange tokRange(const Token& t) const { return L.rangeOf(t); }
  [[noreturn]] void failAt(const Token& t, const std::string& msg) const {
    size_t s = t.start, e = t.end;
    if (e <= s) e = s + 1;
    throw ErrorReport(L.range(s, std::min(e, L.source()->text().size())), msg);
  }
  // Every compound the parser builds goes through here, so no tree exceeds
  // kMaxTreeHeight.
  TreeRef node(int kind, SourceRange range, TreeList subtrees) {
    TreeRef t = Tree::compound(kind, std::move(range), std::move(subtrees));
    if (t->height() > kMaxTreeHeight)
      failAt(L.cur(), "code is nested too deeply (more than " + std::to_string(kMaxTreeHeight) + " levels)");
    return t;
  }
  TreeRef list(size_t start, TreeList items) { return node(TK_LIST, rangeFrom(start), std::move(items)); }
  TreeRef none(const SourceRange& r) { return node(TK_OPTION, r, {}); }
  TreeRef some(const TreeRef& t) { return node(TK_OPTION, t->range(), {t}); }
  TreeRef emptyOpt() { return node(TK_OPTION, L.range(L.cur().start, L.cur().start), {}); }

  struct DepthGuard {
    ParserImpl& p;
    explicit DepthGuard(ParserImpl& p) : p(p) {
      if (++p.depth_ > kMaxDepth) {
        --p.depth_;
        p.failAt(p.L.cur(), "code is nested too deeply (more than " + std::to_string(kMaxDepth) + " levels)");
      }
    }
    ~DepthGuard() { --p.depth_; }
  };
  int depth_ = 0;

  Ident parseIdent() {
    if (L.cur().kind != TK_IDENT) L.unexpected("ident");
    Token t = L.next();
    return Ident(Tree::atom(TK_IDENT, tokRange(t), std::string(t.text)));
  }

  void rejectUnsupported(const Token& t) {
    switch (t.kind) {
      case TK_YIELD: failAt(t, "'yield' is not supported in TorchScript (generators are not supported)");
      case TK_AWAIT: failAt(t, "'await' is not supported in TorchScript");
      case TK_ASYNC: failAt(t, "'async' functions are not supported in TorchScript");
      case TK_TRY: failAt(t, "'try' statements are not supported in TorchScript");
      case TK_EXCEPT: case TK_FINALLY: failAt(t, "'" + std::string(t.text) + "' without 'try'");
      default: break;
    }
  }

  // ---- expressions --------------------------------------------------------
  Expr parseExp(int minPrec = kPrecTernary) {
    DepthGuard g(*this);
    size_t start = L.cur().start;
    TreeRef lhs;
    int k = L.cur().kind;
    if (k == TK_LAMBDA) {
      if (minPrec > kPrecTernary) failAt(L.cur(), "a lambda must be parenthesized here");
      return parseLambda();
    }
    if (k == TK_NOT) {
      if (minPrec > kPrecNot) failAt(L.cur(), "'not' must be parenthesized here");
      L.next();
      Expr operand = parseExp(kPrecNot);
      lhs = node(TK_NOT, rangeFrom(start), {operand.tree()});
    } else if (k == '-' || k == '+' || k == '~') {
      L.next();
      Expr operand = parseExp(kPrecUnary);
      int kind = k == '-' ? int(TK_UNARY_MINUS) : k == '+' ? int(TK_UNARY_PLUS) : int('~');
      lhs = node(kind, rangeFrom(start), {operand.tree()});
    } else {
      lhs = parsePostfix();
    }
    while (true) {
      int op = L.cur().kind;
      if (op == TK_IF && minPrec <= kPrecTernary) {
        L.next();
        Expr cond = parseExp(kPrecOr);
        L.expect(TK_ELSE);
        Expr falseExpr = parseExp(kPrecTernary);
        lhs = node(TK_IF_EXPR, rangeFrom(start), {cond.tree(), lhs, falseExpr.tree()});
        continue;
      }
      if (isComparisonStart() && minPrec <= kPrecCompare) {
        lhs = parseComparisons(start, lhs);
        continue;
      }
      int prec = binaryPrec(op);
      if (prec < 0 || prec < minPrec) break;
      L.next();
      // ** is right-associative and its right operand may carry a unary sign.
      Expr rhs = op == TK_POW ? parseExp(kPrecUnary) : parseExp(prec + 1);
      lhs = node(op, rangeFrom(start), {lhs, rhs.tree()});
    }
    return Expr(lhs);
  }

  bool isComparisonStart() const {
    switch (L.cur().kind) {
      case TK_EQ: case TK_NE: case '<': case TK_LE: case '>': case TK_GE: case TK_IS: case TK_IN:
        return true;
      case TK_NOT:
        return L.lookahead().kind == TK_IN;
      default:
        return false;
    }
  }

  // lhs op1 b op2 c ...: a plain BinOp for one comparison, a CmpChain for more.
  TreeRef parseComparisons(size_t start, TreeRef lhs) {
    TreeList operands{lhs};
    TreeList ops;
    while (isComparisonStart()) {
      Token t = L.next();
      int kind = t.kind;
      if (kind == TK_NOT) {
        L.expect(TK_IN);
        kind = TK_NOT_IN;
      } else if (kind == TK_IS && L.nextIf(TK_NOT)) {
        kind = TK_IS_NOT;
      }
      ops.push_back(node(kind, rangeFrom(t.start), {}));
      operands.push_back(parseExp(kPrecBitOr).tree());
    }
    if (ops.size() == 1) return node(ops[0]->kind(), rangeFrom(start), {operands[0], operands[1]});
    SourceRange r = rangeFrom(start);
    return node(TK_CMP_CHAIN, r,
                          {node(TK_LIST, r, std::move(operands)), node(TK_LIST, r, std::move(ops))});
  }

  Expr parseLambda() {
    size_t start = L.cur().start;
    L.expect(TK_LAMBDA);
    size_t pstart = L.cur().start;
    TreeList params;
    while (L.cur().kind != ':') {
      size_t s = L.cur().start;
      Ident name = parseIdent();
      TreeRef def = emptyOpt();
      if (L.nextIf('=')) def = some(parseExp().tree());
      params.push_back(Param::create(rangeFrom(s), name, Maybe<Expr>(none(name.range())), Maybe<Expr>(def), false).tree());
      if (!L.nextIf(',')) break;
    }
    TreeRef plist = list(pstart, std::move(params));
    L.expect(':');
    Expr body = parseExp();
    return Expr(node(TK_LAMBDA, rangeFrom(start), {plist, body.tree()}));
  }

  // `*x` or an expression at `prec`.
  Expr parseStarOr(int prec) {
    if (L.cur().kind == '*') {
      size_t start = L.cur().start;
      L.next();
      Expr e = parseExp(kPrecBitOr);
      return Expr(node(TK_STARRED, rangeFrom(start), {e.tree()}));
    }
    return parseExp(prec);
  }

  // exp, exp, ... (a bare tuple when there is a comma), e.g. after `return`.
  Expr parseExpOrTuple(int prec = kPrecTernary, bool allowStar = true) {
    size_t start = L.cur().start;
    Expr first = allowStar ? parseStarOr(prec) : parseExp(prec);
    if (L.cur().kind != ',') return first;
    TreeList items{first.tree()};
    while (L.nextIf(',')) {
      if (!startsExpression()) break;
      items.push_back((allowStar ? parseStarOr(prec) : parseExp(prec)).tree());
    }
    TreeRef l = list(start, std::move(items));
    return Expr(node(TK_TUPLE_LITERAL, rangeFrom(start), {l}));
  }

  bool startsExpression() const {
    switch (L.cur().kind) {
      case TK_IDENT: case TK_NUMBER: case TK_STRING: case TK_TRUE: case TK_FALSE: case TK_NONE:
      case TK_ELLIPSIS: case '(': case '[': case '{': case '-': case '+': case '~': case TK_NOT:
      case TK_LAMBDA: case '*': case TK_AWAIT: case TK_YIELD:
        return true;
      default:
        return false;
    }
  }

  TreeRef parsePostfix() {
    size_t start = L.cur().start;
    TreeRef e = parseAtom();
    while (true) {
      int k = L.cur().kind;
      if (k == '.') {
        L.next();
        Ident sel = parseIdent();
        e = node('.', rangeFrom(start), {e, sel.tree()});
      } else if (k == '(') {
        e = parseCall(start, e);
      } else if (k == '[') {
        e = parseSubscript(start, e);
      } else {
        return e;
      }
    }
  }

  TreeRef parseCall(size_t start, const TreeRef& callee) {
    DepthGuard g(*this);
    L.expect('(');
    size_t argsStart = L.cur().start;
    TreeList args, kwargs;
    while (L.cur().kind != ')') {
      if (L.cur().kind == TK_POW) failAt(L.cur(), "keyword argument unpacking ('**') is not supported in TorchScript");
      if (L.cur().kind == TK_IDENT && L.lookahead().kind == '=') {
        size_t s = L.cur().start;
        Ident name = parseIdent();
        L.next();
        Expr v = parseExp();
        kwargs.push_back(Attribute::create(rangeFrom(s), name, v).tree());
      } else {
        Token at = L.cur();
        Expr a = parseStarOr(kPrecTernary);
        if (!kwargs.empty()) failAt(at, "positional argument follows keyword argument");
        if (L.cur().kind == TK_FOR) failAt(L.cur(), "generator expressions are not supported in TorchScript");
        args.push_back(a.tree());
      }
      if (!L.nextIf(',')) break;
    }
    TreeRef argList = list(argsStart, std::move(args));
    TreeRef kwList = list(argsStart, std::move(kwargs));
    L.expect(')');
    return node(TK_APPLY, rangeFrom(start), {callee, argList, kwList});
  }

  TreeRef parseSubscript(size_t start, const TreeRef& value) {
    DepthGuard g(*this);
    L.expect('[');
    size_t subsStart = L.cur().start;
    TreeList subs;
    do {
      if (L.cur().kind == ']') break;
      subs.push_back(parseSliceOrExp());
    } while (L.nextIf(','));
    if (subs.empty()) L.unexpected("an index");
    TreeRef l = list(subsStart, std::move(subs));
    L.expect(']');
    return node(TK_SUBSCRIPT, rangeFrom(start), {value, l});
  }

  TreeRef parseSliceOrExp() {
    size_t start = L.cur().start;
    TreeRef first = emptyOpt();
    if (L.cur().kind != ':') {
      Expr e = parseStarOr(kPrecTernary);
      if (L.cur().kind != ':') return e.tree();
      first = some(e.tree());
    }
    L.expect(':');
    auto part = [&]() {
      int k = L.cur().kind;
      if (k == ':' || k == ',' || k == ']') return emptyOpt();
      return some(parseExp().tree());
    };
    TreeRef end = part();
    TreeRef step = emptyOpt();
    if (L.nextIf(':')) step = part();
    return node(TK_SLICE_EXPR, rangeFrom(start), {first, end, step});
  }

  TreeRef parseAtom() {
    DepthGuard g(*this);
    const Token t = L.cur();
    size_t start = t.start;
    switch (t.kind) {
      case TK_IDENT: {
        Ident id = parseIdent();
        return node(TK_VAR, id.range(), {id.tree()});
      }
      case TK_NUMBER: {
        L.next();
        TreeRef c = Tree::atom(TK_CONST, tokRange(t), std::string(t.text));
        Const cv(c);
        if (cv.isIntegral()) (void)cv.asIntegral();  // range-check now, with the literal highlighted
        return c;
      }
      case TK_STRING:
        return parseStrings();
      case TK_TRUE: case TK_FALSE: case TK_NONE: case TK_ELLIPSIS:
        L.next();
        return node(t.kind, tokRange(t), {});
      case '(': {
        L.next();
        if (L.nextIf(')')) return node(TK_TUPLE_LITERAL, rangeFrom(start), {list(start, {})});
        size_t inner = L.cur().start;
        if (L.cur().kind == TK_YIELD) rejectUnsupported(L.cur());
        Expr first = parseStarOr(kPrecTernary);
        if (L.cur().kind == TK_FOR) failAt(L.cur(), "generator expressions are not supported in TorchScript");
        if (L.cur().kind != ',') {
          L.expect(')');
          return first.tree();
        }
        TreeList items{first.tree()};
        while (L.nextIf(',')) {
          if (L.cur().kind == ')') break;
          items.push_back(parseStarOr(kPrecTernary).tree());
        }
        TreeRef l = list(inner, std::move(items));
        L.expect(')');
        return node(TK_TUPLE_LITERAL, rangeFrom(start), {l});
      }
      case '[': {
        L.next();
        size_t inner = L.cur().start;
        if (L.nextIf(']')) return node(TK_LIST_LITERAL, rangeFrom(start), {list(inner, {})});
        Expr first = parseStarOr(kPrecTernary);
        if (L.cur().kind == TK_FOR) {
          auto [target, iter, cond] = parseCompClause();
          L.expect(']');
          return node(TK_LIST_COMP, rangeFrom(start), {first.tree(), target, iter, cond});
        }
        TreeList items{first.tree()};
        while (L.nextIf(',')) {
          if (L.cur().kind == ']') break;
          items.push_back(parseStarOr(kPrecTernary).tree());
        }
        TreeRef l = list(inner, std::move(items));
        L.expect(']');
        return node(TK_LIST_LITERAL, rangeFrom(start), {l});
      }
      case '{': {
        L.next();
        size_t inner = L.cur().start;
        if (L.nextIf('}'))
          return node(TK_DICT_LITERAL, rangeFrom(start), {list(inner, {}), list(inner, {})});
        if (L.cur().kind == TK_POW) failAt(L.cur(), "dict unpacking ('**') is not supported in TorchScript");
        Expr key = parseExp();
        if (L.cur().kind != ':') {
          if (L.cur().kind == ',' || L.cur().kind == '}' || L.cur().kind == TK_FOR)
            throw ErrorReport(rangeFrom(start)) << "set literals and set comprehensions are not supported in TorchScript";
          L.unexpected("':'");
        }
        L.next();
        Expr value = parseExp();
        if (L.cur().kind == TK_FOR) {
          auto [target, iter, cond] = parseCompClause();
          L.expect('}');
          return node(TK_DICT_COMP, rangeFrom(start), {key.tree(), value.tree(), target, iter, cond});
        }
        TreeList keys{key.tree()}, values{value.tree()};
        while (L.nextIf(',')) {
          if (L.cur().kind == '}') break;
          keys.push_back(parseExp().tree());
          L.expect(':');
          values.push_back(parseExp().tree());
        }
        TreeRef kl = list(inner, std::move(keys));
        TreeRef vl = list(inner, std::move(values));
        L.expect('}');
        return node(TK_DICT_LITERAL, rangeFrom(start), {kl, vl});
      }
      default:
        rejectUnsupported(t);
        L.unexpected("an expression");
    }
  }

  // `for target in iter [if cond]`, exactly one clause.
  std::tuple<TreeRef, TreeRef, TreeRef> parseCompClause() {
    L.expect(TK_FOR);
    Expr target = parseTargetList();
    L.expect(TK_IN);
    Expr iter = parseExp(kPrecOr);
    // TorchScript (1.x and 2.x) rejects comprehension conditions; so do we,
    // so a program compiles here exactly when it compiles there.
    if (L.cur().kind == TK_IF) failAt(L.cur(), "Comprehension ifs are not supported yet");
    if (L.cur().kind == TK_FOR)
      failAt(L.cur(), "comprehensions with more than one 'for' clause are not supported in TorchScript");
    return {target.tree(), iter.tree(), emptyOpt()};
  }

  // A for/comprehension target: `x`, `a, b` (a tuple), `(a, b)`.
  Expr parseTargetList() {
    size_t start = L.cur().start;
    Expr first = parseStarOr(kPrecBitOr);
    if (L.cur().kind != ',') return first;
    TreeList items{first.tree()};
    while (L.nextIf(',')) {
      if (L.cur().kind == TK_IN) break;
      items.push_back(parseStarOr(kPrecBitOr).tree());
    }
    TreeRef l = list(start, std::move(items));
    return Expr(node(TK_TUPLE_LITERAL, rangeFrom(start), {l}));
  }

  // Adjacent string literals concatenate; an f-string becomes
  // "<format>".format(fields...), as PyTorch's Python frontend lowers it.
  TreeRef parseStrings() {
    size_t start = L.cur().start;
    std::vector<Token> toks;
    bool anyF = false;
    while (L.cur().kind == TK_STRING) {
      Token t = L.next();
      std::string_view prefix = t.text.substr(0, t.text.find_first_of("'\""));
      if (prefix.find_first_of("bB") != std::string_view::npos)
        failAt(t, "bytes literals are not supported in TorchScript");
      anyF = anyF || prefix.find_first_of("fF") != std::string_view::npos;
      toks.push_back(t);
    }
    std::string value;
    TreeList fields;
    for (const Token& t : toks) {
      size_t q = t.text.find_first_of("'\"");
      if (t.text.substr(0, q).find_first_of("fF") != std::string_view::npos) {
        appendFString(t, q, value, fields);
        continue;
      }
      std::string decoded = decodeStringLiteral(tokRange(t));
      if (!anyF) {
        value += decoded;
        continue;
      }
      // Plain text joined to an f-string becomes part of a format string.
      for (char c : decoded) {
        value += c;
        if (c == '{' || c == '}') value += c;
      }
    }
    SourceRange r = rangeFrom(start);
    if (!anyF) return Tree::atom(TK_STRINGLITERAL, r, std::move(value));
    TreeRef fmt = Tree::atom(TK_STRINGLITERAL, r, std::move(value));
    TreeRef sel = node('.', r, {fmt, Tree::atom(TK_IDENT, r, "format")});
    return node(TK_APPLY, r,
                          {sel, node(TK_LIST, r, std::move(fields)), node(TK_LIST, r, {})});
  }

  void appendFString(const Token& t, size_t q, std::string& fmt, TreeList& fields) {
    std::string_view text = t.text;
    char quote = text[q];
    bool triple = text.size() >= q + 6 && text[q + 1] == quote && text[q + 2] == quote;
    size_t qlen = triple ? 3 : 1;
    bool raw = text.substr(0, q).find_first_of("rR") != std::string_view::npos;
    size_t bodyStart = t.start + q + qlen;
    size_t bodyEnd = t.end - qlen;
    const std::string& src = L.source()->text();
    size_t i = bodyStart;
    size_t litStart = i;
    auto flushLiteral = [&](size_t upTo) {
      if (upTo <= litStart) return;
      std::string decoded = decodeStringBody(std::string_view(src).substr(litStart, upTo - litStart), raw,
                                             L.source(), litStart);
      fmt += decoded;
    };
    while (i < bodyEnd) {
      char c = src[i];
      if (c == '\\' && !raw) {
        i += 2;
        continue;
      }
      if (c == '{' || c == '}') {
        if (i + 1 < bodyEnd && src[i + 1] == c) {
          flushLiteral(i);
          fmt += c;
          fmt += c;  // stays escaped in the format string
          i += 2;
          litStart = i;
          continue;
        }
        if (c == '}') throw ErrorReport(L.range(i, i + 1)) << "f-string: single '}' is not allowed";
        flushLiteral(i);
        size_t exprStart = i + 1;
        int depth = 0;
        size_t j = exprStart;
        for (; j < bodyEnd; ++j) {
          char d = src[j];
          if (d == '(' || d == '[' || d == '{') ++depth;
          else if ((d == ')' || d == ']' || d == '}') && depth > 0) --depth;
          else if (depth == 0 && (d == '}' || d == '!' || d == ':')) break;
        }
        if (j >= bodyEnd) throw ErrorReport(L.range(i, bodyEnd)) << "f-string: expecting '}'";
        if (src[j] != '}')
          throw ErrorReport(L.range(j, j + 1))
              << "f-string conversions ('!r') and format specs (':...') are not supported in TorchScript";
        ParserImpl sub(L.source(), exprStart, j);
        if (sub.L.cur().kind == TK_NEWLINE) throw ErrorReport(L.range(i, j + 1)) << "f-string: empty expression not allowed";
        sub.depth_ = depth_;
        Expr e = sub.parseExpOrTuple();
        if (sub.L.cur().kind != TK_NEWLINE) sub.L.unexpected("'}'");
        fields.push_back(e.tree());
        fmt += "{}";
        i = j + 1;
        litStart = i;
        continue;
      }
      ++i;
    }
    flushLiteral(bodyEnd);
  }

  // ---- statements ---------------------------------------------------------
  // Appends one statement (or several, for `a; b` on one line) to `out`.
  void parseStatementInto(TreeList& out) {
    DepthGuard g(*this);
    int k = L.cur().kind;
    switch (k) {
      case '@': case TK_DEF: out.push_back(parseDecorated().tree()); return;
      case TK_CLASS: out.push_back(parseDecorated().tree()); return;
      case TK_IF: out.push_back(parseIf()); return;
      case TK_WHILE: out.push_back(parseWhile()); return;
      case TK_FOR: out.push_back(parseFor()); return;
      case TK_WITH: out.push_back(parseWith()); return;
      case TK_INDENT: failAt(L.cur(), "unexpected indent");
      case TK_TRY: case TK_ASYNC: case TK_EXCEPT: case TK_FINALLY: rejectUnsupported(L.cur());
      default: break;
    }
    // Simple statements, ';'-separated, then a newline.
    while (true) {
      out.push_back(parseSimpleStmt());
      if (!L.nextIf(';')) break;
      if (L.cur().kind == TK_NEWLINE) break;
    }
    if (L.cur().kind != TK_NEWLINE) L.unexpected("newline");
    L.next();
  }

  TreeRef parseSimpleStmt() {
    size_t start = L.cur().start;
    Token t = L.cur();
    switch (t.kind) {
      case TK_PASS: case TK_BREAK: case TK_CONTINUE:
        L.next();
        return node(t.kind, tokRange(t), {});
      case TK_RETURN: {
        L.next();
        TreeRef v = atSimpleStmtEnd() ? emptyOpt() : some(parseExpOrTuple().tree());
        return node(TK_RETURN, rangeFrom(start), {v});
      }
      case TK_RAISE: {
        L.next();
        TreeRef v = atSimpleStmtEnd() ? emptyOpt() : some(parseExp().tree());
        if (L.cur().kind == TK_FROM) failAt(L.cur(), "'raise ... from ...' is not supported in TorchScript");
        return node(TK_RAISE, rangeFrom(start), {v});
      }
      case TK_ASSERT: {
        L.next();
        Expr test = parseExp();
        TreeRef msg = emptyOpt();
        if (L.nextIf(',')) msg = some(parseExp().tree());
        return node(TK_ASSERT, rangeFrom(start), {test.tree(), msg});
      }
      case TK_DEL: {
        L.next();
        size_t ls = L.cur().start;
        TreeList targets;
        do {
          if (atSimpleStmtEnd()) break;
          targets.push_back(parseExp(kPrecBitOr).tree());
        } while (L.nextIf(','));
        if (targets.empty()) L.unexpected("an expression");
        TreeRef l = list(ls, std::move(targets));
        return node(TK_DEL, rangeFrom(start), {l});
      }
      case TK_GLOBAL: case TK_NONLOCAL: {
        L.next();
        size_t ls = L.cur().start;
        TreeList names;
        do names.push_back(parseIdent().tree());
        while (L.nextIf(','));
        TreeRef l = list(ls, std::move(names));
        return node(t.kind, rangeFrom(start), {l});
      }
      case TK_IMPORT: case TK_FROM:
        return parseImport();
      default:
        rejectUnsupported(t);
        return parseAssignOrExpr();
    }
  }

  bool atSimpleStmtEnd() const { return L.cur().kind == TK_NEWLINE || L.cur().kind == ';'; }

  Expr parseDottedName() {
    size_t start = L.cur().start;
    Ident first = parseIdent();
    TreeRef e = node(TK_VAR, first.range(), {first.tree()});
    while (L.nextIf('.')) {
      Ident sel = parseIdent();
      e = node('.', rangeFrom(start), {e, sel.tree()});
    }
    return Expr(e);
  }

  TreeRef parseImport() {
    size_t start = L.cur().start;
    TreeRef from = emptyOpt();
    if (L.nextIf(TK_FROM)) {
      if (L.cur().kind == '.' || L.cur().kind == TK_ELLIPSIS)
        failAt(L.cur(), "relative imports are not supported in TorchScript");
      from = some(parseDottedName().tree());
      L.expect(TK_IMPORT);
    } else {
      L.expect(TK_IMPORT);
    }
    bool paren = from->trees().size() == 1 && L.nextIf('(');
    size_t ls = L.cur().start;
    TreeList names;
    do {
      if (paren && L.cur().kind == ')') break;
      size_t s = L.cur().start;
      if (L.cur().kind == '*') failAt(L.cur(), "'import *' is not supported in TorchScript");
      Expr name = from->trees().size() == 1 ? Expr(node(TK_VAR, L.rangeOf(L.cur()), {parseIdent().tree()}))
                                            : parseDottedName();
      TreeRef as = emptyOpt();
      if (L.nextIf(TK_AS)) as = some(parseIdent().tree());
      names.push_back(node(TK_IMPORT_ALIAS, rangeFrom(s), {name.tree(), as}));
    } while (L.nextIf(','));
    TreeRef l = list(ls, std::move(names));
    if (paren) L.expect(')');
    return node(TK_IMPORT, rangeFrom(start), {from, l});
  }

  TreeRef parseAssignOrExpr() {
    size_t start = L.cur().start;
    Expr first = parseExpOrTuple();
    int k = L.cur().kind;
    if (k == ':') {
      // Annotated assignment: a single target.
      if (first.kind() == TK_TUPLE_LITERAL)
        throw ErrorReport(first.range()) << "only a single target (not a tuple) can be annotated";
      L.next();
      Expr type = parseExp();
      TreeRef rhs = emptyOpt();
      if (L.nextIf('=')) rhs = some(parseExpOrTuple().tree());
      SourceRange r = rangeFrom(start);
      return node(TK_ASSIGN, r, {node(TK_LIST, first.range(), {first.tree()}), rhs, some(type.tree())});
    }
    if (k == '=') {
      TreeList targets{first.tree()};
      Expr rhs = first;
      while (L.nextIf('=')) {
        if (L.cur().kind == TK_YIELD) rejectUnsupported(L.cur());
        rhs = parseExpOrTuple();
        targets.push_back(rhs.tree());
      }
      targets.pop_back();
      SourceRange lhsRange = L.range(start, targets.back()->range().end());
      TreeRef lhsList = node(TK_LIST, lhsRange, std::move(targets));
      TreeRef type = emptyOpt();
      if (const auto* tc = L.typeCommentIn(L.prevEnd(), L.cur().end + 1)) type = some(parseTypeExprAt(tc->first, tc->second).tree());
      return node(TK_ASSIGN, rangeFrom(start), {lhsList, some(rhs.tree()), type});
    }
    int op = augOpFor(k);
    if (op >= 0) {
      Token opTok = L.next();
      if (first.kind() == TK_TUPLE_LITERAL)
        throw ErrorReport(first.range()) << "augmented assignment needs a single target, not a tuple";
      Expr rhs = parseExpOrTuple();
      return AugAssign::create(rangeFrom(start), first, op, tokRange(opTok), rhs).tree();
    }
    return node(TK_EXPR_STMT, rangeFrom(start), {first.tree()});
  }

  // A type written in a comment, parsed in place so its ranges point into
  // the comment.
  Expr parseTypeExprAt(size_t begin, size_t end) {
    ParserImpl sub(L.source(), begin, end);
    Expr e = sub.parseExp();
    if (sub.L.cur().kind != TK_NEWLINE) sub.L.unexpected("end of type comment");
    return e;
  }

  // ':' then an indented block or simple statements on the same line.
  TreeRef parseSuite() {
    L.expect(':');
    size_t start = L.cur().start;
    TreeList body;
    if (L.cur().kind != TK_NEWLINE) {
      // `if x: return y` on one line.
      while (true) {
        body.push_back(parseSimpleStmt());
        if (!L.nextIf(';') || L.cur().kind == TK_NEWLINE) break;
      }
      if (L.cur().kind != TK_NEWLINE) L.unexpected("newline");
      L.next();
      return node(TK_LIST, rangeFrom(start), std::move(body));
    }
    L.next();
    if (L.cur().kind != TK_INDENT) L.unexpected("an indented block");
    L.next();
    start = L.cur().start;
    while (L.cur().kind != TK_DEDENT && L.cur().kind != TK_EOF) parseStatementInto(body);
    L.expect(TK_DEDENT);
    return node(TK_LIST, rangeFrom(start), std::move(body));
  }

  TreeRef parseIf() {
    size_t start = L.cur().start;
    L.next();  // 'if' or 'elif'
    Expr cond = parseExp();
    TreeRef thenBody = parseSuite();
    TreeRef elseBody;
    if (L.cur().kind == TK_ELIF) {
      size_t es = L.cur().start;
      TreeRef nested = parseIf();
      elseBody = node(TK_LIST, L.range(es, nested->range().end()), {nested});
    } else if (L.nextIf(TK_ELSE)) {
      elseBody = parseSuite();
    } else {
      elseBody = node(TK_LIST, L.range(L.prevEnd(), L.prevEnd()), {});
    }
    return node(TK_IF, rangeFrom(start), {cond.tree(), thenBody, elseBody});
  }

  TreeRef parseWhile() {
    size_t start = L.cur().start;
    L.next();
    Expr cond = parseExp();
    TreeRef body = parseSuite();
    if (L.cur().kind == TK_ELSE) failAt(L.cur(), "'else' branches of while loops are not supported in TorchScript");
    return node(TK_WHILE, rangeFrom(start), {cond.tree(), body});
  }

  TreeRef parseFor() {
    size_t start = L.cur().start;
    L.next();
    size_t ts = L.cur().start;
    TreeList targets;
    do {
      if (L.cur().kind == TK_IN) break;
      targets.push_back(parseStarOr(kPrecBitOr).tree());
    } while (L.nextIf(','));
    if (targets.empty()) L.unexpected("a loop variable");
    TreeRef tl = list(ts, std::move(targets));
    L.expect(TK_IN);
    size_t is = L.cur().start;
    TreeList itrs;
    do {
      if (L.cur().kind == ':') break;
      itrs.push_back(parseExp().tree());
    } while (L.nextIf(','));
    if (itrs.empty()) L.unexpected("an expression");
    TreeRef il = list(is, std::move(itrs));
    TreeRef body = parseSuite();
    if (L.cur().kind == TK_ELSE) failAt(L.cur(), "'else' branches of for loops are not supported in TorchScript");
    return node(TK_FOR, rangeFrom(start), {tl, il, body});
  }

  TreeRef parseWith() {
    size_t start = L.cur().start;
    L.next();
    size_t is = L.cur().start;
    TreeList items;
    do {
      size_t s = L.cur().start;
      Expr target = parseExp();
      TreeRef var = emptyOpt();
      if (L.nextIf(TK_AS)) var = some(parseStarOr(kPrecBitOr).tree());
      items.push_back(node(TK_WITH_ITEM, rangeFrom(s), {target.tree(), var}));
    } while (L.nextIf(','));
    TreeRef il = list(is, std::move(items));
    TreeRef body = parseSuite();
    return node(TK_WITH, rangeFrom(start), {il, body});
  }

  // Decorators, then a def or a class.
  Stmt parseDecorated() {
    size_t start = L.cur().start;
    TreeList decorators;
    while (L.cur().kind == '@') {
      L.next();
      decorators.push_back(parseExp().tree());
      L.expect(TK_NEWLINE);
    }
    TreeRef decos = list(start, std::move(decorators));
    if (L.cur().kind == TK_DEF) return parseDef(start, decos);
    if (L.cur().kind == TK_CLASS) return parseClass(start, decos);
    rejectUnsupported(L.cur());
    L.unexpected("'def' or 'class' after decorators");
  }

  Stmt parseClass(size_t start, const TreeRef& decos) {
    L.expect(TK_CLASS);
    Ident name = parseIdent();
    TreeRef super = emptyOpt();
    if (L.nextIf('(')) {
      if (L.cur().kind != ')') {
        super = some(parseExp().tree());
        if (L.cur().kind == '=') failAt(L.cur(), "keyword arguments in a class's bases are not supported in TorchScript");
        if (L.nextIf(',') && L.cur().kind != ')')
          failAt(L.cur(), "multiple inheritance is not supported in TorchScript");
      }
      L.expect(')');
    }
    TreeRef body = parseSuite();
    return Stmt(node(TK_CLASS_DEF, rangeFrom(start), {name.tree(), super, body, decos}));
  }

  Stmt parseDef(size_t start, const TreeRef& decos) {
    L.expect(TK_DEF);
    Ident name = parseIdent();
    size_t declStart = L.cur().start;
    L.expect('(');
    size_t ps = L.cur().start;
    TreeList params;
    bool kwOnly = false;
    while (L.cur().kind != ')') {
      size_t s = L.cur().start;
      if (L.cur().kind == '*') {
        Token star = L.next();
        if (L.cur().kind == TK_IDENT) failAt(L.cur(), "variable-length arguments (*args) are not supported in TorchScript");
        if (kwOnly) failAt(star, "'*' may appear only once in a parameter list");
        kwOnly = true;
        if (!L.nextIf(',')) break;
        continue;
      }
      if (L.cur().kind == TK_POW) failAt(L.cur(), "variable-length keyword arguments (**kwargs) are not supported in TorchScript");
      if (L.cur().kind == '/') failAt(L.cur(), "positional-only parameters ('/') are not supported in TorchScript");
      Ident pname = parseIdent();
      TreeRef type = emptyOpt();
      if (L.nextIf(':')) type = some(parseExp().tree());
      TreeRef def = emptyOpt();
      if (L.nextIf('=')) def = some(parseExp().tree());
      params.push_back(Param::create(rangeFrom(s), pname, Maybe<Expr>(type), Maybe<Expr>(def), kwOnly).tree());
      if (!L.nextIf(',')) break;
    }
    TreeRef plist = list(ps, std::move(params));
    L.expect(')');
    TreeRef ret = emptyOpt();
    if (L.nextIf(TK_ARROW)) ret = some(parseExp().tree());
    Decl decl(node(TK_DECL, rangeFrom(declStart), {plist, ret}));
    // A signature type comment sits after the ':' and before the first statement.
    size_t colonEnd = L.cur().end;
    size_t firstStmt = L.cur().kind == ':' ? nextNonLayoutStart() : colonEnd;
    const auto* tc = L.typeCommentIn(colonEnd, firstStmt);
    TreeRef body = parseSuite();
    if (tc) decl = mergeTypeComment(decl, parseTypeComment(L.range(tc->first, tc->second)));
    return Stmt(node(TK_DEF, rangeFrom(start), {name.tree(), decl.tree(), body, decos}));
  }

  size_t nextNonLayoutStart() const {
    for (size_t n = 1;; ++n) {
      const Token& t = L.lookahead(n);
      if (t.kind == TK_EOF || (t.kind != TK_NEWLINE && t.kind != TK_INDENT && t.kind != TK_DEDENT)) return t.start;
    }
  }

  // Applies `# type: (A, B) -> R` to a Decl. For methods the comment leaves
  // out `self`, so a comment one type short skips the first parameter.
  Decl mergeTypeComment(const Decl& decl, const TypeComment& tc) {
    std::vector<Param> params = decl.params().vec();
    size_t n = tc.paramTypes().size();
    if (decl.returnType().present()) throw ErrorReport(tc.range()) << "a function with a return annotation cannot also have a type comment";
    for (const Param& p : params)
      if (p.type().present())
        throw ErrorReport(tc.range()) << "a function with parameter annotations cannot also have a type comment";
    size_t skip = 0;
    if (n + 1 == params.size() && !params.empty() && params[0].ident().name() == "self") skip = 1;
    if (n + skip != params.size())
      throw ErrorReport(tc.range()) << "the type comment has " << n << " parameter types but the function has "
                                    << params.size() << " parameters";
    std::vector<Param> out;
    for (size_t i = 0; i < params.size(); ++i) {
      if (i < skip) out.push_back(params[i]);
      else out.push_back(params[i].withType(Maybe<Expr>::create(tc.range(), tc.paramTypes()[i - skip])));
    }
    return Decl::create(decl.range(), List<Param>::create(decl.params().range(), out),
                        Maybe<Expr>::create(tc.returnType().range(), tc.returnType()));
  }

  // The text of a signature type comment, lexed where it stands.
  TypeComment parseTypeCommentBody(const SourceRange& r) {
    size_t start = L.cur().start;
    L.expect('(');
    size_t ls = L.cur().start;
    TreeList types;
    while (L.cur().kind != ')') {
      types.push_back(parseExp().tree());
      if (!L.nextIf(',')) break;
    }
    TreeRef tl = list(ls, std::move(types));
    L.expect(')');
    L.expect(TK_ARROW);
    Expr ret = parseExp();
    if (L.cur().kind != TK_NEWLINE) L.unexpected("end of type comment");
    (void)r;
    return TypeComment(node(TK_TYPE_COMMENT, rangeFrom(start), {tl, ret.tree()}));
  }

  List<Stmt> parseFileBody() {
    TreeList stmts;
    while (L.cur().kind != TK_EOF) {
      if (L.cur().kind == TK_NEWLINE) {  // possible only for an all-comment file
        L.next();
        continue;
      }
      if (L.cur().kind == TK_DEDENT) failAt(L.cur(), "unexpected dedent");
      parseStatementInto(stmts);
    }
    return List<Stmt>(node(TK_LIST, L.range(0, L.source()->text().size()), std::move(stmts)));
  }
};

TypeComment parseTypeComment(const SourceRange& range) {
  JS_INTERNAL_ASSERT(range.hasText(), "parseTypeComment needs a range with source text");
  ParserImpl p(range.source(), range.start(), range.end());
  return p.parseTypeCommentBody(range);
}

List<Stmt> parseFile(std::shared_ptr<const Source> source) {
  ParserImpl p(std::move(source));
  return p.parseFileBody();
}

List<Stmt> parseFile(std::string_view text, std::string filename) {
  return parseFile(std::make_shared<const Source>(std::string(text), std::move(filename)));
}

Parser::Parser(std::shared_ptr<const Source> source) : impl_(std::make_unique<ParserImpl>(std::move(source))) {}
Parser::~Parser() = default;

bool Parser::atEnd() const { return impl_->L.cur().kind == TK_EOF; }

Stmt Parser::parseStatement() {
  while (impl_->L.cur().kind == TK_NEWLINE) impl_->L.next();
  TreeList out;
  impl_->parseStatementInto(out);
  if (out.size() != 1)
    throw ErrorReport(out.front()->range()) << "expected one statement on this line, found " << out.size();
  return Stmt(out.front());
}

Def Parser::parseFunction(bool isMethod) {
  (void)isMethod;  // self is an ordinary first parameter; the emitter types it
  Token t = impl_->L.cur();
  if (t.kind != '@' && t.kind != TK_DEF) impl_->L.unexpected("'def'");
  Stmt s = impl_->parseDecorated();
  if (s.kind() != TK_DEF) throw ErrorReport(s.range()) << "expected a function definition";
  return Def(s.tree());
}

Expr Parser::parseExpression() {
  Expr e = impl_->parseExpOrTuple();
  return e;
}

Lexer& Parser::lexer() { return impl_->L; }

}  // namespace jitserve::frontend
