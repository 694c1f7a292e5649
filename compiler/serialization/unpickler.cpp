#include "compiler/serialization/unpickler.h"

#include <cstring>
#include <new>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "compiler/serialization/pickle_globals.h"
#include "compiler/serialization/pickle_opcodes.h"
#include "runtime/core/annotation_type_parser.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

namespace {

// Values that exist only while unpickling: a resolved global (a callable or
// a class) and a storage still waiting for its tensor. They travel on the
// stack as capsules and are refused if they would end up in the result.
struct PickleInternal final : Refcounted {
  enum class Kind { Global, TypedStorage };
  explicit PickleInternal(PickleGlobal g, std::shared_ptr<const ClassType> c = nullptr)
      : kind(Kind::Global), global(std::move(g)), cls(std::move(c)) {}
  PickleInternal(Storage s, ScalarType t, int64_t n, std::string k)
      : kind(Kind::TypedStorage), global{PickleGlobalKind::StorageClass, t, ""}, storage(std::move(s)), dtype(t),
        numel(n), key(std::move(k)) {}

  Kind kind;
  PickleGlobal global;
  std::shared_ptr<const ClassType> cls;  // TorchScript classes
  Storage storage;                       // TypedStorage
  ScalarType dtype = ScalarType::Undefined;
  int64_t numel = 0;
  std::string key;
};

// What the unpickler knows about each container it created.
struct ContainerInfo {
  IValue keepAlive;       // pins the address this entry is keyed by
  uint32_t depth = 1;     // 1 + the deepest element's depth
  bool sealed = false;    // placed inside another container: immutable from now on
  bool hasInternal = false;  // a tuple holding a PickleInternal (persistent ids)
  bool built = false;     // an object that already received BUILD
  bool retyped = false;   // a list/dict given its static type by a torch.jit._pickle helper
  // Sizes (in type nodes) of the inferred element/key/value types, and the
  // container's own inferred type once sealed. Inferred types are capped in
  // size so comparing them is O(1) (see typeOf).
  uint32_t elemTypeSize = 1;
  uint32_t keyTypeSize = 1;
  uint32_t valueTypeSize = 1;
  TypePtr inferred;
  uint32_t inferredSize = 1;
};

struct SizedType {
  TypePtr type;
  uint32_t size;
};

bool isValidUtf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    size_t len;
    uint32_t cp;
    if ((c & 0xe0) == 0xc0) {
      len = 2;
      cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
      len = 3;
      cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
      len = 4;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + len > n) return false;
    for (size_t k = 1; k < len; ++k) {
      unsigned char cc = static_cast<unsigned char>(s[i + k]);
      if ((cc & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3f);
    }
    // Overlong forms and values outside Unicode. Python's pickler writes
    // lone surrogates with 'surrogatepass', so those are accepted.
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff))) {
      return false;
    }
    i += len;
  }
  return true;
}

// A persistent-id key becomes part of a record name: keep it tame.
bool isSafeRecordKey(std::string_view k) {
  if (k.empty() || k.size() > 256 || k == "." || k == "..") return false;
  for (char c : k) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
              c == '.';
    if (!ok) return false;
  }
  return true;
}

constexpr size_t kMaxTypeStringLength = 1024;
// Inferred container types larger than this many type nodes become Any, so
// inference never costs more than a constant per element.
constexpr uint32_t kMaxInferredTypeSize = 32;
// What creating a container or tensor counts against maxValues: they cost
// several times an element in memory.
constexpr uint64_t kObjectCost = 8;
// Strings used as dict keys are hashed and compared on every insertion; each
// this many bytes count as one value against maxValues.
constexpr size_t kKeyBytesPerValue = 256;
constexpr size_t kMaxDeviceStringLength = 64;

// Does v look like an instance of t, checking the value's own kind only
// (elements of containers were typed when their containers were)? Bounded by
// the size of t, which comes from a short type string.
bool shallowInstanceOf(const IValue& v, const Type& t) {
  switch (t.kind()) {
    case TypeKind::AnyType: return true;
    case TypeKind::OptionalType: return v.isNone() || shallowInstanceOf(v, *t.expect<OptionalType>().elementType());
    case TypeKind::UnionType:
      for (const TypePtr& m : t.expect<UnionType>().members()) {
        if (shallowInstanceOf(v, *m)) return true;
      }
      return false;
    case TypeKind::IntType: return v.isInt();
    case TypeKind::FloatType: return v.isDouble();
    case TypeKind::BoolType: return v.isBool();
    case TypeKind::NumberType: return v.isNumber();
    case TypeKind::ComplexType: return v.isComplexDouble();
    case TypeKind::StringType: return v.isString();
    case TypeKind::TensorType: return v.isTensor();
    case TypeKind::NoneType: return v.isNone();
    case TypeKind::DeviceObjType: return v.isDevice();
    case TypeKind::ListType: return v.isList();
    case TypeKind::DictType: return v.isDict();
    case TypeKind::TupleType: return v.isTuple();
    case TypeKind::ClassType: return v.isObject() && v.toObjectRef().type->name() == t.expect<ClassType>().name();
    default: return false;
  }
}

class Unpickler {
 public:
  Unpickler(std::string_view data, const UnpicklerOptions& options)
      : data_(data), opts_(options), limits_(options.limits) {}

  IValue run() {
    try {
      return loop();
    } catch (const std::bad_alloc&) {
      throw Error(where("out of memory"), absl::StatusCode::kResourceExhausted);
    } catch (const Error& e) {
      throw Error(where(e.message()), e.code());
    }
  }

 private:
  // ------------------------------------------------------------ errors
  std::string where(const std::string& msg) const {
    const char* name = pickleOpcodeName(op_);
    std::string opText = name ? name : detail::concat("opcode 0x", std::hex, static_cast<int>(op_));
    return detail::concat(msg, " in ", opts_.sourceName, " at byte ", opStart_, " (", opText, ")");
  }

  // ------------------------------------------------------------ input
  size_t remaining() const { return data_.size() - pos_; }
  std::string_view take(uint64_t n, const char* what) {
    JS_CHECK(n <= remaining(), "truncated pickle: ", what, " needs ", n, " bytes but only ", remaining(), " remain");
    std::string_view s = data_.substr(pos_, static_cast<size_t>(n));
    pos_ += static_cast<size_t>(n);
    return s;
  }
  uint64_t readLE(size_t n, const char* what) {
    std::string_view b = take(n, what);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(b[i])) << (8 * i);
    return v;
  }
  std::string_view readLine(const char* what) {
    size_t maxLen = std::min<size_t>(remaining(), 1024);
    size_t nl = data_.substr(pos_, maxLen).find('\n');
    JS_CHECK(nl != std::string_view::npos, "truncated or overlong ", what, " (no newline within ", maxLen, " bytes)");
    std::string_view s = data_.substr(pos_, nl);
    pos_ += nl + 1;
    return s;
  }

  // ------------------------------------------------------------ stack
  size_t floor() const { return marks_.empty() ? 0 : marks_.back(); }
  void push(IValue v) {
    JS_CHECK(stack_.size() < limits_.maxStackSize, "pickle stack exceeds the limit of ", limits_.maxStackSize,
             " values");
    stack_.push_back(std::move(v));
  }
  // A new value: also counted against maxValues.
  void pushNew(IValue v) {
    countValue();
    push(std::move(v));
  }
  IValue pop() {
    JS_CHECK(stack_.size() > floor(), "pickle stack underflow");
    IValue v = std::move(stack_.back());
    stack_.pop_back();
    return v;
  }
  IValue& top() {
    JS_CHECK(stack_.size() > floor(), "pickle stack underflow");
    return stack_.back();
  }
  // Index of the innermost mark; the caller pops it.
  size_t popMark() {
    JS_CHECK(!marks_.empty(), "no MARK before this opcode");
    size_t m = marks_.back();
    marks_.pop_back();
    return m;
  }
  void countValue(uint64_t n = 1) {
    values_ += n;
    JS_CHECK(values_ <= limits_.maxValues, "pickle creates more than the limit of ", limits_.maxValues, " values");
  }

  // ------------------------------------------------------------ containers
  ContainerInfo* infoOf(const IValue& v) {
    const Refcounted* p = v.internalPointer();
    if (p == nullptr) return nullptr;
    auto it = info_.find(p);
    return it == info_.end() ? nullptr : &it->second;
  }
  ContainerInfo& registerContainer(const IValue& v) {
    countValue(kObjectCost);
    ContainerInfo& ci = info_[v.internalPointer()];
    ci.keepAlive = v;
    return ci;
  }
  static PickleInternal* internalOf(const IValue& v) {
    if (!v.isCapsule()) return nullptr;
    return static_cast<PickleInternal*>(v.toCapsule().get());
  }
  static std::string describe(const IValue& v) {
    if (PickleInternal* in = internalOf(v)) {
      if (in->kind == PickleInternal::Kind::TypedStorage) return "a storage";
      return in->global.qualifiedName;
    }
    return IValue::tagName(v.tag());
  }

  // Records that `elem` goes inside `parent` (registered): checks it may,
  // seals elem, and updates parent's depth. Tuples may hold internals
  // (persistent ids hold a storage class); nothing else may.
  void noteInsert(ContainerInfo& parent, const IValue& parentValue, const IValue& elem, bool allowInternal) {
    JS_CHECK(elem.internalPointer() == nullptr || elem.internalPointer() != parentValue.internalPointer(),
             "a container cannot contain itself");
    ContainerInfo* ci = infoOf(elem);
    if (!allowInternal) {
      JS_CHECK(internalOf(elem) == nullptr, describe(elem), " cannot be stored in a ", describe(parentValue));
      JS_CHECK(ci == nullptr || !ci->hasInternal, "a tuple holding ", "a storage or global cannot be stored in a ",
               describe(parentValue));
    }
    uint32_t childDepth = 0;
    if (ci != nullptr) {
      ci->sealed = true;
      childDepth = ci->depth;
      parent.hasInternal = parent.hasInternal || ci->hasInternal;
    }
    if (internalOf(elem) != nullptr) parent.hasInternal = true;
    if (childDepth + 1 > parent.depth) {
      parent.depth = childDepth + 1;
      JS_CHECK(parent.depth <= limits_.maxNestingDepth, "containers nested deeper than the limit of ",
               limits_.maxNestingDepth);
    }
    countValue();
  }
  ContainerInfo& mutableContainer(const IValue& v, const char* what) {
    ContainerInfo* ci = infoOf(v);
    JS_INTERNAL_ASSERT(ci != nullptr, "unregistered container");
    JS_CHECK(!ci->sealed, what, " on a ", describe(v), " that is already inside another container");
    return *ci;
  }

  // The type used to infer a parent container's element type. Leaves have
  // O(1) types; a container's is computed once (it is sealed, so final) and
  // capped at kMaxInferredTypeSize nodes.
  SizedType typeOf(const IValue& v) {
    ContainerInfo* ci = infoOf(v);
    if (v.isList() || v.isDict() || v.isTuple()) {
      if (ci == nullptr) return {AnyType::get(), 1};
      if (!ci->inferred) {
        TypePtr t;
        uint32_t size = 1;
        if (v.isList()) {
          size += ci->elemTypeSize;
          if (size <= kMaxInferredTypeSize) t = ListType::create(v.toListRef().elementType);
        } else if (v.isDict()) {
          size += ci->keyTypeSize + ci->valueTypeSize;
          if (size <= kMaxInferredTypeSize) t = DictType::create(v.toDictRef().keyType, v.toDictRef().valueType);
        } else {
          const auto& elems = v.toTupleRef().elements;
          if (elems.size() < kMaxInferredTypeSize) {
            std::vector<TypePtr> types;
            for (const IValue& e : elems) {
              SizedType et = typeOf(e);
              size += et.size;
              types.push_back(std::move(et.type));
            }
            if (size <= kMaxInferredTypeSize) t = TupleType::create(std::move(types));
          } else {
            size = kMaxInferredTypeSize + 1;
          }
        }
        if (size > kMaxInferredTypeSize) {
          t = AnyType::get();
          size = 1;
        }
        ci->inferred = std::move(t);
        ci->inferredSize = size;
      }
      return {ci->inferred, ci->inferredSize};
    }
    return {v.type(), 1};
  }

  // Folds one more element's type into a container's inferred element type:
  // the common type, or Any once they differ. O(kMaxInferredTypeSize).
  static void unifyInto(TypePtr& cur, uint32_t& curSize, const SizedType& t, bool first) {
    if (first) {
      cur = t.type;
      curSize = t.size;
      return;
    }
    if (cur->kind() == TypeKind::AnyType || cur.get() == t.type.get()) return;
    if (curSize != t.size || !(*cur == *t.type)) {
      cur = AnyType::get();
      curSize = 1;
    }
  }

  void appendToList(const IValue& listValue, IValue elem) {
    JS_CHECK(listValue.isList(), "cannot append to ", describe(listValue), " (expected a list)");
    ContainerInfo& ci = mutableContainer(listValue, "append");
    noteInsert(ci, listValue, elem, false);
    ListImpl& l = listValue.toListRef();
    // Lists from torch.save carry no static type; infer the common one so
    // List[int] arguments look like int[] (mixed contents: Any).
    unifyInto(l.elementType, ci.elemTypeSize, typeOf(elem), l.elements.empty());
    l.elements.push_back(std::move(elem));
  }

  void setDictItem(const IValue& dictValue, IValue key, IValue value) {
    JS_CHECK(dictValue.isDict(), "cannot set an item on ", describe(dictValue), " (expected a dict)");
    ContainerInfo& ci = mutableContainer(dictValue, "setitem");
    JS_CHECK(internalOf(key) == nullptr && isHashableKey(key), "unhashable dict key of type ", describe(key));
    noteInsert(ci, dictValue, key, false);
    noteInsert(ci, dictValue, value, false);
    if (key.isString()) countValue(key.toStringRef().size() / kKeyBytesPerValue);
    DictImpl& d = dictValue.toDictRef();
    const bool first = d.empty();
    unifyInto(d.keyType, ci.keyTypeSize, typeOf(key), first);
    unifyInto(d.valueType, ci.valueTypeSize, typeOf(value), first);
    d.insertOrAssign(std::move(key), std::move(value));
  }

  IValue makeTuple(std::vector<IValue> elems) {
    IValue t(TupleImpl::create({}));
    ContainerInfo& ci = registerContainer(t);
    for (const IValue& e : elems) noteInsert(ci, t, e, true);
    t.toTupleRef().elements = std::move(elems);
    return t;
  }

  IValue newList(TypePtr elemType) {
    IValue l(ListImpl::create(std::move(elemType)));
    registerContainer(l);
    return l;
  }

  // The result, the state given to BUILD, and values returned by REDUCE may
  // not hide an internal.
  void checkNoInternal(const IValue& v, const char* what) {
    JS_CHECK(internalOf(v) == nullptr, describe(v), " cannot be ", what);
    ContainerInfo* ci = infoOf(v);
    JS_CHECK(ci == nullptr || !ci->hasInternal, "a tuple holding a storage or global cannot be ", what);
  }

  // ------------------------------------------------------------ helpers for REDUCE
  static const std::vector<IValue>& tupleElems(const IValue& v) { return v.toTupleRef().elements; }

  int64_t expectInt(const IValue& v, const char* what) {
    JS_CHECK(v.isInt(), what, " must be an int, got ", describe(v));
    return v.toInt();
  }
  bool expectBool(const IValue& v, const char* what) {
    JS_CHECK(v.isBool(), what, " must be a bool, got ", describe(v));
    return v.toBool();
  }
  std::vector<int64_t> expectIntSeq(const IValue& v, const char* what) {
    const std::vector<IValue>* elems = nullptr;
    if (v.isTuple()) elems = &v.toTupleRef().elements;
    if (v.isList()) elems = &v.toListRef().elements;
    JS_CHECK(elems != nullptr, what, " must be a tuple of ints, got ", describe(v));
    JS_CHECK(elems->size() <= limits_.maxTensorDims, what, " has ", elems->size(), " dimensions, more than the limit of ",
             limits_.maxTensorDims);
    std::vector<int64_t> out;
    out.reserve(elems->size());
    for (const IValue& e : *elems) out.push_back(expectInt(e, what));
    return out;
  }
  void expectEmptyDictOrNone(const IValue& v, const char* what) {
    JS_CHECK(v.isNone() || (v.isDict() && v.toDictRef().empty()), what, " is not supported (got a non-empty ",
             describe(v), ")");
  }

  IValue rebuildTensor(const std::vector<IValue>& a) {
    JS_CHECK(a.size() == 6 || a.size() == 7, "_rebuild_tensor_v2 takes 6 or 7 arguments, got ", a.size());
    PickleInternal* st = internalOf(a[0]);
    JS_CHECK(st != nullptr && st->kind == PickleInternal::Kind::TypedStorage,
             "_rebuild_tensor_v2: the first argument must be a storage (persistent id), got ", describe(a[0]));
    int64_t offset = expectInt(a[1], "_rebuild_tensor_v2 storage offset");
    std::vector<int64_t> sizes = expectIntSeq(a[2], "_rebuild_tensor_v2 size");
    std::vector<int64_t> strides = expectIntSeq(a[3], "_rebuild_tensor_v2 stride");
    bool requiresGrad = expectBool(a[4], "_rebuild_tensor_v2 requires_grad");
    expectEmptyDictOrNone(a[5], "a tensor with backward hooks");
    if (a.size() == 7) expectEmptyDictOrNone(a[6], "tensor metadata");
    // Checks sizes/strides/offset against the storage, overflow-safe.
    Tensor t = Tensor::fromStorage(st->storage, st->dtype, sizes, strides, offset);
    if (requiresGrad) t.set_requires_grad(true);
    return IValue(std::move(t));
  }

  IValue rebuildParameter(const std::vector<IValue>& a, bool withState) {
    const char* fn = withState ? "_rebuild_parameter_with_state" : "_rebuild_parameter";
    JS_CHECK(a.size() == (withState ? 4u : 3u), fn, " takes ", withState ? 4 : 3, " arguments, got ", a.size());
    JS_CHECK(a[0].isTensor(), fn, ": data must be a tensor, got ", describe(a[0]));
    bool requiresGrad = expectBool(a[1], "parameter requires_grad");
    expectEmptyDictOrNone(a[2], "a parameter with backward hooks");
    if (withState) expectEmptyDictOrNone(a[3], "a parameter with extra state");
    Tensor t = a[0].toTensor();
    t.set_requires_grad(requiresGrad);
    return IValue(std::move(t));
  }

  IValue buildTypedList(const std::vector<IValue>& a, PickleGlobalKind kind) {
    JS_CHECK(a.size() == 1 && a[0].isList(), "expected one list argument, got ", a.size() == 1 ? describe(a[0]) : "",
             a.size() != 1 ? "a different number of arguments" : "");
    ContainerInfo& ci = retypeOnce(a[0]);
    ListImpl& l = a[0].toListRef();
    TypePtr elemType;
    IValue::Tag want = IValue::Tag::None;
    switch (kind) {
      case PickleGlobalKind::BuildIntList: elemType = IntType::get(); want = IValue::Tag::Int; break;
      case PickleGlobalKind::BuildDoubleList: elemType = FloatType::get(); want = IValue::Tag::Double; break;
      case PickleGlobalKind::BuildBoolList: elemType = BoolType::get(); want = IValue::Tag::Bool; break;
      case PickleGlobalKind::BuildTensorList: elemType = TensorType::get(); want = IValue::Tag::Tensor; break;
      default: elemType = AnyType::get(); break;
    }
    if (want != IValue::Tag::None) {
      for (const IValue& e : l.elements) {
        JS_CHECK(e.tag() == want, "list element of type ", describe(e), " where ", IValue::tagName(want), " expected");
      }
    }
    l.elementType = std::move(elemType);
    ci.elemTypeSize = 1;
    return a[0];
  }

  // A list or dict may be given its static type once: checking its elements
  // is linear, and doing it again and again through the memo would not be.
  ContainerInfo& retypeOnce(const IValue& v) {
    ContainerInfo* ci = infoOf(v);
    JS_INTERNAL_ASSERT(ci != nullptr, "unregistered container");
    JS_CHECK(!ci->retyped, "the same ", describe(v), " is given a type twice");
    ci->retyped = true;
    ci->inferred = nullptr;  // recomputed from the new static type
    return *ci;
  }

  IValue restoreTypeTag(const std::vector<IValue>& a) {
    JS_CHECK(a.size() == 2 && a[1].isString(), "restore_type_tag takes (value, type string)");
    const std::string& text = a[1].toStringRef();
    JS_CHECK(text.size() <= kMaxTypeStringLength, "type string longer than ", kMaxTypeStringLength, " bytes");
    auto cached = parsedTypes_.find(text);
    if (cached == parsedTypes_.end()) {
      absl::StatusOr<TypePtr> parsed = parseAnnotationType(text, opts_.resolveType ? &opts_.resolveType : nullptr);
      JS_CHECK(parsed.ok(), "bad type tag: ", std::string(parsed.status().message()));
      cached = parsedTypes_.emplace(text, *parsed).first;
    }
    const TypePtr& type = cached->second;
    const IValue& v = a[0];
    if (v.isList() && type->kind() == TypeKind::ListType) {
      ContainerInfo& ci = retypeOnce(v);
      ListImpl& l = v.toListRef();
      TypePtr elemType = type->expect<ListType>().elementType();
      for (const IValue& e : l.elements) {
        JS_CHECK(shallowInstanceOf(e, *elemType), "list element of type ", describe(e), " does not match type tag ",
                 text);
      }
      l.elementType = std::move(elemType);
      // Unknown size: parents infer Any rather than compare a large type.
      ci.elemTypeSize = kMaxInferredTypeSize;
    } else if (v.isDict() && type->kind() == TypeKind::DictType) {
      ContainerInfo& ci = retypeOnce(v);
      DictImpl& d = v.toDictRef();
      const auto& dt = type->expect<DictType>();
      for (const auto& e : d.entries()) {
        JS_CHECK(shallowInstanceOf(e.key, *dt.keyType()) && shallowInstanceOf(e.value, *dt.valueType()),
                 "dict entry does not match type tag ", text);
      }
      d.keyType = dt.keyType();
      d.valueType = dt.valueType();
      ci.keyTypeSize = ci.valueTypeSize = kMaxInferredTypeSize;
    }
    return v;
  }

  IValue callGlobal(PickleInternal& g, const std::vector<IValue>& a) {
    switch (g.global.kind) {
      case PickleGlobalKind::RebuildTensorV2: return rebuildTensor(a);
      case PickleGlobalKind::RebuildParameter: return rebuildParameter(a, false);
      case PickleGlobalKind::RebuildParameterWithState: return rebuildParameter(a, true);
      case PickleGlobalKind::OrderedDict: {
        JS_CHECK(a.empty(), "collections.OrderedDict is only supported without arguments");
        IValue d(DictImpl::create(AnyType::get(), AnyType::get()));
        registerContainer(d);
        return d;
      }
      case PickleGlobalKind::Device: {
        JS_CHECK(!a.empty() && a.size() <= 2 && a[0].isString() && a[0].toStringRef().size() <= kMaxDeviceStringLength,
                 "torch.device takes (type[, index])");
        std::string spec = a[0].toStringRef();
        if (a.size() == 2 && !a[1].isNone()) spec += ":" + std::to_string(expectInt(a[1], "device index"));
        std::optional<Device> d = Device::parse(spec);
        JS_CHECK(d.has_value(), "bad device '", spec, "'");
        return IValue(*d);
      }
      case PickleGlobalKind::Complex: {
        JS_CHECK(a.size() == 2 && (a[0].isDouble() || a[0].isInt()) && (a[1].isDouble() || a[1].isInt()),
                 "complex takes (real, imag) numbers");
        return IValue(std::complex<double>(a[0].toNumberAsDouble(), a[1].toNumberAsDouble()));
      }
      case PickleGlobalKind::Size: {
        JS_CHECK(a.size() == 1, "torch.Size takes one argument");
        std::vector<int64_t> dims = expectIntSeq(a[0], "torch.Size");
        std::vector<IValue> elems(dims.begin(), dims.end());
        return makeTuple(std::move(elems));
      }
      case PickleGlobalKind::BuildIntList:
      case PickleGlobalKind::BuildDoubleList:
      case PickleGlobalKind::BuildBoolList:
      case PickleGlobalKind::BuildTensorList:
      case PickleGlobalKind::BuildGenericList: return buildTypedList(a, g.global.kind);
      case PickleGlobalKind::RestoreTypeTag: return restoreTypeTag(a);
      case PickleGlobalKind::StorageClass:
      case PickleGlobalKind::Dtype:
      case PickleGlobalKind::TorchScriptClass: break;
    }
    JS_ERROR(g.global.qualifiedName, " cannot be called with REDUCE");
  }

  // ------------------------------------------------------------ opcodes
  void opGlobal(std::string_view module, std::string_view name) {
    std::string why;
    std::optional<PickleGlobal> g = resolvePickleGlobal(module, name, &why);
    JS_CHECK(g.has_value(), why);
    if (g->kind == PickleGlobalKind::Dtype) {
      // A pickled torch.dtype is the global itself; TorchScript holds dtypes as ints.
      pushNew(IValue(g->dtype));
      return;
    }
    std::shared_ptr<const ClassType> cls;
    if (g->kind == PickleGlobalKind::TorchScriptClass) {
      JS_CHECK(opts_.resolveClass != nullptr, "forbidden global ", g->qualifiedName,
               " (TorchScript classes are only allowed in TorchScript archives)");
      cls = opts_.resolveClass(g->qualifiedName);
      JS_CHECK(cls != nullptr, "unknown TorchScript class ", g->qualifiedName);
    }
    pushNew(IValue::capsule(make_intrusive<PickleInternal>(std::move(*g), std::move(cls))));
  }

  void opPersistentId() {
    IValue pid = pop();
    JS_CHECK(opts_.loadStorage != nullptr, "persistent ids (tensor storages) are not allowed here");
    JS_CHECK(pid.isTuple(), "persistent id must be a tuple, got ", describe(pid));
    const auto& e = tupleElems(pid);
    JS_CHECK(e.size() == 5 && e[0].isString() && e[0].toStringRef() == "storage",
             "persistent id must be ('storage', storage class, key, location, numel)");
    PickleInternal* cls = internalOf(e[1]);
    JS_CHECK(cls != nullptr && cls->kind == PickleInternal::Kind::Global &&
                 cls->global.kind == PickleGlobalKind::StorageClass,
             "persistent id: expected a storage class, got ", describe(e[1]));
    JS_CHECK(e[2].isString() && isSafeRecordKey(e[2].toStringRef()),
             "persistent id: storage key must be a short name of letters, digits, '_', '-' or '.'");
    JS_CHECK(e[3].isString() && e[3].toStringRef().size() <= kMaxDeviceStringLength,
             "persistent id: location must be a short string");
    JS_CHECK(Device::parse(e[3].toStringRef()).has_value(), "persistent id: bad location '", e[3].toStringRef(), "'");
    int64_t numel = expectInt(e[4], "persistent id numel");
    JS_CHECK(numel >= 0, "persistent id: negative numel ", numel);
    ScalarType dtype = cls->global.dtype;
    uint64_t need;
    JS_CHECK(!__builtin_mul_overflow(static_cast<uint64_t>(numel), elementSize(dtype), &need),
             "persistent id: storage of ", numel, " elements overflows");
    StorageRecordRef ref{dtype, e[2].toStringRef(), e[3].toStringRef(), numel};
    Storage s = opts_.loadStorage(ref);
    JS_CHECK(s.defined() && s.nbytes() >= need, "storage '", ref.key, "' holds ", s.defined() ? s.nbytes() : 0,
             " bytes, fewer than the ", need, " its ", numel, " ", scalarTypeName(dtype), " elements need");
    pushNew(IValue::capsule(make_intrusive<PickleInternal>(std::move(s), dtype, numel, ref.key)));
  }

  void opReduce() {
    IValue args = pop();
    IValue callable = pop();
    PickleInternal* g = internalOf(callable);
    JS_CHECK(g != nullptr && g->kind == PickleInternal::Kind::Global, "REDUCE: ", describe(callable),
             " is not callable");
    JS_CHECK(args.isTuple(), "REDUCE: arguments must be a tuple, got ", describe(args));
    IValue result = callGlobal(*g, tupleElems(args));
    checkNoInternal(result, "a value");
    if (result.isTensor()) countValue(kObjectCost);
    pushNew(std::move(result));
  }

  void opNewObj() {
    IValue args = pop();
    IValue cls = pop();
    PickleInternal* g = internalOf(cls);
    JS_CHECK(g != nullptr && g->kind == PickleInternal::Kind::Global &&
                 g->global.kind == PickleGlobalKind::TorchScriptClass,
             "NEWOBJ: ", describe(cls), " is not a TorchScript class");
    JS_CHECK(args.isTuple() && tupleElems(args).empty(), "NEWOBJ: ", g->global.qualifiedName,
             " must be created without arguments");
    countValue(g->cls->numAttributes());  // the slots it allocates
    IValue obj(ObjectImpl::create(g->cls));
    registerContainer(obj);
    pushNew(std::move(obj));
  }

  void opBuild() {
    IValue state = pop();
    IValue& target = top();
    JS_CHECK(target.isObject(), "BUILD on ", describe(target), " (only TorchScript objects take state)");
    ContainerInfo& ci = mutableContainer(target, "BUILD");
    JS_CHECK(!ci.built, "BUILD applied twice to the same ", target.toObjectRef().type->name(), " object");
    checkNoInternal(state, "object state");
    ci.built = true;
    intrusive_ptr<ObjectImpl> obj = target.toObject();
    if (opts_.setState) {
      opts_.setState(obj, std::move(state));
    } else {
      setObjectStateFromDict(obj, std::move(state));
    }
    // Account for what the setter stored (sealing, depth, no cycles).
    IValue objValue(obj);
    for (const IValue& slot : obj->slots) noteInsert(ci, objValue, slot, false);
  }

  IValue loop() {
    JS_CHECK(!data_.empty(), "empty pickle");
    while (true) {
      opStart_ = pos_;
      op_ = 0;
      JS_CHECK(pos_ < data_.size(), "truncated pickle: no STOP opcode");
      op_ = static_cast<uint8_t>(data_[pos_++]);
      switch (static_cast<PickleOpcode>(op_)) {
        case PickleOpcode::PROTO: {
          uint64_t p = readLE(1, "PROTO");
          JS_CHECK(p >= 2 && p <= static_cast<uint64_t>(kMaxPickleProtocol), "unsupported pickle protocol ", p);
          break;
        }
        case PickleOpcode::FRAME: {
          uint64_t n = readLE(8, "FRAME");
          JS_CHECK(n <= remaining(), "FRAME of ", n, " bytes but only ", remaining(), " remain");
          break;
        }
        case PickleOpcode::STOP: {
          JS_CHECK(marks_.empty(), "STOP with an unclosed MARK");
          JS_CHECK(stack_.size() == 1, "STOP with ", stack_.size(), " values on the stack (expected 1)");
          JS_CHECK(pos_ == data_.size(), remaining(), " trailing bytes after STOP");
          IValue result = std::move(stack_.back());
          stack_.clear();
          checkNoInternal(result, "the result of a pickle");
          return result;
        }
        case PickleOpcode::GLOBAL: {
          std::string_view module = readLine("GLOBAL module name");
          std::string_view name = readLine("GLOBAL name");
          opGlobal(module, name);
          break;
        }
        case PickleOpcode::STACK_GLOBAL: {
          IValue name = pop();
          IValue module = pop();
          JS_CHECK(module.isString() && name.isString(), "STACK_GLOBAL needs two strings");
          opGlobal(module.toStringRef(), name.toStringRef());
          break;
        }
        case PickleOpcode::REDUCE: opReduce(); break;
        case PickleOpcode::BUILD: opBuild(); break;
        case PickleOpcode::NEWOBJ: opNewObj(); break;
        case PickleOpcode::BINPERSID: opPersistentId(); break;
        case PickleOpcode::MARK:
          JS_CHECK(marks_.size() < limits_.maxMarkDepth, "more than ", limits_.maxMarkDepth, " open MARKs");
          marks_.push_back(stack_.size());
          break;
        case PickleOpcode::POP: pop(); break;
        case PickleOpcode::POP_MARK: stack_.resize(popMark()); break;
        case PickleOpcode::DUP: {
          IValue v = top();
          push(std::move(v));
          break;
        }
        case PickleOpcode::BINPUT: memoPut(readLE(1, "BINPUT")); break;
        case PickleOpcode::LONG_BINPUT: memoPut(readLE(4, "LONG_BINPUT")); break;
        case PickleOpcode::MEMOIZE: memoPut(memo_.size()); break;
        case PickleOpcode::BINGET: memoGet(readLE(1, "BINGET")); break;
        case PickleOpcode::LONG_BINGET: memoGet(readLE(4, "LONG_BINGET")); break;
        case PickleOpcode::NONE: pushNew(IValue()); break;
        case PickleOpcode::NEWTRUE: pushNew(IValue(true)); break;
        case PickleOpcode::NEWFALSE: pushNew(IValue(false)); break;
        case PickleOpcode::BININT:
          pushNew(IValue(static_cast<int64_t>(static_cast<int32_t>(readLE(4, "BININT")))));
          break;
        case PickleOpcode::BININT1: pushNew(IValue(static_cast<int64_t>(readLE(1, "BININT1")))); break;
        case PickleOpcode::BININT2: pushNew(IValue(static_cast<int64_t>(readLE(2, "BININT2")))); break;
        case PickleOpcode::LONG1: pushNew(IValue(readLong(readLE(1, "LONG1 length")))); break;
        case PickleOpcode::LONG4: {
          int32_t n = static_cast<int32_t>(readLE(4, "LONG4 length"));
          JS_CHECK(n >= 0, "LONG4 with negative length ", n);
          pushNew(IValue(readLong(static_cast<uint64_t>(n))));
          break;
        }
        case PickleOpcode::BINFLOAT: {
          std::string_view b = take(8, "BINFLOAT");
          uint64_t bits = 0;
          for (size_t i = 0; i < 8; ++i) bits = (bits << 8) | static_cast<unsigned char>(b[i]);
          double d;
          std::memcpy(&d, &bits, sizeof d);
          pushNew(IValue(d));
          break;
        }
        case PickleOpcode::SHORT_BINUNICODE: pushString(readLE(1, "SHORT_BINUNICODE length"), true); break;
        case PickleOpcode::BINUNICODE: pushString(readLE(4, "BINUNICODE length"), true); break;
        case PickleOpcode::BINUNICODE8: pushString(readLE(8, "BINUNICODE8 length"), true); break;
        case PickleOpcode::SHORT_BINBYTES: pushString(readLE(1, "SHORT_BINBYTES length"), false); break;
        case PickleOpcode::BINBYTES: pushString(readLE(4, "BINBYTES length"), false); break;
        case PickleOpcode::BINBYTES8: pushString(readLE(8, "BINBYTES8 length"), false); break;
        case PickleOpcode::EMPTY_TUPLE: pushNew(makeTuple({})); break;
        case PickleOpcode::TUPLE: {
          size_t m = popMark();
          std::vector<IValue> elems(std::make_move_iterator(stack_.begin() + static_cast<ptrdiff_t>(m)),
                                    std::make_move_iterator(stack_.end()));
          stack_.resize(m);
          pushNew(makeTuple(std::move(elems)));
          break;
        }
        case PickleOpcode::TUPLE1:
        case PickleOpcode::TUPLE2:
        case PickleOpcode::TUPLE3: {
          size_t n = op_ - static_cast<uint8_t>(PickleOpcode::TUPLE1) + 1;
          JS_CHECK(stack_.size() >= floor() + n, "pickle stack underflow");
          std::vector<IValue> elems(std::make_move_iterator(stack_.end() - static_cast<ptrdiff_t>(n)),
                                    std::make_move_iterator(stack_.end()));
          stack_.resize(stack_.size() - n);
          pushNew(makeTuple(std::move(elems)));
          break;
        }
        case PickleOpcode::EMPTY_LIST: pushNew(newList(AnyType::get())); break;
        case PickleOpcode::APPEND: {
          IValue v = pop();
          appendToList(top(), std::move(v));
          break;
        }
        case PickleOpcode::APPENDS: {
          size_t m = popMark();
          JS_CHECK(m > floor(), "APPENDS without a list below its MARK");
          const IValue& list = stack_[m - 1];
          for (size_t i = m; i < stack_.size(); ++i) appendToList(list, std::move(stack_[i]));
          stack_.resize(m);
          break;
        }
        case PickleOpcode::EMPTY_DICT: {
          IValue d(DictImpl::create(AnyType::get(), AnyType::get()));
          registerContainer(d);
          pushNew(std::move(d));
          break;
        }
        case PickleOpcode::SETITEM: {
          IValue value = pop();
          IValue key = pop();
          setDictItem(top(), std::move(key), std::move(value));
          break;
        }
        case PickleOpcode::SETITEMS: {
          size_t m = popMark();
          JS_CHECK(m > floor(), "SETITEMS without a dict below its MARK");
          JS_CHECK((stack_.size() - m) % 2 == 0, "SETITEMS with an odd number of values (", stack_.size() - m, ")");
          const IValue& dict = stack_[m - 1];
          for (size_t i = m; i < stack_.size(); i += 2) {
            setDictItem(dict, std::move(stack_[i]), std::move(stack_[i + 1]));
          }
          stack_.resize(m);
          break;
        }
        default:
          JS_ERROR("unsupported pickle opcode 0x", std::hex, static_cast<int>(op_), std::dec,
                   " (not in the protocol 2 subset torch writes)");
      }
    }
  }

  int64_t readLong(uint64_t n) {
    JS_CHECK(n <= 8, "integer of ", n, " bytes does not fit in 64 bits");
    std::string_view b = take(n, "LONG");
    if (n == 0) return 0;
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(b[i])) << (8 * i);
    if (n < 8 && (static_cast<unsigned char>(b[n - 1]) & 0x80)) v |= ~uint64_t{0} << (8 * n);  // sign-extend
    return static_cast<int64_t>(v);
  }

  void pushString(uint64_t n, bool utf8) {
    std::string_view s = take(n, "string");  // checked against the input before anything is allocated
    JS_CHECK(!utf8 || isValidUtf8(s), "string is not valid UTF-8");
    pushNew(IValue(std::string(s)));
  }

  void memoPut(uint64_t idx) {
    IValue v = top();
    auto it = memo_.find(idx);
    if (it != memo_.end()) {
      it->second = std::move(v);
      return;
    }
    JS_CHECK(memo_.size() < limits_.maxMemoSize, "memo exceeds the limit of ", limits_.maxMemoSize, " entries");
    memo_.emplace(idx, std::move(v));
  }

  void memoGet(uint64_t idx) {
    auto it = memo_.find(idx);
    JS_CHECK(it != memo_.end(), "memo index ", idx, " is undefined");
    push(it->second);
  }

  std::string_view data_;
  const UnpicklerOptions& opts_;
  const UnpicklerLimits& limits_;
  size_t pos_ = 0;
  size_t opStart_ = 0;
  uint8_t op_ = 0;
  uint64_t values_ = 0;
  std::vector<IValue> stack_;
  std::vector<size_t> marks_;
  absl::flat_hash_map<uint64_t, IValue> memo_;
  absl::flat_hash_map<const Refcounted*, ContainerInfo> info_;
  absl::flat_hash_map<std::string, TypePtr> parsedTypes_;
};

}  // namespace

void setObjectStateFromDict(const intrusive_ptr<ObjectImpl>& obj, IValue state) {
  JS_CHECK(state.isDict(), "state of a ", obj->type->name(), " object must be a dict of attributes, got ",
           IValue::tagName(state.tag()));
  for (const auto& e : state.toDictRef().entries()) {
    JS_CHECK(e.key.isString(), "attribute names of ", obj->type->name(), " must be strings");
    obj->setAttr(e.key.toStringRef(), e.value);
  }
}

IValue unpickleOrThrow(std::string_view data, const UnpicklerOptions& options) {
  Unpickler u(data, options);
  return u.run();
}

absl::StatusOr<IValue> unpickle(std::string_view data, const UnpicklerOptions& options) {
  try {
    return unpickleOrThrow(data, options);
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

}  // namespace jitserve
