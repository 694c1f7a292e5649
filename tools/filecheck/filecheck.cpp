#include "tools/filecheck/filecheck.h"

#include <algorithm>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

namespace jitserve::filecheck {

enum class Kind { Check, Next, Same, Not, Dag, Label, Empty, Count };

// A pattern is a sequence of pieces; it becomes one regular expression when
// matched, because [[NAME]] uses depend on the bindings at that moment.
struct Piece {
  enum Type { Literal, Regex, Def, Use } type;
  std::string text;  // literal text or regex source
  std::string name;  // variable name for Def / Use
};

struct Directive {
  Kind kind = Kind::Check;
  std::string spelling;  // "CHECK-NEXT" as written (with the prefix used)
  std::string pattern;   // the pattern text as written
  std::string lineText;  // the whole check-file line, for messages
  size_t line = 0;       // 1-based line in the check file
  size_t column = 0;     // 1-based column of the pattern in that line
  size_t count = 1;      // CHECK-COUNT-N
  std::vector<Piece> pieces;
  bool usesVariables = false;
  std::optional<std::regex> compiled;  // when the pattern uses no variable
};

namespace {

using Bindings = std::map<std::string, std::string, std::less<>>;

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-'; }
bool isHorizontalSpace(char c) { return c == ' ' || c == '\t'; }

std::string trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

// Escapes literal text for an ECMAScript regex; runs of spaces/tabs match
// any run of spaces/tabs (LLVM's whitespace canonicalization).
std::string escapeLiteral(std::string_view s, bool canonicalizeSpace) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (canonicalizeSpace && isHorizontalSpace(c)) {
      while (i + 1 < s.size() && isHorizontalSpace(s[i + 1])) ++i;
      out += "[ \\t]+";
      continue;
    }
    if (std::string_view("\\^$.|?*+()[]{}/").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// Capturing groups a user regex opens, so [[NAME:re]] groups after it get
// the right numbers.
size_t countGroups(std::string_view re) {
  size_t n = 0;
  bool inClass = false;
  for (size_t i = 0; i < re.size(); ++i) {
    char c = re[i];
    if (c == '\\') {
      ++i;
    } else if (inClass) {
      if (c == ']') inClass = false;
    } else if (c == '[') {
      inClass = true;
    } else if (c == '(' && !(i + 1 < re.size() && re[i + 1] == '?')) {
      ++n;
    }
  }
  return n;
}

bool validName(std::string_view name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_' || name[0] == '$'))
    return false;
  return std::all_of(name.begin() + 1, name.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// Splits a pattern into pieces; returns an error message or "".
std::string splitPattern(std::string_view p, std::vector<Piece>& pieces) {
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) pieces.push_back({Piece::Literal, literal, ""});
    literal.clear();
  };
  size_t i = 0;
  while (i < p.size()) {
    if (p.compare(i, 2, "{{") == 0) {
      size_t close = p.find("}}", i + 2);
      if (close == std::string_view::npos) return "'{{' without a closing '}}'";
      // A regex ending in '}' ("a{2}}}"): extend to the last of a run of braces.
      while (close + 2 < p.size() && p[close + 2] == '}') ++close;
      flush();
      std::string re(p.substr(i + 2, close - i - 2));
      if (re.empty()) return "empty regex '{{}}'";
      pieces.push_back({Piece::Regex, re, ""});
      i = close + 2;
    } else if (p.compare(i, 2, "[[") == 0) {
      size_t close = p.find("]]", i + 2);
      if (close == std::string_view::npos) return "'[[' without a closing ']]'";
      std::string body(p.substr(i + 2, close - i - 2));
      // The regex of a definition may itself contain "]]" (e.g. [[X:[a-z]]]):
      // take the last ']]' of a run of ']'.
      while (close + 2 < p.size() && p[close + 2] == ']') {
        ++close;
        body = std::string(p.substr(i + 2, close - i - 2));
      }
      flush();
      if (!body.empty() && body[0] == '#') return "numeric variables '[[#...]]' are not supported";
      size_t colon = body.find(':');
      if (colon == std::string::npos) {
        if (!validName(body)) return "bad variable name '" + body + "' in '[[" + body + "]]'";
        pieces.push_back({Piece::Use, "", body});
      } else {
        std::string name = body.substr(0, colon);
        std::string re = body.substr(colon + 1);
        if (!validName(name)) return "bad variable name '" + name + "' in '[[" + body + "]]'";
        if (re.empty()) return "empty regex in '[[" + body + "]]'";
        pieces.push_back({Piece::Def, re, name});
      }
      i = close + 2;
    } else {
      literal += p[i++];
    }
  }
  flush();
  return "";
}

// Builds the regex source of a directive. Uses of variables bound earlier
// in the same pattern become backreferences; others take their current
// value, or report `undefined`.
std::string buildRegex(const Directive& d, const Bindings& bindings, std::string* undefined) {
  std::string out;
  std::map<std::string, size_t> groupOf;  // defined in this pattern
  size_t groups = 0;
  for (const Piece& piece : d.pieces) {
    switch (piece.type) {
      case Piece::Literal:
        out += escapeLiteral(piece.text, true);
        break;
      case Piece::Regex:
        out += "(?:" + piece.text + ")";
        groups += countGroups(piece.text);
        break;
      case Piece::Def:
        out += "(" + piece.text + ")";
        groupOf[piece.name] = ++groups;
        groups += countGroups(piece.text);
        break;
      case Piece::Use: {
        auto local = groupOf.find(piece.name);
        if (local != groupOf.end()) {
          out += '\\';
          out += std::to_string(local->second);
        } else if (auto it = bindings.find(piece.name); it != bindings.end()) {
          out += escapeLiteral(it->second, false);
        } else if (undefined) {
          *undefined = piece.name;
          return "";
        } else {
          out += "(?:)";  // validation only
        }
        break;
      }
    }
  }
  return out;
}

// Finds the directive on a check-file line, if any. Returns false and sets
// `error` for a malformed one.
bool findDirective(std::string_view line, const std::vector<std::string>& prefixes, Directive& d,
                   std::string& error) {
  size_t bestAt = std::string_view::npos;
  const std::string* bestPrefix = nullptr;
  size_t bestColon = 0;
  std::string suffix;
  for (const std::string& prefix : prefixes) {
    for (size_t at = line.find(prefix); at != std::string_view::npos; at = line.find(prefix, at + 1)) {
      if (at > 0 && isWordChar(line[at - 1])) continue;
      size_t after = at + prefix.size();
      size_t colon = after;
      if (colon < line.size() && line[colon] == '-') {
        while (colon < line.size() && (isWordChar(line[colon]))) ++colon;
      }
      if (colon >= line.size() || line[colon] != ':') continue;
      if (at < bestAt || (at == bestAt && prefix.size() > bestPrefix->size())) {
        bestAt = at;
        bestPrefix = &prefix;
        bestColon = colon;
        suffix = std::string(line.substr(after, colon - after));
      }
      break;
    }
  }
  if (!bestPrefix) return false;
  d.spelling = *bestPrefix + suffix;
  if (suffix.empty()) {
    d.kind = Kind::Check;
  } else if (suffix == "-NEXT") {
    d.kind = Kind::Next;
  } else if (suffix == "-SAME") {
    d.kind = Kind::Same;
  } else if (suffix == "-NOT") {
    d.kind = Kind::Not;
  } else if (suffix == "-DAG") {
    d.kind = Kind::Dag;
  } else if (suffix == "-LABEL") {
    d.kind = Kind::Label;
  } else if (suffix == "-EMPTY") {
    d.kind = Kind::Empty;
  } else if (suffix.rfind("-COUNT-", 0) == 0) {
    d.kind = Kind::Count;
    std::string n = suffix.substr(7);
    if (n.empty() || n.size() > 6 || !std::all_of(n.begin(), n.end(), ::isdigit) || std::stoul(n) == 0) {
      error = "'" + d.spelling + "' needs a positive count, as in " + *bestPrefix + "-COUNT-3";
      return true;
    }
    d.count = std::stoul(n);
  } else {
    error = "unknown directive '" + d.spelling + ":' (expected " + *bestPrefix + ", " + *bestPrefix +
            "-NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY or -COUNT-N)";
    return true;
  }
  size_t patternAt = bestColon + 1;
  while (patternAt < line.size() && isHorizontalSpace(line[patternAt])) ++patternAt;
  d.column = patternAt + 1;
  d.pattern = trim(line.substr(bestColon + 1));
  return true;
}

// Input positions -> line/column.
class LineTable {
 public:
  explicit LineTable(std::string_view text) : text_(text) {
    starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') starts_.push_back(i + 1);
  }
  // 0-based line index of a position.
  size_t lineOf(size_t pos) const {
    return static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), pos) - starts_.begin()) - 1;
  }
  size_t lineStart(size_t line) const { return starts_[line]; }
  size_t lineEnd(size_t line) const {  // position of its '\n' or text end
    size_t e = text_.find('\n', starts_[line]);
    return e == std::string_view::npos ? text_.size() : e;
  }
  std::string_view lineText(size_t line) const { return text_.substr(lineStart(line), lineEnd(line) - lineStart(line)); }
  size_t lineCount() const {
    // A final newline does not start another line.
    return (!text_.empty() && text_.back() == '\n') ? starts_.size() - 1 : starts_.size();
  }

 private:
  std::string_view text_;
  std::vector<size_t> starts_;
};

struct Match {
  size_t begin = 0, end = 0;
  std::vector<std::pair<std::string, std::string>> defs;
};

// Edit distance between `pattern` and the best-matching substring of `line`.
size_t substringDistance(std::string_view pattern, std::string_view line) {
  std::vector<size_t> prev(line.size() + 1, 0), cur(line.size() + 1);
  for (size_t i = 1; i <= pattern.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= line.size(); ++j) {
      size_t sub = prev[j - 1] + (pattern[i - 1] == line[j - 1] ? 0 : 1);
      cur[j] = std::min({sub, prev[j] + 1, cur[j - 1] + 1});
    }
    std::swap(prev, cur);
  }
  return *std::min_element(prev.begin(), prev.end());
}

class Matcher {
 public:
  Matcher(const Options& options, const std::vector<Directive>& directives, std::string_view input)
      : options_(options), directives_(directives), input_(input), lines_(input) {}

  Result run();

 private:
  // The first match of `d` in [from, to) not overlapping `claimed`.
  std::optional<Match> find(const Directive& d, size_t from, size_t to,
                            const std::vector<std::pair<size_t, size_t>>& claimed = {});
  void bind(const Match& m) {
    for (const auto& [name, value] : m.defs) bindings_[name] = value;
  }
  bool checkNots(const std::vector<const Directive*>& nots, size_t from, size_t to);
  bool runBlock(size_t first, size_t last, size_t from, size_t to, std::optional<size_t> prevLine);

  // Failure reporting.
  void fail(const Directive& d, const std::string& what);
  void noteInput(const std::string& what, size_t pos, size_t width = 1);
  void noteNearMiss(const Directive& d, size_t from, size_t to);
  void noteVariables(const Directive& d);

  const Options& options_;
  const std::vector<Directive>& directives_;
  std::string_view input_;
  LineTable lines_;
  Bindings bindings_;
  std::string undefined_;  // set when a pattern used an unbound variable
  std::ostringstream msg_;
  std::map<size_t, std::string> marks_;  // input line -> annotation, for the dump
};

std::optional<Match> Matcher::find(const Directive& d, size_t from, size_t to,
                                   const std::vector<std::pair<size_t, size_t>>& claimed) {
  std::optional<std::regex> dynamic;
  const std::regex* re = d.compiled ? &*d.compiled : nullptr;
  if (!re) {
    std::string undefined;
    std::string src = buildRegex(d, bindings_, &undefined);
    if (!undefined.empty()) {
      undefined_ = undefined;
      return std::nullopt;
    }
    dynamic.emplace(src, std::regex::ECMAScript);
    re = &*dynamic;
  }
  size_t pos = from;
  while (pos <= to) {
    size_t line = lines_.lineOf(std::min(pos, input_.size()));
    size_t lineEnd = std::min(lines_.lineEnd(line), to);
    auto flags = std::regex_constants::match_default;
    if (pos != lines_.lineStart(line)) flags |= std::regex_constants::match_not_bol | std::regex_constants::match_prev_avail;
    if (lineEnd != lines_.lineEnd(line)) flags |= std::regex_constants::match_not_eol;
    std::match_results<std::string_view::const_iterator> m;
    auto b = input_.begin() + pos, e = input_.begin() + lineEnd;
    size_t searchFrom = pos;
    while (std::regex_search(b, e, m, *re, flags)) {
      size_t mb = static_cast<size_t>(m[0].first - input_.begin());
      size_t me = static_cast<size_t>(m[0].second - input_.begin());
      auto overlap = std::find_if(claimed.begin(), claimed.end(), [&](const auto& c) {
        return (mb < c.second && c.first < me) || (mb == me && mb >= c.first && mb < c.second);
      });
      if (overlap == claimed.end()) {
        Match result{mb, me, {}};
        size_t group = 0;
        for (const Piece& piece : d.pieces) {
          if (piece.type == Piece::Regex) group += countGroups(piece.text);
          if (piece.type == Piece::Def) {
            ++group;
            result.defs.emplace_back(piece.name, m[group].str());
            group += countGroups(piece.text);
          }
        }
        return result;
      }
      searchFrom = std::max(overlap->second, mb + 1);
      if (searchFrom > lineEnd) break;
      b = input_.begin() + searchFrom;
      flags |= std::regex_constants::match_not_bol | std::regex_constants::match_prev_avail;
    }
    if (lineEnd >= to) break;
    pos = lineEnd + 1;
  }
  return std::nullopt;
}

void Matcher::fail(const Directive& d, const std::string& what) {
  msg_ << options_.checkFileName << ":" << d.line << ":" << d.column << ": error: " << d.spelling << ": " << what
       << "\n" << d.lineText << "\n" << std::string(d.column - 1, ' ') << "^\n";
}

void Matcher::noteInput(const std::string& what, size_t pos, size_t width) {
  pos = std::min(pos, input_.size());
  size_t line = lines_.lineOf(pos);
  size_t col = pos - lines_.lineStart(line);
  msg_ << options_.inputName << ":" << line + 1 << ":" << col + 1 << ": note: " << what << "\n"
       << lines_.lineText(line) << "\n"
       << std::string(col, ' ') << "^" << std::string(width > 1 ? width - 1 : 0, '~') << "\n";
  std::string& mark = marks_[line];
  if (!mark.empty()) mark += "; ";
  mark += what;
}

void Matcher::noteVariables(const Directive& d) {
  for (const Piece& piece : d.pieces) {
    if (piece.type != Piece::Use) continue;
    auto it = bindings_.find(piece.name);
    if (it == bindings_.end()) continue;
    msg_ << "note: with \"" << piece.name << "\" equal to \"" << it->second << "\"\n";
  }
}

void Matcher::noteNearMiss(const Directive& d, size_t from, size_t to) {
  // What the pattern says literally (regex parts dropped, variables by value).
  std::string skeleton;
  for (const Piece& piece : d.pieces) {
    if (piece.type == Piece::Literal) skeleton += piece.text;
    if (piece.type == Piece::Use) {
      auto it = bindings_.find(piece.name);
      if (it != bindings_.end()) skeleton += it->second;
    }
  }
  skeleton = trim(skeleton);
  if (skeleton.empty() || from >= to) return;
  size_t first = lines_.lineOf(from), last = lines_.lineOf(to > 0 ? to - 1 : 0);
  size_t best = std::string::npos, bestLine = 0;
  for (size_t l = first; l <= last && l - first < 5000; ++l) {
    std::string_view text = lines_.lineText(l);
    if (trim(text).empty()) continue;
    size_t dist = substringDistance(skeleton, text);
    if (dist < best) {
      best = dist;
      bestLine = l;
    }
  }
  // Only lines that share more than half of the pattern's text.
  if (best == std::string::npos || best * 2 >= skeleton.size()) return;
  noteInput("possible intended match here", std::max(from, lines_.lineStart(bestLine)));
}

bool Matcher::checkNots(const std::vector<const Directive*>& nots, size_t from, size_t to) {
  for (const Directive* d : nots) {
    auto m = find(*d, from, to);
    if (!undefined_.empty()) {
      fail(*d, "uses undefined variable '" + undefined_ + "'");
      return false;
    }
    if (m) {
      fail(*d, "excluded string found in input");
      noteInput("found here", m->begin, m->end - m->begin);
      noteVariables(*d);
      return false;
    }
  }
  return true;
}

// Runs directives [first, last) over the input region [from, to).
// prevLine: the line of the previous match (a label's), if any.
bool Matcher::runBlock(size_t first, size_t last, size_t from, size_t to, std::optional<size_t> prevLine) {
  size_t cursor = from;
  std::vector<const Directive*> nots;
  for (size_t i = first; i < last; ++i) {
    const Directive& d = directives_[i];
    if (d.kind == Kind::Not) {
      nots.push_back(&d);
      continue;
    }
    if (d.kind == Kind::Dag) {
      size_t groupEnd = i;
      while (groupEnd < last && directives_[groupEnd].kind == Kind::Dag) ++groupEnd;
      std::vector<std::pair<size_t, size_t>> claimed;
      size_t minBegin = std::string::npos, maxEnd = cursor;
      for (size_t j = i; j < groupEnd; ++j) {
        auto m = find(directives_[j], cursor, to, claimed);
        if (!m) {
          fail(directives_[j], undefined_.empty() ? "expected string not found in input"
                                                  : "uses undefined variable '" + undefined_ + "'");
          noteInput("scanning from here", cursor);
          noteVariables(directives_[j]);
          noteNearMiss(directives_[j], cursor, to);
          return false;
        }
        bind(*m);
        claimed.emplace_back(m->begin, m->end);
        minBegin = std::min(minBegin, m->begin);
        maxEnd = std::max(maxEnd, m->end);
      }
      if (!checkNots(nots, cursor, minBegin)) return false;
      nots.clear();
      cursor = maxEnd;
      prevLine = lines_.lineOf(std::min(maxEnd, input_.size()));
      i = groupEnd - 1;
      continue;
    }
    if (d.kind == Kind::Empty) {
      // The line after the previous match's line must be empty.
      size_t line = prevLine ? *prevLine + 1 : 0;
      if (line >= lines_.lineCount() || lines_.lineStart(line) > to) {
        fail(d, "expected an empty line, found the end of the input");
        noteInput("previous match ended here", cursor);
        return false;
      }
      if (!lines_.lineText(line).empty()) {
        fail(d, "expected an empty line");
        noteInput("found this line instead", lines_.lineStart(line));
        return false;
      }
      if (!checkNots(nots, cursor, lines_.lineStart(line))) return false;
      nots.clear();
      cursor = lines_.lineStart(line);
      prevLine = line;
      continue;
    }
    for (size_t n = 0; n < d.count; ++n) {
      auto m = find(d, cursor, to);
      if (!m) {
        std::string what = undefined_.empty() ? "expected string not found in input"
                                              : "uses undefined variable '" + undefined_ + "'";
        if (d.kind == Kind::Count) what += " (" + std::to_string(n) + " of " + std::to_string(d.count) + " found)";
        fail(d, what);
        noteInput("scanning from here", cursor);
        noteVariables(d);
        if (undefined_.empty()) {
          size_t nearTo = to;
          // For NEXT/SAME the intended line is known: look there only.
          if ((d.kind == Kind::Next || d.kind == Kind::Same) && prevLine) {
            size_t want = *prevLine + (d.kind == Kind::Next ? 1 : 0);
            if (want < lines_.lineCount()) nearTo = std::min(to, lines_.lineEnd(want) + 1);
          }
          noteNearMiss(d, cursor, nearTo);
        }
        return false;
      }
      size_t line = lines_.lineOf(m->begin);
      if (d.kind == Kind::Next && prevLine && line != *prevLine + 1) {
        fail(d, line == *prevLine ? "is on the same line as the previous match"
                                  : "is not on the line after the previous match");
        noteInput("found here", m->begin, m->end - m->begin);
        noteInput("previous match ended here", cursor);
        if (*prevLine + 1 < lines_.lineCount()) noteNearMiss(d, lines_.lineStart(*prevLine + 1), lines_.lineEnd(*prevLine + 1));
        return false;
      }
      if (d.kind == Kind::Same && prevLine && line != *prevLine) {
        fail(d, "is not on the same line as the previous match");
        noteInput("found here", m->begin, m->end - m->begin);
        noteInput("previous match ended here", cursor);
        return false;
      }
      if (!checkNots(nots, cursor, m->begin)) return false;
      nots.clear();
      bind(*m);
      cursor = m->end;
      prevLine = line;
    }
  }
  return checkNots(nots, cursor, to);
}

Result Matcher::run() {
  // Labels first: they cut the input into blocks.
  struct Block {
    size_t firstDirective, lastDirective, from, to;
    std::optional<size_t> prevLine;
  };
  std::vector<Block> blocks;
  size_t pos = 0;
  size_t blockStart = 0;  // first directive of the current block
  std::optional<size_t> prevLine;
  size_t regionFrom = 0;
  bool ok = true;
  for (size_t i = 0; i < directives_.size() && ok; ++i) {
    const Directive& d = directives_[i];
    if (d.kind != Kind::Label) continue;
    auto m = find(d, pos, input_.size());
    if (!m) {
      fail(d, undefined_.empty() ? "expected string not found in input"
                                 : "uses undefined variable '" + undefined_ + "'");
      noteInput("scanning from here", pos);
      noteVariables(d);
      noteNearMiss(d, pos, input_.size());
      ok = false;
      break;
    }
    bind(*m);
    blocks.push_back({blockStart, i, regionFrom, m->begin, prevLine});
    blockStart = i + 1;
    regionFrom = m->end;
    prevLine = lines_.lineOf(m->begin);
    pos = m->end;
  }
  if (ok) {
    blocks.push_back({blockStart, directives_.size(), regionFrom, input_.size(), prevLine});
    for (const Block& b : blocks) {
      if (!runBlock(b.firstDirective, b.lastDirective, b.from, b.to, b.prevLine)) {
        ok = false;
        break;
      }
    }
  }
  Result r;
  r.ok = ok;
  if (!ok) {
    r.message = msg_.str();
    if (options_.dumpInput) {
      std::ostringstream dump;
      dump << "\nInput was (" << options_.inputName << "):\n<<<<<<\n";
      size_t n = lines_.lineCount();
      for (size_t l = 0; l < n; ++l) {
        char num[32];
        std::snprintf(num, sizeof num, "%5zu", l + 1);
        dump << num << ": " << lines_.lineText(l);
        auto it = marks_.find(l);
        if (it != marks_.end()) dump << "    <-- " << it->second;
        dump << "\n";
      }
      dump << ">>>>>>\n";
      r.message += dump.str();
    }
  }
  return r;
}

}  // namespace

CheckFile::CheckFile() = default;
CheckFile::CheckFile(CheckFile&&) noexcept = default;
CheckFile& CheckFile::operator=(CheckFile&&) noexcept = default;
CheckFile::~CheckFile() = default;

size_t CheckFile::directiveCount() const { return directives_.size(); }

CheckFile CheckFile::parse(std::string_view text, const Options& options) {
  CheckFile cf;
  cf.options_ = options;
  auto error = [&](size_t line, size_t col, const std::string& lineText, const std::string& what) {
    std::ostringstream os;
    os << options.checkFileName << ":" << line << ":" << col << ": error: " << what << "\n" << lineText << "\n"
       << std::string(col > 0 ? col - 1 : 0, ' ') << "^\n";
    cf.error_ = os.str();
    cf.directives_.clear();
    return std::move(cf);
  };
  if (options.prefixes.empty()) return error(0, 0, "", "no check prefix given");
  for (const std::string& p : options.prefixes) {
    if (p.empty() || !std::all_of(p.begin(), p.end(), [](char c) { return isWordChar(c); }) ||
        !std::isalpha(static_cast<unsigned char>(p[0])))
      return error(0, 0, "", "bad check prefix '" + p + "' (letters, digits, '-' and '_', starting with a letter)");
  }
  size_t lineNo = 0;
  size_t start = 0;
  bool sawPositive = false;  // a directive that sets a previous match
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    ++lineNo;
    Directive d;
    std::string err;
    if (findDirective(line, options.prefixes, d, err)) {
      d.line = lineNo;
      d.lineText = std::string(line);
      if (!err.empty()) return error(lineNo, 1 + line.find(d.spelling), d.lineText, err);
      if (d.kind == Kind::Empty) {
        if (!d.pattern.empty())
          return error(lineNo, d.column, d.lineText, "'" + d.spelling + ":' takes no pattern");
      } else if (d.pattern.empty()) {
        return error(lineNo, d.column, d.lineText, "empty pattern after '" + d.spelling + ":'");
      }
      if ((d.kind == Kind::Next || d.kind == Kind::Same || d.kind == Kind::Empty) && !sawPositive)
        return error(lineNo, d.column, d.lineText,
                     "'" + d.spelling + ":' needs a previous match: it cannot be the first directive");
      std::string splitError = splitPattern(d.pattern, d.pieces);
      if (!splitError.empty()) return error(lineNo, d.column, d.lineText, splitError);
      for (const Piece& p : d.pieces) {
        if (p.type == Piece::Use) d.usesVariables = true;
        if (p.type == Piece::Def && d.kind == Kind::Not)
          return error(lineNo, d.column, d.lineText, "'" + d.spelling + ":' cannot define a variable");
      }
      try {
        std::regex re(buildRegex(d, {}, nullptr), std::regex::ECMAScript);
        if (!d.usesVariables) d.compiled = std::move(re);
      } catch (const std::regex_error& e) {
        return error(lineNo, d.column, d.lineText, std::string("invalid regular expression: ") + e.what());
      }
      if (d.kind != Kind::Not) sawPositive = true;
      cf.directives_.push_back(std::move(d));
    }
    start = end + 1;
  }
  if (cf.directives_.empty()) {
    std::string names;
    for (const auto& p : options.prefixes) names += (names.empty() ? "'" : ", '") + p + ":'";
    cf.error_ = options.checkFileName + ": error: no check directives found with prefix " + names + "\n";
  }
  return cf;
}

Result CheckFile::check(std::string_view input) const {
  if (!error_.empty()) return Result{false, error_};
  Matcher m(options_, directives_, input);
  return m.run();
}

Result runFileCheck(std::string_view checkText, std::string_view input, const Options& options) {
  return CheckFile::parse(checkText, options).check(input);
}

}  // namespace jitserve::filecheck
