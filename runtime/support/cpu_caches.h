// The CPU's cache sizes, as kernels that choose a strategy by working-set
// size need them (streaming stores past the last-level cache).
#pragma once

#include <cstddef>

namespace jitserve {

// Bytes of the largest data cache the OS reports (L3, else L2), 32 MiB when
// it reports none; read once. JITSERVE_LLC_BYTES overrides it (tests, and
// machines whose L3 is shared with other tenants).
size_t lastLevelCacheBytes();

}  // namespace jitserve
