// The refcounted payloads of IValue: strings, lists, dicts, tuples, objects,
// enum values and type values. Included by ivalue.h; include that instead.
//
// Containers have Python reference semantics: an IValue holding a ListImpl
// aliases it, and mutation (append, dict assignment, SetAttr) is visible
// through every IValue that holds it. Element/key/value types are recorded
// on the container because TorchScript's containers are statically typed and
// isinstance / dynamic type() read them.
//
// Thread-safety: like Python objects, a container is not synchronized; a
// program that shares one across fork() must not race on it.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "runtime/core/ivalue.h"

namespace jitserve {

// An immutable Python str.
struct StringImpl final : Refcounted {
  explicit StringImpl(std::string s) : str(std::move(s)) {}
  static intrusive_ptr<StringImpl> create(std::string s) { return make_intrusive<StringImpl>(std::move(s)); }
  const std::string str;
};

// A list with a static element type (int for List[int], Any when unknown).
struct ListImpl final : Refcounted {
  ListImpl(TypePtr elemType, std::vector<IValue> elems)
      : elementType(std::move(elemType)), elements(std::move(elems)) {}
  static intrusive_ptr<ListImpl> create(TypePtr elemType, std::vector<IValue> elems = {}) {
    return make_intrusive<ListImpl>(std::move(elemType), std::move(elems));
  }
  size_t size() const { return elements.size(); }
  // Python indexing: negative counts from the end; out of range throws
  // "list index out of range".
  size_t normalizeIndex(int64_t idx) const;

  TypePtr elementType;
  std::vector<IValue> elements;
};

// An insertion-ordered dict with hashable IValue keys (str, int, float, bool,
// Tensor by identity, Device). Assigning an existing key keeps its position,
// as in Python. Erasing is O(n) (it shifts later entries); TorchScript dicts
// are small and mostly read.
struct DictImpl final : Refcounted {
  struct Entry {
    IValue key;
    IValue value;
  };

  DictImpl(TypePtr keyType, TypePtr valueType) : keyType(std::move(keyType)), valueType(std::move(valueType)) {}
  static intrusive_ptr<DictImpl> create(TypePtr keyType, TypePtr valueType) {
    return make_intrusive<DictImpl>(std::move(keyType), std::move(valueType));
  }

  size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const std::vector<Entry>& entries() const { return entries_; }
  // Value of an entry (by position) may be mutated in place; keys may not.
  IValue& valueAt(size_t i) { return entries_[i].value; }

  const IValue* find(const IValue& key) const;
  IValue* find(const IValue& key);
  bool contains(const IValue& key) const { return find(key) != nullptr; }
  // d[key] = value.
  void insertOrAssign(IValue key, IValue value);
  // d.setdefault(key, value): inserts if absent; returns the stored value.
  IValue& insertIfAbsent(IValue key, IValue value);
  // Removes key; returns its value, or nullopt when absent.
  std::optional<IValue> erase(const IValue& key);
  // Removes and returns the last-inserted entry; the dict must not be empty.
  Entry popLast();
  // Removes and returns the first entry: TorchScript's popitem() (PyTorch
  // pops from the front, unlike CPython); the dict must not be empty.
  Entry popFirst();
  void clear();
  // A shallow copy (same key/value objects, new dict).
  intrusive_ptr<DictImpl> copy() const;

  TypePtr keyType;
  TypePtr valueType;

 private:
  std::vector<Entry> entries_;
  absl::flat_hash_map<IValue, size_t, IValueKeyHash, IValueKeyEq> index_;
};

// A tuple; a NamedTuple when `type` is a named TupleType.
struct TupleImpl final : Refcounted {
  explicit TupleImpl(std::vector<IValue> elems, TypePtr namedType = nullptr)
      : elements(std::move(elems)), type(std::move(namedType)) {}
  static intrusive_ptr<TupleImpl> create(std::vector<IValue> elems, TypePtr namedType = nullptr) {
    return make_intrusive<TupleImpl>(std::move(elems), std::move(namedType));
  }
  size_t size() const { return elements.size(); }

  std::vector<IValue> elements;
  TypePtr type;  // set for NamedTuples (and tuples whose type is known); may be null
};

// An instance of a TorchScript class or module: its ClassType and one slot
// per attribute (slot i = attribute i of the class).
struct ObjectImpl final : Refcounted {
  ObjectImpl(std::shared_ptr<const ClassType> cls, size_t numSlots) : type(std::move(cls)), slots(numSlots) {}
  static intrusive_ptr<ObjectImpl> create(std::shared_ptr<const ClassType> cls) {
    const size_t n = cls->numAttributes();
    return make_intrusive<ObjectImpl>(std::move(cls), n);
  }

  const IValue& getSlot(size_t i) const;
  // Grows the slots when an open class gained attributes after creation.
  void setSlot(size_t i, IValue v);
  // By attribute name; a missing attribute is a user error naming the class.
  const IValue& getAttr(std::string_view name) const;
  void setAttr(std::string_view name, IValue v);

  std::shared_ptr<const ClassType> type;
  std::vector<IValue> slots;
};

// One member of an Enum class: Color.RED has name "RED" and its value.
struct EnumHolder final : Refcounted {
  EnumHolder(std::shared_ptr<const EnumType> t, std::string n, IValue v)
      : type(std::move(t)), name(std::move(n)), value(std::move(v)) {}
  std::string qualifiedName() const { return type->name() + "." + name; }

  const std::shared_ptr<const EnumType> type;
  const std::string name;
  const IValue value;
};

// A type used as a value (a class or enum referenced by a program, e.g. the
// operand of isinstance or a NamedTuple constructor).
struct TypeValue final : Refcounted {
  explicit TypeValue(TypePtr t) : type(std::move(t)) {}
  const TypePtr type;
};

// A complex number (immutable, as Python's).
struct ComplexHolder final : Refcounted {
  explicit ComplexHolder(std::complex<double> v) : value(v) {}
  const std::complex<double> value;
};

// Inline IValue members that need the complete payload types -------------------

inline IValue::IValue(intrusive_ptr<StringImpl> v) noexcept : IValue(Tag::String, v.release()) {}
inline IValue::IValue(intrusive_ptr<ListImpl> v) noexcept : IValue(Tag::List, v.release()) {}
inline IValue::IValue(intrusive_ptr<DictImpl> v) noexcept : IValue(Tag::Dict, v.release()) {}
inline IValue::IValue(intrusive_ptr<TupleImpl> v) noexcept : IValue(Tag::Tuple, v.release()) {}
inline IValue::IValue(intrusive_ptr<ObjectImpl> v) noexcept : IValue(Tag::Object, v.release()) {}
inline IValue::IValue(intrusive_ptr<EnumHolder> v) noexcept : IValue(Tag::Enum, v.release()) {}
inline IValue::IValue(intrusive_ptr<TypeValue> v) noexcept : IValue(Tag::Type, v.release()) {}
inline IValue::IValue(std::complex<double> v) : IValue(Tag::Complex, make_intrusive<ComplexHolder>(v).release()) {}
inline std::complex<double> IValue::toComplexDouble() const {
  return ptrAs<ComplexHolder>(Tag::Complex, "complex")->value;
}

inline const std::string& IValue::toStringRef() const { return ptrAs<StringImpl>(Tag::String, "str")->str; }
inline intrusive_ptr<StringImpl> IValue::toString() const& {
  return intrusive_ptr<StringImpl>(ptrAs<StringImpl>(Tag::String, "str"));
}
inline intrusive_ptr<StringImpl> IValue::toString() && {
  auto* p = ptrAs<StringImpl>(Tag::String, "str");
  tag_ = Tag::None;
  payload_.i = 0;
  return intrusive_ptr<StringImpl>::reclaim(p);
}

#define JITSERVE_IVALUE_REF_ACCESSORS(Impl, Name, TagName, Expected)                \
  inline Impl& IValue::to##Name##Ref() const { return *ptrAs<Impl>(Tag::TagName, Expected); } \
  inline intrusive_ptr<Impl> IValue::to##Name() const& {                          \
    return intrusive_ptr<Impl>(ptrAs<Impl>(Tag::TagName, Expected));              \
  }
JITSERVE_IVALUE_REF_ACCESSORS(ListImpl, List, List, "List")
JITSERVE_IVALUE_REF_ACCESSORS(DictImpl, Dict, Dict, "Dict")
JITSERVE_IVALUE_REF_ACCESSORS(TupleImpl, Tuple, Tuple, "Tuple")
JITSERVE_IVALUE_REF_ACCESSORS(ObjectImpl, Object, Object, "Object")
JITSERVE_IVALUE_REF_ACCESSORS(EnumHolder, Enum, Enum, "Enum")
#undef JITSERVE_IVALUE_REF_ACCESSORS

#define JITSERVE_IVALUE_MOVE_ACCESSOR(Impl, Name, TagName, Expected) \
  inline intrusive_ptr<Impl> IValue::to##Name() && {                \
    auto* p = ptrAs<Impl>(Tag::TagName, Expected);                  \
    tag_ = Tag::None;                                               \
    payload_.i = 0;                                                 \
    return intrusive_ptr<Impl>::reclaim(p);                         \
  }
JITSERVE_IVALUE_MOVE_ACCESSOR(ListImpl, List, List, "List")
JITSERVE_IVALUE_MOVE_ACCESSOR(DictImpl, Dict, Dict, "Dict")
JITSERVE_IVALUE_MOVE_ACCESSOR(TupleImpl, Tuple, Tuple, "Tuple")
JITSERVE_IVALUE_MOVE_ACCESSOR(ObjectImpl, Object, Object, "Object")
#undef JITSERVE_IVALUE_MOVE_ACCESSOR

inline const TypePtr& IValue::toTypeRef() const { return ptrAs<TypeValue>(Tag::Type, "Type")->type; }

}  // namespace jitserve
