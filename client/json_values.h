// json_values: jitserve.v1 Values <-> JSON, the form jitctl reads inputs
// in and prints outputs in.
//
//   1, 2.5, true, "s", null     int, float, bool, str, None
//   [a, b]                      a list
//   {"tuple": [a, b]}           a tuple
//   {"dict": [[k, v], ...]}     a dict (keys any scalar)
//   {"dtype": "float32", "shape": [2, 2], "data": [1, 2, 3, 4]}
//                               a tensor; data is row-major, may be nested,
//                               and its count must match the shape
//
// dtype names are torch's: bool, uint8, int8, int16, int32, int64,
// float16, bfloat16, float32 (or float), float64 (or double).
#pragma once

#include <string>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"
#include "proto/jitserve/v1/jitserve.pb.h"

namespace jitserve::client {

absl::StatusOr<jitserve::v1::Value> valueFromJson(const nlohmann::json& j);
nlohmann::json valueToJson(const jitserve::v1::Value& v);

// "float32" for DTYPE_FLOAT32; "" for an unknown value.
std::string dtypeName(int dtype);

}  // namespace jitserve::client
