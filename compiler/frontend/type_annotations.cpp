#include "compiler/frontend/type_annotations.h"

#include <cctype>
#include <string>

#include "compiler/frontend/error_report.h"
#include "compiler/frontend/resolver.h"
#include "runtime/core/annotation_type_parser.h"

namespace jitserve::frontend {

namespace {

// A named type of the unit, else of the resolver.
TypePtr lookupNamedType(const UnitDefinitions& unit, const std::string& name) {
  if (TypePtr t = unit.findType(name)) return t;
  return unit.resolver ? unit.resolver->resolveType(name, SourceRange()) : nullptr;
}

// Dict keys must be hashable the way PyTorch's dicts hash them.
void checkDictKeys(const TypePtr& t, const SourceRange& r) {
  if (t->kind() == TypeKind::DictType) {
    const TypePtr& key = t->expect<DictType>().keyType();
    switch (key->kind()) {
      case TypeKind::IntType:
      case TypeKind::FloatType:
      case TypeKind::ComplexType:
      case TypeKind::BoolType:
      case TypeKind::StringType:
      case TypeKind::TensorType:
      case TypeKind::DeviceObjType: break;
      default:
        throw ErrorReport(r) << "Cannot create dict for key type '" << key->str()
                             << "', only int, float, complex, Tensor, device and string keys are supported";
    }
  }
  for (const TypePtr& c : t->containedTypes()) checkDictKeys(c, r);
}

// The annotation's text with BroadcastingListN[ read as List[; N of the
// last one, if any.
std::string readBroadcastingLists(std::string text, std::optional<int32_t>* n, const SourceRange& r) {
  static const std::string kName = "BroadcastingList";
  for (size_t pos = text.find(kName); pos != std::string::npos; pos = text.find(kName, pos)) {
    size_t d = pos + kName.size();
    size_t e = d;
    while (e < text.size() && std::isdigit(static_cast<unsigned char>(text[e]))) ++e;
    if (e == d || e >= text.size() || text[e] != '[' || std::stoi(text.substr(d, e - d)) <= 0)
      throw ErrorReport(r) << "Broadcastable lists' size must be a positive integer: " << text;
    if (n) *n = std::stoi(text.substr(d, e - d));
    text.replace(pos, e - pos, "List");
  }
  return text;
}

std::string annotationText(const Expr& e) {
  return e.kind() == TK_STRINGLITERAL ? StringLiteral(e).text() : std::string(e.range().text());
}

}  // namespace

std::optional<int32_t> broadcastingListSize(const Expr& e) {
  std::optional<int32_t> n;
  readBroadcastingLists(annotationText(e), &n, e.range());
  return n;
}

TypePtr parseTypeExpr(const UnitDefinitions& unit, const Expr& e) {
  // A forward reference: -> 'Vec'.
  std::string raw = readBroadcastingLists(annotationText(e), nullptr, e.range());
  // The source text may span lines inside brackets, with comments and line
  // continuations: each run of them reads as one space, as written on one line
  // ("Union[int,\n  float]" -> "Union[int, float]").
  std::string text;
  bool gap = false;
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '#') {
      while (i + 1 < raw.size() && raw[i + 1] != '\n') ++i;
      gap = true;
    } else if (c == '\\' || std::isspace(static_cast<unsigned char>(c))) {
      gap = true;
    } else {
      if (gap && !text.empty() && text.back() != '[' && text.back() != '(' && c != ']' && c != ')' && c != ',')
        text += ' ';
      gap = false;
      text += c;
    }
  }
  // torch.Tensor / torch.device / torch.jit.Future spell types through
  // modules. Only a name's first component is such a module: the `torch.`
  // in `__torch__.torch.nn.Conv2d` (a class of an archive) stays.
  for (std::string_view prefix : {"torch.", "typing.", "jit."}) {
    for (size_t pos = text.find(prefix); pos != std::string::npos; pos = text.find(prefix, pos)) {
      char before = pos == 0 ? ' ' : text[pos - 1];
      if (std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.') {
        pos += prefix.size();
        continue;
      }
      text.erase(pos, prefix.size());
    }
  }
  if (text == "None") return NoneType::get();
  if (text == "Tensor") return TensorType::get();
  if (text == "device") return DeviceObjType::get();
  if (text == "list") return AnyListType::get();
  if (text == "tuple") return AnyTupleType::get();
  if (TypePtr t = lookupNamedType(unit, text)) return t;
  // The annotation parser asks the resolver only about qualified names, so
  // the unit's own names inside List[Item] are qualified first.
  std::string qualified;
  for (size_t i = 0; i < text.size();) {
    if (std::isalpha(static_cast<unsigned char>(text[i])) || text[i] == '_') {
      size_t j = i;
      while (j < text.size() &&
             (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_' || text[j] == '.'))
        ++j;
      std::string word = text.substr(i, j - i);
      if (word.find('.') == std::string::npos && unit.findType(word)) word = unit.qualifier + "." + word;
      qualified += word;
      i = j;
    } else {
      qualified += text[i++];
    }
  }
  TypeResolver resolver = [&unit](std::string_view q) -> TypePtr { return lookupNamedType(unit, std::string(q)); };
  auto t = parseAnnotationType(qualified, &resolver);
  if (!t.ok()) throw ErrorReport(e.range()) << "Unknown type annotation: '" << qualified << "'";
  checkDictKeys(*t, e.range());
  return *t;
}

}  // namespace jitserve::frontend
