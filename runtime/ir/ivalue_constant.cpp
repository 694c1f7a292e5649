#include "runtime/ir/ivalue_constant.h"

#include <cmath>
#include <sstream>

#include "runtime/ir/ir_printer.h"

namespace jitserve {

namespace {

void print(std::ostream& os, const IValue& v);

void printElems(std::ostream& os, const std::vector<IValue>& elems) {
  for (size_t i = 0; i < elems.size(); ++i) {
    if (i > 0) os << ", ";
    print(os, elems[i]);
  }
}

void printTensor(std::ostream& os, const Tensor& t) {
  // One-element tensors are usually boxed scalars, so PyTorch prints the value.
  if (!t.defined() || t.numel() != 1) {
    os << "<Tensor>";
    return;
  }
  Scalar s = t.item();
  os << "{";
  if (s.isFloatingPoint()) {
    std::ostringstream tmp;  // PyTorch streams the double with default precision
    tmp << s.toDouble();
    os << tmp.str();
  } else if (s.isBoolean()) {
    os << (s.toLong() ? 1 : 0);
  } else if (s.isComplex()) {
    os << "<complex>";
  } else {
    os << s.toLong();
  }
  os << "}";
}

void print(std::ostream& os, const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None: os << "None"; return;
    case IValue::Tag::Int: os << v.toInt(); return;
    case IValue::Tag::Double: os << formatIRFloat(v.toDouble()); return;
    case IValue::Tag::Bool: os << (v.toBool() ? "True" : "False"); return;
    case IValue::Tag::Device: os << quoteString(v.toDevice().str()); return;
    case IValue::Tag::String: os << quoteString(v.toStringRef()); return;
    case IValue::Tag::Tensor: printTensor(os, v.toTensor()); return;
    case IValue::Tag::List: {
      const ListImpl& l = v.toListRef();
      // An empty list needs its type to read back (except Tensor[], the default).
      if (l.elements.empty() && l.elementType && l.elementType->kind() != TypeKind::TensorType) {
        os << "annotate(" << ListType::create(l.elementType)->annotationStr() << ", [])";
        return;
      }
      os << "[";
      printElems(os, l.elements);
      os << "]";
      return;
    }
    case IValue::Tag::Tuple: {
      const auto& elems = v.toTupleRef().elements;
      os << "(";
      printElems(os, elems);
      if (elems.size() == 1) os << ",";
      os << ")";
      return;
    }
    case IValue::Tag::Dict: {
      const DictImpl& d = v.toDictRef();
      if (d.empty()) {
        os << "annotate(" << DictType::create(d.keyType, d.valueType)->annotationStr() << ", {})";
        return;
      }
      os << "{";
      for (size_t i = 0; i < d.entries().size(); ++i) {
        if (i > 0) os << ", ";
        print(os, d.entries()[i].key);
        os << ": ";
        print(os, d.entries()[i].value);
      }
      os << "}";
      return;
    }
    case IValue::Tag::Enum: os << v.toEnumRef().qualifiedName(); return;
    case IValue::Tag::Function: os << "<Function>"; return;
    case IValue::Tag::Object: os << "<Object>"; return;
    case IValue::Tag::Future: os << "<Future>"; return;
    case IValue::Tag::Storage: os << "<Storage>"; return;
    case IValue::Tag::Type: os << v.toTypeRef()->str(); return;
    case IValue::Tag::Capsule: os << "<Capsule>"; return;
    case IValue::Tag::Complex: {  // PyTorch prints 0.+2.5j
      const std::complex<double> z = v.toComplexDouble();
      os << formatIRFloat(z.real()) << (std::signbit(z.imag()) ? "-" : "+") << formatIRFloat(std::abs(z.imag()))
         << 'j';
      return;
    }
    case IValue::Tag::Uninitialized: os << "<Uninitialized>"; return;
  }
}

}  // namespace

std::string irConstantRepr(const IValue& v) {
  std::ostringstream os;
  print(os, v);
  return os.str();
}

std::string IValueConstant::repr() const { return irConstantRepr(value_); }

Node* setConstantAttribute(Node* n, Symbol name, const IValue& v) {
  if (v.isInt()) return n->i_(name, v.toInt());
  if (v.isBool()) return n->i_(name, v.toBool() ? 1 : 0);
  if (v.isDouble()) return n->f_(name, v.toDouble());
  if (v.isString()) return n->s_(name, v.toStringRef());
  if (v.isDevice()) return n->s_(name, v.toDevice().str());
  if (v.isTensor()) return n->t_(name, std::make_shared<IValueConstant>(v));
  // Non-empty int/float/str lists have typed kinds; an empty one keeps its
  // element type through the IValue ("annotate(List[int], [])").
  if (v.isList() && !v.toListRef().elements.empty()) {
    if (v.isIntList()) return n->is_(name, v.toIntVector());
    if (v.isDoubleList()) return n->fs_(name, v.toDoubleVector());
    if (v.isStringList()) {
      std::vector<std::string> ss;
      for (const IValue& e : v.toListRef().elements) ss.push_back(e.toStringRef());
      return n->ss_(name, std::move(ss));
    }
  }
  return n->ival_(name, std::make_shared<IValueConstant>(v));
}

Value* insertConstant(Graph& g, const IValue& v, SourceRange range) {
  Node* n = g.create(prim::Constant);
  n->output()->setType(v.type());
  // None is the only constant PyTorch prints without a value attribute.
  if (!v.isNone()) setConstantAttribute(n, attr::value, v);
  n->setSourceRange(std::move(range));
  g.insertNode(n);
  return n->output();
}

std::optional<IValue> constantAttributeValue(const Node& n, Symbol name) {
  for (const Attribute& a : n.attributes()) {
    if (a.name != name) continue;
    switch (a.kind) {
      case AttributeKind::i: {
        int64_t i = std::get<int64_t>(a.value);
        // PyTorch stores bools as ints; the output type says which it is.
        if (n.outputs().size() == 1 && n.outputs()[0]->type()->kind() == TypeKind::BoolType) return IValue(i != 0);
        return IValue(i);
      }
      case AttributeKind::f: return IValue(std::get<double>(a.value));
      case AttributeKind::s: {
        const std::string& s = std::get<std::string>(a.value);
        if (n.outputs().size() == 1 && n.outputs()[0]->type()->kind() == TypeKind::DeviceObjType) {
          if (auto d = Device::parse(s)) return IValue(*d);
        }
        return IValue(s);
      }
      case AttributeKind::is: return IValue::intList(std::get<std::vector<int64_t>>(a.value));
      case AttributeKind::fs: return IValue::doubleList(std::get<std::vector<double>>(a.value));
      case AttributeKind::ss: return IValue::stringList(std::get<std::vector<std::string>>(a.value));
      case AttributeKind::t:
      case AttributeKind::ival: {
        const auto* c = dynamic_cast<const IValueConstant*>(std::get<OpaqueConstantPtr>(a.value).get());
        if (c == nullptr) return std::nullopt;
        return c->value();
      }
      default: return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<IValue> constantNodeValue(const Node& n) {
  if (n.kind() != prim::Constant || n.outputs().size() != 1) return std::nullopt;
  if (!n.hasAttributes() && n.output()->type()->kind() == TypeKind::NoneType) return IValue();
  return constantAttributeValue(n, attr::value);
}

}  // namespace jitserve
