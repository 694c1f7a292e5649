// torch.fft: the complex (fft/ifft), real-input (rfft/ihfft) and
// real-output (irfft/hfft) transforms in 1, 2 and n dims, fftshift,
// fftfreq, and stft/istft.
//
// Every transform runs in complex<double> on a contiguous working copy, one
// dim at a time (FftPlan per length), and is cast to the result dtype at the
// end: Double/ComplexDouble inputs give ComplexDouble (Double for real
// outputs), everything else ComplexFloat (Float), integers promoting as in
// PyTorch. The last transformed dim is the half-spectrum one for the real
// transforms: rfftn does it first (r2c) and keeps n/2 + 1 bins; irfftn does
// it last (c2r), rebuilding the Hermitian spectrum. hfft is c2r of the
// conjugate with forward scaling, ihfft the conjugate of r2c with inverse
// scaling.
#include "runtime/ops/op_tables.h"

#include <cmath>
#include <complex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ops/fft_args.h"
#include "runtime/ops/fft_plan.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/shape_ops.h"

namespace jitserve::ops {
namespace {

using C = std::complex<double>;

// ---- dtypes ----

// A fresh contiguous ComplexDouble copy the transforms may overwrite.
Tensor workingCopy(const Tensor& x) { return x.to(ScalarType::ComplexDouble, /*copy=*/true).contiguous(); }

void scaleInPlace(Tensor& work, double s) {
  if (s == 1.0) return;
  C* p = work.data<C>();
  for (int64_t i = 0, n = work.numel(); i < n; ++i) p[i] *= s;
}
void conjInPlace(Tensor& work) {
  C* p = work.data<C>();
  for (int64_t i = 0, n = work.numel(); i < n; ++i) p[i] = std::conj(p[i]);
}

// ---- one dim at a time on a contiguous ComplexDouble tensor ----

// Zero-pads or trims `dim` to n at its end.
Tensor resizeDim(const Tensor& work, int64_t dim, int64_t n) {
  const int64_t have = work.size(dim);
  if (have == n) return work;
  if (have > n) return work.narrow(dim, 0, n).contiguous();
  std::vector<int64_t> sizes(work.sizes().begin(), work.sizes().end());
  sizes[static_cast<size_t>(dim)] = n;
  Tensor out = zeros(sizes, ScalarType::ComplexDouble);
  out.narrow(dim, 0, have).copy_(work);
  return out;
}

// Unnormalized DFT of every line along `dim`, in place.
void transformDim(Tensor& work, int64_t dim, bool inverse) {
  if (work.numel() == 0) return;
  const DimLayout l = layoutOf(work, dim);
  FftPlan plan(l.n);
  C* base = work.data<C>();
  std::vector<C> line(static_cast<size_t>(l.n));
  for (int64_t o = 0; o < l.outer; ++o) {
    for (int64_t i = 0; i < l.inner; ++i) {
      C* p = base + o * l.n * l.inner + i;
      if (l.inner == 1) {
        plan.execute(p, inverse);
        continue;
      }
      for (int64_t j = 0; j < l.n; ++j) line[static_cast<size_t>(j)] = p[j * l.inner];
      plan.execute(line.data(), inverse);
      for (int64_t j = 0; j < l.n; ++j) p[j * l.inner] = line[static_cast<size_t>(j)];
    }
  }
}

// Complex-to-real along `dim`: the first n/2 + 1 bins of each line (the rest
// implied by Hermitian symmetry) -> n real values (unnormalized inverse DFT).
// Returns a contiguous Double tensor.
Tensor c2rDim(const Tensor& half, int64_t dim, int64_t n) {
  std::vector<int64_t> sizes(half.sizes().begin(), half.sizes().end());
  sizes[static_cast<size_t>(dim)] = n;
  Tensor out = empty(sizes, ScalarType::Double);
  if (out.numel() == 0) return out;
  const DimLayout l = layoutOf(half, dim);  // l.n == n / 2 + 1
  FftPlan plan(n);
  const C* src = half.data<C>();
  double* dst = out.data<double>();
  std::vector<C> line(static_cast<size_t>(n));
  for (int64_t o = 0; o < l.outer; ++o) {
    for (int64_t i = 0; i < l.inner; ++i) {
      const C* p = src + o * l.n * l.inner + i;
      for (int64_t k = 0; k < n; ++k) {
        const int64_t m = k <= n / 2 ? k : n - k;
        const C v = p[m * l.inner];
        line[static_cast<size_t>(k)] = k <= n / 2 ? v : std::conj(v);
      }
      plan.execute(line.data(), /*inverse=*/true);
      double* q = dst + o * n * l.inner + i;
      for (int64_t k = 0; k < n; ++k) q[k * l.inner] = line[static_cast<size_t>(k)].real();
    }
  }
  return out;
}

// ---- the three transform kinds ----

Tensor c2c(const Tensor& x, const FftShape& sh, bool forward, const std::optional<std::string>& norm,
           const char* op) {
  checkFftDtype(x, op);
  const double scale = normScale(norm, forward, product(sh.s));
  Tensor work = workingCopy(x);
  for (size_t i = 0; i < sh.dim.size(); ++i) {
    work = resizeDim(work, sh.dim[i], sh.s[i]);
    transformDim(work, sh.dim[i], !forward);
  }
  scaleInPlace(work, scale);
  return work.to(complexResultType(x));
}

// Real input, half spectrum on the last dim. ihfft: conjugated, scaled as an
// inverse transform.
Tensor r2c(const Tensor& x, const FftShape& sh, bool ihfft, const std::optional<std::string>& norm, const char* op) {
  checkFftDtype(x, op);
  JS_CHECK(!x.is_complex(), op, " expects a real input tensor, but got ", scalarTypeName(x.dtype()));
  JS_CHECK(!sh.dim.empty(), op, " must transform at least one axis");
  const double scale = normScale(norm, /*forward=*/!ihfft, product(sh.s));
  Tensor work = workingCopy(x);
  for (size_t i = 0; i < sh.dim.size(); ++i) work = resizeDim(work, sh.dim[i], sh.s[i]);
  const int64_t last = sh.dim.back();
  transformDim(work, last, /*inverse=*/false);
  work = work.narrow(last, 0, sh.s.back() / 2 + 1).contiguous();
  for (size_t i = 0; i + 1 < sh.dim.size(); ++i) transformDim(work, sh.dim[i], /*inverse=*/false);
  if (ihfft) conjInPlace(work);
  scaleInPlace(work, scale);
  return work.to(complexResultType(x));
}

// Half-spectrum input on the last dim, real output of sh.s sizes. hfft:
// a forward transform of the Hermitian signal.
Tensor c2r(const Tensor& x, const FftShape& sh, bool hfft, const std::optional<std::string>& norm, const char* op) {
  checkFftDtype(x, op);
  JS_CHECK(!sh.dim.empty(), op, " must transform at least one axis");
  const double scale = normScale(norm, /*forward=*/hfft, product(sh.s));
  Tensor work = workingCopy(x);
  const size_t k = sh.dim.size() - 1;
  for (size_t i = 0; i < k; ++i) work = resizeDim(work, sh.dim[i], sh.s[i]);
  work = resizeDim(work, sh.dim[k], sh.s[k] / 2 + 1);
  for (size_t i = 0; i < k; ++i) transformDim(work, sh.dim[i], /*inverse=*/!hfft);
  // forward(X) of a Hermitian X is real, so equals conj of itself:
  // the + exponent c2r of conj(X).
  if (hfft) conjInPlace(work);
  Tensor out = c2rDim(work, sh.dim[k], sh.s[k]);
  double* p = out.data<double>();
  if (scale != 1.0)
    for (int64_t i = 0, n = out.numel(); i < n; ++i) p[i] *= scale;
  return out.to(realResultType(x));
}

enum class Kind { Fft, Ifft, Rfft, Irfft, Hfft, Ihfft };

Tensor run(Kind kind, const Tensor& x, FftShape sh, const std::optional<std::string>& norm, const char* op) {
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

bool isC2r(Kind k) { return k == Kind::Irfft || k == Kind::Hfft; }

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

// fft_X(Tensor self, int? n=None, int dim=-1, str? norm=None)
template <Kind K>
Tensor fft1(const Tensor& x, std::optional<int64_t> n, int64_t dim, std::optional<std::string> norm) {
  checkFftDtype(x, kindName(K));
  FftShape sh = isC2r(K) ? c2rOneDim(x, n, dim) : oneDim(x, n, dim);
  return run(K, x, std::move(sh), norm, kindName(K));
}

// fft_X2 / fft_Xn(Tensor self, int[1]? s=None, int[1]? dim, str? norm=None)
// Dims: int[1]? (fft_Xn) or int[1] (fft_X2).
template <Kind K, typename Dims>
Tensor fftn(const Tensor& x, std::optional<std::vector<int64_t>> sz, Dims dim_arg, std::optional<std::string> norm) {
  checkFftDtype(x, kindName(K));
  const std::optional<std::vector<int64_t>> dim(std::move(dim_arg));
  FftShape sh = isC2r(K) ? c2rShape(x, sz, dim) : canonicalize(x, sz, dim);
  return run(K, x, std::move(sh), norm, kindName(K));
}

// ---- shifts and frequencies ----

template <bool Inverse>
Tensor fftshift(const Tensor& x, std::optional<std::vector<int64_t>> dim) {
  std::vector<int64_t> dims;
  if (dim) {
    for (int64_t v : *dim) dims.push_back(maybe_wrap_dim(v, x.dim()));
  } else {
    for (int64_t d = 0; d < x.dim(); ++d) dims.push_back(d);
  }
  std::vector<int64_t> shifts;
  for (int64_t d : dims) shifts.push_back(Inverse ? (x.size(d) + 1) / 2 : x.size(d) / 2);
  if (dims.empty()) return x.clone();
  return roll(x, shifts, dims);
}

// fftfreq(n, d): [0, 1, ..., (n-1)/2, -(n/2), ..., -1] / (d * n); rfftfreq
// keeps the n/2 + 1 non-negative ones.
template <bool Real>
Tensor fftfreq(int64_t n, double d, std::optional<ScalarType> dtype_arg, std::optional<int64_t> /*layout*/,
               std::optional<Device> /*device*/, std::optional<bool> /*pin_memory*/) {
  const ScalarType dtype = dtype_arg.value_or(kDefaultDtype);
  JS_CHECK(isFloatingType(dtype) || isComplexType(dtype), Real ? "rfftfreq" : "fftfreq",
           " requires a floating point or complex dtype");
  JS_CHECK(n >= 0, Real ? "rfftfreq" : "fftfreq", ": n must be non-negative, got ", n);
  const int64_t len = Real ? n / 2 + 1 : n;
  std::vector<double> v(static_cast<size_t>(len));
  for (int64_t i = 0; i < len; ++i) {
    const int64_t k = (Real || i <= (n - 1) / 2) ? i : i - n;
    v[static_cast<size_t>(i)] = static_cast<double>(k) / (d * static_cast<double>(n));
  }
  return from_vector(v).to(dtype);
}

// ---- stft / istft ----

// The window zero-padded on both sides to n_fft (PyTorch centres it).
std::vector<double> paddedWindow(const std::optional<Tensor>& window, int64_t win_length, int64_t n_fft,
                                 const char* op) {
  std::vector<double> w(static_cast<size_t>(n_fft), 0.0);
  const int64_t left = (n_fft - win_length) / 2;
  if (window) {
    JS_CHECK(window->dim() == 1 && window->size(0) == win_length, op,
             ": expected a 1D window tensor of size equal to win_length=", win_length, ", but got window with size ",
             shapeToString(window->sizes()));
    JS_CHECK(!window->is_complex(), op, ": complex windows are not supported");
    Tensor wd = window->to(ScalarType::Double).contiguous();
    const double* p = wd.data<double>();
    for (int64_t i = 0; i < win_length; ++i) w[static_cast<size_t>(left + i)] = p[i];
  } else {
    for (int64_t i = 0; i < win_length; ++i) w[static_cast<size_t>(left + i)] = 1.0;
  }
  return w;
}

// stft(self, n_fft, hop_length, win_length, window, normalized, onesided,
// return_complex). Centre padding happens in torch.stft's Python, before.
Tensor stft(const Tensor& x, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length_arg,
            const std::optional<Tensor>& window, bool normalized, std::optional<bool> onesided_arg,
            std::optional<bool> return_complex_arg) {
  const int64_t hop = hop_length.value_or(n_fft / 4);
  const int64_t win_length = win_length_arg.value_or(n_fft);
  checkFftDtype(x, "stft");
  const bool complex_in = x.is_complex() || (window && window->is_complex());
  const bool onesided = onesided_arg.value_or(!complex_in);
  const bool return_complex = return_complex_arg.value_or(complex_in);
  JS_CHECK(x.dim() == 1 || x.dim() == 2, "stft: expected a 1D or 2D tensor, but got ", x.dim(), "D tensor");
  JS_CHECK(!(onesided && complex_in), "Cannot have onesided output if window or input is complex");
  const int64_t len = x.size(-1);
  JS_CHECK(n_fft > 0 && n_fft <= len, "stft: expected 0 < n_fft < ", len, ", but got n_fft=", n_fft);
  JS_CHECK(hop > 0, "stft: expected hop_length > 0, but got hop_length=", hop);
  JS_CHECK(win_length > 0 && win_length <= n_fft, "stft: expected 0 < win_length <= n_fft, but got win_length=",
           win_length);
  const std::vector<double> w = paddedWindow(window, win_length, n_fft, "stft");

  const int64_t batch = x.dim() == 2 ? x.size(0) : 1;
  const int64_t frames = 1 + (len - n_fft) / hop;
  const int64_t bins = onesided ? n_fft / 2 + 1 : n_fft;
  Tensor xs = x.reshape({batch, len}).to(ScalarType::ComplexDouble).contiguous();
  const C* xp = xs.data<C>();
  Tensor spec = empty({batch, bins, frames}, ScalarType::ComplexDouble);
  C* sp = spec.data<C>();
  FftPlan plan(n_fft);
  std::vector<C> line(static_cast<size_t>(n_fft));
  const double scale = normalized ? 1.0 / std::sqrt(static_cast<double>(n_fft)) : 1.0;
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t t = 0; t < frames; ++t) {
      const C* src = xp + b * len + t * hop;
      for (int64_t j = 0; j < n_fft; ++j) line[static_cast<size_t>(j)] = src[j] * w[static_cast<size_t>(j)];
      plan.execute(line.data(), /*inverse=*/false);
      for (int64_t k = 0; k < bins; ++k) sp[(b * bins + k) * frames + t] = line[static_cast<size_t>(k)] * scale;
    }
  }
  if (x.dim() == 1) spec = spec.squeeze(0);
  const ScalarType ct = (isDoublePrecision(x) || (window && isDoublePrecision(*window))) ? ScalarType::ComplexDouble
                                                                                       : ScalarType::ComplexFloat;
  if (return_complex) return spec.to(ct);
  // The real layout of view_as_real: a trailing dim of (re, im).
  std::vector<int64_t> sizes(spec.sizes().begin(), spec.sizes().end());
  sizes.push_back(2);
  Tensor out = empty(sizes, ScalarType::Double);
  double* op = out.data<double>();
  const C* cp = spec.data<C>();
  for (int64_t i = 0, n = spec.numel(); i < n; ++i) {
    op[2 * i] = cp[i].real();
    op[2 * i + 1] = cp[i].imag();
  }
  return out.to(ct == ScalarType::ComplexDouble ? ScalarType::Double : ScalarType::Float);
}

// istft(self, n_fft, hop_length, win_length, window, center, normalized,
// onesided, length, return_complex): inverse transform of each frame,
// windowed overlap-add, divided by the summed squared window.
Tensor istft(Tensor spec, int64_t n_fft, std::optional<int64_t> hop_length, std::optional<int64_t> win_length_arg,
             const std::optional<Tensor>& window, bool center, bool normalized, std::optional<bool> onesided_arg,
             std::optional<int64_t> length, bool return_complex) {
  const int64_t win_length = win_length_arg.value_or(n_fft);
  const int64_t hop = hop_length.value_or(n_fft / 4);
  checkFftDtype(spec, "istft");
  const bool double_precision = isDoublePrecision(spec) || (window && isDoublePrecision(*window));
  if (!spec.is_complex()) {
    JS_CHECK(spec.dim() >= 1 && spec.size(-1) == 2,
             "istft requires a complex-valued input tensor, or a real tensor whose last dimension has size 2");
    // view_as_complex of the (re, im) pairs.
    Tensor r = spec.to(ScalarType::Double).contiguous();
    std::vector<int64_t> sizes(r.sizes().begin(), r.sizes().end() - 1);
    Tensor c = empty(sizes, ScalarType::ComplexDouble);
    const double* rp = r.data<double>();
    C* cp = c.data<C>();
    for (int64_t i = 0, n = c.numel(); i < n; ++i) cp[i] = C(rp[2 * i], rp[2 * i + 1]);
    spec = c;
  }
  JS_CHECK(spec.dim() == 2 || spec.dim() == 3, "istft: expected a tensor with 2 or 3 dimensions of complex, got ",
           spec.dim());
  const bool batched = spec.dim() == 3;
  Tensor in = workingCopy(batched ? spec : spec.unsqueeze(0));
  const int64_t batch = in.size(0), bins = in.size(1), frames = in.size(2);
  const bool onesided = onesided_arg.value_or(bins != n_fft);
  if (onesided) {
    JS_CHECK(n_fft / 2 + 1 == bins,
             "istft expected the frequency dimension (3rd to the last) of the input tensor to match n_fft / 2 + 1 "
             "when onesided=True, but got ",
             bins);
  } else {
    JS_CHECK(n_fft == bins,
             "istft expected the frequency dimension (3rd to the last) of the input tensor to match n_fft when "
             "onesided=False, but got ",
             bins);
  }
  JS_CHECK(hop > 0 && hop <= win_length, "istft expected 0 < hop_length <= win_length");
  JS_CHECK(win_length > 0 && win_length <= n_fft, "istft expected 0 < win_length <= n_fft");
  JS_CHECK(frames > 0, "istft: the input has no frames");
  JS_CHECK(!(return_complex && onesided), "Cannot have onesided output if window or input is complex");
  const std::vector<double> w = paddedWindow(window, win_length, n_fft, "istft");

  const int64_t total = n_fft + hop * (frames - 1);
  Tensor y = zeros({batch, total}, ScalarType::ComplexDouble);
  std::vector<double> env(static_cast<size_t>(total), 0.0);
  for (int64_t t = 0; t < frames; ++t)
    for (int64_t j = 0; j < n_fft; ++j) env[static_cast<size_t>(t * hop + j)] += w[static_cast<size_t>(j)] * w[static_cast<size_t>(j)];
  FftPlan plan(n_fft);
  const double scale = normalized ? 1.0 / std::sqrt(static_cast<double>(n_fft)) : 1.0 / static_cast<double>(n_fft);
  const C* ip = in.data<C>();
  C* yp = y.data<C>();
  std::vector<C> line(static_cast<size_t>(n_fft));
  for (int64_t b = 0; b < batch; ++b) {
    for (int64_t t = 0; t < frames; ++t) {
      auto bin = [&](int64_t k) { return ip[(b * bins + k) * frames + t]; };
      for (int64_t k = 0; k < n_fft; ++k) {
        if (return_complex) line[static_cast<size_t>(k)] = bin(k);
        else {
          // irfft of the first n_fft/2 + 1 bins (Hermitian extension).
          const int64_t m = k <= n_fft / 2 ? k : n_fft - k;
          line[static_cast<size_t>(k)] = k <= n_fft / 2 ? bin(m) : std::conj(bin(m));
        }
      }
      plan.execute(line.data(), /*inverse=*/true);
      for (int64_t j = 0; j < n_fft; ++j) {
        C v = line[static_cast<size_t>(j)] * scale;
        if (!return_complex) v = C(v.real(), 0);
        yp[b * total + t * hop + j] += v * w[static_cast<size_t>(j)];
      }
    }
  }
  if (length) JS_CHECK(*length >= 0, "istft: length must be non-negative, got ", *length);
  const int64_t start = center ? n_fft / 2 : 0;
  int64_t end = length ? start + *length : (center ? total - n_fft / 2 : total);
  const int64_t stop = std::min(end, total);
  JS_CHECK(stop >= start, "istft: the requested length is negative");
  for (int64_t i = start; i < stop; ++i)
    JS_CHECK(std::abs(env[static_cast<size_t>(i)]) > 1e-11,
             "istft(...): window overlap add min: ", std::abs(env[static_cast<size_t>(i)]));
  const int64_t out_len = length ? *length : stop - start;
  Tensor out = zeros({batch, out_len}, ScalarType::ComplexDouble);
  C* op = out.data<C>();
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t i = start; i < stop; ++i) op[b * out_len + (i - start)] = yp[b * total + i] / env[static_cast<size_t>(i)];
  if (!batched) out = out.squeeze(0);
  if (return_complex) return out.to(double_precision ? ScalarType::ComplexDouble : ScalarType::ComplexFloat);
  Tensor re = empty(out.sizes(), ScalarType::Double);
  double* rp = re.data<double>();
  const C* cp = out.data<C>();
  for (int64_t i = 0, n = out.numel(); i < n; ++i) rp[i] = cp[i].real();
  return re.to(double_precision ? ScalarType::Double : ScalarType::Float);
}

#define JS_FFT_1D(NAME, KIND, DOC)                                                                              \
  op<fft1<KIND>>("aten::fft_" NAME "(Tensor self, int? n=None, int dim=-1, str? norm=None) -> Tensor", DOC)
#define JS_FFT_2D(NAME, KIND, DOC)                                                                              \
  op<fftn<KIND, std::vector<int64_t>>>(                                                                         \
      "aten::fft_" NAME "2(Tensor self, int[1]? s=None, int[1] dim=[-2, -1], str? norm=None) -> Tensor",        \
      DOC " over two dims.")
#define JS_FFT_ND(NAME, KIND, DOC)                                                                              \
  op<fftn<KIND, std::optional<std::vector<int64_t>>>>(                                                          \
      "aten::fft_" NAME "n(Tensor self, int[1]? s=None, int[1]? dim=None, str? norm=None) -> Tensor",           \
      DOC " over n dims.")

}  // namespace

const OpTable kFftOps = {
    JS_FFT_1D("fft", Kind::Fft, "Discrete Fourier transform along one dim."),
    JS_FFT_1D("ifft", Kind::Ifft, "Inverse discrete Fourier transform along one dim."),
    JS_FFT_1D("rfft", Kind::Rfft, "FFT of a real signal: the n/2 + 1 non-negative frequencies."),
    JS_FFT_1D("irfft", Kind::Irfft, "Inverse of rfft: a real signal from a half spectrum."),
    JS_FFT_1D("hfft", Kind::Hfft, "FFT of a Hermitian-symmetric signal given by its half: real output."),
    JS_FFT_1D("ihfft", Kind::Ihfft, "Inverse of hfft: the half spectrum of a real signal, inverse-scaled."),
    JS_FFT_2D("fft", Kind::Fft, "Discrete Fourier transform"),
    JS_FFT_2D("ifft", Kind::Ifft, "Inverse discrete Fourier transform"),
    JS_FFT_2D("rfft", Kind::Rfft, "Real-input FFT"),
    JS_FFT_2D("irfft", Kind::Irfft, "Inverse of rfft2"),
    JS_FFT_2D("hfft", Kind::Hfft, "Hermitian-input FFT"),
    JS_FFT_2D("ihfft", Kind::Ihfft, "Inverse of hfft2"),
    JS_FFT_ND("fft", Kind::Fft, "Discrete Fourier transform"),
    JS_FFT_ND("ifft", Kind::Ifft, "Inverse discrete Fourier transform"),
    JS_FFT_ND("rfft", Kind::Rfft, "Real-input FFT"),
    JS_FFT_ND("irfft", Kind::Irfft, "Inverse of rfftn"),
    JS_FFT_ND("hfft", Kind::Hfft, "Hermitian-input FFT"),
    JS_FFT_ND("ihfft", Kind::Ihfft, "Inverse of hfftn"),
    op<fftshift<false>>("aten::fft_fftshift(Tensor self, int[1]? dim=None) -> Tensor",
                        "Rolls each dim by size/2, moving frequency zero to the centre."),
    op<fftshift<true>>("aten::fft_ifftshift(Tensor self, int[1]? dim=None) -> Tensor", "Inverse of fftshift."),
    op<fftfreq<false>>("aten::fft_fftfreq(int n, float d=1., *, ScalarType? dtype=None, Layout? layout=None, Device? "
                       "device=None, bool? pin_memory=None) -> Tensor",
                       "Sample frequencies of an n-point FFT with spacing d."),
    op<fftfreq<true>>("aten::fft_rfftfreq(int n, float d=1., *, ScalarType? dtype=None, Layout? layout=None, Device? "
                      "device=None, bool? pin_memory=None) -> Tensor",
                      "Sample frequencies of an n-point rfft with spacing d."),
    op<stft>("aten::stft(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None, bool "
             "normalized=False, bool? onesided=None, bool? return_complex=None) -> Tensor",
             "Short-time Fourier transform of (already padded) 1-D or batched signals."),
    op<istft>("aten::istft(Tensor self, int n_fft, int? hop_length=None, int? win_length=None, Tensor? window=None, "
              "bool center=True, bool normalized=False, bool? onesided=None, int? length=None, bool "
              "return_complex=False) -> Tensor",
              "Inverse short-time Fourier transform by windowed overlap-add."),
};
#undef JS_FFT_1D
#undef JS_FFT_2D
#undef JS_FFT_ND

}  // namespace jitserve::ops
