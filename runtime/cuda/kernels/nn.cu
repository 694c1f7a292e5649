// Layer kernels: one thread per output element for batch norm, pooling and
// resampling,
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
__global__ void maxPool2dKernel(const T* x, T* y, int64_t* indices, Pool2dGeometry g, int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight, p = i / (g.outWidth * g.outHeight);
    const T* plane = x + p * g.height * g.width;
    const int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
    A best = -INFINITY;
    int64_t at = -1;
    bool nan = false;
    for (int a = 0; a < g.kh && !nan; ++a) {
      const int64_t h = h0 + int64_t{a} * g.dh;
      if (h < 0 || h >= g.height) continue;
      for (int b = 0; b < g.kw; ++b) {
        const int64_t w = w0 + int64_t{b} * g.dw;
        if (w < 0 || w >= g.width) continue;
        const A v = loadAs<T, A>(plane, h * g.width + w);
        if (v != v) {
          nan = true, at = h * g.width + w;
          break;
        }
        if (v > best || at < 0) best = v, at = h * g.width + w;
      }
    }
    y[i] = storeAs<T>(nan ? A(NAN) : best);
    if (indices) indices[i] = at;
  }
}

template <typename T>
__global__ void avgPool2dKernel(const T* x, T* y, Pool2dGeometry g, bool countIncludePad, int64_t divisor,
                                int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight, p = i / (g.outWidth * g.outHeight);
    const T* plane = x + p * g.height * g.width;
    int64_t h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
    int64_t h1 = min(h0 + g.kh, g.height + g.ph), w1 = min(w0 + g.kw, g.width + g.pw);
    const int64_t padded = (h1 - h0) * (w1 - w0);
    h0 = max(h0, int64_t{0}), w0 = max(w0, int64_t{0});
    h1 = min(h1, g.height), w1 = min(w1, g.width);
    A sum = 0;
    for (int64_t h = h0; h < h1; ++h)
      for (int64_t w = w0; w < w1; ++w) sum += loadAs<T, A>(plane, h * g.width + w);
    // divisor 0 stands for none (the host rejects a zero override); a
    // negative override divides too, as on the CPU.
    const int64_t count = divisor != 0 ? divisor : (countIncludePad ? padded : (h1 - h0) * (w1 - w0));
    y[i] = storeAs<T>(sum / static_cast<A>(count));
  }
}

template <typename T>
__global__ void adaptiveMaxPool2dKernel(const T* x, T* y, int64_t* indices, int64_t height, int64_t width,
                                        int64_t outHeight, int64_t outWidth, int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % outWidth, oh = (i / outWidth) % outHeight, p = i / (outWidth * outHeight);
    const int64_t h0 = oh * height / outHeight, h1 = ((oh + 1) * height + outHeight - 1) / outHeight;
    const int64_t w0 = ow * width / outWidth, w1 = ((ow + 1) * width + outWidth - 1) / outWidth;
    const T* plane = x + p * height * width;
    A best = -INFINITY;
    int64_t at = h0 * width + w0;
    bool nan = false;
    for (int64_t h = h0; h < h1 && !nan; ++h) {
      for (int64_t w = w0; w < w1; ++w) {
        const A v = loadAs<T, A>(plane, h * width + w);
        if (v != v) {
          nan = true, best = v, at = h * width + w;
          break;
        }
        if (v > best) best = v, at = h * width + w;
      }
    }
    y[i] = storeAs<T>(best);
    indices[i] = at;
  }
}

template <typename T>
__global__ void pool3dKernel(const T* x, T* y, int64_t* indices, Pool3dGeometry g, int mode, bool countIncludePad,
                             int64_t divisor, int64_t total) {
  // mode 0: max, 1: average, 2: adaptive max, 3: adaptive average
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight,
                  od = (i / (g.outWidth * g.outHeight)) % g.outDepth,
                  p = i / (g.outWidth * g.outHeight * g.outDepth);
    const T* plane = x + p * g.depth * g.height * g.width;
    int64_t d0, d1, h0, h1, w0, w1, stepD = 1, stepH = 1, stepW = 1;
    int64_t padded = 0;
    if (mode >= 2) {
      d0 = od * g.depth / g.outDepth, d1 = ((od + 1) * g.depth + g.outDepth - 1) / g.outDepth;
      h0 = oh * g.height / g.outHeight, h1 = ((oh + 1) * g.height + g.outHeight - 1) / g.outHeight;
      w0 = ow * g.width / g.outWidth, w1 = ((ow + 1) * g.width + g.outWidth - 1) / g.outWidth;
    } else {
      d0 = od * g.sd - g.pd, h0 = oh * g.sh - g.ph, w0 = ow * g.sw - g.pw;
      if (mode == 0) {
        stepD = g.dd, stepH = g.dh, stepW = g.dw;
        d1 = d0 + int64_t{g.kd - 1} * g.dd + 1, h1 = h0 + int64_t{g.kh - 1} * g.dh + 1,
        w1 = w0 + int64_t{g.kw - 1} * g.dw + 1;
      } else {
        d1 = min(d0 + g.kd, g.depth + g.pd), h1 = min(h0 + g.kh, g.height + g.ph), w1 = min(w0 + g.kw, g.width + g.pw);
        padded = (d1 - d0) * (h1 - h0) * (w1 - w0);
        d0 = max(d0, int64_t{0}), h0 = max(h0, int64_t{0}), w0 = max(w0, int64_t{0});
        d1 = min(d1, g.depth), h1 = min(h1, g.height), w1 = min(w1, g.width);
      }
    }
    const bool isMax = mode == 0 || mode == 2;
    A acc = isMax ? A(-INFINITY) : A(0);
    int64_t at = -1;
    bool nan = false;
    for (int64_t d = d0; d < d1 && !nan; d += stepD) {
      if (d < 0 || d >= g.depth) continue;
      for (int64_t h = h0; h < h1 && !nan; h += stepH) {
        if (h < 0 || h >= g.height) continue;
        for (int64_t w = w0; w < w1; w += stepW) {
          if (w < 0 || w >= g.width) continue;
          const int64_t off = (d * g.height + h) * g.width + w;
          const A v = loadAs<T, A>(plane, off);
          if (!isMax) {
            acc += v;
          } else if (v != v) {
            nan = true, acc = v, at = off;
            break;
          } else if (v > acc || at < 0) {
            acc = v, at = off;
          }
        }
      }
    }
    if (isMax) {
      y[i] = storeAs<T>(acc);
      if (indices) indices[i] = at;
    } else {
      const int64_t count = mode == 3 ? (d1 - d0) * (h1 - h0) * (w1 - w0)
                            : divisor != 0 ? divisor  // 0: none; negative overrides divide too
                            : countIncludePad ? padded
                                              : (d1 - d0) * (h1 - h0) * (w1 - w0);
      y[i] = storeAs<T>(acc / static_cast<A>(count));
    }
  }
}

template <typename T>
__global__ void resampleKernel(const T* x, T* y, ResampleGeometry g, int64_t total) {
  using A = AccOf<T>;
  JS_GRID_STRIDE(i, total) {
    const int64_t ow = i % g.outWidth, oh = (i / g.outWidth) % g.outHeight,
                  od = (i / (g.outWidth * g.outHeight)) % g.outDepth,
                  p = i / (g.outWidth * g.outHeight * g.outDepth);
    const T* plane = x + p * g.depth * g.height * g.width;
    if (!g.linear) {
      const int64_t d = min(static_cast<int64_t>(floor(od * g.scaleD)), g.depth - 1);
      const int64_t h = min(static_cast<int64_t>(floor(oh * g.scaleH)), g.height - 1);
      const int64_t w = min(static_cast<int64_t>(floor(ow * g.scaleW)), g.width - 1);
      y[i] = plane[(d * g.height + h) * g.width + w];
      continue;
    }
    // The source coordinate, its two neighbours and their weights, per dim.
    auto source = [&](int64_t o, int64_t in, int64_t out, double scale, int64_t& lo, int64_t& hi, A& frac) {
      double c;
      if (g.alignCorners) {
        c = out > 1 ? static_cast<double>(o) * static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
      } else {
        c = (static_cast<double>(o) + 0.5) * scale - 0.5;
        if (c < 0) c = 0;
      }
      lo = min(static_cast<int64_t>(c), in - 1);
      hi = min(lo + 1, in - 1);
      frac = static_cast<A>(c - static_cast<double>(lo));
    };
    int64_t d0, d1, h0, h1, w0, w1;
    A fd, fh, fw;
    source(od, g.depth, g.outDepth, g.scaleD, d0, d1, fd);
    source(oh, g.height, g.outHeight, g.scaleH, h0, h1, fh);
    source(ow, g.width, g.outWidth, g.scaleW, w0, w1, fw);
    auto at = [&](int64_t d, int64_t h, int64_t w) { return loadAs<T, A>(plane, (d * g.height + h) * g.width + w); };
    auto bilinear = [&](int64_t d) {
      const A top = at(d, h0, w0) * (A(1) - fw) + at(d, h0, w1) * fw;
      const A bottom = at(d, h1, w0) * (A(1) - fw) + at(d, h1, w1) * fw;
      return top * (A(1) - fh) + bottom * fh;
    };
    y[i] = storeAs<T>(g.depth == 1 ? bilinear(0) : bilinear(d0) * (A(1) - fd) + bilinear(d1) * fd);
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

void launchMaxPool2d(const void* x, void* y, ScalarType type, const Pool2dGeometry& g, cudaStream_t stream,
                     int64_t* indices) {
  const int64_t total = g.planes * g.outHeight * g.outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    maxPool2dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(static_cast<const T*>(x), static_cast<T*>(y),
                                                                  indices, g, total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchAvgPool2d(const void* x, void* y, ScalarType type, const Pool2dGeometry& g, bool countIncludePad,
                     int64_t divisor, cudaStream_t stream) {
  const int64_t total = g.planes * g.outHeight * g.outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    avgPool2dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(static_cast<const T*>(x), static_cast<T*>(y), g,
                                                                  countIncludePad, divisor, total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchAdaptiveMaxPool2d(const void* x, void* y, int64_t* indices, ScalarType type, int64_t planes,
                             int64_t height, int64_t width, int64_t outHeight, int64_t outWidth, cudaStream_t stream) {
  const int64_t total = planes * outHeight * outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    adaptiveMaxPool2dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(
        static_cast<const T*>(x), static_cast<T*>(y), indices, height, width, outHeight, outWidth, total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

namespace {
void launchPool3d(const void* x, void* y, int64_t* indices, ScalarType type, const Pool3dGeometry& g, int mode,
                  bool countIncludePad, int64_t divisor, cudaStream_t stream) {
  const int64_t total = g.planes * g.outDepth * g.outHeight * g.outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    pool3dKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(static_cast<const T*>(x), static_cast<T*>(y), indices,
                                                               g, mode, countIncludePad, divisor, total);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}
}  // namespace

void launchMaxPool3d(const void* x, void* y, int64_t* indices, ScalarType type, const Pool3dGeometry& g,
                     cudaStream_t stream) {
  launchPool3d(x, y, indices, type, g, 0, false, 0, stream);
}
void launchAvgPool3d(const void* x, void* y, ScalarType type, const Pool3dGeometry& g, bool countIncludePad,
                     int64_t divisor, cudaStream_t stream) {
  launchPool3d(x, y, nullptr, type, g, 1, countIncludePad, divisor, stream);
}
void launchAdaptivePool3d(const void* x, void* y, int64_t* indices, bool max, ScalarType type,
                          const Pool3dGeometry& g, cudaStream_t stream) {
  launchPool3d(x, y, indices, type, g, max ? 2 : 3, false, 0, stream);
}

void launchResample(const void* x, void* y, ScalarType type, const ResampleGeometry& g, cudaStream_t stream) {
  const int64_t total = g.planes * g.outDepth * g.outHeight * g.outWidth;
  if (total == 0) return;
  dispatchFloating(type, [&](auto tag) {
    using T = decltype(tag);
    resampleKernel<T><<<blocksFor(total), kThreads, 0, stream>>>(static_cast<const T*>(x), static_cast<T*>(y), g,
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
