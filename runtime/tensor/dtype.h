// ScalarType: the element types a Tensor can hold.
//
// The numeric values match PyTorch's c10::ScalarType, because they appear in
// programs (e.g. `x.to(6)` in printed IR means float32) and in archives.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace jitserve {

enum class ScalarType : int8_t {
  Byte = 0,      // uint8
  Char = 1,      // int8
  Short = 2,     // int16
  Int = 3,       // int32
  Long = 4,      // int64
  Half = 5,      // float16
  Float = 6,     // float32
  Double = 7,    // float64
  ComplexHalf = 8,
  ComplexFloat = 9,
  ComplexDouble = 10,
  Bool = 11,
  QInt8 = 12,
  QUInt8 = 13,
  QInt32 = 14,
  BFloat16 = 15,
  Undefined = 127,
};

constexpr int kNumScalarTypes = 16;

// Size in bytes of one element. Undefined has size 0.
size_t elementSize(ScalarType t);
// PyTorch's name as printed in IR types: "Float", "Long", "Bool", ...
std::string_view scalarTypeName(ScalarType t);
// The torch.* name: "float32", "int64", "bool", ...
std::string_view scalarTypeTorchName(ScalarType t);
// Inverse of scalarTypeName ("Float" -> Float); nullopt when unknown.
std::optional<ScalarType> scalarTypeFromName(std::string_view name);
// Inverse of scalarTypeTorchName, also accepting aliases ("float" -> Float, "long" -> Long).
std::optional<ScalarType> scalarTypeFromTorchName(std::string_view name);
// Storage class names used by torch.save pickles ("FloatStorage" -> Float).
std::optional<ScalarType> scalarTypeFromStorageName(std::string_view name);
std::string_view storageNameOf(ScalarType t);

bool isFloatingType(ScalarType t);  // Half, Float, Double, BFloat16
bool isComplexType(ScalarType t);
bool isIntegralType(ScalarType t, bool includeBool);
// The real dtype of a complex one's parts (ComplexFloat -> Float); other
// dtypes unchanged.
ScalarType toRealValueType(ScalarType t);
// The complex dtype with parts of a floating dtype (Float -> ComplexFloat,
// BFloat16 -> ComplexFloat as torch.result_type gives); others unchanged.
ScalarType toComplexType(ScalarType t);
inline bool isValidScalarType(int v) { return v >= 0 && v < kNumScalarTypes; }

// PyTorch's type promotion lattice (c10::promoteTypes) over two dtypes.
ScalarType promoteTypes(ScalarType a, ScalarType b);

}  // namespace jitserve
