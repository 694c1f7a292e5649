// Small kernels around cuSOLVER's factorizations (cuda_dense.h): batches of
// column-major double matrices, matrix b at base + b * stride, leading
// dimension = its rows. Launches go on the given stream and do not wait.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace jitserve::cuda {

// From B packed n x n LU factors and their 1-based pivots (n per matrix):
// det = prod(U_ii) * (-1)^swaps; sign and log|det| with (0, -inf) for a zero
// pivot, as LAPACK-based slogdet; logdet is log|det|, NaN for a negative
// determinant. Any output may be null.
struct LuDeterminant {
  double* det = nullptr;
  double* sign = nullptr;
  double* logabs = nullptr;
  double* logdet = nullptr;
};
void launchLuDeterminant(const double* lu, const int* pivots, int64_t batch, int64_t n, const LuDeterminant& out,
                         cudaStream_t stream);

enum class Triangle : uint8_t {
  Upper,      // i <= j kept
  Lower,      // i >= j kept
  UnitLower,  // i > j kept, ones on the diagonal
  // Symmetric matrices from one triangle: (i, j) outside it read at (j, i).
  SymmetricFromLower,
  SymmetricFromUpper,
};
// dst (rows x cols, ld rows, stride rows * cols) = the triangle of src (ld
// srcLd, stride srcStride), zeros elsewhere. src may be dst (same ld).
void launchTriangle(const double* src, int64_t srcLd, int64_t srcStride, double* dst, int64_t batch, int64_t rows,
                    int64_t cols, Triangle part, cudaStream_t stream);

// B identity matrices of rows x cols (ones on the main diagonal).
void launchIdentity(double* dst, int64_t batch, int64_t rows, int64_t cols, cudaStream_t stream);

// Row-major m x m permutation matrices with P[perm[j], j] = 1 (perm: B x m).
void launchPermutationMatrix(const int64_t* perm, int64_t batch, int64_t m, double* P, cudaStream_t stream);

// x[b * per .. (b + 1) * per) = NaN where info[b] != 0.
void launchNanWhereFailed(double* x, const int* info, int64_t batch, int64_t per, cudaStream_t stream);

}  // namespace jitserve::cuda
