// Lexer implementation: one forward scan over the bytes of the source.
//
// Indentation: each open block remembers the exact whitespace prefix that
// introduced it. A deeper line must extend the current prefix and a
// shallower one must equal an enclosing prefix byte for byte; anything else
// mixes tabs and spaces in a way whose meaning depends on the tab width, so
// we reject it instead of guessing.
#include "compiler/frontend/lexer.h"

#include <algorithm>
#include <cstring>

namespace jitserve::frontend {
namespace {

bool isIdentStart(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool isIdentChar(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

struct Keyword {
  std::string_view text;
  int kind;
};
constexpr Keyword kKeywords[] = {
#define JITSERVE_KEYWORD(tok, str, text) {text, tok},
    JITSERVE_FORALL_TOKEN_KINDS(JITSERVE_KEYWORD)
#undef JITSERVE_KEYWORD
};

// Keywords bucketed by first letter, so an identifier costs a couple of
// comparisons at most (identifiers are most of the tokens).
struct KeywordTable {
  std::vector<Keyword> byFirst[128];
  KeywordTable() {
    for (const Keyword& k : kKeywords)
      if (!k.text.empty() && std::isalpha(static_cast<unsigned char>(k.text[0])))
        byFirst[static_cast<unsigned char>(k.text[0])].push_back(k);
  }
};

int keywordKind(std::string_view word) {
  static const KeywordTable table;
  unsigned char c = static_cast<unsigned char>(word[0]);
  if (c >= 128) return TK_IDENT;
  for (const Keyword& k : table.byFirst[c])
    if (k.text == word) return k.kind;
  return TK_IDENT;
}

// Operators longest first, so "**=" wins over "**" and "*".
struct Op {
  std::string_view text;
  int kind;
};
constexpr Op kOps[] = {
    {"**=", TK_POW_EQ}, {"//=", TK_FLOOR_DIV_EQ}, {"<<=", TK_LSHIFT_EQ}, {">>=", TK_RSHIFT_EQ},
    {"...", TK_ELLIPSIS}, {"**", TK_POW}, {"//", TK_FLOOR_DIV}, {"<<", TK_LSHIFT}, {">>", TK_RSHIFT},
    {"==", TK_EQ}, {"!=", TK_NE}, {"<=", TK_LE}, {">=", TK_GE}, {"->", TK_ARROW}, {":=", TK_WALRUS},
    {"+=", TK_PLUS_EQ}, {"-=", TK_MINUS_EQ}, {"*=", TK_TIMES_EQ}, {"/=", TK_DIV_EQ}, {"%=", TK_MOD_EQ},
    {"&=", TK_AND_EQ}, {"|=", TK_OR_EQ}, {"^=", TK_XOR_EQ}, {"@=", TK_MATMUL_EQ},
};
constexpr std::string_view kSingleOps = "+-*/%@&|^~<>()[]{},:.;=";

class Scanner {
 public:
  Scanner(std::shared_ptr<const Source> source, size_t begin, size_t end, bool layout,
          std::vector<Token>& out, std::vector<std::pair<size_t, size_t>>& typeComments)
      : src_(std::move(source)), text_(src_->text()), pos_(begin), end_(end), layout_(layout), out_(out),
        typeComments_(typeComments) {}

  void run() {
    indents_.push_back(std::string_view());
    atLineStart_ = layout_;
    while (true) {
      if (atLineStart_ && brackets_.empty()) {
        if (!handleIndentation()) break;  // end of input
      }
      skipSpaces();
      if (pos_ >= end_) break;
      char c = text_[pos_];
      if (c == '#') {
        comment();
        continue;
      }
      if (c == '\n' || c == '\r') {
        size_t nl = pos_;
        pos_ += (c == '\r' && pos_ + 1 < end_ && text_[pos_ + 1] == '\n') ? 2 : 1;
        if (brackets_.empty() && layout_) {
          emit(TK_NEWLINE, nl, nl + 1);
          atLineStart_ = true;
        }
        continue;
      }
      if (c == '\\') {
        size_t p = pos_ + 1;
        if (p < end_ && text_[p] == '\r') ++p;
        if (p < end_ && text_[p] == '\n') {
          pos_ = p + 1;
          continue;
        }
        throw fail(pos_, pos_ + 1) << "unexpected character after line continuation character";
      }
      token();
    }
    if (!brackets_.empty()) {
      auto [ch, at] = brackets_.back();
      throw fail(at, at + 1) << "'" << ch << "' was never closed";
    }
    size_t e = std::min(end_, text_.size());
    if (!out_.empty() && out_.back().kind != TK_NEWLINE && out_.back().kind != TK_DEDENT &&
        out_.back().kind != TK_INDENT)
      emit(TK_NEWLINE, e, e);
    else if (!layout_ && out_.empty())
      emit(TK_NEWLINE, e, e);
    while (indents_.size() > 1) {
      indents_.pop_back();
      emit(TK_DEDENT, e, e);
    }
    emit(TK_EOF, e, e);
  }

 private:
  ErrorReport fail(size_t start, size_t end) const {
    return ErrorReport(SourceRange(src_, start, std::min(std::max(end, start), text_.size())));
  }

  void emit(int kind, size_t start, size_t end) {
    out_.push_back(Token{kind, start, end, std::string_view(text_).substr(start, end - start)});
  }

  void skipSpaces() {
    while (pos_ < end_ && (text_[pos_] == ' ' || text_[pos_] == '\t' || text_[pos_] == '\f')) ++pos_;
  }

  // At the start of a physical line outside brackets: skips blank and
  // comment-only lines, then emits INDENT/DEDENT for the first real line.
  // Returns false at the end of the input.
  bool handleIndentation() {
    while (true) {
      size_t lineStart = pos_;
      skipSpaces();
      if (pos_ >= end_) return false;
      char c = text_[pos_];
      if (c == '#') {
        comment();
        continue;  // the newline after the comment is consumed below
      }
      if (c == '\n' || c == '\r') {
        pos_ += (c == '\r' && pos_ + 1 < end_ && text_[pos_ + 1] == '\n') ? 2 : 1;
        continue;
      }
      if (c == '\\') {  // a continuation line starting a statement: no indent change
        atLineStart_ = false;
        return true;
      }
      std::string_view indent = std::string_view(text_).substr(lineStart, pos_ - lineStart);
      // Form feeds reset the column in Python; they never matter for TorchScript.
      std::string_view cur = indents_.back();
      atLineStart_ = false;
      if (indent == cur) return true;
      if (indent.size() > cur.size() && indent.substr(0, cur.size()) == cur) {
        indents_.push_back(indent);
        emit(TK_INDENT, lineStart, pos_);
        return true;
      }
      // Dedent: must match an enclosing level exactly.
      if (std::find(indents_.begin(), indents_.end(), indent) == indents_.end()) {
        bool tabs = indent.find('\t') != std::string_view::npos || cur.find('\t') != std::string_view::npos;
        if (tabs) throw fail(lineStart, pos_ + 1) << "inconsistent use of tabs and spaces in indentation";
        throw fail(lineStart, pos_ + 1) << "unindent does not match any outer indentation level";
      }
      while (indents_.back() != indent) {
        indents_.pop_back();
        emit(TK_DEDENT, pos_, pos_);
      }
      return true;
    }
  }

  void comment() {
    size_t start = pos_;
    while (pos_ < end_ && text_[pos_] != '\n' && text_[pos_] != '\r') ++pos_;
    // "# type: X" (not "# type: ignore...") is a type annotation comment.
    std::string_view body = std::string_view(text_).substr(start + 1, pos_ - start - 1);
    size_t i = 0;
    while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
    if (body.substr(i, 5) != "type:") return;
    i += 5;
    while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
    size_t j = body.size();
    while (j > i && (body[j - 1] == ' ' || body[j - 1] == '\t')) --j;
    std::string_view t = body.substr(i, j - i);
    if (t.empty() || t.substr(0, 6) == "ignore") return;
    typeComments_.emplace_back(start + 1 + i, start + 1 + j);
  }

  void token() {
    size_t start = pos_;
    unsigned char c = static_cast<unsigned char>(text_[pos_]);
    if (isIdentStart(c)) {
      while (pos_ < end_ && isIdentChar(static_cast<unsigned char>(text_[pos_]))) ++pos_;
      // A string prefix (r, b, u, f and combinations) directly before a quote.
      if (pos_ < end_ && (text_[pos_] == '\'' || text_[pos_] == '"') && pos_ - start <= 2) {
        std::string_view prefix = std::string_view(text_).substr(start, pos_ - start);
        bool ok = true;
        for (char p : prefix) ok = ok && std::strchr("rRbBuUfF", p) != nullptr;
        if (ok) {
          string(start);
          return;
        }
      }
      emit(keywordKind(std::string_view(text_).substr(start, pos_ - start)), start, pos_);
      return;
    }
    if (std::isdigit(c) || (c == '.' && pos_ + 1 < end_ && std::isdigit(static_cast<unsigned char>(text_[pos_ + 1])))) {
      number();
      return;
    }
    if (c == '\'' || c == '"') {
      string(start);
      return;
    }
    for (const Op& op : kOps) {
      if (op.text[0] != static_cast<char>(c)) continue;
      if (text_.compare(pos_, op.text.size(), op.text) == 0 && pos_ + op.text.size() <= end_) {
        if (op.kind == TK_WALRUS)
          throw fail(pos_, pos_ + 2) << "assignment expressions (':=') are not supported in TorchScript";
        pos_ += op.text.size();
        emit(op.kind, start, pos_);
        return;
      }
    }
    if (kSingleOps.find(static_cast<char>(c)) != std::string_view::npos) {
      ++pos_;
      if (c == '(' || c == '[' || c == '{') {
        brackets_.emplace_back(static_cast<char>(c), start);
      } else if (c == ')' || c == ']' || c == '}') {
        char open = c == ')' ? '(' : c == ']' ? '[' : '{';
        if (brackets_.empty()) throw fail(start, pos_) << "unmatched '" << static_cast<char>(c) << "'";
        if (brackets_.back().first != open)
          throw fail(start, pos_) << "closing parenthesis '" << static_cast<char>(c)
                            << "' does not match opening parenthesis '" << brackets_.back().first << "'";
        brackets_.pop_back();
      }
      emit(c, start, pos_);
      return;
    }
    if (c < 0x20 || c == 0x7f)
      throw fail(start, start + 1) << "invalid character (byte 0x" << std::hex << static_cast<int>(c) << ") in source";
    throw fail(start, start + 1) << "invalid character '" << static_cast<char>(c) << "' in source";
  }

  bool digitFor(char ch, int base) const {
    unsigned char u = static_cast<unsigned char>(ch);
    switch (base) {
      case 16: return std::isxdigit(u);
      case 8: return ch >= '0' && ch <= '7';
      case 2: return ch == '0' || ch == '1';
      default: return std::isdigit(u);
    }
  }

  // Digits of `base` with single underscores between them; returns how many
  // digits were read.
  size_t digits(int base) {
    size_t n = 0;
    while (pos_ < end_) {
      char ch = text_[pos_];
      if (digitFor(ch, base)) {
        ++pos_;
        ++n;
      } else if (ch == '_' && n > 0 && pos_ + 1 < end_ && digitFor(text_[pos_ + 1], base)) {
        ++pos_;
      } else {
        break;
      }
    }
    return n;
  }

  void number() {
    size_t start = pos_;
    if (text_[pos_] == '0' && pos_ + 1 < end_ && std::strchr("xXoObB", text_[pos_ + 1]) && text_[pos_ + 1]) {
      char k = static_cast<char>(std::tolower(static_cast<unsigned char>(text_[pos_ + 1])));
      int base = k == 'x' ? 16 : k == 'o' ? 8 : 2;
      pos_ += 2;
      if (pos_ < end_ && text_[pos_] == '_') ++pos_;
      if (digits(base) == 0) throw fail(start, pos_ + 1) << "invalid " << (base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary") << " literal";
    } else {
      digits(10);
      if (pos_ < end_ && text_[pos_] == '.' && !(pos_ + 1 < end_ && text_[pos_ + 1] == '.')) {
        ++pos_;
        digits(10);
      }
      if (pos_ < end_ && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
        size_t save = pos_;
        ++pos_;
        if (pos_ < end_ && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
        if (digits(10) == 0) throw fail(save, pos_ + 1) << "invalid float literal: exponent has no digits";
      }
    }
    // An imaginary literal (2j, 1.5e3J): decimal digits only, as in Python.
    const bool prefixed = pos_ - start > 1 && text_[start] == '0' && std::strchr("xXoObB", text_[start + 1]);
    if (pos_ < end_ && (text_[pos_] == 'j' || text_[pos_] == 'J') && !prefixed) ++pos_;
    if (pos_ < end_ && isIdentChar(static_cast<unsigned char>(text_[pos_]))) {
      size_t e = pos_;
      while (e < end_ && isIdentChar(static_cast<unsigned char>(text_[e]))) ++e;
      throw fail(start, e) << "invalid number literal '" << std::string_view(text_).substr(start, e - start) << "'";
    }
    emit(TK_NUMBER, start, pos_);
  }

  // A string token from its prefix (at `start`) through the closing quote;
  // decoding happens in the parser.
  void string(size_t start) {
    char q = text_[pos_];
    bool triple = pos_ + 2 < end_ && text_[pos_ + 1] == q && text_[pos_ + 2] == q;
    pos_ += triple ? 3 : 1;
    while (true) {
      if (pos_ >= end_) {
        throw fail(start, std::min(end_, text_.size())) << (triple ? "unterminated triple-quoted string literal"
                                                             : "unterminated string literal");
      }
      char ch = text_[pos_];
      if (ch == '\\') {
        pos_ += 2;  // the escaped character never closes the string (raw strings too)
        continue;
      }
      if (!triple && (ch == '\n' || ch == '\r'))
        throw fail(start, pos_) << "unterminated string literal (a newline inside a single-quoted string)";
      if (ch == q) {
        if (!triple) {
          ++pos_;
          break;
        }
        if (pos_ + 2 < end_ + 0 && text_[pos_ + 1] == q && text_[pos_ + 2] == q) {
          pos_ += 3;
          break;
        }
      }
      ++pos_;
    }
    if (pos_ > end_) throw fail(start, end_) << "unterminated string literal";
    emit(TK_STRING, start, pos_);
  }

  std::shared_ptr<const Source> src_;
  const std::string& text_;
  size_t pos_;
  size_t end_;
  bool layout_;
  bool atLineStart_ = true;
  std::vector<Token>& out_;
  std::vector<std::pair<size_t, size_t>>& typeComments_;
  std::vector<std::string_view> indents_;
  std::vector<std::pair<char, size_t>> brackets_;
};

}  // namespace

Lexer::Lexer(std::shared_ptr<const Source> source) : source_(std::move(source)) {
  tokens_.reserve(source_->text().size() / 3 + 8);
  Scanner(source_, 0, source_->text().size(), /*layout=*/true, tokens_, typeComments_).run();
}

Lexer::Lexer(std::shared_ptr<const Source> source, size_t begin, size_t end) : source_(std::move(source)) {
  end = std::min(end, source_->text().size());
  Scanner(source_, begin, end, /*layout=*/false, tokens_, typeComments_).run();
}

const Token& Lexer::lookahead(size_t n) const {
  size_t i = std::min(pos_ + n, tokens_.size() - 1);
  return tokens_[i];
}

Token Lexer::next() {
  Token t = tokens_[pos_];
  if (t.kind != TK_NEWLINE && t.kind != TK_INDENT && t.kind != TK_DEDENT && t.kind != TK_EOF) prevEnd_ = t.end;
  if (pos_ + 1 < tokens_.size()) ++pos_;
  return t;
}

bool Lexer::nextIf(int kind) {
  if (cur().kind != kind) return false;
  next();
  return true;
}

Token Lexer::expect(int kind) {
  if (cur().kind != kind) unexpected(kindToDisplay(kind));
  return next();
}

void Lexer::unexpected(const std::string& what) const {
  const Token& t = cur();
  size_t s = t.start, e = t.end;
  if (t.kind == TK_NEWLINE || t.kind == TK_DEDENT || t.kind == TK_EOF) {
    // Point just past the last real token: that is where something is missing.
    s = prevEnd_;
    e = prevEnd_ + 1;
  }
  // PyTorch's wording: the found token is named by its kind, quoted.
  throw ErrorReport(SourceRange(source_, s, std::min(e, source_->text().size())))
      << "expected " << what << " but found '" << kindToString(t.kind) << "' here";
}

const std::pair<size_t, size_t>* Lexer::typeCommentIn(size_t from, size_t to) const {
  auto it = std::lower_bound(typeComments_.begin(), typeComments_.end(), std::make_pair(from, size_t(0)));
  if (it != typeComments_.end() && it->first < to) return &*it;
  return nullptr;
}

std::string decodeStringLiteral(const SourceRange& range) {
  std::string_view t = range.text();
  size_t i = 0;
  bool raw = false;
  while (i < t.size() && t[i] != '\'' && t[i] != '"') {
    if (t[i] == 'r' || t[i] == 'R') raw = true;
    ++i;
  }
  JS_INTERNAL_ASSERT(i < t.size(), "decodeStringLiteral on a token without quotes");
  char q = t[i];
  bool triple = i + 2 < t.size() && t[i + 1] == q && t[i + 2] == q && t.size() - i >= 6;
  size_t qlen = triple ? 3 : 1;
  return decodeStringBody(t.substr(i + qlen, t.size() - i - 2 * qlen), raw, range.source(),
                          range.start() + i + qlen);
}

std::string decodeStringBody(std::string_view body, bool raw, const std::shared_ptr<const Source>& source,
                             size_t bodyOffset) {
  std::string out;
  out.reserve(body.size());
  for (size_t k = 0; k < body.size(); ++k) {
    char c = body[k];
    if (c != '\\' || k + 1 >= body.size()) {
      out += c;
      continue;
    }
    char e = body[k + 1];
    if (raw) {
      out += c;
      out += e;
      ++k;
      continue;
    }
    ++k;
    switch (e) {
      case '\n': break;  // escaped newline: continuation inside the string
      case '\\': out += '\\'; break;
      case '\'': out += '\''; break;
      case '"': out += '"'; break;
      case 'a': out += '\a'; break;
      case 'b': out += '\b'; break;
      case 'f': out += '\f'; break;
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'v': out += '\v'; break;
      case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
        int v = 0, n = 0;
        while (n < 3 && k < body.size() && body[k] >= '0' && body[k] <= '7') v = v * 8 + (body[k++] - '0'), ++n;
        --k;
        out += static_cast<char>(v);
        break;
      }
      case 'x': {
        auto hex = [](char h) { return std::isdigit(static_cast<unsigned char>(h)) ? h - '0' : (std::tolower(h) - 'a' + 10); };
        if (k + 2 >= body.size() + 0 || !std::isxdigit(static_cast<unsigned char>(body[k + 1])) ||
            !std::isxdigit(static_cast<unsigned char>(body[k + 2]))) {
          size_t at = bodyOffset + k - 1;
          throw ErrorReport(SourceRange(source, at, at + 2)) << "invalid \\x escape in string literal";
        }
        out += static_cast<char>(hex(body[k + 1]) * 16 + hex(body[k + 2]));
        k += 2;
        break;
      }
      case 'u': case 'U': {
        // \uXXXX / \UXXXXXXXX: a code point, stored as UTF-8 (str is UTF-8).
        size_t n = e == 'u' ? 4 : 8;
        uint32_t cp = 0;
        bool ok = k + n < body.size();
        for (size_t d = 1; ok && d <= n; ++d) {
          unsigned char h = static_cast<unsigned char>(body[k + d]);
          ok = std::isxdigit(h);
          cp = cp * 16 + (std::isdigit(h) ? h - '0' : std::tolower(h) - 'a' + 10);
        }
        if (!ok || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
          size_t at = bodyOffset + k - 1;
          throw ErrorReport(SourceRange(source, at, std::min(at + 2 + n, bodyOffset + body.size())))
              << "invalid \\" << e << " escape in string literal";
        }
        if (cp < 0x80) {
          out += static_cast<char>(cp);
        } else if (cp < 0x800) {
          out += static_cast<char>(0xC0 | (cp >> 6));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
          out += static_cast<char>(0xE0 | (cp >> 12));
          out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
          out += static_cast<char>(0xF0 | (cp >> 18));
          out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
          out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
          out += static_cast<char>(0x80 | (cp & 0x3F));
        }
        k += n;
        break;
      }
      default:
        // Python keeps unknown escapes verbatim.
        out += '\\';
        out += e;
    }
  }
  return out;
}

}  // namespace jitserve::frontend
