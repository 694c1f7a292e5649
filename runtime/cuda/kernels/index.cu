// One thread per index element (grid-stride): its coordinate from the
// linear position, the addressed element's offset with dim's coordinate
// taken from the index.
#include <algorithm>
#include <type_traits>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/element_types.cuh"
#include "runtime/cuda/kernels/index.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(int64_t numel) {
  return static_cast<unsigned>(std::min<int64_t>((numel + kThreads - 1) / kThreads, int64_t{1} << 20));
}

// The three offsets of position `linear`: index, addressed (with the index
// value for dim), other.
__device__ __forceinline__ void offsetsOf(const IndexLaunch& l, int64_t linear, const int64_t* index,
                                          int64_t& addressed, int64_t& other) {
  int64_t idx = 0;
  addressed = 0, other = 0;
  for (int d = l.ndim - 1; d >= 0; --d) {
    const int64_t i = linear % l.sizes[d];
    linear /= l.sizes[d];
    idx += i * l.index[d];
    other += i * l.other[d];
    if (d != l.dim) addressed += i * l.self[d];
  }
  addressed += index[idx] * l.self[l.dim];
}

template <typename E>
__global__ void gatherKernel(IndexLaunch l, E* out, const E* self, const int64_t* index) {
  for (int64_t p = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; p < l.numel; p += int64_t{blockDim.x} * gridDim.x) {
    int64_t a, o;
    offsetsOf(l, p, index, a, o);
    out[o] = self[a];
  }
}

template <typename E>
__global__ void scatterAssignKernel(IndexLaunch l, E* dst, const E* src, const E* value, const int64_t* index) {
  for (int64_t p = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; p < l.numel; p += int64_t{blockDim.x} * gridDim.x) {
    int64_t a, o;
    offsetsOf(l, p, index, a, o);
    dst[a] = value ? *value : src[o];
  }
}

template <typename T>
__device__ __forceinline__ void atomicAddTo(T* at, T v) {
  if constexpr (std::is_same_v<T, int64_t>) {
    atomicAdd(reinterpret_cast<unsigned long long*>(at), static_cast<unsigned long long>(v));
  } else {
    atomicAdd(at, v);
  }
}

template <typename T>
__global__ void scatterAddKernel(IndexLaunch l, T* dst, const T* src, const T* value, const int64_t* index) {
  for (int64_t p = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; p < l.numel; p += int64_t{blockDim.x} * gridDim.x) {
    int64_t a, o;
    offsetsOf(l, p, index, a, o);
    atomicAddTo(dst + a, value ? *value : src[o]);
  }
}

// *at = f(*at) atomically, by compare-and-swap on the element's bytes.
template <typename T, typename F>
__device__ void atomicApply(T* at, F f) {
  using W = std::conditional_t<sizeof(T) == 2, unsigned short,
                               std::conditional_t<sizeof(T) == 4, unsigned int, unsigned long long>>;
  static_assert(sizeof(T) == sizeof(W), "2, 4 or 8 bytes");
  W* word = reinterpret_cast<W*>(at);
  W old = *word, assumed;
  do {
    assumed = old;
    T cur;
    memcpy(&cur, &assumed, sizeof(T));
    const T next = f(cur);
    W bits;
    memcpy(&bits, &next, sizeof(T));
    old = atomicCAS(word, assumed, bits);
  } while (assumed != old);
}

template <typename T>
__global__ void scatterCasKernel(IndexLaunch l, ScatterMode mode, T* dst, const T* src, const T* value,
                                 const int64_t* index) {
  using C = typename ComputeType<T>::type;
  for (int64_t p = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; p < l.numel; p += int64_t{blockDim.x} * gridDim.x) {
    int64_t a, o;
    offsetsOf(l, p, index, a, o);
    const C v = toCompute(value ? *value : src[o]);
    atomicApply(dst + a, [mode, v](T curT) {
      const C cur = toCompute(curT);
      C r;
      if (mode == ScatterMode::Mul) {
        r = cur * v;
      } else if (cur != cur) {
        r = cur;
      } else if (v != v) {
        r = v;
      } else {
        r = mode == ScatterMode::Max ? (v > cur ? v : cur) : (v < cur ? v : cur);
      }
      return fromCompute<T>(r);
    });
  }
}

template <typename F>
void bySize(size_t elementSize, F&& f) {
  switch (elementSize) {
    case 1: f(uint8_t{}); break;
    case 2: f(uint16_t{}); break;
    case 4: f(uint32_t{}); break;
    default: f(uint64_t{}); break;
  }
}

}  // namespace

bool scatterSupports(ScatterMode mode, ScalarType t) {
  if (mode == ScatterMode::Assign) return true;
  if (mode == ScatterMode::Add) {
    return t == ScalarType::Float || t == ScalarType::Double || t == ScalarType::Half || t == ScalarType::BFloat16 ||
           t == ScalarType::Int || t == ScalarType::Long;
  }
  return t != ScalarType::Bool && t != ScalarType::Byte && t != ScalarType::Char;  // 2, 4 and 8 bytes
}

void launchGather(const IndexLaunch& l, void* out, const void* self, const int64_t* index, size_t elementSize,
                  cudaStream_t stream) {
  if (l.numel == 0) return;
  bySize(elementSize, [&](auto tag) {
    using E = decltype(tag);
    gatherKernel<E><<<blocksFor(l.numel), kThreads, 0, stream>>>(l, static_cast<E*>(out),
                                                                 static_cast<const E*>(self), index);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchScatter(ScatterMode mode, const IndexLaunch& l, void* dst, const void* src, const void* value,
                   const int64_t* index, ScalarType type, cudaStream_t stream) {
  if (l.numel == 0) return;
  if (mode == ScatterMode::Assign) {
    bySize(elementSize(type), [&](auto tag) {
      using E = decltype(tag);
      scatterAssignKernel<E><<<blocksFor(l.numel), kThreads, 0, stream>>>(
          l, static_cast<E*>(dst), static_cast<const E*>(src), static_cast<const E*>(value), index);
    });
  } else if (mode != ScatterMode::Add) {
    bool launched = false;
    dispatchReal(type, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (sizeof(T) >= 2) {
        scatterCasKernel<T><<<blocksFor(l.numel), kThreads, 0, stream>>>(
            l, mode, static_cast<T*>(dst), static_cast<const T*>(src), static_cast<const T*>(value), index);
        launched = true;
      }
    });
    if (!launched) throwCudaError(cudaErrorInvalidValue, "launchScatter: no compare-and-swap for 1-byte dtypes",
                                  __FILE__, __LINE__);
  } else {
    bool launched = false;
    dispatchReal(type, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, __half> ||
                    std::is_same_v<T, __nv_bfloat16> || std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
        scatterAddKernel<T><<<blocksFor(l.numel), kThreads, 0, stream>>>(
            l, static_cast<T*>(dst), static_cast<const T*>(src), static_cast<const T*>(value), index);
        launched = true;
      }
    });
    if (!launched) throwCudaError(cudaErrorInvalidValue, "launchScatter: no atomic add for the dtype", __FILE__, __LINE__);
  }
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace jitserve::cuda
