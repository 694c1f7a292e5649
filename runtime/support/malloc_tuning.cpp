#include "runtime/support/malloc_tuning.h"

#include <malloc.h>

#include <cstdlib>
#include <string_view>

namespace jitserve {

namespace {

bool tune() {
  const char* env = std::getenv("JITSERVE_MALLOC_TUNING");
  if (env && std::string_view(env) == "0") return false;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  return true;
}

}  // namespace

void tuneMallocOnce() {
  static const bool tuned = tune();
  (void)tuned;
}

}  // namespace jitserve
