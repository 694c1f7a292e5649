// Dtype metadata, the promotion lattice (every cell checked against
// torch.promote_types in torch 1.13) and Device parsing.
#include <gtest/gtest.h>

#include "runtime/tensor/device.h"
#include "runtime/tensor/dtype.h"
#include "runtime/support/error.h"

namespace jitserve {
namespace {

using ST = ScalarType;

TEST(Dtype, PromotionTableMatchesTorch) {
  const ST order[] = {ST::Byte, ST::Char, ST::Short, ST::Int, ST::Long, ST::Half, ST::Float,
                      ST::Double, ST::ComplexHalf, ST::ComplexFloat, ST::ComplexDouble, ST::Bool, ST::BFloat16};
  // Rows/columns in `order`; output of torch.promote_types.
  const char* table[13][13] = {
      {"u1", "i2", "i2", "i4", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "u1", "bf"},
      {"i2", "i1", "i2", "i4", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "i1", "bf"},
      {"i2", "i2", "i2", "i4", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "i2", "bf"},
      {"i4", "i4", "i4", "i4", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "i4", "bf"},
      {"i8", "i8", "i8", "i8", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "i8", "bf"},
      {"f2", "f2", "f2", "f2", "f2", "f2", "f4", "f8", "c2", "c4", "c8", "f2", "f4"},
      {"f4", "f4", "f4", "f4", "f4", "f4", "f4", "f8", "c4", "c4", "c8", "f4", "f4"},
      {"f8", "f8", "f8", "f8", "f8", "f8", "f8", "f8", "c8", "c8", "c8", "f8", "f8"},
      {"c2", "c2", "c2", "c2", "c2", "c2", "c4", "c8", "c2", "c4", "c8", "c2", "c4"},
      {"c4", "c4", "c4", "c4", "c4", "c4", "c4", "c8", "c4", "c4", "c8", "c4", "c4"},
      {"c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8", "c8"},
      {"u1", "i1", "i2", "i4", "i8", "f2", "f4", "f8", "c2", "c4", "c8", "b1", "bf"},
      {"bf", "bf", "bf", "bf", "bf", "f4", "f4", "f8", "c4", "c4", "c8", "bf", "bf"},
  };
  auto code = [](ST t) -> std::string {
    switch (t) {
      case ST::Byte: return "u1";
      case ST::Char: return "i1";
      case ST::Short: return "i2";
      case ST::Int: return "i4";
      case ST::Long: return "i8";
      case ST::Half: return "f2";
      case ST::Float: return "f4";
      case ST::Double: return "f8";
      case ST::ComplexHalf: return "c2";
      case ST::ComplexFloat: return "c4";
      case ST::ComplexDouble: return "c8";
      case ST::Bool: return "b1";
      case ST::BFloat16: return "bf";
      default: return "??";
    }
  };
  for (int i = 0; i < 13; ++i)
    for (int j = 0; j < 13; ++j)
      EXPECT_EQ(code(promoteTypes(order[i], order[j])), table[i][j])
          << scalarTypeName(order[i]) << " + " << scalarTypeName(order[j]);
}

TEST(Dtype, PromotionRejectsUndefinedAndQuantized) {
  EXPECT_THROW(promoteTypes(ST::Undefined, ST::Float), Error);
  EXPECT_THROW(promoteTypes(ST::QInt8, ST::Float), Error);
}

TEST(Dtype, NamesAndSizes) {
  EXPECT_EQ(elementSize(ST::Float), 4u);
  EXPECT_EQ(elementSize(ST::ComplexDouble), 16u);
  EXPECT_EQ(elementSize(ST::BFloat16), 2u);
  EXPECT_EQ(elementSize(ST::Undefined), 0u);
  EXPECT_EQ(scalarTypeName(ST::Long), "Long");
  EXPECT_EQ(scalarTypeTorchName(ST::Half), "float16");
  EXPECT_EQ(scalarTypeFromName("BFloat16"), ST::BFloat16);
  EXPECT_EQ(scalarTypeFromTorchName("float"), ST::Float);
  EXPECT_EQ(scalarTypeFromTorchName("int64"), ST::Long);
  EXPECT_EQ(scalarTypeFromTorchName("cdouble"), ST::ComplexDouble);
  EXPECT_FALSE(scalarTypeFromTorchName("float128").has_value());
  EXPECT_EQ(scalarTypeFromStorageName("FloatStorage"), ST::Float);
  EXPECT_EQ(storageNameOf(ST::Bool), "BoolStorage");
  EXPECT_TRUE(isFloatingType(ST::BFloat16));
  EXPECT_FALSE(isFloatingType(ST::ComplexFloat));
  EXPECT_TRUE(isIntegralType(ST::Bool, true));
  EXPECT_FALSE(isIntegralType(ST::Bool, false));
}

TEST(Device, ParseAndPrint) {
  EXPECT_EQ(Device::parse("cpu"), Device::cpu());
  EXPECT_EQ(Device::parse("cuda:1"), Device(DeviceType::CUDA, 1));
  EXPECT_EQ(Device::parse("cuda")->str(), "cuda");
  EXPECT_EQ(Device(DeviceType::CUDA, 3).str(), "cuda:3");
  EXPECT_EQ(Device::parse("meta"), Device(DeviceType::Meta));
  EXPECT_FALSE(Device::parse("cuda:").has_value());
  EXPECT_FALSE(Device::parse("cuda:-1").has_value());
  EXPECT_FALSE(Device::parse("cuda:1x").has_value());
  EXPECT_FALSE(Device::parse("cuda:300").has_value());
  EXPECT_FALSE(Device::parse("tpu").has_value());
}

}  // namespace
}  // namespace jitserve
