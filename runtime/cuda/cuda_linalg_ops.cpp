// The matmul family on cuBLAS: mm, bmm, addmm, matmul, linear.
//
// cuBLAS is column-major; a row-major product C = A @ B is computed as
// C^T = B^T @ A^T, which reads each row-major operand as its column-major
// transpose for free. An operand whose rows or columns are unit-stride (a
// contiguous matrix or a transposed one) goes to cuBLAS as it is, with the
// matching op; anything else is copied contiguous first. Batches use one
// strided-batched call (batch stride 0 for a broadcast operand). float32
// computes in float32 (no TF32), half and bfloat16 accumulate in float32.
#include <optional>

#include "runtime/cuda/cublas_handle.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {
namespace {

cudaDataType_t cudaTypeOf(ScalarType t, const char* op) {
  switch (t) {
    case ScalarType::Float: return CUDA_R_32F;
    case ScalarType::Double: return CUDA_R_64F;
    case ScalarType::Half: return CUDA_R_16F;
    case ScalarType::BFloat16: return CUDA_R_16BF;
    default: JS_ERROR(op, ": \"", op, "_cuda\" not implemented for '", scalarTypeName(t), "'");
  }
}

// One operand of a (batched) product: a matrix of `rows` x `cols` with unit
// stride along one of them.
struct Mat {
  const void* data;
  bool rowMajor;  // unit stride along the columns
  int64_t ld;     // the other stride, as cuBLAS wants it
  int64_t batchStride;
};

// How t's last two dims can go to cuBLAS, or nullopt when they can't as
// they are.
std::optional<Mat> matOf(const Tensor& t, int64_t batchStride) {
  const int64_t r = t.size(-2), c = t.size(-1), s0 = t.stride(-2), s1 = t.stride(-1);
  const void* data = t.unsafeGetImpl()->deviceData();
  if ((c == 1 || s1 == 1) && (r == 1 || s0 >= std::max<int64_t>(c, 1)))
    return Mat{data, true, r == 1 ? std::max<int64_t>(c, 1) : s0, batchStride};
  if ((r == 1 || s0 == 1) && (c == 1 || s1 >= std::max<int64_t>(r, 1)))
    return Mat{data, false, c == 1 ? std::max<int64_t>(r, 1) : s1, batchStride};
  return std::nullopt;
}

// out[b] = alpha * a[b] @ b[b] + beta * out[b] for b < batch, with a: batch x
// m x k, b: batch x k x n as 3-D views (batch stride in dim 0), out a
// contiguous batch x m x n.
void gemm(const Tensor& a3, const Tensor& b3, Tensor& out, double alpha, double beta, const OnDevice& on,
          const char* op) {
  const int64_t batch = out.size(0), m = out.size(1), n = out.size(2), k = a3.size(2);
  if (out.numel() == 0) return;
  const ScalarType dt = out.dtype();
  const cudaDataType_t type = cudaTypeOf(dt, op);
  Tensor a = a3, b = b3;
  std::optional<Mat> A = matOf(a, a.size(0) == 1 ? 0 : a.stride(0));
  if (!A) {
    a = cloneOnDevice(a, on);
    A = matOf(a, a.size(0) == 1 ? 0 : a.stride(0));
  }
  std::optional<Mat> B = matOf(b, b.size(0) == 1 ? 0 : b.stride(0));
  if (!B) {
    b = cloneOnDevice(b, on);
    B = matOf(b, b.size(0) == 1 ? 0 : b.stride(0));
  }
  JS_INTERNAL_ASSERT(A && B, op, ": a contiguous matrix must go to cuBLAS as it is");
  if (k == 0) {
    // Nothing to multiply: the result is beta * out (out was zeroed or
    // filled with the addend by the caller; scale it).
    launchBinaryScalar(BinaryOp::Mul, launchShape(out.sizes(), op), operandOf(out, out.sizes()),
                       operandOf(out, out.sizes()), beta, false, on.stream);
    return;
  }
  // Column-major: C^T (n x m) = B^T (n x k) @ A^T (k x m).
  const cublasOperation_t opB = B->rowMajor ? CUBLAS_OP_N : CUBLAS_OP_T;
  const cublasOperation_t opA = A->rowMajor ? CUBLAS_OP_N : CUBLAS_OP_T;
  cublasHandle_t h = cublasHandle(OnDevice::index(on.device));
  const float alphaF = static_cast<float>(alpha), betaF = static_cast<float>(beta);
  const bool isDouble = dt == ScalarType::Double;
  const void* alphaP = isDouble ? static_cast<const void*>(&alpha) : &alphaF;
  const void* betaP = isDouble ? static_cast<const void*>(&beta) : &betaF;
  const cublasComputeType_t compute = isDouble ? CUBLAS_COMPUTE_64F : CUBLAS_COMPUTE_32F;
  JS_CHECK(m <= INT32_MAX && n <= INT32_MAX && k <= INT32_MAX && batch <= INT32_MAX && A->ld <= INT32_MAX &&
               B->ld <= INT32_MAX,
           op, ": matrix dimensions beyond 2^31 are not supported on CUDA");
  JS_CUBLAS_CHECK(cublas().cublasGemmStridedBatchedEx(
      h, opB, opA, static_cast<int>(n), static_cast<int>(m), static_cast<int>(k), alphaP, B->data, type,
      static_cast<int>(B->ld), B->batchStride, A->data, type, static_cast<int>(A->ld), A->batchStride, betaP,
      out.unsafeGetImpl()->deviceData(), type, static_cast<int>(n), m * n, static_cast<int>(batch), compute,
      CUBLAS_GEMM_DEFAULT));
  countDeviceKernelLaunches();
}

void checkSameDtype(const Tensor& a, const Tensor& b, const char* op) {
  JS_CHECK(a.dtype() == b.dtype(), op, ": expected m1 and m2 to have the same dtype, but got: ",
           scalarTypeName(a.dtype()), " != ", scalarTypeName(b.dtype()));
}

Tensor zerosOnDevice(IntArrayRef sizes, ScalarType dt, const OnDevice& on) {
  Tensor out = emptyOnDevice(sizes, dt, on.device);
  // 0 * anything is not 0 for NaN garbage: write zeros from a 0-dim zero.
  const Tensor zero = toDevice(zeros({}, dt), on.device);
  launchCopy(launchShape(sizes, "zeros"), operandOf(out, sizes), operandOf(zero, sizes), on.stream);
  return out;
}

Tensor mm(const Tensor& a, const Tensor& b) {
  OnDevice on(deviceOf({&a, &b}, "mm"));
  JS_CHECK(a.dim() == 2, "self must be a matrix");
  JS_CHECK(b.dim() == 2, "mat2 must be a matrix");
  JS_CHECK(a.size(1) == b.size(0), "mat1 and mat2 shapes cannot be multiplied (", a.size(0), "x", a.size(1),
           " and ", b.size(0), "x", b.size(1), ")");
  checkSameDtype(a, b, "mm");
  Tensor out = a.size(1) == 0 ? zerosOnDevice({1, a.size(0), b.size(1)}, a.dtype(), on)
                              : emptyOnDevice({1, a.size(0), b.size(1)}, a.dtype(), on.device);
  gemm(a.unsqueeze(0), b.unsqueeze(0), out, 1.0, 0.0, on, "mm");
  return out.squeeze(0);
}

Tensor bmm(const Tensor& a, const Tensor& b) {
  OnDevice on(deviceOf({&a, &b}, "bmm"));
  JS_CHECK(a.dim() == 3, "batch1 must be a 3D tensor");
  JS_CHECK(b.dim() == 3, "batch2 must be a 3D tensor");
  JS_CHECK(a.size(0) == b.size(0), "batch1 and batch2 must have same number of batches, got ", a.size(0), " and ",
           b.size(0));
  JS_CHECK(a.size(2) == b.size(1), "Expected size for first two dimensions of batch2 tensor to be: [", a.size(0),
           ", ", a.size(2), "] but got: [", b.size(0), ", ", b.size(1), "].");
  checkSameDtype(a, b, "bmm");
  Tensor out = a.size(2) == 0 ? zerosOnDevice({a.size(0), a.size(1), b.size(2)}, a.dtype(), on)
                              : emptyOnDevice({a.size(0), a.size(1), b.size(2)}, a.dtype(), on.device);
  gemm(a, b, out, 1.0, 0.0, on, "bmm");
  return out;
}

// out (m x n, contiguous) filled with `self` broadcast to it.
Tensor filledWith(const Tensor& self, IntArrayRef sizes, ScalarType dt, const OnDevice& on, const char* op) {
  JS_CHECK(is_expandable_to(self.sizes(), sizes), op, ": the addend of shape ", shapeToString(self.sizes()),
           " cannot be broadcast to ", shapeToString(sizes));
  const Tensor s = isCpuScalar(self) ? toDevice(self, on.device) : self;
  Tensor out = emptyOnDevice(sizes, dt, on.device);
  launchCopy(launchShape(sizes, op), operandOf(out, sizes), operandOf(s, sizes), on.stream);
  return out;
}

Tensor addmm(const Tensor& self, const Tensor& m1, const Tensor& m2, const Scalar& beta, const Scalar& alpha) {
  OnDevice on(deviceOf({&self, &m1, &m2}, "addmm"));
  JS_CHECK(m1.dim() == 2, "mat1 must be a matrix, got ", m1.dim(), "-D tensor");
  JS_CHECK(m2.dim() == 2, "mat2 must be a matrix, got ", m2.dim(), "-D tensor");
  JS_CHECK(m1.size(1) == m2.size(0), "mat1 and mat2 shapes cannot be multiplied (", m1.size(0), "x", m1.size(1),
           " and ", m2.size(0), "x", m2.size(1), ")");
  checkSameDtype(m1, m2, "addmm");
  JS_CHECK(self.dtype() == m1.dtype(), "addmm: self and mat2 must have the same dtype, but got ",
           scalarTypeName(self.dtype()), " and ", scalarTypeName(m1.dtype()));
  const double b = scalarValue(beta);
  // beta == 0 ignores self entirely (NaN and inf included), as PyTorch does.
  Tensor out = b == 0 ? zerosOnDevice({1, m1.size(0), m2.size(1)}, m1.dtype(), on)
                      : filledWith(self, {1, m1.size(0), m2.size(1)}, m1.dtype(), on, "addmm");
  gemm(m1.unsqueeze(0), m2.unsqueeze(0), out, scalarValue(alpha), b, on, "addmm");
  return out.squeeze(0);
}

// A 3-D view (batch, rows, cols) of t expanded to batch shape `batch`. The
// batch dims collapse into one stride when each (non-unit) one's stride is
// the product of the inner ones' sizes times the innermost stride, which
// holds for contiguous and for broadcast (stride 0) batches; else a copy.
Tensor batched(const Tensor& t, IntArrayRef batch, const OnDevice& on) {
  DimVector full(batch.begin(), batch.end());
  full.push_back(t.size(-2));
  full.push_back(t.size(-1));
  Tensor e = t.expand(full);
  int64_t count = 1;
  for (int64_t s : batch) count *= s;
  int64_t stride = 0, span = 1;
  bool first = true, collapsible = true;
  for (int64_t d = static_cast<int64_t>(batch.size()) - 1; d >= 0; --d) {
    if (e.size(d) == 1) continue;
    if (first) {
      stride = e.stride(d);
      first = false;
    } else if (e.stride(d) != stride * span) {
      collapsible = false;
      break;
    }
    span *= e.size(d);
  }
  if (!collapsible) {
    e = cloneOnDevice(e, on);
    stride = e.size(-2) * e.size(-1);
  }
  return e.as_strided({count, e.size(-2), e.size(-1)}, {stride, e.stride(-2), e.stride(-1)}, e.storage_offset());
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  OnDevice on(deviceOf({&a, &b}, "matmul"));
  JS_CHECK(a.dim() > 0 && b.dim() > 0, "both arguments to matmul need to be at least 1D, but they are ", a.dim(),
           "D and ", b.dim(), "D");
  checkSameDtype(a, b, "matmul");
  const Tensor a2 = a.dim() == 1 ? a.unsqueeze(0) : a;   // a row vector
  const Tensor b2 = b.dim() == 1 ? b.unsqueeze(-1) : b;  // a column vector
  JS_CHECK(a2.size(-1) == b2.size(-2), "mat1 and mat2 shapes cannot be multiplied (", a2.size(-2), "x",
           a2.size(-1), " and ", b2.size(-2), "x", b2.size(-1), ")");
  const DimVector batch = infer_size(IntArrayRef(a2.sizes().data(), static_cast<size_t>(a2.dim() - 2)),
                                     IntArrayRef(b2.sizes().data(), static_cast<size_t>(b2.dim() - 2)));
  const Tensor a3 = batched(a2, batch, on), b3 = batched(b2, batch, on);
  Tensor out = a2.size(-1) == 0 ? zerosOnDevice({a3.size(0), a3.size(1), b3.size(2)}, a.dtype(), on)
                                : emptyOnDevice({a3.size(0), a3.size(1), b3.size(2)}, a.dtype(), on.device);
  gemm(a3, b3, out, 1.0, 0.0, on, "matmul");
  DimVector shape(batch.begin(), batch.end());
  if (a.dim() > 1) shape.push_back(a2.size(-2));
  if (b.dim() > 1) shape.push_back(b2.size(-1));
  return out.view(shape);
}

Tensor linear(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias) {
  const Tensor noBias;
  const Tensor& bt = bias ? *bias : noBias;
  OnDevice on(deviceOf({&input, &weight, &bt}, "linear"));
  JS_CHECK(weight.dim() == 2 || weight.dim() == 1, "linear: weight must be 1-D or 2-D, got ", weight.dim(), "-D");
  if (weight.dim() == 1 || input.dim() == 1) {
    Tensor r = matmul(input, weight.dim() == 2 ? weight.transpose(0, 1) : weight);
    if (!bt.defined()) return r;
    Tensor sum = filledWith(bt, r.sizes(), r.dtype(), on, "linear");
    launchBinary(BinaryOp::Add, launchShape(r.sizes(), "linear"), operandOf(sum, r.sizes()),
                 operandOf(sum, r.sizes()), operandOf(r, r.sizes()), 1.0, on.stream);
    return sum;
  }
  JS_CHECK(input.size(-1) == weight.size(1), "mat1 and mat2 shapes cannot be multiplied (",
           input.numel() / std::max<int64_t>(input.size(-1), 1), "x", input.size(-1), " and ", weight.size(1), "x",
           weight.size(0), ")");
  checkSameDtype(input, weight, "linear");
  const int64_t in = input.size(-1), outFeatures = weight.size(0);
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < input.dim(); ++d) rows *= input.size(d);
  DimVector outShape(input.sizes().begin(), input.sizes().end());
  outShape.back() = outFeatures;
  Tensor out = bt.defined() ? filledWith(bt, {1, rows, outFeatures}, input.dtype(), on, "linear")
               : in == 0    ? zerosOnDevice({1, rows, outFeatures}, input.dtype(), on)
                            : emptyOnDevice({1, rows, outFeatures}, input.dtype(), on.device);
  const Tensor x = contiguousOnDevice(input, on).view({1, rows, in});
  gemm(x, weight.transpose(0, 1).unsqueeze(0), out, 1.0, bt.defined() ? 1.0 : 0.0, on, "linear");
  return out.view(outShape);
}

}  // namespace

const CudaTable kCudaLinalgOps = {
    row<mm>("aten::mm"),         row<bmm>("aten::bmm"),       row<addmm>("aten::addmm"),
    row<matmul>("aten::matmul"), row<linear>("aten::linear"),
};

}  // namespace jitserve::cuda
