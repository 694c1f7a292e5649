// Lexer: TorchScript (Python) source text to tokens.
//
// Produces Python's token stream, including the layout tokens: NEWLINE ends a
// logical line, INDENT/DEDENT bracket a block, so the parser can treat them
// like C's ';', '{' and '}'. Inside (), [] and {} and after a backslash line
// continuation no layout tokens are produced. Blank and comment-only lines
// produce nothing. At the end of input the lexer closes the last line
// (NEWLINE) and every open block (DEDENT) before TK_EOF.
//
// Token texts are string_views into the Source, so lexing allocates only the
// token vector. `# type: ...` comments are not tokens; the lexer records
// their ranges (typeComments()) and the parser attaches them to the def or
// assignment they follow.
//
// Errors (bad character, inconsistent tabs/spaces, dedent to an unknown
// level, unterminated string, unbalanced brackets, imaginary literals, ':=')
// throw ErrorReport pointing at the offending text.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "compiler/frontend/error_report.h"
#include "compiler/frontend/token.h"
#include "runtime/ir/source_range.h"

namespace jitserve::frontend {

class Lexer {
 public:
  // Lexes the whole source eagerly; throws ErrorReport on a lexical error.
  explicit Lexer(std::shared_ptr<const Source> source);
  // Lexes only bytes [begin, end) of the source, as one logical line with no
  // layout tokens except the final NEWLINE: used for type comments and
  // f-string fields, whose trees keep ranges into the original text.
  Lexer(std::shared_ptr<const Source> source, size_t begin, size_t end);

  // Cursor interface used by the parser.
  const Token& cur() const { return tokens_[pos_]; }
  const Token& lookahead(size_t n = 1) const;  // TK_EOF past the end
  Token next();                                // returns cur() and advances
  bool nextIf(int kind);
  // Returns the current token if it has `kind` and advances; otherwise
  // throws "expected X but found Y".
  Token expect(int kind);
  // End offset of the last consumed token that is not a layout token; the
  // parser closes a node's range there.
  size_t prevEnd() const { return prevEnd_; }
  // Throws "expected <what> but found <cur>" at the current token.
  [[noreturn]] void unexpected(const std::string& what) const;

  SourceRange rangeOf(const Token& t) const { return SourceRange(source_, t.start, t.end); }
  SourceRange range(size_t start, size_t end) const { return SourceRange(source_, start, end); }
  const std::shared_ptr<const Source>& source() const { return source_; }
  const std::vector<Token>& tokens() const { return tokens_; }
  // Ranges of the text after "# type:" (trimmed), in source order.
  const std::vector<std::pair<size_t, size_t>>& typeComments() const { return typeComments_; }
  // The first type comment whose text starts in [from, to), if any.
  const std::pair<size_t, size_t>* typeCommentIn(size_t from, size_t to) const;

 private:
  std::shared_ptr<const Source> source_;
  std::vector<Token> tokens_;
  std::vector<std::pair<size_t, size_t>> typeComments_;
  size_t pos_ = 0;
  size_t prevEnd_ = 0;
};

// Decodes a string literal token's text (prefix, quotes, escapes) into its
// value. Throws ErrorReport for a bad escape.
std::string decodeStringLiteral(const SourceRange& tokenRange);
// Decodes the text between the quotes; `bodyOffset` is where `body` starts in
// `source`, for the range of an error.
std::string decodeStringBody(std::string_view body, bool raw, const std::shared_ptr<const Source>& source,
                             size_t bodyOffset);

}  // namespace jitserve::frontend
