#include "proto/codec/value_codec.h"

#include <bit>
#include <cstring>
#include <limits>

#include "absl/strings/str_cat.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/support/error.h"

namespace jitserve::codec {

static_assert(std::endian::native == std::endian::little,
              "tensor bytes are copied as is: the wire format is little-endian");

namespace pb = ::jitserve::v1;

namespace {

absl::Status invalid(const std::string& what, absl::string_view msg) {
  return absl::InvalidArgumentError(absl::StrCat(what, ": ", msg));
}

const char* kindName(const pb::Value& v) {
  switch (v.kind_case()) {
    case pb::Value::kNone: return "None";
    case pb::Value::kBoolValue: return "bool";
    case pb::Value::kIntValue: return "int";
    case pb::Value::kFloatValue: return "float";
    case pb::Value::kStringValue: return "str";
    case pb::Value::kTensor: return "Tensor";
    case pb::Value::kList: return "list";
    case pb::Value::kTuple: return "tuple";
    case pb::Value::kDict: return "dict";
    case pb::Value::KIND_NOT_SET: return "an empty Value (no kind set)";
  }
  return "an unknown Value kind";
}

class Decoder {
 public:
  explicit Decoder(const CodecLimits& limits) : limits_(limits) {}

  absl::StatusOr<IValue> decode(const pb::Value& v, const TypePtr& expected, const std::string& what, int depth) {
    if (depth > limits_.maxDepth) {
      return invalid(what, absl::StrCat("values nest deeper than ", limits_.maxDepth, " levels"));
    }
    if (!expected || expected->kind() == TypeKind::AnyType) return infer(v, what, depth);
    const Type& t = *expected;
    auto mismatch = [&]() {
      return invalid(what, absl::StrCat("expected a value of type ", t.annotationStr(), ", got ", kindName(v)));
    };
    switch (t.kind()) {
      case TypeKind::OptionalType:
        if (v.kind_case() == pb::Value::kNone) return IValue();
        return decode(v, static_cast<const OptionalType&>(t).elementType(), what, depth);
      case TypeKind::NoneType:
        if (v.kind_case() != pb::Value::kNone) return mismatch();
        return IValue();
      case TypeKind::TensorType:
        if (v.kind_case() != pb::Value::kTensor) return mismatch();
        return decodeTensor(v.tensor(), what);
      case TypeKind::IntType:
        if (v.kind_case() != pb::Value::kIntValue) return mismatch();
        return IValue(static_cast<int64_t>(v.int_value()));
      case TypeKind::FloatType:
        if (v.kind_case() == pb::Value::kFloatValue) return IValue(v.float_value());
        if (v.kind_case() == pb::Value::kIntValue) return IValue(static_cast<double>(v.int_value()));
        return mismatch();
      case TypeKind::BoolType:
        if (v.kind_case() != pb::Value::kBoolValue) return mismatch();
        return IValue(v.bool_value());
      case TypeKind::NumberType:
        if (v.kind_case() == pb::Value::kIntValue) return IValue(static_cast<int64_t>(v.int_value()));
        if (v.kind_case() == pb::Value::kFloatValue) return IValue(v.float_value());
        if (v.kind_case() == pb::Value::kBoolValue) return IValue(v.bool_value());
        return mismatch();
      case TypeKind::StringType:
        if (v.kind_case() != pb::Value::kStringValue) return mismatch();
        return IValue(v.string_value());
      case TypeKind::ListType: {
        if (v.kind_case() != pb::Value::kList) return mismatch();
        const TypePtr& elem = static_cast<const ListType&>(t).elementType();
        std::vector<IValue> elems;
        elems.reserve(v.list().items_size());
        for (int i = 0; i < v.list().items_size(); ++i) {
          auto e = decode(v.list().items(i), elem, absl::StrCat(what, "[", i, "]"), depth + 1);
          if (!e.ok()) return e.status();
          elems.push_back(std::move(*e));
        }
        return IValue(ListImpl::create(elem, std::move(elems)));
      }
      case TypeKind::TupleType: {
        if (v.kind_case() != pb::Value::kTuple) return mismatch();
        const auto elemTypes = t.containedTypes();
        if (static_cast<size_t>(v.tuple().items_size()) != elemTypes.size()) {
          return invalid(what, absl::StrCat("expected a tuple of ", elemTypes.size(), " elements (",
                                            t.annotationStr(), "), got ", v.tuple().items_size()));
        }
        std::vector<IValue> elems;
        for (size_t i = 0; i < elemTypes.size(); ++i) {
          auto e = decode(v.tuple().items(static_cast<int>(i)), elemTypes[i], absl::StrCat(what, "[", i, "]"),
                          depth + 1);
          if (!e.ok()) return e.status();
          elems.push_back(std::move(*e));
        }
        return IValue(TupleImpl::create(std::move(elems), expected));
      }
      case TypeKind::DictType: {
        if (v.kind_case() != pb::Value::kDict) return mismatch();
        const auto& dt = static_cast<const DictType&>(t);
        auto dict = DictImpl::create(dt.keyType(), dt.valueType());
        for (int i = 0; i < v.dict().entries_size(); ++i) {
          const auto& entry = v.dict().entries(i);
          auto k = decode(entry.key(), dt.keyType(), absl::StrCat(what, " key ", i), depth + 1);
          if (!k.ok()) return k.status();
          auto val = decode(entry.value(), dt.valueType(), absl::StrCat(what, " value ", i), depth + 1);
          if (!val.ok()) return val.status();
          dict->insertOrAssign(std::move(*k), std::move(*val));
        }
        return IValue(std::move(dict));
      }
      case TypeKind::UnionType: {
        for (const TypePtr& member : t.containedTypes()) {
          auto r = decode(v, member, what, depth);
          if (r.ok()) return r;
        }
        return mismatch();
      }
      default:
        return invalid(what, absl::StrCat("arguments of type ", t.annotationStr(),
                                          " cannot be passed through the API"));
    }
  }

 private:
  absl::StatusOr<IValue> decodeTensor(const pb::Tensor& t, const std::string& what) {
    auto dtype = scalarTypeFromProto(t.dtype());
    if (!dtype.ok()) return invalid(what, dtype.status().message());
    auto tensor = tensorFromBytes(*dtype, std::span<const int64_t>(t.shape().data(), t.shape().size()), t.data(),
                                  limits_);
    if (!tensor.ok()) return invalid(what, tensor.status().message());
    return IValue(std::move(*tensor));
  }

  // No declared type: the value says what it is; a list's element type is
  // its first element's (Any when empty or mixed).
  absl::StatusOr<IValue> infer(const pb::Value& v, const std::string& what, int depth) {
    switch (v.kind_case()) {
      case pb::Value::kNone: return IValue();
      case pb::Value::kBoolValue: return IValue(v.bool_value());
      case pb::Value::kIntValue: return IValue(static_cast<int64_t>(v.int_value()));
      case pb::Value::kFloatValue: return IValue(v.float_value());
      case pb::Value::kStringValue: return IValue(v.string_value());
      case pb::Value::kTensor: return decodeTensor(v.tensor(), what);
      case pb::Value::kList:
      case pb::Value::kTuple: {
        const auto& items = v.kind_case() == pb::Value::kList ? v.list().items() : v.tuple().items();
        std::vector<IValue> elems;
        for (int i = 0; i < items.size(); ++i) {
          auto e = decode(items[i], nullptr, absl::StrCat(what, "[", i, "]"), depth + 1);
          if (!e.ok()) return e.status();
          elems.push_back(std::move(*e));
        }
        if (v.kind_case() == pb::Value::kTuple) return IValue::tuple(std::move(elems));
        TypePtr elem = elems.empty() ? AnyType::get() : elems[0].type();
        for (const IValue& e : elems) {
          if (*e.type() != *elem) {
            elem = AnyType::get();
            break;
          }
        }
        return IValue(ListImpl::create(elem, std::move(elems)));
      }
      case pb::Value::kDict: {
        TypePtr keyType = AnyType::get(), valueType = AnyType::get();
        std::vector<std::pair<IValue, IValue>> entries;
        for (int i = 0; i < v.dict().entries_size(); ++i) {
          const auto& entry = v.dict().entries(i);
          auto k = decode(entry.key(), nullptr, absl::StrCat(what, " key ", i), depth + 1);
          if (!k.ok()) return k.status();
          if (!(k->isString() || k->isInt() || k->isDouble() || k->isBool() || k->isTensor())) {
            return invalid(what, absl::StrCat("dict key ", i, " is a ", kindName(entry.key()),
                                              ", which cannot be a dict key"));
          }
          auto val = decode(entry.value(), nullptr, absl::StrCat(what, " value ", i), depth + 1);
          if (!val.ok()) return val.status();
          if (i == 0) {
            keyType = k->type();
            valueType = val->type();
          }
          entries.emplace_back(std::move(*k), std::move(*val));
        }
        auto dict = DictImpl::create(keyType, valueType);
        for (auto& [k, val] : entries) dict->insertOrAssign(std::move(k), std::move(val));
        return IValue(std::move(dict));
      }
      case pb::Value::KIND_NOT_SET: break;
    }
    return invalid(what, "the Value has no kind set");
  }

  const CodecLimits& limits_;
};

}  // namespace

absl::StatusOr<ScalarType> scalarTypeFromProto(int dtype) {
  switch (dtype) {
    case pb::DTYPE_BOOL: return ScalarType::Bool;
    case pb::DTYPE_UINT8: return ScalarType::Byte;
    case pb::DTYPE_INT8: return ScalarType::Char;
    case pb::DTYPE_INT16: return ScalarType::Short;
    case pb::DTYPE_INT32: return ScalarType::Int;
    case pb::DTYPE_INT64: return ScalarType::Long;
    case pb::DTYPE_FLOAT16: return ScalarType::Half;
    case pb::DTYPE_BFLOAT16: return ScalarType::BFloat16;
    case pb::DTYPE_FLOAT32: return ScalarType::Float;
    case pb::DTYPE_FLOAT64: return ScalarType::Double;
    case pb::DTYPE_UNSPECIFIED: return absl::InvalidArgumentError("tensor dtype is not set (DTYPE_UNSPECIFIED)");
    default: return absl::InvalidArgumentError(absl::StrCat("unknown tensor dtype ", dtype));
  }
}

pb::DType scalarTypeToProto(ScalarType t) {
  switch (t) {
    case ScalarType::Bool: return pb::DTYPE_BOOL;
    case ScalarType::Byte: return pb::DTYPE_UINT8;
    case ScalarType::Char: return pb::DTYPE_INT8;
    case ScalarType::Short: return pb::DTYPE_INT16;
    case ScalarType::Int: return pb::DTYPE_INT32;
    case ScalarType::Long: return pb::DTYPE_INT64;
    case ScalarType::Half: return pb::DTYPE_FLOAT16;
    case ScalarType::BFloat16: return pb::DTYPE_BFLOAT16;
    case ScalarType::Float: return pb::DTYPE_FLOAT32;
    case ScalarType::Double: return pb::DTYPE_FLOAT64;
    default: return pb::DTYPE_UNSPECIFIED;
  }
}

absl::StatusOr<int64_t> checkedNumel(std::span<const int64_t> shape, size_t elementSize, int64_t maxBytes) {
  int64_t numel = 1;
  bool overflow = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) {
      return absl::InvalidArgumentError(absl::StrCat("shape has a negative dimension (dim ", i, " is ", shape[i], ")"));
    }
    if (!overflow && __builtin_mul_overflow(numel, shape[i], &numel)) overflow = true;
  }
  // A zero dim makes the tensor empty whatever the other dims are.
  for (int64_t d : shape)
    if (d == 0) return int64_t{0};
  int64_t bytes = 0;
  if (overflow || __builtin_mul_overflow(numel, static_cast<int64_t>(elementSize), &bytes) || bytes > maxBytes) {
    return absl::InvalidArgumentError(absl::StrCat("shape is too large: over the limit of ", maxBytes,
                                                   " bytes per tensor"));
  }
  return numel;
}

absl::StatusOr<Tensor> tensorFromBytes(ScalarType dtype, std::span<const int64_t> shape, std::string_view bytes,
                                       const CodecLimits& limits) {
  const size_t elem = elementSize(dtype);
  auto numel = checkedNumel(shape, elem, limits.maxTensorBytes);
  if (!numel.ok()) return numel.status();
  const uint64_t want = static_cast<uint64_t>(*numel) * elem;
  if (bytes.size() != want) {
    std::string dims;
    for (size_t i = 0; i < shape.size(); ++i) absl::StrAppend(&dims, i ? ", " : "", shape[i]);
    return absl::InvalidArgumentError(absl::StrCat("a ", std::string(scalarTypeTorchName(dtype)), " tensor of shape [", dims,
                                                   "] needs ", want, " bytes of data, got ", bytes.size()));
  }
  try {
    std::vector<int64_t> sizes(shape.begin(), shape.end());
    Tensor t = empty(sizes, dtype);
    if (want) std::memcpy(t.data_ptr(), bytes.data(), want);
    return t;
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
}

std::string tensorToBytes(const Tensor& t) {
  Tensor c = t.contiguous();
  return std::string(static_cast<const char*>(c.data_ptr()), c.nbytes());
}

absl::StatusOr<IValue> valueToIValue(const pb::Value& value, const TypePtr& expected, std::string_view what,
                                     const CodecLimits& limits) {
  Decoder d(limits);
  return d.decode(value, expected, std::string(what), 0);
}

absl::Status ivalueToValue(const IValue& v, pb::Value* out) {
  switch (v.tag()) {
    case IValue::Tag::None: out->mutable_none(); return absl::OkStatus();
    case IValue::Tag::Bool: out->set_bool_value(v.toBool()); return absl::OkStatus();
    case IValue::Tag::Int: out->set_int_value(v.toInt()); return absl::OkStatus();
    case IValue::Tag::Double: out->set_float_value(v.toDouble()); return absl::OkStatus();
    case IValue::Tag::String: out->set_string_value(v.toStringRef()); return absl::OkStatus();
    case IValue::Tag::Device: out->set_string_value(v.str()); return absl::OkStatus();
    case IValue::Tag::Tensor: {
      const Tensor& t = v.toTensor();
      if (!t.defined()) {
        out->mutable_none();
        return absl::OkStatus();
      }
      const pb::DType dt = scalarTypeToProto(t.dtype());
      if (dt == pb::DTYPE_UNSPECIFIED) {
        return absl::UnimplementedError(absl::StrCat("a ", std::string(scalarTypeTorchName(t.dtype())),
                                                     " tensor has no wire form in jitserve.v1"));
      }
      if (!t.is_cpu()) return absl::UnimplementedError("returning a tensor that is not on the CPU");
      auto* pt = out->mutable_tensor();
      pt->set_dtype(dt);
      for (int64_t s : t.sizes()) pt->add_shape(s);
      pt->set_data(tensorToBytes(t));
      return absl::OkStatus();
    }
    case IValue::Tag::List: {
      auto* l = out->mutable_list();
      for (const IValue& e : v.toListRef().elements) {
        if (auto s = ivalueToValue(e, l->add_items()); !s.ok()) return s;
      }
      return absl::OkStatus();
    }
    case IValue::Tag::Tuple: {
      auto* l = out->mutable_tuple();
      for (const IValue& e : v.toTupleRef().elements) {
        if (auto s = ivalueToValue(e, l->add_items()); !s.ok()) return s;
      }
      return absl::OkStatus();
    }
    case IValue::Tag::Dict: {
      auto* d = out->mutable_dict();
      for (const auto& entry : v.toDictRef().entries()) {
        auto* pe = d->add_entries();
        if (auto s = ivalueToValue(entry.key, pe->mutable_key()); !s.ok()) return s;
        if (auto s = ivalueToValue(entry.value, pe->mutable_value()); !s.ok()) return s;
      }
      return absl::OkStatus();
    }
    case IValue::Tag::Enum: return ivalueToValue(v.toEnumRef().value, out);
    default:
      return absl::UnimplementedError(absl::StrCat("a value of kind ", v.tagKind(),
                                                   " cannot be returned through the API"));
  }
}

}  // namespace jitserve::codec
