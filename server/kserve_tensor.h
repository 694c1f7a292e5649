// kserve_tensor: KServe v2 tensors <-> IValues for a method's typed
// arguments and returns.
//
// Datatypes map onto tensor dtypes (server/core/kserve_datatypes.h): BOOL,
// UINT8, INT8, INT16, INT32, INT64, FP16, BF16, FP32, FP64 (UINT16/32/64
// have no tensor dtype and are refused). BYTES carries strings (each raw element is a 4-byte
// little-endian length, then the bytes). An input's contents come either
// raw (raw_input_contents, exactly numel * element size bytes) or typed
// (InferTensorContents, exactly numel entries); FP16/BF16 only raw.
//
// An input becomes what its argument declares: a Tensor argument gets the
// tensor; int/float/bool/str arguments take a one-element input; List[int],
// List[float], List[bool], List[str] take a 1-D input. Results: a tensor is
// one output, a scalar a one-element output ([1]), a list a 1-D output; a
// tuple returned by the method is flattened into one output per element.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "proto/inference/grpc_service.pb.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"
#include "server/core/kserve_datatypes.h"
#include "proto/codec/value_codec.h"

namespace jitserve::server {

// The KServe description of an argument or return type: datatype and shape
// (-1 for a dimension of any size). False if the type has no KServe form.
bool kserveMetadataFor(const TypePtr& type, std::string* datatype, std::vector<int64_t>* shape);

// Converts one request input for an argument of type `expected`. `raw` is
// the input's raw_input_contents entry, or nullptr for typed contents.
absl::StatusOr<IValue> kserveInputToIValue(const inference::ModelInferRequest::InferInputTensor& input,
                                           const std::string* raw, const TypePtr& expected,
                                           const codec::CodecLimits& limits);

// Appends `value` as output `name` (its raw bytes to raw_output_contents).
absl::Status appendKServeOutput(const std::string& name, const IValue& value, inference::ModelInferResponse* response);

}  // namespace jitserve::server
