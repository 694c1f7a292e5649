#include "runtime/core/annotation_type_parser.h"

#include <vector>

#include "runtime/support/error.h"

namespace jitserve {

namespace {

class AnnotationParser {
 public:
  AnnotationParser(std::string_view text, const TypeResolver* resolver) : text_(text), resolver_(resolver) {}

  TypePtr parseAll() {
    TypePtr t = parseType(0);
    skipSpaces();
    check(pos_ == text_.size(), "unexpected text after the type");
    // A bare "()" (`def f() -> ():`) parsed as Tuple[()]'s element list.
    check(t != nullptr, "'()' is only allowed as Tuple[()]");
    return t;
  }

 private:
  void check(bool cond, const char* what) {
    JS_CHECK(cond, "type annotation '", text_, "': ", what, " at offset ", pos_);
  }
  void skipSpaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool accept(char c) {
    skipSpaces();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void expect(char c, const char* what) { check(accept(c), what); }

  std::string_view name() {
    skipSpaces();
    size_t start = pos_;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.';
      if (!ok) break;
      ++pos_;
    }
    check(pos_ > start, "expected a type name");
    return text_.substr(start, pos_ - start);
  }

  // Arguments inside [...]; the opening bracket is already consumed.
  std::vector<TypePtr> args(size_t depth) {
    std::vector<TypePtr> out;
    if (accept(']')) return out;
    do {
      out.push_back(parseType(depth + 1));
    } while (accept(','));
    expect(']', "expected ']'");
    return out;
  }

  TypePtr parseType(size_t depth) {
    check(depth < kMaxAnnotationNesting, "nested too deeply");
    // "()" appears as the element list of an empty tuple: Tuple[()].
    if (accept('(')) {
      expect(')', "expected ')'");
      return nullptr;
    }
    std::string_view n = name();
    if (accept('[')) {
      std::vector<TypePtr> a = args(depth);
      auto arity = [&](size_t k) { check(a.size() == k && a[0] != nullptr && a.back() != nullptr, "wrong number of type arguments"); };
      if (n == "List") {
        arity(1);
        return ListType::create(a[0]);
      }
      if (n == "Dict") {
        arity(2);
        return DictType::create(a[0], a[1]);
      }
      if (n == "Optional") {
        arity(1);
        return OptionalType::create(a[0]);
      }
      if (n == "Future") {
        arity(1);
        return FutureType::create(a[0]);
      }
      if (n == "Tuple") {
        if (a.size() == 1 && a[0] == nullptr) return TupleType::create({});
        for (const TypePtr& t : a) check(t != nullptr, "'()' is only allowed as Tuple[()]");
        return TupleType::create(std::move(a));
      }
      if (n == "Union") {
        check(!a.empty(), "empty Union");
        for (const TypePtr& t : a) check(t != nullptr, "'()' is only allowed as Tuple[()]");
        return UnionType::create(std::move(a));
      }
      check(false, "unknown generic type");
    }
    if (n == "int") return IntType::get();
    if (n == "float") return FloatType::get();
    if (n == "bool") return BoolType::get();
    if (n == "str") return StringType::get();
    if (n == "complex") return ComplexType::get();
    if (n == "Tensor") return TensorType::get();
    if (n == "NoneType" || n == "None") return NoneType::get();
    if (n == "Any") return AnyType::get();
    if (n == "Device") return DeviceObjType::get();
    if (n == "number" || n == "Scalar") return NumberType::get();
    if (n.find('.') != std::string_view::npos && resolver_ != nullptr && *resolver_) {
      TypePtr t = (*resolver_)(n);
      JS_CHECK(t != nullptr, "type annotation '", text_, "': unknown class ", n);
      return t;
    }
    check(false, "unknown type name");
    return nullptr;
  }

  std::string_view text_;
  const TypeResolver* resolver_;
  size_t pos_ = 0;
};

}  // namespace

absl::StatusOr<TypePtr> parseAnnotationType(std::string_view text, const TypeResolver* resolver) {
  try {
    AnnotationParser p(text, resolver);
    return p.parseAll();
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

}  // namespace jitserve
