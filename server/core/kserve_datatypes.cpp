#include "server/core/kserve_datatypes.h"

namespace jitserve::server {

namespace {

struct DatatypeName {
  const char* name;
  ScalarType type;
};
constexpr DatatypeName kDatatypes[] = {
    {"BOOL", ScalarType::Bool},  {"UINT8", ScalarType::Byte},  {"INT8", ScalarType::Char},
    {"INT16", ScalarType::Short}, {"INT32", ScalarType::Int},   {"INT64", ScalarType::Long},
    {"FP16", ScalarType::Half},  {"BF16", ScalarType::BFloat16}, {"FP32", ScalarType::Float},
    {"FP64", ScalarType::Double},
};

}  // namespace

std::optional<ScalarType> scalarTypeFromKServe(std::string_view datatype) {
  for (const auto& d : kDatatypes)
    if (datatype == d.name) return d.type;
  return std::nullopt;
}

std::string_view kserveDatatypeOf(ScalarType t) {
  for (const auto& d : kDatatypes)
    if (t == d.type) return d.name;
  return "";
}

}  // namespace jitserve::server
