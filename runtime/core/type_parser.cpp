// A recursive-descent parser for the type syntax of schemas and printed graphs.
//
// Errors carry the offset into the text so callers (the schema parser, the IR
// parser) can turn them into line:column.
#include "runtime/core/type_parser.h"

#include <cctype>
#include <string>

#include "runtime/support/error.h"

namespace jitserve {

namespace {

struct SyntaxError {
  size_t offset;
  std::string message;
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class TypeParser {
 public:
  TypeParser(std::string_view text, size_t pos, const TypeParseOptions& options)
      : text_(text), pos_(pos), opts_(options) {}

  ParsedType parseFull() {
    ParsedType out;
    std::optional<AliasInfo> alias;
    TypePtr t = parseWithSuffixes(&alias, &out.listSize);
    out.type = std::move(t);
    out.alias = std::move(alias);
    out.end = pos_;
    return out;
  }

  size_t pos() const { return pos_; }
  void skipSpaces() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }

 private:
  [[noreturn]] void fail(size_t at, std::string msg) { throw SyntaxError{at, std::move(msg)}; }

  char peek() {
    skipSpaces();
    return pos_ < text_.size() ? text_[pos_] : '\0';
  }
  // Like peek() == c, but leaves the position alone unless c is next.
  bool nextIs(char c) {
    size_t save = pos_;
    if (peek() == c) return true;
    pos_ = save;
    return false;
  }
  bool consume(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  void expect(char c, const char* what) {
    if (!consume(c)) {
      std::string found = pos_ < text_.size() ? "'" + std::string(1, text_[pos_]) + "'" : "end of input";
      fail(pos_, std::string("expected '") + c + "' " + what + " but found " + found);
    }
  }
  std::string_view ident() {
    skipSpaces();
    size_t start = pos_;
    if (pos_ >= text_.size() || !isIdentStart(text_[pos_]))
      fail(pos_, pos_ < text_.size() ? "expected a type but found '" + std::string(1, text_[pos_]) + "'"
                                     : "expected a type but found end of input");
    while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }
  // ident ('.' ident)*, as in __torch__.foo.___torch_mangle_3.Bar
  std::string_view qualifiedIdent() {
    skipSpaces();
    size_t start = pos_;
    ident();
    while (pos_ + 1 < text_.size() && text_[pos_] == '.' && isIdentStart(text_[pos_ + 1])) {
      ++pos_;
      while (pos_ < text_.size() && isIdentChar(text_[pos_])) ++pos_;
    }
    return text_.substr(start, pos_ - start);
  }
  int64_t integer() {
    skipSpaces();
    size_t start = pos_;
    bool neg = pos_ < text_.size() && text_[pos_] == '-';
    if (neg) ++pos_;
    if (pos_ >= text_.size() || !std::isdigit(static_cast<unsigned char>(text_[pos_])))
      fail(start, "expected an integer");
    int64_t v = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      int d = text_[pos_] - '0';
      if (v > (INT64_MAX - d) / 10) fail(start, "integer is too large");
      v = v * 10 + d;
      ++pos_;
    }
    return neg ? -v : v;
  }

  TypePtr parseWithSuffixes(std::optional<AliasInfo>* alias, std::optional<size_t>* listSize) {
    TypePtr t = parseBase();
    if (opts_.allowAliasAnnotations && nextIs('(')) *alias = parseAlias();
    while (true) {
      // ParsedType::end must not include spaces after the type.
      size_t beforeSuffix = pos_;
      if (peek() == '[') {
        size_t at = pos_;
        ++pos_;
        if (std::isdigit(static_cast<unsigned char>(peek()))) {
          // A fixed-size list "int[2]" only makes sense in a schema.
          if (!listSize || !opts_.allowAliasAnnotations) fail(at, "a list size is not allowed here");
          int64_t n = integer();
          if (n < 0) fail(at, "a list size cannot be negative");
          *listSize = static_cast<size_t>(n);
        }
        expect(']', "to close the list type");
        t = ListType::create(std::move(t));
        std::optional<AliasInfo> container;
        if (opts_.allowAliasAnnotations && nextIs('(')) container = parseAlias();
        if (*alias) {
          // "Tensor(a)[]": the annotation belongs to the elements.
          if (!container) {
            container = AliasInfo{};
            container->isWrite = (*alias)->isWrite;
          }
          container->containedTypes.push_back(std::move(**alias));
        }
        *alias = std::move(container);
      } else if (peek() == '?') {
        ++pos_;
        t = OptionalType::create(std::move(t));
        if (opts_.allowAliasAnnotations && !*alias && nextIs('(')) *alias = parseAlias();
      } else {
        pos_ = beforeSuffix;
        break;
      }
    }
    return t;
  }

  // Nested types (tuple members, dict keys, ...) carry no annotations of their own.
  TypePtr parseNested() {
    std::optional<AliasInfo> alias;
    return parseWithSuffixes(&alias, nullptr);
  }

  AliasInfo parseAlias() {
    size_t open = pos_;
    expect('(', "to open an alias annotation");
    AliasInfo info;
    auto parseSets = [&](std::set<std::string>& into) {
      do {
        if (consume('*')) {
          into.insert(AliasInfo::kWildcard);
        } else {
          std::string_view name = ident();
          into.insert(std::string(name));
        }
      } while (consume('|'));
    };
    parseSets(info.beforeSets);
    if (consume('!')) info.isWrite = true;
    skipSpaces();
    if (text_.substr(pos_, 2) == "->") {
      pos_ += 2;
      parseSets(info.afterSets);
    } else {
      info.afterSets = info.beforeSets;
    }
    if (peek() != ')') fail(pos_, "expected ')' to close the alias annotation opened at offset " +
                                      std::to_string(open));
    ++pos_;
    return info;
  }

  std::vector<TypePtr> parseTypeList(const char* what) {
    std::vector<TypePtr> out;
    if (consume(')')) return out;
    do {
      out.push_back(parseNested());
    } while (consume(','));
    expect(')', what);
    return out;
  }

  TypePtr parseRefinedTensor(std::optional<ScalarType> dtype, bool dimsKnownWhenEmpty) {
    // After '(' of "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)".
    TensorType::SizeVec sizes;
    std::optional<TensorType::SizeVec> strides;
    std::optional<bool> requiresGrad;
    size_t stridesAt = 0;
    std::optional<Device> device;
    bool anyKeyword = false;
    if (!consume(')')) {
      do {
        char c = peek();
        if (c == '*') {
          ++pos_;
          if (anyKeyword) fail(pos_ - 1, "tensor sizes must come before keywords");
          sizes.push_back(std::nullopt);
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
          if (anyKeyword) fail(pos_, "tensor sizes must come before keywords");
          sizes.push_back(integer());
        } else {
          size_t at = pos_;
          std::string_view key = ident();
          expect('=', "after a tensor type keyword");
          anyKeyword = true;
          if (key == "strides") {
            stridesAt = at;
            expect('[', "to open the strides");
            strides.emplace();
            if (!consume(']')) {
              do {
                if (consume('*')) strides->push_back(std::nullopt);
                else strides->push_back(integer());
              } while (consume(','));
              expect(']', "to close the strides");
            }
          } else if (key == "requires_grad") {
            int64_t v = integer();
            if (v != 0 && v != 1) fail(at, "requires_grad must be 0 or 1");
            requiresGrad = v == 1;
          } else if (key == "device") {
            skipSpaces();
            size_t start = pos_;
            while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ')') ++pos_;
            std::string_view spelled = text_.substr(start, pos_ - start);
            device = Device::parse(spelled);
            if (!device) fail(start, "unknown device '" + std::string(spelled) + "'");
          } else {
            fail(at, "unknown tensor type keyword '" + std::string(key) + "'");
          }
        }
      } while (consume(','));
      expect(')', "to close the tensor type");
    } else if (!dimsKnownWhenEmpty) {
      // "FloatTensor()" is not something PyTorch prints.
      fail(pos_ - 1, "empty refinement on a tensor type of unknown rank");
    }
    std::optional<TensorType::SizeVec> sizesOpt;
    if (!sizes.empty() || dimsKnownWhenEmpty || !anyKeyword) sizesOpt = std::move(sizes);
    if (strides && (!sizesOpt || strides->size() != sizesOpt->size()))
      fail(stridesAt, "tensor type has " + std::to_string(sizesOpt ? sizesOpt->size() : 0) + " sizes but " +
                     std::to_string(strides->size()) + " strides");
    return TensorType::create(dtype, device, std::move(sizesOpt), std::move(strides), requiresGrad);
  }

  TypePtr resolveClass(std::string_view name, size_t at) {
    if (opts_.resolver && *opts_.resolver) {
      if (TypePtr t = (*opts_.resolver)(name)) return t;
    }
    fail(at, "unknown type '" + std::string(name) + "'");
  }

  TypePtr parseBase() {
    skipSpaces();
    size_t at = pos_;
    if (consume('(')) return TupleType::create(parseTypeList("to close the tuple type"));
    std::string_view name = qualifiedIdent();
    if (name.find('.') != std::string_view::npos) return resolveClass(name, at);

    if (name == "Tensor") {
      if (!opts_.allowAliasAnnotations && peek() == '(') {
        ++pos_;
        // "Tensor()" is a rank-0 tensor of unknown dtype.
        return parseRefinedTensor(std::nullopt, /*dimsKnownWhenEmpty=*/true);
      }
      return TensorType::get();
    }
    if (auto dt = scalarTypeFromName(name)) {
      if (!consume('(')) fail(pos_, "expected '(' after the dtype '" + std::string(name) + "'");
      return parseRefinedTensor(dt, /*dimsKnownWhenEmpty=*/true);
    }
    if (name.size() > 6 && name.ends_with("Tensor")) {
      if (auto dt = scalarTypeFromName(name.substr(0, name.size() - 6))) {
        // "FloatTensor": dtype known, rank unknown.
        if (!opts_.allowAliasAnnotations && peek() == '(') {
          ++pos_;
          return parseRefinedTensor(dt, /*dimsKnownWhenEmpty=*/false);
        }
        return TensorType::create(dt, std::nullopt, std::optional<size_t>{}, std::nullopt);
      }
    }
    if (name == "int" || name == "SymInt" || name == "Layout" || name == "ScalarType" ||
        name == "MemoryFormat" || name == "QScheme")
      return IntType::get();
    if (name == "float") return FloatType::get();
    if (name == "bool") return BoolType::get();
    if (name == "str" || name == "Dimname") return StringType::get();
    if (name == "complex") return ComplexType::get();
    if (name == "Scalar" || name == "number") return NumberType::get();
    if (name == "Device") return DeviceObjType::get();
    if (name == "Stream") return StreamObjType::get();
    if (name == "Generator") return GeneratorType::get();
    if (name == "Storage") return StorageType::get();
    if (name == "Capsule") return CapsuleType::get();
    if (name == "Function") return FunctionType::get();
    if (name == "Any") return AnyType::get();
    if (name == "NoneType" || name == "None") return NoneType::get();
    if (name == "AnyEnumType") return AnyEnumType::get();
    if (name == "AnyClassType") return AnyClassType::get();
    if (name == "list") return AnyListType::get();
    if (name == "tuple") return AnyTupleType::get();
    if (name == "Dict") {
      expect('(', "after Dict");
      TypePtr k = parseNested();
      expect(',', "between the key and value types of Dict");
      TypePtr v = parseNested();
      expect(')', "to close Dict(");
      return DictType::create(std::move(k), std::move(v));
    }
    if (name == "Union") {
      expect('(', "after Union");
      size_t listAt = pos_;
      auto members = parseTypeList("to close Union(");
      if (members.empty()) fail(listAt, "Union needs at least one member type");
      return UnionType::create(std::move(members));
    }
    if (name == "Future" || name == "RRef") {
      // Schemas write Future(T); graphs print Future[T].
      char close;
      if (consume('(')) close = ')';
      else if (consume('[')) close = ']';
      else fail(pos_, "expected '(' or '[' after " + std::string(name));
      TypePtr elem = parseNested();
      expect(close, "to close the element type");
      if (name == "Future") return FutureType::create(std::move(elem));
      return std::make_shared<RRefType>(std::move(elem));
    }
    if (name == "NamedTuple") {
      expect('(', "after NamedTuple");
      std::vector<std::string> fields;
      std::vector<TypePtr> elems;
      if (!consume(')')) {
        do {
          fields.emplace_back(ident());
          expect(':', "between a NamedTuple field name and its type");
          elems.push_back(parseNested());
        } while (consume(','));
        expect(')', "to close NamedTuple(");
      }
      // Printed graphs drop the NamedTuple's qualified name.
      return TupleType::createNamed("", std::move(fields), std::move(elems));
    }
    if (name == "Enum" && peek() == '<') {
      ++pos_;
      skipSpaces();
      size_t nameAt = pos_;
      std::string_view qual = qualifiedIdent();
      expect('>', "to close Enum<");
      TypePtr t = resolveClass("Enum<" + std::string(qual) + ">", nameAt);
      if (t->kind() != TypeKind::EnumType)
        fail(nameAt, "'" + std::string(qual) + "' is not an enum (it is " + t->str() + ")");
      return t;
    }
    if (opts_.allowVarTypes) return VarType::create(std::string(name));
    return resolveClass(name, at);
  }

  std::string_view text_;
  size_t pos_;
  const TypeParseOptions& opts_;
};

absl::Status syntaxStatus(std::string_view text, const SyntaxError& e) {
  return absl::InvalidArgumentError("type syntax error at offset " + std::to_string(e.offset) + " in '" +
                                    std::string(text) + "': " + e.message);
}

}  // namespace

absl::StatusOr<ParsedType> parseTypePrefixAt(std::string_view text, size_t pos, const TypeParseOptions& options,
                                             size_t* errorAt) {
  try {
    TypeParser p(text, pos, options);
    return p.parseFull();
  } catch (const SyntaxError& e) {
    if (errorAt) {
      *errorAt = e.offset;
      return absl::InvalidArgumentError(e.message);
    }
    return syntaxStatus(text, e);
  } catch (const std::exception& e) {
    if (errorAt) *errorAt = pos;
    return statusFromException(e);
  }
}

absl::StatusOr<ParsedType> parseTypePrefix(std::string_view text, size_t pos, const TypeParseOptions& options) {
  return parseTypePrefixAt(text, pos, options, nullptr);
}

absl::StatusOr<TypePtr> parseType(std::string_view text, const TypeParseOptions& options) {
  auto r = parseTypePrefix(text, 0, options);
  if (!r.ok()) return r.status();
  size_t end = r->end;
  while (end < text.size() && (text[end] == ' ' || text[end] == '\t' || text[end] == '\n')) ++end;
  if (end != text.size())
    return syntaxStatus(text, SyntaxError{end, "unexpected '" + std::string(text.substr(end, 1)) +
                                                   "' after the type"});
  if (r->alias && !options.allowAliasAnnotations)
    return syntaxStatus(text, SyntaxError{0, "alias annotations are not allowed here"});
  return r->type;
}

}  // namespace jitserve
