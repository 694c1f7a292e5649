// Half (IEEE-754 binary16) and BFloat16 (the top 16 bits of a float32).
//
// Both are 16-bit storage types: arithmetic happens in float. They convert
// implicitly to float, so `Half c = a + b;` computes a float sum and rounds it
// back once. float -> 16-bit conversions round to nearest, ties to even; NaN
// stays NaN (quiet), overflow goes to infinity, tiny values become subnormals
// or signed zero, as PyTorch and the hardware do.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

namespace jitserve {

namespace detail {

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float bitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// binary16 -> binary32 is exact: renormalize subnormals, widen exponent.
inline float halfBitsToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1Fu;
  uint32_t mant = h & 0x3FFu;
  if (exp == 0x1F) return bitsToFloat(sign | 0x7F800000u | (mant << 13));  // inf / NaN
  if (exp == 0) {
    if (mant == 0) return bitsToFloat(sign);  // signed zero
    // Subnormal: value = mant * 2^-24, exactly representable in float.
    float v = static_cast<float>(mant) * 5.9604644775390625e-08f;
    return sign ? -v : v;
  }
  return bitsToFloat(sign | ((exp + 112u) << 23) | (mant << 13));
}

// binary32 -> binary16, round to nearest even.
inline uint16_t floatToHalfBits(float f) {
  const uint32_t u = floatBits(f);
  const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
  const uint32_t abs = u & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u) {  // inf or NaN
    return abs > 0x7F800000u ? static_cast<uint16_t>(sign | 0x7E00u) : static_cast<uint16_t>(sign | 0x7C00u);
  }
  if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to >= 65520: inf
  if (abs < 0x38800000u) {
    // Result is subnormal or zero: value / 2^-24, rounded to nearest even.
    // Adding 0.5 (as 2^-1 scaled) via float arithmetic would double-round, so
    // do it on the integer mantissa instead.
    if (abs < 0x33000000u) return sign;  // < 2^-25: rounds to zero (ties at 2^-25 go to even = 0)
    const uint32_t e = abs >> 23;         // biased exponent, 102..112
    const uint32_t m = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126u - e;      // so that result = m >> shift (14..24)
    uint32_t r = m >> shift;
    const uint32_t rem = m & ((1u << shift) - 1u);
    const uint32_t half = 1u << (shift - 1u);
    if (rem > half || (rem == half && (r & 1u))) ++r;
    return static_cast<uint16_t>(sign | r);
  }
  // Normal: rebias exponent (127 -> 15) and round the 13 dropped bits.
  uint32_t r = abs - 0x38000000u;  // exponent - 112
  r += 0x0FFFu + ((r >> 13) & 1u);
  return static_cast<uint16_t>(sign | (r >> 13));
}

inline uint16_t floatToBFloat16Bits(float f) {
  uint32_t u = floatBits(f);
  if ((u & 0x7FFFFFFFu) > 0x7F800000u) return static_cast<uint16_t>((u >> 16) | 0x0040u);  // keep NaN quiet
  u += 0x7FFFu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}

}  // namespace detail

struct Half {
  uint16_t x = 0;

  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return {}; }

  Half() = default;
  constexpr Half(uint16_t bits, from_bits_t) : x(bits) {}
  Half(float f) : x(detail::floatToHalfBits(f)) {}  // NOLINT: implicit like a builtin float type
  operator float() const { return detail::halfBitsToFloat(x); }

  Half& operator+=(float o) { return *this = Half(float(*this) + o); }
  Half& operator-=(float o) { return *this = Half(float(*this) - o); }
  Half& operator*=(float o) { return *this = Half(float(*this) * o); }
  Half& operator/=(float o) { return *this = Half(float(*this) / o); }
};

struct BFloat16 {
  uint16_t x = 0;

  struct from_bits_t {};
  static constexpr from_bits_t from_bits() { return {}; }

  BFloat16() = default;
  constexpr BFloat16(uint16_t bits, from_bits_t) : x(bits) {}
  BFloat16(float f) : x(detail::floatToBFloat16Bits(f)) {}  // NOLINT: implicit like a builtin float type
  operator float() const { return detail::bitsToFloat(static_cast<uint32_t>(x) << 16); }

  BFloat16& operator+=(float o) { return *this = BFloat16(float(*this) + o); }
  BFloat16& operator-=(float o) { return *this = BFloat16(float(*this) - o); }
  BFloat16& operator*=(float o) { return *this = BFloat16(float(*this) * o); }
  BFloat16& operator/=(float o) { return *this = BFloat16(float(*this) / o); }
};

static_assert(sizeof(Half) == 2 && sizeof(BFloat16) == 2);

}  // namespace jitserve

template <>
class std::numeric_limits<jitserve::Half> {
 public:
  using H = jitserve::Half;
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 11;
  static constexpr H min() { return H(0x0400, H::from_bits()); }
  static constexpr H lowest() { return H(0xFBFF, H::from_bits()); }
  static constexpr H max() { return H(0x7BFF, H::from_bits()); }
  static constexpr H epsilon() { return H(0x1400, H::from_bits()); }
  static constexpr H infinity() { return H(0x7C00, H::from_bits()); }
  static constexpr H quiet_NaN() { return H(0x7E00, H::from_bits()); }
  static constexpr H denorm_min() { return H(0x0001, H::from_bits()); }
};

template <>
class std::numeric_limits<jitserve::BFloat16> {
 public:
  using B = jitserve::BFloat16;
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr int digits = 8;
  static constexpr B min() { return B(0x0080, B::from_bits()); }
  static constexpr B lowest() { return B(0xFF7F, B::from_bits()); }
  static constexpr B max() { return B(0x7F7F, B::from_bits()); }
  static constexpr B epsilon() { return B(0x3C00, B::from_bits()); }
  static constexpr B infinity() { return B(0x7F80, B::from_bits()); }
  static constexpr B quiet_NaN() { return B(0x7FC0, B::from_bits()); }
  static constexpr B denorm_min() { return B(0x0001, B::from_bits()); }
};
