// The TorchScript type hierarchy.
//
// Every Value in the Graph IR and every schema argument has a Type. Types are
// immutable and shared (TypePtr = shared_ptr<const Type>); singletons such as
// IntType::get() are compared by kind, structured types by equals().
//
// str() is the form PyTorch's IR printer uses ("int[]", "Tensor?",
// "(int, str)", "Dict(str, Tensor)", "Float(2, 3, strides=[3, 1], ...)");
// annotationStr() the Python annotation form ("List[int]", "Optional[Tensor]",
// "Tuple[int, str]") used when printing source.
//
// Subtyping follows TorchScript: NoneType and T are subtypes of Optional[T];
// int and float are subtypes of Number; everything is a subtype of Any;
// List/Dict are invariant, Tuple is covariant; a Union's members are subtypes
// of it; a specialized TensorType is a subtype of the unspecialized one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/tensor/device.h"
#include "runtime/tensor/dtype.h"

namespace jitserve {

class Type;
using TypePtr = std::shared_ptr<const Type>;
class Function;  // runtime/core/function.h: a callable method of a class

enum class TypeKind {
  AnyType,
  TensorType,
  NumberType,
  FloatType,
  ComplexType,
  IntType,
  BoolType,
  StringType,
  NoneType,
  DeviceObjType,
  StreamObjType,
  GeneratorType,
  StorageType,
  CapsuleType,
  FunctionType,  // a first-class function constant, printed "Function"
  ListType,
  DictType,
  TupleType,     // also NamedTuple when it has names
  OptionalType,
  UnionType,
  FutureType,
  RRefType,
  ClassType,
  InterfaceType,
  EnumType,
  AnyListType,
  AnyTupleType,
  AnyClassType,
  AnyEnumType,
  VarType,       // a type variable in a schema ("t" in "t[] list")
};

std::string_view typeKindName(TypeKind k);
[[noreturn]] void throwBadTypeCast(const Type& t, TypeKind wanted);

class Type : public std::enable_shared_from_this<Type> {
 public:
  explicit Type(TypeKind k) : kind_(k) {}
  virtual ~Type() = default;
  Type(const Type&) = delete;
  Type& operator=(const Type&) = delete;

  TypeKind kind() const { return kind_; }
  virtual std::string str() const = 0;
  virtual std::string annotationStr() const { return str(); }
  // Structural equality.
  virtual bool equals(const Type& rhs) const;
  virtual bool isSubtypeOf(const Type& rhs) const;
  // Directly contained types (element, key/value, tuple members, ...).
  virtual std::vector<TypePtr> containedTypes() const { return {}; }
  // Rebuilds this type with new contained types (same order as containedTypes()).
  virtual TypePtr withContained(std::vector<TypePtr> contained) const;
  // True if this type or any contained type is a VarType.
  bool hasFreeVariables() const;

  template <typename T> const T* cast() const {
    return kind_ == T::Kind ? static_cast<const T*>(this) : nullptr;
  }
  template <typename T> bool isa() const { return kind_ == T::Kind; }
  template <typename T> const T& expect() const;  // asserts the kind

  TypePtr ptr() const { return shared_from_this(); }

 private:
  TypeKind kind_;
};

bool operator==(const Type& a, const Type& b);
inline bool operator!=(const Type& a, const Type& b) { return !(a == b); }
inline bool typesEqual(const TypePtr& a, const TypePtr& b) { return *a == *b; }

// Singletons -----------------------------------------------------------------

#define JITSERVE_SINGLETON_TYPE(Name, printed)                 \
  class Name final : public Type {                             \
   public:                                                     \
    static constexpr TypeKind Kind = TypeKind::Name;           \
    static const TypePtr& get();                               \
    std::string str() const override { return printed; }       \
    Name() : Type(TypeKind::Name) {}                           \
  };

JITSERVE_SINGLETON_TYPE(AnyType, "Any")
JITSERVE_SINGLETON_TYPE(NumberType, "Scalar")
JITSERVE_SINGLETON_TYPE(FloatType, "float")
JITSERVE_SINGLETON_TYPE(ComplexType, "complex")
JITSERVE_SINGLETON_TYPE(IntType, "int")
JITSERVE_SINGLETON_TYPE(BoolType, "bool")
JITSERVE_SINGLETON_TYPE(StringType, "str")
JITSERVE_SINGLETON_TYPE(NoneType, "NoneType")
JITSERVE_SINGLETON_TYPE(DeviceObjType, "Device")
JITSERVE_SINGLETON_TYPE(StreamObjType, "Stream")
JITSERVE_SINGLETON_TYPE(GeneratorType, "Generator")
JITSERVE_SINGLETON_TYPE(StorageType, "Storage")
JITSERVE_SINGLETON_TYPE(CapsuleType, "Capsule")
JITSERVE_SINGLETON_TYPE(FunctionType, "Function")
JITSERVE_SINGLETON_TYPE(AnyListType, "list")
JITSERVE_SINGLETON_TYPE(AnyTupleType, "tuple")
JITSERVE_SINGLETON_TYPE(AnyClassType, "AnyClassType")
JITSERVE_SINGLETON_TYPE(AnyEnumType, "AnyEnumType")
#undef JITSERVE_SINGLETON_TYPE

// Tensor -----------------------------------------------------------------------

// A tensor type, optionally refined with what is known statically. The
// unrefined TensorType::get() prints "Tensor"; a refined one prints like
// "Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)".
class TensorType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::TensorType;
  using SizeVec = std::vector<std::optional<int64_t>>;

  TensorType() : Type(Kind) {}
  static const TypePtr& get();  // nothing known
  static TypePtr create(std::optional<ScalarType> dtype, std::optional<Device> device,
                        std::optional<size_t> dim, std::optional<bool> requiresGrad);
  static TypePtr create(std::optional<ScalarType> dtype, std::optional<Device> device,
                        std::optional<SizeVec> sizes, std::optional<SizeVec> strides,
                        std::optional<bool> requiresGrad);

  std::optional<ScalarType> dtype() const { return dtype_; }
  std::optional<Device> device() const { return device_; }
  std::optional<bool> requiresGrad() const { return requiresGrad_; }
  std::optional<size_t> dim() const { return dim_; }
  const std::optional<SizeVec>& sizes() const { return sizes_; }
  const std::optional<SizeVec>& strides() const { return strides_; }
  // All sizes statically known.
  std::optional<std::vector<int64_t>> concreteSizes() const;
  bool isUnrefined() const;

  TypePtr withDtype(std::optional<ScalarType> t) const;
  TypePtr withDim(std::optional<size_t> d) const;
  TypePtr withRequiresGrad(std::optional<bool> r) const;
  TypePtr withDevice(std::optional<Device> d) const;
  TypePtr withSizes(std::optional<SizeVec> sizes, std::optional<SizeVec> strides) const;
  // The least refined type both a and b are subtypes of.
  static TypePtr merge(const TensorType& a, const TensorType& b);

  std::string str() const override;
  std::string annotationStr() const override { return "Tensor"; }
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;

 private:
  std::optional<ScalarType> dtype_;
  std::optional<Device> device_;
  std::optional<bool> requiresGrad_;
  std::optional<size_t> dim_;
  std::optional<SizeVec> sizes_;
  std::optional<SizeVec> strides_;
};

// Containers -------------------------------------------------------------------

class ListType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::ListType;
  explicit ListType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  static const TypePtr& ofInts();
  static const TypePtr& ofFloats();
  static const TypePtr& ofBools();
  static const TypePtr& ofTensors();
  static const TypePtr& ofStrings();
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override;            // "int[]"
  std::string annotationStr() const override;  // "List[int]"
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  TypePtr elem_;
};

class DictType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::DictType;
  DictType(TypePtr key, TypePtr value) : Type(Kind), key_(std::move(key)), value_(std::move(value)) {}
  static TypePtr create(TypePtr key, TypePtr value);
  const TypePtr& keyType() const { return key_; }
  const TypePtr& valueType() const { return value_; }
  std::string str() const override;            // "Dict(str, Tensor)"
  std::string annotationStr() const override;  // "Dict[str, Tensor]"
  bool equals(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return {key_, value_}; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  TypePtr key_, value_;
};

// A tuple; a NamedTuple when it has a qualified name and field names.
class TupleType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::TupleType;
  explicit TupleType(std::vector<TypePtr> elems, std::optional<std::string> name = std::nullopt,
                     std::vector<std::string> fieldNames = {})
      : Type(Kind), elems_(std::move(elems)), name_(std::move(name)), fieldNames_(std::move(fieldNames)) {}
  static TypePtr create(std::vector<TypePtr> elems);
  static TypePtr createNamed(std::string qualifiedName, std::vector<std::string> fieldNames,
                             std::vector<TypePtr> elems);
  const std::vector<TypePtr>& elements() const { return elems_; }
  const std::optional<std::string>& name() const { return name_; }
  const std::vector<std::string>& fieldNames() const { return fieldNames_; }
  bool isNamed() const { return name_.has_value(); }
  std::optional<size_t> fieldIndex(std::string_view field) const;
  std::string str() const override;            // "(int, str)"
  std::string annotationStr() const override;  // "Tuple[int, str]"
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return elems_; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  std::vector<TypePtr> elems_;
  std::optional<std::string> name_;
  std::vector<std::string> fieldNames_;
};

class OptionalType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::OptionalType;
  explicit OptionalType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override;            // "int?"
  std::string annotationStr() const override;  // "Optional[int]"
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  TypePtr elem_;
};

class UnionType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::UnionType;
  explicit UnionType(std::vector<TypePtr> members) : Type(Kind), members_(std::move(members)) {}
  // Flattens nested unions and removes duplicates; a single member collapses
  // to that member, and {T, None} becomes Optional[T].
  static TypePtr create(std::vector<TypePtr> members);
  const std::vector<TypePtr>& members() const { return members_; }
  bool canHoldNone() const;
  std::string str() const override;            // "Union(int, str)"
  std::string annotationStr() const override;  // "Union[int, str]"
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return members_; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  std::vector<TypePtr> members_;
};

class FutureType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::FutureType;
  explicit FutureType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  static TypePtr create(TypePtr elem);
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override;            // "Future(int)"
  std::string annotationStr() const override;  // "Future[int]"
  bool equals(const Type& rhs) const override;
  bool isSubtypeOf(const Type& rhs) const override;
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  TypePtr elem_;
};

class RRefType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::RRefType;
  explicit RRefType(TypePtr elem) : Type(Kind), elem_(std::move(elem)) {}
  const TypePtr& elementType() const { return elem_; }
  std::string str() const override { return "RRef(" + elem_->str() + ")"; }
  std::vector<TypePtr> containedTypes() const override { return {elem_}; }
  TypePtr withContained(std::vector<TypePtr> c) const override;

 private:
  TypePtr elem_;
};

// A schema type variable, e.g. "t" in "aten::append(t[](a!) self, t(c -> *) el)".
class VarType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::VarType;
  explicit VarType(std::string name) : Type(Kind), name_(std::move(name)) {}
  static TypePtr create(std::string name);
  const std::string& name() const { return name_; }
  std::string str() const override { return name_; }
  bool equals(const Type& rhs) const override;

 private:
  std::string name_;
};

// Classes, interfaces, enums ---------------------------------------------------

// A TorchScript class or module. Attributes are slots (index = position).
// Classes are mutable while being defined (the frontend and the archive
// importer add attributes and methods), then shared read-only. A class whose
// definition was not seen (a graph parsed from IR text) is "open": unknown
// attributes are added on first SetAttr.
class ClassType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::ClassType;
  struct Attribute {
    std::string name;
    TypePtr type;
    bool isParameter = false;
    bool isBuffer = false;
  };

  ClassType(std::string qualifiedName, bool isModule)
      : Type(Kind), name_(std::move(qualifiedName)), isModule_(isModule) {}
  static std::shared_ptr<ClassType> create(std::string qualifiedName, bool isModule = false);

  const std::string& name() const { return name_; }  // "__torch__.Foo"
  bool isModule() const { return isModule_; }
  bool isOpen() const { return open_; }
  void setOpen(bool open) { open_ = open; }

  size_t numAttributes() const { return attributes_.size(); }
  const std::vector<Attribute>& attributes() const { return attributes_; }
  std::optional<size_t> findAttributeSlot(std::string_view name) const;
  // Returns the slot. Adding is only legal while the class is being defined.
  size_t addAttribute(std::string name, TypePtr type, bool isParameter = false, bool isBuffer = false) const;
  void setAttributeType(size_t slot, TypePtr type) const;

  // Constants (Final attributes of modules): name -> index into a side table
  // owned by the compilation unit; kept opaque here.
  const std::vector<std::string>& constantNames() const { return constantNames_; }
  void addConstantName(std::string name) const { constantNames_.push_back(std::move(name)); }

  const std::vector<Function*>& methods() const { return methods_; }
  Function* findMethod(std::string_view name) const;
  // Throws if a method of that name (Function::name()) already exists.
  void addMethod(Function* fn) const;

  std::string str() const override { return name_; }
  bool equals(const Type& rhs) const override { return this == &rhs; }
  bool isSubtypeOf(const Type& rhs) const override;

 private:
  std::string name_;
  bool isModule_;
  bool open_ = false;
  // Classes are built up after creation through shared const pointers; the
  // mutable members are only written while the class is being defined.
  mutable std::vector<Attribute> attributes_;
  mutable std::vector<std::string> constantNames_;
  mutable std::vector<Function*> methods_;
};
using ClassTypePtr = std::shared_ptr<ClassType>;

// An interface: a set of method schemas that classes (or modules) satisfy.
class InterfaceType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::InterfaceType;
  InterfaceType(std::string qualifiedName, bool isModule)
      : Type(Kind), name_(std::move(qualifiedName)), isModule_(isModule) {}
  const std::string& name() const { return name_; }
  bool isModule() const { return isModule_; }
  std::string str() const override { return name_; }
  bool equals(const Type& rhs) const override { return this == &rhs; }

 private:
  std::string name_;
  bool isModule_;
};

// An Enum class: a name, the type of its values (int, float or str) and its
// member names in definition order. Values live in the compilation unit.
class EnumType final : public Type {
 public:
  static constexpr TypeKind Kind = TypeKind::EnumType;
  EnumType(std::string qualifiedName, TypePtr valueType, std::vector<std::string> names)
      : Type(Kind), name_(std::move(qualifiedName)), valueType_(std::move(valueType)), names_(std::move(names)) {}
  const std::string& name() const { return name_; }
  const TypePtr& valueType() const { return valueType_; }
  const std::vector<std::string>& memberNames() const { return names_; }
  std::string str() const override { return "Enum<" + name_ + ">"; }
  bool equals(const Type& rhs) const override { return this == &rhs; }
  bool isSubtypeOf(const Type& rhs) const override;

 private:
  std::string name_;
  TypePtr valueType_;
  std::vector<std::string> names_;
};

// Helpers ----------------------------------------------------------------------

// The smallest type both a and b are subtypes of, if one exists without
// falling back to Any (used to type list literals and If outputs).
std::optional<TypePtr> unifyTypes(const TypePtr& a, const TypePtr& b);

// Strips Optional/Union-with-None: Optional[T] -> T.
TypePtr unwrapOptional(const TypePtr& t);

// The form PyTorch's graph printer writes (its operator<< on Type). It equals
// str() except that futures and rrefs use brackets ("Future[int]",
// "Future[Tensor][]"), while schemas spell them "Future(int)" through str().
std::string irTypeStr(const Type& t);

template <typename T>
const T& Type::expect() const {
  if (kind_ != T::Kind) throwBadTypeCast(*this, T::Kind);
  return static_cast<const T&>(*this);
}
}  // namespace jitserve
