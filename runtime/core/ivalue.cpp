#include "runtime/core/ivalue.h"

#include <cmath>
#include <functional>

#include "absl/hash/hash.h"

namespace jitserve {

// Construction -------------------------------------------------------------------

IValue::IValue(const Scalar& s) {
  payload_.i = 0;
  switch (s.kind()) {
    case Scalar::Kind::Bool:
      tag_ = Tag::Bool;
      payload_.b = s.toBool();
      return;
    case Scalar::Kind::Int:
      tag_ = Tag::Int;
      payload_.i = s.toLong();
      return;
    case Scalar::Kind::Double:
      tag_ = Tag::Double;
      payload_.d = s.toDouble();
      return;
    case Scalar::Kind::ComplexDouble:
      tag_ = Tag::Complex;
      payload_.p = make_intrusive<ComplexHolder>(s.toComplexDouble()).release();
      return;
  }
}

IValue::IValue(std::string s) : IValue(Tag::String, StringImpl::create(std::move(s)).release()) {}
IValue::IValue(std::string_view s) : IValue(std::string(s)) {}

IValue IValue::intList(std::vector<int64_t> v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return IValue(ListImpl::create(IntType::get(), std::move(elems)));
}
IValue IValue::doubleList(std::vector<double> v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return IValue(ListImpl::create(FloatType::get(), std::move(elems)));
}
IValue IValue::boolList(const std::vector<bool>& v) {
  std::vector<IValue> elems;
  elems.reserve(v.size());
  for (bool b : v) elems.emplace_back(b);
  return IValue(ListImpl::create(BoolType::get(), std::move(elems)));
}
IValue IValue::tensorList(std::vector<Tensor> v) {
  std::vector<IValue> elems;
  elems.reserve(v.size());
  for (auto& t : v) elems.emplace_back(std::move(t));
  return IValue(ListImpl::create(TensorType::get(), std::move(elems)));
}
IValue IValue::stringList(const std::vector<std::string>& v) {
  std::vector<IValue> elems(v.begin(), v.end());
  return IValue(ListImpl::create(StringType::get(), std::move(elems)));
}
IValue IValue::list(TypePtr elementType, std::vector<IValue> elems) {
  return IValue(ListImpl::create(std::move(elementType), std::move(elems)));
}
IValue IValue::tuple(std::vector<IValue> elems) { return IValue(TupleImpl::create(std::move(elems))); }

// Tags ------------------------------------------------------------------------------

const char* IValue::tagKind() const {
  switch (tag_) {
    case Tag::None: return "None";
    case Tag::Int: return "Int";
    case Tag::Double: return "Double";
    case Tag::Bool: return "Bool";
    case Tag::Device: return "Device";
    case Tag::Function: return "Function";
    case Tag::Uninitialized: return "Uninitialized";
    case Tag::Tensor: return "Tensor";
    case Tag::String: return "String";
    case Tag::List: return "GenericList";
    case Tag::Dict: return "GenericDict";
    case Tag::Tuple: return "Tuple";
    case Tag::Object: return "Object";
    case Tag::Future: return "Future";
    case Tag::Enum: return "Enum";
    case Tag::Storage: return "Storage";
    case Tag::Type: return "Type";
    case Tag::Capsule: return "Capsule";
    case Tag::Complex: return "ComplexDouble";
  }
  return "InvalidTag";
}

const char* IValue::tagName(Tag t) {
  switch (t) {
    case Tag::None: return "None";
    case Tag::Int: return "int";
    case Tag::Double: return "float";
    case Tag::Bool: return "bool";
    case Tag::Device: return "Device";
    case Tag::Function: return "Function";
    case Tag::Uninitialized: return "Uninitialized";
    case Tag::Tensor: return "Tensor";
    case Tag::String: return "str";
    case Tag::List: return "List";
    case Tag::Dict: return "Dict";
    case Tag::Tuple: return "Tuple";
    case Tag::Object: return "Object";
    case Tag::Future: return "Future";
    case Tag::Enum: return "Enum";
    case Tag::Storage: return "Storage";
    case Tag::Type: return "Type";
    case Tag::Capsule: return "Capsule";
    case Tag::Complex: return "complex";
  }
  return "InvalidTag";
}

void IValue::throwWrongTag(const char* expected) const {
  JS_ERROR("expected ", expected, " but got ", tagName(tag_));
}

static bool listHasElementKind(const IValue& v, TypeKind k) {
  return v.isList() && v.toListRef().elementType->kind() == k;
}
bool IValue::isIntList() const { return listHasElementKind(*this, TypeKind::IntType); }
bool IValue::isDoubleList() const { return listHasElementKind(*this, TypeKind::FloatType); }
bool IValue::isBoolList() const { return listHasElementKind(*this, TypeKind::BoolType); }
bool IValue::isTensorList() const { return listHasElementKind(*this, TypeKind::TensorType); }
bool IValue::isStringList() const { return listHasElementKind(*this, TypeKind::StringType); }

// Accessors ---------------------------------------------------------------------------

ScalarType IValue::toScalarType() const {
  const int64_t v = toInt();
  JS_CHECK(isValidScalarType(static_cast<int>(v)) || v == static_cast<int64_t>(ScalarType::Undefined),
           "expected a dtype code but got ", v);
  return static_cast<ScalarType>(v);
}

Scalar IValue::toScalar() const {
  switch (tag_) {
    case Tag::Int: return Scalar(payload_.i);
    case Tag::Double: return Scalar(payload_.d);
    case Tag::Bool: return Scalar(payload_.b);
    case Tag::Complex: return Scalar(toComplexDouble());
    default: throwWrongTag("Scalar");
  }
}

Storage IValue::toStorage() const {
  if (tag_ != Tag::Storage) throwWrongTag("Storage");
  return Storage(intrusive_ptr<StorageImpl>(static_cast<StorageImpl*>(payload_.p)));
}

intrusive_ptr<Refcounted> IValue::toCapsule() const {
  if (tag_ != Tag::Capsule) throwWrongTag("Capsule");
  return intrusive_ptr<Refcounted>(payload_.p);
}

namespace {
// Unboxes every element of a list with one IValue accessor.
template <typename T, typename Get>
std::vector<T> unboxList(const std::vector<IValue>& elems, Get get) {
  std::vector<T> out;
  out.reserve(elems.size());
  for (const auto& e : elems) out.push_back(get(e));
  return out;
}
}  // namespace

std::vector<int64_t> IValue::toIntVector() const {
  return unboxList<int64_t>(toListRef().elements, [](const IValue& e) { return e.toInt(); });
}
std::vector<double> IValue::toDoubleVector() const {
  return unboxList<double>(toListRef().elements, [](const IValue& e) { return e.toDouble(); });
}
std::vector<bool> IValue::toBoolVector() const {
  return unboxList<bool>(toListRef().elements, [](const IValue& e) { return e.toBool(); });
}
std::vector<Tensor> IValue::toTensorVector() const {
  return unboxList<Tensor>(toListRef().elements, [](const IValue& e) { return e.toTensor(); });
}

// Dynamic type ---------------------------------------------------------------------------

TypePtr IValue::type() const {
  switch (tag_) {
    case Tag::None: return NoneType::get();
    case Tag::Int: return IntType::get();
    case Tag::Double: return FloatType::get();
    case Tag::Bool: return BoolType::get();
    case Tag::Device: return DeviceObjType::get();
    case Tag::Function: return FunctionType::get();
    case Tag::Uninitialized: return AnyType::get();
    case Tag::Tensor: return TensorType::get();
    case Tag::String: return StringType::get();
    case Tag::List: return ListType::create(toListRef().elementType);
    case Tag::Dict: {
      const auto& d = toDictRef();
      return DictType::create(d.keyType, d.valueType);
    }
    case Tag::Tuple: {
      const auto& t = toTupleRef();
      if (t.type) return t.type;
      std::vector<TypePtr> elems;
      elems.reserve(t.elements.size());
      for (const auto& e : t.elements) elems.push_back(e.type());
      return TupleType::create(std::move(elems));
    }
    case Tag::Object: return toObjectRef().type;
    case Tag::Future: return FutureType::create(toFutureRef().elementType());
    case Tag::Enum: return toEnumRef().type;
    case Tag::Storage: return StorageType::get();
    case Tag::Type: return toTypeRef();
    case Tag::Capsule: return CapsuleType::get();
    case Tag::Complex: return ComplexType::get();
  }
  JS_INTERNAL_ASSERT(false, "IValue::type: invalid tag");
  return nullptr;
}

// Identity and equality ----------------------------------------------------------------

bool IValue::is(const IValue& o) const {
  // An undefined tensor is None (x.grad of a tensor nothing differentiates).
  auto undefinedTensor = [](const IValue& v) { return v.isTensor() && !v.toTensor().defined(); };
  if ((isNone() && undefinedTensor(o)) || (o.isNone() && undefinedTensor(*this))) return true;
  if (tag_ != o.tag_) return false;
  switch (tag_) {
    case Tag::None:
    case Tag::Uninitialized: return true;
    case Tag::Int: return payload_.i == o.payload_.i;
    case Tag::Double: return payload_.d == o.payload_.d;
    case Tag::Bool: return payload_.b == o.payload_.b;
    case Tag::Device: return toDevice() == o.toDevice();
    case Tag::Function: return payload_.fn == o.payload_.fn;
    case Tag::Complex: return toComplexDouble() == o.toComplexDouble();
    default: return payload_.p == o.payload_.p;
  }
}

static bool sequencesEqual(const std::vector<IValue>& a, const std::vector<IValue>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!ivaluesEqual(a[i], b[i])) return false;
  }
  return true;
}

bool ivaluesEqual(const IValue& a, const IValue& b) {
  // 1j == 1j and (1+0j) == 1, as in Python.
  if ((a.isComplexDouble() && b.isNumber()) || (b.isComplexDouble() && a.isNumber()))
    return a.toScalar().toComplexDouble() == b.toScalar().toComplexDouble();
  if (a.isScalar() && b.isScalar()) {
    if (a.isDouble() || b.isDouble()) return a.toNumberAsDouble() == b.toNumberAsDouble();
    const int64_t x = a.isInt() ? a.toInt() : static_cast<int64_t>(a.toBool());
    const int64_t y = b.isInt() ? b.toInt() : static_cast<int64_t>(b.toBool());
    return x == y;
  }
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case IValue::Tag::None:
    case IValue::Tag::Uninitialized: return true;
    case IValue::Tag::String: return a.toStringRef() == b.toStringRef();
    case IValue::Tag::Device: return a.toDevice() == b.toDevice();
    case IValue::Tag::List: return a.is(b) || sequencesEqual(a.toListRef().elements, b.toListRef().elements);
    case IValue::Tag::Tuple: return a.is(b) || sequencesEqual(a.toTupleRef().elements, b.toTupleRef().elements);
    case IValue::Tag::Dict: {
      if (a.is(b)) return true;
      const auto& x = a.toDictRef();
      const auto& y = b.toDictRef();
      if (x.size() != y.size()) return false;
      for (const auto& e : x.entries()) {
        const IValue* v = y.find(e.key);
        if (!v || !ivaluesEqual(e.value, *v)) return false;
      }
      return true;
    }
    case IValue::Tag::Enum: {
      const auto& x = a.toEnumRef();
      const auto& y = b.toEnumRef();
      return x.type->equals(*y.type) && x.name == y.name;
    }
    case IValue::Tag::Type: return a.toTypeRef()->equals(*b.toTypeRef());
    default: return a.is(b);
  }
}

// Dict keys ----------------------------------------------------------------------------

bool isHashableKey(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None:
    case IValue::Tag::Int:
    case IValue::Tag::Double:
    case IValue::Tag::Bool:
    case IValue::Tag::String:
    case IValue::Tag::Tensor:
    case IValue::Tag::Device:
    case IValue::Tag::Enum: return true;
    default: return false;
  }
}

size_t hashKey(const IValue& v) {
  switch (v.tag()) {
    case IValue::Tag::None: return 0;
    case IValue::Tag::Int: return absl::HashOf(v.toInt());
    case IValue::Tag::Double: {
      double d = v.toDouble();
      if (d == 0) d = 0;  // -0.0 and 0.0 are the same key
      return absl::HashOf(d);
    }
    case IValue::Tag::Bool: return absl::HashOf(v.toBool());
    case IValue::Tag::String: return absl::HashOf(std::string_view(v.toStringRef()));
    case IValue::Tag::Tensor:
    case IValue::Tag::Enum: return absl::HashOf(static_cast<const void*>(v.internalPointer()));
    case IValue::Tag::Device: return std::hash<Device>()(v.toDevice());
    default: JS_ERROR("unhashable type: '", IValue::tagName(v.tag()), "'");
  }
}

bool keysEqual(const IValue& a, const IValue& b) {
  if (a.tag() != b.tag()) return false;
  switch (a.tag()) {
    case IValue::Tag::String: return a.toStringRef() == b.toStringRef();
    case IValue::Tag::Double: return a.toDouble() == b.toDouble();
    default: return a.is(b);
  }
}

// isinstance ----------------------------------------------------------------------------

static bool elementsAreInstances(const std::vector<IValue>& elems, const Type& t) {
  for (const auto& e : elems) {
    if (!isInstanceOf(e, t)) return false;
  }
  return true;
}

bool isInstanceOf(const IValue& v, const Type& type) {
  switch (type.kind()) {
    case TypeKind::AnyType:
    case TypeKind::VarType: return true;
    case TypeKind::OptionalType:
      return v.isNone() || isInstanceOf(v, *type.expect<OptionalType>().elementType());
    case TypeKind::UnionType:
      for (const auto& m : type.expect<UnionType>().members()) {
        if (isInstanceOf(v, *m)) return true;
      }
      return false;
    case TypeKind::NoneType: return v.isNone();
    case TypeKind::IntType: return v.isInt();
    case TypeKind::FloatType: return v.isDouble();
    case TypeKind::BoolType: return v.isBool();
    case TypeKind::NumberType: return v.isNumber();
    case TypeKind::ComplexType: return v.isComplexDouble();
    case TypeKind::StringType: return v.isString();
    case TypeKind::TensorType: {
      if (!v.isTensor()) return false;
      const auto& tt = type.expect<TensorType>();
      if (tt.isUnrefined()) return true;
      const Tensor& t = v.toTensor();
      if (!t.defined()) return false;
      if (tt.dtype() && *tt.dtype() != t.dtype()) return false;
      if (tt.dim() && *tt.dim() != static_cast<size_t>(t.dim())) return false;
      return true;
    }
    case TypeKind::DeviceObjType: return v.isDevice();
    case TypeKind::StorageType: return v.isStorage();
    case TypeKind::CapsuleType: return v.isCapsule();
    case TypeKind::FunctionType: return v.isFunction();
    case TypeKind::AnyListType: return v.isList();
    case TypeKind::AnyTupleType: return v.isTuple();
    case TypeKind::AnyClassType: return v.isObject();
    case TypeKind::AnyEnumType: return v.isEnum();
    case TypeKind::ListType: {
      if (!v.isList()) return false;
      const auto& l = v.toListRef();
      const auto& want = *type.expect<ListType>().elementType();
      // Lists are invariant: the recorded element type decides, unless it was
      // not known (Any), when the elements do.
      if (l.elementType->kind() == TypeKind::AnyType) return elementsAreInstances(l.elements, want);
      return l.elementType->equals(want) || want.kind() == TypeKind::AnyType ||
             (want.kind() == TypeKind::TensorType && l.elementType->isSubtypeOf(want));
    }
    case TypeKind::DictType: {
      if (!v.isDict()) return false;
      const auto& d = v.toDictRef();
      const auto& want = type.expect<DictType>();
      auto matches = [](const TypePtr& have, const Type& w, auto values) {
        if (have->kind() == TypeKind::AnyType) return values(w);
        return have->equals(w) || w.kind() == TypeKind::AnyType;
      };
      const bool keysOk = matches(d.keyType, *want.keyType(), [&](const Type& w) {
        for (const auto& e : d.entries())
          if (!isInstanceOf(e.key, w)) return false;
        return true;
      });
      if (!keysOk) return false;
      return matches(d.valueType, *want.valueType(), [&](const Type& w) {
        for (const auto& e : d.entries())
          if (!isInstanceOf(e.value, w)) return false;
        return true;
      });
    }
    case TypeKind::TupleType: {
      if (!v.isTuple()) return false;
      const auto& t = v.toTupleRef();
      const auto& want = type.expect<TupleType>();
      if (want.isNamed() && t.type && t.type->kind() == TypeKind::TupleType) {
        const auto& have = t.type->expect<TupleType>();
        if (have.isNamed() && *have.name() != *want.name()) return false;
      }
      if (t.elements.size() != want.elements().size()) return false;
      for (size_t i = 0; i < t.elements.size(); ++i) {
        if (!isInstanceOf(t.elements[i], *want.elements()[i])) return false;
      }
      return true;
    }
    case TypeKind::ClassType:
      return v.isObject() && v.toObjectRef().type->isSubtypeOf(type);
    case TypeKind::InterfaceType: {
      if (!v.isObject()) return false;
      return v.toObjectRef().type->isSubtypeOf(type);
    }
    case TypeKind::EnumType: return v.isEnum() && v.toEnumRef().type->equals(type);
    case TypeKind::FutureType: {
      if (!v.isFuture()) return false;
      const auto& want = *type.expect<FutureType>().elementType();
      return want.kind() == TypeKind::AnyType || v.toFutureRef().elementType()->isSubtypeOf(want);
    }
    case TypeKind::GeneratorType:
    case TypeKind::StreamObjType:
    case TypeKind::RRefType: return false;
  }
  return false;
}

// Containers -------------------------------------------------------------------------------

size_t ListImpl::normalizeIndex(int64_t idx) const {
  const int64_t n = static_cast<int64_t>(elements.size());
  if (idx < 0) idx += n;
  JS_CHECK(idx >= 0 && idx < n, "list index out of range");
  return static_cast<size_t>(idx);
}

const IValue* DictImpl::find(const IValue& key) const {
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].value;
}

IValue* DictImpl::find(const IValue& key) {
  auto it = index_.find(key);
  return it == index_.end() ? nullptr : &entries_[it->second].value;
}

void DictImpl::insertOrAssign(IValue key, IValue value) {
  auto [it, inserted] = index_.try_emplace(key, entries_.size());
  if (!inserted) {
    entries_[it->second].value = std::move(value);
    return;
  }
  entries_.push_back(Entry{std::move(key), std::move(value)});
}

IValue& DictImpl::insertIfAbsent(IValue key, IValue value) {
  auto [it, inserted] = index_.try_emplace(key, entries_.size());
  if (inserted) entries_.push_back(Entry{std::move(key), std::move(value)});
  return entries_[it->second].value;
}

std::optional<IValue> DictImpl::erase(const IValue& key) {
  auto it = index_.find(key);
  if (it == index_.end()) return std::nullopt;
  const size_t pos = it->second;
  index_.erase(it);
  IValue out = std::move(entries_[pos].value);
  entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(pos));
  for (size_t i = pos; i < entries_.size(); ++i) index_[entries_[i].key] = i;
  return out;
}

DictImpl::Entry DictImpl::popLast() {
  JS_INTERNAL_ASSERT(!entries_.empty(), "DictImpl::popLast on an empty dict");
  Entry e = std::move(entries_.back());
  entries_.pop_back();
  index_.erase(e.key);
  return e;
}

DictImpl::Entry DictImpl::popFirst() {
  JS_INTERNAL_ASSERT(!entries_.empty(), "DictImpl::popFirst on an empty dict");
  IValue key = entries_.front().key;
  IValue value = *erase(key);
  return Entry{std::move(key), std::move(value)};
}

void DictImpl::clear() {
  entries_.clear();
  index_.clear();
}

intrusive_ptr<DictImpl> DictImpl::copy() const {
  auto d = DictImpl::create(keyType, valueType);
  d->entries_ = entries_;
  d->index_ = index_;
  return d;
}

const IValue& ObjectImpl::getSlot(size_t i) const {
  JS_CHECK(i < slots.size(), "object of class ", type->name(), " has no attribute slot ", i);
  return slots[i];
}

void ObjectImpl::setSlot(size_t i, IValue v) {
  if (i >= slots.size()) {
    JS_CHECK(i < type->numAttributes(), "object of class ", type->name(), " has no attribute slot ", i);
    slots.resize(type->numAttributes());
  }
  slots[i] = std::move(v);
}

const IValue& ObjectImpl::getAttr(std::string_view name) const {
  auto slot = type->findAttributeSlot(name);
  JS_CHECK(slot.has_value(), "'", type->name(), "' object has no attribute '", name, "'");
  return getSlot(*slot);
}

void ObjectImpl::setAttr(std::string_view name, IValue v) {
  auto slot = type->findAttributeSlot(name);
  JS_CHECK(slot.has_value(), "'", type->name(), "' object has no attribute '", name, "'");
  setSlot(*slot, std::move(v));
}

}  // namespace jitserve
