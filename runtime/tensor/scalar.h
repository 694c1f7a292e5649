// Scalar: one number of kind bool, int (int64), float (double) or complex
// (complex<double>), as TorchScript's `Scalar` arguments and Tensor.item()
// carry it.
//
// A Scalar remembers its kind, because the kind (not the exact value type)
// decides type promotion: `int_tensor + 2.5` is Float (the default dtype),
// `uint8_tensor + 300` stays uint8. type() gives the dtype of a tensor made
// from this value (Double, Long, Bool, ComplexDouble), which promotion then
// treats as a "wrapped number" (see type_promotion.h).
#pragma once

#include <cmath>
#include <complex>
#include <concepts>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "runtime/support/error.h"
#include "runtime/tensor/dtype.h"
#include "runtime/tensor/half.h"

namespace jitserve {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Double, ComplexDouble };

  Scalar() : Scalar(int64_t{0}) {}
  Scalar(bool v) : kind_(Kind::Bool) { v_.i = v; }
  template <std::integral T>
    requires(!std::is_same_v<T, bool>)
  Scalar(T v) : kind_(Kind::Int) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) >= 8) {
      JS_CHECK(v <= static_cast<T>(std::numeric_limits<int64_t>::max()),
               "Scalar: unsigned value ", v, " does not fit in int64");
    }
    v_.i = static_cast<int64_t>(v);
  }
  Scalar(double v) : kind_(Kind::Double) { v_.d = v; }
  Scalar(float v) : Scalar(static_cast<double>(v)) {}
  Scalar(Half v) : Scalar(static_cast<double>(static_cast<float>(v))) {}
  Scalar(BFloat16 v) : Scalar(static_cast<double>(static_cast<float>(v))) {}
  Scalar(std::complex<double> v) : kind_(Kind::ComplexDouble) { v_.z[0] = v.real(); v_.z[1] = v.imag(); }
  Scalar(std::complex<float> v) : Scalar(std::complex<double>(v)) {}

  Kind kind() const { return kind_; }
  bool isFloatingPoint() const { return kind_ == Kind::Double; }
  // PyTorch's Scalar::isIntegral(includeBool).
  bool isIntegral(bool includeBool = false) const {
    return kind_ == Kind::Int || (includeBool && kind_ == Kind::Bool);
  }
  bool isBoolean() const { return kind_ == Kind::Bool; }
  bool isComplex() const { return kind_ == Kind::ComplexDouble; }

  // Unchecked conversions (like C++ casts; a complex value drops its
  // imaginary part, double -> int64 truncates toward zero).
  double toDouble() const {
    switch (kind_) {
      case Kind::Double: return v_.d;
      case Kind::ComplexDouble: return v_.z[0];
      default: return static_cast<double>(v_.i);
    }
  }
  int64_t toLong() const {
    switch (kind_) {
      case Kind::Double: return static_cast<int64_t>(v_.d);
      case Kind::ComplexDouble: return static_cast<int64_t>(v_.z[0]);
      default: return v_.i;
    }
  }
  bool toBool() const {
    switch (kind_) {
      case Kind::Double: return v_.d != 0;
      case Kind::ComplexDouble: return v_.z[0] != 0 || v_.z[1] != 0;
      default: return v_.i != 0;
    }
  }
  std::complex<double> toComplexDouble() const {
    if (kind_ == Kind::ComplexDouble) return {v_.z[0], v_.z[1]};
    return {toDouble(), 0.0};
  }

  // Converts to a tensor element type, rejecting values that overflow it
  // ("value cannot be converted to type uint8_t without overflow"), as
  // PyTorch does for fill_/full. Infinities and NaN convert to floating types.
  template <typename T>
  T to() const;

  // The dtype of a tensor holding this value: Bool, Long, Double or ComplexDouble.
  ScalarType type() const {
    switch (kind_) {
      case Kind::Bool: return ScalarType::Bool;
      case Kind::Int: return ScalarType::Long;
      case Kind::Double: return ScalarType::Double;
      case Kind::ComplexDouble: return ScalarType::ComplexDouble;
    }
    return ScalarType::Undefined;
  }

  Scalar operator-() const;
  // Same kind and value (1 != 1.0 != True, like IValue equality would not do;
  // use toDouble() for numeric comparison).
  bool equal(const Scalar& o) const;
  // "3", "2.5", "True", "(1+2j)" as Python prints them.
  std::string toString() const;

 private:
  Kind kind_;
  union {
    int64_t i;
    double d;
    double z[2];
  } v_;
};

namespace detail {
[[noreturn]] void throwScalarOverflow(const char* type_name);

template <typename T>
constexpr const char* cppTypeName() {
  if constexpr (std::is_same_v<T, uint8_t>) return "uint8_t";
  else if constexpr (std::is_same_v<T, int8_t>) return "int8_t";
  else if constexpr (std::is_same_v<T, int16_t>) return "int16_t";
  else if constexpr (std::is_same_v<T, int32_t>) return "int";
  else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
  else if constexpr (std::is_same_v<T, Half>) return "at::Half";
  else if constexpr (std::is_same_v<T, BFloat16>) return "at::BFloat16";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "value";
}
}  // namespace detail

template <typename T>
T Scalar::to() const {
  if constexpr (std::is_same_v<T, bool>) {
    return toBool();
  } else if constexpr (std::is_same_v<T, std::complex<double>> || std::is_same_v<T, std::complex<float>>) {
    auto z = toComplexDouble();
    return T(static_cast<typename T::value_type>(z.real()), static_cast<typename T::value_type>(z.imag()));
  } else {
    if (kind_ == Kind::ComplexDouble && v_.z[1] != 0) detail::throwScalarOverflow(detail::cppTypeName<T>());
    if constexpr (std::is_integral_v<T>) {
      if (kind_ == Kind::Int || kind_ == Kind::Bool) {
        const int64_t v = v_.i;
        if constexpr (std::is_same_v<T, uint8_t>) {
          // PyTorch lets uint8 take negative ints down to -255 (they wrap).
          if (v < -255 || v > 255) detail::throwScalarOverflow(detail::cppTypeName<T>());
        } else if constexpr (sizeof(T) < 8) {
          if (v < std::numeric_limits<T>::lowest() || v > std::numeric_limits<T>::max())
            detail::throwScalarOverflow(detail::cppTypeName<T>());
        }
        return static_cast<T>(v);
      }
      const double d = toDouble();
      // Bounds: lowest is exact in double; max()+1 is a power of two, exact too.
      constexpr double lo = static_cast<double>(std::numeric_limits<T>::lowest());
      constexpr double hi_excl = static_cast<double>(std::numeric_limits<T>::max()) + 1.0;
      if (!(d >= lo && d < hi_excl) || (d > static_cast<double>(std::numeric_limits<T>::max())))
        detail::throwScalarOverflow(detail::cppTypeName<T>());
      return static_cast<T>(static_cast<int64_t>(d));
    } else {
      const double d = toDouble();
      if constexpr (!std::is_same_v<T, double>) {
        // Finite values beyond the target's range overflow; inf and NaN pass.
        const double mx = static_cast<double>(static_cast<float>(std::numeric_limits<T>::max()));
        if ((d > mx || d < -mx) && d != std::numeric_limits<double>::infinity() &&
            d != -std::numeric_limits<double>::infinity())
          detail::throwScalarOverflow(detail::cppTypeName<T>());
      }
      return static_cast<T>(d);
    }
  }
}

}  // namespace jitserve
