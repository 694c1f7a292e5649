// Copies between host memory and a device through pinned staging buffers.
//
// A request's tensors arrive and leave in ordinary (pageable) host memory,
// which the GPU's copy engine cannot read directly: the driver would stage
// it through a small pinned buffer of its own, one piece at a time. Here each
// thread has two pinned buffers per device (kStageBytes each, made on its
// first large copy): a large copy goes in chunks, the CPU filling (or
// draining) one buffer while the copy engine moves the other, so the memcpy
// and the DMA overlap. Both calls return when the bytes are in place (the
// Backend contract); copies below kStageMinBytes, and every copy when pinned
// memory cannot be had, go straight through cudaMemcpyAsync.
#pragma once

#include <cstddef>

namespace jitserve::cuda {

inline constexpr size_t kStageBytes = size_t{2} << 20;
inline constexpr size_t kStageMinBytes = size_t{64} << 10;

// dst on `device`, src on the host; on the thread's stream for `device`.
void copyHostToDevice(void* dst, const void* src, size_t nbytes, int device);
// dst on the host, src on `device`; on the thread's stream for `device`,
// after the work already queued there.
void copyDeviceToHost(void* dst, const void* src, size_t nbytes, int device);

}  // namespace jitserve::cuda
