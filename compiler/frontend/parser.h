// Parser: tokens to syntax trees (tree.h / tree_views.h).
//
// A recursive-descent parser for statements and a precedence-climbing
// (Pratt) parser for expressions, with Python's precedences:
//   lambda < if-else < or < and < not < comparisons (chained) < | < ^ < &
//   < << >> < + - < * / // % @ < unary - + ~ < ** < await/primary
// `**` is right-associative and binds tighter than a unary operator on its
// left (-2**2 == -(2**2)) but looser than one on its right (2**-1).
//
// It accepts the Python subset TorchScript programs are written in, and the
// printed source in torch.jit.save archives. Everything else (try, yield,
// async, generators, walrus, star-args, multiple comprehension clauses) is
// a syntax error naming the construct, never a crash.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "compiler/frontend/lexer.h"
#include "compiler/frontend/tree_views.h"

namespace jitserve::frontend {

// Parses a whole file: top-level defs, classes and any other statements (the
// emitter decides what it accepts). Throws ErrorReport on a syntax error.
List<Stmt> parseFile(std::shared_ptr<const Source> source);
List<Stmt> parseFile(std::string_view text, std::string filename = "<string>");

// Parses a signature type comment. `text` is the text after "# type:" e.g.
// "(int, Tensor) -> Tensor"; `range` its place in the source (used for errors
// and for the ranges of the returned trees).
TypeComment parseTypeComment(const SourceRange& range);

class ParserImpl;

// Incremental interface: one top-level statement at a time.
class Parser {
 public:
  explicit Parser(std::shared_ptr<const Source> source);
  ~Parser();
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  bool atEnd() const;
  Stmt parseStatement();               // one statement (a def, class, if, ...)
  Def parseFunction(bool isMethod);    // a def (with its decorators)
  Expr parseExpression();              // a single expression, for tests/tools
  Lexer& lexer();

 private:
  std::unique_ptr<ParserImpl> impl_;
};

}  // namespace jitserve::frontend
