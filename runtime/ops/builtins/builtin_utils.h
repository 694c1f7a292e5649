// Helpers shared by the builtin kernels: fast typed stack access and
// Python's index and slice rules.
//
// Kernels read their arguments in place (arg(s, i, n) is argument i of n)
// and finish with replaceArgs(), which drops the n arguments and pushes one
// result; this keeps a scalar op to a few loads and stores with no
// reference-count traffic for ints, floats and bools.
#pragma once

#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>

#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"

namespace jitserve::builtins {

// Argument i of the n on top of the stack.
inline IValue& arg(Stack& s, size_t i, size_t n) { return s[s.size() - n + i]; }

// Drops the n arguments and pushes r (n >= 1).
template <typename R>
inline void replaceArgs(Stack& s, size_t n, R&& r) {
  s.resize(s.size() - n + 1);
  s.back() = IValue(std::forward<R>(r));
}

// A scalar argument read as T: int64_t, double, bool or Device.
template <typename T>
T scalarArg(const IValue& v) {
  if constexpr (std::is_same_v<T, int64_t>) {
    return v.toInt();
  } else if constexpr (std::is_same_v<T, double>) {
    return v.toDouble();
  } else if constexpr (std::is_same_v<T, bool>) {
    return v.toBool();
  } else {
    return v.toDevice();
  }
}

// Kernels of one or two scalar arguments (of types A, B) whose result F(a)
// or F(a, b) replaces the first argument in place: a few loads and stores.
// F is a function or a stateless function object (std::bit_and<int64_t>{}).
template <typename A, auto F>
void unaryKernel(Stack& s) {
  IValue& a = s.back();
  a = IValue(F(scalarArg<A>(a)));
}
template <typename A, typename B, auto F>
void binaryKernel(Stack& s) {
  const B b = scalarArg<B>(s.back());
  s.pop_back();
  IValue& a = s.back();
  a = IValue(F(scalarArg<A>(a), b));
}

// Python's int-like view of a Scalar argument: bools count as ints.
inline bool isIntLike(const IValue& v) { return v.isInt() || v.isBool(); }
inline int64_t asInt(const IValue& v) { return v.isInt() ? v.toInt() : static_cast<int64_t>(v.toBool()); }

// Python list indexing: negative counts from the end; out of range throws
// `message` ("list index out of range").
inline size_t normalizeIndex(int64_t idx, size_t size, const char* message) {
  const int64_t n = static_cast<int64_t>(size);
  if (idx < 0) idx += n;
  JS_CHECK(idx >= 0 && idx < n, message);
  return static_cast<size_t>(idx);
}

// Python slice bounds (start, stop, step) resolved against a length, as
// slice.indices() does; returns the number of selected elements.
struct SliceBounds {
  int64_t start;
  int64_t step;
  int64_t count;
};
SliceBounds resolveSlice(std::optional<int64_t> start, std::optional<int64_t> end, int64_t step, int64_t length);

inline std::optional<int64_t> optInt(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toInt();
}

// Integer floor division and modulo with Python semantics; b != 0.
inline int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
inline int64_t floorMod(int64_t a, int64_t b) {
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
// Float floor division and modulo with Python semantics (b == 0 gives inf/nan
// like PyTorch rather than raising).
double floorDivDouble(double a, double b);
double floorModDouble(double a, double b);

}  // namespace jitserve::builtins
