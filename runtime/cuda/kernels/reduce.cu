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
  if (op == ReduceOp::NanSum || op == ReduceOp::NanMean) {
    v = A(0);
    A count = A(0);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
      const A x = static_cast<A>(toDouble(row[c]));
      if (!isNan(x)) v += x, count += A(1);
    }
    v = blockReduce(v, [](A a, A b) { return a + b; }, A(0), shared);
    if (op == ReduceOp::NanMean) count = blockReduce(count, [](A a, A b) { return a + b; }, A(0), shared);
    if (threadIdx.x == 0) {
      const double r = op == ReduceOp::NanMean ? static_cast<double>(v) / static_cast<double>(count)
                                               : static_cast<double>(v);
      out[blockIdx.x] = fromDouble<O>(r);
    }
    return;
  }
  if (op == ReduceOp::Prod) {
    v = A(1);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) v *= static_cast<A>(toDouble(row[c]));
    v = blockReduce(v, [](A a, A b) { return a * b; }, A(1), shared);
    if (threadIdx.x == 0) out[blockIdx.x] = fromDouble<O>(static_cast<double>(v));
    return;
  }
  if (op == ReduceOp::Any || op == ReduceOp::All) {
    const bool any = op == ReduceOp::Any;
    A flag = any ? A(0) : A(1);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
      const bool nz = static_cast<A>(toDouble(row[c])) != A(0);
      flag = any ? (flag != A(0) || nz ? A(1) : A(0)) : (flag != A(0) && nz ? A(1) : A(0));
    }
    flag = blockReduce(flag, [any](A a, A b) { return any ? (a != A(0) || b != A(0) ? A(1) : A(0))
                                                          : (a != A(0) && b != A(0) ? A(1) : A(0)); },
                       any ? A(0) : A(1), shared);
    if (threadIdx.x == 0) out[blockIdx.x] = fromDouble<O>(static_cast<double>(flag));
    return;
  }
  if (op == ReduceOp::LogSumExp) {
    // In float (double for double); the host sends floating rows only.
    using F = std::conditional_t<std::is_same_v<T, double>, double, float>;
    __shared__ F sharedF[kWarps];
    F m = static_cast<F>(-INFINITY);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
      const F x = static_cast<F>(toDouble(row[c]));
      if (isNan(x) || x > m) m = x;
    }
    m = blockReduce(m, [](F a, F b) { return isNan(a) ? a : (isNan(b) ? b : (a > b ? a : b)); },
                    static_cast<F>(-INFINITY), sharedF);
    // An infinite max is the answer (exp of inf - inf would be NaN).
    const bool infinite = isinf(m);
    const F shift = infinite ? F(0) : m;
    F sum = F(0);
    for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) sum += exp(static_cast<F>(toDouble(row[c])) - shift);
    sum = blockReduce(sum, [](F a, F b) { return a + b; }, F(0), sharedF);
    if (threadIdx.x == 0) out[blockIdx.x] = fromDouble<O>(static_cast<double>(infinite ? m : shift + log(sum)));
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

template <typename T>
__global__ void rowVarKernel(int64_t cols, const T* in, T* var, T* mean, double correction, bool takeSqrt) {
  using A = std::conditional_t<std::is_same_v<T, double>, double, float>;
  __shared__ A shared[kWarps];
  const T* row = in + blockIdx.x * cols;
  A sum = A(0);
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) sum += static_cast<A>(toDouble(row[c]));
  sum = blockReduce(sum, [](A a, A b) { return a + b; }, A(0), shared);
  const A mu = sum / static_cast<A>(cols);
  A sq = A(0);
  for (int64_t c = threadIdx.x; c < cols; c += blockDim.x) {
    const A d = static_cast<A>(toDouble(row[c])) - mu;
    sq += d * d;
  }
  sq = blockReduce(sq, [](A a, A b) { return a + b; }, A(0), shared);
  if (threadIdx.x == 0) {
    const double dof = static_cast<double>(cols) - correction;
    double v = static_cast<double>(sq) / (dof > 0 ? dof : 0.0);
    if (takeSqrt) v = sqrt(v);
    var[blockIdx.x] = fromDouble<T>(v);
    if (mean) mean[blockIdx.x] = fromDouble<T>(static_cast<double>(mu));
  }
}

template <typename T, typename O>
__global__ void rowScanKernel(ScanOp op, int64_t rows, int64_t cols, const T* in, O* out, int64_t* indices) {
  using A = std::conditional_t<std::is_floating_point_v<O>, O,
                               std::conditional_t<std::is_integral_v<O>, int64_t, float>>;
  const int64_t r = blockIdx.x * int64_t{blockDim.x} + threadIdx.x;
  if (r >= rows) return;
  const T* src = in + r * cols;
  O* dst = out + r * cols;
  A acc = op == ScanOp::Prod ? A(1) : (op == ScanOp::LogSumExp ? static_cast<A>(-INFINITY) : A(0));
  int64_t at = 0;
  for (int64_t c = 0; c < cols; ++c) {
    const A x = static_cast<A>(toDouble(src[c]));
    if (op == ScanOp::Max || op == ScanOp::Min) {
      const bool better = c == 0 || isNan(x) ||
                          (!isNan(acc) && (op == ScanOp::Max ? x >= acc : x <= acc));
      if (better) acc = x, at = c;
      dst[c] = fromDouble<O>(static_cast<double>(acc));
      if (indices) indices[r * cols + c] = at;
      continue;
    }
    if (op == ScanOp::Sum) {
      acc += x;
    } else if (op == ScanOp::Prod) {
      acc *= x;
    } else {
      const double a = static_cast<double>(acc), b = static_cast<double>(x);
      const double m = a > b ? a : b;
      acc = static_cast<A>(isinf(m) && a == b ? m : m + log1p(exp(-fabs(a - b))));
      if (isNan(x)) acc = x;
    }
    dst[c] = fromDouble<O>(static_cast<double>(acc));
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
      if constexpr (std::is_same_v<T, O> || std::is_same_v<O, int64_t> || std::is_same_v<O, bool>) {
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

void launchRowVar(int64_t rows, int64_t cols, const void* in, ScalarType type, void* var, void* mean,
                  double correction, bool takeSqrt, cudaStream_t stream) {
  if (rows == 0) return;
  bool launched = false;
  dispatchReal(type, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_floating_point_v<T> || std::is_same_v<T, __half> || std::is_same_v<T, __nv_bfloat16>) {
      rowVarKernel<T><<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
          cols, static_cast<const T*>(in), static_cast<T*>(var), static_cast<T*>(mean), correction, takeSqrt);
      launched = true;
    }
  });
  if (!launched) throwCudaError(cudaErrorInvalidValue, "launchRowVar: not a floating dtype", __FILE__, __LINE__);
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

void launchRowScan(ScanOp op, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                   ScalarType outType, cudaStream_t stream, int64_t* indices) {
  if (rows == 0 || cols == 0) return;
  bool launched = false;
  dispatchReal(inType, [&](auto inTag) {
    using T = decltype(inTag);
    dispatchReal(outType, [&](auto outTag) {
      using O = decltype(outTag);
      if constexpr (std::is_same_v<T, O> || std::is_same_v<O, int64_t>) {
        const unsigned blocks = static_cast<unsigned>((rows + kThreads - 1) / kThreads);
        rowScanKernel<T, O><<<blocks, kThreads, 0, stream>>>(op, rows, cols, static_cast<const T*>(in),
                                                            static_cast<O*>(out), indices);
        launched = true;
      }
    });
  });
  if (!launched) throwCudaError(cudaErrorInvalidValue, "launchRowScan: unsupported dtype pair", __FILE__, __LINE__);
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
