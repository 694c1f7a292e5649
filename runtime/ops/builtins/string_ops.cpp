// str methods and operators, conversions between str and numbers, and the
// string formatting builtins (str(x), "{}".format(...), "%d" % x).
//
// Strings are byte strings, as in PyTorch's TorchScript: len() counts bytes
// and character classes are ASCII. Search ranges (start, end) follow
// PyTorch's convention that a negative end counts from one past the last
// character, so the default end=-1 means "to the end".
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/op_registration.h"

namespace jitserve {
namespace builtins {
namespace {

bool isSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool isDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool isAlpha(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool isUpper(char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }
bool isLower(char c) { return std::islower(static_cast<unsigned char>(c)) != 0; }
char toUpper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }
char toLower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// Replaces the top value (a str) with f(str).
template <typename F>
void mapString(Stack& s, F f) {
  std::string out = f(s.back().toStringRef());
  s.back() = IValue(std::move(out));
}

// Basics --------------------------------------------------------------------------------

void strLen(Stack& s) { s.back() = IValue(static_cast<int64_t>(s.back().toStringRef().size())); }

void strGetItem(Stack& s) {
  const int64_t idx = pop(s).toInt();
  const std::string& str = s.back().toStringRef();
  const size_t i = normalizeIndex(idx, str.size(), "string index out of range");
  s.back() = IValue(std::string(1, str[i]));
}

void strSlice(Stack& s) {
  const int64_t step = pop(s).toInt();
  const auto end = optInt(s.back());
  s.pop_back();
  const auto start = optInt(s.back());
  s.pop_back();
  const std::string& str = s.back().toStringRef();
  const SliceBounds b = resolveSlice(start, end, step, static_cast<int64_t>(str.size()));
  std::string out;
  out.reserve(static_cast<size_t>(b.count));
  for (int64_t i = 0, j = b.start; i < b.count; ++i, j += b.step) out += str[static_cast<size_t>(j)];
  s.back() = IValue(std::move(out));
}

void strAdd(Stack& s) {
  IValue b = pop(s);
  std::string out = s.back().toStringRef() + b.toStringRef();
  s.back() = IValue(std::move(out));
}

template <typename Cmp>
void strCompare(Stack& s) {
  IValue b = pop(s);
  const bool r = Cmp()(s.back().toStringRef().compare(b.toStringRef()), 0);
  s.back() = IValue(r);
}

void strToList(Stack& s) {
  const std::string& str = s.back().toStringRef();
  std::vector<IValue> chars;
  chars.reserve(str.size());
  for (char c : str) chars.emplace_back(std::string(1, c));
  s.back() = IValue(ListImpl::create(StringType::get(), std::move(chars)));
}

// Case and classes ---------------------------------------------------------------------

void strUpper(Stack& s) {
  mapString(s, [](std::string str) {
    std::transform(str.begin(), str.end(), str.begin(), toUpper);
    return str;
  });
}
void strLower(Stack& s) {
  mapString(s, [](std::string str) {
    std::transform(str.begin(), str.end(), str.begin(), toLower);
    return str;
  });
}
void strSwapcase(Stack& s) {
  mapString(s, [](std::string str) {
    for (char& c : str) c = isUpper(c) ? toLower(c) : toUpper(c);
    return str;
  });
}
void strCapitalize(Stack& s) {
  mapString(s, [](std::string str) {
    for (size_t i = 0; i < str.size(); ++i) str[i] = i == 0 ? toUpper(str[i]) : toLower(str[i]);
    return str;
  });
}
void strTitle(Stack& s) {
  mapString(s, [](std::string str) {
    bool prevCased = false;
    for (char& c : str) {
      c = prevCased ? toLower(c) : toUpper(c);
      prevCased = isAlpha(c);
    }
    return str;
  });
}

// A character-class predicate over a non-empty string.
template <bool (*Pred)(char)>
void strAll(Stack& s) {
  const std::string& str = s.back().toStringRef();
  const bool r = !str.empty() && std::all_of(str.begin(), str.end(), Pred);
  s.back() = IValue(r);
}
bool isAlnum(char c) { return isAlpha(c) || isDigit(c); }
bool isPrintable(char c) { return std::isprint(static_cast<unsigned char>(c)) != 0; }
// Unlike the other is*() tests, Python's "".isprintable() is True.
void strIsPrintable(Stack& s) {
  const std::string& str = s.back().toStringRef();
  s.back() = IValue(std::all_of(str.begin(), str.end(), isPrintable));
}

// isupper/islower: at least one cased character and none of the other case.
template <bool Upper>
void strIsCase(Stack& s) {
  const std::string& str = s.back().toStringRef();
  bool anyCased = false, ok = true;
  for (char c : str) {
    if (isUpper(c) || isLower(c)) {
      anyCased = true;
      if (Upper ? isLower(c) : isUpper(c)) ok = false;
    }
  }
  s.back() = IValue(anyCased && ok);
}

void strIsTitle(Stack& s) {
  const std::string& str = s.back().toStringRef();
  bool prevCased = false, anyCased = false, ok = true;
  for (char c : str) {
    if (isUpper(c)) {
      if (prevCased) ok = false;
      prevCased = anyCased = true;
    } else if (isLower(c)) {
      if (!prevCased) ok = false;
      prevCased = anyCased = true;
    } else {
      prevCased = false;
    }
  }
  s.back() = IValue(anyCased && ok);
}

// TorchScript's isidentifier (its "Python 2" rule, PyTorch warns): not
// empty, no leading digit, letters and digits only -- an underscore makes
// it False, unlike Python's.
void strIsIdentifier(Stack& s) {
  const std::string& str = s.back().toStringRef();
  bool ok = !str.empty() && !isDigit(str[0]);
  for (char c : str) ok = ok && isAlnum(c);
  s.back() = IValue(ok);
}

// Stripping -------------------------------------------------------------------------------

template <bool Left, bool Right>
void strStrip(Stack& s) {
  IValue chars = pop(s);
  const std::string& set = chars.toStringRef();
  const std::string& str = s.back().toStringRef();
  size_t b = 0, e = str.size();
  if (Left) {
    while (b < e && set.find(str[b]) != std::string::npos) ++b;
  }
  if (Right) {
    while (e > b && set.find(str[e - 1]) != std::string::npos) --e;
  }
  s.back() = IValue(str.substr(b, e - b));
}

// Search ------------------------------------------------------------------------------------

// Resolves (start, end) against the string as PyTorch's string builtins do.
std::pair<size_t, size_t> searchRange(const std::string& str, int64_t start, int64_t end) {
  const int64_t n = static_cast<int64_t>(str.size());
  if (start < 0) start = std::max<int64_t>(0, start + n);
  if (end < 0) end = std::max<int64_t>(0, end + n + 1);
  start = std::min(start, n);
  end = std::min(end, n);
  return {static_cast<size_t>(start), static_cast<size_t>(std::max(start, end))};
}

// The arguments (substr, start, end) of a search method, popped: the
// substring and the window of self (left on top of the stack) they select.
struct Search {
  IValue sub;
  std::string_view window;
  size_t begin;  // the window's offset in self

  const std::string& needle() const { return sub.toStringRef(); }
};
Search popSearch(Stack& s) {
  const int64_t end = pop(s).toInt();
  const int64_t start = pop(s).toInt();
  IValue sub = pop(s);
  const std::string& str = s.back().toStringRef();
  auto [b, e] = searchRange(str, start, end);
  return {std::move(sub), std::string_view(str.data() + b, e - b), b};
}

// find / rfind (-1 when absent), index / rindex (an error when absent).
template <bool Reverse, bool MustFind>
void strFind(Stack& s) {
  const Search q = popSearch(s);
  const std::string& needle = q.needle();
  int64_t r = -1;
  if (needle.size() <= q.window.size()) {
    const size_t p = Reverse ? q.window.rfind(needle) : q.window.find(needle);
    if (p != std::string_view::npos) r = static_cast<int64_t>(p + q.begin);
  }
  if (MustFind) JS_CHECK(r >= 0, "ValueError: substring not found");
  s.back() = IValue(r);
}

void strCount(Stack& s) {
  const Search q = popSearch(s);
  const std::string& needle = q.needle();
  int64_t n = 0;
  if (needle.empty()) {
    n = static_cast<int64_t>(q.window.size()) + 1;
  } else {
    for (size_t p = q.window.find(needle); p != std::string_view::npos; p = q.window.find(needle, p + needle.size()))
      ++n;
  }
  s.back() = IValue(n);
}

template <bool Starts>
void strStartsEnds(Stack& s) {
  const Search q = popSearch(s);
  const std::string& affix = q.needle();
  const std::string_view window = q.window;
  bool r = affix.size() <= window.size();
  if (r) r = Starts ? window.substr(0, affix.size()) == affix : window.substr(window.size() - affix.size()) == affix;
  s.back() = IValue(r);
}

void strReplace(Stack& s) {
  int64_t max = pop(s).toInt();
  IValue with = pop(s);
  IValue old = pop(s);
  const std::string& str = s.back().toStringRef();
  const std::string& from = old.toStringRef();
  const std::string& to = with.toStringRef();
  std::string out;
  if (from.empty()) {
    // Python inserts `to` around every character.
    for (size_t i = 0; i <= str.size(); ++i) {
      if (max != 0) {
        out += to;
        if (max > 0) --max;
      }
      if (i < str.size()) out += str[i];
    }
  } else {
    size_t pos = 0;
    while (max != 0) {
      const size_t p = str.find(from, pos);
      if (p == std::string::npos) break;
      out.append(str, pos, p - pos);
      out += to;
      pos = p + from.size();
      if (max > 0) --max;
    }
    out.append(str, pos, std::string::npos);
  }
  s.back() = IValue(std::move(out));
}

// Split and join -----------------------------------------------------------------------------

IValue stringList(std::vector<IValue> parts) { return IValue(ListImpl::create(StringType::get(), std::move(parts))); }

// str.split(sep=None, maxsplit=-1).
void strSplit(Stack& s) {
  const int64_t max = pop(s).toInt();
  IValue sepV = pop(s);
  const std::string& str = s.back().toStringRef();
  std::vector<IValue> parts;
  int64_t splits = 0;
  if (sepV.isNone()) {
    // Runs of whitespace separate; leading/trailing whitespace yields nothing.
    size_t i = 0;
    while (i < str.size()) {
      while (i < str.size() && isSpace(str[i])) ++i;
      if (i == str.size()) break;
      if (max >= 0 && splits == max) {
        size_t e = str.size();
        while (e > i && isSpace(str[e - 1])) --e;
        parts.emplace_back(str.substr(i, e - i));
        break;
      }
      size_t j = i;
      while (j < str.size() && !isSpace(str[j])) ++j;
      parts.emplace_back(str.substr(i, j - i));
      ++splits;
      i = j;
    }
  } else {
    const std::string& sep = sepV.toStringRef();
    JS_CHECK(!sep.empty(), "ValueError: empty separator");
    size_t pos = 0;
    while (max < 0 || splits < max) {
      const size_t p = str.find(sep, pos);
      if (p == std::string::npos) break;
      parts.emplace_back(str.substr(pos, p - pos));
      pos = p + sep.size();
      ++splits;
    }
    parts.emplace_back(str.substr(pos));
  }
  s.back() = stringList(std::move(parts));
}

// str.rsplit(sep=" ", maxsplit=-1): splits from the right.
void strRsplit(Stack& s) {
  const int64_t max = pop(s).toInt();
  IValue sepV = pop(s);
  const std::string& str = s.back().toStringRef();
  const std::string& sep = sepV.toStringRef();
  JS_CHECK(!sep.empty(), "ValueError: empty separator");
  std::vector<IValue> parts;
  size_t end = str.size();
  int64_t splits = 0;
  while (max < 0 || splits < max) {
    if (end < sep.size()) break;
    const size_t p = str.rfind(sep, end - sep.size());
    if (p == std::string::npos) break;
    parts.emplace_back(str.substr(p + sep.size(), end - p - sep.size()));
    end = p;
    ++splits;
  }
  parts.emplace_back(str.substr(0, end));
  std::reverse(parts.begin(), parts.end());
  s.back() = stringList(std::move(parts));
}

// As TorchScript's (not Python's): every one of \n \r \v \f \x1c \x1d
// \x1e ends a line by itself (\r\n is two breaks: an empty line between),
// a break at the very end adds no empty line, and keepends gives each break
// as an element of its own after its line.
void strSplitlines(Stack& s) {
  const bool keepends = pop(s).toBool();
  const std::string& str = s.back().toStringRef();
  static constexpr std::string_view kBreaks("\n\r\x0b\x0c\x1c\x1d\x1e", 7);
  std::vector<IValue> parts;
  size_t i = 0;
  while (i < str.size()) {
    const size_t j = str.find_first_of(kBreaks, i);
    if (j == std::string::npos) {
      parts.emplace_back(str.substr(i));
      break;
    }
    parts.emplace_back(str.substr(i, j - i));
    if (keepends) parts.emplace_back(str.substr(j, 1));
    i = j + 1;
  }
  s.back() = stringList(std::move(parts));
}

void strJoin(Stack& s) {
  IValue values = pop(s);
  const std::string& sep = s.back().toStringRef();
  std::string out;
  bool first = true;
  for (const auto& v : values.toListRef().elements) {
    if (!first) out += sep;
    first = false;
    out += v.toStringRef();
  }
  s.back() = IValue(std::move(out));
}

// Pushes (head, sep, tail) for partition / rpartition.
template <bool Reverse>
void strPartition(Stack& s) {
  IValue sepV = pop(s);
  const std::string& sep = sepV.toStringRef();
  JS_CHECK(!sep.empty(), "ValueError: empty separator");
  const std::string str = s.back().toStringRef();
  const size_t p = Reverse ? str.rfind(sep) : str.find(sep);
  if (p == std::string::npos) {
    s.back() = IValue(Reverse ? std::string() : str);
    s.emplace_back(std::string());
    s.emplace_back(Reverse ? str : std::string());
    return;
  }
  s.back() = IValue(str.substr(0, p));
  s.emplace_back(sep);
  s.emplace_back(str.substr(p + sep.size()));
}

// Padding ---------------------------------------------------------------------------------

char fillChar(const IValue& v) {
  const std::string& f = v.toStringRef();
  JS_CHECK(f.size() == 1, "TypeError: The fill character must be exactly one character long");
  return f[0];
}

void strCenter(Stack& s) {
  const char fill = fillChar(pop(s));
  const int64_t width = pop(s).toInt();
  const std::string& str = s.back().toStringRef();
  const int64_t n = static_cast<int64_t>(str.size());
  if (width <= n) return;
  const int64_t pad = width - n;
  // Python puts the extra character on the left when pad and width are odd.
  const int64_t left = pad / 2 + (pad & width & 1);
  s.back() = IValue(std::string(static_cast<size_t>(left), fill) + str +
                    std::string(static_cast<size_t>(pad - left), fill));
}

template <bool Left>
void strJust(Stack& s) {
  const char fill = fillChar(pop(s));
  const int64_t width = pop(s).toInt();
  const std::string& str = s.back().toStringRef();
  const int64_t n = static_cast<int64_t>(str.size());
  if (width <= n) return;
  const std::string pad(static_cast<size_t>(width - n), fill);
  s.back() = IValue(Left ? str + pad : pad + str);
}

void strZfill(Stack& s) {
  const int64_t width = pop(s).toInt();
  const std::string& str = s.back().toStringRef();
  const int64_t n = static_cast<int64_t>(str.size());
  if (width <= n) return;
  // Zeros in front of everything, a sign included ('-42'.zfill(6) is
  // '000-42'), as TorchScript's zfill does (Python's keeps the sign first).
  s.back() = IValue(std::string(static_cast<size_t>(width - n), '0') + str);
}

void strExpandtabs(Stack& s) {
  const int64_t tab = pop(s).toInt();
  const std::string& str = s.back().toStringRef();
  std::string out;
  size_t col = 0;
  for (char c : str) {
    if (c == '\t') {
      if (tab > 0) {
        const size_t n = static_cast<size_t>(tab) - col % static_cast<size_t>(tab);
        out.append(n, ' ');
        col += n;
      }
    } else {
      out += c;
      col = (c == '\n' || c == '\r') ? 0 : col + 1;
    }
  }
  s.back() = IValue(std::move(out));
}

// Conversions ------------------------------------------------------------------------------

void toStr(Stack& s) {
  if (s.back().isString()) return;
  s.back() = IValue(s.back().str());
}

// int(str) as TorchScript computes it (not Python): leading whitespace, a
// sign and decimal digits; trailing whitespace and underscores are errors.
void intFromStr(Stack& s) {
  const std::string& str = s.back().toStringRef();
  size_t b = 0, e = str.size();
  while (b < e && isSpace(str[b])) ++b;
  size_t i = b;
  bool negative = false;
  if (i < e && (str[i] == '+' || str[i] == '-')) negative = str[i++] == '-';
  bool ok = i < e && isDigit(str[i]);
  uint64_t v = 0;
  bool overflow = false;
  for (; ok && i < e; ++i) {
    const char c = str[i];
    if (!isDigit(c)) {
      ok = false;
      break;
    }
    if (v > (UINT64_MAX - 9) / 10) overflow = true;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  JS_CHECK(ok, "invalid literal for int() with base 10: '", str, "'");
  JS_CHECK(!overflow && v <= (negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1),
           "int() value out of range for a 64-bit int: '", str, "'");
  s.back() = IValue(negative ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v));
}

// float(str) as TorchScript computes it: leading whitespace is skipped,
// trailing whitespace is an error.
void floatFromStr(Stack& s) {
  const std::string& str = s.back().toStringRef();
  size_t b = 0, e = str.size();
  while (b < e && isSpace(str[b])) ++b;
  const std::string body = str.substr(b, e - b);
  char* end = nullptr;
  errno = 0;
  const double d = std::strtod(body.c_str(), &end);
  JS_CHECK(!body.empty() && end == body.c_str() + body.size(), "could not convert string to float: '", str, "'");
  s.back() = IValue(d);
}

void ordStr(Stack& s) {
  const std::string& str = s.back().toStringRef();
  JS_CHECK(str.size() == 1, "String for ord() must be 1 character, found ", str.size());
  s.back() = IValue(static_cast<int64_t>(static_cast<unsigned char>(str[0])));
}

void chrInt(Stack& s) {
  const int64_t i = s.back().toInt();
  JS_CHECK(i >= 0 && i < 0x110000, "chr() arg not in range(0x110000), found ", i);
  std::string out;
  const auto c = static_cast<uint32_t>(i);
  // UTF-8 encoding, so chr(ord(c)) round-trips for ASCII and chr of a code
  // point gives the bytes Python would write.
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  s.back() = IValue(std::move(out));
}

// bin/oct/hex: Python's "-0b101", "0o10", "0xff".
template <int Base>
void intToBase(Stack& s) {
  const int64_t v = s.back().toInt();
  uint64_t u = v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string digits;
  do {
    digits += "0123456789abcdef"[u % Base];
    u /= Base;
  } while (u);
  std::reverse(digits.begin(), digits.end());
  const char* prefix = Base == 2 ? "0b" : Base == 8 ? "0o" : "0x";
  s.back() = IValue((v < 0 ? "-" : "") + std::string(prefix) + digits);
}

// Formatting ---------------------------------------------------------------------------------

// aten::format(str self, ...): each "{}" takes the next argument's str().
// Vararg: the interpreter pushed the input count on top.
void strFormat(Stack& s) {
  const size_t n = static_cast<size_t>(pop(s).toInt());
  JS_INTERNAL_ASSERT(n >= 1 && n <= s.size(), "aten::format: bad input count ", n);
  const std::string fmt = arg(s, 0, n).toStringRef();
  std::string out;
  size_t next = 1;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] == '{' && i + 1 < fmt.size() && fmt[i + 1] == '}') {
      JS_CHECK(next < n, "Too few arguments for format string: ", fmt);
      out += arg(s, next++, n).str();
      ++i;
    } else {
      out += fmt[i];
    }
  }
  replaceArgs(s, n, std::move(out));
}

// aten::percentFormat(str self, ...): "fmt" % value or "fmt" % (a, b).
void strPercentFormat(Stack& s) {
  const size_t n = static_cast<size_t>(pop(s).toInt());
  JS_INTERNAL_ASSERT(n >= 1 && n <= s.size(), "aten::percentFormat: bad input count ", n);
  const std::string fmt = arg(s, 0, n).toStringRef();
  std::vector<IValue> values;
  if (n == 2 && arg(s, 1, n).isTuple()) {
    values = arg(s, 1, n).toTupleRef().elements;
  } else {
    for (size_t i = 1; i < n; ++i) values.push_back(arg(s, i, n));
  }
  std::string out;
  size_t next = 0;
  char buf[64];
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    JS_CHECK(i + 1 < fmt.size(), "Incomplete format specifier");
    const char spec = fmt[++i];
    if (spec == '%') {
      out += '%';
      continue;
    }
    JS_CHECK(next < values.size(), "Too few arguments for format string");
    const IValue& v = values[next++];
    switch (spec) {
      case 's': out += v.str(); break;
      case 'd':
      case 'i':
        JS_CHECK(v.isScalar(), "%", spec, " requires a number for formatting, but got ", v.type()->str());
        out += std::to_string(isIntLike(v) ? asInt(v) : static_cast<int64_t>(v.toDouble()));
        break;
      case 'f':
      case 'e':
      case 'E':
        JS_CHECK(v.isScalar(), "%", spec, " requires a number for formatting, but got ", v.type()->str());
        std::snprintf(buf, sizeof(buf), spec == 'f' ? "%f" : spec == 'e' ? "%e" : "%E", v.toNumberAsDouble());
        out += buf;
        break;
      case 'c':
        if (v.isString() && v.toStringRef().size() == 1) {
          out += v.toStringRef();
        } else {
          JS_CHECK(isIntLike(v), "%c requires an int or char for formatting, but got ", v.type()->str());
          out += static_cast<char>(v.toInt());
        }
        break;
      default: JS_ERROR("The specifier %", spec, " is not supported in TorchScript format strings");
    }
  }
  JS_CHECK(next == values.size(), "Too many arguments for format string");
  replaceArgs(s, n, std::move(out));
}

}  // namespace

const ops::OpTable kStringOps = {
    {"aten::len.str(str s) -> int", strLen, "len(s) in bytes"},
    {"aten::__getitem__.str(str s, int index) -> str", strGetItem, "s[index]"},
    {"aten::slice.str(str string, int? start=None, int? end=None, int step=1) -> str", strSlice, "s[start:end:step]"},
    {"aten::add.str(str a, str b) -> str", strAdd, "a + b"},
    {"aten::eq.str(str a, str b) -> bool", strCompare<std::equal_to<int>>, "a == b"},
    {"aten::ne.str(str a, str b) -> bool", strCompare<std::not_equal_to<int>>, "a != b"},
    {"aten::lt.str(str a, str b) -> bool", strCompare<std::less<int>>, "a < b"},
    {"aten::le.str(str a, str b) -> bool", strCompare<std::less_equal<int>>, "a <= b"},
    {"aten::gt.str(str a, str b) -> bool", strCompare<std::greater<int>>, "a > b"},
    {"aten::ge.str(str a, str b) -> bool", strCompare<std::greater_equal<int>>, "a >= b"},
    {"aten::list(str t) -> str[]", strToList, "list(s): its characters"},
    {"aten::upper(str self) -> str", strUpper, "s.upper()"},
    {"aten::lower(str self) -> str", strLower, "s.lower()"},
    {"aten::swapcase(str self) -> str", strSwapcase, "s.swapcase()"},
    {"aten::capitalize(str self) -> str", strCapitalize, "s.capitalize()"},
    {"aten::title(str self) -> str", strTitle, "s.title()"},
    {"aten::isdigit(str self) -> bool", strAll<isDigit>, "s.isdigit()"},
    {"aten::isdecimal(str self) -> bool", strAll<isDigit>, "s.isdecimal()"},
    {"aten::isnumeric(str self) -> bool", strAll<isDigit>, "s.isnumeric()"},
    {"aten::isalpha(str self) -> bool", strAll<isAlpha>, "s.isalpha()"},
    {"aten::isalnum(str self) -> bool", strAll<isAlnum>, "s.isalnum()"},
    {"aten::isspace(str self) -> bool", strAll<isSpace>, "s.isspace()"},
    {"aten::isprintable(str self) -> bool", strIsPrintable, "s.isprintable()"},
    {"aten::isupper(str self) -> bool", strIsCase<true>, "s.isupper()"},
    {"aten::islower(str self) -> bool", strIsCase<false>, "s.islower()"},
    {"aten::istitle(str self) -> bool", strIsTitle, "s.istitle()"},
    {"aten::isidentifier(str self) -> bool", strIsIdentifier, "s.isidentifier()"},
    {"aten::strip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<true, true>, "s.strip(chars)"},
    {"aten::lstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<true, false>, "s.lstrip(chars)"},
    {"aten::rstrip(str self, str chars=\" \\n\\t\\f\\v\") -> str", strStrip<false, true>, "s.rstrip(chars)"},
    {"aten::find(str self, str substr, int start=0, int end=-1) -> int", strFind<false, false>, "s.find(sub)"},
    {"aten::rfind(str self, str substr, int start=0, int end=-1) -> int", strFind<true, false>, "s.rfind(sub)"},
    {"aten::index.str(str self, str substr, int start=0, int end=-1) -> int", strFind<false, true>, "s.index(sub)"},
    {"aten::rindex(str self, str substr, int start=0, int end=-1) -> int", strFind<true, true>, "s.rindex(sub)"},
    {"aten::count(str self, str substr, int start=0, int end=-1) -> int", strCount, "s.count(sub)"},
    {"aten::startswith(str self, str substr, int start=0, int end=-1) -> bool", strStartsEnds<true>,
     "s.startswith(prefix)"},
    {"aten::endswith(str self, str substr, int start=0, int end=-1) -> bool", strStartsEnds<false>,
     "s.endswith(suffix)"},
    {"aten::replace(str self, str old, str new, int max=-1) -> str", strReplace, "s.replace(old, new, max)"},
    {"aten::split.str(str self, str? separator=None, int max=-1) -> str[]", strSplit, "s.split(sep, max)"},
    {"aten::rsplit(str self, str separator=\" \", int max=-1) -> str[]", strRsplit, "s.rsplit(sep, max)"},
    {"aten::splitlines(str self, bool keepends=False) -> str[]", strSplitlines, "s.splitlines()"},
    {"aten::join(str self, str[] values) -> str", strJoin, "self.join(values)"},
    {"aten::partition(str self, str separator) -> (str, str, str)", strPartition<false>, "s.partition(sep)"},
    {"aten::rpartition(str self, str separator) -> (str, str, str)", strPartition<true>, "s.rpartition(sep)"},
    {"aten::center(str self, int width, str fillchar=\" \") -> str", strCenter, "s.center(width)"},
    {"aten::ljust(str self, int width, str fillchar=\" \") -> str", strJust<true>, "s.ljust(width)"},
    {"aten::rjust(str self, int width, str fillchar=\" \") -> str", strJust<false>, "s.rjust(width)"},
    {"aten::zfill(str self, int width) -> str", strZfill, "s.zfill(width)"},
    {"aten::expandtabs(str self, int tabsize=8) -> str", strExpandtabs, "s.expandtabs(tabsize)"},
    {"aten::str(t elem) -> str", toStr, "str(x)"},
    {"aten::Int.str(str a) -> int", intFromStr, "int(s)"},
    {"aten::Float.str(str a) -> float", floatFromStr, "float(s)"},
    {"aten::ord(str string) -> int", ordStr, "ord(c)"},
    {"aten::chr(int i) -> str", chrInt, "chr(i), UTF-8 encoded"},
    {"aten::bin(int i) -> str", intToBase<2>, "bin(i)"},
    {"aten::oct(int i) -> str", intToBase<8>, "oct(i)"},
    {"aten::hex(int i) -> str", intToBase<16>, "hex(i)"},
    {"aten::format(str self, ...) -> str", strFormat, "self.format(*args) with {} placeholders"},
    {"aten::percentFormat(str self, ...) -> str", strPercentFormat, "self % args"},
};

}  // namespace builtins

}  // namespace jitserve
