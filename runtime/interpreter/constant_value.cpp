#include "runtime/interpreter/constant_value.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

#include "runtime/ir/ir.h"
#include "runtime/tensor/device.h"

namespace jitserve {

namespace {

// A recursive-descent reader for the literals the IR printer writes inside
// [value=...]: numbers, strings, None/True/False, tuples, lists and
// annotate(T, literal).
class LiteralReader {
 public:
  explicit LiteralReader(std::string_view text) : text_(text) {}

  IValue readAll(const TypePtr& type) {
    IValue v = read(type);
    skipSpace();
    if (pos_ != text_.size()) fail("unexpected text");
    return v;
  }

 private:
  [[noreturn]] void fail(const char* what) const {
    JS_ERROR("cannot read constant literal '", text_, "': ", what, " at offset ", pos_);
  }
  void skipSpace() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  bool consume(std::string_view s) {
    skipSpace();
    if (text_.substr(pos_, s.size()) != s) return false;
    pos_ += s.size();
    return true;
  }
  void expect(std::string_view s) {
    if (!consume(s)) fail("expected a delimiter");
  }

  static TypePtr elementOf(const TypePtr& t, size_t i) {
    if (!t) return nullptr;
    const TypePtr u = unwrapOptional(t);
    if (auto* l = u->cast<ListType>()) return l->elementType();
    if (auto* tt = u->cast<TupleType>()) return i < tt->elements().size() ? tt->elements()[i] : nullptr;
    return nullptr;
  }

  IValue read(const TypePtr& type) {
    skipSpace();
    if (pos_ >= text_.size()) fail("unexpected end");
    const char c = text_[pos_];
    if (consume("annotate(")) {
      // annotate(List[int], []): the annotation repeats `type`; skip it.
      int depth = 0;
      while (pos_ < text_.size() && !(depth == 0 && text_[pos_] == ',')) {
        if (text_[pos_] == '[' || text_[pos_] == '(') ++depth;
        if (text_[pos_] == ']' || text_[pos_] == ')') --depth;
        ++pos_;
      }
      expect(",");
      IValue v = read(type);
      expect(")");
      return v;
    }
    if (c == '(') return readTuple(type);
    if (c == '[') return readList(type);
    if (c == '"' || c == '\'') return IValue(readString());
    if (consume("None")) return IValue();
    if (consume("True")) return IValue(true);
    if (consume("False")) return IValue(false);
    if (c == '<') fail("the value is not printed (e.g. a tensor); it needs the program's constants");
    return readNumber(type);
  }

  IValue readTuple(const TypePtr& type) {
    expect("(");
    std::vector<IValue> elems;
    while (!consume(")")) {
      elems.push_back(read(elementOf(type, elems.size())));
      if (!consume(",")) {
        expect(")");
        break;
      }
    }
    const TypePtr u = type ? unwrapOptional(type) : nullptr;
    const bool named = u && u->isa<TupleType>() && u->expect<TupleType>().isNamed();
    return IValue(TupleImpl::create(std::move(elems), named ? u : nullptr));
  }

  IValue readList(const TypePtr& type) {
    expect("[");
    TypePtr elemType = elementOf(type, 0);
    std::vector<IValue> elems;
    while (!consume("]")) {
      elems.push_back(read(elemType));
      if (!consume(",")) {
        expect("]");
        break;
      }
    }
    if (!elemType) elemType = AnyType::get();
    return IValue(ListImpl::create(elemType, std::move(elems)));
  }

  std::string readString() {
    const char quote = text_[pos_++];
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      char ch = text_[pos_++];
      if (ch == '\\' && pos_ < text_.size()) {
        const char e = text_[pos_++];
        switch (e) {
          case 'n': ch = '\n'; break;
          case 't': ch = '\t'; break;
          case 'r': ch = '\r'; break;
          case '0': ch = '\0'; break;
          default: ch = e; break;
        }
      }
      out.push_back(ch);
    }
    if (pos_ >= text_.size()) fail("unterminated string");
    ++pos_;
    return out;
  }

  IValue readNumber(const TypePtr& type) {
    size_t end = pos_;
    while (end < text_.size() && text_[end] != ',' && text_[end] != ')' && text_[end] != ']' && text_[end] != ' ') ++end;
    const std::string tok(text_.substr(pos_, end - pos_));
    pos_ = end;
    if (tok == "inf") return IValue(std::numeric_limits<double>::infinity());
    if (tok == "-inf") return IValue(-std::numeric_limits<double>::infinity());
    if (tok == "nan") return IValue(std::numeric_limits<double>::quiet_NaN());
    if (tok.empty()) fail("expected a value");
    const bool isFloat = tok.find_first_of(".eE") != std::string::npos || (type && type->isa<FloatType>());
    char* stop = nullptr;
    if (isFloat) {
      const double d = std::strtod(tok.c_str(), &stop);
      if (*stop != '\0') fail("not a number (enum members need their compilation unit)");
      return IValue(d);
    }
    const long long i = std::strtoll(tok.c_str(), &stop, 10);
    if (*stop != '\0') fail("not a number (enum members need their compilation unit)");
    if (type && type->isa<BoolType>()) return IValue(i != 0);
    return IValue(static_cast<int64_t>(i));
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

IValue parseIValueLiteral(std::string_view text, const TypePtr& type) {
  return LiteralReader(text).readAll(type);
}

IValue constantValue(const Node& n) {
  JS_INTERNAL_ASSERT(n.kind() == prim::Constant, "constantValue on ", n.kind().toQualString());
  const Value* out = n.output();
  const TypePtr& type = out->type();
  const auto kind = n.attributeKind(attr::value);
  if (!kind) {
    JS_CHECK(type->isa<NoneType>() || type->isa<OptionalType>(),
             "prim::Constant of type ", type->str(), " has no value");
    return IValue();
  }
  switch (*kind) {
    case AttributeKind::i: {
      const int64_t v = n.i(attr::value);
      if (type->isa<BoolType>()) return IValue(v != 0);
      return IValue(v);
    }
    case AttributeKind::f:
      return IValue(n.f(attr::value));
    case AttributeKind::s: {
      const std::string& s = n.s(attr::value);
      if (type->isa<DeviceObjType>()) {
        std::optional<Device> d = Device::parse(s);
        JS_CHECK(d.has_value(), "prim::Constant: bad device \"", s, "\"");
        return IValue(*d);
      }
      return IValue(s);
    }
    case AttributeKind::is: {
      const auto& v = n.is(attr::value);
      const TypePtr u = unwrapOptional(type);
      if (auto* l = u->cast<ListType>(); l && l->elementType()->isa<BoolType>()) {
        std::vector<bool> b(v.begin(), v.end());
        return IValue::boolList(b);
      }
      return IValue::intList(v);
    }
    case AttributeKind::fs:
      return IValue::doubleList(n.fs(attr::value));
    case AttributeKind::ss:
      return IValue::stringList(n.ss(attr::value));
    case AttributeKind::t:
    case AttributeKind::ival: {
      const OpaqueConstantPtr& c = *kind == AttributeKind::t ? n.t(attr::value) : n.ival(attr::value);
      if (auto* iv = dynamic_cast<const IValueConstant*>(c.get())) return iv->value();
      if (auto* lit = dynamic_cast<const LiteralConstant*>(c.get())) return parseIValueLiteral(lit->text(), type);
      JS_ERROR("prim::Constant: unsupported constant representation ", c->repr());
    }
    case AttributeKind::ty:
    case AttributeKind::tys:
    case AttributeKind::g:
    case AttributeKind::gs:
      break;
  }
  JS_ERROR("prim::Constant: unsupported value attribute of kind ", attributeKindName(*kind));
}

}  // namespace jitserve
