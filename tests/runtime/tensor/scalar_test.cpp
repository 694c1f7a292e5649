// Scalar kinds, conversions and overflow checks (messages as torch.full gives).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "runtime/tensor/scalar.h"

namespace jitserve {
namespace {

std::string errorOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "<no error>";
}

TEST(Scalar, Kinds) {
  EXPECT_TRUE(Scalar(3).isIntegral());
  EXPECT_TRUE(Scalar(int8_t{3}).isIntegral());
  EXPECT_TRUE(Scalar(true).isBoolean());
  EXPECT_TRUE(Scalar(true).isIntegral(/*includeBool=*/true));
  EXPECT_FALSE(Scalar(true).isIntegral());
  EXPECT_TRUE(Scalar(2.5f).isFloatingPoint());
  EXPECT_TRUE(Scalar(std::complex<double>(1, 2)).isComplex());
  EXPECT_EQ(Scalar(2.5).type(), ScalarType::Double);
  EXPECT_EQ(Scalar(2).type(), ScalarType::Long);
  EXPECT_EQ(Scalar(false).type(), ScalarType::Bool);
  EXPECT_THROW(Scalar(uint64_t{1} << 63), Error);
}

TEST(Scalar, Conversions) {
  EXPECT_EQ(Scalar(2.9).toLong(), 2);
  EXPECT_EQ(Scalar(-2.9).toLong(), -2);
  EXPECT_EQ(Scalar(7).toDouble(), 7.0);
  EXPECT_TRUE(Scalar(0.1).toBool());
  EXPECT_FALSE(Scalar(0).toBool());
  EXPECT_EQ(Scalar(std::complex<double>(1, 2)).toComplexDouble(), std::complex<double>(1, 2));
  EXPECT_EQ((-Scalar(3)).toLong(), -3);
  EXPECT_THROW(-Scalar(true), Error);
  EXPECT_TRUE(Scalar(1).equal(Scalar(int64_t{1})));
  EXPECT_FALSE(Scalar(1).equal(Scalar(1.0)));
}

TEST(Scalar, CheckedConversionsMatchTorchFull) {
  EXPECT_EQ(Scalar(-1).to<uint8_t>(), 255);
  EXPECT_EQ(Scalar(-129).to<uint8_t>(), 127);
  EXPECT_EQ(errorOf([] { Scalar(256).to<uint8_t>(); }), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(errorOf([] { Scalar(-256).to<uint8_t>(); }), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(errorOf([] { Scalar(128).to<int8_t>(); }), "value cannot be converted to type int8_t without overflow");
  EXPECT_EQ(errorOf([] { Scalar(255.5).to<uint8_t>(); }), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(errorOf([] { Scalar(-0.5).to<uint8_t>(); }), "value cannot be converted to type uint8_t without overflow");
  EXPECT_EQ(errorOf([] { Scalar(1e300).to<float>(); }), "value cannot be converted to type float without overflow");
  EXPECT_EQ(errorOf([] { Scalar(65519.0).to<Half>(); }), "value cannot be converted to type at::Half without overflow");
  EXPECT_EQ(errorOf([] { Scalar(3.4e38).to<BFloat16>(); }),
            "value cannot be converted to type at::BFloat16 without overflow");
  EXPECT_EQ(errorOf([] { Scalar(std::nan("")).to<int32_t>(); }), "value cannot be converted to type int without overflow");
  EXPECT_EQ(errorOf([] { Scalar(2147483648.0).to<int32_t>(); }), "value cannot be converted to type int without overflow");
  EXPECT_EQ(Scalar(5).to<bool>(), true);
  EXPECT_TRUE(std::isinf(static_cast<float>(Scalar(INFINITY).to<Half>())));
  EXPECT_TRUE(std::isnan(Scalar(NAN).to<float>()));
  EXPECT_EQ(Scalar(65504.0).to<Half>().x, 0x7bff);
  EXPECT_EQ(Scalar(-9.5).to<int64_t>(), -9);
}

TEST(Scalar, PrintsLikePython) {
  EXPECT_EQ(Scalar(3).toString(), "3");
  EXPECT_EQ(Scalar(2.0).toString(), "2.0");
  EXPECT_EQ(Scalar(0.1).toString(), "0.1");
  EXPECT_EQ(Scalar(1e-5).toString(), "1e-05");
  EXPECT_EQ(Scalar(true).toString(), "True");
  EXPECT_EQ(Scalar(-INFINITY).toString(), "-inf");
  EXPECT_EQ(Scalar(std::complex<double>(1, -2)).toString(), "(1.0-2.0j)");
}

}  // namespace
}  // namespace jitserve
