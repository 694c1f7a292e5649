// KServe datatype names (KServe v2 / the Open Inference Protocol) <-> tensor
// dtypes. Beside the KServe front end, config.json's warm-up samples name
// their tensors' dtypes so.
//
//   BOOL UINT8 INT8 INT16 INT32 INT64 FP16 BF16 FP32 FP64
//
// BYTES (strings) has no dtype; UINT16/32/64 have none either and are
// refused.
#pragma once

#include <optional>
#include <string_view>

#include "runtime/tensor/dtype.h"

namespace jitserve::server {

std::optional<ScalarType> scalarTypeFromKServe(std::string_view datatype);
// "" for dtypes KServe cannot express (complex, quantized).
std::string_view kserveDatatypeOf(ScalarType t);

}  // namespace jitserve::server
