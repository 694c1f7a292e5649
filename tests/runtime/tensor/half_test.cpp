// Half / BFloat16 rounding. Expected bits are torch 1.13's float32 ->
// float16 / bfloat16 conversions of the same float32 values.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "runtime/tensor/half.h"

namespace jitserve {
namespace {

struct Case {
  uint32_t f32;
  uint16_t f16, bf16;
};

float fromBits(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

TEST(Half, RoundsLikeTorch) {
  const Case cases[] = {
      {0x00000000u, 0x0000, 0x0000}, {0x80000000u, 0x8000, 0x8000}, {0x3f800000u, 0x3c00, 0x3f80},
      {0xbfc00000u, 0xbe00, 0xbfc0}, {0x477fe000u, 0x7bff, 0x4780}, {0x477fef00u, 0x7bff, 0x4780},
      {0x477ff000u, 0x7c00, 0x4780}, {0x322bcc77u, 0x0000, 0x322c}, {0x33800000u, 0x0001, 0x3380},
      {0x33000000u, 0x0000, 0x3300}, {0x33400000u, 0x0001, 0x3340}, {0x33000001u, 0x0001, 0x3300},
      {0x387fda40u, 0x03ff, 0x3880}, {0x337ffae5u, 0x0001, 0x3380}, {0x3eaaaaabu, 0x3555, 0x3eab},
      {0x3dcccccdu, 0x2e66, 0x3dcd}, {0x47c35000u, 0x7c00, 0x47c3}, {0x7f7fc99eu, 0x7c00, 0x7f80},
      {0xff7fc99eu, 0xfc00, 0xff80}, {0x7f800000u, 0x7c00, 0x7f80}, {0xff800000u, 0xfc00, 0xff80},
      {0x3f801000u, 0x3c00, 0x3f80}, {0x3f801800u, 0x3c01, 0x3f80}, {0x45001000u, 0x6800, 0x4500},
      {0x45003000u, 0x6802, 0x4500}, {0x3f808000u, 0x3c04, 0x3f80}, {0x3f818000u, 0x3c0c, 0x3f82},
      {0x0020aac8u, 0x0000, 0x0021},
  };
  for (const Case& c : cases) {
    const float f = fromBits(c.f32);
    EXPECT_EQ(Half(f).x, c.f16) << std::hexfloat << f;
    EXPECT_EQ(BFloat16(f).x, c.bf16) << std::hexfloat << f;
  }
}

TEST(Half, WidensExactly) {
  // Every finite half converts to float and back unchanged.
  for (uint32_t b = 0; b < 0x10000; ++b) {
    const Half h(static_cast<uint16_t>(b), Half::from_bits());
    const float f = h;
    if (std::isnan(f)) {
      EXPECT_EQ(b & 0x7C00u, 0x7C00u);
      continue;
    }
    EXPECT_EQ(Half(f).x, b) << b;
  }
  for (uint32_t b = 0; b < 0x10000; ++b) {
    const BFloat16 h(static_cast<uint16_t>(b), BFloat16::from_bits());
    const float f = h;
    if (!std::isnan(f)) {
      EXPECT_EQ(BFloat16(f).x, b) << b;
    }
  }
}

TEST(Half, NaNStaysNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(static_cast<float>(Half(nan))));
  EXPECT_TRUE(std::isnan(static_cast<float>(BFloat16(nan))));
  EXPECT_TRUE(std::isnan(static_cast<float>(BFloat16(-nan))));
}

TEST(Half, ArithmeticGoesThroughFloat) {
  Half a = 1.5f, b = 2.25f;
  Half c = a * b;  // 3.375 exactly representable
  EXPECT_EQ(static_cast<float>(c), 3.375f);
  c += 1.0f;
  EXPECT_EQ(static_cast<float>(c), 4.375f);
  BFloat16 x = 3.0f;
  x /= 2.0f;
  EXPECT_EQ(static_cast<float>(x), 1.5f);
  EXPECT_EQ(static_cast<float>(std::numeric_limits<Half>::max()), 65504.0f);
  EXPECT_TRUE(std::isinf(static_cast<float>(std::numeric_limits<BFloat16>::infinity())));
}

}  // namespace
}  // namespace jitserve
