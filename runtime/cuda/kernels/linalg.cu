// One thread per matrix for the determinant (a sequential walk down the
// diagonal, as the LAPACK-based CPU kernel does, so both round alike), one
// per element (grid-stride) for the rest.
#include <algorithm>
#include <cmath>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/kernels/linalg.h"

namespace jitserve::cuda {
namespace {

constexpr int kThreads = 256;

unsigned blocksFor(int64_t numel) {
  return static_cast<unsigned>(std::max<int64_t>(1, std::min<int64_t>((numel + kThreads - 1) / kThreads, int64_t{1} << 20)));
}

#define JS_GRID_STRIDE(p, total) \
  for (int64_t p = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; p < (total); p += int64_t{blockDim.x} * gridDim.x)

__global__ void luDeterminantKernel(const double* lu, const int* pivots, int64_t batch, int64_t n,
                                    LuDeterminant out) {
  JS_GRID_STRIDE(b, batch) {
    const double* a = lu + b * n * n;
    const int* piv = pivots + b * n;
    double d = 1, s = 1, l = 0;
    bool zero = false;
    for (int64_t i = 0; i < n; ++i) {
      const double u = a[i + i * n];
      const double flip = piv[i] != i + 1 ? -1.0 : 1.0;
      d *= flip * u;
      if (zero) continue;
      s *= flip;
      if (u == 0) {
        zero = true;
        continue;
      }
      if (u < 0) s = -s;
      l += log(fabs(u));
    }
    if (out.det) out.det[b] = d;
    if (out.sign) out.sign[b] = zero ? 0.0 : s;
    if (out.logabs) out.logabs[b] = zero ? -INFINITY : l;
    if (out.logdet) out.logdet[b] = zero ? -INFINITY : s < 0 ? NAN : l;
  }
}

__global__ void triangleKernel(const double* src, int64_t srcLd, int64_t srcStride, double* dst, int64_t batch,
                               int64_t rows, int64_t cols, Triangle part) {
  const int64_t per = rows * cols;
  JS_GRID_STRIDE(p, batch * per) {
    const int64_t b = p / per, e = p % per, i = e % rows, j = e / rows;
    const double* s = src + b * srcStride;
    double v = 0;
    switch (part) {
      case Triangle::Upper: v = i <= j ? s[i + j * srcLd] : 0.0; break;
      case Triangle::Lower: v = i >= j ? s[i + j * srcLd] : 0.0; break;
      case Triangle::UnitLower: v = i > j ? s[i + j * srcLd] : i == j ? 1.0 : 0.0; break;
      case Triangle::SymmetricFromLower: v = i >= j ? s[i + j * srcLd] : s[j + i * srcLd]; break;
      case Triangle::SymmetricFromUpper: v = i <= j ? s[i + j * srcLd] : s[j + i * srcLd]; break;
    }
    dst[b * per + e] = v;
  }
}

__global__ void identityKernel(double* dst, int64_t batch, int64_t rows, int64_t cols) {
  const int64_t per = rows * cols;
  JS_GRID_STRIDE(p, batch * per) {
    const int64_t e = p % per;
    dst[p] = e % rows == e / rows ? 1.0 : 0.0;
  }
}

__global__ void permutationMatrixKernel(const int64_t* perm, int64_t batch, int64_t m, double* P) {
  const int64_t per = m * m;
  JS_GRID_STRIDE(p, batch * per) {
    const int64_t b = p / per, e = p % per, i = e / m, j = e % m;
    P[p] = perm[b * m + j] == i ? 1.0 : 0.0;
  }
}

__global__ void nanWhereFailedKernel(double* x, const int* info, int64_t batch, int64_t per) {
  JS_GRID_STRIDE(p, batch * per) {
    if (info[p / per] != 0) x[p] = NAN;
  }
}

#undef JS_GRID_STRIDE

void launched() {
  JS_CUDA_CHECK(cudaGetLastError());
  countDeviceKernelLaunches();
}

}  // namespace

void launchLuDeterminant(const double* lu, const int* pivots, int64_t batch, int64_t n, const LuDeterminant& out,
                         cudaStream_t stream) {
  if (batch == 0) return;
  luDeterminantKernel<<<blocksFor(batch), kThreads, 0, stream>>>(lu, pivots, batch, n, out);
  launched();
}

void launchTriangle(const double* src, int64_t srcLd, int64_t srcStride, double* dst, int64_t batch, int64_t rows,
                    int64_t cols, Triangle part, cudaStream_t stream) {
  if (batch * rows * cols == 0) return;
  triangleKernel<<<blocksFor(batch * rows * cols), kThreads, 0, stream>>>(src, srcLd, srcStride, dst, batch, rows,
                                                                          cols, part);
  launched();
}

void launchIdentity(double* dst, int64_t batch, int64_t rows, int64_t cols, cudaStream_t stream) {
  if (batch * rows * cols == 0) return;
  identityKernel<<<blocksFor(batch * rows * cols), kThreads, 0, stream>>>(dst, batch, rows, cols);
  launched();
}

void launchPermutationMatrix(const int64_t* perm, int64_t batch, int64_t m, double* P, cudaStream_t stream) {
  if (batch * m == 0) return;
  permutationMatrixKernel<<<blocksFor(batch * m * m), kThreads, 0, stream>>>(perm, batch, m, P);
  launched();
}

void launchNanWhereFailed(double* x, const int* info, int64_t batch, int64_t per, cudaStream_t stream) {
  if (batch * per == 0) return;
  nanWhereFailedKernel<<<blocksFor(batch * per), kThreads, 0, stream>>>(x, info, batch, per);
  launched();
}

}  // namespace jitserve::cuda
