// Batches of matrices as cuSOLVER and cuBLAS take them, for the dense linear
// algebra kernels (cuda_lu_ops.cpp, cuda_decomp_ops.cpp).
//
// Every factorization runs in double whatever the input's floating dtype,
// as the CPU kernels do (runtime/ops/linalg_decomp_ops.cpp converts to
// double for LAPACK), so a float result is the double one rounded once and
// matches the CPU's to float precision. A Dense holds B matrices of rows x
// cols column-major, one after another (its tensor is (B, cols, rows)
// row-major, i.e. each matrix's transpose), the leading dimension its rows.
// cuSOLVER writes status codes per matrix into an int32 device vector;
// reading them back (hostInts) synchronizes the stream, as PyTorch's
// check_errors does.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::cuda {

struct Dense {
  Tensor data;  // (B, cols, rows) contiguous double
  int64_t B = 0, rows = 0, cols = 0;
  double* mat(int64_t b) const;
  int ld() const;
};

// A's batch dims (all but the last two).
DimVector batchOf(const Tensor& A);
DimVector withTail(DimVector s, std::initializer_list<int64_t> tail);
int64_t numelOf(IntArrayRef shape);

// A's matrices (A's batch broadcast to `batch`) column-major in double.
Dense columnMajor(const Tensor& A, IntArrayRef batch, const OnDevice& on);
// A's matrices (batch broadcast) as a contiguous (*batch, rows, cols)
// double tensor: row-major, i.e. a Dense of their transposes.
Tensor rowMajorDoubles(const Tensor& A, IntArrayRef batch, const OnDevice& on);
// An uninitialized batch.
Dense emptyDense(int64_t B, int64_t rows, int64_t cols, const OnDevice& on);
// The matrices as a (*batch, rows, cols) row-major tensor of dtype dt.
Tensor rowMajor(const Dense& d, IntArrayRef batch, ScalarType dt, const OnDevice& on);
// The same bytes seen the other way round: column-major rows x cols is
// row-major cols x rows, so a Dense of A^T is A, row-major, for free.
Tensor transposedView(const Dense& d, IntArrayRef batch);
// A contiguous double tensor as a Dense of its matrices' transposes (the
// inverse of transposedView): t (B..., r, c) row-major is c x r column-major.
Dense denseOfTransposes(const Tensor& t);

// Device scratch for a solver call (at least one element).
Tensor workspace(int64_t elems, ScalarType dt, const OnDevice& on);
double* doubles(const Tensor& t);
int* ints(const Tensor& t);

// An int32 tensor's values on the host (synchronizes).
std::vector<int32_t> hostInts(const Tensor& t);

// v as a cuSOLVER / cuBLAS int, or an error naming op.
int asInt(int64_t v, const char* op);

// The floating dtype checks of the CPU kernels: at least 2 dims, floating.
void checkFloatMatrix(const Tensor& A, const char* op, const char* name = "A");
void checkSquare(const Tensor& A, const char* op);

}  // namespace jitserve::cuda
