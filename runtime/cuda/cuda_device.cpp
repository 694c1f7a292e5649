#include "runtime/cuda/cuda_device.h"

#include <array>
#include <mutex>

#include "runtime/cuda/cuda_error.h"
#include "runtime/support/error.h"

namespace jitserve::cuda {
namespace {

struct Probe {
  int count = 0;
  std::string reason;
};

const Probe& probe() {
  static const Probe p = [] {
    Probe r;
    int n = 0;
    const cudaError_t err = cudaGetDeviceCount(&n);
    if (err != cudaSuccess) {
      (void)cudaGetLastError();
      r.reason = std::string("no usable CUDA device (") + cudaGetErrorString(err) + ")";
    } else if (n == 0) {
      r.reason = "no CUDA device on this machine";
    } else {
      r.count = n < kMaxDevices ? n : kMaxDevices;
    }
    return r;
  }();
  return p;
}

cudaStream_t createStream() {
  cudaStream_t s = nullptr;
  JS_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return s;
}
void destroyStream(cudaStream_t s) { (void)cudaStreamDestroy(s); }

}  // namespace

int deviceCount() { return probe().count; }
std::string unavailableReason() { return probe().reason; }

void checkDeviceIndex(int device) {
  JS_CHECK(device >= 0 && device < deviceCount(), "cuda:", device, " is not available: ",
           deviceCount() == 0 ? unavailableReason() : "this machine has " + std::to_string(deviceCount()));
}

// The devices this thread has a stream on (bit i: cuda:i).
thread_local uint64_t t_streamDevices = 0;

cudaStream_t currentStream(int device) {
  cudaStream_t s = threadDeviceHandle<cudaStream_t, createStream, destroyStream>(device);
  t_streamDevices |= uint64_t{1} << device;
  return s;
}

cudaStream_t existingStream(int device) noexcept {
  if (device < 0 || device >= kMaxDevices || !(t_streamDevices & (uint64_t{1} << device))) return nullptr;
  try {
    return currentStream(device);  // made already: a lookup
  } catch (...) {
    return nullptr;
  }
}

void synchronizeThreadStreams() {
  for (int d = 0; d < kMaxDevices; ++d)
    if (t_streamDevices & (uint64_t{1} << d)) synchronizeCurrentStream(d);
}

void synchronizeCurrentStream(int device) { JS_CUDA_CHECK(cudaStreamSynchronize(currentStream(device))); }

DeviceGuard::DeviceGuard(int device) {
  JS_CUDA_CHECK(cudaGetDevice(&previous_));
  if (previous_ != device) JS_CUDA_CHECK(cudaSetDevice(device));
}

DeviceGuard::~DeviceGuard() {
  int now = -1;
  if (cudaGetDevice(&now) == cudaSuccess && now != previous_) (void)cudaSetDevice(previous_);
}

}  // namespace jitserve::cuda
