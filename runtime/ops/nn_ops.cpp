// Neural-network layers: convolution (1-D/2-D, groups, dilation) as
// im2col + GEMM, batch/layer/group/instance normalization, max/avg pooling
// (fixed and adaptive), padding modes (constant, reflect, replicate,
// circular) and channel/pixel shuffles. 3-D and transposed convolutions
// live in conv_nd_ops.cpp; aten::convolution routes to them.
//
// Layout: NCHW (a missing batch dim is added and removed around the kernel).
// float32 2-D convolution runs on oneDNN where the build has it
// (onednn_conv.h); otherwise, and for double, it computes one
// [out_channels/groups, K] x [K, H_out*W_out] GEMM per image and group on
// OpenBLAS, written straight into the output: the reference path.
#include "runtime/ops/op_tables.h"
#include "runtime/ops/pool_geometry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/blas_gemm.h"
#include "runtime/ops/conv_nd_ops.h"
#include "runtime/ops/index_ops.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/ops/ternary_ops.h"
#include "runtime/ops/vec_math.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

// Expands an int[N] argument given as one value or N values.
std::vector<int64_t> expandParam(std::vector<int64_t> v, size_t n, const char* name) {
  if (v.size() == 1 && n > 1) v.assign(n, v[0]);
  JS_CHECK(v.size() == n, "expected ", name, " to be a single integer value or a list of ", n,
           " values to match the convolution dimensions, but got ", name, "=", shapeToString(v));
  return v;
}

// ---- convolution ----

template <typename T>
void im2col(const T* img, int64_t C, int64_t H, int64_t W, int64_t kh, int64_t kw, int64_t sh, int64_t sw,
            int64_t ph, int64_t pw, int64_t dh, int64_t dw, int64_t Ho, int64_t Wo, T* col) {
  for (int64_t c = 0; c < C; ++c)
    for (int64_t i = 0; i < kh; ++i)
      for (int64_t j = 0; j < kw; ++j) {
        T* row = col + ((c * kh + i) * kw + j) * Ho * Wo;
        for (int64_t y = 0; y < Ho; ++y) {
          const int64_t iy = y * sh - ph + i * dh;
          T* out = row + y * Wo;
          if (iy < 0 || iy >= H) {
            std::fill(out, out + Wo, T(0));
            continue;
          }
          const T* src = img + (c * H + iy) * W;
          for (int64_t x = 0; x < Wo; ++x) {
            const int64_t ix = x * sw - pw + j * dw;
            out[x] = (ix >= 0 && ix < W) ? src[ix] : T(0);
          }
        }
      }
}

// min(max(x, lo), hi) in place, NaN kept (as relu, hardtanh and clamp do).
template <typename scalar_t>
void clampInPlace(scalar_t* p, int64_t n, const ConvClamp& c) {
  const scalar_t lo = c.lo ? static_cast<scalar_t>(*c.lo) : -std::numeric_limits<scalar_t>::infinity();
  const scalar_t hi = c.hi ? static_cast<scalar_t>(*c.hi) : std::numeric_limits<scalar_t>::infinity();
  parallel_for(0, n, kGrainSize, [&](int64_t s, int64_t e) {
    for (int64_t i = s; i < e; ++i) {
      const scalar_t y = p[i] < lo ? lo : p[i];
      p[i] = y > hi ? hi : y;
    }
  });
}

// `clamp`, when given, is applied to the result, which oneDNN writes
// channels-last when `channelsLastOut` (jitserve::conv2d_clamp). `sum`, when
// given (jitserve::conv2d_add), goes before the clamp and is only taken by
// oneDNN, for a float32 operand of the result's sizes: *sumApplied says
// whether it was; when not, neither was the clamp (the caller adds, then
// clamps).
Tensor conv2dImpl(const Tensor& input_in, const Tensor& weight, const std::optional<Tensor>& bias,
                  std::vector<int64_t> stride, std::vector<int64_t> padding, std::vector<int64_t> dilation,
                  int64_t groups, const ConvClamp* clamp = nullptr, bool channelsLastOut = false,
                  const ConvSum* sum = nullptr, bool* sumApplied = nullptr) {
  const bool batched = input_in.dim() == 4;
  JS_CHECK(input_in.dim() == 3 || input_in.dim() == 4, "Expected 3D (unbatched) or 4D (batched) input to conv2d, but "
           "got input of size: ", shapeToString(input_in.sizes()));
  JS_CHECK(weight.dim() == 4, "conv2d: weight must be 4-D, got ", weight.dim(), "-D");
  JS_CHECK(input_in.dtype() == weight.dtype(), "Input type (", scalarTypeName(input_in.dtype()),
           ") and weight type (", scalarTypeName(weight.dtype()), ") should be the same");
  Tensor input = batched ? input_in : input_in.unsqueeze(0);
  if (!isChannelsLast(input)) input = input.contiguous();
  const int64_t N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
  const int64_t O = weight.size(0), kh = weight.size(2), kw = weight.size(3);
  JS_CHECK(groups > 0, "non-positive groups is not supported");
  JS_CHECK(C == weight.size(1) * groups, "Given groups=", groups, ", weight of size ", shapeToString(weight.sizes()),
           ", expected input", shapeToString(input_in.sizes()), " to have ", weight.size(1) * groups,
           " channels, but got ", C, " channels instead");
  JS_CHECK(O % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ", groups,
           " at dimension 0, but got weight of size ", shapeToString(weight.sizes()), " instead");
  for (int64_t v : stride) JS_CHECK(v > 0, "non-positive stride is not supported");
  for (int64_t v : padding) JS_CHECK(v >= 0, "negative padding is not supported");
  for (int64_t v : dilation) JS_CHECK(v > 0, "dilation should be greater than zero");
  const int64_t sh = stride[0], sw = stride[1], ph = padding[0], pw = padding[1], dh = dilation[0], dw = dilation[1];
  const int64_t Ho = (H + 2 * ph - dh * (kh - 1) - 1) / sh + 1;
  const int64_t Wo = (W + 2 * pw - dw * (kw - 1) - 1) / sw + 1;
  JS_CHECK(Ho > 0 && Wo > 0, "Calculated padded input size per channel: (", H + 2 * ph, " x ", W + 2 * pw,
           "). Kernel size: (", dh * (kh - 1) + 1, " x ", dw * (kw - 1) + 1,
           "). Kernel size can't be greater than actual input size");
  if (bias) JS_CHECK(bias->dim() == 1 && bias->size(0) == O, "conv2d: bias must have ", O, " elements");
  // A pointwise convolution is a plain GEMM on the NCHW tensors; oneDNN would
  // add layout reorders of the input, weights and output around it. With a
  // frozen weight (reordered once, onednn_conv.h) oneDNN's 1x1 kernels win
  // all the same: frozen mobilenet_v2 at batch 1 takes ~12 ms of CPU instead
  // of ~15 with OpenBLAS.
  const bool pointwise = kh == 1 && kw == 1 && sh == 1 && sw == 1 && ph == 0 && pw == 0 &&
                         !weight.storage().unsafeGetStorageImpl()->frozen();
  Tensor out;
  if (sum != nullptr) {
    const std::vector<int64_t> want{N, O, Ho, Wo};
    const bool fits = batched && sum->other->dtype() == ScalarType::Float &&
                      std::ranges::equal(sum->other->sizes(), want);
    *sumApplied = fits && !pointwise &&
                  onednnConv2d(input, weight, bias, {sh, sw, ph, pw, dh, dw, groups}, out, clamp, channelsLastOut, sum);
    if (*sumApplied) return out;
    clamp = nullptr;  // the caller adds first
  }
  if (!pointwise && onednnConv2d(input, weight, bias, {sh, sw, ph, pw, dh, dw, groups}, out, clamp, channelsLastOut))
    return batched ? out : out.squeeze(0);
  input = input.contiguous();  // the reference kernels read NCHW
  const int64_t Cg = C / groups, Og = O / groups, K = Cg * kh * kw, P = Ho * Wo;
  out = empty({N, O, Ho, Wo}, input.dtype());
  Tensor w2 = weight.contiguous();
  JS_DISPATCH_FLOAT_AND_DOUBLE(input.dtype(), "conv2d", [&] {
    Tensor col = pointwise ? Tensor() : empty({K, P}, input.dtype());
    const scalar_t* wp = w2.data<scalar_t>();
    if (K == 0) out.zero_();  // no input channels: BLAS rejects a zero leading dimension
    for (int64_t n = 0; n < N && K > 0; ++n) {
      for (int64_t g = 0; g < groups; ++g) {
        const scalar_t* img = input.data<scalar_t>() + (n * C + g * Cg) * H * W;
        const scalar_t* rhs = img;
        if (!pointwise) {
          im2col(img, Cg, H, W, kh, kw, sh, sw, ph, pw, dh, dw, Ho, Wo, col.data<scalar_t>());
          rhs = col.data<scalar_t>();
        }
        // out[n, g*Og:(g+1)*Og] viewed as [Og, P] = W_g [Og, K] @ rhs [K, P], straight into the output.
        gemm(false, false, Og, P, K, scalar_t(1), wp + g * Og * K, K, rhs, P, scalar_t(0),
             out.data<scalar_t>() + (n * O + g * Og) * P, P);
      }
    }
    if (bias) {
      Tensor b = bias->to(input.dtype()).contiguous();
      const scalar_t* bp = b.data<scalar_t>();
      scalar_t* op = out.data<scalar_t>();
      parallel_for(0, N * O, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, P)), [&](int64_t s, int64_t e) {
        for (int64_t i = s; i < e; ++i) {
          const scalar_t bv = bp[i % O];
          scalar_t* p = op + i * P;
          for (int64_t j = 0; j < P; ++j) p[j] += bv;
        }
      });
    }
    if (clamp) clampInPlace(out.data<scalar_t>(), out.numel(), *clamp);
  });
  return batched ? out : out.squeeze(0);
}

Tensor conv1dImpl(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                  const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                  const std::vector<int64_t>& dilation, int64_t groups) {
  JS_CHECK(input.dim() == 2 || input.dim() == 3, "Expected 2D (unbatched) or 3D (batched) input to conv1d, but got "
           "input of size: ", shapeToString(input.sizes()));
  JS_CHECK(weight.dim() == 3, "conv1d: weight must be 3-D, got ", weight.dim(), "-D");
  Tensor r = conv2dImpl(input.unsqueeze(-2), weight.unsqueeze(2), bias, {1, stride[0]}, {0, padding[0]},
                        {1, dilation[0]}, groups);
  return r.squeeze(-2);
}

Tensor convolution(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                   const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                   const std::vector<int64_t>& dilation, bool transposed, const std::vector<int64_t>& output_padding,
                   int64_t groups) {
  const int64_t spatial = weight.dim() - 2;
  if (transposed) return convTransposeNd(input, weight, bias, stride, padding, output_padding, dilation, groups);
  if (spatial == 3) return convNd(input, weight, bias, stride, padding, dilation, groups);
  if (spatial == 1)
    return conv1dImpl(input, weight, bias, expandParam(stride, 1, "stride"), expandParam(padding, 1, "padding"),
                      expandParam(dilation, 1, "dilation"), groups);
  JS_CHECK(spatial == 2, "convolution: expected a 3-D to 5-D weight, got ", shapeToString(weight.sizes()));
  return conv2dImpl(input, weight, bias, expandParam(stride, 2, "stride"), expandParam(padding, 2, "padding"),
                    expandParam(dilation, 2, "dilation"), groups);
}

// ---- normalization ----

// A new tensor shaped like `in` (contiguous, floating), filled by
// body(in_data, out_data, w, b) in in's element type, with weight and bias as
// contiguous doubles (null when absent).
template <typename Body>
Tensor normalizeInto(const Tensor& in, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                     const char* name, const Body& body) {
  Tensor out = empty(in.sizes(), in.dtype());
  Tensor w = weight ? weight->to(ScalarType::Double).contiguous() : Tensor();
  Tensor b = bias ? bias->to(ScalarType::Double).contiguous() : Tensor();
  JS_DISPATCH_FLOATING_TYPES(in.dtype(), name, [&] {
    body(in.data<scalar_t>(), out.data<scalar_t>(), w.defined() ? w.data<double>() : nullptr,
         b.defined() ? b.data<double>() : nullptr);
  });
  return out;
}

// y = (x - mean[c]) * invstd[c] * w[c] + b[c] over (N, C, spatial...).
Tensor normalizeChannels(const Tensor& x, const std::vector<double>& mean, const std::vector<double>& invstd,
                         const std::optional<Tensor>& weight, const std::optional<Tensor>& bias, int64_t groups_per_n,
                         int64_t channels) {
  // groups_per_n: statistics index = n * groups_per_n + c / (channels / groups_per_n) when per-sample
  // (group/instance norm); 0 means per-channel stats shared across the batch (batch norm).
  Tensor in = x.contiguous();
  const int64_t N = in.size(0), C = channels, S = C == 0 || N == 0 ? 0 : in.numel() / (N * C);
  return normalizeInto(in, weight, bias, "normalization", [&](const auto* ip, auto* op, const double* wp,
                                                             const double* bp) {
    using scalar_t = std::remove_pointer_t<decltype(op)>;
    parallel_for(0, N * C, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, S)), [&](int64_t s0, int64_t e0) {
      for (int64_t nc = s0; nc < e0; ++nc) {
        const int64_t n = nc / C, c = nc % C;
        const int64_t si = groups_per_n == 0 ? c : n * groups_per_n + c / (C / groups_per_n);
        const double scale = invstd[si] * (wp ? wp[c] : 1.0);
        const double shift = (bp ? bp[c] : 0.0) - mean[si] * scale;
        const scalar_t* xs = ip + nc * S;
        scalar_t* ys = op + nc * S;
        // x * scale + shift in the input's precision (float for float/half,
        // as PyTorch's CPU kernel), so the loop vectorizes; the per-channel
        // scale and shift are still formed in double.
        using acc_t = std::conditional_t<std::is_same_v<scalar_t, double>, double, float>;
        const acc_t a = static_cast<acc_t>(scale), b = static_cast<acc_t>(shift);
        for (int64_t j = 0; j < S; ++j) ys[j] = static_cast<scalar_t>(static_cast<acc_t>(xs[j]) * a + b);
      }
    });
  });
}

// Mean and biased variance of x viewed as [groups, count] rows.
void rowStats(const Tensor& rows, std::vector<double>& mean, std::vector<double>& var) {
  Tensor r = rows.contiguous();
  const int64_t G = r.size(0), M = r.size(1);
  mean.assign(static_cast<size_t>(G), 0);
  var.assign(static_cast<size_t>(G), 0);
  JS_DISPATCH_FLOATING_TYPES(r.dtype(), "normalization", [&] {
    const scalar_t* p = r.data<scalar_t>();
    const vec::FloatKernels* vk = std::is_same_v<scalar_t, float> ? vec::floatKernels() : nullptr;
    parallel_for(0, G, 1, [&](int64_t s, int64_t e) {
      for (int64_t g = s; g < e; ++g) {
        if (vk) {  // float: the same two passes on SIMD
          const float* row = reinterpret_cast<const float*>(p + g * M);
          const double m = M > 0 ? vk->sumD(row, M) / static_cast<double>(M) : 0;
          mean[g] = m;
          var[g] = M > 0 ? vk->sqDevD(row, M, m) / static_cast<double>(M) : 0;
          continue;
        }
        double sum = 0;
        for (int64_t j = 0; j < M; ++j) sum += static_cast<double>(p[g * M + j]);
        const double m = M > 0 ? sum / static_cast<double>(M) : 0;
        double ss = 0;
        for (int64_t j = 0; j < M; ++j) {
          const double d = static_cast<double>(p[g * M + j]) - m;
          ss += d * d;
        }
        mean[g] = m;
        var[g] = M > 0 ? ss / static_cast<double>(M) : 0;
      }
    });
  });
}

std::vector<double> toDoubles(const Tensor& t) {
  Tensor c = t.to(ScalarType::Double).contiguous();
  return std::vector<double>(c.data<double>(), c.data<double>() + c.numel());
}

Tensor batchNorm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                 const std::optional<Tensor>& running_mean, const std::optional<Tensor>& running_var, bool training,
                 double momentum, double eps) {
  if (input.numel() == 0) {
    // PyTorch returns a copy for empty inputs of any rank (an empty
    // result; weight and bias cannot change it).
    Tensor out = input.clone();
    return out;
  }
  JS_CHECK(input.dim() >= 2, "batch_norm: expected at least 2-D input, got ", input.dim(), "-D");
  JS_CHECK(isFloatingType(input.dtype()), "batch_norm: expected a floating point input, got ",
           scalarTypeName(input.dtype()));
  const int64_t C = input.size(1);
  auto checkLen = [&](const std::optional<Tensor>& t, const char* what) {
    if (t) JS_CHECK(t->numel() == C, "running_mean should contain ", C, " elements not ", t->numel(), " (", what, ")");
  };
  checkLen(weight, "weight");
  checkLen(bias, "bias");
  checkLen(running_mean, "running_mean");
  checkLen(running_var, "running_var");
  std::vector<double> mean, var;
  const bool use_batch = training || !running_mean || !running_var;
  if (use_batch) {
    const int64_t count = input.numel() / std::max<int64_t>(1, C);
    JS_CHECK(!training || count > 1, "Expected more than 1 value per channel when training, got input size ",
             shapeToString(input.sizes()));
    rowStats(input.transpose(0, 1).reshape({C, -1}), mean, var);
    if (training && running_mean && running_var) {
      // Running statistics use the unbiased variance.
      Tensor rm = *running_mean, rv = *running_var;
      std::vector<double> om = toDoubles(rm), ov = toDoubles(rv);
      std::vector<double> nm(static_cast<size_t>(C)), nv(static_cast<size_t>(C));
      for (int64_t c = 0; c < C; ++c) {
        nm[c] = (1 - momentum) * om[c] + momentum * mean[c];
        nv[c] = (1 - momentum) * ov[c] + momentum * var[c] * static_cast<double>(count) / static_cast<double>(count - 1);
      }
      rm.copy_(from_vector(nm));
      rv.copy_(from_vector(nv));
    }
  } else {
    mean = toDoubles(*running_mean);
    var = toDoubles(*running_var);
  }
  std::vector<double> invstd(var.size());
  for (size_t i = 0; i < var.size(); ++i) invstd[i] = 1 / std::sqrt(var[i] + eps);
  return normalizeChannels(input, mean, invstd, weight, bias, 0, C);
}

Tensor groupNorm(const Tensor& input, int64_t G, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, double eps) {
  JS_CHECK(input.dim() >= 2, "group_norm: expected at least 2-D input");
  const int64_t N = input.size(0), C = input.size(1);
  JS_CHECK(G > 0 && C % G == 0, "Expected number of channels in input to be divisible by num_groups, but got input "
           "of shape ", shapeToString(input.sizes()), " and num_groups=", G);
  // The row length from the shape, not numel: an empty batch has rows of
  // a known length and none of them.
  int64_t rowLen = C / G;
  for (int64_t d = 2; d < input.dim(); ++d) rowLen *= input.size(d);
  std::vector<double> mean, var;
  rowStats(input.reshape({N * G, rowLen}), mean, var);
  std::vector<double> invstd(var.size());
  for (size_t i = 0; i < var.size(); ++i) invstd[i] = 1 / std::sqrt(var[i] + eps);
  return normalizeChannels(input, mean, invstd, weight, bias, G, C);
}

Tensor layerNorm(const Tensor& input, const std::vector<int64_t>& shape, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, double eps, Tensor* mean_out = nullptr,
                 Tensor* rstd_out = nullptr) {
  const int64_t k = static_cast<int64_t>(shape.size());
  JS_CHECK(k >= 1 && input.dim() >= k, "layer_norm: normalized_shape ", shapeToString(shape),
           " does not fit input of size ", shapeToString(input.sizes()));
  for (int64_t i = 0; i < k; ++i)
    JS_CHECK(input.size(input.dim() - k + i) == shape[i], "Given normalized_shape=", shapeToString(shape),
             ", expected input with shape [*, ", shapeToString(shape).substr(1), ", but got input of size",
             shapeToString(input.sizes()));
  int64_t M = 1;
  for (int64_t s : shape) M *= s;
  const int64_t R = M == 0 ? 0 : input.numel() / M;
  Tensor in = input.contiguous();
  std::vector<double> mean, var;
  rowStats(in.reshape({R, M}), mean, var);
  Tensor out = normalizeInto(in, weight, bias, "layer_norm", [&](const auto* ip, auto* op, const double* wp,
                                                                 const double* bp) {
    using scalar_t = std::remove_pointer_t<decltype(op)>;
    const vec::FloatKernels* vk = std::is_same_v<scalar_t, float> ? vec::floatKernels() : nullptr;
    parallel_for(0, R, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, M)), [&](int64_t s, int64_t e) {
      for (int64_t r = s; r < e; ++r) {
        const double rs = 1 / std::sqrt(var[r] + eps);
        if (vk) {
          vk->normRowD(reinterpret_cast<const float*>(ip + r * M), reinterpret_cast<float*>(op + r * M), M, mean[r],
                       rs, wp, bp);
          continue;
        }
        for (int64_t j = 0; j < M; ++j) {
          double v = (static_cast<double>(ip[r * M + j]) - mean[r]) * rs;
          if (wp) v *= wp[j];
          if (bp) v += bp[j];
          op[r * M + j] = static_cast<scalar_t>(v);
        }
      }
    });
  });
  if (mean_out) {
    DimVector stat_shape(input.sizes().begin(), input.sizes().end() - k);
    for (int64_t i = 0; i < k; ++i) stat_shape.push_back(1);
    std::vector<double> rstd(var.size());
    for (size_t i = 0; i < var.size(); ++i) rstd[i] = 1 / std::sqrt(var[i] + eps);
    *mean_out = from_vector(mean).to(input.dtype()).view(stat_shape);
    *rstd_out = from_vector(rstd).to(input.dtype()).view(stat_shape);
  }
  return out;
}

// ---- pooling ----

struct Pool2d {
  int64_t kh, kw, sh, sw, ph, pw, dh, dw;
  bool ceil_mode;
};

Pool2d makePool(std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p, std::vector<int64_t> d,
                bool ceil_mode) {
  k = expandParam(k, 2, "kernel_size");
  if (s.empty()) s = k;
  s = expandParam(s, 2, "stride");
  p = expandParam(p, 2, "padding");
  d = expandParam(d, 2, "dilation");
  for (int i = 0; i < 2; ++i) {
    JS_CHECK(k[i] > 0, "kernel_size must be greater than zero, but got kH: ", k[0], " kW: ", k[1]);
    JS_CHECK(s[i] > 0, "stride should be greater than zero, but got dH: ", s[0], " dW: ", s[1]);
    JS_CHECK(d[i] > 0, "dilation should be greater than zero, but got dilationH: ", d[0], " dilationW: ", d[1]);
    JS_CHECK(p[i] <= k[i] / 2, "pad should be at most half of effective kernel size, but got pad=", p[i],
             ", kernel_size=", k[i], " and dilation=", d[i]);
  }
  return {k[0], k[1], s[0], s[1], p[0], p[1], d[0], d[1], ceil_mode};
}

template <typename T>
inline T maxOrNan(T a, T b) {
  return (b > a || b != b) ? b : a;
}

// Calls f(plane, y, x) for each pixel of `planes` Ho x Wo output planes,
// the planes in parallel.
template <typename F>
void forEachPooledPixel(int64_t planes, int64_t Ho, int64_t Wo, const F& f) {
  parallel_for(0, planes, 1, [&](int64_t s, int64_t e) {
    for (int64_t plane = s; plane < e; ++plane)
      for (int64_t y = 0; y < Ho; ++y)
        for (int64_t x = 0; x < Wo; ++x) f(plane, y, x);
  });
}

// Calls tap(iy, ix) for each tap of output (y, x)'s window that lies inside
// the H x W input, row by row; tap returns false to skip the rest of its row.
template <typename Tap>
inline void forEachWindowTap(const Pool2d& P, int64_t y, int64_t x, int64_t H, int64_t W, const Tap& tap) {
  for (int64_t i = 0; i < P.kh; ++i) {
    const int64_t iy = y * P.sh - P.ph + i * P.dh;
    if (iy < 0 || iy >= H) continue;
    for (int64_t j = 0; j < P.kw; ++j) {
      const int64_t ix = x * P.sw - P.pw + j * P.dw;
      if (ix < 0 || ix >= W) continue;
      if (!tap(iy, ix)) break;
    }
  }
}

// max_pool2d values of a channels-last (NHWC memory) input, written
// channels-last: each output pixel is an elementwise max over C-long rows
// (a frozen CNN's oneDNN convolutions hand over NHWC activations).
template <typename scalar_t>
void maxPool2dNhwc(const scalar_t* ip, scalar_t* op, int64_t N, int64_t C, int64_t H, int64_t W, int64_t Ho,
                   int64_t Wo, const Pool2d& P) {
  parallel_for(0, N * Ho, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, Wo * C)), [&](int64_t s, int64_t e) {
    for (int64_t ny = s; ny < e; ++ny) {
      const int64_t n = ny / Ho, y = ny % Ho;
      for (int64_t x = 0; x < Wo; ++x) {
        scalar_t* __restrict dst = op + ((n * Ho + y) * Wo + x) * C;
        std::fill(dst, dst + C, -std::numeric_limits<scalar_t>::infinity());
        forEachWindowTap(P, y, x, H, W, [&](int64_t iy, int64_t ix) {
          const scalar_t* __restrict src = ip + ((n * H + iy) * W + ix) * C;
          // A select over whole rows vectorizes (compare + blend); once
          // dst is NaN no later value replaces it, so NaN propagates.
          for (int64_t c = 0; c < C; ++c) dst[c] = maxOrNan(dst[c], src[c]);
          return true;
        });
      }
    }
  });
}

// Max pooling values only (aten::max_pool2d), float and double: per output
// row, the window's input rows are folded into one row buffer (a
// branch-free, vectorizable max over whole rows), then each output takes
// the max over its window's columns of that buffer. NaN propagates, as in
// PyTorch. A channels-last input takes maxPool2dNhwc and gives a
// channels-last result. The general kernel below also tracks indices.
Tensor maxPool2dValues(const Tensor& self, const Pool2d& P) {
  const bool batched = self.dim() == 4;
  Tensor in = batched ? self : self.unsqueeze(0);
  const bool nhwc = batched && in.size(1) > 1 && !in.is_contiguous() && isChannelsLast(in);
  if (!nhwc) in = in.contiguous();
  const int64_t N = in.size(0), C = in.size(1), H = in.size(2), W = in.size(3);
  const int64_t Ho = pooledSize(H, P.kh, P.ph, P.sh, P.dh, P.ceil_mode);
  const int64_t Wo = pooledSize(W, P.kw, P.pw, P.sw, P.dw, P.ceil_mode);
  JS_CHECK(Ho > 0 && Wo > 0, "Given input size: (", C, "x", H, "x", W, "). Calculated output size: (", C, "x", Ho,
           "x", Wo, "). Output size is too small");
  if (nhwc && (in.dtype() == ScalarType::Float || in.dtype() == ScalarType::Double)) {
    Tensor out = empty({N, Ho, Wo, C}, in.dtype()).permute({0, 3, 1, 2});
    JS_DISPATCH_FLOAT_AND_DOUBLE(in.dtype(), "max_pool2d", [&] {
      maxPool2dNhwc<scalar_t>(in.data<scalar_t>(), out.data<scalar_t>(), N, C, H, W, Ho, Wo, P);
    });
    return out;
  }
  in = in.contiguous();
  Tensor out = empty({N, C, Ho, Wo}, in.dtype());
  JS_DISPATCH_FLOAT_AND_DOUBLE(in.dtype(), "max_pool2d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    parallel_for(0, N * C, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, H * W)), [&](int64_t s, int64_t e) {
      std::vector<scalar_t> row(static_cast<size_t>(W));
      scalar_t* rp = row.data();
      for (int64_t plane = s; plane < e; ++plane) {
        const scalar_t* src = ip + plane * H * W;
        scalar_t* dst = op + plane * Ho * Wo;
        for (int64_t y = 0; y < Ho; ++y) {
          bool first = true;
          for (int64_t i = 0; i < P.kh; ++i) {
            const int64_t iy = y * P.sh - P.ph + i * P.dh;
            if (iy < 0 || iy >= H) continue;
            const scalar_t* r = src + iy * W;
            if (first) {
              std::copy(r, r + W, rp);
              first = false;
            } else {
              for (int64_t x = 0; x < W; ++x) rp[x] = maxOrNan(rp[x], r[x]);
            }
          }
          // Every window holds at least one input row and column: padding is
          // at most half the kernel and the last window starts inside.
          // Branch-free: a plain max (maxss) and a separate NaN flag; a
          // NaN-propagating select here compiles to unpredictable branches.
          for (int64_t x = 0; x < Wo; ++x) {
            const int64_t x0 = x * P.sw - P.pw;
            const int64_t j0 = x0 >= 0 ? 0 : (-x0 + P.dw - 1) / P.dw;
            const int64_t j1 = std::min(P.kw, (W - 1 - x0) / P.dw + 1);
            scalar_t m = -std::numeric_limits<scalar_t>::infinity();
            bool nan = false;
            for (int64_t j = j0; j < j1; ++j) {
              const scalar_t v = rp[x0 + j * P.dw];
              m = v > m ? v : m;
              nan |= v != v;
            }
            dst[y * Wo + x] = nan ? std::numeric_limits<scalar_t>::quiet_NaN() : m;
          }
        }
      }
    });
  });
  return batched ? out : out.squeeze(0);
}

// Max pooling over NCHW (or CHW) planes; indices are flat h * W + w.
std::pair<Tensor, Tensor> maxPool2d(const Tensor& self, const Pool2d& P) {
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "max_pool2d: Expected 3D or 4D (batch mode) tensor for input, got ",
           self.dim(), "-D");
  const bool batched = self.dim() == 4;
  Tensor in = (batched ? self : self.unsqueeze(0)).contiguous();
  const int64_t N = in.size(0), C = in.size(1), H = in.size(2), W = in.size(3);
  const int64_t Ho = pooledSize(H, P.kh, P.ph, P.sh, P.dh, P.ceil_mode);
  const int64_t Wo = pooledSize(W, P.kw, P.pw, P.sw, P.dw, P.ceil_mode);
  JS_CHECK(Ho > 0 && Wo > 0, "Given input size: (", C, "x", H, "x", W, "). Calculated output size: (", C, "x", Ho,
           "x", Wo, "). Output size is too small");
  Tensor out = empty({N, C, Ho, Wo}, in.dtype());
  Tensor idx = empty({N, C, Ho, Wo}, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES(in.dtype(), "max_pool2d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    int64_t* xp = idx.data<int64_t>();
    forEachPooledPixel(N * C, Ho, Wo, [&](int64_t plane, int64_t y, int64_t x) {
      const scalar_t* src = ip + plane * H * W;
      int64_t best = -1;
      double bv = -std::numeric_limits<double>::infinity();
      forEachWindowTap(P, y, x, H, W, [&](int64_t iy, int64_t ix) {
        const double v = static_cast<double>(src[iy * W + ix]);
        if (best < 0 || v > bv || v != v) {
          best = iy * W + ix;
          bv = v;
          if (v != v) return false;
        }
        return true;
      });
      const int64_t o = (plane * Ho + y) * Wo + x;
      op[o] = best >= 0 ? src[best] : scalar_t(0);
      xp[o] = best;
    });
  });
  if (!batched) return {out.squeeze(0), idx.squeeze(0)};
  return {out, idx};
}

Tensor avgPool2d(const Tensor& self, const Pool2d& P, bool count_include_pad, std::optional<int64_t> divisor) {
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "avg_pool2d: Expected 3D or 4D (batch mode) tensor for input, got ",
           self.dim(), "-D");
  if (divisor) JS_CHECK(*divisor != 0, "divisor must be not zero");
  const bool batched = self.dim() == 4;
  Tensor in = (batched ? self : self.unsqueeze(0)).contiguous();
  const int64_t N = in.size(0), C = in.size(1), H = in.size(2), W = in.size(3);
  const int64_t Ho = pooledSize(H, P.kh, P.ph, P.sh, 1, P.ceil_mode);
  const int64_t Wo = pooledSize(W, P.kw, P.pw, P.sw, 1, P.ceil_mode);
  Tensor out = empty({N, C, Ho, Wo}, in.dtype());
  JS_DISPATCH_FLOATING_TYPES(in.dtype(), "avg_pool2d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    forEachPooledPixel(N * C, Ho, Wo, [&](int64_t plane, int64_t y, int64_t x) {
      const scalar_t* src = ip + plane * H * W;
      int64_t hs = y * P.sh - P.ph, ws = x * P.sw - P.pw;
      int64_t he = std::min(hs + P.kh, H + P.ph), we = std::min(ws + P.kw, W + P.pw);
      const int64_t pool = (he - hs) * (we - ws);
      hs = std::max<int64_t>(hs, 0);
      ws = std::max<int64_t>(ws, 0);
      he = std::min(he, H);
      we = std::min(we, W);
      double sum = 0;
      for (int64_t iy = hs; iy < he; ++iy)
        for (int64_t ix = ws; ix < we; ++ix) sum += static_cast<double>(src[iy * W + ix]);
      const double div = divisor ? static_cast<double>(*divisor)
                                 : static_cast<double>(count_include_pad ? pool : (he - hs) * (we - ws));
      op[(plane * Ho + y) * Wo + x] = static_cast<scalar_t>(sum / div);
    });
  });
  return batched ? out : out.squeeze(0);
}

// Adaptive pooling: output cell i covers [floor(i*In/Out), ceil((i+1)*In/Out)).
std::pair<Tensor, Tensor> adaptivePool2d(const Tensor& self, std::vector<int64_t> osize, bool is_max) {
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "adaptive pooling: Expected 3D or 4D tensor, but got ",
           shapeToString(self.sizes()));
  osize = expandParam(osize, 2, "output_size");
  const bool batched = self.dim() == 4;
  Tensor in = (batched ? self : self.unsqueeze(0)).contiguous();
  const int64_t N = in.size(0), C = in.size(1), H = in.size(2), W = in.size(3);
  const int64_t Ho = osize[0], Wo = osize[1];
  Tensor out = empty({N, C, Ho, Wo}, in.dtype());
  Tensor idx = is_max ? empty({N, C, Ho, Wo}, ScalarType::Long) : Tensor();
  JS_DISPATCH_FLOATING_TYPES(in.dtype(), "adaptive_pool2d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    int64_t* xp = is_max ? idx.data<int64_t>() : nullptr;
    const vec::FloatKernels* vk = std::is_same_v<scalar_t, float> ? vec::floatKernels() : nullptr;
    parallel_for(0, N * C, 1, [&](int64_t s, int64_t e) {
      for (int64_t plane = s; plane < e; ++plane) {
        const scalar_t* src = ip + plane * H * W;
        for (int64_t y = 0; y < Ho; ++y) {
          const int64_t hs = (y * H) / Ho, he = ((y + 1) * H + Ho - 1) / Ho;
          for (int64_t x = 0; x < Wo; ++x) {
            const int64_t ws = (x * W) / Wo, we = ((x + 1) * W + Wo - 1) / Wo;
            const int64_t o = (plane * Ho + y) * Wo + x;
            if (is_max) {
              int64_t best = hs * W + ws;
              for (int64_t iy = hs; iy < he; ++iy)
                for (int64_t ix = ws; ix < we; ++ix) {
                  const double v = static_cast<double>(src[iy * W + ix]), b = static_cast<double>(src[best]);
                  if (v > b || (v != v && b == b)) best = iy * W + ix;
                }
              op[o] = src[best];
              xp[o] = best;
            } else {
              double sum = 0;
              if (vk && ws == 0 && we == W) {  // whole rows: one contiguous span
                sum = vk->sumD(reinterpret_cast<const float*>(src + hs * W), (he - hs) * W);
              } else if (vk) {
                for (int64_t iy = hs; iy < he; ++iy)
                  sum += vk->sumD(reinterpret_cast<const float*>(src + iy * W + ws), we - ws);
              } else {
                for (int64_t iy = hs; iy < he; ++iy)
                  for (int64_t ix = ws; ix < we; ++ix) sum += static_cast<double>(src[iy * W + ix]);
              }
              op[o] = static_cast<scalar_t>(sum / static_cast<double>((he - hs) * (we - ws)));
            }
          }
        }
      }
    });
  });
  if (!batched) return {out.squeeze(0), is_max ? idx.squeeze(0) : idx};
  return {out, idx};
}

// 1-D pooling runs the 2-D kernels on a height-1 view.
Tensor as2d(const Tensor& t) { return t.unsqueeze(-2); }
Tensor from2d(const Tensor& t) { return t.squeeze(-2); }

// ---- padding modes ----

Tensor padMode(const Tensor& self, const std::vector<int64_t>& pad, std::string_view mode) {
  JS_CHECK(pad.size() % 2 == 0, "Padding length must be divisible by 2");
  const int64_t npad = static_cast<int64_t>(pad.size()) / 2;
  JS_CHECK(npad <= self.dim(), "Padding length too large");
  Tensor x = self;
  for (int64_t i = 0; i < npad; ++i) {
    const int64_t d = self.dim() - 1 - i, n = x.size(d), l = pad[2 * i], r = pad[2 * i + 1];
    if (mode == "reflect")
      JS_CHECK(l < n && r < n, "Argument #4: Padding size should be less than the corresponding input dimension, but "
               "got: padding (", l, ", ", r, ") at dimension ", d, " of input ", shapeToString(self.sizes()));
    if (mode == "circular")
      JS_CHECK(l <= n && r <= n, "Padding value causes wrapping around more than once.");
    std::vector<int64_t> idx;
    for (int64_t k = -l; k < n + r; ++k) {
      int64_t j = k;
      if (mode == "reflect") {
        if (j < 0) j = -j;
        if (j >= n) j = 2 * (n - 1) - j;
      } else if (mode == "replicate") {
        j = std::clamp<int64_t>(j, 0, n - 1);
      } else {
        j = ((j % n) + n) % n;
      }
      idx.push_back(j);
    }
    x = index_select(x, d, from_vector(idx));
  }
  return x;
}

// ---- kernels ----

using IntList = std::vector<int64_t>;

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
              IntList padding, IntList dilation, int64_t groups) {
  return conv2dImpl(input, weight, bias, expandParam(stride, 2, "stride"), expandParam(padding, 2, "padding"),
                    expandParam(dilation, 2, "dilation"), groups);
}
ConvClamp convClamp(const std::optional<Scalar>& lo, const std::optional<Scalar>& hi) {
  ConvClamp c;
  if (lo) c.lo = lo->toDouble();
  if (hi) c.hi = hi->toDouble();
  return c;
}
// conv2d then min(max(y, lo), hi) (no clamp when both are None): relu,
// relu6, hardtanh, clamp fused into a 2-D convolution by fuse_conv_clamp;
// channels_last (set by conv_channels_last) asks for an NHWC result.
Tensor conv2dClamp(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                   IntList padding, IntList dilation, int64_t groups, std::optional<Scalar> min,
                   std::optional<Scalar> max, bool channels_last) {
  const ConvClamp c = convClamp(min, max);
  return conv2dImpl(input, weight, bias, expandParam(stride, 2, "stride"), expandParam(padding, 2, "padding"),
                    expandParam(dilation, 2, "dilation"), groups, c.lo || c.hi ? &c : nullptr, channels_last);
}
// conv2d, plus alpha * other, then min(max(., lo), hi) (no clamp when both
// are None): a residual sum (and its relu) fused into a 2-D convolution by
// fuse_conv_add (and fuse_conv_clamp). oneDNN does it in one primitive (sum
// and eltwise post-ops) when other is float32 with the result's sizes;
// otherwise the steps run one after the other, the add with add_'s
// semantics (the conv's dtype and shape) when in_place, else add's.
Tensor conv2dAdd(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                 IntList padding, IntList dilation, int64_t groups, const Tensor& other, const Scalar& alpha,
                 bool inPlace, std::optional<Scalar> min, std::optional<Scalar> max, bool channels_last) {
  const ConvClamp c = convClamp(min, max);
  const ConvClamp* clamp = c.lo || c.hi ? &c : nullptr;
  const ConvSum sum{&other, alpha.isComplex() ? 0.0 : alpha.toDouble()};
  bool applied = false;
  Tensor r = conv2dImpl(input, weight, bias, expandParam(stride, 2, "stride"), expandParam(padding, 2, "padding"),
                        expandParam(dilation, 2, "dilation"), groups, clamp, channels_last,
                        alpha.isComplex() ? nullptr : &sum, &applied);
  if (!applied) {
    if (inPlace) add_(r, other, alpha);
    else r = add(r, other, alpha);
    if (clamp) {
      std::optional<Scalar> lo, hi;
      if (c.lo) lo = Scalar(*c.lo);
      if (c.hi) hi = Scalar(*c.hi);
      r = ops::clamp(r, lo, hi);
    }
  }
  return r;
}
Tensor conv1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
              IntList padding, IntList dilation, int64_t groups) {
  return conv1dImpl(input, weight, bias, expandParam(stride, 1, "stride"), expandParam(padding, 1, "padding"),
                    expandParam(dilation, 1, "dilation"), groups);
}
Tensor convolutionOp(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                     IntList padding, IntList dilation, bool transposed, IntList output_padding, int64_t groups) {
  return convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
}
Tensor convolutionTraced(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                         IntList stride, IntList padding, IntList dilation, bool transposed, IntList output_padding,
                         int64_t groups, bool /*benchmark*/, bool /*deterministic*/, bool /*cudnn_enabled*/,
                         bool /*allow_tf32*/) {
  return convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups);
}
Tensor batchNormOp(const Tensor& input, std::optional<Tensor> weight, std::optional<Tensor> bias,
                   std::optional<Tensor> running_mean, std::optional<Tensor> running_var, bool training,
                   double momentum, double eps, bool /*cudnn_enabled*/) {
  return batchNorm(input, weight, bias, running_mean, running_var, training, momentum, eps);
}
// native_batch_norm also returns the batch mean and 1/sqrt(var + eps) it
// normalized with (training), or empty tensors (eval).
std::tuple<Tensor, Tensor, Tensor> nativeBatchNorm(const Tensor& x, std::optional<Tensor> weight,
                                                   std::optional<Tensor> bias, std::optional<Tensor> running_mean,
                                                   std::optional<Tensor> running_var, bool training, double momentum,
                                                   double eps) {
  Tensor save_mean = empty({0}, x.dtype()), save_invstd = empty({0}, x.dtype());
  if (training) {
    JS_CHECK(x.dim() >= 2, "batch_norm: expected at least 2-D input, got ", x.dim(), "-D");
    const int64_t C = x.size(1);
    std::vector<double> mean, var;
    rowStats(x.transpose(0, 1).reshape({C, -1}), mean, var);
    std::vector<double> invstd(var.size());
    for (size_t i = 0; i < var.size(); ++i) invstd[i] = 1 / std::sqrt(var[i] + eps);
    save_mean = from_vector(mean).to(x.dtype());
    save_invstd = from_vector(invstd).to(x.dtype());
  }
  Tensor out = batchNorm(x, weight, bias, running_mean, running_var, training, momentum, eps);
  return {std::move(out), std::move(save_mean), std::move(save_invstd)};
}
Tensor instanceNorm(const Tensor& x, std::optional<Tensor> weight, std::optional<Tensor> bias,
                    std::optional<Tensor> running_mean, std::optional<Tensor> running_var, bool use_input_stats,
                    double /*momentum*/, double eps, bool /*cudnn_enabled*/) {
  JS_CHECK(use_input_stats || (running_mean && running_var),
           "Expected running_mean and running_var to be defined when use_input_stats is false");
  if (!use_input_stats) return batchNorm(x, weight, bias, running_mean, running_var, false, 0, eps);
  return groupNorm(x, x.size(1), weight, bias, eps);
}
Tensor groupNormOp(const Tensor& input, int64_t num_groups, std::optional<Tensor> weight, std::optional<Tensor> bias,
                   double eps, bool /*cudnn_enabled*/) {
  return groupNorm(input, num_groups, weight, bias, eps);
}
Tensor layerNormOp(const Tensor& input, IntList normalized_shape, std::optional<Tensor> weight,
                   std::optional<Tensor> bias, double eps, bool /*cudnn_enable*/) {
  return layerNorm(input, normalized_shape, weight, bias, eps);
}
std::tuple<Tensor, Tensor, Tensor> nativeLayerNorm(const Tensor& input, IntList normalized_shape,
                                                   std::optional<Tensor> weight, std::optional<Tensor> bias,
                                                   double eps) {
  Tensor mean, rstd;
  Tensor out = layerNorm(input, normalized_shape, weight, bias, eps, &mean, &rstd);
  return {std::move(out), std::move(mean), std::move(rstd)};
}
// native_layer_norm.out, which PyTorch generates from the functional op: the
// three results converted into out0, out1 and out2 (resized; any dtypes).
std::tuple<Tensor, Tensor, Tensor> nativeLayerNormOut(const Tensor& input, IntList normalized_shape,
                                                      std::optional<Tensor> weight, std::optional<Tensor> bias,
                                                      double eps, Tensor out0, Tensor out1, Tensor out2) {
  auto [y, mean, rstd] = nativeLayerNorm(input, std::move(normalized_shape), weight, bias, eps);
  copyToOut(out0, y);
  copyToOut(out1, mean);
  copyToOut(out2, rstd);
  return {std::move(out0), std::move(out1), std::move(out2)};
}
Tensor maxPool2dOp(const Tensor& x, IntList kernel_size, IntList stride, IntList padding, IntList dilation,
                   bool ceil_mode) {
  const Pool2d p = makePool(kernel_size, stride, padding, dilation, ceil_mode);
  if ((x.dim() == 3 || x.dim() == 4) && (x.dtype() == ScalarType::Float || x.dtype() == ScalarType::Double) &&
      x.numel() > 0)
    return maxPool2dValues(x, p);
  return maxPool2d(x, p).first;
}
std::tuple<Tensor, Tensor> maxPool2dWithIndices(const Tensor& x, IntList kernel_size, IntList stride,
                                                IntList padding, IntList dilation, bool ceil_mode) {
  auto r = maxPool2d(x, makePool(kernel_size, stride, padding, dilation, ceil_mode));
  return {std::move(r.first), std::move(r.second)};
}
std::vector<int64_t> with1(std::vector<int64_t> v, int64_t one) {
  if (v.empty()) return v;
  return {one, v[0]};
}
// The 2-D window of a 1-D pooling: height 1, no padding or dilation along it.
Pool2d pool1d(const IntList& kernel_size, const IntList& stride, const IntList& padding, const IntList& dilation,
              bool ceil_mode) {
  return makePool(with1(kernel_size, 1), with1(stride, 1), with1(padding, 0), with1(dilation, 1), ceil_mode);
}
Tensor maxPool1d(const Tensor& x, IntList kernel_size, IntList stride, IntList padding, IntList dilation,
                 bool ceil_mode) {
  JS_CHECK(x.dim() == 2 || x.dim() == 3, "max_pool1d() Expected 2D or 3D input tensor, but got ",
           shapeToString(x.sizes()));
  const Pool2d P = pool1d(kernel_size, stride, padding, dilation, ceil_mode);
  // PyTorch's max_pool1d accepts a window that leaves no output (an empty
  // result) and rejects only a negative size; the 2-D kernel rejects both.
  const int64_t Wo = pooledSize(x.size(-1), P.kw, P.pw, P.sw, P.dw, P.ceil_mode);
  JS_CHECK(Wo >= 0, "max_pool1d() Invalid computed output size: ", Wo);
  if (Wo == 0) {
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.back() = 0;
    return empty(shape, x.dtype());
  }
  return from2d(maxPool2d(as2d(x), P).first);
}
std::tuple<Tensor, Tensor> maxPool1dWithIndices(const Tensor& x, IntList kernel_size, IntList stride,
                                                IntList padding, IntList dilation, bool ceil_mode) {
  auto r = maxPool2d(as2d(x), pool1d(kernel_size, stride, padding, dilation, ceil_mode));
  return {from2d(r.first), from2d(r.second)};
}
Tensor avgPool2dOp(const Tensor& x, IntList kernel_size, IntList stride, IntList padding, bool ceil_mode,
                   bool count_include_pad, std::optional<int64_t> divisor_override) {
  return avgPool2d(x, makePool(kernel_size, stride, padding, {1}, ceil_mode), count_include_pad, divisor_override);
}
Tensor avgPool1d(const Tensor& x, IntList kernel_size, IntList stride, IntList padding, bool ceil_mode,
                 bool count_include_pad) {
  return from2d(avgPool2d(as2d(x), pool1d(kernel_size, stride, padding, {1}, ceil_mode), count_include_pad,
                          std::nullopt));
}
// Adaptive pooling; the 1-D forms pool a height-1 view to height 1.
Tensor adaptiveAvgPool2d(const Tensor& x, IntList output_size) {
  return adaptivePool2d(x, std::move(output_size), false).first;
}
std::tuple<Tensor, Tensor> adaptiveMaxPool2d(const Tensor& x, IntList output_size) {
  auto r = adaptivePool2d(x, std::move(output_size), true);
  return {std::move(r.first), std::move(r.second)};
}
Tensor adaptiveAvgPool1d(const Tensor& x, IntList output_size) {
  return from2d(adaptivePool2d(as2d(x), {1, output_size[0]}, false).first);
}
std::tuple<Tensor, Tensor> adaptiveMaxPool1d(const Tensor& x, IntList output_size) {
  auto r = adaptivePool2d(as2d(x), {1, output_size[0]}, true);
  return {from2d(r.first), from2d(r.second)};
}
Tensor padOp(const Tensor& self, IntList pad, std::string_view mode, std::optional<double> value) {
  if (mode == "constant") return constant_pad_nd(self, pad, value.value_or(0.0));
  JS_CHECK(mode == "reflect" || mode == "replicate" || mode == "circular",
           "Unrecognised padding mode ", mode);
  JS_CHECK(!value, "Padding mode \"", mode, "\" doesn't take in value argument.");
  return padMode(self, pad, mode);
}
// reflection_pad{1,2,3}d / replication_pad{1,2,3}d, the operators F.pad
// called before aten::pad (archives saved by older PyTorch name them):
// `Dims` padded dims, on an input with Dims + 1 or Dims + 2 dims.
template <int Dims, bool Reflect>
Tensor modePad(const Tensor& self, IntList pad) {
  JS_CHECK(static_cast<int64_t>(pad.size()) == 2 * Dims, "padding size is expected to be ", 2 * Dims,
           ", but got: ", pad.size());
  JS_CHECK(self.dim() == Dims + 1 || self.dim() == Dims + 2, "Expected ", Dims + 1, "D or ", Dims + 2,
           "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: ",
           shapeToString(self.sizes()));
  return padMode(self, pad, Reflect ? "reflect" : "replicate");
}

Tensor channelShuffle(const Tensor& x, int64_t g) {
  JS_CHECK(x.dim() > 2, "channel_shuffle expects input to have at least 3 dimensions, but got input with sizes ",
           shapeToString(x.sizes()));
  JS_CHECK(g > 0 && x.size(1) % g == 0, "Number of channels must be divisible by groups. Got ", x.size(1),
           " channels and ", g, " groups.");
  DimVector shape(x.sizes().begin(), x.sizes().end());
  DimVector split{shape[0], g, shape[1] / g};
  split.insert(split.end(), shape.begin() + 2, shape.end());
  return x.reshape(split).transpose(1, 2).contiguous().view(shape);
}

// pixel_shuffle: (*, C*r*r, H, W) -> (*, C, H*r, W*r); pixel_unshuffle is its inverse.
template <bool Inverse>
Tensor pixelShuffle(const Tensor& x, int64_t r) {
  const char* op = Inverse ? "pixel_unshuffle" : "pixel_shuffle";
  JS_CHECK(x.dim() >= 3, op, " expects input to have at least 3 dimensions, but got input with ", x.dim(),
           " dimension(s)");
  JS_CHECK(r > 0, op, " expects a positive ", Inverse ? "downscale_factor" : "upscale_factor", ", but got ", r);
  const int64_t n = x.dim();
  const int64_t C = x.size(n - 3), H = x.size(n - 2), W = x.size(n - 1);
  DimVector batch(x.sizes().begin(), x.sizes().end() - 3);
  const int64_t b = static_cast<int64_t>(batch.size());
  DimVector split = batch, perm, out = batch;
  for (int64_t i = 0; i < b; ++i) perm.push_back(i);
  if (!Inverse) {
    JS_CHECK(C % (r * r) == 0, "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square "
             "of upscale_factor, but input.size(-3)=", C, " is not divisible by ", r * r);
    split.insert(split.end(), {C / (r * r), r, r, H, W});
    for (int64_t d : {0, 3, 1, 4, 2}) perm.push_back(b + d);
    out.insert(out.end(), {C / (r * r), H * r, W * r});
  } else {
    JS_CHECK(H % r == 0 && W % r == 0, "pixel_unshuffle expects height and width to be divisible by "
             "downscale_factor, but input.size(-2)=", H, " and input.size(-1)=", W, " with downscale_factor=", r);
    split.insert(split.end(), {C, H / r, r, W / r, r});
    for (int64_t d : {0, 2, 4, 1, 3}) perm.push_back(b + d);
    out.insert(out.end(), {C * r * r, H / r, W / r});
  }
  return x.reshape(split).permute(perm).contiguous().view(out);
}

// Moves `dim` last and flattens the rest: rows of `len` doubles.
Tensor rowsAlong(const Tensor& t, int64_t dim) { return t.movedim(dim, -1).to(ScalarType::Double).contiguous(); }

// cosine_similarity: sum(x1 * x2) / (max(||x1||, eps) * max(||x2||, eps))
// along dim, after broadcasting (each norm clamped separately, as PyTorch).
Tensor cosineSimilarity(const Tensor& x1, const Tensor& x2, int64_t dim_arg, double eps) {
  const ScalarType rt = promoteTypes(x1.dtype(), x2.dtype());
  JS_CHECK(isFloatingType(rt), "cosine_similarity: expected floating point inputs, got ", scalarTypeName(rt));
  const DimVector shape = broadcastShapes(x1.sizes(), x2.sizes());
  const int64_t nd = static_cast<int64_t>(shape.size());
  const int64_t dim = maybe_wrap_dim(dim_arg, nd);
  Tensor r1 = rowsAlong(x1.expand(shape), dim), r2 = rowsAlong(x2.expand(shape), dim);
  const int64_t len = nd == 0 ? 1 : shape[static_cast<size_t>(dim)];
  DimVector out_shape = shape;
  if (nd > 0) out_shape.erase(out_shape.begin() + dim);
  Tensor out = empty(out_shape, ScalarType::Double);
  const double* p1 = r1.data<double>();
  const double* p2 = r2.data<double>();
  double* op = out.data<double>();
  for (int64_t r = 0, rows = out.numel(); r < rows; ++r) {
    double w12 = 0, w1 = 0, w2 = 0;
    for (int64_t j = 0; j < len; ++j) {
      const double u = p1[r * len + j], v = p2[r * len + j];
      w12 += u * v;
      w1 += u * u;
      w2 += v * v;
    }
    op[r] = w12 / (std::max(std::sqrt(w1), eps) * std::max(std::sqrt(w2), eps));
  }
  return out.to(rt);
}

// bilinear: y[..., o] = x1[..., :] . W[o] . x2[..., :] + b[o].
Tensor bilinear(const Tensor& x1, const Tensor& x2, const Tensor& w, const std::optional<Tensor>& b) {
  JS_CHECK(x1.dim() == x2.dim(), "bilinear(): input dimensions do not match: got ", x1.dim(), " and ", x2.dim());
  JS_CHECK(x1.dim() >= 1, "bilinear(): inputs must have at least one dimension");
  for (int64_t d = 0; d + 1 < x1.dim(); ++d)
    JS_CHECK(x1.size(d) == x2.size(d), "bilinear(): input batch dimensions do not match: got ",
             shapeToString(x1.sizes()), " and ", shapeToString(x2.sizes()));
  JS_CHECK(w.dim() == 3, "bilinear(): weight must be three-dimensional, got ", w.dim());
  const int64_t I = x1.size(-1), J = x2.size(-1), O = w.size(0);
  JS_CHECK(w.size(1) == I, "bilinear(): input1 size does not match weight size: got ", I, " but expected ", w.size(1));
  JS_CHECK(w.size(2) == J, "bilinear(): input2 size does not match weight size: got ", J, " but expected ", w.size(2));
  if (b) JS_CHECK(b->dim() == 1 && b->size(0) == O, "bilinear(): bias size does not match weight size: got ",
                  b->numel(), " but expected ", O);
  ScalarType rt = promoteTypes(promoteTypes(x1.dtype(), x2.dtype()), w.dtype());
  if (b) rt = promoteTypes(rt, b->dtype());
  JS_CHECK(isFloatingType(rt), "bilinear(): expected floating point inputs, got ", scalarTypeName(rt));
  Tensor a1 = x1.reshape({-1, I}).to(ScalarType::Double).contiguous();
  Tensor a2 = x2.reshape({-1, J}).to(ScalarType::Double).contiguous();
  Tensor wd = w.to(ScalarType::Double).contiguous();
  const int64_t N = a1.size(0);
  Tensor out = empty({N, O}, ScalarType::Double);
  const double* p1 = a1.data<double>();
  const double* p2 = a2.data<double>();
  const double* pw = wd.data<double>();
  double* po = out.data<double>();
  std::vector<double> bias(static_cast<size_t>(O), 0.0);
  if (b) {
    Tensor bd = b->to(ScalarType::Double).contiguous();
    std::copy(bd.data<double>(), bd.data<double>() + O, bias.begin());
  }
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o) {
      double acc = 0;
      for (int64_t i = 0; i < I; ++i) {
        double row = 0;
        for (int64_t j = 0; j < J; ++j) row += pw[(o * I + i) * J + j] * p2[n * J + j];
        acc += p1[n * I + i] * row;
      }
      po[n * O + o] = acc + bias[static_cast<size_t>(o)];
    }
  DimVector shape(x1.sizes().begin(), x1.sizes().end());
  shape.back() = O;
  return out.to(rt).view(shape);
}

// convNd.padding: padding="valid" is no padding; "same" pads so the output
// keeps the input's size (stride 1 only), the odd extra on the far side.
template <int N>
Tensor convPaddingStr(const Tensor& x, const Tensor& w, const std::optional<Tensor>& bias, IntList stride_arg,
                      std::string_view mode, IntList dilation_arg, int64_t groups) {
  std::vector<int64_t> stride = expandParam(stride_arg, N, "stride");
  std::vector<int64_t> dilation = expandParam(dilation_arg, N, "dilation");
  std::vector<int64_t> pad(N, 0);
  Tensor input = x;
  if (mode == "same") {
    for (int64_t st : stride) JS_CHECK(st == 1, "padding='same' is not supported for strided convolutions");
    JS_CHECK(w.dim() == N + 2, "conv", N, "d: expected a ", N + 2, "-D weight, got ", w.dim(), "-D");
    std::vector<int64_t> extra;  // F.pad order: last dim first
    bool asymmetric = false;
    for (int d = 0; d < N; ++d) {
      const int64_t total = dilation[static_cast<size_t>(d)] * (w.size(d + 2) - 1);
      pad[static_cast<size_t>(d)] = total / 2;
      if (total % 2) asymmetric = true;
    }
    if (asymmetric) {
      for (int d = N - 1; d >= 0; --d) {
        const int64_t total = dilation[static_cast<size_t>(d)] * (w.size(d + 2) - 1);
        extra.push_back(0);
        extra.push_back(total % 2);
      }
      input = constant_pad_nd(x, extra, 0);
    }
  } else {
    JS_CHECK(mode == "valid", "Invalid padding string: '", mode, "'");
  }
  return convNd(input, w, bias, stride, pad, dilation, groups);
}

}  // namespace

const OpTable kNnOps = {
    op<conv2d>("aten::conv2d(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] padding=0, int[2] "
               "dilation=1, int groups=1) -> Tensor",
               "2-D convolution (NCHW) via im2col + GEMM."),
    op<conv2dClamp>("jitserve::conv2d_clamp(Tensor input, Tensor weight, Tensor? bias, int[2] stride, int[2] padding, "
                    "int[2] dilation, int groups, Scalar? min, Scalar? max, bool channels_last=False) -> Tensor",
                    "conv2d then clamp(min, max), one kernel (oneDNN post-op); made by fuse_conv_clamp."),
    op<conv2dAdd>("jitserve::conv2d_add(Tensor input, Tensor weight, Tensor? bias, int[2] stride, int[2] padding, "
                  "int[2] dilation, int groups, Tensor other, Scalar alpha, bool in_place, Scalar? min, Scalar? max, "
                  "bool channels_last=False) -> Tensor",
                  "clamp(conv2d + alpha * other, min, max), one kernel (oneDNN sum and eltwise post-ops); made by "
                  "fuse_conv_add."),
    op<conv1d>("aten::conv1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], int[1] padding=[0], "
               "int[1] dilation=[1], int groups=1) -> Tensor",
               "1-D convolution (NCL)."),
    op<convolutionOp>("aten::convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, int[] "
                      "dilation, bool transposed, int[] output_padding, int groups) -> Tensor",
                      "Generic convolution entry (1-D to 3-D, plain or transposed)."),
    op<convolutionTraced>("aten::_convolution(Tensor input, Tensor weight, Tensor? bias, int[] stride, int[] padding, "
                          "int[] dilation, bool transposed, int[] output_padding, int groups, bool benchmark, bool "
                          "deterministic, bool cudnn_enabled, bool allow_tf32) -> Tensor",
                          "Convolution as traced models record it."),
    op<batchNormOp>("aten::batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? "
                    "running_var, bool training, float momentum, float eps, bool cudnn_enabled) -> Tensor",
                    "Batch normalization over dim 1 (running stats in eval)."),
    op<nativeBatchNorm>("aten::native_batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, "
                        "Tensor? running_var, bool training, float momentum, float eps) -> (Tensor, Tensor, Tensor)",
                        "batch_norm returning the saved batch mean and inverse std too."),
    op<instanceNorm>("aten::instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? "
                     "running_var, bool use_input_stats, float momentum, float eps, bool cudnn_enabled) -> Tensor",
                     "Per-sample, per-channel normalization."),
    op<groupNormOp>("aten::group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float "
                    "eps=1.0000000000000001e-05, bool cudnn_enabled=True) -> Tensor",
                    "Normalization over groups of channels."),
    op<layerNormOp>("aten::layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, "
                    "float eps=1.0000000000000001e-05, bool cudnn_enable=True) -> Tensor",
                    "Normalization over the trailing normalized_shape dims."),
    op<nativeLayerNorm>("aten::native_layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight, Tensor? "
                        "bias, float eps) -> (Tensor, Tensor, Tensor)",
                        "layer_norm returning the mean and 1/std too."),
    op<nativeLayerNormOut>("aten::native_layer_norm.out(Tensor input, SymInt[] normalized_shape, Tensor? weight, "
                           "Tensor? bias, float eps, *, Tensor(a!) out0, Tensor(b!) out1, Tensor(c!) out2) -> "
                           "(Tensor(a!), Tensor(b!), Tensor(c!))",
                           "native_layer_norm into out0, out1, out2."),
    op<maxPool2dOp>("aten::max_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] "
                    "dilation=1, bool ceil_mode=False) -> Tensor",
                    "2-D max pooling."),
    op<maxPool2dWithIndices>("aten::max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] "
                             "padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
                             "2-D max pooling with flat argmax indices."),
    op<maxPool1d>("aten::max_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], int[1] "
                  "dilation=[1], bool ceil_mode=False) -> Tensor",
                  "1-D max pooling."),
    op<maxPool1dWithIndices>("aten::max_pool1d_with_indices(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] "
                             "padding=[0], int[1] dilation=[1], bool ceil_mode=False) -> (Tensor, Tensor)",
                             "1-D max pooling with indices."),
    op<avgPool2dOp>("aten::avg_pool2d(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, bool "
                    "ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor",
                    "2-D average pooling."),
    op<avgPool1d>("aten::avg_pool1d(Tensor self, int[1] kernel_size, int[1] stride=[], int[1] padding=[0], bool "
                  "ceil_mode=False, bool count_include_pad=True) -> Tensor",
                  "1-D average pooling."),
    op<adaptiveAvgPool2d>("aten::adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> Tensor",
                          "2-D average pooling to a fixed output size."),
    op<adaptiveMaxPool2d>("aten::adaptive_max_pool2d(Tensor self, int[2] output_size) -> (Tensor, Tensor)",
                          "2-D max pooling to a fixed output size, with indices."),
    op<adaptiveAvgPool1d>("aten::adaptive_avg_pool1d(Tensor self, int[1] output_size) -> Tensor",
                          "1-D average pooling to a fixed output size."),
    op<adaptiveMaxPool1d>("aten::adaptive_max_pool1d(Tensor self, int[1] output_size) -> (Tensor, Tensor)",
                          "1-D max pooling to a fixed output size, with indices."),
    op<modePad<1, true>>("aten::reflection_pad1d(Tensor self, int[2] padding) -> Tensor", "Reflect-pads the last dim."),
    op<modePad<2, true>>("aten::reflection_pad2d(Tensor self, int[4] padding) -> Tensor",
                         "Reflect-pads the last 2 dims."),
    op<modePad<3, true>>("aten::reflection_pad3d(Tensor self, int[6] padding) -> Tensor",
                         "Reflect-pads the last 3 dims."),
    op<modePad<1, false>>("aten::replication_pad1d(Tensor self, int[2] padding) -> Tensor", "Edge-pads the last dim."),
    op<modePad<2, false>>("aten::replication_pad2d(Tensor self, int[4] padding) -> Tensor",
                          "Edge-pads the last 2 dims."),
    op<modePad<3, false>>("aten::replication_pad3d(Tensor self, int[6] padding) -> Tensor",
                          "Edge-pads the last 3 dims."),
    op<padOp>("aten::pad(Tensor self, int[] pad, str mode=\"constant\", float? value=None) -> Tensor",
              "Pads the last dims: constant, reflect, replicate or circular."),
    op<channelShuffle>("aten::channel_shuffle(Tensor self, int groups) -> Tensor",
                       "Interleaves channel groups (ShuffleNet)."),
    op<pixelShuffle<false>>("aten::pixel_shuffle(Tensor self, int upscale_factor) -> Tensor",
                            "Moves channel blocks of r*r into r x r spatial tiles (sub-pixel convolution)."),
    op<pixelShuffle<true>>("aten::pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor",
                           "Inverse of pixel_shuffle: r x r spatial tiles into channels."),
    op<cosineSimilarity>("aten::cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor",
                         "Cosine of the angle between x1 and x2 along dim."),
    op<bilinear>("aten::bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None) -> Tensor",
                 "x1^T W x2 + b for each output feature."),
    op<convPaddingStr<1>>("aten::conv1d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], str "
                          "padding=\"valid\", int[1] dilation=[1], int groups=1) -> Tensor",
                          "1-D convolution with padding 'valid' or 'same'."),
    op<convPaddingStr<2>>("aten::conv2d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, str "
                          "padding=\"valid\", int[2] dilation=1, int groups=1) -> Tensor",
                          "2-D convolution with padding 'valid' or 'same'."),
    op<convPaddingStr<3>>("aten::conv3d.padding(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, str "
                          "padding=\"valid\", int[3] dilation=1, int groups=1) -> Tensor",
                          "3-D convolution with padding 'valid' or 'same'."),
};

}  // namespace jitserve::ops
