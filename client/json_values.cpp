#include "client/json_values.h"

#include <cstring>

#include "absl/strings/str_cat.h"

namespace jitserve::client {

namespace pb = ::jitserve::v1;

namespace {

struct DtypeInfo {
  const char* name;
  pb::DType dtype;
  size_t size;
};
constexpr DtypeInfo kDtypes[] = {
    {"bool", pb::DTYPE_BOOL, 1},         {"uint8", pb::DTYPE_UINT8, 1},     {"int8", pb::DTYPE_INT8, 1},
    {"int16", pb::DTYPE_INT16, 2},       {"int32", pb::DTYPE_INT32, 4},     {"int64", pb::DTYPE_INT64, 8},
    {"float16", pb::DTYPE_FLOAT16, 2},   {"bfloat16", pb::DTYPE_BFLOAT16, 2}, {"float32", pb::DTYPE_FLOAT32, 4},
    {"float64", pb::DTYPE_FLOAT64, 8},   {"float", pb::DTYPE_FLOAT32, 4},   {"double", pb::DTYPE_FLOAT64, 8},
    {"long", pb::DTYPE_INT64, 8},        {"int", pb::DTYPE_INT32, 4},       {"half", pb::DTYPE_FLOAT16, 2},
};

const DtypeInfo* findDtype(const std::string& name) {
  for (const auto& d : kDtypes)
    if (name == d.name) return &d;
  return nullptr;
}
const DtypeInfo* findDtype(int dtype) {
  for (const auto& d : kDtypes)
    if (dtype == d.dtype) return &d;
  return nullptr;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000;
  int32_t exp = static_cast<int32_t>((x >> 23) & 0xff) - 127 + 15;
  uint32_t mant = x & 0x7fffff;
  if (((x >> 23) & 0xff) == 0xff) return static_cast<uint16_t>(sign | 0x7c00 | (mant ? 0x200 : 0));
  if (exp >= 31) return static_cast<uint16_t>(sign | 0x7c00);
  if (exp <= 0) {
    if (exp < -10) return static_cast<uint16_t>(sign);
    mant |= 0x800000;
    const uint32_t shift = static_cast<uint32_t>(14 - exp);
    uint32_t h = mant >> shift;
    if ((mant >> (shift - 1)) & 1) ++h;
    return static_cast<uint16_t>(sign | h);
  }
  uint32_t h = sign | (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
  if (mant & 0x1000) ++h;  // round half up (close enough for inputs)
  return static_cast<uint16_t>(h);
}

float halfToFloat(uint16_t h) {
  const uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ff;
  uint32_t x;
  if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {
      exp = 127 - 15 + 1;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 31) {
    x = sign | 0x7f800000 | (mant << 13);
  } else {
    x = sign | ((exp - 15 + 127) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

void flatten(const nlohmann::json& j, std::vector<const nlohmann::json*>& out) {
  if (j.is_array()) {
    for (const auto& e : j) flatten(e, out);
  } else {
    out.push_back(&j);
  }
}

template <typename T>
void put(std::string& bytes, T v) {
  bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
}

absl::StatusOr<pb::Value> tensorFromJson(const nlohmann::json& j) {
  const std::string dtypeName = j.at("dtype").get<std::string>();
  const DtypeInfo* d = findDtype(dtypeName);
  if (!d) return absl::InvalidArgumentError(absl::StrCat("unknown dtype '", dtypeName, "'"));
  std::vector<const nlohmann::json*> elems;
  if (j.contains("data")) flatten(j.at("data"), elems);
  std::vector<int64_t> shape;
  if (j.contains("shape")) {
    shape = j.at("shape").get<std::vector<int64_t>>();
  } else {
    shape = {static_cast<int64_t>(elems.size())};
  }
  int64_t numel = 1;
  for (int64_t s : shape) numel *= s;
  if (numel != static_cast<int64_t>(elems.size())) {
    return absl::InvalidArgumentError(
        absl::StrCat("a tensor of ", numel, " elements (from its shape) has ", elems.size(), " values in data"));
  }
  pb::Value v;
  auto* t = v.mutable_tensor();
  t->set_dtype(d->dtype);
  for (int64_t s : shape) t->add_shape(s);
  std::string bytes;
  bytes.reserve(elems.size() * d->size);
  for (const nlohmann::json* e : elems) {
    if (!e->is_number() && !e->is_boolean()) return absl::InvalidArgumentError("tensor data must be numbers");
    const double x = e->is_boolean() ? (e->get<bool>() ? 1.0 : 0.0) : e->get<double>();
    const int64_t i = e->is_number_integer() ? e->get<int64_t>() : static_cast<int64_t>(x);
    switch (d->dtype) {
      case pb::DTYPE_BOOL: put<uint8_t>(bytes, x != 0); break;
      case pb::DTYPE_UINT8: put<uint8_t>(bytes, static_cast<uint8_t>(i)); break;
      case pb::DTYPE_INT8: put<int8_t>(bytes, static_cast<int8_t>(i)); break;
      case pb::DTYPE_INT16: put<int16_t>(bytes, static_cast<int16_t>(i)); break;
      case pb::DTYPE_INT32: put<int32_t>(bytes, static_cast<int32_t>(i)); break;
      case pb::DTYPE_INT64: put<int64_t>(bytes, i); break;
      case pb::DTYPE_FLOAT16: put<uint16_t>(bytes, floatToHalf(static_cast<float>(x))); break;
      case pb::DTYPE_BFLOAT16: {
        const float f = static_cast<float>(x);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        put<uint16_t>(bytes, static_cast<uint16_t>((bits + 0x7fff + ((bits >> 16) & 1)) >> 16));
        break;
      }
      case pb::DTYPE_FLOAT32: put<float>(bytes, static_cast<float>(x)); break;
      case pb::DTYPE_FLOAT64: put<double>(bytes, x); break;
      default: break;
    }
  }
  t->set_data(std::move(bytes));
  return v;
}

}  // namespace

std::string dtypeName(int dtype) {
  const DtypeInfo* d = findDtype(dtype);
  return d ? d->name : "";
}

absl::StatusOr<pb::Value> valueFromJson(const nlohmann::json& j) {
  pb::Value v;
  try {
    if (j.is_null()) {
      v.mutable_none();
    } else if (j.is_boolean()) {
      v.set_bool_value(j.get<bool>());
    } else if (j.is_number_integer()) {
      v.set_int_value(j.get<int64_t>());
    } else if (j.is_number()) {
      v.set_float_value(j.get<double>());
    } else if (j.is_string()) {
      v.set_string_value(j.get<std::string>());
    } else if (j.is_array()) {
      for (const auto& e : j) {
        auto ev = valueFromJson(e);
        if (!ev.ok()) return ev.status();
        *v.mutable_list()->add_items() = std::move(*ev);
      }
      v.mutable_list();
    } else if (j.is_object() && j.contains("dtype")) {
      return tensorFromJson(j);
    } else if (j.is_object() && j.contains("tuple")) {
      auto* t = v.mutable_tuple();
      for (const auto& e : j.at("tuple")) {
        auto ev = valueFromJson(e);
        if (!ev.ok()) return ev.status();
        *t->add_items() = std::move(*ev);
      }
    } else if (j.is_object() && j.contains("dict")) {
      auto* d = v.mutable_dict();
      for (const auto& kv : j.at("dict")) {
        if (!kv.is_array() || kv.size() != 2) return absl::InvalidArgumentError("dict entries are [key, value] pairs");
        auto k = valueFromJson(kv[0]);
        if (!k.ok()) return k.status();
        auto val = valueFromJson(kv[1]);
        if (!val.ok()) return val.status();
        auto* e = d->add_entries();
        *e->mutable_key() = std::move(*k);
        *e->mutable_value() = std::move(*val);
      }
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot read a value from ", j.dump(), " (see jitctl --help for the input format)"));
    }
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(absl::StrCat("bad input value ", j.dump(), ": ", e.what()));
  }
  return v;
}

nlohmann::json valueToJson(const pb::Value& v) {
  switch (v.kind_case()) {
    case pb::Value::kNone: return nullptr;
    case pb::Value::kBoolValue: return v.bool_value();
    case pb::Value::kIntValue: return v.int_value();
    case pb::Value::kFloatValue: return v.float_value();
    case pb::Value::kStringValue: return v.string_value();
    case pb::Value::kList: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : v.list().items()) a.push_back(valueToJson(e));
      return a;
    }
    case pb::Value::kTuple: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : v.tuple().items()) a.push_back(valueToJson(e));
      return {{"tuple", a}};
    }
    case pb::Value::kDict: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : v.dict().entries()) a.push_back({valueToJson(e.key()), valueToJson(e.value())});
      return {{"dict", a}};
    }
    case pb::Value::kTensor: {
      const auto& t = v.tensor();
      const DtypeInfo* d = findDtype(t.dtype());
      nlohmann::json data = nlohmann::json::array();
      const std::string& b = t.data();
      if (d) {
        const size_t n = b.size() / d->size;
        for (size_t i = 0; i < n; ++i) {
          const char* p = b.data() + i * d->size;
          auto get = [&](auto x) {
            std::memcpy(&x, p, sizeof x);
            return x;
          };
          switch (t.dtype()) {
            case pb::DTYPE_BOOL: data.push_back(get(uint8_t{}) != 0); break;
            case pb::DTYPE_UINT8: data.push_back(get(uint8_t{})); break;
            case pb::DTYPE_INT8: data.push_back(get(int8_t{})); break;
            case pb::DTYPE_INT16: data.push_back(get(int16_t{})); break;
            case pb::DTYPE_INT32: data.push_back(get(int32_t{})); break;
            case pb::DTYPE_INT64: data.push_back(get(int64_t{})); break;
            case pb::DTYPE_FLOAT16: data.push_back(halfToFloat(get(uint16_t{}))); break;
            case pb::DTYPE_BFLOAT16: {
              const uint32_t bits = static_cast<uint32_t>(get(uint16_t{})) << 16;
              float f;
              std::memcpy(&f, &bits, 4);
              data.push_back(f);
              break;
            }
            case pb::DTYPE_FLOAT32: data.push_back(get(float{})); break;
            case pb::DTYPE_FLOAT64: data.push_back(get(double{})); break;
            default: break;
          }
        }
      }
      return {{"dtype", d ? d->name : "unknown"},
              {"shape", std::vector<int64_t>(t.shape().begin(), t.shape().end())},
              {"data", data}};
    }
    case pb::Value::KIND_NOT_SET: break;
  }
  return nullptr;
}

}  // namespace jitserve::client
