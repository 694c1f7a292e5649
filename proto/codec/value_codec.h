// value_codec: jitserve.v1 Values <-> IValues, and tensors <-> raw bytes.
//
// Everything arriving here is untrusted: a request's shape, dtype and bytes
// are checked before any memory is allocated (negative dims, products that
// overflow, more bytes than the limit, a byte count that does not match the
// shape) and every failure is an InvalidArgument status naming what was
// wrong and where ("argument 'x': ..."), never an exception or a crash.
//
// Decoding is directed by the type the receiving argument declares: a
// List[int] argument gets an int list, an int is accepted where a float is
// expected (as in Python), an Optional takes None. Without a type (nullptr)
// the type is inferred from the value itself.
//
// Tensors travel as raw little-endian bytes, row-major, no padding. The
// host is little-endian (checked at compile time), so bytes are copied as is.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "proto/jitserve/v1/jitserve.pb.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"
#include "runtime/tensor/dtype.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::codec {

struct CodecLimits {
  // The most bytes one tensor may hold (checked from its shape before
  // anything is allocated).
  int64_t maxTensorBytes = int64_t{1} << 30;
  // The deepest nesting of lists/tuples/dicts accepted.
  int maxDepth = 64;
};

// The tensor dtype of a proto DType; InvalidArgument for UNSPECIFIED or an
// unknown value.
absl::StatusOr<ScalarType> scalarTypeFromProto(int dtype);
// DTYPE_UNSPECIFIED when the dtype has no proto equivalent (complex, quantized).
jitserve::v1::DType scalarTypeToProto(ScalarType t);

// prod(shape) after checking that no dim is negative, that the product and
// its byte size do not overflow and that the bytes fit `maxBytes`.
absl::StatusOr<int64_t> checkedNumel(std::span<const int64_t> shape, size_t elementSize, int64_t maxBytes);

// A new contiguous CPU tensor holding `bytes` (exactly numel * element size).
absl::StatusOr<Tensor> tensorFromBytes(ScalarType dtype, std::span<const int64_t> shape, std::string_view bytes,
                                       const CodecLimits& limits = {});
// The tensor's elements as contiguous little-endian bytes.
std::string tensorToBytes(const Tensor& t);

// Decodes `value` for a slot of type `expected` (nullptr: infer). `what`
// names the slot in error messages ("argument 'x'").
absl::StatusOr<IValue> valueToIValue(const jitserve::v1::Value& value, const TypePtr& expected,
                                     std::string_view what, const CodecLimits& limits = {});
// Encodes a result; Unimplemented for values with no proto form (objects,
// futures, complex tensors).
absl::Status ivalueToValue(const IValue& v, jitserve::v1::Value* out);

}  // namespace jitserve::codec
