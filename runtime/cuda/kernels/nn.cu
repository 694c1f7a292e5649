// Layer kernels: one thread per output element for batch norm and pooling,
// one block per row for layer norm (two passes over the row: mean, then the
// centered sum of squares, which is more accurate than E[x^2] - E[x]^2).
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/element_types.cuh"
#include "runtime/cuda/kernels/nn.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;

template <typename T, typename A>
__device__ __forceinline__ A loadAs(const T* p, int64_t i) {
  return static_cast<A>(toCompute(p[i]));
}
template <typename T, typename A>
__device__ __forceinline__ T storeAs(A v) {
  return fromCompute<T>(v);
}

template <typename T>
using AccOf = std::conditional_t<std::is_same_v<T, double>, double, float>;

unsigned blocksFor(int64_t n) {
  return static_cast<unsigned>(std::min<int64_t>((n + kThreads - 1) / kThreads, int64_t{1} << 20));
}

#define JS_GRID_STRIDE(i, n) \
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < (n); i += int64_t{blockDim.x} * gridDim.x)

template <typename T>
__global__ void batchNormKernel(const T* x, T* y, int64_t numel, int64_t channels, int64_t inner,
                                const AccOf<T>* mean, const AccOf<T>* var, const AccOf<T>* weight,
                                const AccOf<T>* bias, AccOf<T> eps) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, numel) {
    const int64_t c = (i / inner) % channels;
    A scale = A(1) / sqrt(var[c] + eps);
    if (weight != nullptr) scale *= weight[c];
    A shift = -mean[c] * scale;
    if (bias != nullptr) shift += bias[c];
    y[i] = storeAs<T>(loadAs<T, A>(x, i) * scale + shift);
  }
}

template <typename A>
__device__ A blockSum(A v, A* shared) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) shared[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / 32) ? shared[lane] : A(0);
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0) shared[0] = v;
  }
  __syncthreads();
  const A r = shared[0];
  __syncthreads();
  return r;
}

template <typename T>
__global__ void layerNormKernel(const T* x, T* y, int64_t cols, const AccOf<T>* weight, const AccOf<T>* bias,
                                AccOf<T> eps) {
  using A = AccOf<T>;
  __shared__ A shared[kThreads / 32];
  const T* row = x + blockIdx.x * cols;
  T* dst = y + blockIdx.x * cols;
  A sum = 0;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) sum += loadAs<T, A>(row, c);
  const A mean = blockSum(sum, shared) / static_cast<A>(cols);
  A sq = 0;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const A d = loadAs<T, A>(row, c) - mean;
    sq += d * d;
  }
  const A rstd = A(1) / sqrt(blockSum(sq, shared) / static_cast<A>(cols) + eps);
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    A v = (loadAs<T, A>(row, c) - mean) * rstd;
    if (weight != nullptr) v *= weight[c];
    if (bias != nullptr) v += bias[c];
    dst[c] = storeAs<T>(v);
  }
}

template <typename T>
__global__ void maxPool2dKernel(const T* x, T* y, Pool2dGeometry g, int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight, p = i / (g.outWidth * g.outHeight);
    const T* plane = x + p * g.height * g.width;
    const int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
    A best = -INFINITY;
    bool nan = false;
    for (int a = 0; a < g.kh; ++a) {
      const int64_t h = h0 + int64_t{a} * g.dh;
      if (h < 0 || h >= g.height) continue;
      for (int b = 0; b < g.kw; ++b) {
        const int64_t w = w0 + int64_t{b} * g.dw;
        if (w < 0 || w >= g.width) continue;
        const A v = loadAs<T, A>(plane, h * g.width + w);
        if (v != v) nan = true;
        else if (v > best) best = v;
      }
    }
    y[i] = storeAs<T>(nan ? A(NAN) : best);
  }
}

template <typename T>
__global__ void adaptiveAvgPool2dKernel(const T* x, T* y, int64_t height, int64_t width, int64_t outHeight,
                                        int64_t outWidth, int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % outWidth, oh = (i / outWidth) % outHeight, p = i / (outWidth * outHeight);
    const int64_t h0 = oh * height / outHeight, h1 = ((oh + 1) * height + outHeight - 1) / outHeight;
    const int64_t w0 = ow * width / outWidth, w1 = ((ow + 1) * width + outWidth - 1) / outWidth;
    const T* plane = x + p * height * width;
    A sum = 0;
    for (int64_t h = h0; h < h1; ++h)
      for (int64_t w = w0; w < w1; ++w) sum += loadAs<T, A>(plane, h * width + w);
    y[i] = storeAs<T>(sum / static_cast<A>((h1 - h0) * (w1 - w0)));
  }
}

}  // namespace

void launchBatchNormInference(const void* x, void* y, ScalarType type, int64_t numel, int64_t channels,
                              int64_t inner, const void* mean, const void* var, const void* weight, const void* bias,
                              double eps, cudaStream_t stream) {
  if (numel == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    using A = AccOf<T>;
    batchNormKernel<T><<<blocksFor(numel), kThreads, 0, stream>>>(
        static_cast<const T*>(x), static_cast<T*>(y), numel, channels, inner, static_cast<const A*>(mean),
        static_cast<const A*>(var), static_cast<const A*>(weight), static_cast<const A*>(bias), static_cast<A>(eps));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchLayerNorm(const void* x, void* y, ScalarType type, int64_t rows, int64_t cols, const void* weight,
                     const void* bias, double eps, cudaStream_t stream) {
  if (rows == 0 || cols == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    using A = AccOf<T>;
    layerNormKernel<T><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
        static_cast<const T*>(x), static_cast<T*>(y), cols, static_cast<const A*>(weight),
        static_cast<const A*>(bias), static_cast<A>(eps));
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchMaxPool2d(const void* x, void* y, ScalarType type, const Pool2dGeometry& g, cudaStream_t stream) {
  const int64_t total = g.planes * g.outHeight * g.outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    maxPool2dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(static_cast<const T*>(x), static_cast<T*>(y), g,
                                                                  total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchAdaptiveAvgPool2d(const void* x, void* y, ScalarType type, int64_t planes, int64_t height, int64_t width,
                             int64_t outHeight, int64_t outWidth, cudaStream_t stream) {
  const int64_t total = planes * outHeight * outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    adaptiveAvgPool2dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(
        static_cast<const T*>(x), static_cast<T*>(y), height, width, outHeight, outWidth, total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace jitserve::cuda
