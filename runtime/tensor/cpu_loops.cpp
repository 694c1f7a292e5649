// cpu_loops.h's choice between the baseline and the AVX2 build of its loops.
#include "runtime/tensor/cpu_loops.h"

#include "runtime/support/cpu_caches.h"

#include <atomic>
#include <cstdlib>
#include <string_view>

namespace jitserve::detail {

namespace {

bool pickAvx2() {
  const char* cap = std::getenv("JITSERVE_CPU_CAPABILITY");
  if (cap && std::string_view(cap) == "default") return false;
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2");
}

}  // namespace

bool avx2Loops() {
  static const bool use = pickAvx2();
  return use;
}

namespace {
std::atomic<size_t>& threshold() {
  static std::atomic<size_t> t{lastLevelCacheBytes()};
  return t;
}
}  // namespace

bool streamOutput(int64_t numel, int64_t bytesPerElement) {
  return static_cast<size_t>(numel) * static_cast<size_t>(bytesPerElement) >
         threshold().load(std::memory_order_relaxed);
}

void storeFence() { _mm_sfence(); }

}  // namespace jitserve::detail

namespace jitserve {

void setStreamingThresholdBytes(size_t bytes) { detail::threshold().store(bytes, std::memory_order_relaxed); }
size_t streamingThresholdBytes() { return detail::threshold().load(std::memory_order_relaxed); }

}  // namespace jitserve
