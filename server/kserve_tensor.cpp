#include "server/kserve_tensor.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/half.h"

namespace jitserve::server {

using inference::ModelInferRequest;
using inference::ModelInferResponse;

namespace {

std::string shapeStr(const google::protobuf::RepeatedField<int64_t>& shape) {
  std::string s = "[";
  for (int i = 0; i < shape.size(); ++i) absl::StrAppend(&s, i ? ", " : "", shape[i]);
  return s + "]";
}

template <typename T>
T elementAs(const Tensor& c, int64_t i) {
  const void* p = c.data_ptr();
  switch (c.dtype()) {
    case ScalarType::Bool: return static_cast<T>(static_cast<const bool*>(p)[i]);
    case ScalarType::Byte: return static_cast<T>(static_cast<const uint8_t*>(p)[i]);
    case ScalarType::Char: return static_cast<T>(static_cast<const int8_t*>(p)[i]);
    case ScalarType::Short: return static_cast<T>(static_cast<const int16_t*>(p)[i]);
    case ScalarType::Int: return static_cast<T>(static_cast<const int32_t*>(p)[i]);
    case ScalarType::Long: return static_cast<T>(static_cast<const int64_t*>(p)[i]);
    case ScalarType::Half: return static_cast<T>(static_cast<float>(static_cast<const Half*>(p)[i]));
    case ScalarType::BFloat16: return static_cast<T>(static_cast<float>(static_cast<const BFloat16*>(p)[i]));
    case ScalarType::Float: return static_cast<T>(static_cast<const float*>(p)[i]);
    case ScalarType::Double: return static_cast<T>(static_cast<const double*>(p)[i]);
    default: return T{};
  }
}

// Typed contents -> a tensor of `dtype` holding exactly numel entries.
template <typename Field>
absl::StatusOr<Tensor> fromField(const Field& field, ScalarType dtype, const std::vector<int64_t>& shape, int64_t numel,
                                 const char* fieldName, const std::string& what) {
  if (field.size() != numel) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": shape needs ", numel, " elements, ", fieldName, " has ",
                                                   field.size()));
  }
  Tensor t = empty(shape, dtype);
  void* p = t.data_ptr();
  for (int64_t i = 0; i < numel; ++i) {
    const auto v = field[static_cast<int>(i)];
    switch (dtype) {
      case ScalarType::Bool: static_cast<bool*>(p)[i] = static_cast<bool>(v); break;
      case ScalarType::Byte: static_cast<uint8_t*>(p)[i] = static_cast<uint8_t>(v); break;
      case ScalarType::Char: static_cast<int8_t*>(p)[i] = static_cast<int8_t>(v); break;
      case ScalarType::Short: static_cast<int16_t*>(p)[i] = static_cast<int16_t>(v); break;
      case ScalarType::Int: static_cast<int32_t*>(p)[i] = static_cast<int32_t>(v); break;
      case ScalarType::Long: static_cast<int64_t*>(p)[i] = static_cast<int64_t>(v); break;
      case ScalarType::Float: static_cast<float*>(p)[i] = static_cast<float>(v); break;
      case ScalarType::Double: static_cast<double*>(p)[i] = static_cast<double>(v); break;
      default: return absl::InvalidArgumentError(absl::StrCat(what, ": this datatype must be sent raw"));
    }
  }
  return t;
}

// BYTES input -> its strings.
absl::StatusOr<std::vector<std::string>> bytesElements(const ModelInferRequest::InferInputTensor& in,
                                                       const std::string* raw, int64_t numel, const std::string& what) {
  std::vector<std::string> out;
  if (!raw) {
    const auto& f = in.contents().bytes_contents();
    if (f.size() != numel) {
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": shape needs ", numel, " elements, bytes_contents has ", f.size()));
    }
    out.assign(f.begin(), f.end());
    return out;
  }
  size_t pos = 0;
  while (pos < raw->size()) {
    if (raw->size() - pos < 4) return absl::InvalidArgumentError(absl::StrCat(what, ": truncated BYTES element length"));
    uint32_t len;
    std::memcpy(&len, raw->data() + pos, 4);
    pos += 4;
    if (raw->size() - pos < len) return absl::InvalidArgumentError(absl::StrCat(what, ": truncated BYTES element"));
    out.emplace_back(raw->data() + pos, len);
    pos += len;
  }
  if (static_cast<int64_t>(out.size()) != numel) {
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": shape needs ", numel, " BYTES elements, the raw contents hold ", out.size()));
  }
  return out;
}

const TypePtr& optionalElementOrSelf(const TypePtr& t) {
  if (t && t->kind() == TypeKind::OptionalType) return static_cast<const OptionalType&>(*t).elementType();
  return t;
}

}  // namespace

bool kserveMetadataFor(const TypePtr& type0, std::string* datatype, std::vector<int64_t>* shape) {
  const TypePtr& type = optionalElementOrSelf(type0);
  shape->clear();
  switch (type->kind()) {
    case TypeKind::TensorType: {
      // Annotations rarely refine a tensor's dtype; FP32 is the default dtype.
      *datatype = "FP32";
      shape->push_back(-1);
      return true;
    }
    case TypeKind::IntType: *datatype = "INT64"; shape->push_back(1); return true;
    case TypeKind::FloatType: *datatype = "FP64"; shape->push_back(1); return true;
    case TypeKind::BoolType: *datatype = "BOOL"; shape->push_back(1); return true;
    case TypeKind::StringType: *datatype = "BYTES"; shape->push_back(1); return true;
    case TypeKind::ListType: {
      std::vector<int64_t> inner;
      const TypePtr& elem = static_cast<const ListType&>(*type).elementType();
      if (elem->kind() == TypeKind::TensorType || elem->kind() == TypeKind::ListType) return false;
      if (!kserveMetadataFor(elem, datatype, &inner)) return false;
      shape->push_back(-1);
      return true;
    }
    default: return false;
  }
}

absl::StatusOr<IValue> kserveInputToIValue(const ModelInferRequest::InferInputTensor& in, const std::string* raw,
                                           const TypePtr& expected0, const codec::CodecLimits& limits) {
  const std::string what = absl::StrCat("input '", in.name(), "'");
  const TypePtr& expected = optionalElementOrSelf(expected0);
  std::vector<int64_t> shape(in.shape().begin(), in.shape().end());
  const bool isBytes = in.datatype() == "BYTES";
  std::optional<ScalarType> dtype = scalarTypeFromKServe(in.datatype());
  if (!dtype && !isBytes) {
    return absl::InvalidArgumentError(absl::StrCat(what, ": unsupported datatype '", in.datatype(),
                                                   "' (use BOOL, UINT8, INT8, INT16, INT32, INT64, FP16, BF16, FP32, "
                                                   "FP64 or BYTES)"));
  }
  auto numel = codec::checkedNumel(shape, isBytes ? 1 : elementSize(*dtype), limits.maxTensorBytes);
  if (!numel.ok()) return absl::InvalidArgumentError(absl::StrCat(what, ": ", numel.status().message()));

  const TypeKind kind = expected->kind();
  const TypeKind elemKind = kind == TypeKind::ListType ? static_cast<const ListType&>(*expected).elementType()->kind()
                                                       : kind;
  if (isBytes) {
    if (elemKind != TypeKind::StringType) {
      return absl::InvalidArgumentError(absl::StrCat(what, ": BYTES cannot be passed as ", expected->annotationStr()));
    }
    auto strs = bytesElements(in, raw, *numel, what);
    if (!strs.ok()) return strs.status();
    if (kind == TypeKind::StringType) {
      if (strs->size() != 1) {
        return absl::InvalidArgumentError(absl::StrCat(what, ": a str argument takes one element, got ", strs->size()));
      }
      return IValue((*strs)[0]);
    }
    return IValue::stringList(*strs);
  }

  absl::StatusOr<Tensor> t;
  if (raw) {
    t = codec::tensorFromBytes(*dtype, shape, *raw, limits);
    if (!t.ok()) return absl::InvalidArgumentError(absl::StrCat(what, ": ", t.status().message()));
  } else {
    const auto& c = in.contents();
    switch (*dtype) {
      case ScalarType::Bool: t = fromField(c.bool_contents(), *dtype, shape, *numel, "bool_contents", what); break;
      case ScalarType::Char:
      case ScalarType::Short:
      case ScalarType::Int: t = fromField(c.int_contents(), *dtype, shape, *numel, "int_contents", what); break;
      case ScalarType::Long: t = fromField(c.int64_contents(), *dtype, shape, *numel, "int64_contents", what); break;
      case ScalarType::Byte: t = fromField(c.uint_contents(), *dtype, shape, *numel, "uint_contents", what); break;
      case ScalarType::Float: t = fromField(c.fp32_contents(), *dtype, shape, *numel, "fp32_contents", what); break;
      case ScalarType::Double: t = fromField(c.fp64_contents(), *dtype, shape, *numel, "fp64_contents", what); break;
      default:
        return absl::InvalidArgumentError(
            absl::StrCat(what, ": datatype ", in.datatype(), " has no typed contents; send it in raw_input_contents"));
    }
    if (!t.ok()) return t.status();
  }

  switch (kind) {
    case TypeKind::TensorType:
    case TypeKind::AnyType: return IValue(std::move(*t));
    case TypeKind::IntType:
    case TypeKind::FloatType:
    case TypeKind::BoolType:
    case TypeKind::NumberType: {
      if (*numel != 1) {
        return absl::InvalidArgumentError(absl::StrCat(what, ": a ", expected->annotationStr(),
                                                       " argument takes one element, got shape ",
                                                       shapeStr(in.shape())));
      }
      const bool integral = isIntegralType(*dtype, /*includeBool=*/false);
      if (kind == TypeKind::IntType && !integral) {
        return absl::InvalidArgumentError(absl::StrCat(what, ": an int argument needs an integer datatype, got ",
                                                       in.datatype()));
      }
      if (kind == TypeKind::BoolType && *dtype != ScalarType::Bool) {
        return absl::InvalidArgumentError(absl::StrCat(what, ": a bool argument needs BOOL, got ", in.datatype()));
      }
      if (kind == TypeKind::BoolType) return IValue(elementAs<int64_t>(*t, 0) != 0);
      if (kind == TypeKind::IntType || (kind == TypeKind::NumberType && integral)) {
        return IValue(elementAs<int64_t>(*t, 0));
      }
      return IValue(elementAs<double>(*t, 0));
    }
    case TypeKind::ListType: {
      if (shape.size() != 1) {
        return absl::InvalidArgumentError(absl::StrCat(what, ": a ", expected->annotationStr(),
                                                       " argument takes a 1-D input, got shape ", shapeStr(in.shape())));
      }
      if (elemKind == TypeKind::IntType && isIntegralType(*dtype, false)) {
        std::vector<int64_t> v(*numel);
        for (int64_t i = 0; i < *numel; ++i) v[i] = elementAs<int64_t>(*t, i);
        return IValue::intList(std::move(v));
      }
      if (elemKind == TypeKind::FloatType) {
        std::vector<double> v(*numel);
        for (int64_t i = 0; i < *numel; ++i) v[i] = elementAs<double>(*t, i);
        return IValue::doubleList(std::move(v));
      }
      if (elemKind == TypeKind::BoolType && *dtype == ScalarType::Bool) {
        std::vector<bool> v(*numel);
        for (int64_t i = 0; i < *numel; ++i) v[i] = elementAs<int64_t>(*t, i) != 0;
        return IValue::boolList(v);
      }
      break;
    }
    default: break;
  }
  return absl::InvalidArgumentError(absl::StrCat(what, ": a ", in.datatype(), " tensor cannot be passed as ",
                                                 expected->annotationStr()));
}

absl::Status appendKServeOutput(const std::string& name, const IValue& v, ModelInferResponse* response) {
  auto* out = response->add_outputs();
  out->set_name(name);
  std::string* raw = response->add_raw_output_contents();
  auto scalar = [&](const char* dt, const void* p, size_t n) {
    out->set_datatype(dt);
    out->add_shape(1);
    raw->assign(static_cast<const char*>(p), n);
    return absl::OkStatus();
  };
  switch (v.tag()) {
    case IValue::Tag::Tensor: {
      const Tensor& t = v.toTensor();
      std::string_view dt = kserveDatatypeOf(t.dtype());
      if (dt.empty() || !t.is_cpu()) {
        return absl::UnimplementedError(absl::StrCat("output '", name, "': a ", std::string(scalarTypeTorchName(t.dtype())),
                                                     " tensor has no KServe datatype"));
      }
      out->set_datatype(std::string(dt));
      for (int64_t s : t.sizes()) out->add_shape(s);
      *raw = codec::tensorToBytes(t);
      return absl::OkStatus();
    }
    case IValue::Tag::Int: {
      const int64_t x = v.toInt();
      return scalar("INT64", &x, sizeof x);
    }
    case IValue::Tag::Double: {
      const double x = v.toDouble();
      return scalar("FP64", &x, sizeof x);
    }
    case IValue::Tag::Bool: {
      const bool x = v.toBool();
      return scalar("BOOL", &x, sizeof x);
    }
    case IValue::Tag::String: {
      const std::string& s = v.toStringRef();
      const uint32_t len = static_cast<uint32_t>(s.size());
      out->set_datatype("BYTES");
      out->add_shape(1);
      raw->assign(reinterpret_cast<const char*>(&len), 4);
      raw->append(s);
      return absl::OkStatus();
    }
    case IValue::Tag::List: {
      const auto& elems = v.toListRef().elements;
      out->add_shape(static_cast<int64_t>(elems.size()));
      const TypeKind k = v.toListRef().elementType->kind();
      if (k == TypeKind::IntType) {
        out->set_datatype("INT64");
        for (const IValue& e : elems) {
          const int64_t x = e.toInt();
          raw->append(reinterpret_cast<const char*>(&x), sizeof x);
        }
        return absl::OkStatus();
      }
      if (k == TypeKind::FloatType) {
        out->set_datatype("FP64");
        for (const IValue& e : elems) {
          const double x = e.toDouble();
          raw->append(reinterpret_cast<const char*>(&x), sizeof x);
        }
        return absl::OkStatus();
      }
      if (k == TypeKind::BoolType) {
        out->set_datatype("BOOL");
        for (const IValue& e : elems) raw->push_back(e.toBool() ? 1 : 0);
        return absl::OkStatus();
      }
      if (k == TypeKind::StringType) {
        out->set_datatype("BYTES");
        for (const IValue& e : elems) {
          const uint32_t len = static_cast<uint32_t>(e.toStringRef().size());
          raw->append(reinterpret_cast<const char*>(&len), 4);
          raw->append(e.toStringRef());
        }
        return absl::OkStatus();
      }
      break;
    }
    default: break;
  }
  return absl::UnimplementedError(absl::StrCat("output '", name, "': a value of type ", v.type()->annotationStr(),
                                               " has no KServe tensor form (use the jitserve.v1 API)"));
}

}  // namespace jitserve::server
