// Lexer: token streams for the tricky parts of Python's lexical grammar.
#include "compiler/frontend/lexer.h"

#include <gtest/gtest.h>

namespace jitserve::frontend {
namespace {

// Tokens as a compact string: kinds by name, literal texts in brackets.
std::string lex(const std::string& text) {
  Lexer L(std::make_shared<const Source>(text));
  std::string out;
  for (const Token& t : L.tokens()) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case TK_IDENT: case TK_NUMBER: case TK_STRING: out += "<" + std::string(t.text) + ">"; break;
      case TK_NEWLINE: out += "NL"; break;
      case TK_INDENT: out += "IN"; break;
      case TK_DEDENT: out += "DE"; break;
      case TK_EOF: out += "EOF"; break;
      default: out += kindToString(t.kind);
    }
  }
  return out;
}

std::string lexError(const std::string& text) {
  try {
    lex(text);
  } catch (const ErrorReport& e) {
    return e.rawMessage();
  }
  return "(no error)";
}

TEST(Lexer, IndentDedentNewline) {
  EXPECT_EQ(lex("if x:\n  a\n  b\nc\n"), "if <x> : NL IN <a> NL <b> NL DE <c> NL EOF");
  // Blank lines, comment lines and a missing final newline.
  EXPECT_EQ(lex("def f():\n\n    # c\n    return 1  # tail"), "def <f> ( ) : NL IN return <1> NL DE EOF");
  // Two blocks closed at once.
  EXPECT_EQ(lex("a:\n b:\n  c\nd"), "<a> : NL IN <b> : NL IN <c> NL DE DE <d> NL EOF");
}

TEST(Lexer, NoLayoutInsideBracketsOrAfterBackslash) {
  EXPECT_EQ(lex("f(a,\n    b)\n"), "<f> ( <a> , <b> ) NL EOF");
  EXPECT_EQ(lex("x = [1,\n\n  2]\n"), "<x> = [ <1> , <2> ] NL EOF");
  EXPECT_EQ(lex("x = 1 + \\\n   2\n"), "<x> = <1> + <2> NL EOF");
}

TEST(Lexer, Numbers) {
  EXPECT_EQ(lex("0x1F 0o17 0b1_0 1_000 1. .5 1e-5 1.5E+3 3"),
            "<0x1F> <0o17> <0b1_0> <1_000> <1.> <.5> <1e-5> <1.5E+3> <3> NL EOF");
  EXPECT_EQ(lex("x[1:]"), "<x> [ <1> : ] NL EOF");
  EXPECT_EQ(lex("2j 1.5e3J 0_1j"), "<2j> <1.5e3J> <0_1j> NL EOF");
  EXPECT_EQ(lexError("x = 0x1j"), "invalid number literal '0x1j'");
  EXPECT_EQ(lexError("x = 1e"), "invalid float literal: exponent has no digits");
  EXPECT_EQ(lexError("x = 0x"), "invalid hexadecimal literal");
  EXPECT_EQ(lexError("x = 12abc"), "invalid number literal '12abc'");
}

TEST(Lexer, Strings) {
  EXPECT_EQ(lex("'a' \"b\" r'\\d' '''x\ny''' f\"{a}\""), "<'a'> <\"b\"> <r'\\d'> <'''x\ny'''> <f\"{a}\"> NL EOF");
  EXPECT_EQ(lex("'it\\'s'"), "<'it\\'s'> NL EOF");
  EXPECT_EQ(lexError("x = 'abc"), "unterminated string literal");
  EXPECT_EQ(lexError("x = 'abc\ny = 1"), "unterminated string literal (a newline inside a single-quoted string)");
  EXPECT_EQ(lexError("x = '''abc"), "unterminated triple-quoted string literal");
}

TEST(Lexer, DecodeStrings) {
  auto decode = [](const std::string& lit) {
    auto src = std::make_shared<const Source>(lit);
    return decodeStringLiteral(SourceRange(src, 0, lit.size()));
  };
  EXPECT_EQ(decode("'a\\nb'"), "a\nb");
  EXPECT_EQ(decode("r'a\\nb'"), "a\\nb");
  EXPECT_EQ(decode("'\\x41\\101\\t'"), "AA\t");
  EXPECT_EQ(decode("\"\"\"q\"q\"\"\""), "q\"q");
  EXPECT_EQ(decode("'\\d'"), "\\d");  // unknown escapes stay
  EXPECT_EQ(decode("'\\u00e9\\U0001F600'"), "\xc3\xa9\xf0\x9f\x98\x80");
  EXPECT_THROW(decode("'\\u12'"), ErrorReport);
}

TEST(Lexer, Operators) {
  EXPECT_EQ(lex("a **= b //= c <<= d >>= e @= f ** g // h -> ..."),
            "<a> **= <b> //= <c> <<= <d> >>= <e> @= <f> ** <g> // <h> -> ... NL EOF");
  EXPECT_EQ(lex("a+=1;b-=2"), "<a> += <1> ; <b> -= <2> NL EOF");
  EXPECT_EQ(lex("x != y <= z >= w == v < u > t"), "<x> != <y> <= <z> >= <w> == <v> < <u> > <t> NL EOF");
  EXPECT_EQ(lexError("if (y := 1): pass"), "assignment expressions (':=') are not supported in TorchScript");
  EXPECT_EQ(lexError("a = $b"), "invalid character '$' in source");
  EXPECT_EQ(lexError("a = !b"), "invalid character '!' in source");
}

TEST(Lexer, Keywords) {
  EXPECT_EQ(lex("not and or is in None True False lambda nonlocal"),
            "not and or is in None True False lambda nonlocal NL EOF");
  EXPECT_EQ(lex("notx is_ True_"), "<notx> <is_> <True_> NL EOF");
}

TEST(Lexer, Brackets) {
  EXPECT_EQ(lexError("f(a]"), "closing parenthesis ']' does not match opening parenthesis '('");
  EXPECT_EQ(lexError("f(a"), "'(' was never closed");
  EXPECT_EQ(lexError("a)"), "unmatched ')'");
}

TEST(Lexer, Indentation) {
  EXPECT_EQ(lexError("if x:\n    a\n  b\n"), "unindent does not match any outer indentation level");
  EXPECT_EQ(lexError("if x:\n\ta\n        b\n"), "inconsistent use of tabs and spaces in indentation");
  EXPECT_EQ(lex("if x:\n\ta\n\tb\n"), "if <x> : NL IN <a> NL <b> NL DE EOF");
}

TEST(Lexer, ControlBytesInErrorContext) {
  try {
    lex(std::string("x = 1\0 + 2\n", 11));
    FAIL();
  } catch (const ErrorReport& e) {
    EXPECT_EQ(std::string(e.what()),
              "invalid character (byte 0x0) in source:\n  File \"<string>\", line 1\nx = 1? + 2\n     ~ <--- HERE\n\n");
  }
}

TEST(Lexer, TypeComments) {
  std::string text = "def f(x):\n    # type: (int) -> int\n    return x  # type: ignore\ny = []  # type: List[int]\n";
  Lexer L(std::make_shared<const Source>(text));
  ASSERT_EQ(L.typeComments().size(), 2u);
  auto [s, e] = L.typeComments()[0];
  EXPECT_EQ(text.substr(s, e - s), "(int) -> int");
  auto [s2, e2] = L.typeComments()[1];
  EXPECT_EQ(text.substr(s2, e2 - s2), "List[int]");
}

TEST(Lexer, ErrorShowsTheLine) {
  try {
    lex("def f(x):\n    return x $ 1\n");
    FAIL();
  } catch (const ErrorReport& e) {
    EXPECT_EQ(std::string(e.what()),
              "invalid character '$' in source:\n"
              "  File \"<string>\", line 2\n"
              "def f(x):\n"
              "    return x $ 1\n"
              "             ~ <--- HERE\n"
              "\n");  // the empty line after the final newline is context
  }
}

}  // namespace
}  // namespace jitserve::frontend
