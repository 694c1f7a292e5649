// Dtype dispatch: run a generic lambda with `scalar_t` bound to the C++ type
// of a runtime dtype.
//
//   JS_DISPATCH_ALL_TYPES(t.dtype(), "add", [&] {
//     cpu_kernel(iter, [](scalar_t a, scalar_t b) -> scalar_t { return a + b; });
//   });
//
// The lambda's text is expanded once per dtype with `scalar_t` in scope; its
// return value (the same type for every dtype) is returned. A dtype outside
// the family throws "add: unsupported dtype Half".
//
// Families (Half/BFloat16 compute through float, so every family includes them):
//   FLOATING_TYPES          Half, BFloat16, Float, Double
//   FLOAT_AND_DOUBLE        Float, Double (e.g. BLAS-backed kernels)
//   INTEGRAL_TYPES          Byte, Char, Short, Int, Long
//   INTEGRAL_TYPES_AND_BOOL the above + Bool
//   ALL_TYPES               INTEGRAL_TYPES + FLOATING_TYPES (no Bool)
//   ALL_TYPES_AND_BOOL      ALL_TYPES + Bool
//   COMPLEX_TYPES           ComplexFloat, ComplexDouble (std::complex<float/double>)
//   FLOATING_AND_COMPLEX_TYPES      FLOATING_TYPES + COMPLEX_TYPES
//   ALL_TYPES_AND_COMPLEX           ALL_TYPES + COMPLEX_TYPES
//   ALL_TYPES_AND_COMPLEX_AND_BOOL  ALL_TYPES_AND_BOOL + COMPLEX_TYPES
// (ComplexHalf has no kernels: it is only stored and converted.)
#pragma once

#include <complex>
#include <cstdint>

#include "runtime/tensor/dtype.h"
#include "runtime/tensor/half.h"

namespace jitserve::detail {
[[noreturn]] void throwUnsupportedDtype(const char* op, ScalarType t);
}  // namespace jitserve::detail

#define JS_DISPATCH_CASE(ENUM, CPP, ...)      \
  case ::jitserve::ScalarType::ENUM: {        \
    using scalar_t [[maybe_unused]] = CPP;    \
    return __VA_ARGS__();                     \
  }

#define JS_DISPATCH_SWITCH(DTYPE, NAME, CASES)                        \
  [&] {                                                               \
    const ::jitserve::ScalarType _js_dtype = (DTYPE);                 \
    switch (_js_dtype) {                                              \
      CASES                                                           \
      default:                                                        \
        ::jitserve::detail::throwUnsupportedDtype(NAME, _js_dtype);   \
    }                                                                 \
  }()

#define JS_CASES_FLOAT_AND_DOUBLE(...)      \
  JS_DISPATCH_CASE(Float, float, __VA_ARGS__) \
  JS_DISPATCH_CASE(Double, double, __VA_ARGS__)

#define JS_CASES_FLOATING(...)                               \
  JS_CASES_FLOAT_AND_DOUBLE(__VA_ARGS__)                     \
  JS_DISPATCH_CASE(Half, ::jitserve::Half, __VA_ARGS__)      \
  JS_DISPATCH_CASE(BFloat16, ::jitserve::BFloat16, __VA_ARGS__)

#define JS_CASES_INTEGRAL(...)                  \
  JS_DISPATCH_CASE(Byte, uint8_t, __VA_ARGS__)  \
  JS_DISPATCH_CASE(Char, int8_t, __VA_ARGS__)   \
  JS_DISPATCH_CASE(Short, int16_t, __VA_ARGS__) \
  JS_DISPATCH_CASE(Int, int32_t, __VA_ARGS__)   \
  JS_DISPATCH_CASE(Long, int64_t, __VA_ARGS__)

#define JS_CASES_BOOL(...) JS_DISPATCH_CASE(Bool, bool, __VA_ARGS__)

#define JS_CASES_COMPLEX(...)                                        \
  JS_DISPATCH_CASE(ComplexFloat, std::complex<float>, __VA_ARGS__)   \
  JS_DISPATCH_CASE(ComplexDouble, std::complex<double>, __VA_ARGS__)

#define JS_DISPATCH_FLOATING_TYPES(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_FLOATING(__VA_ARGS__))
#define JS_DISPATCH_FLOAT_AND_DOUBLE(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_FLOAT_AND_DOUBLE(__VA_ARGS__))
#define JS_DISPATCH_INTEGRAL_TYPES(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_INTEGRAL(__VA_ARGS__))
#define JS_DISPATCH_INTEGRAL_TYPES_AND_BOOL(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_INTEGRAL(__VA_ARGS__) JS_CASES_BOOL(__VA_ARGS__))
#define JS_DISPATCH_ALL_TYPES(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_INTEGRAL(__VA_ARGS__) JS_CASES_FLOATING(__VA_ARGS__))
#define JS_DISPATCH_ALL_TYPES_AND_BOOL(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME,                        \
                     JS_CASES_INTEGRAL(__VA_ARGS__) JS_CASES_FLOATING(__VA_ARGS__) JS_CASES_BOOL(__VA_ARGS__))
#define JS_DISPATCH_COMPLEX_TYPES(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_COMPLEX(__VA_ARGS__))
#define JS_DISPATCH_FLOATING_AND_COMPLEX_TYPES(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME, JS_CASES_FLOATING(__VA_ARGS__) JS_CASES_COMPLEX(__VA_ARGS__))
#define JS_DISPATCH_ALL_TYPES_AND_COMPLEX(DTYPE, NAME, ...) \
  JS_DISPATCH_SWITCH(DTYPE, NAME,                         \
                     JS_CASES_INTEGRAL(__VA_ARGS__) JS_CASES_FLOATING(__VA_ARGS__) JS_CASES_COMPLEX(__VA_ARGS__))
#define JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(DTYPE, NAME, ...)                                 \
  JS_DISPATCH_SWITCH(DTYPE, NAME,                                                                    \
                     JS_CASES_INTEGRAL(__VA_ARGS__) JS_CASES_FLOATING(__VA_ARGS__) JS_CASES_BOOL(__VA_ARGS__) \
                         JS_CASES_COMPLEX(__VA_ARGS__))
