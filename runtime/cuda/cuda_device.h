// CUDA devices and streams as the runtime sees them.
//
// deviceCount() is 0, never an error, on a machine without a usable GPU
// (no driver, "driver version is insufficient", no device): the backend is
// built in everywhere and simply has no devices there; unavailableReason()
// says why, for the one-line test skips and error messages.
//
// Streams: each thread has its own non-blocking stream per device, made on
// first use, so the work of one request (which stays on one worker thread)
// is ordered on one stream and requests on other workers overlap.
// Everything the runtime queues goes on currentStream(device). A tensor
// handed to another thread (fork/wait, a batch assembled across requests)
// must have its producer's stream synchronized first: the interpreter does
// so where a fork starts, suspends and finishes (synchronizeThreadDeviceWork,
// runtime/tensor/backend.h).
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <string>

namespace jitserve::cuda {

constexpr int kMaxDevices = 64;

int deviceCount();
// Why deviceCount() is 0 ("" when it is not).
std::string unavailableReason();

// The calling thread's stream on `device` (made on first use).
cudaStream_t currentStream(int device);
// Waits for everything this thread queued on `device`.
void synchronizeCurrentStream(int device);
// The same for every device this thread has queued work on.
void synchronizeThreadStreams();
// The calling thread's stream on `device` if it has made one, else nullptr
// (never makes one: safe in a deleter, never throws).
cudaStream_t existingStream(int device) noexcept;

// Errors naming the device when `device` is not a usable index.
void checkDeviceIndex(int device);

// Makes `device` current for the scope, restoring the previous one.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_ = -1;
};

// The calling thread's handle for `device` (a stream, a cuBLAS or cuDNN
// handle): made by Create, with the device current, on first use; released
// by Destroy when the thread exits (errors then are ignored: at process exit
// the driver may already be shutting down).
template <typename H, H (*Create)(), void (*Destroy)(H)>
H threadDeviceHandle(int device) {
  struct Holder {
    std::array<H, kMaxDevices> handles{};
    ~Holder() {
      for (H h : handles)
        if (h != nullptr) Destroy(h);
    }
  };
  checkDeviceIndex(device);
  thread_local Holder mine;
  H& h = mine.handles[static_cast<size_t>(device)];
  if (h == nullptr) {
    DeviceGuard guard(device);
    h = Create();
  }
  return h;
}

}  // namespace jitserve::cuda
