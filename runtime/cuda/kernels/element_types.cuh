// What every kernel file needs about element types: the C++ type of each
// dtype (dispatchReal / dispatchFloating call f(T{})), the type arithmetic
// happens in (float for the 16-bit floats, int for bool, T otherwise), and
// the conversions in and out of it (round to nearest for 16-bit stores,
// != 0 for bool).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <type_traits>

#include "runtime/cuda/cuda_error.h"
#include "runtime/tensor/dtype.h"

namespace jitserve::cuda {

template <typename T>
struct ComputeType {
  using type = T;
};
template <>
struct ComputeType<__half> {
  using type = float;
};
template <>
struct ComputeType<__nv_bfloat16> {
  using type = float;
};
template <>
struct ComputeType<bool> {
  using type = int;
};

// Host and device: launchers convert scalars on the host (masked_fill's
// value). A __device__-only function called from host code compiles without
// a word from nvcc and exits the process with status 1 when reached
// (tests/runtime/cuda/check_host_calls.py guards against that).
template <typename T>
__host__ __device__ __forceinline__ typename ComputeType<T>::type toCompute(T v) {
  if constexpr (std::is_same_v<T, __half>) {
    return __half2float(v);
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return __bfloat162float(v);
  } else {
    return static_cast<typename ComputeType<T>::type>(v);
  }
}

template <typename T, typename C>
__host__ __device__ __forceinline__ T fromCompute(C v) {
  if constexpr (std::is_same_v<T, __half>) {
    return __float2half_rn(static_cast<float>(v));
  } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
    return __float2bfloat16_rn(static_cast<float>(v));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v != C(0);
  } else if constexpr (std::is_integral_v<T> && std::is_floating_point_v<C>) {
    // The CPU's conversion (runtime/tensor/tensor_copy.cpp, convertElement):
    // truncate through int32 (int64 for 64-bit targets) and keep the low
    // bits, so -6.0 -> uint8 is 250 as on x86 PyTorch; out of range and NaN
    // give that conversion's "integer indefinite" (INT_MIN). A plain
    // static_cast is UB there, and the GPU's cvt saturates (-6.0 -> 0).
    const double d = static_cast<double>(v);
    if constexpr (sizeof(T) <= 4) {
      const int32_t i = (d > -2147483649.0 && d < 2147483648.0) ? static_cast<int32_t>(d) : INT32_MIN;
      return static_cast<T>(i);
    } else {
      return static_cast<T>((d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? static_cast<int64_t>(d)
                                                                                        : INT64_MIN);
    }
  } else {
    return static_cast<T>(v);
  }
}

// Calls f(T{}) with T the C++ type of dtype t; other dtypes do nothing (the
// host halves check dtypes first).
template <typename F>
void dispatchReal(ScalarType t, F&& f) {
  switch (t) {
    case ScalarType::Bool: return f(bool{});
    case ScalarType::Byte: return f(uint8_t{});
    case ScalarType::Char: return f(int8_t{});
    case ScalarType::Short: return f(int16_t{});
    case ScalarType::Int: return f(int32_t{});
    case ScalarType::Long: return f(int64_t{});
    case ScalarType::Half: return f(__half{});
    case ScalarType::BFloat16: return f(__nv_bfloat16{});
    case ScalarType::Float: return f(float{});
    case ScalarType::Double: return f(double{});
    default: break;
  }
}

// The floating dtypes only; another is our bug (the host half checked).
template <typename F>
void dispatchFloating(ScalarType t, F&& f) {
  switch (t) {
    case ScalarType::Half: return f(__half{});
    case ScalarType::BFloat16: return f(__nv_bfloat16{});
    case ScalarType::Float: return f(float{});
    case ScalarType::Double: return f(double{});
    default: throwCudaError(cudaErrorInvalidValue, "a floating-point kernel was given another dtype", __FILE__, __LINE__);
  }
}

}  // namespace jitserve::cuda
