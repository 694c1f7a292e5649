#include "runtime/support/cpu_caches.h"

#include <unistd.h>

#include <cstdlib>
#include <initializer_list>

namespace jitserve {

size_t lastLevelCacheBytes() {
  static const size_t bytes = [] {
    if (const char* env = std::getenv("JITSERVE_LLC_BYTES")) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(env, &end, 10);
      if (end != env && *end == '\0' && v > 0) return static_cast<size_t>(v);
    }
    for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
      const long v = ::sysconf(name);
      if (v > 0) return static_cast<size_t>(v);
    }
    return size_t{32} << 20;
  }();
  return bytes;
}

}  // namespace jitserve
