// IValue: the interpreter's value, one of the things a TorchScript program
// can compute with (None, int, float, complex, bool, str, Tensor, list,
// dict, tuple, object, future, device, enum, ...).
//
// Layout: exactly 16 bytes, an 8-byte payload and a one-byte tag. Scalars,
// bools, Devices and Function pointers live inline in the payload; everything
// else is a Refcounted object (TensorImpl, StringImpl, ListImpl, DictImpl,
// TupleImpl, ObjectImpl, FutureImpl, EnumHolder, StorageImpl, TypeValue,
// ComplexHolder (a complex number is two words) or an opaque capsule) whose
// raw pointer is the payload.
//
// Invariants:
//  - A tag >= Tag::Tensor owns one reference to its payload pointer. The
//    pointer is never null except for an undefined Tensor.
//  - Copying increments that reference count; moving transfers it and leaves
//    the source None; nothing else touches the count.
//  - Containers (list, dict, tuple, object) have reference semantics, as in
//    Python: copying an IValue aliases the same list.
//
// toX() on the wrong tag throws jitserve::Error("expected int but got Tensor").
// The container types are defined in ivalue_containers.h and future.h, which
// this header includes at its end, so including ivalue.h gives all of them.
#pragma once

#include <complex>
#include <cstdint>
#include <cstring>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "runtime/core/type.h"
#include "runtime/support/error.h"
#include "runtime/support/intrusive_ptr.h"
#include "runtime/tensor/device.h"
#include "runtime/tensor/dtype.h"
#include "runtime/tensor/scalar.h"
#include "runtime/tensor/storage.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

struct StringImpl;
struct ListImpl;
struct DictImpl;
struct TupleImpl;
struct ObjectImpl;
struct EnumHolder;
struct TypeValue;
struct ComplexHolder;
class FutureImpl;
class Function;

class IValue {
 public:
  // Inline tags first, then the refcounted ones, so "owns a reference" is a
  // single comparison (tag >= Tensor).
  enum class Tag : uint8_t {
    None,
    Int,
    Double,
    Bool,
    Device,
    Function,       // a Function* owned by its compilation unit (not refcounted)
    Uninitialized,  // prim::Uninitialized: a value that is never read
    Tensor,
    String,
    List,
    Dict,
    Tuple,
    Object,
    Future,
    Enum,
    Storage,  // a StorageImpl, as the unpickler produces for tensor data
    Type,     // a class/enum type used as a value (TypeValue)
    Capsule,  // an opaque Refcounted object (custom classes)
    Complex,  // a ComplexHolder: TorchScript's complex (complex<double>)
  };

  // Construction ----------------------------------------------------------------
  IValue() noexcept : tag_(Tag::None) { payload_.i = 0; }
  IValue(std::nullopt_t) noexcept : IValue() {}
  IValue(int64_t v) noexcept : tag_(Tag::Int) { payload_.i = v; }
  IValue(int32_t v) noexcept : IValue(static_cast<int64_t>(v)) {}
  IValue(uint32_t v) noexcept : IValue(static_cast<int64_t>(v)) {}
  IValue(double v) noexcept : tag_(Tag::Double) { payload_.d = v; }
  // Templated so that pointers and other scalars do not silently become bool.
  template <typename B, std::enable_if_t<std::is_same_v<B, bool>, int> = 0>
  IValue(B v) noexcept : tag_(Tag::Bool) {
    payload_.i = 0;
    payload_.b = v;
  }
  IValue(Device d) noexcept : tag_(Tag::Device) {
    payload_.i = 0;
    payload_.dev = DeviceBits{d.type, d.index};
  }
  // ScalarType, Layout and MemoryFormat are ints at run time, as in PyTorch.
  IValue(ScalarType t) noexcept : IValue(static_cast<int64_t>(t)) {}
  // Bool -> bool, Int -> int, Double -> float, ComplexDouble -> complex.
  explicit IValue(const Scalar& s);
  IValue(std::complex<double> v);

  IValue(std::string s);
  IValue(std::string_view s);
  IValue(const char* s) : IValue(std::string_view(s)) {}
  IValue(intrusive_ptr<StringImpl> s) noexcept;

  IValue(Tensor t) noexcept : tag_(Tag::Tensor) {
    payload_.p = static_cast<Refcounted*>(t.releaseImpl().release());
  }
  IValue(Storage s) noexcept : tag_(Tag::Storage) {
    intrusive_ptr<StorageImpl> p = s.getIntrusivePtr();
    payload_.p = static_cast<Refcounted*>(p.release());
  }
  IValue(intrusive_ptr<ListImpl> v) noexcept;
  IValue(intrusive_ptr<DictImpl> v) noexcept;
  IValue(intrusive_ptr<TupleImpl> v) noexcept;
  IValue(intrusive_ptr<ObjectImpl> v) noexcept;
  IValue(intrusive_ptr<FutureImpl> v) noexcept;
  IValue(intrusive_ptr<EnumHolder> v) noexcept;
  IValue(intrusive_ptr<TypeValue> v) noexcept;
  explicit IValue(Function* fn) noexcept : tag_(Tag::Function) { payload_.fn = fn; }

  static IValue uninitialized() noexcept {
    IValue v;
    v.tag_ = Tag::Uninitialized;
    return v;
  }
  static IValue capsule(intrusive_ptr<Refcounted> obj) noexcept { return IValue(Tag::Capsule, obj.release()); }

  // Lists of common element types (a new ListImpl with the matching element type).
  static IValue intList(std::vector<int64_t> v);
  static IValue doubleList(std::vector<double> v);
  static IValue boolList(const std::vector<bool>& v);
  static IValue tensorList(std::vector<Tensor> v);
  static IValue stringList(const std::vector<std::string>& v);
  static IValue list(TypePtr elementType, std::vector<IValue> elems);
  static IValue tuple(std::vector<IValue> elems);

  // Copy / move / destroy ----------------------------------------------------------
  IValue(const IValue& o) noexcept : payload_(o.payload_), tag_(o.tag_) {
    if (o.ownsRef() && payload_.p) payload_.p->incref();
  }
  IValue(IValue&& o) noexcept : payload_(o.payload_), tag_(o.tag_) {
    o.tag_ = Tag::None;
    o.payload_.i = 0;
  }
  IValue& operator=(const IValue& o) noexcept {
    IValue(o).swap(*this);
    return *this;
  }
  IValue& operator=(IValue&& o) noexcept {
    if (this != &o) {
      release();
      payload_ = o.payload_;
      tag_ = o.tag_;
      o.tag_ = Tag::None;
      o.payload_.i = 0;
    }
    return *this;
  }
  ~IValue() { release(); }
  void swap(IValue& o) noexcept {
    Payload p(payload_);
    payload_ = o.payload_;
    o.payload_ = p;
    std::swap(tag_, o.tag_);
  }

  // Tag queries ---------------------------------------------------------------------
  Tag tag() const { return tag_; }
  bool isNone() const { return tag_ == Tag::None; }
  bool isInt() const { return tag_ == Tag::Int; }
  bool isDouble() const { return tag_ == Tag::Double; }
  bool isBool() const { return tag_ == Tag::Bool; }
  bool isDevice() const { return tag_ == Tag::Device; }
  bool isFunction() const { return tag_ == Tag::Function; }
  bool isUninitialized() const { return tag_ == Tag::Uninitialized; }
  bool isTensor() const { return tag_ == Tag::Tensor; }
  bool isString() const { return tag_ == Tag::String; }
  bool isList() const { return tag_ == Tag::List; }
  bool isDict() const { return tag_ == Tag::Dict; }
  bool isTuple() const { return tag_ == Tag::Tuple; }
  bool isObject() const { return tag_ == Tag::Object; }
  bool isFuture() const { return tag_ == Tag::Future; }
  bool isEnum() const { return tag_ == Tag::Enum; }
  bool isStorage() const { return tag_ == Tag::Storage; }
  bool isType() const { return tag_ == Tag::Type; }
  bool isCapsule() const { return tag_ == Tag::Capsule; }
  bool isComplexDouble() const { return tag_ == Tag::Complex; }
  // int, float or bool: the real numbers.
  bool isScalar() const { return tag_ == Tag::Int || tag_ == Tag::Double || tag_ == Tag::Bool; }
  // A real number or a complex: what a Scalar (Number) argument accepts.
  bool isNumber() const { return isScalar() || tag_ == Tag::Complex; }
  bool isIntList() const;
  bool isDoubleList() const;
  bool isBoolList() const;
  bool isTensorList() const;
  bool isStringList() const;

  // PyTorch's tag name ("Int", "Double", "Tensor", "GenericList", ...).
  const char* tagKind() const;
  // The Python-facing name used in error messages ("int", "float", "Tensor", "List").
  static const char* tagName(Tag t);

  // Accessors: inline scalars ---------------------------------------------------------
  int64_t toInt() const {
    if (tag_ != Tag::Int) throwWrongTag("int");
    return payload_.i;
  }
  double toDouble() const {
    if (tag_ != Tag::Double) throwWrongTag("float");
    return payload_.d;
  }
  bool toBool() const {
    if (tag_ != Tag::Bool) throwWrongTag("bool");
    return payload_.b;
  }
  Device toDevice() const {
    if (tag_ != Tag::Device) throwWrongTag("Device");
    return Device(payload_.dev.type, payload_.dev.index);
  }
  Function* toFunction() const {
    if (tag_ != Tag::Function) throwWrongTag("Function");
    return payload_.fn;
  }
  ScalarType toScalarType() const;  // an int holding a valid dtype code
  std::complex<double> toComplexDouble() const;
  // int, float, bool or complex as a Scalar; Tensor is not converted here.
  Scalar toScalar() const;
  // int or float (or bool) widened to double, for `number` arguments.
  double toNumberAsDouble() const {
    if (tag_ == Tag::Double) return payload_.d;
    if (tag_ == Tag::Int) return static_cast<double>(payload_.i);
    if (tag_ == Tag::Bool) return payload_.b ? 1.0 : 0.0;
    throwWrongTag("number");
  }

  // Accessors: refcounted payloads -------------------------------------------------
  // Borrowed views cost nothing; the owning forms copy (one increment) or, on
  // an rvalue, steal the reference.
  const Tensor& toTensor() const& {
    if (tag_ != Tag::Tensor) throwWrongTag("Tensor");
    return payload_.t;
  }
  Tensor& toTensor() & {
    if (tag_ != Tag::Tensor) throwWrongTag("Tensor");
    return payload_.t;
  }
  Tensor toTensor() && {
    if (tag_ != Tag::Tensor) throwWrongTag("Tensor");
    Tensor t = std::move(payload_.t);  // leaves null bits behind
    tag_ = Tag::None;
    payload_.i = 0;
    return t;
  }
  Storage toStorage() const;

  const std::string& toStringRef() const;
  std::string_view toStringView() const { return toStringRef(); }
  intrusive_ptr<StringImpl> toString() const&;
  intrusive_ptr<StringImpl> toString() &&;

  ListImpl& toListRef() const;
  intrusive_ptr<ListImpl> toList() const&;
  intrusive_ptr<ListImpl> toList() &&;
  std::vector<int64_t> toIntVector() const;
  std::vector<double> toDoubleVector() const;
  std::vector<bool> toBoolVector() const;
  std::vector<Tensor> toTensorVector() const;

  DictImpl& toDictRef() const;
  intrusive_ptr<DictImpl> toDict() const&;
  intrusive_ptr<DictImpl> toDict() &&;

  TupleImpl& toTupleRef() const;
  intrusive_ptr<TupleImpl> toTuple() const&;
  intrusive_ptr<TupleImpl> toTuple() &&;

  ObjectImpl& toObjectRef() const;
  intrusive_ptr<ObjectImpl> toObject() const&;
  intrusive_ptr<ObjectImpl> toObject() &&;

  FutureImpl& toFutureRef() const;
  intrusive_ptr<FutureImpl> toFuture() const&;
  intrusive_ptr<FutureImpl> toFuture() &&;

  EnumHolder& toEnumRef() const;
  intrusive_ptr<EnumHolder> toEnum() const&;

  const TypePtr& toTypeRef() const;
  intrusive_ptr<Refcounted> toCapsule() const;

  // Raw payload pointer of a refcounted tag (identity); nullptr otherwise.
  const Refcounted* internalPointer() const { return ownsRef() ? payload_.p : nullptr; }

  // Semantics ------------------------------------------------------------------------
  // The dynamic type: int, float, Tensor, int[] (from the list's element type),
  // (int, str), Dict(str, Tensor), the object's ClassType, ...
  TypePtr type() const;
  // Python `is`: same object for refcounted values, same value for inline ones
  // (None is None; two undefined tensors are the same).
  bool is(const IValue& o) const;
  // Python str(): "1", "1.5", "True", "None", "[1, 2]", "(1, a)", "{a: 1}" in
  // TorchScript's format (strings inside containers unquoted, floats with at
  // least a trailing '.').
  std::string str() const;
  // Like str(), but strings are quoted ('a') at every level: for error messages.
  std::string repr() const;

 private:
  IValue(Tag t, Refcounted* p) noexcept : tag_(t) { payload_.p = p; }
  bool ownsRef() const { return tag_ >= Tag::Tensor; }
  void release() noexcept {
    if (ownsRef() && payload_.p && payload_.p->decref()) delete payload_.p;
  }
  [[noreturn]] void throwWrongTag(const char* expected) const;
  template <typename T>
  T* ptrAs(Tag t, const char* expected) const {
    if (tag_ != t) throwWrongTag(expected);
    return static_cast<T*>(payload_.p);
  }

  // Device itself has member initializers, which a union member may not.
  struct DeviceBits {
    DeviceType type;
    int8_t index;
  };
  // The Tensor member lets toTensor() hand out a real `const Tensor&`
  // (accessed through the union, which GCC and Clang define for type
  // punning) instead of casting the pointer's address. Its bits are the
  // TensorImpl* that p holds; it is never constructed or destroyed as a
  // Tensor: IValue manages the reference through p, and the payload is
  // copied as raw bytes.
  union Payload {
    Payload() noexcept : i(0) {}
    Payload(const Payload& o) noexcept { std::memcpy(static_cast<void*>(this), &o, sizeof(Payload)); }
    Payload& operator=(const Payload& o) noexcept {
      std::memcpy(static_cast<void*>(this), &o, sizeof(Payload));
      return *this;
    }
    ~Payload() {}

    int64_t i;
    double d;
    bool b;
    DeviceBits dev;
    Function* fn;
    Refcounted* p;
    Tensor t;
  } payload_;
  Tag tag_;
};

static_assert(sizeof(IValue) == 16, "IValue must stay two words");
static_assert(sizeof(Tensor) == sizeof(void*), "IValue stores a Tensor as its impl pointer");

std::ostream& operator<<(std::ostream& os, const IValue& v);

// Python `==` for the values TorchScript compares: numbers compare across
// int/float/bool (1 == 1.0 == True), strings by content, lists and tuples
// elementwise, dicts as mappings, None == None, devices and enums by value.
// Tensors compare by identity (element-wise tensor equality is a kernel's job,
// not the value layer's); objects by identity.
bool ivaluesEqual(const IValue& a, const IValue& b);

// Dict-key hashing and equality: int, float, bool, str by value, Tensor by
// identity, Device and None by value. Other tags are not hashable
// (isHashableKey false; hashing them throws).
bool isHashableKey(const IValue& v);
size_t hashKey(const IValue& v);
bool keysEqual(const IValue& a, const IValue& b);
struct IValueKeyHash {
  size_t operator()(const IValue& v) const { return hashKey(v); }
};
struct IValueKeyEq {
  bool operator()(const IValue& a, const IValue& b) const { return keysEqual(a, b); }
};

// isinstance(v, type) as TorchScript decides it at run time: Optional and
// Union by members, Number accepts int/float/bool, containers by their
// recorded element types (checking elements when those are Any), tuples
// covariantly, objects by class, Any accepts everything.
bool isInstanceOf(const IValue& v, const Type& type);

// Formats a double as TorchScript's str() does: an integral value within
// int64 range prints as that int with a trailing '.' ("1.", "0." for -0.0,
// "100000000000000000."), anything else with 17 significant digits ("0.5",
// "0.10000000000000001", "1e+19", "inf", "nan").
std::string formatDouble(double d);

}  // namespace jitserve

#include "runtime/core/ivalue_containers.h"  // IWYU pragma: export
#include "runtime/core/future.h"             // IWYU pragma: export
