// The CPU's cache sizes, as kernels that choose a strategy by working-set
// size need them (streaming stores past the last-level cache).
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace jitserve {

// Bytes of the largest data cache the OS reports (sysfs's cache/index*/ of
// CPU 0, else sysconf's L3, else L2), 32 MiB when it reports none; read once. JITSERVE_LLC_BYTES overrides it (tests, and
// machines whose L3 is shared with other tenants).
size_t lastLevelCacheBytes();

// A sysfs cache size ("32768K", "1M", "512"; a trailing newline allowed) in
// bytes; nullopt for anything else.
std::optional<size_t> parseCacheSize(std::string_view text);

}  // namespace jitserve
