// Keeps freed memory in the process instead of handing it back to the kernel.
//
// glibc returns blocks over 128 KiB (M_MMAP_THRESHOLD's default) to the
// kernel when they are freed and trims the heap's free top, so every forward
// pass (and every archive load) faults in fresh zeroed pages for its large
// buffers. A serving process reuses the same sizes again and again, so keep
// them: blocks up to 32 MiB (glibc's maximum threshold) come from the heap,
// which is trimmed only past 1 GiB of free space. Called by the allocators
// of large buffers (tensor storage, archive records) before they allocate;
// the first call applies it. JITSERVE_MALLOC_TUNING=0 keeps glibc's defaults.
#pragma once

namespace jitserve {

void tuneMallocOnce();

}  // namespace jitserve
