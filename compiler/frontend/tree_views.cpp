// Kind checks of the Expr/Stmt views and numeric literal conversion.
#include "compiler/frontend/tree_views.h"

#include <cerrno>
#include <cstdlib>
#include <string>

#include "compiler/frontend/error_report.h"

namespace jitserve::frontend {

bool BinOp::isComparisonKind(int k) {
  switch (k) {
    case TK_EQ: case TK_NE: case '<': case TK_LE: case '>': case TK_GE:
    case TK_IS: case TK_IS_NOT: case TK_IN: case TK_NOT_IN:
      return true;
    default:
      return false;
  }
}

bool BinOp::isBinOpKind(int k) {
  switch (k) {
    case TK_AND: case TK_OR: case '+': case '-': case '*': case '/': case TK_FLOOR_DIV: case '%':
    case TK_POW: case '@': case TK_LSHIFT: case TK_RSHIFT: case '&': case '|': case '^':
      return true;
    default:
      return isComparisonKind(k);
  }
}

BinOp::BinOp(TreeRef tree) : Expr(std::move(tree)) {
  JS_INTERNAL_ASSERT(isBinOpKind(kind()) && tree_->trees().size() == 2, "not a binary operator tree: ",
                     kindToString(kind()));
}

bool UnaryOp::isUnaryOpKind(int k) { return k == TK_NOT || k == TK_UNARY_MINUS || k == TK_UNARY_PLUS || k == '~'; }

UnaryOp::UnaryOp(TreeRef tree) : Expr(std::move(tree)) {
  JS_INTERNAL_ASSERT(isUnaryOpKind(kind()) && tree_->trees().size() == 1, "not a unary operator tree: ",
                     kindToString(kind()));
}

bool Expr::isExprKind(int k) {
  switch (k) {
    case TK_VAR: case TK_CONST: case TK_STRINGLITERAL: case TK_APPLY: case '.': case TK_SUBSCRIPT:
    case TK_SLICE_EXPR: case TK_ELLIPSIS: case TK_NONE: case TK_TRUE: case TK_FALSE: case TK_LIST_LITERAL:
    case TK_TUPLE_LITERAL: case TK_DICT_LITERAL: case TK_LIST_COMP: case TK_DICT_COMP: case TK_IF_EXPR:
    case TK_CMP_CHAIN: case TK_STARRED: case TK_LAMBDA:
      return true;
    default:
      return BinOp::isBinOpKind(k) || UnaryOp::isUnaryOpKind(k);
  }
}

Expr::Expr(TreeRef tree) : TreeView(std::move(tree)) {
  JS_INTERNAL_ASSERT(isExprKind(kind()), "not an expression tree: ", kindToString(kind()));
}

bool Stmt::isStmtKind(int k) {
  switch (k) {
    case TK_DEF: case TK_CLASS_DEF: case TK_IF: case TK_WHILE: case TK_FOR: case TK_ASSIGN: case TK_AUG_ASSIGN:
    case TK_RETURN: case TK_RAISE: case TK_ASSERT: case TK_PASS: case TK_BREAK: case TK_CONTINUE: case TK_DEL:
    case TK_WITH: case TK_EXPR_STMT: case TK_GLOBAL: case TK_NONLOCAL: case TK_IMPORT:
      return true;
    default:
      return false;
  }
}

Stmt::Stmt(TreeRef tree) : TreeView(std::move(tree)) {
  JS_INTERNAL_ASSERT(isStmtKind(kind()), "not a statement tree: ", kindToString(kind()));
}

Global::Global(TreeRef tree) : Stmt(std::move(tree)) {
  JS_INTERNAL_ASSERT((kind() == TK_GLOBAL || kind() == TK_NONLOCAL) && tree_->trees().size() == 1,
                     "not a global/nonlocal tree");
}

namespace {
std::string withoutUnderscores(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (c != '_') out += c;
  return out;
}
}  // namespace

bool Const::isComplex() const {
  const std::string& t = text();
  return !t.empty() && (t.back() == 'j' || t.back() == 'J');
}

bool Const::isFloatingPoint() const {
  const std::string& t = text();
  if (t.size() > 1 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) return false;
  return !isComplex() && t.find_first_of(".eE") != std::string::npos;
}

int64_t Const::asIntegral() const {
  std::string t = withoutUnderscores(text());
  int base = 10;
  size_t skip = 0;
  if (t.size() > 1 && t[0] == '0') {
    char k = static_cast<char>(std::tolower(static_cast<unsigned char>(t[1])));
    if (k == 'x') base = 16, skip = 2;
    else if (k == 'o') base = 8, skip = 2;
    else if (k == 'b') base = 2, skip = 2;
  }
  if (base == 10 && t.size() > 1 && t[0] == '0' && t.find_first_not_of('0') != std::string::npos)
    throw ErrorReport(range()) << "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";
  errno = 0;
  char* endp = nullptr;
  unsigned long long v = std::strtoull(t.c_str() + skip, &endp, base);
  if (errno == ERANGE || v > static_cast<unsigned long long>(INT64_MAX))
    throw ErrorReport(range()) << "integer literal " << text() << " does not fit in a 64-bit signed integer";
  return static_cast<int64_t>(v);
}

double Const::asFloatingPoint() const {
  if (!isFloatingPoint()) return static_cast<double>(asIntegral());
  std::string t = withoutUnderscores(text());
  return std::strtod(t.c_str(), nullptr);  // overflow gives inf, as in Python's float('1e999')
}

double Const::asImaginary() const {
  std::string t = withoutUnderscores(text());
  t.pop_back();  // the j
  return std::strtod(t.c_str(), nullptr);  // "01j" is 1j in Python: no leading-zero rule here
}

}  // namespace jitserve::frontend
