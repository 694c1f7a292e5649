#include "runtime/core/function_schema.h"

#include <sstream>

namespace jitserve {
namespace {

// Schema string literals print double-quoted with C escapes, as PyTorch does.
void printSchemaString(std::ostream& os, std::string_view s) {
  os << '"';
  for (char c : s) {
    switch (c) {
      case '"': os << "\\\""; break;
      case '\'': os << "\\'"; break;
      case '\\': os << "\\\\"; break;
      case '\n': os << "\\n"; break;
      case '\t': os << "\\t"; break;
      case '\f': os << "\\f"; break;
      case '\v': os << "\\v"; break;
      case '\r': os << "\\r"; break;
      case '\a': os << "\\a"; break;
      case '\b': os << "\\b"; break;
      default: os << c;
    }
  }
  os << '"';
}

bool isStringLike(const Type& t) {
  if (t.kind() == TypeKind::StringType) return true;
  if (auto* o = t.cast<OptionalType>()) return o->elementType()->kind() == TypeKind::StringType;
  return false;
}

void printDefault(std::ostream& os, const Argument& arg) {
  const IValue& v = *arg.defaultValue;
  if (v.isString() && isStringLike(*arg.type)) {
    printSchemaString(os, v.toStringRef());
    return;
  }
  // A fixed-size list whose elements are all equal prints as the single
  // value it was written with (int[2] stride=1).
  if (arg.N && v.isList()) {
    const auto& elems = v.toListRef().elements;
    bool allSame = elems.size() > 1;
    for (size_t i = 1; allSame && i < elems.size(); ++i) allSame = ivaluesEqual(elems[0], elems[i]);
    if (allSame) {
      os << elems[0];
      return;
    }
  }
  os << v;
}

std::string listSuffix(const std::optional<int32_t>& N) {
  return N ? "[" + std::to_string(*N) + "]" : "[]";
}

// The type without its outermost alias annotation: lists use N, and a list
// whose elements carry an annotation (Tensor(a!)[]) prints it on the element.
std::string coreTypeStr(const Type& t, const std::optional<int32_t>& N, const AliasInfo* elemAlias) {
  if (auto* l = t.cast<ListType>()) {
    return l->elementType()->str() + (elemAlias ? elemAlias->str() : "") + listSuffix(N);
  }
  if (auto* o = t.cast<OptionalType>()) {
    if (o->elementType()->kind() == TypeKind::ListType) return coreTypeStr(*o->elementType(), N, elemAlias) + "?";
  }
  return t.str();
}

}  // namespace

std::string Argument::typeStr() const {
  if (!alias) return coreTypeStr(*type, N, nullptr);
  const AliasInfo* elemAlias = alias->containedTypes.empty() ? nullptr : &alias->containedTypes[0];
  // A list annotated on its elements (Tensor(a!)[]) carries the element's
  // write flag on the outer annotation too, but has no sets of its own.
  const bool outerHasSets = !alias->beforeSets.empty() || !alias->afterSets.empty() || (!elemAlias && alias->isWrite);
  std::string outer = outerHasSets ? alias->str() : "";
  if (auto* o = type->cast<OptionalType>()) {
    // "t(*)?": the annotation sits between the element type and the '?'.
    return coreTypeStr(*o->elementType(), N, elemAlias) + outer + "?";
  }
  return coreTypeStr(*type, N, elemAlias) + outer;
}

std::string Argument::str() const {
  std::ostringstream os;
  os << typeStr();
  if (!name.empty()) os << ' ' << name;
  if (defaultValue) {
    os << '=';
    printDefault(os, *this);
  }
  return os.str();
}

std::string FunctionSchema::operatorName() const { return overload.empty() ? name : name + "." + overload; }

std::string FunctionSchema::str() const {
  std::ostringstream os;
  os << operatorName() << '(';
  bool seenKwargOnly = false;
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (i) os << ", ";
    if (arguments[i].kwargOnly && !seenKwargOnly) {
      os << "*, ";
      seenKwargOnly = true;
    }
    os << arguments[i].str();
  }
  if (isVararg) os << (arguments.empty() ? "..." : ", ...");
  os << ") -> ";
  if (returns.empty() && isVarret) {
    os << "...";
    return os.str();
  }
  // A single return prints bare unless it would read as a return list
  // ("-> ((bool, t)[])").
  const bool parens = returns.size() != 1 || isVarret || returns[0].typeStr().front() == '(';
  if (parens) os << '(';
  for (size_t i = 0; i < returns.size(); ++i) {
    if (i) os << ", ";
    os << returns[i].str();
  }
  if (isVarret) os << ", ...";
  if (parens) os << ')';
  return os.str();
}

bool FunctionSchema::isMutable() const {
  for (const auto& a : arguments) {
    if (a.isWrite()) return true;
    if (a.alias) {
      for (const auto& c : a.alias->containedTypes)
        if (c.isWrite) return true;
    }
  }
  return false;
}

std::optional<size_t> FunctionSchema::argumentIndexWithName(std::string_view argName) const {
  for (size_t i = 0; i < arguments.size(); ++i) {
    if (arguments[i].name == argName) return i;
  }
  return std::nullopt;
}

std::string_view FunctionSchema::ns() const {
  std::string_view n = name;
  auto p = n.find("::");
  return p == std::string_view::npos ? std::string_view() : n.substr(0, p);
}

std::string_view FunctionSchema::baseName() const {
  std::string_view n = name;
  auto p = n.find("::");
  return p == std::string_view::npos ? n : n.substr(p + 2);
}

}  // namespace jitserve
