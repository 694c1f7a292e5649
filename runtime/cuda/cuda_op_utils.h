// What the host halves of CUDA kernels share: the device a call runs on
// (PyTorch's rule: one CUDA device, CPU 0-dim tensors are numbers), launch
// shapes and strided operands, dtype checks, output allocation, and copies
// that make a tensor contiguous or cast it on the device (Tensor's own
// contiguous() and to() copy on the host only).
//
// A CUDA operator's table (CudaTable) names the overloads its kernels serve;
// registerCudaKernels takes each schema from the CPU twin's record.
#pragma once

#include <cuda_runtime_api.h>

#include <initializer_list>
#include <utility>
#include <vector>

#include "runtime/core/boxing.h"
#include "runtime/core/operator.h"
#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/kernels/elementwise.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::cuda {

struct CudaRow {
  const char* overload;  // "aten::add.Tensor"
  Kernel kernel;
  const KernelSignature* signature;
};
using CudaTable = std::initializer_list<CudaRow>;

template <auto F>
constexpr CudaRow row(const char* overload) {
  return CudaRow{overload, &boxed<F>, &kernelSignatureOf<F>};
}

LaunchShape launchShape(IntArrayRef sizes, const char* op);
// t seen over `shape` (t broadcast to it): stride 0 where t is broadcast.
Operand operandOf(const Tensor& t, IntArrayRef shape);
void checkDtype(ScalarType t, const char* op);
bool isCpuScalar(const Tensor& t);

// The CUDA device of a call: that of its first CUDA tensor; every other
// tensor must be there too, or be a CPU 0-dim number.
Device deviceOf(std::initializer_list<const Tensor*> ts, const char* op);

// The device current and its stream, for the launches of one call.
struct OnDevice {
  explicit OnDevice(Device d);
  static int index(Device d) { return d.index < 0 ? 0 : d.index; }
  Device device;
  DeviceGuard guard;
  cudaStream_t stream;
};

// t in dtype dt on its device (t itself when it already is).
Tensor castOnDevice(const Tensor& t, ScalarType dt, const OnDevice& on);
// t contiguous on its device (t itself when it already is).
Tensor contiguousOnDevice(const Tensor& t, const OnDevice& on);
// A contiguous copy of t. Complex tensors too (copied as (re, im) pairs of
// their real type; no arithmetic).
Tensor cloneOnDevice(const Tensor& t, const OnDevice& on);
// dst (a CUDA tensor or view) = src broadcast and converted; src may be on
// the host or another device (moved over first). Complex only to the same
// complex dtype.
void copyIntoOnDevice(const Tensor& dst, const Tensor& src, const OnDevice& on);

// A new tensor of `shape` filled with value on the call's device: one element
// copied over and broadcast by the copy kernel (no host buffer of the size).
Tensor fullOnDevice(IntArrayRef shape, const Scalar& value, ScalarType dt, const OnDevice& on);
// An int64 tensor of `shape` holding `values` (made on the host, e.g. an
// index list), on the call's device.
Tensor longsOnDevice(const std::vector<int64_t>& values, IntArrayRef shape, const OnDevice& on);

double scalarValue(const Scalar& s);

// The pair a 2-D window argument (kernel_size, stride, padding, dilation)
// stands for: one value means both, none means `fallback`.
std::pair<int64_t, int64_t> pairOf(const std::vector<int64_t>& v, int64_t fallback, const char* op,
                                   const char* what);

}  // namespace jitserve::cuda
