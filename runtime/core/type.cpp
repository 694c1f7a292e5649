// The TorchScript type hierarchy: printing, equality, subtyping, unification.
//
// Printing mirrors what PyTorch 1.13 writes into graphs, so that a graph.ir
// from the conformance corpus prints back byte for byte.
#include "runtime/core/type.h"

#include <algorithm>
#include <functional>

#include "runtime/core/function.h"
#include "runtime/support/error.h"

namespace jitserve {

std::string_view typeKindName(TypeKind k) {
  switch (k) {
#define JS_KIND_CASE(n) \
  case TypeKind::n:     \
    return #n;
    JS_KIND_CASE(AnyType)
    JS_KIND_CASE(TensorType)
    JS_KIND_CASE(NumberType)
    JS_KIND_CASE(FloatType)
    JS_KIND_CASE(ComplexType)
    JS_KIND_CASE(IntType)
    JS_KIND_CASE(BoolType)
    JS_KIND_CASE(StringType)
    JS_KIND_CASE(NoneType)
    JS_KIND_CASE(DeviceObjType)
    JS_KIND_CASE(StreamObjType)
    JS_KIND_CASE(GeneratorType)
    JS_KIND_CASE(StorageType)
    JS_KIND_CASE(CapsuleType)
    JS_KIND_CASE(FunctionType)
    JS_KIND_CASE(ListType)
    JS_KIND_CASE(DictType)
    JS_KIND_CASE(TupleType)
    JS_KIND_CASE(OptionalType)
    JS_KIND_CASE(UnionType)
    JS_KIND_CASE(FutureType)
    JS_KIND_CASE(RRefType)
    JS_KIND_CASE(ClassType)
    JS_KIND_CASE(InterfaceType)
    JS_KIND_CASE(EnumType)
    JS_KIND_CASE(AnyListType)
    JS_KIND_CASE(AnyTupleType)
    JS_KIND_CASE(AnyClassType)
    JS_KIND_CASE(AnyEnumType)
    JS_KIND_CASE(VarType)
#undef JS_KIND_CASE
  }
  return "UnknownType";
}

void throwBadTypeCast(const Type& t, TypeKind wanted) {
  throw InternalError(detail::concat("expected a ", typeKindName(wanted), " but got ", t.str(), " (",
                                     typeKindName(t.kind()), ")"));
}

namespace {

std::string joinStr(const std::vector<TypePtr>& ts, bool annotation) {
  std::string out;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (i > 0) out += ", ";
    out += annotation ? ts[i]->annotationStr() : ts[i]->str();
  }
  return out;
}

bool allEqual(const std::vector<TypePtr>& a, const std::vector<TypePtr>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (!(*a[i] == *b[i])) return false;
  return true;
}

// The subtyping rules every type shares; overrides add their own and fall back
// to this.
bool commonSubtype(const Type& self, const Type& rhs) {
  if (rhs.kind() == TypeKind::AnyType) return true;
  if (self.equals(rhs)) return true;
  switch (rhs.kind()) {
    case TypeKind::OptionalType: {
      if (self.kind() == TypeKind::NoneType) return true;
      return self.isSubtypeOf(*rhs.expect<OptionalType>().elementType());
    }
    case TypeKind::UnionType:
      for (const auto& m : rhs.expect<UnionType>().members())
        if (self.isSubtypeOf(*m)) return true;
      return false;
    case TypeKind::NumberType:
      return self.kind() == TypeKind::IntType || self.kind() == TypeKind::FloatType ||
             self.kind() == TypeKind::ComplexType;
    case TypeKind::AnyListType:
      return self.kind() == TypeKind::ListType;
    case TypeKind::AnyTupleType:
      return self.kind() == TypeKind::TupleType;
    case TypeKind::AnyClassType:
      return self.kind() == TypeKind::ClassType;
    case TypeKind::AnyEnumType:
      return self.kind() == TypeKind::EnumType;
    default:
      return false;
  }
}

// PyTorch orders Union members by its own TypeKind order, then by str();
// printing "Union(float, int, NoneType)" depends on it.
int unionSortRank(TypeKind k) {
  switch (k) {
    case TypeKind::AnyType: return 0;
    case TypeKind::EnumType: return 1;
    case TypeKind::AnyEnumType: return 2;
    case TypeKind::TensorType: return 3;
    case TypeKind::StorageType: return 4;
    case TypeKind::TupleType: return 5;
    case TypeKind::ListType: return 6;
    case TypeKind::DictType: return 7;
    case TypeKind::NumberType: return 8;
    case TypeKind::FloatType: return 9;
    case TypeKind::ComplexType: return 10;
    case TypeKind::FutureType: return 11;
    case TypeKind::RRefType: return 12;
    case TypeKind::IntType: return 13;
    case TypeKind::NoneType: return 14;
    case TypeKind::StringType: return 15;
    case TypeKind::GeneratorType: return 16;
    case TypeKind::BoolType: return 17;
    case TypeKind::OptionalType: return 18;
    case TypeKind::VarType: return 19;
    case TypeKind::DeviceObjType: return 20;
    case TypeKind::StreamObjType: return 21;
    case TypeKind::FunctionType: return 22;
    case TypeKind::ClassType: return 23;
    case TypeKind::CapsuleType: return 24;
    case TypeKind::InterfaceType: return 25;
    case TypeKind::AnyListType: return 26;
    case TypeKind::AnyTupleType: return 27;
    case TypeKind::AnyClassType: return 28;
    case TypeKind::UnionType: return 29;
  }
  return 30;
}

}  // namespace

// Type ------------------------------------------------------------------------------

bool Type::equals(const Type& rhs) const { return kind_ == rhs.kind_; }

bool Type::isSubtypeOf(const Type& rhs) const { return commonSubtype(*this, rhs); }

TypePtr Type::withContained(std::vector<TypePtr> contained) const {
  JS_INTERNAL_ASSERT(contained.empty(), "withContained on ", str(), " which has no contained types");
  return ptr();
}

bool Type::hasFreeVariables() const {
  if (kind_ == TypeKind::VarType) return true;
  for (const auto& t : containedTypes())
    if (t->hasFreeVariables()) return true;
  return false;
}

bool operator==(const Type& a, const Type& b) { return a.equals(b); }

#define JS_SINGLETON_GET(Name)                               \
  const TypePtr& Name::get() {                               \
    static const TypePtr instance = std::make_shared<Name>(); \
    return instance;                                         \
  }
JS_SINGLETON_GET(AnyType)
JS_SINGLETON_GET(NumberType)
JS_SINGLETON_GET(FloatType)
JS_SINGLETON_GET(ComplexType)
JS_SINGLETON_GET(IntType)
JS_SINGLETON_GET(BoolType)
JS_SINGLETON_GET(StringType)
JS_SINGLETON_GET(NoneType)
JS_SINGLETON_GET(DeviceObjType)
JS_SINGLETON_GET(StreamObjType)
JS_SINGLETON_GET(GeneratorType)
JS_SINGLETON_GET(StorageType)
JS_SINGLETON_GET(CapsuleType)
JS_SINGLETON_GET(FunctionType)
JS_SINGLETON_GET(AnyListType)
JS_SINGLETON_GET(AnyTupleType)
JS_SINGLETON_GET(AnyClassType)
JS_SINGLETON_GET(AnyEnumType)
#undef JS_SINGLETON_GET

// TensorType --------------------------------------------------------------------------

const TypePtr& TensorType::get() {
  static const TypePtr instance = std::make_shared<TensorType>();
  return instance;
}

TypePtr TensorType::create(std::optional<ScalarType> dtype, std::optional<Device> device,
                           std::optional<size_t> dim, std::optional<bool> requiresGrad) {
  auto t = std::make_shared<TensorType>();
  t->dtype_ = dtype;
  t->device_ = device;
  t->dim_ = dim;
  t->requiresGrad_ = requiresGrad;
  if (dim) {
    t->sizes_ = SizeVec(*dim);
    t->strides_ = SizeVec(*dim);
  }
  return t;
}

TypePtr TensorType::create(std::optional<ScalarType> dtype, std::optional<Device> device,
                           std::optional<SizeVec> sizes, std::optional<SizeVec> strides,
                           std::optional<bool> requiresGrad) {
  if (sizes && strides)
    JS_CHECK(sizes->size() == strides->size(), "tensor type has ", sizes->size(), " sizes but ",
             strides->size(), " strides");
  auto t = std::make_shared<TensorType>();
  t->dtype_ = dtype;
  t->device_ = device;
  t->requiresGrad_ = requiresGrad;
  if (sizes) {
    t->dim_ = sizes->size();
    t->sizes_ = std::move(sizes);
    t->strides_ = strides ? std::move(strides) : SizeVec(*t->dim_);
  } else if (strides) {
    t->dim_ = strides->size();
    t->sizes_ = SizeVec(*t->dim_);
    t->strides_ = std::move(strides);
  }
  return t;
}

std::optional<std::vector<int64_t>> TensorType::concreteSizes() const {
  if (!sizes_) return std::nullopt;
  std::vector<int64_t> out;
  out.reserve(sizes_->size());
  for (const auto& s : *sizes_) {
    if (!s) return std::nullopt;
    out.push_back(*s);
  }
  return out;
}

bool TensorType::isUnrefined() const { return !dtype_ && !device_ && !requiresGrad_ && !dim_; }

TypePtr TensorType::withDtype(std::optional<ScalarType> t) const {
  return create(t, device_, sizes_, strides_, requiresGrad_);
}
TypePtr TensorType::withDim(std::optional<size_t> d) const {
  return create(dtype_, device_, d, requiresGrad_);
}
TypePtr TensorType::withRequiresGrad(std::optional<bool> r) const {
  return create(dtype_, device_, sizes_, strides_, r);
}
TypePtr TensorType::withDevice(std::optional<Device> d) const {
  return create(dtype_, d, sizes_, strides_, requiresGrad_);
}
TypePtr TensorType::withSizes(std::optional<SizeVec> sizes, std::optional<SizeVec> strides) const {
  return create(dtype_, device_, std::move(sizes), std::move(strides), requiresGrad_);
}

TypePtr TensorType::merge(const TensorType& a, const TensorType& b) {
  auto same = [](const auto& x, const auto& y) { return x == y ? x : std::nullopt; };
  auto mergeVec = [](const std::optional<SizeVec>& x,
                     const std::optional<SizeVec>& y) -> std::optional<SizeVec> {
    if (!x || !y || x->size() != y->size()) return std::nullopt;
    SizeVec out(x->size());
    for (size_t i = 0; i < x->size(); ++i)
      if ((*x)[i] == (*y)[i]) out[i] = (*x)[i];
    return out;
  };
  auto sizes = mergeVec(a.sizes_, b.sizes_);
  auto strides = mergeVec(a.strides_, b.strides_);
  return create(same(a.dtype_, b.dtype_), same(a.device_, b.device_), std::move(sizes), std::move(strides),
                same(a.requiresGrad_, b.requiresGrad_));
}

std::string TensorType::str() const {
  std::string out;
  if (dtype_) {
    out += scalarTypeName(*dtype_);
    if (!dim_) out += "Tensor";
  } else {
    out += "Tensor";
  }
  auto num = [](const std::optional<int64_t>& v) { return v ? std::to_string(*v) : std::string("*"); };
  if (dim_) {
    out += "(";
    size_t i = 0;
    for (; i < *dim_; ++i) {
      if (i > 0) out += ", ";
      out += num(sizes_ ? (*sizes_)[i] : std::nullopt);
    }
    bool stridesKnown = *dim_ > 0 && strides_ &&
                        std::all_of(strides_->begin(), strides_->end(), [](const auto& s) { return s.has_value(); });
    if (stridesKnown) {
      out += ", strides=[";
      for (size_t j = 0; j < strides_->size(); ++j) {
        if (j > 0) out += ", ";
        out += std::to_string(*(*strides_)[j]);
      }
      out += "]";
    }
    if (requiresGrad_) {
      if (i++ > 0) out += ", ";
      out += *requiresGrad_ ? "requires_grad=1" : "requires_grad=0";
    }
    if (device_) {
      if (i++ > 0) out += ", ";
      out += "device=" + device_->str();
    }
    out += ")";
  } else {
    size_t i = 0;
    if (requiresGrad_) {
      out += *requiresGrad_ ? "(requires_grad=1" : "(requires_grad=0";
      ++i;
    }
    if (device_) {
      out += (i++ > 0) ? ", " : "(";
      out += "device=" + device_->str();
    }
    if (i > 0) out += ")";
  }
  return out;
}

bool TensorType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<TensorType>();
  return o && dtype_ == o->dtype_ && device_ == o->device_ && requiresGrad_ == o->requiresGrad_ &&
         dim_ == o->dim_ && sizes_ == o->sizes_ && strides_ == o->strides_;
}

bool TensorType::isSubtypeOf(const Type& rhs) const {
  if (const auto* o = rhs.cast<TensorType>()) {
    // Every property the supertype pins down must match ours.
    if (o->dtype_ && o->dtype_ != dtype_) return false;
    if (o->device_ && o->device_ != device_) return false;
    if (o->requiresGrad_ && o->requiresGrad_ != requiresGrad_) return false;
    if (o->dim_ && o->dim_ != dim_) return false;
    auto covers = [](const std::optional<SizeVec>& sup, const std::optional<SizeVec>& sub) {
      if (!sup) return true;
      if (!sub || sub->size() != sup->size()) return false;
      for (size_t i = 0; i < sup->size(); ++i)
        if ((*sup)[i] && (*sup)[i] != (*sub)[i]) return false;
      return true;
    };
    return covers(o->sizes_, sizes_) && covers(o->strides_, strides_);
  }
  return commonSubtype(*this, rhs);
}

// ListType ---------------------------------------------------------------------------

TypePtr ListType::create(TypePtr elem) { return std::make_shared<ListType>(std::move(elem)); }
#define JS_LIST_OF(fn, Elem)                                      \
  const TypePtr& ListType::fn() {                                 \
    static const TypePtr instance = ListType::create(Elem::get()); \
    return instance;                                              \
  }
JS_LIST_OF(ofInts, IntType)
JS_LIST_OF(ofFloats, FloatType)
JS_LIST_OF(ofBools, BoolType)
JS_LIST_OF(ofTensors, TensorType)
JS_LIST_OF(ofStrings, StringType)
#undef JS_LIST_OF

std::string ListType::str() const { return elem_->str() + "[]"; }
std::string ListType::annotationStr() const { return "List[" + elem_->annotationStr() + "]"; }
bool ListType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<ListType>();
  return o && *elem_ == *o->elem_;
}
bool ListType::isSubtypeOf(const Type& rhs) const { return commonSubtype(*this, rhs); }
TypePtr ListType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == 1);
  return create(std::move(c[0]));
}

// DictType ---------------------------------------------------------------------------

TypePtr DictType::create(TypePtr key, TypePtr value) {
  return std::make_shared<DictType>(std::move(key), std::move(value));
}
std::string DictType::str() const { return "Dict(" + key_->str() + ", " + value_->str() + ")"; }
std::string DictType::annotationStr() const {
  return "Dict[" + key_->annotationStr() + ", " + value_->annotationStr() + "]";
}
bool DictType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<DictType>();
  return o && *key_ == *o->key_ && *value_ == *o->value_;
}
TypePtr DictType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == 2);
  return create(std::move(c[0]), std::move(c[1]));
}

// TupleType --------------------------------------------------------------------------

TypePtr TupleType::create(std::vector<TypePtr> elems) { return std::make_shared<TupleType>(std::move(elems)); }

TypePtr TupleType::createNamed(std::string qualifiedName, std::vector<std::string> fieldNames,
                               std::vector<TypePtr> elems) {
  JS_CHECK(fieldNames.size() == elems.size(), "NamedTuple ", qualifiedName, " has ", fieldNames.size(),
           " field names but ", elems.size(), " field types");
  return std::make_shared<TupleType>(std::move(elems), std::move(qualifiedName), std::move(fieldNames));
}

std::optional<size_t> TupleType::fieldIndex(std::string_view field) const {
  for (size_t i = 0; i < fieldNames_.size(); ++i)
    if (fieldNames_[i] == field) return i;
  return std::nullopt;
}

std::string TupleType::str() const {
  if (!isNamed()) return "(" + joinStr(elems_, false) + ")";
  std::string out = "NamedTuple(";
  for (size_t i = 0; i < elems_.size(); ++i) {
    if (i > 0) out += ", ";
    out += fieldNames_[i] + " : " + elems_[i]->str();
  }
  return out + ")";
}

std::string TupleType::annotationStr() const {
  if (isNamed() && !name_->empty()) return *name_;
  if (elems_.empty()) return "Tuple[()]";
  return "Tuple[" + joinStr(elems_, true) + "]";
}

bool TupleType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<TupleType>();
  return o && name_ == o->name_ && fieldNames_ == o->fieldNames_ && allEqual(elems_, o->elems_);
}

bool TupleType::isSubtypeOf(const Type& rhs) const {
  if (const auto* o = rhs.cast<TupleType>()) {
    // A NamedTuple is a subtype of the plain tuple with the same elements, not
    // the other way around.
    if (o->isNamed() && (name_ != o->name_ || fieldNames_ != o->fieldNames_)) return false;
    if (elems_.size() != o->elems_.size()) return false;
    for (size_t i = 0; i < elems_.size(); ++i)
      if (!elems_[i]->isSubtypeOf(*o->elems_[i])) return false;
    return true;
  }
  return commonSubtype(*this, rhs);
}

TypePtr TupleType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == elems_.size());
  return std::make_shared<TupleType>(std::move(c), name_, fieldNames_);
}

// OptionalType -----------------------------------------------------------------------

TypePtr OptionalType::create(TypePtr elem) {
  // Optional[Optional[T]] is Optional[T].
  if (elem->kind() == TypeKind::OptionalType) return elem;
  return std::make_shared<OptionalType>(std::move(elem));
}
std::string OptionalType::str() const { return elem_->str() + "?"; }
std::string OptionalType::annotationStr() const { return "Optional[" + elem_->annotationStr() + "]"; }
bool OptionalType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<OptionalType>();
  return o && *elem_ == *o->elem_;
}
bool OptionalType::isSubtypeOf(const Type& rhs) const {
  if (const auto* o = rhs.cast<OptionalType>()) return elem_->isSubtypeOf(*o->elem_);
  if (const auto* u = rhs.cast<UnionType>()) return u->canHoldNone() && elem_->isSubtypeOf(rhs);
  return commonSubtype(*this, rhs);
}
TypePtr OptionalType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == 1);
  return create(std::move(c[0]));
}

// UnionType --------------------------------------------------------------------------

TypePtr UnionType::create(std::vector<TypePtr> members) {
  std::vector<TypePtr> flat;
  auto add = [&](const TypePtr& t) {
    for (const auto& f : flat)
      if (*f == *t) return;
    flat.push_back(t);
  };
  std::function<void(const TypePtr&)> flatten = [&](const TypePtr& t) {
    if (const auto* u = t->cast<UnionType>()) {
      for (const auto& m : u->members()) flatten(m);
    } else if (const auto* o = t->cast<OptionalType>()) {
      flatten(o->elementType());
      add(NoneType::get());
    } else {
      add(t);
    }
  };
  for (const auto& m : members) flatten(m);
  JS_CHECK(!flat.empty(), "a Union needs at least one member type");
  if (flat.size() == 1) return flat[0];
  std::stable_sort(flat.begin(), flat.end(), [](const TypePtr& a, const TypePtr& b) {
    int ra = unionSortRank(a->kind()), rb = unionSortRank(b->kind());
    if (ra != rb) return ra < rb;
    return a->str() < b->str();
  });
  if (flat.size() == 2) {
    if (flat[0]->kind() == TypeKind::NoneType) return OptionalType::create(flat[1]);
    if (flat[1]->kind() == TypeKind::NoneType) return OptionalType::create(flat[0]);
  }
  return std::make_shared<UnionType>(std::move(flat));
}

bool UnionType::canHoldNone() const {
  for (const auto& m : members_)
    if (m->kind() == TypeKind::NoneType) return true;
  return false;
}
std::string UnionType::str() const { return "Union(" + joinStr(members_, false) + ")"; }
std::string UnionType::annotationStr() const { return "Union[" + joinStr(members_, true) + "]"; }
bool UnionType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<UnionType>();
  if (!o || o->members_.size() != members_.size()) return false;
  // Members are kept sorted, but compare as sets so hand-built unions agree.
  for (const auto& m : members_) {
    bool found = false;
    for (const auto& n : o->members_) found = found || *m == *n;
    if (!found) return false;
  }
  return true;
}
bool UnionType::isSubtypeOf(const Type& rhs) const {
  if (rhs.kind() == TypeKind::AnyType || equals(rhs)) return true;
  // Each member must fit the supertype.
  for (const auto& m : members_)
    if (!m->isSubtypeOf(rhs)) return false;
  return true;
}
TypePtr UnionType::withContained(std::vector<TypePtr> c) const { return create(std::move(c)); }

// FutureType / RRefType ---------------------------------------------------------------

TypePtr FutureType::create(TypePtr elem) { return std::make_shared<FutureType>(std::move(elem)); }
std::string FutureType::str() const { return "Future(" + elem_->str() + ")"; }
std::string FutureType::annotationStr() const { return "Future[" + elem_->annotationStr() + "]"; }
bool FutureType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<FutureType>();
  return o && *elem_ == *o->elem_;
}
bool FutureType::isSubtypeOf(const Type& rhs) const {
  if (const auto* o = rhs.cast<FutureType>()) return elem_->isSubtypeOf(*o->elem_);
  return commonSubtype(*this, rhs);
}
TypePtr FutureType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == 1);
  return create(std::move(c[0]));
}

TypePtr RRefType::withContained(std::vector<TypePtr> c) const {
  JS_INTERNAL_ASSERT(c.size() == 1);
  return std::make_shared<RRefType>(std::move(c[0]));
}

// VarType ------------------------------------------------------------------------------

TypePtr VarType::create(std::string name) { return std::make_shared<VarType>(std::move(name)); }
bool VarType::equals(const Type& rhs) const {
  const auto* o = rhs.cast<VarType>();
  return o && o->name_ == name_;
}

// ClassType ------------------------------------------------------------------------------

std::shared_ptr<ClassType> ClassType::create(std::string qualifiedName, bool isModule) {
  return std::make_shared<ClassType>(std::move(qualifiedName), isModule);
}

std::optional<size_t> ClassType::findAttributeSlot(std::string_view name) const {
  for (size_t i = 0; i < attributes_.size(); ++i)
    if (attributes_[i].name == name) return i;
  return std::nullopt;
}

size_t ClassType::addAttribute(std::string name, TypePtr type, bool isParameter, bool isBuffer) const {
  JS_CHECK(!findAttributeSlot(name), "class '", name_, "' already has an attribute named '", name, "'");
  JS_INTERNAL_ASSERT(type, "attribute '", name, "' of ", name_, " has no type");
  attributes_.push_back(Attribute{std::move(name), std::move(type), isParameter, isBuffer});
  return attributes_.size() - 1;
}

void ClassType::setAttributeType(size_t slot, TypePtr type) const {
  JS_CHECK(slot < attributes_.size(), "class '", name_, "' has no attribute slot ", slot, " (it has ",
           attributes_.size(), ")");
  attributes_[slot].type = std::move(type);
}

Function* ClassType::findMethod(std::string_view name) const {
  for (Function* fn : methods_)
    if (fn->name() == name) return fn;
  return nullptr;
}

void ClassType::addMethod(Function* fn) const {
  JS_INTERNAL_ASSERT(fn != nullptr, "adding a null method to ", name_);
  JS_CHECK(findMethod(fn->name()) == nullptr, "class '", name_, "' already has a method named '", fn->name(), "'");
  methods_.push_back(fn);
}

bool ClassType::isSubtypeOf(const Type& rhs) const { return commonSubtype(*this, rhs); }

bool EnumType::isSubtypeOf(const Type& rhs) const { return commonSubtype(*this, rhs); }

// Helpers --------------------------------------------------------------------------------

namespace {

// Drops every tensor refinement, so that List[Float(2)] and List[Tensor] unify.
TypePtr unshaped(const TypePtr& t) {
  if (t->kind() == TypeKind::TensorType) return TensorType::get();
  auto contained = t->containedTypes();
  if (contained.empty()) return t;
  for (auto& c : contained) c = unshaped(c);
  return t->withContained(std::move(contained));
}

}  // namespace

std::optional<TypePtr> unifyTypes(const TypePtr& a, const TypePtr& b) {
  if (a->isSubtypeOf(*b)) return b;
  if (b->isSubtypeOf(*a)) return a;
  if (const auto* ta = a->cast<TensorType>()) {
    if (const auto* tb = b->cast<TensorType>()) return TensorType::merge(*ta, *tb);
  }
  if (a->kind() == TypeKind::NoneType && b->kind() != TypeKind::NoneType) return OptionalType::create(b);
  if (b->kind() == TypeKind::NoneType && a->kind() != TypeKind::NoneType) return OptionalType::create(a);
  if (const auto* oa = a->cast<OptionalType>()) {
    if (auto e = unifyTypes(oa->elementType(), b)) return OptionalType::create(*e);
  } else if (const auto* ob = b->cast<OptionalType>()) {
    if (auto e = unifyTypes(a, ob->elementType())) return OptionalType::create(*e);
  }
  // Tuples and futures are immutable, so their elements may unify freely.
  if (const auto* ta = a->cast<TupleType>()) {
    const auto* tb = b->cast<TupleType>();
    if (tb && !ta->isNamed() && !tb->isNamed() && ta->elements().size() == tb->elements().size()) {
      std::vector<TypePtr> elems;
      for (size_t i = 0; i < ta->elements().size(); ++i) {
        auto e = unifyTypes(ta->elements()[i], tb->elements()[i]);
        if (!e) return std::nullopt;
        elems.push_back(*e);
      }
      return TupleType::create(std::move(elems));
    }
  }
  if (const auto* fa = a->cast<FutureType>()) {
    if (const auto* fb = b->cast<FutureType>()) {
      if (auto e = unifyTypes(fa->elementType(), fb->elementType())) return FutureType::create(*e);
    }
  }
  // Mutable containers (lists, dicts) unify only up to tensor refinements.
  auto ua = unshaped(a), ub = unshaped(b);
  if (ua->isSubtypeOf(*ub)) return ub;
  if (ub->isSubtypeOf(*ua)) return ua;
  return std::nullopt;
}

TypePtr unwrapOptional(const TypePtr& t) {
  if (const auto* o = t->cast<OptionalType>()) return o->elementType();
  if (const auto* u = t->cast<UnionType>()) {
    if (!u->canHoldNone()) return t;
    std::vector<TypePtr> rest;
    for (const auto& m : u->members())
      if (m->kind() != TypeKind::NoneType) rest.push_back(m);
    return UnionType::create(std::move(rest));
  }
  return t;
}

std::string irTypeStr(const Type& t) {
  switch (t.kind()) {
    case TypeKind::ListType:
      return irTypeStr(*t.expect<ListType>().elementType()) + "[]";
    case TypeKind::OptionalType:
      return irTypeStr(*t.expect<OptionalType>().elementType()) + "?";
    case TypeKind::FutureType:
      return "Future[" + irTypeStr(*t.expect<FutureType>().elementType()) + "]";
    case TypeKind::RRefType:
      return "RRef[" + irTypeStr(*t.expect<RRefType>().elementType()) + "]";
    case TypeKind::TupleType: {
      const auto& tup = t.expect<TupleType>();
      std::string out = tup.isNamed() ? "NamedTuple(" : "(";
      for (size_t i = 0; i < tup.elements().size(); ++i) {
        if (i > 0) out += ", ";
        if (tup.isNamed()) out += tup.fieldNames()[i] + " : ";
        out += irTypeStr(*tup.elements()[i]);
      }
      return out + ")";
    }
    default:
      return t.str();
  }
}

}  // namespace jitserve
