// Small helpers shared by the kernel files: the arithmetic type of an element
// type, and dtype checks with PyTorch's wording.
#pragma once

#include <type_traits>

#include "runtime/tensor/half.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// The type arithmetic happens in: float for the 16-bit floats, the type
// itself otherwise (so Half kernels round once per result, as PyTorch's do).
template <typename T>
struct OpMath {
  using type = T;
};
template <>
struct OpMath<Half> {
  using type = float;
};
template <>
struct OpMath<BFloat16> {
  using type = float;
};
template <typename T>
using opmath_t = typename OpMath<T>::type;

template <typename T>
inline constexpr bool is_floating_v =
    std::is_floating_point_v<T> || std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;

// "expected scalar type Float but found Long"
void checkSameDtype(const Tensor& expected, const Tensor& actual);

}  // namespace jitserve::ops
