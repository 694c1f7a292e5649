#include "runtime/support/cpu_caches.h"

#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <initializer_list>
#include <string>

namespace jitserve {

std::optional<size_t> parseCacheSize(std::string_view text) {
  size_t i = 0, v = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
    v = v * 10 + static_cast<size_t>(text[i] - '0');
    ++i;
  }
  if (i == 0) return std::nullopt;
  size_t scale = 1;
  if (i < text.size() && (text[i] == 'K' || text[i] == 'M' || text[i] == 'G')) {
    scale = text[i] == 'K' ? size_t{1} << 10 : text[i] == 'M' ? size_t{1} << 20 : size_t{1} << 30;
    ++i;
  }
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  if (i != text.size() || v == 0) return std::nullopt;
  return v * scale;
}

namespace {

// The largest data or unified cache sysfs lists for CPU 0. Preferred to
// sysconf: glibc derives its L3 size from CPUID, which in a VM can describe
// the host's caches (one here reported 320 MiB where sysfs and lscpu say
// the 32 MiB the guest shares).
std::optional<size_t> sysfsLargestCache() {
  std::optional<size_t> best;
  for (int index = 0; index < 16; ++index) {
    const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
    std::ifstream type(dir + "type"), size(dir + "size");
    if (!type || !size) break;
    std::string t, s;
    std::getline(type, t);
    std::getline(size, s);
    if (t == "Instruction") continue;
    if (std::optional<size_t> v = parseCacheSize(s); v && (!best || *v > *best)) best = v;
  }
  return best;
}

}  // namespace

size_t lastLevelCacheBytes() {
  static const size_t bytes = [] {
    if (const char* env = std::getenv("JITSERVE_LLC_BYTES")) {
      char* end = nullptr;
      const unsigned long long v = std::strtoull(env, &end, 10);
      if (end != env && *end == '\0' && v > 0) return static_cast<size_t>(v);
    }
    if (std::optional<size_t> v = sysfsLargestCache()) return *v;
    for (int name : {_SC_LEVEL3_CACHE_SIZE, _SC_LEVEL2_CACHE_SIZE}) {
      const long v = ::sysconf(name);
      if (v > 0) return static_cast<size_t>(v);
    }
    return size_t{32} << 20;
  }();
  return bytes;
}

}  // namespace jitserve
