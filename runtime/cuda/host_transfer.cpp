#include "runtime/cuda/host_transfer.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cstring>

#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/cuda_error.h"

namespace jitserve::cuda {
namespace {

// Two pinned buffers and the events that say when the copy engine is done
// with each. A stage whose allocation failed has null buffers: its thread
// copies without staging.
struct Stage {
  void* buffer[2] = {nullptr, nullptr};
  cudaEvent_t done[2] = {nullptr, nullptr};
  bool usable() const { return buffer[0] != nullptr && buffer[1] != nullptr; }
};

Stage* createStage() {
  auto* s = new Stage();
  for (int i = 0; i < 2; ++i) {
    if (cudaHostAlloc(&s->buffer[i], kStageBytes, cudaHostAllocDefault) != cudaSuccess ||
        cudaEventCreateWithFlags(&s->done[i], cudaEventDisableTiming) != cudaSuccess) {
      (void)cudaGetLastError();  // not sticky: the thread copies unstaged
      s->buffer[i] = nullptr;
    }
  }
  return s;
}

void destroyStage(Stage* s) {
  for (int i = 0; i < 2; ++i) {
    if (s->buffer[i]) (void)cudaFreeHost(s->buffer[i]);
    if (s->done[i]) (void)cudaEventDestroy(s->done[i]);
  }
  delete s;
}

Stage& stageFor(int device) { return *threadDeviceHandle<Stage*, createStage, destroyStage>(device); }

}  // namespace

void copyHostToDevice(void* dst, const void* src, size_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceGuard guard(device);
  cudaStream_t s = currentStream(device);
  Stage* stage = nbytes >= kStageMinBytes ? &stageFor(device) : nullptr;
  if (!stage || !stage->usable()) {
    JS_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyHostToDevice, s));
    JS_CUDA_CHECK(cudaStreamSynchronize(s));
    return;
  }
  const auto* from = static_cast<const char*>(src);
  auto* to = static_cast<char*>(dst);
  for (size_t off = 0, i = 0; off < nbytes; off += kStageBytes, ++i) {
    const int b = static_cast<int>(i % 2);
    const size_t n = std::min(kStageBytes, nbytes - off);
    // The buffer's previous chunk must have left before it is refilled.
    if (i >= 2) JS_CUDA_CHECK(cudaEventSynchronize(stage->done[b]));
    std::memcpy(stage->buffer[b], from + off, n);
    JS_CUDA_CHECK(cudaMemcpyAsync(to + off, stage->buffer[b], n, cudaMemcpyHostToDevice, s));
    JS_CUDA_CHECK(cudaEventRecord(stage->done[b], s));
  }
  JS_CUDA_CHECK(cudaStreamSynchronize(s));
}

void copyDeviceToHost(void* dst, const void* src, size_t nbytes, int device) {
  if (nbytes == 0) return;
  DeviceGuard guard(device);
  cudaStream_t s = currentStream(device);
  Stage* stage = nbytes >= kStageMinBytes ? &stageFor(device) : nullptr;
  if (!stage || !stage->usable()) {
    JS_CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, cudaMemcpyDeviceToHost, s));
    JS_CUDA_CHECK(cudaStreamSynchronize(s));
    return;
  }
  const auto* from = static_cast<const char*>(src);
  auto* to = static_cast<char*>(dst);
  // Chunk i is queued into buffer i % 2 while chunk i - 1 is drained from
  // the other one.
  size_t pendingOff = 0, pendingLen = 0;
  int pending = -1;
  for (size_t off = 0, i = 0; off < nbytes; off += kStageBytes, ++i) {
    const int b = static_cast<int>(i % 2);
    const size_t n = std::min(kStageBytes, nbytes - off);
    JS_CUDA_CHECK(cudaMemcpyAsync(stage->buffer[b], from + off, n, cudaMemcpyDeviceToHost, s));
    JS_CUDA_CHECK(cudaEventRecord(stage->done[b], s));
    if (pending >= 0) {
      JS_CUDA_CHECK(cudaEventSynchronize(stage->done[pending]));
      std::memcpy(to + pendingOff, stage->buffer[pending], pendingLen);
    }
    pending = b, pendingOff = off, pendingLen = n;
  }
  JS_CUDA_CHECK(cudaEventSynchronize(stage->done[pending]));
  std::memcpy(to + pendingOff, stage->buffer[pending], pendingLen);
}

}  // namespace jitserve::cuda
