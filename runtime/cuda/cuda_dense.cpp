#include "runtime/cuda/cuda_dense.h"

#include <algorithm>
#include <limits>

#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {

double* Dense::mat(int64_t b) const {
  return static_cast<double*>(data.unsafeGetImpl()->deviceData()) + b * rows * cols;
}
int Dense::ld() const { return static_cast<int>(std::max<int64_t>(rows, 1)); }

DimVector batchOf(const Tensor& A) { return DimVector(A.sizes().begin(), A.sizes().end() - 2); }

DimVector withTail(DimVector s, std::initializer_list<int64_t> tail) {
  s.insert(s.end(), tail.begin(), tail.end());
  return s;
}

int64_t numelOf(IntArrayRef shape) {
  int64_t n = 1;
  for (int64_t s : shape) n *= s;
  return n;
}

Dense columnMajor(const Tensor& A, IntArrayRef batch, const OnDevice& on) {
  const int64_t rows = A.size(-2), cols = A.size(-1);
  DimVector full(batch.begin(), batch.end());
  const Tensor At = A.expand(withTail(full, {rows, cols})).transpose(-2, -1);
  Dense d = emptyDense(numelOf(batch), rows, cols, on);
  if (At.numel() > 0) {
    const Tensor out = d.data.view(At.sizes());
    launchCopy(launchShape(At.sizes(), "linalg"), operandOf(out, At.sizes()), operandOf(At, At.sizes()), on.stream);
  }
  return d;
}

Tensor rowMajorDoubles(const Tensor& A, IntArrayRef batch, const OnDevice& on) {
  DimVector full(batch.begin(), batch.end());
  const Tensor e = A.expand(withTail(full, {A.size(-2), A.size(-1)}));
  Tensor out = emptyOnDevice(e.sizes(), ScalarType::Double, on.device);
  if (out.numel() > 0)
    launchCopy(launchShape(e.sizes(), "linalg"), operandOf(out, e.sizes()), operandOf(e, e.sizes()), on.stream);
  return out;
}

Dense emptyDense(int64_t B, int64_t rows, int64_t cols, const OnDevice& on) {
  Dense d;
  d.B = B, d.rows = rows, d.cols = cols;
  d.data = emptyOnDevice({B, cols, rows}, ScalarType::Double, on.device);
  return d;
}

Tensor transposedView(const Dense& d, IntArrayRef batch) {
  DimVector full(batch.begin(), batch.end());
  return d.data.view(withTail(full, {d.cols, d.rows}));
}

Dense denseOfTransposes(const Tensor& t) {
  JS_INTERNAL_ASSERT(t.dtype() == ScalarType::Double && t.is_contiguous() && t.dim() >= 2,
                     "denseOfTransposes: expected a contiguous double tensor");
  Dense d;
  d.rows = t.size(-1), d.cols = t.size(-2), d.B = numelOf(batchOf(t));
  d.data = t.view({d.B, d.cols, d.rows});
  return d;
}

Tensor rowMajor(const Dense& d, IntArrayRef batch, ScalarType dt, const OnDevice& on) {
  const Tensor src = transposedView(d, batch).transpose(-2, -1);
  Tensor out = emptyOnDevice(src.sizes(), dt, on.device);
  if (out.numel() > 0)
    launchCopy(launchShape(src.sizes(), "linalg"), operandOf(out, src.sizes()), operandOf(src, src.sizes()),
               on.stream);
  return out;
}

Tensor workspace(int64_t elems, ScalarType dt, const OnDevice& on) {
  return emptyOnDevice({std::max<int64_t>(elems, 1)}, dt, on.device);
}
double* doubles(const Tensor& t) { return static_cast<double*>(t.unsafeGetImpl()->deviceData()); }
int* ints(const Tensor& t) { return static_cast<int*>(t.unsafeGetImpl()->deviceData()); }

std::vector<int32_t> hostInts(const Tensor& t) {
  const Tensor h = toDevice(t, Device::cpu()).contiguous();
  return std::vector<int32_t>(h.data<int32_t>(), h.data<int32_t>() + h.numel());
}

int asInt(int64_t v, const char* op) {
  JS_CHECK(v <= std::numeric_limits<int>::max(), op, ": matrices beyond 2^31 elements per side are not supported on "
           "CUDA");
  return static_cast<int>(v);
}

void checkFloatMatrix(const Tensor& A, const char* op, const char* name) {
  JS_CHECK(A.dim() >= 2, op, ": The input tensor ", name, " must have at least 2 dimensions.");
  JS_CHECK(isFloatingType(A.dtype()), op, ": Expected a floating point tensor as input. Got ",
           scalarTypeName(A.dtype()));
}
void checkSquare(const Tensor& A, const char* op) {
  JS_CHECK(A.size(-1) == A.size(-2), op, ": A must be batches of square matrices, but they are ", A.size(-2), " by ",
           A.size(-1), " matrices");
}

}  // namespace jitserve::cuda
