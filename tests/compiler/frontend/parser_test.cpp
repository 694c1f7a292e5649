// Parser: golden S-expressions for each construct, precedence, type comments.
#include "compiler/frontend/parser.h"

#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

namespace jitserve::frontend {
namespace {

// The S-expression of the single expression in `text`, unwrapped.
std::string expr(const std::string& text) {
  auto stmts = parseFile(text);
  EXPECT_EQ(stmts.size(), 1u);
  Stmt s = stmts[0];
  EXPECT_EQ(s.kind(), TK_EXPR_STMT);
  return toSExpr(ExprStmt(s.tree()).expr().tree(), 1000);
}

std::string stmt(const std::string& text) {
  auto stmts = parseFile(text);
  EXPECT_EQ(stmts.size(), 1u);
  return toSExpr(stmts[0].tree(), 1000);
}

TEST(Parser, Precedence) {
  EXPECT_EQ(expr("-2**2"), "(unary minus (** (const 2) (const 2)))");
  EXPECT_EQ(expr("2**-1"), "(** (const 2) (unary minus (const 1)))");
  EXPECT_EQ(expr("2**3**2"), "(** (const 2) (** (const 3) (const 2)))");
  EXPECT_EQ(expr("a - b - c"), "(- (- (variable (ident a)) (variable (ident b))) (variable (ident c)))");
  EXPECT_EQ(expr("a + b * c @ d"),
            "(+ (variable (ident a)) (@ (* (variable (ident b)) (variable (ident c))) (variable (ident d))))");
  EXPECT_EQ(expr("a | b ^ c & d << 1"),
            "(| (variable (ident a)) (^ (variable (ident b)) (& (variable (ident c)) (<< (variable (ident d)) (const 1)))))");
  EXPECT_EQ(expr("not a == b and c or d"),
            "(or (and (not (== (variable (ident a)) (variable (ident b)))) (variable (ident c))) (variable (ident d)))");
  EXPECT_EQ(expr("a if b else c if d else e"),
            "(if_expr (variable (ident b)) (variable (ident a)) "
            "(if_expr (variable (ident d)) (variable (ident c)) (variable (ident e))))");
  EXPECT_EQ(expr("x // 2 % 3"), "(% (// (variable (ident x)) (const 2)) (const 3))");
  EXPECT_EQ(expr("~-x"), "(~ (unary minus (variable (ident x))))");
}

TEST(Parser, Comparisons) {
  EXPECT_EQ(expr("a is not None"), "(is not (variable (ident a)) (None))");
  EXPECT_EQ(expr("a not in b"), "(not in (variable (ident a)) (variable (ident b)))");
  EXPECT_EQ(expr("a < b <= c"),
            "(cmp_chain (list (variable (ident a)) (variable (ident b)) (variable (ident c))) (list (<) (<=)))");
  EXPECT_EQ(expr("a | b < c"), "(< (| (variable (ident a)) (variable (ident b))) (variable (ident c)))");
}

TEST(Parser, Postfix) {
  EXPECT_EQ(expr("torch.add(x, *ys, alpha=2)"),
            "(apply (. (variable (ident torch)) (ident add)) (list (variable (ident x)) (starred (variable (ident ys)))) "
            "(list (attribute (ident alpha) (const 2))))");
  EXPECT_EQ(expr("x[1:, ::2, ..., None]"),
            "(subscript (variable (ident x)) (list (slice (option (const 1)) (option) (option)) "
            "(slice (option) (option) (option (const 2))) (...) (None)))");
  EXPECT_EQ(expr("x[a][b].c()"),
            "(apply (. (subscript (subscript (variable (ident x)) (list (variable (ident a)))) (list (variable (ident b)))) "
            "(ident c)) (list) (list))");
}

TEST(Parser, Literals) {
  EXPECT_EQ(expr("(1,)"), "(tuple_literal (list (const 1)))");
  EXPECT_EQ(expr("()"), "(tuple_literal (list))");
  EXPECT_EQ(expr("(1)"), "(const 1)");
  EXPECT_EQ(expr("[1, 2,]"), "(list_literal (list (const 1) (const 2)))");
  EXPECT_EQ(expr("{'a': 1, 'b': 2}"),
            "(dict_literal (list (string_literal \"a\") (string_literal \"b\")) (list (const 1) (const 2)))");
  EXPECT_EQ(expr("'a' \"b\" '''c'''"), "(string_literal \"abc\")");
  EXPECT_EQ(expr("f'{x}: {y + 1}!'"),
            "(apply (. (string_literal \"{}: {}!\") (ident format)) (list (variable (ident x)) "
            "(+ (variable (ident y)) (const 1))) (list))");
  EXPECT_EQ(expr("'{' f'{{{x}'"),
            "(apply (. (string_literal \"{{{{{}\") (ident format)) (list (variable (ident x))) (list))");
  EXPECT_EQ(expr("[x * 2 for x in xs]"),
            "(list_comp (* (variable (ident x)) (const 2)) (variable (ident x)) (variable (ident xs)) (option))");
  EXPECT_EQ(expr("{k: v for k, v in d.items()}"),
            "(dict_comp (variable (ident k)) (variable (ident v)) (tuple_literal (list (variable (ident k)) "
            "(variable (ident v)))) (apply (. (variable (ident d)) (ident items)) (list) (list)) (option))");
  EXPECT_EQ(expr("lambda x, y=1: x"),
            "(lambda (list (param (ident x) (option) (option) (False)) (param (ident y) (option) (option (const 1)) "
            "(False))) (variable (ident x)))");
}

TEST(Parser, Statements) {
  EXPECT_EQ(stmt("a = b = 1"), "(assign (list (variable (ident a)) (variable (ident b))) (option (const 1)) (option))");
  EXPECT_EQ(stmt("a, *b = x"),
            "(assign (list (tuple_literal (list (variable (ident a)) (starred (variable (ident b)))))) "
            "(option (variable (ident x))) (option))");
  EXPECT_EQ(stmt("x: int = 1"), "(assign (list (variable (ident x))) (option (const 1)) (option (variable (ident int))))");
  EXPECT_EQ(stmt("x: int"), "(assign (list (variable (ident x))) (option) (option (variable (ident int))))");
  EXPECT_EQ(stmt("x = []  # type: List[int]"),
            "(assign (list (variable (ident x))) (option (list_literal (list))) "
            "(option (subscript (variable (ident List)) (list (variable (ident int))))))");
  EXPECT_EQ(stmt("x //= 2"), "(aug_assign (variable (ident x)) (//) (const 2))");
  EXPECT_EQ(stmt("return"), "(return (option))");
  EXPECT_EQ(stmt("return a, b"), "(return (option (tuple_literal (list (variable (ident a)) (variable (ident b))))))");
  EXPECT_EQ(stmt("assert x, 'm'"), "(assert (variable (ident x)) (option (string_literal \"m\")))");
  EXPECT_EQ(stmt("raise ValueError('x')"),
            "(raise (option (apply (variable (ident ValueError)) (list (string_literal \"x\")) (list))))");
  EXPECT_EQ(stmt("del d[k], e"),
            "(del (list (subscript (variable (ident d)) (list (variable (ident k)))) (variable (ident e))))");
  EXPECT_EQ(stmt("global g"), "(global (list (ident g)))");
  EXPECT_EQ(stmt("from typing import List as L, Dict"),
            "(import (option (variable (ident typing))) (list (import_alias (variable (ident List)) (option (ident L))) "
            "(import_alias (variable (ident Dict)) (option))))");
  EXPECT_EQ(stmt("if a:\n  pass\nelif b:\n  break\nelse:\n  continue\n"),
            "(if (variable (ident a)) (list (pass)) (list (if (variable (ident b)) (list (break)) (list (continue)))))");
  EXPECT_EQ(stmt("for i, x in enumerate(xs): y += x"),
            "(for (list (variable (ident i)) (variable (ident x))) (list (apply (variable (ident enumerate)) "
            "(list (variable (ident xs))) (list))) (list (aug_assign (variable (ident y)) (+) (variable (ident x)))))");
  EXPECT_EQ(stmt("with torch.no_grad() as g, x:\n  pass"),
            "(with (list (with_item (apply (. (variable (ident torch)) (ident no_grad)) (list) (list)) "
            "(option (variable (ident g)))) (with_item (variable (ident x)) (option))) (list (pass)))");
  EXPECT_EQ(stmt("while x: x -= 1; y = 2"),
            "(while (variable (ident x)) (list (aug_assign (variable (ident x)) (-) (const 1)) "
            "(assign (list (variable (ident y))) (option (const 2)) (option))))");
}

TEST(Parser, DefAndClass) {
  EXPECT_EQ(stmt("@torch.jit.export\ndef f(self, x: Tensor, *, k: int = 2) -> Tensor:\n    return x\n"),
            "(def (ident f) (decl (list (param (ident self) (option) (option) (False)) "
            "(param (ident x) (option (variable (ident Tensor))) (option) (False)) "
            "(param (ident k) (option (variable (ident int))) (option (const 2)) (True))) "
            "(option (variable (ident Tensor)))) (list (return (option (variable (ident x))))) "
            "(list (. (. (variable (ident torch)) (ident jit)) (ident export))))");
  EXPECT_EQ(stmt("class P(NamedTuple):\n    x: int\n    y: float = 1.\n"),
            "(class_def (ident P) (option (variable (ident NamedTuple))) (list "
            "(assign (list (variable (ident x))) (option) (option (variable (ident int)))) "
            "(assign (list (variable (ident y))) (option (const 1.)) (option (variable (ident float))))) (list))");
}

TEST(Parser, TypeComments) {
  Def d(parseFile("def f(self, x, y):\n    # type: (int, Tensor) -> Tensor\n    return y\n")[0].tree());
  EXPECT_EQ(toSExpr(d.decl().tree(), 1000),
            "(decl (list (param (ident self) (option) (option) (False)) "
            "(param (ident x) (option (variable (ident int))) (option) (False)) "
            "(param (ident y) (option (variable (ident Tensor))) (option) (False))) "
            "(option (variable (ident Tensor))))");
  auto src = std::make_shared<const Source>("(int, List[int]) -> Tuple[int, int]");
  TypeComment tc = parseTypeComment(SourceRange(src, 0, src->text().size()));
  EXPECT_EQ(tc.paramTypes().size(), 2u);
  EXPECT_EQ(toSExpr(tc.returnType().tree(), 1000),
            "(subscript (variable (ident Tuple)) (list (variable (ident int)) (variable (ident int))))");
}

TEST(Parser, RangesPointAtSource) {
  auto stmts = parseFile("def f(x):\n    return x + y\n");
  Def d(stmts[0].tree());
  Return r(d.statements()[0].tree());
  EXPECT_EQ(r.range().text(), "return x + y");
  BinOp add(r.expr().get().tree());
  EXPECT_EQ(add.rhs().range().text(), "y");
  EXPECT_EQ(add.range().text(), "x + y");
}

TEST(Parser, ConstConversions) {
  auto c = [](const std::string& t) { return Const(Tree::atom(TK_CONST, SourceRange(), t)); };
  EXPECT_EQ(c("0x1F").asIntegral(), 31);
  EXPECT_EQ(c("0b1_0").asIntegral(), 2);
  EXPECT_EQ(c("1_000").asIntegral(), 1000);
  EXPECT_TRUE(c("1.").isFloatingPoint());
  EXPECT_DOUBLE_EQ(c("1e-5").asFloatingPoint(), 1e-5);
  EXPECT_DOUBLE_EQ(c(".5").asFloatingPoint(), 0.5);
  EXPECT_EQ(c("9223372036854775807").asIntegral(), INT64_MAX);
  EXPECT_THROW(c("9223372036854775808").asIntegral(), ErrorReport);
}

TEST(Parser, PrettyPrinterWraps) {
  auto stmts = parseFile("def f(x):\n    return x\n");
  EXPECT_EQ(toSExpr(stmts[0].tree(), 40),
            "(def\n"
            "  (ident f)\n"
            "  (decl\n"
            "    (list\n"
            "      (param\n"
            "        (ident x)\n"
            "        (option)\n"
            "        (option)\n"
            "        (False)))\n"
            "    (option))\n"
            "  (list\n"
            "    (return\n"
            "      (option (variable (ident x)))))\n"
            "  (list))");
}

}  // namespace
}  // namespace jitserve::frontend

namespace jitserve::frontend {
namespace {

TEST(Parser, EdgeCases) {
  EXPECT_EQ(parseFile("").size(), 0u);
  EXPECT_EQ(parseFile("# only a comment\n\n").size(), 0u);
  EXPECT_EQ(parseFile("def f(x):\r\n    return x\r\n").size(), 1u);  // CRLF
  EXPECT_EQ(stmt("class A:\n    def f(self): ...\n"),
            "(class_def (ident A) (option) (list (def (ident f) (decl (list (param (ident self) (option) (option) "
            "(False))) (option)) (list (expr_stmt (...))) (list))) (list))");
  EXPECT_EQ(stmt("if x: pass\nelse: return"), "(if (variable (ident x)) (list (pass)) (list (return (option))))");
  EXPECT_EQ(stmt("y = x[()]"),
            "(assign (list (variable (ident y))) (option (subscript (variable (ident x)) (list (tuple_literal (list))))) "
            "(option))");
  EXPECT_EQ(stmt("y = 1 + \\\n  2"), "(assign (list (variable (ident y))) (option (+ (const 1) (const 2))) (option))");
  EXPECT_EQ(stmt("@torch.jit.script\nclass C(object):\n  pass"),
            "(class_def (ident C) (option (variable (ident object))) (list (pass)) "
            "(list (. (. (variable (ident torch)) (ident jit)) (ident script))))");
  EXPECT_THROW(parseFile("x = a == not b"), ErrorReport);
  EXPECT_THROW(parseFile("x = (yield)"), ErrorReport);
  EXPECT_THROW(parseFile("def f(x):\n"), ErrorReport);
  EXPECT_THROW(parseFile("x = " + std::string(1000, '(') + "1" + std::string(1000, ')')), ErrorReport);  // too deep
  EXPECT_THROW(parseFile("x = " + std::string(1000, '-') + "1"), ErrorReport);
}

// Fuzz finding: loops build left-associative chains without recursing, so
// the recursion limit missed them; 100k terms overflowed the stack of every
// later recursive walk (the emitter, toSExpr, the trees' destructor), and
// ~600 did so in the emitter under ASan. The parser bounds tree height.
std::string repeat(const std::string& s, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

TEST(Parser, LongLeftAssociativeChainsAreBounded) {
  for (const auto& [head, link, tail] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"x = ", "a + ", "a"}, {"x = a", ".b", ""}, {"x = a", "[0]", ""}, {"x = a", "(1)", ""},
           {"x = a", ".b(1)[0]", ""}}) {
    SCOPED_TRACE(link);
    try {
      parseFile(head + repeat(link, 100000) + tail);
      ADD_FAILURE() << "a 100000-term chain parsed";
    } catch (const ErrorReport& e) {
      EXPECT_NE(std::string(e.what()).find("nested too deeply"), std::string::npos) << e.what();
    }
    List<Stmt> ok = parseFile(head + repeat(link, 120) + tail);  // 360 levels at most
    EXPECT_LE(ok[0].tree()->height(), 400u);
  }
}

TEST(Parser, SExprOfADeepTreeIsQuick) {
  // toSExpr rebuilt each subtree's flat text at every level (cubic): a
  // 2000-term chain took 35 s. It now measures only up to the line width.
  List<Stmt> s = parseFile("x = " + repeat("a + ", 390) + "a");
  std::string text = toSExpr(s[0].tree());
  EXPECT_EQ(text.rfind("(assign", 0), 0u);
  EXPECT_EQ(toSExpr(s[0].tree(), 1000000).find('\n'), std::string::npos);
}

}  // namespace
}  // namespace jitserve::frontend
