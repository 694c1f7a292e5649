#include "runtime/tensor/dtype.h"

#include <array>

#include "runtime/support/error.h"

namespace jitserve {
namespace {

struct DtypeInfo {
  ScalarType type;
  uint8_t size;
  std::string_view name;        // c10 name, as in IR types
  std::string_view torch_name;  // torch.<name>
  std::string_view storage;     // torch.save storage class
};

constexpr std::array<DtypeInfo, kNumScalarTypes> kInfo = {{
    {ScalarType::Byte, 1, "Byte", "uint8", "ByteStorage"},
    {ScalarType::Char, 1, "Char", "int8", "CharStorage"},
    {ScalarType::Short, 2, "Short", "int16", "ShortStorage"},
    {ScalarType::Int, 4, "Int", "int32", "IntStorage"},
    {ScalarType::Long, 8, "Long", "int64", "LongStorage"},
    {ScalarType::Half, 2, "Half", "float16", "HalfStorage"},
    {ScalarType::Float, 4, "Float", "float32", "FloatStorage"},
    {ScalarType::Double, 8, "Double", "float64", "DoubleStorage"},
    {ScalarType::ComplexHalf, 4, "ComplexHalf", "complex32", "ComplexHalfStorage"},
    {ScalarType::ComplexFloat, 8, "ComplexFloat", "complex64", "ComplexFloatStorage"},
    {ScalarType::ComplexDouble, 16, "ComplexDouble", "complex128", "ComplexDoubleStorage"},
    {ScalarType::Bool, 1, "Bool", "bool", "BoolStorage"},
    {ScalarType::QInt8, 1, "QInt8", "qint8", "QInt8Storage"},
    {ScalarType::QUInt8, 1, "QUInt8", "quint8", "QUInt8Storage"},
    {ScalarType::QInt32, 4, "QInt32", "qint32", "QInt32Storage"},
    {ScalarType::BFloat16, 2, "BFloat16", "bfloat16", "BFloat16Storage"},
}};

const DtypeInfo* info(ScalarType t) {
  const int i = static_cast<int>(t);
  return isValidScalarType(i) ? &kInfo[i] : nullptr;
}

// Promotion lattice over the 13 non-quantized dtypes, indexed by the enum
// values 0..11 and BFloat16 (15). Checked cell by cell against
// torch.promote_types (tests/runtime/tensor/dtype_test.cpp).
constexpr ScalarType u1 = ScalarType::Byte, i1 = ScalarType::Char, i2 = ScalarType::Short, i4 = ScalarType::Int,
                     i8 = ScalarType::Long, f2 = ScalarType::Half, f4 = ScalarType::Float, f8 = ScalarType::Double,
                     c2 = ScalarType::ComplexHalf, c4 = ScalarType::ComplexFloat, c8 = ScalarType::ComplexDouble,
                     b1 = ScalarType::Bool, bf = ScalarType::BFloat16;

// Row/column order: u1 i1 i2 i4 i8 f2 f4 f8 c2 c4 c8 b1 bf.
constexpr ScalarType kPromote[13][13] = {
    /* u1 */ {u1, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, u1, bf},
    /* i1 */ {i2, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, i1, bf},
    /* i2 */ {i2, i2, i2, i4, i8, f2, f4, f8, c2, c4, c8, i2, bf},
    /* i4 */ {i4, i4, i4, i4, i8, f2, f4, f8, c2, c4, c8, i4, bf},
    /* i8 */ {i8, i8, i8, i8, i8, f2, f4, f8, c2, c4, c8, i8, bf},
    /* f2 */ {f2, f2, f2, f2, f2, f2, f4, f8, c2, c4, c8, f2, f4},
    /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f8, c4, c4, c8, f4, f4},
    /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, c8, c8, c8, f8, f8},
    /* c2 */ {c2, c2, c2, c2, c2, c2, c4, c8, c2, c4, c8, c2, c4},
    /* c4 */ {c4, c4, c4, c4, c4, c4, c4, c8, c4, c4, c8, c4, c4},
    /* c8 */ {c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8, c8},
    /* b1 */ {u1, i1, i2, i4, i8, f2, f4, f8, c2, c4, c8, b1, bf},
    /* bf */ {bf, bf, bf, bf, bf, f4, f4, f8, c4, c4, c8, bf, bf},
};

int promoteIndex(ScalarType t) {
  const int v = static_cast<int>(t);
  if (v >= 0 && v <= 11) return v;
  if (t == ScalarType::BFloat16) return 12;
  return -1;
}

bool isQuantized(ScalarType t) {
  return t == ScalarType::QInt8 || t == ScalarType::QUInt8 || t == ScalarType::QInt32;
}

}  // namespace

size_t elementSize(ScalarType t) {
  const DtypeInfo* i = info(t);
  return i ? i->size : 0;
}

std::string_view scalarTypeName(ScalarType t) {
  const DtypeInfo* i = info(t);
  return i ? i->name : std::string_view("Undefined");
}

std::string_view scalarTypeTorchName(ScalarType t) {
  const DtypeInfo* i = info(t);
  return i ? i->torch_name : std::string_view("undefined");
}

std::optional<ScalarType> scalarTypeFromName(std::string_view name) {
  for (const auto& i : kInfo)
    if (i.name == name) return i.type;
  return std::nullopt;
}

std::optional<ScalarType> scalarTypeFromTorchName(std::string_view name) {
  for (const auto& i : kInfo)
    if (i.torch_name == name) return i.type;
  struct Alias {
    std::string_view name;
    ScalarType type;
  };
  static constexpr Alias kAliases[] = {
      {"float", ScalarType::Float},        {"double", ScalarType::Double},
      {"half", ScalarType::Half},          {"long", ScalarType::Long},
      {"int", ScalarType::Int},            {"short", ScalarType::Short},
      {"cfloat", ScalarType::ComplexFloat}, {"cdouble", ScalarType::ComplexDouble},
      {"chalf", ScalarType::ComplexHalf},
  };
  for (const auto& a : kAliases)
    if (a.name == name) return a.type;
  return std::nullopt;
}

std::optional<ScalarType> scalarTypeFromStorageName(std::string_view name) {
  for (const auto& i : kInfo)
    if (i.storage == name) return i.type;
  return std::nullopt;
}

std::string_view storageNameOf(ScalarType t) {
  const DtypeInfo* i = info(t);
  return i ? i->storage : std::string_view("UndefinedStorage");
}

bool isFloatingType(ScalarType t) {
  return t == ScalarType::Half || t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::BFloat16;
}

bool isComplexType(ScalarType t) {
  return t == ScalarType::ComplexHalf || t == ScalarType::ComplexFloat || t == ScalarType::ComplexDouble;
}

ScalarType toRealValueType(ScalarType t) {
  switch (t) {
    case ScalarType::ComplexHalf: return ScalarType::Half;
    case ScalarType::ComplexFloat: return ScalarType::Float;
    case ScalarType::ComplexDouble: return ScalarType::Double;
    default: return t;
  }
}

ScalarType toComplexType(ScalarType t) {
  switch (t) {
    case ScalarType::Half: return ScalarType::ComplexHalf;
    case ScalarType::Float: return ScalarType::ComplexFloat;
    case ScalarType::Double: return ScalarType::ComplexDouble;
    case ScalarType::BFloat16: return ScalarType::ComplexFloat;
    default: return t;
  }
}

bool isIntegralType(ScalarType t, bool includeBool) {
  switch (t) {
    case ScalarType::Byte:
    case ScalarType::Char:
    case ScalarType::Short:
    case ScalarType::Int:
    case ScalarType::Long:
      return true;
    case ScalarType::Bool:
      return includeBool;
    default:
      return false;
  }
}

ScalarType promoteTypes(ScalarType a, ScalarType b) {
  if (a == b) {
    JS_CHECK(a != ScalarType::Undefined, "promoteTypes: cannot promote Undefined dtypes");
    return a;
  }
  JS_CHECK(a != ScalarType::Undefined && b != ScalarType::Undefined, "promoteTypes: cannot promote ",
           scalarTypeName(a), " with ", scalarTypeName(b));
  JS_CHECK(!isQuantized(a) && !isQuantized(b), "promoteTypes with quantized numbers is not handled yet; figure out "
           "what the correct rules should be, offending types: ", scalarTypeName(a), " ", scalarTypeName(b));
  const int ia = promoteIndex(a), ib = promoteIndex(b);
  JS_CHECK(ia >= 0 && ib >= 0, "promoteTypes: invalid dtype ", static_cast<int>(a), " or ", static_cast<int>(b));
  return kPromote[ia][ib];
}

}  // namespace jitserve
