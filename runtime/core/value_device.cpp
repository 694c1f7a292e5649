#include "runtime/core/value_device.h"

#include <unordered_set>

#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve {
namespace {

bool sameDevice(const Tensor& t, Device d) { return !t.defined() || isOnDevice(t, d); }

}  // namespace

IValue valueToDevice(const IValue& v, Device device) {
  if (v.isTensor()) {
    const Tensor& t = v.toTensor();
    return sameDevice(t, device) ? v : IValue(toDevice(t, device));
  }
  if (v.isList()) {
    const ListImpl& list = v.toListRef();
    auto out = make_intrusive<ListImpl>(list.elementType, std::vector<IValue>{});
    out->elements.reserve(list.elements.size());
    for (const IValue& e : list.elements) out->elements.push_back(valueToDevice(e, device));
    return IValue(std::move(out));
  }
  if (v.isTuple()) {
    const TupleImpl& tuple = v.toTupleRef();
    std::vector<IValue> elems;
    elems.reserve(tuple.elements.size());
    for (const IValue& e : tuple.elements) elems.push_back(valueToDevice(e, device));
    return IValue(TupleImpl::create(std::move(elems), tuple.type));
  }
  if (v.isDict()) {
    const DictImpl& dict = v.toDictRef();
    auto out = DictImpl::create(dict.keyType, dict.valueType);
    for (const auto& e : dict.entries()) out->insertOrAssign(e.key, valueToDevice(e.value, device));
    return IValue(std::move(out));
  }
  return v;
}

namespace {

void moveIn(IValue& v, Device device, std::unordered_set<const void*>& seen) {
  if (v.isTensor()) {
    if (!sameDevice(v.toTensor(), device)) v = IValue(toDevice(v.toTensor(), device));
  } else if (v.isObject()) {
    ObjectImpl* obj = &v.toObjectRef();
    if (!seen.insert(obj).second) return;
    for (IValue& slot : obj->slots) moveIn(slot, device, seen);
  } else if (v.isList()) {
    ListImpl* list = &v.toListRef();
    if (!seen.insert(list).second) return;
    for (IValue& e : list->elements) moveIn(e, device, seen);
  } else if (v.isTuple()) {
    for (IValue& e : v.toTupleRef().elements) moveIn(e, device, seen);
  } else if (v.isDict()) {
    DictImpl* dict = &v.toDictRef();
    if (!seen.insert(dict).second) return;
    for (size_t i = 0; i < dict->size(); ++i) moveIn(dict->valueAt(i), device, seen);
  }
}

}  // namespace

void moveObjectTensors(const IValue& object, Device device) {
  std::unordered_set<const void*> seen;
  IValue v = object;
  moveIn(v, device, seen);
}

}  // namespace jitserve
