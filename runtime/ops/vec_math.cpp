// Picks vec_math.h's kernel table for this CPU and applies unary ones to
// TensorIterators.
#include "runtime/ops/vec_math.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>

#include "runtime/tensor/tensor_iterator.h"

namespace jitserve::ops::vec {

#if JITSERVE_HAVE_SLEEF
const FloatKernels* avx2FloatKernels();
const FloatKernels* avx512FloatKernels();
#endif

namespace {

#if JITSERVE_HAVE_SLEEF
bool cpuHas(std::string_view isa) {
  __builtin_cpu_init();
  if (isa == "avx2") return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  if (isa == "avx512") return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("fma");
  return false;
}
#endif

const FloatKernels* pick() {
  const char* env = std::getenv("JITSERVE_CPU_CAPABILITY");
  const std::string cap = env ? env : "";
  if (cap == "default") return nullptr;
  if (cap != "avx2")
    if (const FloatKernels* k = floatKernelsFor("avx512")) return k;
  return floatKernelsFor("avx2");
}

}  // namespace

const FloatKernels* floatKernelsFor(std::string_view isa) {
#if JITSERVE_HAVE_SLEEF
  if (!cpuHas(isa)) return nullptr;
  if (isa == "avx2") return avx2FloatKernels();
  if (isa == "avx512") return avx512FloatKernels();
#else
  (void)isa;  // built without libsleef: no tables
#endif
  return nullptr;
}

const FloatKernels* floatKernels() {
  static const FloatKernels* const k = pick();
  return k;
}

namespace {

// fn(in, out, n) over a float -> float unary iterator.
template <typename F>
bool forEachFloatChunk(TensorIterator& it, const F& fn) {
  if (it.dtype(0) != ScalarType::Float || it.dtype(1) != ScalarType::Float) return false;
  it.for_each([&fn](char** data, const int64_t* strides, int64_t n) {
    if (strides[0] == sizeof(float) && strides[1] == sizeof(float)) {
      fn(reinterpret_cast<const float*>(data[1]), reinterpret_cast<float*>(data[0]), n);
      return;
    }
    // Strided (or broadcast) operands: gather a block, run fn, scatter.
    constexpr int64_t kBlock = 256;
    float buf[kBlock];
    for (int64_t b = 0; b < n; b += kBlock) {
      const int64_t m = std::min(kBlock, n - b);
      const char* in = data[1] + b * strides[1];
      for (int64_t i = 0; i < m; ++i) buf[i] = *reinterpret_cast<const float*>(in + i * strides[1]);
      fn(buf, buf, m);
      char* out = data[0] + b * strides[0];
      for (int64_t i = 0; i < m; ++i) *reinterpret_cast<float*>(out + i * strides[0]) = buf[i];
    }
  });
  return true;
}

}  // namespace

bool unaryFloat(TensorIterator& it, UnaryArrayFn fn) { return forEachFloatChunk(it, fn); }

bool powFloat(TensorIterator& it, const FloatKernels& kernels, float e) {
  if (!std::isfinite(e)) return false;  // pow(x, +-inf): the caller's scalar loop
  return forEachFloatChunk(it, [&](const float* in, float* out, int64_t n) { kernels.powScalar(in, out, n, e); });
}

}  // namespace jitserve::ops::vec
