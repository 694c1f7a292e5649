// Dict methods and operators. PyTorch declares one overload per key type
// (str, int, bool, float, Tensor); the kernels are generic over the key, so
// every key type's overload shares one kernel.
//
// Missing keys raise "KeyError: <key>" with the key printed as str() does,
// as PyTorch reports them.
#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtin_utils.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/op_registration.h"

namespace jitserve {
namespace builtins {
namespace {

[[noreturn]] void throwKeyError(const IValue& key) { JS_ERROR("KeyError: ", key.str()); }

void dictLen(Stack& s) { s.back() = IValue(static_cast<int64_t>(s.back().toDictRef().size())); }

void dictGetItem(Stack& s) {
  IValue key = pop(s);
  const IValue* v = s.back().toDictRef().find(key);
  if (!v) throwKeyError(key);
  IValue out = *v;
  s.back() = std::move(out);
}

void dictSetItem(Stack& s) {
  IValue v = pop(s);
  IValue key = pop(s);
  pop(s).toDictRef().insertOrAssign(std::move(key), std::move(v));
}

void dictGet(Stack& s) {
  IValue key = pop(s);
  const IValue* v = s.back().toDictRef().find(key);
  IValue out = v ? *v : IValue();
  s.back() = std::move(out);
}

void dictGetDefault(Stack& s) {
  IValue dflt = pop(s);
  IValue key = pop(s);
  const IValue* v = s.back().toDictRef().find(key);
  IValue out = v ? *v : std::move(dflt);
  s.back() = std::move(out);
}

void dictSetDefault(Stack& s) {
  IValue dflt = pop(s);
  IValue key = pop(s);
  IValue out = s.back().toDictRef().insertIfAbsent(std::move(key), std::move(dflt));
  s.back() = std::move(out);
}

void dictKeys(Stack& s) {
  const DictImpl& d = s.back().toDictRef();
  std::vector<IValue> keys;
  keys.reserve(d.size());
  for (const auto& e : d.entries()) keys.push_back(e.key);
  s.back() = IValue(ListImpl::create(d.keyType, std::move(keys)));
}

void dictValues(Stack& s) {
  const DictImpl& d = s.back().toDictRef();
  std::vector<IValue> values;
  values.reserve(d.size());
  for (const auto& e : d.entries()) values.push_back(e.value);
  s.back() = IValue(ListImpl::create(d.valueType, std::move(values)));
}

void dictItems(Stack& s) {
  const DictImpl& d = s.back().toDictRef();
  std::vector<IValue> items;
  items.reserve(d.size());
  for (const auto& e : d.entries()) items.emplace_back(TupleImpl::create({e.key, e.value}));
  s.back() = IValue(ListImpl::create(TupleType::create({d.keyType, d.valueType}), std::move(items)));
}

void dictPop(Stack& s) {
  IValue key = pop(s);
  auto v = s.back().toDictRef().erase(key);
  if (!v) throwKeyError(key);
  s.back() = std::move(*v);
}

void dictPopDefault(Stack& s) {
  IValue dflt = pop(s);
  IValue key = pop(s);
  auto v = s.back().toDictRef().erase(key);
  s.back() = v ? std::move(*v) : std::move(dflt);
}

// Pushes (key, value) as one tuple: the schema returns ((K, t)). PyTorch
// pops the first entry (CPython the last); programs see PyTorch's order.
void dictPopItem(Stack& s) {
  DictImpl& d = s.back().toDictRef();
  JS_CHECK(!d.empty(), "popitem(): dictionary is empty");
  auto e = d.popFirst();
  s.back() = IValue(TupleImpl::create({std::move(e.key), std::move(e.value)}));
}

void dictUpdate(Stack& s) {
  IValue other = pop(s);
  IValue self = pop(s);
  if (self.is(other)) return;
  DictImpl& d = self.toDictRef();
  for (const auto& e : other.toDictRef().entries()) d.insertOrAssign(e.key, e.value);
}

void dictCopy(Stack& s) { s.back() = IValue(s.back().toDictRef().copy()); }

void dictClear(Stack& s) { pop(s).toDictRef().clear(); }

void dictContains(Stack& s) {
  IValue key = pop(s);
  s.back() = IValue(s.back().toDictRef().contains(key));
}

void dictDelete(Stack& s) {
  IValue key = pop(s);
  IValue self = pop(s);
  if (!self.toDictRef().erase(key)) throwKeyError(key);
}

// dict([(k, v), ...]).
void dictFromPairs(Stack& s) {
  IValue list = pop(s);
  const ListImpl& l = list.toListRef();
  TypePtr keyType = AnyType::get(), valueType = AnyType::get();
  if (auto* t = l.elementType->cast<TupleType>(); t && t->elements().size() == 2) {
    keyType = t->elements()[0];
    valueType = t->elements()[1];
  }
  auto d = DictImpl::create(keyType, valueType);
  for (const auto& e : l.elements) {
    const auto& pair = e.toTupleRef().elements;
    JS_CHECK(pair.size() == 2, "dictionary update sequence element has length ", pair.size(), "; 2 is required");
    d->insertOrAssign(pair[0], pair[1]);
  }
  s.push_back(IValue(std::move(d)));
}

void dictEmpty(Stack& s) { s.push_back(IValue(DictImpl::create(StringType::get(), TensorType::get()))); }

// The overloads for one key type K whose overload suffixes follow PyTorch's
// naming (some say ".K", some ".Dict_K").
#define JITSERVE_DICT_OPS(K)                                                                                     \
  {"aten::len.Dict_" K "(Dict(" K ", t) self) -> int", dictLen, "len(d)"},                                        \
      {"aten::__getitem__.Dict_" K "(Dict(" K ", t) self, " K " key) -> t(*)", dictGetItem, "d[key]"},           \
      {"aten::_set_item." K "(Dict(" K ", t)(a!) l, " K "(b -> *) idx, t(c -> *) v) -> ()", dictSetItem,         \
       "d[key] = v"},                                                                                            \
      {"aten::get." K "(Dict(" K ", t) self, " K " key) -> t(*)?", dictGet, "d.get(key)"},                        \
      {"aten::get.default_" K "(Dict(" K ", t) self, " K " key, t default_value) -> t(*)", dictGetDefault,      \
       "d.get(key, default)"},                                                                                   \
      {"aten::setdefault." K "(Dict(" K ", t)(a!) self, " K "(b -> *) key, t(c -> *) default_value) -> t(*)",    \
       dictSetDefault, "d.setdefault(key, default)"},                                                            \
      {"aten::keys." K "(Dict(" K ", t) self) -> " K "[](*)", dictKeys, "list(d.keys())"},                       \
      {"aten::values." K "(Dict(" K ", t) self) -> t[](*)", dictValues, "list(d.values())"},                     \
      {"aten::items." K "(Dict(" K ", t) self) -> ((" K ", t)[])", dictItems, "list(d.items())"},                \
      {"aten::pop.Dict_" K "(Dict(" K ", t)(a!) self, " K " key) -> t(*)", dictPop, "d.pop(key)"},               \
      {"aten::pop.Dict_default_" K "(Dict(" K ", t)(a!) self, " K " key, t default_value) -> t(*)",             \
       dictPopDefault, "d.pop(key, default)"},                                                                   \
      {"aten::popitem." K "(Dict(" K ", t)(a!) self) -> ((" K ", t))", dictPopItem, "d.popitem()"},              \
      {"aten::update." K "(Dict(" K ", t)(a!) self, Dict(" K ", t)(a!) to_add) -> ()", dictUpdate,               \
       "d.update(other)"},                                                                                       \
      {"aten::copy.Dict_" K "(Dict(" K ", t)(a) self) -> Dict(" K ", t)", dictCopy, "d.copy()"},                 \
      {"aten::dict.Dict_" K "(Dict(" K ", t)(a) self) -> Dict(" K ", t)", dictCopy, "dict(d): a shallow copy"},   \
      {"aten::clear." K "(Dict(" K ", t)(a!) self) -> ()", dictClear, "d.clear()"},                              \
      {"aten::__contains__." K "(Dict(" K ", t) dict, " K " key) -> bool", dictContains, "key in d"},            \
  {                                                                                                              \
    "aten::Delete.Dict_" K "(Dict(" K ", t)(a!) self, " K " key) -> ()", dictDelete, "del d[key]"               \
  }

}  // namespace

const ops::OpTable kDictOps = {
    JITSERVE_DICT_OPS("str"),
    JITSERVE_DICT_OPS("int"),
    JITSERVE_DICT_OPS("bool"),
    JITSERVE_DICT_OPS("float"),
    JITSERVE_DICT_OPS("Tensor"),
    {"aten::dict.str((str, tVal)[] inputs) -> Dict(str, tVal)", dictFromPairs, "dict(pairs)"},
    {"aten::dict.int((int, tVal)[] inputs) -> Dict(int, tVal)", dictFromPairs, "dict(pairs)"},
    {"aten::dict.bool((bool, tVal)[] inputs) -> Dict(bool, tVal)", dictFromPairs, "dict(pairs)"},
    {"aten::dict.float((float, tVal)[] inputs) -> Dict(float, tVal)", dictFromPairs, "dict(pairs)"},
    {"aten::dict() -> Dict(str, Tensor)", dictEmpty, "dict(): an empty Dict[str, Tensor]"},
};
#undef JITSERVE_DICT_OPS

}  // namespace builtins

}  // namespace jitserve
