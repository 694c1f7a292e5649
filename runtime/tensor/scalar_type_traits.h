// Compile-time mapping between ScalarType and the C++ element type stored in a
// tensor of that dtype: Byte <-> uint8_t, Float <-> float, Half <-> Half, ...
//
// Used by Tensor::data<T>() to check the dtype and by the dispatch macros.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>

#include "runtime/tensor/dtype.h"
#include "runtime/tensor/half.h"

namespace jitserve {

template <typename T>
struct CppTypeToScalarType;  // undefined for types a tensor cannot hold

#define JS_FORALL_CPP_SCALAR_TYPES(_)        \
  _(uint8_t, Byte)                           \
  _(int8_t, Char)                            \
  _(int16_t, Short)                          \
  _(int32_t, Int)                            \
  _(int64_t, Long)                           \
  _(Half, Half)                              \
  _(float, Float)                            \
  _(double, Double)                          \
  _(std::complex<float>, ComplexFloat)       \
  _(std::complex<double>, ComplexDouble)     \
  _(bool, Bool)                              \
  _(BFloat16, BFloat16)

#define JS_DEFINE_CPP_TO_SCALAR_TYPE(cpp, name) \
  template <>                                   \
  struct CppTypeToScalarType<cpp> : std::integral_constant<ScalarType, ScalarType::name> {};
JS_FORALL_CPP_SCALAR_TYPES(JS_DEFINE_CPP_TO_SCALAR_TYPE)
#undef JS_DEFINE_CPP_TO_SCALAR_TYPE

// `long` and `long long` are distinct C++ types; both mean int64 here.
template <>
struct CppTypeToScalarType<std::conditional_t<std::is_same_v<int64_t, long>, long long, long>>
    : std::integral_constant<ScalarType, ScalarType::Long> {};

template <typename T>
inline constexpr ScalarType scalarTypeOf = CppTypeToScalarType<std::remove_cv_t<T>>::value;

template <ScalarType S>
struct ScalarTypeToCpp;
#define JS_DEFINE_SCALAR_TYPE_TO_CPP(cpp, name) \
  template <>                                   \
  struct ScalarTypeToCpp<ScalarType::name> {    \
    using type = cpp;                           \
  };
JS_FORALL_CPP_SCALAR_TYPES(JS_DEFINE_SCALAR_TYPE_TO_CPP)
#undef JS_DEFINE_SCALAR_TYPE_TO_CPP

template <ScalarType S>
using scalar_type_cpp_t = typename ScalarTypeToCpp<S>::type;

}  // namespace jitserve
