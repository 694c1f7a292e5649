#include "compiler/serialization/pickler.h"

#include <cstring>

#include "compiler/serialization/pickle_opcodes.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

namespace {
constexpr size_t kBatchSize = 1000;  // items per APPENDS / SETITEMS, as Python writes
using Op = PickleOpcode;
}  // namespace

Pickler::Pickler(PicklerOptions options) : options_(std::move(options)) {
  op(static_cast<uint8_t>(Op::PROTO));
  op(2);
}

void Pickler::put32(uint32_t v) {
  for (int i = 0; i < 4; ++i) out_.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

void Pickler::push(const IValue& v) { pushValue(v, 0); }

std::string Pickler::finish() {
  op(static_cast<uint8_t>(Op::STOP));
  return std::move(out_);
}

void Pickler::memoize(const void* identity) {
  uint32_t idx = nextMemo_++;
  memo_[identity] = idx;
  if (idx < 256) {
    op(static_cast<uint8_t>(Op::BINPUT));
    op(static_cast<uint8_t>(idx));
  } else {
    op(static_cast<uint8_t>(Op::LONG_BINPUT));
    put32(idx);
  }
}

bool Pickler::memoGet(const void* identity) {
  auto it = memo_.find(identity);
  if (it == memo_.end()) return false;
  if (it->second < 256) {
    op(static_cast<uint8_t>(Op::BINGET));
    op(static_cast<uint8_t>(it->second));
  } else {
    op(static_cast<uint8_t>(Op::LONG_BINGET));
    put32(it->second);
  }
  return true;
}

void Pickler::pushInt(int64_t v) {
  if (v >= 0 && v < 256) {
    op(static_cast<uint8_t>(Op::BININT1));
    op(static_cast<uint8_t>(v));
  } else if (v >= 0 && v < 65536) {
    op(static_cast<uint8_t>(Op::BININT2));
    op(static_cast<uint8_t>(v & 0xff));
    op(static_cast<uint8_t>(v >> 8));
  } else if (v >= INT32_MIN && v <= INT32_MAX) {
    op(static_cast<uint8_t>(Op::BININT));
    put32(static_cast<uint32_t>(static_cast<int32_t>(v)));
  } else {
    op(static_cast<uint8_t>(Op::LONG1));
    op(8);
    for (int i = 0; i < 8; ++i) op(static_cast<uint8_t>((static_cast<uint64_t>(v) >> (8 * i)) & 0xff));
  }
}

void Pickler::pushDouble(double d) {
  uint64_t bits;
  std::memcpy(&bits, &d, sizeof bits);
  op(static_cast<uint8_t>(Op::BINFLOAT));
  for (int i = 7; i >= 0; --i) op(static_cast<uint8_t>((bits >> (8 * i)) & 0xff));
}

void Pickler::pushString(std::string_view s) {
  JS_CHECK(s.size() <= UINT32_MAX, "cannot pickle a string of ", s.size(), " bytes");
  op(static_cast<uint8_t>(Op::BINUNICODE));
  put32(static_cast<uint32_t>(s.size()));
  out_.append(s);
}

void Pickler::pushGlobal(std::string_view module, std::string_view name) {
  op(static_cast<uint8_t>(Op::GLOBAL));
  out_.append(module);
  out_.push_back('\n');
  out_.append(name);
  out_.push_back('\n');
}

void Pickler::pushTensor(const Tensor& t) {
  JS_CHECK(t.defined(), "cannot pickle an undefined tensor");
  JS_CHECK(t.is_cpu(), "cannot pickle a tensor on ", t.device().str(), " (only CPU tensors)");
  const ScalarType dtype = t.dtype();
  JS_CHECK(dtype != ScalarType::QInt8 && dtype != ScalarType::QUInt8 && dtype != ScalarType::QInt32,
           "cannot pickle a quantized tensor");
  const Storage& storage = t.storage();
  auto [it, fresh] = storageKeys_.try_emplace(storage.unsafeGetStorageImpl(), std::to_string(storages_.size()));
  if (fresh) storages_.push_back(StorageRecord{it->second, storage});
  const int64_t numel = static_cast<int64_t>(storage.nbytes() / elementSize(dtype));

  pushGlobal("torch._utils", "_rebuild_tensor_v2");
  op(static_cast<uint8_t>(Op::MARK));
  // The persistent id.
  op(static_cast<uint8_t>(Op::MARK));
  pushString("storage");
  pushGlobal("torch", storageNameOf(dtype));
  pushString(it->second);
  pushString("cpu");
  pushInt(numel);
  op(static_cast<uint8_t>(Op::TUPLE));
  op(static_cast<uint8_t>(Op::BINPERSID));
  // offset, size, stride, requires_grad, backward_hooks.
  pushInt(t.storage_offset());
  for (std::span<const int64_t> dims : {t.sizes(), t.strides()}) {
    op(static_cast<uint8_t>(Op::MARK));
    for (int64_t d : dims) pushInt(d);
    op(static_cast<uint8_t>(Op::TUPLE));
  }
  op(static_cast<uint8_t>(t.requires_grad() ? Op::NEWTRUE : Op::NEWFALSE));
  pushGlobal("collections", "OrderedDict");
  op(static_cast<uint8_t>(Op::EMPTY_TUPLE));
  op(static_cast<uint8_t>(Op::REDUCE));
  op(static_cast<uint8_t>(Op::TUPLE));
  op(static_cast<uint8_t>(Op::REDUCE));
}

void Pickler::pushList(const IValue& v, size_t depth) {
  const void* identity = v.internalPointer();
  if (memoGet(identity)) return;
  const ListImpl& list = v.toListRef();
  const TypePtr& elem = list.elementType;
  // build_intlist & co. take the elements as a plain list; restore_type_tag
  // takes the list and its type's annotation.
  const char* builder = nullptr;
  if (options_.torchScript && elem) {
    switch (elem->kind()) {
      case TypeKind::IntType: builder = "build_intlist"; break;
      case TypeKind::FloatType: builder = "build_doublelist"; break;
      case TypeKind::BoolType: builder = "build_boollist"; break;
      case TypeKind::TensorType: builder = "build_tensorlist"; break;
      default: break;
    }
    pushGlobal("torch.jit._pickle", builder ? builder : "restore_type_tag");
    op(static_cast<uint8_t>(Op::MARK));
  }
  op(static_cast<uint8_t>(Op::EMPTY_LIST));
  if (!options_.torchScript) memoize(identity);
  const auto& elems = list.elements;
  for (size_t i = 0; i < elems.size(); i += kBatchSize) {
    op(static_cast<uint8_t>(Op::MARK));
    for (size_t j = i; j < elems.size() && j < i + kBatchSize; ++j) pushValue(elems[j], depth + 1);
    op(static_cast<uint8_t>(Op::APPENDS));
  }
  if (options_.torchScript) {
    if (!builder) pushString(ListType::create(elem)->annotationStr());
    op(static_cast<uint8_t>(Op::TUPLE));
    op(static_cast<uint8_t>(Op::REDUCE));
    memoize(identity);
  }
}

void Pickler::pushDict(const IValue& v, size_t depth) {
  const void* identity = v.internalPointer();
  if (memoGet(identity)) return;
  const DictImpl& dict = v.toDictRef();
  if (options_.torchScript) {
    pushGlobal("torch.jit._pickle", "restore_type_tag");
    op(static_cast<uint8_t>(Op::MARK));
  }
  op(static_cast<uint8_t>(Op::EMPTY_DICT));
  if (!options_.torchScript) memoize(identity);
  const auto& entries = dict.entries();
  for (size_t i = 0; i < entries.size(); i += kBatchSize) {
    op(static_cast<uint8_t>(Op::MARK));
    for (size_t j = i; j < entries.size() && j < i + kBatchSize; ++j) {
      pushValue(entries[j].key, depth + 1);
      pushValue(entries[j].value, depth + 1);
    }
    op(static_cast<uint8_t>(Op::SETITEMS));
  }
  if (options_.torchScript) {
    pushString(DictType::create(dict.keyType, dict.valueType)->annotationStr());
    op(static_cast<uint8_t>(Op::TUPLE));
    op(static_cast<uint8_t>(Op::REDUCE));
    memoize(identity);
  }
}

void Pickler::pushObject(const IValue& v, size_t depth) {
  const void* identity = v.internalPointer();
  if (memoGet(identity)) return;
  intrusive_ptr<ObjectImpl> obj = v.toObject();
  const std::string& q = obj->type->name();
  const size_t dot = q.rfind('.');
  JS_CHECK(dot != std::string::npos, "cannot pickle an object of class '", q, "'");
  pushGlobal(std::string_view(q).substr(0, dot), std::string_view(q).substr(dot + 1));
  op(static_cast<uint8_t>(Op::EMPTY_TUPLE));
  op(static_cast<uint8_t>(Op::NEWOBJ));
  memoize(identity);
  std::optional<IValue> state = options_.getState ? options_.getState(obj) : std::nullopt;
  if (state) {
    pushValue(*state, depth + 1);
  } else {
    // The attributes as a plain dict, as PyTorch writes a module's state.
    op(static_cast<uint8_t>(Op::EMPTY_DICT));
    const auto& attrs = obj->type->attributes();
    op(static_cast<uint8_t>(Op::MARK));
    for (size_t i = 0; i < attrs.size(); ++i) {
      pushString(attrs[i].name);
      pushValue(obj->getSlot(i), depth + 1);
    }
    op(static_cast<uint8_t>(Op::SETITEMS));
  }
  op(static_cast<uint8_t>(Op::BUILD));
}

void Pickler::pushValue(const IValue& v, size_t depth) {
  JS_CHECK(depth < kMaxPickleDepth, "cannot pickle a value nested deeper than ", kMaxPickleDepth,
           " levels (or a cyclic value)");
  const void* identity = v.internalPointer();
  switch (v.tag()) {
    case IValue::Tag::None: op(static_cast<uint8_t>(Op::NONE)); return;
    case IValue::Tag::Bool: op(static_cast<uint8_t>(v.toBool() ? Op::NEWTRUE : Op::NEWFALSE)); return;
    case IValue::Tag::Int: pushInt(v.toInt()); return;
    case IValue::Tag::Double: pushDouble(v.toDouble()); return;
    case IValue::Tag::String: pushString(v.toStringRef()); return;
    case IValue::Tag::Device: {
      pushGlobal("torch", "device");
      pushString(v.toDevice().str());
      op(static_cast<uint8_t>(Op::TUPLE1));
      op(static_cast<uint8_t>(Op::REDUCE));
      return;
    }
    case IValue::Tag::Complex: {  // as Python pickles it: complex(re, im)
      pushGlobal("builtins", "complex");
      pushDouble(v.toComplexDouble().real());
      pushDouble(v.toComplexDouble().imag());
      op(static_cast<uint8_t>(Op::TUPLE2));
      op(static_cast<uint8_t>(Op::REDUCE));
      return;
    }
    case IValue::Tag::Tensor: {
      if (identity != nullptr && memoGet(identity)) return;
      pushTensor(v.toTensor());
      if (identity != nullptr) memoize(identity);
      return;
    }
    case IValue::Tag::Tuple: {
      if (memoGet(identity)) return;
      const auto& elems = v.toTupleRef().elements;
      if (elems.empty()) {
        op(static_cast<uint8_t>(Op::EMPTY_TUPLE));
      } else if (elems.size() <= 3) {
        for (const IValue& e : elems) pushValue(e, depth + 1);
        op(static_cast<uint8_t>(static_cast<uint8_t>(Op::TUPLE1) + elems.size() - 1));
      } else {
        op(static_cast<uint8_t>(Op::MARK));
        for (const IValue& e : elems) pushValue(e, depth + 1);
        op(static_cast<uint8_t>(Op::TUPLE));
      }
      memoize(identity);
      return;
    }
    case IValue::Tag::List: pushList(v, depth); return;
    case IValue::Tag::Dict: pushDict(v, depth); return;
    case IValue::Tag::Object:
      if (options_.torchScript) {
        pushObject(v, depth);
        return;
      }
      break;
    default: break;
  }
  JS_ERROR("cannot pickle a value of type ", IValue::tagName(v.tag()), " into a torch.save file");
}

}  // namespace jitserve
