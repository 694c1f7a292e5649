// Block-per-row reductions: each thread folds a strided slice of its row,
// then the block combines the partial results through warp shuffles and a
// small shared array. Accumulators are float/double/int64 whatever the
// stored type.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/element_types.cuh"
#include "runtime/cuda/kernels/reduce.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

template <typename T>
__device__ __forceinline__ double toDouble(T v) {
  return static_cast<double>(toCompute(v));
}
template <typename T>
__device__ __forceinline__ T fromDouble(double v) {
  return fromCompute<T>(v);
}

// The accumulator of a stored type.
template <typename T>
struct Acc {
  using type = std::conditional_t<std::is_same_v<T, double>, double,
                                  std::conditional_t<std::is_integral_v<T>, int64_t, float>>;
};

// Combines one value per thread; `identity` pads the lanes of warp 0 that
// have no warp's partial.
template <typename A, typename Op>
__device__ A blockReduce(A v, Op op, A identity, A* shared) {
  for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_down_sync(0xffffffffu, v, offset));
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) shared[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < static_cast<int>(blockDim.x / 32) ? shared[lane] : identity;
    for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_down_sync(0xffffffffu, v, offset));
    if (lane == 0) shared[0] = v;
  }
  __syncthreads();
  const A r = shared[0];
  __syncthreads();  // shared is reused by the caller's next reduction
  return r;
}

template <typename A>
__device__ __forceinline__ bool isNan(A v) {
  if constexpr (std::is_floating_point_v<A>) {
    return v != v;
  } else {
    return false;
  }
}

template <typename T, typename O>
__global__ void rowReduceKernel(ReduceOp op, int64_t cols, const T* in, O* out) {
  using A = typename Acc<T>::type;
  __shared__ A shared[kWarps];
  const T* row = in + blockIdx.x * cols;
  A v;
  if (op == ReduceOp::Sum || op == ReduceOp::Mean) {
    v = A(0);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) v += static_cast<A>(toDouble(row[c]));
    v = blockReduce(v, [](A a, A b) { return a + b; }, A(0), shared);
    if (threadIdx.x == 0) {
      const double r = op == ReduceOp::Mean ? static_cast<double>(v) / static_cast<double>(cols) : static_cast<double>(v);
      out[blockIdx.x] = fromDouble<O>(r);
    }
    return;
  }
  const bool isMax = op == ReduceOp::Max;
  v = static_cast<A>(toDouble(row[0]));
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const A x = static_cast<A>(toDouble(row[c]));
    if (isNan(x) || (!isNan(v) && (isMax ? x > v : x < v))) v = x;
  }
  // Max and min are idempotent: any real element pads the empty lanes.
  const A pad = static_cast<A>(toDouble(row[0]));
  v = blockReduce(v,
                  [isMax](A a, A b) {
                    if (isNan(a)) return a;
                    if (isNan(b)) return b;
                    return isMax ? (b > a ? b : a) : (b < a ? b : a);
                  },
                  pad, shared);
  if (threadIdx.x == 0) out[blockIdx.x] = fromDouble<O>(static_cast<double>(v));
}

template <typename T>
__global__ void rowArgReduceKernel(bool isMax, int64_t cols, const T* in, T* values, int64_t* indices) {
  using A = typename Acc<T>::type;
  __shared__ A sharedV[kThreads];
  __shared__ int64_t sharedI[kThreads];
  const T* row = in + blockIdx.x * cols;
  A best = static_cast<A>(toDouble(row[0]));
  int64_t at = 0;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const A x = static_cast<A>(toDouble(row[c]));
    const bool better = isNan(best) ? false : isNan(x) || (isMax ? x > best : x < best);
    if (better || (c < at && (x == best || (isNan(x) && isNan(best))))) {
      best = x;
      at = c;
    }
  }
  sharedV[threadIdx.x] = best;
  sharedI[threadIdx.x] = at;
  __syncthreads();
  for (int step = blockDim.x / 2; step > 0; step /= 2) {
    if (static_cast<int>(threadIdx.x) < step) {
      const A a = sharedV[threadIdx.x], b = sharedV[threadIdx.x + step];
      const int64_t ia = sharedI[threadIdx.x], ib = sharedI[threadIdx.x + step];
      bool takeB;
      if (isNan(a) || isNan(b)) {
        takeB = isNan(b) && (!isNan(a) || ib < ia);
      } else {
        takeB = (isMax ? b > a : b < a) || (b == a && ib < ia);
      }
      if (takeB) {
        sharedV[threadIdx.x] = b;
        sharedI[threadIdx.x] = ib;
      }
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    values[blockIdx.x] = fromDouble<T>(static_cast<double>(sharedV[0]));
    indices[blockIdx.x] = sharedI[0];
  }
}

// Whether (a, ia) comes strictly before (b, ib) in topk's order.
template <typename A>
__device__ __forceinline__ bool topkBefore(bool largest, A a, int64_t ia, A b, int64_t ib) {
  const bool na = isNan(a), nb = isNan(b);
  if (na || nb) {
    if (na && nb) return ia < ib;
    return largest ? na : nb;
  }
  if (a != b) return largest ? a > b : a < b;
  return ia < ib;
}

// k rounds per row; round r takes the first element (in topk's order) after
// the one round r - 1 took, so nothing is marked and rows need no scratch.
template <typename T>
__global__ void rowTopkKernel(bool largest, int64_t cols, int64_t k, const T* in, T* values, int64_t* indices) {
  using A = typename Acc<T>::type;
  __shared__ A sharedV[kThreads];
  __shared__ int64_t sharedI[kThreads];
  const T* row = in + blockIdx.x * cols;
  A prev = A(0);
  int64_t prevAt = -1;
  for (int64_t r = 0; r < k; ++r) {
    A best = A(0);
    int64_t at = -1;
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
      const A x = static_cast<A>(toDouble(row[c]));
      if (prevAt >= 0 && !topkBefore(largest, prev, prevAt, x, c)) continue;
      if (at < 0 || topkBefore(largest, x, c, best, at)) {
        best = x;
        at = c;
      }
    }
    sharedV[threadIdx.x] = best;
    sharedI[threadIdx.x] = at;
    __syncthreads();
    for (int step = blockDim.x / 2; step > 0; step /= 2) {
      if (static_cast<int>(threadIdx.x) < step) {
        const int64_t ia = sharedI[threadIdx.x], ib = sharedI[threadIdx.x + step];
        if (ib >= 0 && (ia < 0 || topkBefore(largest, sharedV[threadIdx.x + step], ib, sharedV[threadIdx.x], ia))) {
          sharedV[threadIdx.x] = sharedV[threadIdx.x + step];
          sharedI[threadIdx.x] = ib;
        }
      }
      __syncthreads();
    }
    prev = sharedV[0];
    prevAt = sharedI[0];
    if (threadIdx.x == 0) {
      values[blockIdx.x * k + r] = fromDouble<T>(static_cast<double>(prev));
      indices[blockIdx.x * k + r] = prevAt;
    }
    __syncthreads();  // the shared arrays are rewritten next round
  }
}

template <typename T, typename O>
__global__ void rowSoftmaxKernel(bool logOut, bool zeroMaskedRows, int64_t cols, const T* in, O* out) {
  using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
  __shared__ A shared[kWarps];
  const T* row = in + blockIdx.x * cols;
  O* dst = out + blockIdx.x * cols;
  A m = static_cast<A>(-INFINITY);
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) m = max(m, static_cast<A>(toDouble(row[c])));
  m = blockReduce(m, [](A a, A b) { return a > b ? a : b; }, static_cast<A>(-INFINITY), shared);
  if (zeroMaskedRows && m == static_cast<A>(-INFINITY)) {
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) dst[c] = fromDouble<O>(0.0);
    return;
  }
  A sum = 0;
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) sum += exp(static_cast<A>(toDouble(row[c])) - m);
  sum = blockReduce(sum, [](A a, A b) { return a + b; }, A(0), shared);
  const A logSum = log(sum);
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const A x = static_cast<A>(toDouble(row[c])) - m;
    dst[c] = fromDouble<O>(static_cast<double>(logOut ? x - logSum : exp(x) / sum));
  }
}

}  // namespace

void launchRowReduce(ReduceOp op, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                     ScalarType outType, cudaStream_t stream) {
  if (rows == 0) return;
  bool launched = false;
  dispatchReal(inType, [&](auto inTag) {
    using T = decltype(inTag);
    dispatchReal(outType, [&](auto outTag) {
      using O = decltype(outTag);
      if constexpr (std::is_same_v<T, O> || std::is_same_v<O, int64_t>) {
        rowReduceKernel<T, O><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
            op, cols, static_cast<const T*>(in), static_cast<O*>(out));
        launched = true;
      }
    });
  });
  // The host half only asks for the pairs instantiated above.
  if (!launched) throwCudaError(cudaErrorInvalidValue, "launchRowReduce: unsupported dtype pair", __FILE__, __LINE__);
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchRowArgReduce(bool isMax, int64_t rows, int64_t cols, const void* in, ScalarType type, void* values,
                        int64_t* indices, cudaStream_t stream) {
  if (rows == 0) return;
  dispatchReal(type, [&](auto tag) {
    using T = decltype(tag);
    rowArgReduceKernel<T><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
        isMax, cols, static_cast<const T*>(in), static_cast<T*>(values), indices);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchRowTopk(bool largest, int64_t rows, int64_t cols, int64_t k, const void* in, ScalarType type, void* values,
                   int64_t* indices, cudaStream_t stream) {
  if (rows == 0 || k == 0) return;
  dispatchReal(type, [&](auto tag) {
    using T = decltype(tag);
    rowTopkKernel<T><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
        largest, cols, k, static_cast<const T*>(in), static_cast<T*>(values), indices);
  });
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchRowSoftmax(bool logOut, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                      ScalarType outType, cudaStream_t stream, bool zeroMaskedRows) {
  if (rows == 0 || cols == 0) return;
  bool launched = false;
  dispatchReal(inType, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>) {
      if (outType == inType) {
        rowSoftmaxKernel<T, T><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
            logOut, zeroMaskedRows, cols, static_cast<const T*>(in), static_cast<T*>(out));
        launched = true;
      }
    }
  });
  // The host half casts first: only same-dtype floating softmax exists.
  if (!launched) throwCudaError(cudaErrorInvalidValue, "launchRowSoftmax: unsupported dtypes", __FILE__, __LINE__);
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace jitserve::cuda
