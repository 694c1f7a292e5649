// torch.fft's transforms on cuFFT: fft / ifft / rfft / irfft / hfft / ihfft
// in 1, 2 and n dims, with the CPU kernel's arguments (ops/fft_args.h) and
// structure (ops/fft_ops.cpp), so both compute the same thing:
//
// - everything runs in complex double on a contiguous working copy (the
//   input zero-padded or trimmed to the signal sizes), one dim at a time: a
//   batched 1-D cuFFT plan per dim, strided over the dims after it;
// - rfft / ihfft transform the last dim in full and keep its n/2 + 1 bins;
//   irfft / hfft end with a complex-to-real (Z2D) transform of the last dim;
// - the result is cast to ComplexFloat / Float unless the input was double.
//
// Complex tensors have no elementwise kernels of their own: their memory is
// handed to the copy and scale kernels as pairs of reals (Operand strides
// doubled, one more dim of 2), which is all the glue around cuFFT needs.
//
// Plans are made and destroyed per call, their workspace from the caching
// allocator (auto-allocation off); a plan cache is left for when FFTs show
// up in profiles.
#include <cufft.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_dense.h"
#include "runtime/cuda/cuda_error.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/ops/fft_args.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {
namespace {

using ops::DimLayout;
using ops::FftShape;
using ops::layoutOf;

[[noreturn]] void throwCufftError(cufftResult r, const char* call) {
  const absl::StatusCode code =
      r == CUFFT_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuFFT error ", static_cast<int>(r), " in ", call), code);
}
#define JS_CUFFT_CHECK(expr)                                    \
  do {                                                          \
    const cufftResult js_cufft_result_ = (expr);                \
    if (js_cufft_result_ != CUFFT_SUCCESS) throwCufftError(js_cufft_result_, #expr); \
  } while (0)

// ---- complex memory as reals ----

ScalarType componentType(const Tensor& t) {
  return t.dtype() == ScalarType::ComplexDouble ? ScalarType::Double : ScalarType::Float;
}

// The real (or imaginary) parts of complex t, over t's shape.
Operand parts(const Tensor& t, bool imag) {
  Operand o;
  o.data = static_cast<char*>(t.unsafeGetImpl()->deviceData()) + (imag ? t.itemsize() / 2 : 0);
  o.dtype = componentType(t);
  for (int64_t d = 0; d < t.dim(); ++d) o.strides[d] = 2 * t.stride(d);
  return o;
}
// Both parts, over t's shape + [2].
Operand pairs(const Tensor& t) {
  Operand o = parts(t, false);
  o.strides[t.dim()] = 1;
  return o;
}
LaunchShape pairShape(const Tensor& t) {
  DimVector s(t.sizes().begin(), t.sizes().end());
  s.push_back(2);
  return launchShape(s, "fft");
}
cufftDoubleComplex* complexData(const Tensor& t) {
  return static_cast<cufftDoubleComplex*>(t.unsafeGetImpl()->deviceData());
}

// A ComplexDouble tensor of `shape`: zeros with x's overlapping region.
Tensor paddedCopy(const Tensor& x, IntArrayRef shape, const OnDevice& on) {
  Tensor work = emptyOnDevice(shape, ScalarType::ComplexDouble, on.device);
  if (work.numel() == 0) return work;
  JS_CUDA_CHECK(cudaMemsetAsync(work.unsafeGetImpl()->deviceData(), 0,
                                static_cast<size_t>(work.numel()) * work.itemsize(), on.stream));
  Tensor xs = x, ws = work;
  for (int64_t d = 0; d < x.dim(); ++d) {
    const int64_t r = std::min(x.size(d), shape[d]);
    xs = xs.narrow(d, 0, r);
    ws = ws.narrow(d, 0, r);
  }
  if (ws.numel() == 0) return work;
  if (x.is_complex()) {
    launchCopy(pairShape(ws), pairs(ws), pairs(xs), on.stream);
  } else {
    checkDtype(x.dtype(), "fft");
    launchCopy(launchShape(ws.sizes(), "fft"), parts(ws, false), operandOf(xs, ws.sizes()), on.stream);
  }
  return work;
}

// x (ComplexDouble, contiguous) as `dt` (ComplexFloat or itself).
Tensor complexAs(const Tensor& x, ScalarType dt, const OnDevice& on) {
  if (dt == x.dtype()) return x;
  Tensor out = emptyOnDevice(x.sizes(), dt, on.device);
  if (out.numel() > 0) launchCopy(pairShape(x), pairs(out), pairs(x), on.stream);
  return out;
}

// Every component of a contiguous tensor (real or complex) times s.
void scaleInPlace(Tensor& t, double s, const OnDevice& on) {
  if (s == 1.0 || t.numel() == 0) return;
  const int64_t n = t.numel() * (t.is_complex() ? 2 : 1);
  Operand o;
  o.data = t.unsafeGetImpl()->deviceData();
  o.dtype = t.is_complex() ? componentType(t) : t.dtype();
  o.strides[0] = 1;
  launchBinaryScalar(BinaryOp::Mul, launchShape({n}, "fft"), o, o, s, false, on.stream);
}
void conjInPlace(Tensor& t, const OnDevice& on) {
  if (t.numel() == 0) return;
  const Operand im = parts(t, true);
  launchBinaryScalar(BinaryOp::Mul, launchShape(t.sizes(), "fft"), im, im, -1.0, false, on.stream);
}

// ---- one dim at a time ----

// A batched 1-D plan on the call's stream, its workspace ours.
struct Plan {
  cufftHandle handle = 0;
  bool made = false;
  Tensor work;
  Plan() = default;
  Plan(const Plan&) = delete;
  Plan& operator=(const Plan&) = delete;
  ~Plan() {
    if (made) (void)cufft().cufftDestroy(handle);
  }
};

// Lines of `n` points: element x of line b at b * dist + x * stride (input
// lines of inLen elements, output lines of outLen: they differ for Z2D).
void makePlan(Plan& p, int64_t n, int64_t inLen, int64_t inStride, int64_t inDist, int64_t outLen, int64_t outStride,
              int64_t outDist, cufftType type, int64_t batch, const OnDevice& on) {
  JS_CUFFT_CHECK(cufft().cufftCreate(&p.handle));
  p.made = true;
  JS_CUFFT_CHECK(cufft().cufftSetAutoAllocation(p.handle, 0));
  long long nn = n, inEmbed = inLen, outEmbed = outLen;
  size_t bytes = 0;
  JS_CUFFT_CHECK(cufft().cufftMakePlanMany64(p.handle, 1, &nn, &inEmbed, inStride, inDist, &outEmbed, outStride,
                                             outDist, type, batch, &bytes));
  p.work = emptyOnDevice({static_cast<int64_t>(std::max<size_t>(bytes, 1))}, ScalarType::Byte, on.device);
  JS_CUFFT_CHECK(cufft().cufftSetWorkArea(p.handle, p.work.unsafeGetImpl()->deviceData()));
  JS_CUFFT_CHECK(cufft().cufftSetStream(p.handle, on.stream));
}

// Unnormalized DFT of every line of contiguous ComplexDouble `work` along
// `dim`, in place: one call over all lines when the dim is innermost, else
// one per outer index with the inner ones as the batch.
void transformDim(Tensor& work, int64_t dim, bool inverse, const OnDevice& on) {
  if (work.numel() == 0) return;
  const DimLayout l = layoutOf(work, dim);
  const int direction = inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  Plan p;
  cufftDoubleComplex* base = complexData(work);
  if (l.inner == 1) {
    makePlan(p, l.n, l.n, 1, l.n, l.n, 1, l.n, CUFFT_Z2Z, l.outer, on);
    JS_CUFFT_CHECK(cufft().cufftExecZ2Z(p.handle, base, base, direction));
    countDeviceKernelLaunches();
    return;
  }
  makePlan(p, l.n, l.n, l.inner, 1, l.n, l.inner, 1, CUFFT_Z2Z, l.inner, on);
  for (int64_t o = 0; o < l.outer; ++o) {
    cufftDoubleComplex* at = base + o * l.n * l.inner;
    JS_CUFFT_CHECK(cufft().cufftExecZ2Z(p.handle, at, at, direction));
  }
  countDeviceKernelLaunches(static_cast<uint64_t>(l.outer));
}

// Complex-to-real along `dim`: the n/2 + 1 bins of each line of `half`
// (the rest implied by Hermitian symmetry) -> n reals (unnormalized inverse
// DFT). A contiguous Double tensor; `half` is overwritten (cuFFT's C2R uses
// its input as scratch).
Tensor c2rDim(Tensor& half, int64_t dim, int64_t n, const OnDevice& on) {
  DimVector sizes(half.sizes().begin(), half.sizes().end());
  sizes[static_cast<size_t>(dim)] = n;
  Tensor out = emptyOnDevice(sizes, ScalarType::Double, on.device);
  if (out.numel() == 0) return out;
  const DimLayout l = layoutOf(half, dim);  // l.n == n / 2 + 1
  Plan p;
  cufftDoubleComplex* in = complexData(half);
  double* o = doubles(out);
  if (l.inner == 1) {
    makePlan(p, n, l.n, 1, l.n, n, 1, n, CUFFT_Z2D, l.outer, on);
    JS_CUFFT_CHECK(cufft().cufftExecZ2D(p.handle, in, o));
    countDeviceKernelLaunches();
    return out;
  }
  makePlan(p, n, l.n, l.inner, 1, n, l.inner, 1, CUFFT_Z2D, l.inner, on);
  for (int64_t b = 0; b < l.outer; ++b)
    JS_CUFFT_CHECK(cufft().cufftExecZ2D(p.handle, in + b * l.n * l.inner, o + b * n * l.inner));
  countDeviceKernelLaunches(static_cast<uint64_t>(l.outer));
  return out;
}

// x's sizes with the transformed dims resized to the signal sizes (the last
// one to `lastSize` when given).
DimVector resized(const Tensor& x, const FftShape& sh, std::optional<int64_t> lastSize = std::nullopt) {
  DimVector s(x.sizes().begin(), x.sizes().end());
  for (size_t i = 0; i < sh.dim.size(); ++i) s[static_cast<size_t>(sh.dim[i])] = sh.s[i];
  if (lastSize) s[static_cast<size_t>(sh.dim.back())] = *lastSize;
  return s;
}

// ---- the three transform kinds ----

Tensor c2c(const Tensor& x, const FftShape& sh, bool forward, const std::optional<std::string>& norm,
           const char* op) {
  OnDevice on(deviceOf({&x}, op));
  ops::checkFftDtype(x, op);
  const double scale = ops::normScale(norm, forward, ops::product(sh.s));
  Tensor work = paddedCopy(x, resized(x, sh), on);
  for (int64_t d : sh.dim) transformDim(work, d, !forward, on);
  scaleInPlace(work, scale, on);
  return complexAs(work, ops::complexResultType(x), on);
}

// Real input, half spectrum on the last dim. ihfft: conjugated, scaled as an
// inverse transform.
Tensor r2c(const Tensor& x, const FftShape& sh, bool ihfft, const std::optional<std::string>& norm, const char* op) {
  OnDevice on(deviceOf({&x}, op));
  ops::checkFftDtype(x, op);
  JS_CHECK(!x.is_complex(), op, " expects a real input tensor, but got ", scalarTypeName(x.dtype()));
  JS_CHECK(!sh.dim.empty(), op, " must transform at least one axis");
  const double scale = ops::normScale(norm, /*forward=*/!ihfft, ops::product(sh.s));
  Tensor work = paddedCopy(x, resized(x, sh), on);
  const int64_t last = sh.dim.back();
  transformDim(work, last, /*inverse=*/false, on);
  const Tensor bins = work.narrow(last, 0, sh.s.back() / 2 + 1);
  work = emptyOnDevice(bins.sizes(), ScalarType::ComplexDouble, on.device);
  if (work.numel() > 0) launchCopy(pairShape(bins), pairs(work), pairs(bins), on.stream);
  for (size_t i = 0; i + 1 < sh.dim.size(); ++i) transformDim(work, sh.dim[i], /*inverse=*/false, on);
  if (ihfft) conjInPlace(work, on);
  scaleInPlace(work, scale, on);
  return complexAs(work, ops::complexResultType(x), on);
}

// Half-spectrum input on the last dim, real output of sh.s sizes. hfft: a
// forward transform of the Hermitian signal.
Tensor c2r(const Tensor& x, const FftShape& sh, bool hfft, const std::optional<std::string>& norm, const char* op) {
  OnDevice on(deviceOf({&x}, op));
  ops::checkFftDtype(x, op);
  JS_CHECK(!sh.dim.empty(), op, " must transform at least one axis");
  const double scale = ops::normScale(norm, /*forward=*/hfft, ops::product(sh.s));
  Tensor work = paddedCopy(x, resized(x, sh, sh.s.back() / 2 + 1), on);
  for (size_t i = 0; i + 1 < sh.dim.size(); ++i) transformDim(work, sh.dim[i], /*inverse=*/!hfft, on);
  // forward(X) of a Hermitian X is real, so equals its conjugate: the +
  // exponent c2r of conj(X).
  if (hfft) conjInPlace(work, on);
  Tensor out = c2rDim(work, sh.dim.back(), sh.s.back(), on);
  scaleInPlace(out, scale, on);
  return castOnDevice(out, ops::realResultType(x), on);
}

enum class Kind { Fft, Ifft, Rfft, Irfft, Hfft, Ihfft };

constexpr const char* kindName(Kind k) {
  switch (k) {
    case Kind::Fft: return "fft";
    case Kind::Ifft: return "ifft";
    case Kind::Rfft: return "rfft";
    case Kind::Irfft: return "irfft";
    case Kind::Hfft: return "hfft";
    case Kind::Ihfft: return "ihfft";
  }
  return "fft";
}
constexpr bool isC2r(Kind k) { return k == Kind::Irfft || k == Kind::Hfft; }

Tensor run(Kind kind, const Tensor& x, const FftShape& sh, const std::optional<std::string>& norm) {
  const char* op = kindName(kind);
  switch (kind) {
    case Kind::Fft: return c2c(x, sh, true, norm, op);
    case Kind::Ifft: return c2c(x, sh, false, norm, op);
    case Kind::Rfft: return r2c(x, sh, false, norm, op);
    case Kind::Ihfft: return r2c(x, sh, true, norm, op);
    case Kind::Irfft: return c2r(x, sh, false, norm, op);
    case Kind::Hfft: return c2r(x, sh, true, norm, op);
  }
  JS_INTERNAL_ASSERT(false, "unknown FFT kind");
}

// fft_X(Tensor self, int? n=None, int dim=-1, str? norm=None)
template <Kind K>
Tensor fft1(const Tensor& x, std::optional<int64_t> n, int64_t dim, std::optional<std::string> norm) {
  ops::checkFftDtype(x, kindName(K));
  return run(K, x, isC2r(K) ? ops::c2rOneDim(x, n, dim) : ops::oneDim(x, n, dim), norm);
}

// fft_X2 / fft_Xn(Tensor self, int[1]? s=None, int[1]? dim, str? norm=None)
template <Kind K, typename Dims>
Tensor fftn(const Tensor& x, std::optional<std::vector<int64_t>> s, Dims dimArg, std::optional<std::string> norm) {
  ops::checkFftDtype(x, kindName(K));
  const std::optional<std::vector<int64_t>> dim(std::move(dimArg));
  return run(K, x, isC2r(K) ? ops::c2rShape(x, s, dim) : ops::canonicalize(x, s, dim), norm);
}

#define JS_CUDA_FFT(NAME, KIND)                                                       \
  row<fft1<KIND>>("aten::fft_" NAME),                                                 \
      row<fftn<KIND, std::vector<int64_t>>>("aten::fft_" NAME "2"),                   \
      row<fftn<KIND, std::optional<std::vector<int64_t>>>>("aten::fft_" NAME "n")

}  // namespace

const CudaTable kCudaFftOps = {
    JS_CUDA_FFT("fft", Kind::Fft),     JS_CUDA_FFT("ifft", Kind::Ifft), JS_CUDA_FFT("rfft", Kind::Rfft),
    JS_CUDA_FFT("irfft", Kind::Irfft), JS_CUDA_FFT("hfft", Kind::Hfft), JS_CUDA_FFT("ihfft", Kind::Ihfft),
};

#undef JS_CUDA_FFT

}  // namespace jitserve::cuda
