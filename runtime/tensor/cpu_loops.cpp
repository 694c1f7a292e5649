// cpu_loops.h's choice between the baseline and the AVX2 build of its loops.
#include "runtime/tensor/cpu_loops.h"

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

}  // namespace jitserve::detail
