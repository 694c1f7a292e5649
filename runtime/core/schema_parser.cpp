#include "runtime/core/schema_parser.h"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <mutex>
#include <string>

#include "absl/container/flat_hash_map.h"

#include "runtime/core/type_parser.h"

namespace jitserve {
namespace {

// Thrown inside the parser only; parseSchema turns it into a Status.
struct ParseFailure {
  std::string message;
  size_t pos;
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Keyword defaults from native_functions.yaml: enum members that are ints at
// run time.
std::optional<int64_t> keywordDefault(std::string_view word) {
  if (word == "contiguous_format") return 0;
  if (word == "preserve_format") return 1;
  if (word == "channels_last") return 2;
  if (word == "channels_last_3d") return 3;
  if (word == "strided") return 0;
  if (word == "Mean") return 1;
  if (word == "Sum") return 2;
  return std::nullopt;
}

// Schemas of custom-class operators name types like
// __torch__.torch.classes.quantized.LinearPackedParamsBase. They resolve to
// one ClassType per name, shared process-wide so schemas compare equal.
const TypeResolver& customClassResolver() {
  static const TypeResolver* resolver = new TypeResolver([](std::string_view name) -> TypePtr {
    static std::mutex mu;
    static auto* classes = new absl::flat_hash_map<std::string, TypePtr>();
    if (name.substr(0, 24) != "__torch__.torch.classes.") return nullptr;
    std::lock_guard<std::mutex> lock(mu);
    auto [it, inserted] = classes->try_emplace(std::string(name));
    if (inserted) it->second = ClassType::create(std::string(name));
    return it->second;
  });
  return *resolver;
}

class SchemaParser {
 public:
  explicit SchemaParser(std::string_view text) : text_(text) {}

  FunctionSchema parse() {
    FunctionSchema schema;
    auto [name, overload] = parseName();
    schema.name = std::move(name);
    schema.overload = std::move(overload);
    skipSpace();
    expect('(', "'(' to open the argument list");
    parseArguments(schema);
    skipSpace();
    if (!consume("->")) fail("expected '->' before the returns");
    parseReturns(schema);
    skipSpace();
    if (pos_ != text_.size()) fail(detail::concat("unexpected text after the returns: '", text_.substr(pos_), "'"));
    return schema;
  }

  std::pair<std::string, std::string> parseName() {
    skipSpace();
    std::string name(ident("an operator name"));
    if (consume("::")) {
      name += "::";
      name += ident("a name after '::'");
    } else {
      fail("expected a namespace-qualified operator name like 'aten::add'");
    }
    std::string overload;
    if (peek() == '.') {
      ++pos_;
      overload = std::string(ident("an overload name after '.'"));
    }
    return {std::move(name), std::move(overload)};
  }

  void expectEnd() {
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text after the operator name");
  }

 private:
  [[noreturn]] void fail(std::string msg) { throw ParseFailure{std::move(msg), pos_}; }
  [[noreturn]] void failAt(size_t pos, std::string msg) { throw ParseFailure{std::move(msg), pos}; }

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool consume(std::string_view tok) {
    if (text_.substr(pos_, tok.size()) == tok) {
      pos_ += tok.size();
      return true;
    }
    return false;
  }
  std::string found() const {
    if (pos_ >= text_.size()) return "end of schema";
    return detail::concat("'", text_.substr(pos_, 1), "'");
  }
  void expect(char c, const char* what) {
    skipSpace();
    if (peek() != c) fail(detail::concat("expected ", what, " but found ", found()));
    ++pos_;
  }
  std::string_view ident(const char* what) {
    if (!isIdentStart(peek())) fail(detail::concat("expected ", what, " but found ", found()));
    const size_t start = pos_;
    while (isIdentChar(peek())) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // One type with its optional alias annotation, plus the fixed list size
  // that parseTypePrefix does not report (int[2] -> 2).
  struct TypeAndAlias {
    TypePtr type;
    std::optional<AliasInfo> alias;
    std::optional<int32_t> N;
  };
  TypeAndAlias parseType() {
    skipSpace();
    TypeParseOptions opts;
    opts.allowAliasAnnotations = true;
    opts.allowVarTypes = true;
    opts.resolver = &customClassResolver();
    const size_t start = pos_;
    auto parsed = parseTypePrefix(text_, pos_, opts);
    if (!parsed.ok()) fail(detail::concat("bad type: ", parsed.status().message()));
    pos_ = parsed->end;
    TypeAndAlias out{std::move(parsed->type), std::move(parsed->alias), std::nullopt};
    out.N = fixedListSize(text_.substr(start, pos_ - start), *out.type);
    return out;
  }

  // "int[2]", "int[1]?", "SymInt[3]": the digits of the last [..] of a list type.
  static std::optional<int32_t> fixedListSize(std::string_view typeText, const Type& type) {
    const Type* t = &type;
    if (auto* o = t->cast<OptionalType>()) t = o->elementType().get();
    if (t->kind() != TypeKind::ListType) return std::nullopt;
    while (!typeText.empty() && (std::isspace(static_cast<unsigned char>(typeText.back())) || typeText.back() == '?'))
      typeText.remove_suffix(1);
    // An alias annotation may follow the brackets: "t[](a!)".
    if (!typeText.empty() && typeText.back() == ')') {
      auto open = typeText.rfind('(');
      if (open == std::string_view::npos) return std::nullopt;
      typeText = typeText.substr(0, open);
    }
    if (typeText.empty() || typeText.back() != ']') return std::nullopt;
    auto open = typeText.rfind('[');
    if (open == std::string_view::npos) return std::nullopt;
    std::string_view digits = typeText.substr(open + 1, typeText.size() - open - 2);
    if (digits.empty()) return std::nullopt;
    int32_t n = 0;
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      n = n * 10 + (c - '0');
      if (n > 1 << 20) return std::nullopt;
    }
    return n;
  }

  void parseArguments(FunctionSchema& schema) {
    skipSpace();
    if (peek() == ')') {
      ++pos_;
      return;
    }
    bool kwargOnly = false;
    while (true) {
      skipSpace();
      if (schema.isVararg) fail("no arguments may follow '...'");
      if (peek() == '*') {
        if (kwargOnly) fail("'*' appears twice");
        ++pos_;
        kwargOnly = true;
      } else if (consume("...")) {
        schema.isVararg = true;
      } else {
        Argument arg = parseArgument(/*isReturn=*/false);
        arg.kwargOnly = kwargOnly;
        schema.arguments.push_back(std::move(arg));
      }
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        return;
      }
      fail(detail::concat("expected ',' or ')' in the argument list but found ", found()));
    }
  }

  Argument parseArgument(bool isReturn) {
    Argument arg;
    auto t = parseType();
    arg.type = std::move(t.type);
    arg.alias = std::move(t.alias);
    arg.N = t.N;
    skipSpace();
    if (isIdentStart(peek())) arg.name = std::string(ident("a name"));
    skipSpace();
    if (peek() == '=') {
      if (isReturn) fail("returns cannot have default values");
      const size_t at = ++pos_;
      arg.defaultValue = parseDefault(arg, at);
    } else if (!isReturn && arg.name.empty()) {
      fail(detail::concat("expected an argument name but found ", found()));
    }
    return arg;
  }

  void parseReturns(FunctionSchema& schema) {
    skipSpace();
    if (consume("...")) {
      schema.isVarret = true;
      return;
    }
    if (peek() != '(') {
      schema.returns.push_back(parseArgument(/*isReturn=*/true));
      return;
    }
    ++pos_;
    skipSpace();
    if (peek() == ')') {
      ++pos_;
      return;
    }
    while (true) {
      skipSpace();
      if (schema.isVarret) fail("no returns may follow '...'");
      if (consume("...")) {
        schema.isVarret = true;
      } else {
        schema.returns.push_back(parseArgument(/*isReturn=*/true));
      }
      skipSpace();
      if (peek() == ',') {
        ++pos_;
        continue;
      }
      if (peek() == ')') {
        ++pos_;
        return;
      }
      fail(detail::concat("expected ',' or ')' in the return list but found ", found()));
    }
  }

  // Default values -------------------------------------------------------------------

  // A literal, before conversion to the argument's type.
  IValue parseLiteral(const Type* elemHint) {
    skipSpace();
    const char c = peek();
    if (c == '[') {
      ++pos_;
      std::vector<IValue> elems;
      skipSpace();
      if (peek() == ']') {
        ++pos_;
      } else {
        while (true) {
          elems.push_back(parseLiteral(nullptr));
          skipSpace();
          if (peek() == ',') {
            ++pos_;
            continue;
          }
          if (peek() == ']') {
            ++pos_;
            break;
          }
          fail(detail::concat("expected ',' or ']' in a list default but found ", found()));
        }
      }
      return IValue::list(elemHint ? elemHint->ptr() : AnyType::get(), std::move(elems));
    }
    if (c == '\'' || c == '"') return IValue(parseStringLiteral());
    if (c == '-' || c == '+' || c == '.' || std::isdigit(static_cast<unsigned char>(c))) return parseNumber();
    if (isIdentStart(c)) {
      const size_t at = pos_;
      std::string_view word = ident("a default value");
      if (word == "None") return IValue();
      if (word == "True") return IValue(true);
      if (word == "False") return IValue(false);
      if (word == "inf") return IValue(std::numeric_limits<double>::infinity());
      if (word == "nan") return IValue(std::numeric_limits<double>::quiet_NaN());
      if (auto k = keywordDefault(word)) return IValue(*k);
      failAt(at, detail::concat("unknown default value '", word, "'"));
    }
    fail(detail::concat("expected a default value but found ", found()));
  }

  IValue parseNumber() {
    const size_t start = pos_;
    bool negative = false;
    if (peek() == '-' || peek() == '+') {
      negative = peek() == '-';
      ++pos_;
    }
    if (consume("inf")) return IValue(negative ? -std::numeric_limits<double>::infinity()
                                               : std::numeric_limits<double>::infinity());
    bool isFloat = false;
    while (pos_ < text_.size()) {
      const char c = text_[pos_];
      if (std::isdigit(static_cast<unsigned char>(c))) {
        ++pos_;
      } else if (c == '.') {
        isFloat = true;
        ++pos_;
      } else if ((c == 'e' || c == 'E') && pos_ > start) {
        isFloat = true;
        ++pos_;
        if (peek() == '-' || peek() == '+') ++pos_;
      } else {
        break;
      }
    }
    const std::string lit(text_.substr(start, pos_ - start));
    char* end = nullptr;
    errno = 0;
    if (isFloat) {
      const double d = std::strtod(lit.c_str(), &end);
      if (end != lit.c_str() + lit.size()) failAt(start, detail::concat("malformed number '", lit, "'"));
      return IValue(d);
    }
    const long long v = std::strtoll(lit.c_str(), &end, 10);
    if (end != lit.c_str() + lit.size() || lit == "-" || lit == "+")
      failAt(start, detail::concat("malformed number '", lit, "'"));
    if (errno == ERANGE) failAt(start, detail::concat("integer default out of range: ", lit));
    return IValue(static_cast<int64_t>(v));
  }

  std::string parseStringLiteral() {
    const char quote = text_[pos_++];
    std::string out;
    while (true) {
      if (pos_ >= text_.size()) fail("unterminated string default");
      char c = text_[pos_++];
      if (c == quote) break;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("unterminated string default");
      c = text_[pos_++];
      switch (c) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case 'a': out += '\a'; break;
        case 'b': out += '\b'; break;
        case '0': out += '\0'; break;
        case '\\':
        case '\'':
        case '"': out += c; break;
        default: failAt(pos_ - 2, detail::concat("unknown escape '\\", std::string(1, c), "' in a string default"));
      }
    }
    return out;
  }

  // Converts a literal to the argument's declared type, so that `float p=2`
  // holds 2.0 and `int[2] stride=1` holds [1, 1].
  IValue parseDefault(const Argument& arg, size_t at) {
    const Type* t = arg.type.get();
    const bool optional = t->kind() == TypeKind::OptionalType;
    if (optional) t = t->expect<OptionalType>().elementType().get();
    const Type* elem = nullptr;
    if (auto* l = t->cast<ListType>()) elem = l->elementType().get();
    IValue v = parseLiteral(elem);
    if (v.isNone()) {
      if (!optional && t->kind() != TypeKind::NoneType && t->kind() != TypeKind::AnyType &&
          t->kind() != TypeKind::TensorType && t->kind() != TypeKind::VarType)
        failAt(at, detail::concat("default None for argument '", arg.name, "' of non-optional type ", arg.type->str()));
      return v;
    }
    return convertDefault(std::move(v), *t, arg, at);
  }

  [[noreturn]] void mismatchError(const IValue& v, const Argument& arg, size_t at) {
    failAt(at, detail::concat("default value ", v.repr(), " does not match type ", arg.type->str(), " of argument '",
                            arg.name, "'"));
  }

  IValue convertDefault(IValue v, const Type& t, const Argument& arg, size_t at) {
    auto mismatch = [&]() { mismatchError(v, arg, at); };
    switch (t.kind()) {
      case TypeKind::FloatType:
        if (v.isInt()) return IValue(static_cast<double>(v.toInt()));
        if (!v.isDouble()) mismatch();
        return v;
      case TypeKind::IntType:
        if (!v.isInt()) mismatch();
        return v;
      case TypeKind::BoolType:
        if (!v.isBool()) mismatch();
        return v;
      case TypeKind::NumberType:
        if (!v.isScalar()) mismatch();
        return v;
      case TypeKind::StringType:
        if (!v.isString()) mismatch();
        return v;
      case TypeKind::ListType: {
        const TypePtr& elem = t.expect<ListType>().elementType();
        if (!v.isList()) {
          // A single value for a fixed-size list repeats N times.
          if (!arg.N) mismatch();
          std::vector<IValue> elems(static_cast<size_t>(*arg.N), convertDefault(v, *elem, arg, at));
          return IValue::list(elem, std::move(elems));
        }
        std::vector<IValue> elems;
        for (auto& e : v.toListRef().elements) elems.push_back(convertDefault(e, *elem, arg, at));
        return IValue::list(elem, std::move(elems));
      }
      case TypeKind::DeviceObjType:
        if (v.isString()) {
          auto d = Device::parse(v.toStringRef());
          if (!d) mismatch();
          return IValue(*d);
        }
        mismatchError(v, arg, at);
      default:
        // Layout/ScalarType/MemoryFormat parse as int; anything else keeps
        // the literal as written.
        return v;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

absl::Status makeError(std::string_view text, const ParseFailure& f) {
  const size_t col = std::min(f.pos, text.size());
  return absl::InvalidArgumentError(detail::concat("schema parse error at column ", col + 1, ": ", f.message, "\n  ",
                                                 text, "\n  ", std::string(col, ' '), "^"));
}

}  // namespace

absl::StatusOr<FunctionSchema> parseSchema(std::string_view text) {
  SchemaParser p(text);
  try {
    return p.parse();
  } catch (const ParseFailure& f) {
    return makeError(text, f);
  } catch (const Error& e) {
    return absl::InvalidArgumentError(detail::concat("schema parse error: ", e.message(), "\n  ", text));
  }
}

absl::StatusOr<std::pair<std::string, std::string>> parseOperatorName(std::string_view text) {
  SchemaParser p(text);
  try {
    auto r = p.parseName();
    p.expectEnd();
    return r;
  } catch (const ParseFailure& f) {
    return makeError(text, f);
  }
}

}  // namespace jitserve
