#include "tools/common/value_literal.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::tools {
namespace {

class LiteralParser {
 public:
  explicit LiteralParser(std::string_view s) : s_(s) {}

  absl::StatusOr<IValue> parseAll() {
    auto v = parseValue();
    if (!v.ok()) return v;
    skipSpace();
    if (pos_ != s_.size()) return error("unexpected text after the value");
    return v;
  }

 private:
  absl::Status error(const std::string& what) const {
    return absl::InvalidArgumentError("cannot read value '" + std::string(s_) + "': " + what + " at column " +
                                      std::to_string(pos_ + 1));
  }
  void skipSpace() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  bool eat(char c) {
    skipSpace();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  std::string_view word() {
    skipSpace();
    size_t b = pos_;
    while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_')) ++pos_;
    return s_.substr(b, pos_ - b);
  }

  absl::StatusOr<IValue> parseValue() {
    skipSpace();
    if (pos_ >= s_.size()) return error("expected a value");
    char c = s_[pos_];
    if (c == '[' || c == '(') return parseSequence(c == '[' ? ']' : ')', c == '[');
    if (c == '\'' || c == '"') return parseString(c);
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.') return parseNumber();
    size_t start = pos_;
    std::string_view w = word();
    if (w == "True") return IValue(true);
    if (w == "False") return IValue(false);
    if (w == "None") return IValue();
    if (w == "inf") return IValue(INFINITY);
    if (w == "nan") return IValue(NAN);
    if (w == "zeros" || w == "ones" || w == "full" || w == "arange" || w == "rand") return parseTensor(w);
    pos_ = start;
    return error("unknown word '" + std::string(w) + "'");
  }

  absl::StatusOr<IValue> parseNumber() {
    size_t start = pos_;
    if (s_[pos_] == '-' || s_[pos_] == '+') ++pos_;
    if (s_.substr(pos_, 3) == "inf") {
      pos_ += 3;
      return IValue(s_[start] == '-' ? -INFINITY : INFINITY);
    }
    bool isFloat = false;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (std::isdigit(static_cast<unsigned char>(c))) ++pos_;
      else if (c == '.' || c == 'e' || c == 'E') {
        isFloat = true;
        ++pos_;
        if ((c == 'e' || c == 'E') && pos_ < s_.size() && (s_[pos_] == '-' || s_[pos_] == '+')) ++pos_;
      } else break;
    }
    std::string text(s_.substr(start, pos_ - start));
    char* end = nullptr;
    errno = 0;
    if (isFloat) {
      double d = std::strtod(text.c_str(), &end);
      if (*end) return error("malformed number '" + text + "'");
      return IValue(d);
    }
    long long v = std::strtoll(text.c_str(), &end, 10);
    if (*end || text == "-" || text == "+") return error("malformed number '" + text + "'");
    if (errno == ERANGE) return error("integer out of range '" + text + "'");
    return IValue(static_cast<int64_t>(v));
  }

  absl::StatusOr<IValue> parseString(char quote) {
    ++pos_;
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != quote) {
      if (s_[pos_] == '\\' && pos_ + 1 < s_.size()) ++pos_;
      out.push_back(s_[pos_++]);
    }
    if (pos_ >= s_.size()) return error("unterminated string");
    ++pos_;
    return IValue(std::move(out));
  }

  absl::StatusOr<IValue> parseSequence(char close, bool isList) {
    ++pos_;
    std::vector<IValue> elems;
    bool trailingComma = false;
    if (!eat(close)) {
      for (;;) {
        auto v = parseValue();
        if (!v.ok()) return v;
        elems.push_back(std::move(*v));
        if (eat(close)) break;
        if (!eat(',')) return error(std::string("expected ',' or '") + close + "'");
        if (eat(close)) {
          trailingComma = true;
          break;
        }
      }
    }
    if (!isList) {
      if (elems.size() == 1 && !trailingComma) return std::move(elems[0]);  // (x) is x
      return IValue::tuple(std::move(elems));
    }
    // A list's element type: int, float, bool or str when uniform (ints
    // widen to float beside floats, as in a TorchScript list literal).
    bool allInt = true, allNum = true, allBool = true, allStr = true;
    for (auto& e : elems) {
      allInt &= e.isInt();
      allNum &= e.isInt() || e.isDouble();
      allBool &= e.isBool();
      allStr &= e.isString();
    }
    if (elems.empty()) return error("an empty list has no element type");
    if (allInt) {
      std::vector<int64_t> v;
      for (auto& e : elems) v.push_back(e.toInt());
      return IValue::intList(std::move(v));
    }
    if (allNum) {
      std::vector<double> v;
      for (auto& e : elems) v.push_back(e.isInt() ? static_cast<double>(e.toInt()) : e.toDouble());
      return IValue::doubleList(std::move(v));
    }
    if (allBool) {
      std::vector<bool> v;
      for (auto& e : elems) v.push_back(e.toBool());
      return IValue::boolList(v);
    }
    if (allStr) {
      std::vector<std::string> v;
      for (auto& e : elems) v.push_back(e.toStringRef());
      return IValue::stringList(v);
    }
    return error("list elements must all be ints, floats, bools or strings");
  }

  absl::StatusOr<IValue> parseTensor(std::string_view fn) {
    if (!eat('(')) return error("expected '(' after " + std::string(fn));
    std::vector<double> args;
    if (!eat(')')) {
      for (;;) {
        auto v = parseNumber();
        if (!v.ok()) return v;
        args.push_back(v->isInt() ? static_cast<double>(v->toInt()) : v->toDouble());
        if (eat(')')) break;
        if (!eat(',')) return error("expected ',' or ')'");
        skipSpace();
      }
    }
    std::vector<int64_t> sizes;
    double fill = 0;
    if (fn == "full") {
      if (args.empty()) return error("full(...) needs sizes and a fill value");
      fill = args.back();
      args.pop_back();
    }
    for (double a : args) {
      if (a < 0 || a != std::floor(a) || a > (1 << 30)) return error("tensor sizes must be small non-negative integers");
      sizes.push_back(static_cast<int64_t>(a));
    }
    if (fn == "arange") {
      if (sizes.size() != 1) return error("arange(n) takes one size");
      Tensor t = empty({sizes[0]}, ScalarType::Float);
      float* p = t.data<float>();
      for (int64_t i = 0; i < sizes[0]; ++i) p[i] = static_cast<float>(i);
      return IValue(std::move(t));
    }
    Tensor t = empty(sizes, ScalarType::Float);
    float* p = t.data<float>();
    if (fn == "rand") {
      std::mt19937 gen(0);
      std::uniform_real_distribution<float> dist(0.f, 1.f);
      for (int64_t i = 0; i < t.numel(); ++i) p[i] = dist(gen);
    } else {
      float v = fn == "ones" ? 1.f : static_cast<float>(fill);
      for (int64_t i = 0; i < t.numel(); ++i) p[i] = v;
    }
    return IValue(std::move(t));
  }

  std::string_view s_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<IValue> parseValueLiteral(std::string_view text) { return LiteralParser(text).parseAll(); }

}  // namespace jitserve::tools
