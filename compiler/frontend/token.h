// Token and tree kinds of the TorchScript frontend.
//
// One integer space names both the lexer's tokens and the parser's tree
// nodes, so a binary operator tree has the kind of its operator token ('+',
// TK_POW, ...) and the parser can build trees straight from token kinds.
// Invariants:
//   * a single-character token (operator or bracket) has the character itself
//     as its kind (0..255), so the parser can write `nextIf('(')`;
//   * every other kind is listed once in JITSERVE_FORALL_TOKEN_KINDS and
//     numbered from 256 up; tree-only kinds (TK_APPLY, TK_VAR, ...) are in
//     the same list, after the lexical ones.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/ir/source_range.h"

namespace jitserve::frontend {

// _(name, printed form, keyword or multi-character operator text or "").
// The third column is what the lexer matches; "" means "not spelled in source"
// (literals, layout tokens, tree-only kinds).
#define JITSERVE_FORALL_TOKEN_KINDS(_)                 \
  /* layout and literal tokens */                      \
  _(TK_EOF, "eof", "")                                 \
  _(TK_NEWLINE, "newline", "")                         \
  _(TK_INDENT, "indent", "")                           \
  _(TK_DEDENT, "dedent", "")                           \
  _(TK_IDENT, "ident", "")                             \
  _(TK_NUMBER, "number", "")                           \
  _(TK_STRING, "string", "")                           \
  /* keywords */                                       \
  _(TK_DEF, "def", "def")                              \
  _(TK_CLASS, "class", "class")                        \
  _(TK_IF, "if", "if")                                 \
  _(TK_ELIF, "elif", "elif")                           \
  _(TK_ELSE, "else", "else")                           \
  _(TK_WHILE, "while", "while")                        \
  _(TK_FOR, "for", "for")                              \
  _(TK_IN, "in", "in")                                 \
  _(TK_NOT, "not", "not")                              \
  _(TK_AND, "and", "and")                              \
  _(TK_OR, "or", "or")                                 \
  _(TK_IS, "is", "is")                                 \
  _(TK_RETURN, "return", "return")                     \
  _(TK_BREAK, "break", "break")                        \
  _(TK_CONTINUE, "continue", "continue")               \
  _(TK_PASS, "pass", "pass")                           \
  _(TK_ASSERT, "assert", "assert")                     \
  _(TK_RAISE, "raise", "raise")                        \
  _(TK_DEL, "del", "del")                              \
  _(TK_WITH, "with", "with")                           \
  _(TK_AS, "as", "as")                                 \
  _(TK_GLOBAL, "global", "global")                     \
  _(TK_NONLOCAL, "nonlocal", "nonlocal")               \
  _(TK_LAMBDA, "lambda", "lambda")                     \
  _(TK_IMPORT, "import", "import")                     \
  _(TK_FROM, "from", "from")                           \
  _(TK_TRUE, "True", "True")                           \
  _(TK_FALSE, "False", "False")                        \
  _(TK_NONE, "None", "None")                           \
  _(TK_YIELD, "yield", "yield")                        \
  _(TK_TRY, "try", "try")                              \
  _(TK_EXCEPT, "except", "except")                     \
  _(TK_FINALLY, "finally", "finally")                  \
  _(TK_ASYNC, "async", "async")                        \
  _(TK_AWAIT, "await", "await")                        \
  /* multi-character operators */                      \
  _(TK_POW, "**", "**")                                \
  _(TK_FLOOR_DIV, "//", "//")                          \
  _(TK_LSHIFT, "<<", "<<")                             \
  _(TK_RSHIFT, ">>", ">>")                             \
  _(TK_EQ, "==", "==")                                 \
  _(TK_NE, "!=", "!=")                                 \
  _(TK_LE, "<=", "<=")                                 \
  _(TK_GE, ">=", ">=")                                 \
  _(TK_ARROW, "->", "->")                              \
  _(TK_ELLIPSIS, "...", "...")                         \
  _(TK_WALRUS, ":=", ":=")                             \
  _(TK_PLUS_EQ, "+=", "+=")                            \
  _(TK_MINUS_EQ, "-=", "-=")                           \
  _(TK_TIMES_EQ, "*=", "*=")                           \
  _(TK_DIV_EQ, "/=", "/=")                             \
  _(TK_FLOOR_DIV_EQ, "//=", "//=")                     \
  _(TK_MOD_EQ, "%=", "%=")                             \
  _(TK_POW_EQ, "**=", "**=")                           \
  _(TK_AND_EQ, "&=", "&=")                             \
  _(TK_OR_EQ, "|=", "|=")                              \
  _(TK_XOR_EQ, "^=", "^=")                             \
  _(TK_LSHIFT_EQ, "<<=", "<<=")                        \
  _(TK_RSHIFT_EQ, ">>=", ">>=")                        \
  _(TK_MATMUL_EQ, "@=", "@=")                          \
  /* tree-only kinds */                                \
  _(TK_LIST, "list", "")                               \
  _(TK_OPTION, "option", "")                           \
  _(TK_VAR, "variable", "")                            \
  _(TK_CONST, "const", "")                             \
  _(TK_STRINGLITERAL, "string_literal", "")            \
  _(TK_APPLY, "apply", "")                             \
  _(TK_ATTRIBUTE, "attribute", "")                     \
  _(TK_SUBSCRIPT, "subscript", "")                     \
  _(TK_SLICE_EXPR, "slice", "")                        \
  _(TK_LIST_LITERAL, "list_literal", "")               \
  _(TK_TUPLE_LITERAL, "tuple_literal", "")             \
  _(TK_DICT_LITERAL, "dict_literal", "")               \
  _(TK_LIST_COMP, "list_comp", "")                     \
  _(TK_DICT_COMP, "dict_comp", "")                     \
  _(TK_IF_EXPR, "if_expr", "")                         \
  _(TK_CMP_CHAIN, "cmp_chain", "")                     \
  _(TK_IS_NOT, "is not", "")                           \
  _(TK_NOT_IN, "not in", "")                           \
  _(TK_UNARY_MINUS, "unary minus", "")                 \
  _(TK_UNARY_PLUS, "unary plus", "")                   \
  _(TK_STARRED, "starred", "")                         \
  _(TK_PARAM, "param", "")                             \
  _(TK_DECL, "decl", "")                               \
  _(TK_CLASS_DEF, "class_def", "")                     \
  _(TK_ASSIGN, "assign", "")                           \
  _(TK_AUG_ASSIGN, "aug_assign", "")                   \
  _(TK_EXPR_STMT, "expr_stmt", "")                     \
  _(TK_WITH_ITEM, "with_item", "")                     \
  _(TK_IMPORT_ALIAS, "import_alias", "")               \
  _(TK_TYPE_COMMENT, "type_comment", "")

enum TokenKind : int {
  // 0..255 are single characters.
  TK_DUMMY_START = 255,
#define JITSERVE_DEFINE_TOKEN(tok, str, text) tok,
  JITSERVE_FORALL_TOKEN_KINDS(JITSERVE_DEFINE_TOKEN)
#undef JITSERVE_DEFINE_TOKEN
  TK_KIND_END
};

// "ident", "def", "+", "'('": the name used in error messages and in the
// S-expression printer.
std::string kindToString(int kind);
// How a token of this kind is described to a user: "'('" for punctuation,
// "'def'" for keywords, "ident"/"number"/"newline" for the rest.
std::string kindToDisplay(int kind);

// One token. `text` views the Source text (or, for layout tokens, is empty);
// the Token does not own it, the Source it came from must outlive it.
struct Token {
  int kind = TK_EOF;
  size_t start = 0;  // byte offsets into the Source
  size_t end = 0;
  std::string_view text;
};

}  // namespace jitserve::frontend
