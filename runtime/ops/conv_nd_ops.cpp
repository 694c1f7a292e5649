// conv3d and transposed convolutions as GEMMs over column buffers.
//
// Both directions use one "column" layout per image and group:
//   col[(c * K + k), p]   c < channels, k < prod(kernel), p < prod(output positions of the forward conv)
// Forward (convNd):     col = im2col(x);  y = W[Og, Cg*K] x col
// Transposed:           col = W^T[Cg_out*K, Cg_in] x x[Cg_in, P];  y = col2im(col) (scatter-add)
// so the transposed convolution is exactly the adjoint of the forward one.
// Lower-dimensional cases are lifted to 3-D with size-1 leading dims.
#include "runtime/ops/conv_nd_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <array>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

using Dims3 = std::array<int64_t, 3>;

// Geometry of one convolution lifted to three spatial dims.
struct Geometry {
  Dims3 in{1, 1, 1}, out{1, 1, 1}, k{1, 1, 1}, s{1, 1, 1}, p{0, 0, 0}, d{1, 1, 1};
  int64_t K() const { return k[0] * k[1] * k[2]; }
  int64_t P() const { return out[0] * out[1] * out[2]; }
  int64_t I() const { return in[0] * in[1] * in[2]; }
};

std::vector<int64_t> expandParam(std::vector<int64_t> v, int64_t n, const char* name) {
  if (v.size() == 1 && n > 1) v.assign(static_cast<size_t>(n), v[0]);
  JS_CHECK(static_cast<int64_t>(v.size()) == n, "expected ", name, " to be a single integer value or a list of ", n,
           " values to match the convolution dimensions, but got ", name, "=", shapeToString(v));
  return v;
}

// Fills the trailing `n` entries of a 3-array from a per-dim list.
void lift(Dims3& dst, const std::vector<int64_t>& v) {
  const size_t off = 3 - v.size();
  for (size_t i = 0; i < v.size(); ++i) dst[off + i] = v[i];
}

// Visits every (channel-kernel row, output position) pair with its input offset (-1 when in padding).
template <typename F>
void forEachTap(const Geometry& g, int64_t C, F&& f) {
  for (int64_t c = 0; c < C; ++c)
    for (int64_t a = 0; a < g.k[0]; ++a)
      for (int64_t b = 0; b < g.k[1]; ++b)
        for (int64_t e = 0; e < g.k[2]; ++e) {
          const int64_t row = ((c * g.k[0] + a) * g.k[1] + b) * g.k[2] + e;
          int64_t pos = 0;
          for (int64_t z = 0; z < g.out[0]; ++z) {
            const int64_t iz = z * g.s[0] - g.p[0] + a * g.d[0];
            for (int64_t y = 0; y < g.out[1]; ++y) {
              const int64_t iy = y * g.s[1] - g.p[1] + b * g.d[1];
              for (int64_t x = 0; x < g.out[2]; ++x, ++pos) {
                const int64_t ix = x * g.s[2] - g.p[2] + e * g.d[2];
                const bool inside = iz >= 0 && iz < g.in[0] && iy >= 0 && iy < g.in[1] && ix >= 0 && ix < g.in[2];
                f(row, pos, inside ? c * g.I() + (iz * g.in[1] + iy) * g.in[2] + ix : -1);
              }
            }
          }
        }
}

void addBias(Tensor& out, const std::optional<Tensor>& bias, int64_t channels) {
  if (!bias) return;
  JS_CHECK(bias->dim() == 1 && bias->size(0) == channels, "Given weight with ", channels,
           " output channels, expected bias to be 1-dimensional with ", channels, " elements, but got bias of size ",
           shapeToString(bias->sizes()));
  DimVector shape(static_cast<size_t>(out.dim()), 1);
  shape[1] = channels;
  out = add(out, bias->to(out.dtype()).view(shape));
}

struct Prepared {
  Tensor input;  // contiguous (N, C, *spatial)
  bool batched;
  int64_t spatial;
};

Prepared prepare(const Tensor& input, const Tensor& weight, const char* op) {
  const int64_t spatial = weight.dim() - 2;
  JS_CHECK(spatial >= 1 && spatial <= 3, op, ": expected a 3-D to 5-D weight, got ", shapeToString(weight.sizes()));
  JS_CHECK(input.dim() == spatial + 1 || input.dim() == spatial + 2, "Expected ", spatial + 1, "D (unbatched) or ",
           spatial + 2, "D (batched) input to ", op, ", but got input of size: ", shapeToString(input.sizes()));
  JS_CHECK(input.dtype() == weight.dtype(), "Input type (", scalarTypeName(input.dtype()), ") and weight type (",
           scalarTypeName(weight.dtype()), ") should be the same");
  JS_CHECK(isFloatingType(input.dtype()), op, ": expected a floating point input, got ",
           scalarTypeName(input.dtype()));
  const bool batched = input.dim() == spatial + 2;
  return {(batched ? input : input.unsqueeze(0)).contiguous(), batched, spatial};
}

}  // namespace

Tensor convNd(const Tensor& input_in, const Tensor& weight, const std::optional<Tensor>& bias,
              const std::vector<int64_t>& stride_in, const std::vector<int64_t>& padding_in,
              const std::vector<int64_t>& dilation_in, int64_t groups) {
  Prepared pr = prepare(input_in, weight, "conv");
  const int64_t sp = pr.spatial;
  const Tensor& x = pr.input;
  const int64_t N = x.size(0), C = x.size(1), O = weight.size(0);
  JS_CHECK(groups > 0, "non-positive groups is not supported");
  JS_CHECK(C == weight.size(1) * groups, "Given groups=", groups, ", weight of size ", shapeToString(weight.sizes()),
           ", expected input", shapeToString(input_in.sizes()), " to have ", weight.size(1) * groups,
           " channels, but got ", C, " channels instead");
  JS_CHECK(O % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ", groups,
           " at dimension 0, but got weight of size ", shapeToString(weight.sizes()), " instead");
  Geometry g;
  std::vector<int64_t> in(x.sizes().begin() + 2, x.sizes().end()), k(weight.sizes().begin() + 2, weight.sizes().end());
  const auto stride = expandParam(stride_in, sp, "stride"), padding = expandParam(padding_in, sp, "padding"),
             dilation = expandParam(dilation_in, sp, "dilation");
  for (int64_t v : stride) JS_CHECK(v > 0, "non-positive stride is not supported");
  for (int64_t v : padding) JS_CHECK(v >= 0, "negative padding is not supported");
  for (int64_t v : dilation) JS_CHECK(v > 0, "dilation should be greater than zero");
  lift(g.in, in), lift(g.k, k), lift(g.s, stride), lift(g.p, padding), lift(g.d, dilation);
  std::vector<int64_t> out_sizes;
  for (int i = 0; i < 3; ++i) {
    g.out[i] = (g.in[i] + 2 * g.p[i] - g.d[i] * (g.k[i] - 1) - 1) / g.s[i] + 1;
    JS_CHECK(g.out[i] > 0, "Calculated padded input size per channel is smaller than the kernel: input ",
             shapeToString(input_in.sizes()), ", kernel ", shapeToString(k), ", padding ", shapeToString(padding),
             ", dilation ", shapeToString(dilation));
  }
  for (int64_t i = 3 - sp; i < 3; ++i) out_sizes.push_back(g.out[i]);
  const int64_t Cg = C / groups, Og = O / groups, K = g.K(), P = g.P();
  DimVector shape{N, O};
  shape.insert(shape.end(), out_sizes.begin(), out_sizes.end());
  Tensor out = empty(shape, x.dtype());
  Tensor w = weight.contiguous().view({groups, Og, Cg * K});
  Tensor col = empty({Cg * K, P}, x.dtype());
  JS_DISPATCH_FLOATING_TYPES(x.dtype(), "conv", [&] {
    for (int64_t n = 0; n < N; ++n)
      for (int64_t gr = 0; gr < groups; ++gr) {
        const scalar_t* src = x.data<scalar_t>() + (n * C + gr * Cg) * g.I();
        scalar_t* cp = col.data<scalar_t>();
        forEachTap(g, Cg, [&](int64_t row, int64_t pos, int64_t at) { cp[row * P + pos] = at < 0 ? scalar_t(0) : src[at]; });
        out.select(0, n).narrow(0, gr * Og, Og).view({Og, P}).copy_(mm(w.select(0, gr), col));
      }
  });
  addBias(out, bias, O);
  return pr.batched ? out : out.squeeze(0);
}

Tensor convTransposeNd(const Tensor& input_in, const Tensor& weight, const std::optional<Tensor>& bias,
                       const std::vector<int64_t>& stride_in, const std::vector<int64_t>& padding_in,
                       const std::vector<int64_t>& output_padding_in, const std::vector<int64_t>& dilation_in,
                       int64_t groups) {
  Prepared pr = prepare(input_in, weight, "conv_transpose");
  const int64_t sp = pr.spatial;
  const Tensor& x = pr.input;
  const int64_t N = x.size(0), C = x.size(1);
  JS_CHECK(groups > 0, "non-positive groups is not supported");
  JS_CHECK(weight.size(0) == C, "Given transposed=1, weight of size ", shapeToString(weight.sizes()),
           ", expected input", shapeToString(input_in.sizes()), " to have ", weight.size(0),
           " channels, but got ", C, " channels instead");
  JS_CHECK(C % groups == 0, "Given groups=", groups, ", expected weight to be divisible by ", groups,
           " at dimension 0, but got weight of size ", shapeToString(weight.sizes()), " instead");
  const int64_t Cg = C / groups, Og = weight.size(1), O = Og * groups;
  const auto stride = expandParam(stride_in, sp, "stride"), padding = expandParam(padding_in, sp, "padding"),
             output_padding = expandParam(output_padding_in, sp, "output_padding"),
             dilation = expandParam(dilation_in, sp, "dilation");
  for (int64_t i = 0; i < sp; ++i) {
    JS_CHECK(stride[i] > 0, "non-positive stride is not supported");
    JS_CHECK(padding[i] >= 0, "negative padding is not supported");
    JS_CHECK(dilation[i] > 0, "dilation should be greater than zero");
    JS_CHECK(output_padding[i] >= 0 && (output_padding[i] < stride[i] || output_padding[i] < dilation[i]),
             "output padding must be smaller than either stride or dilation, but got output_padding: ",
             shapeToString(output_padding), ", stride: ", shapeToString(stride), ", dilation: ",
             shapeToString(dilation));
  }
  // Geometry of the forward convolution this is the adjoint of: its input is
  // our output and its output positions are our input positions.
  Geometry g;
  std::vector<int64_t> k(weight.sizes().begin() + 2, weight.sizes().end()), osz;
  lift(g.k, k), lift(g.s, stride), lift(g.p, padding), lift(g.d, dilation);
  for (int64_t i = 0; i < sp; ++i) {
    const int64_t o = (x.size(2 + i) - 1) * stride[i] - 2 * padding[i] + dilation[i] * (k[i] - 1) +
                      output_padding[i] + 1;
    JS_CHECK(o > 0, "conv_transpose: calculated output size ", o, " is too small for input ",
             shapeToString(input_in.sizes()));
    osz.push_back(o);
  }
  lift(g.in, osz);
  lift(g.out, std::vector<int64_t>(x.sizes().begin() + 2, x.sizes().end()));
  const int64_t K = g.K(), P = g.P();
  DimVector shape{N, O};
  shape.insert(shape.end(), osz.begin(), osz.end());
  Tensor out = zeros(shape, x.dtype());
  // W viewed per group as [Cg, Og*K]; its transpose maps input channels to column rows.
  Tensor w = weight.contiguous().view({groups, Cg, Og * K});
  JS_DISPATCH_FLOATING_TYPES(x.dtype(), "conv_transpose", [&] {
    parallel_for(0, N, 1, [&](int64_t s, int64_t e) {
      for (int64_t n = s; n < e; ++n)
        for (int64_t gr = 0; gr < groups; ++gr) {
          Tensor xin = x.select(0, n).narrow(0, gr * Cg, Cg).reshape({Cg, P});
          Tensor col = mm(w.select(0, gr).transpose(0, 1), xin).contiguous();  // [Og*K, P]
          const scalar_t* cp = col.data<scalar_t>();
          scalar_t* dst = out.data<scalar_t>() + (n * O + gr * Og) * g.I();
          forEachTap(g, Og, [&](int64_t row, int64_t pos, int64_t at) {
            if (at >= 0) dst[at] += cp[row * P + pos];
          });
        }
    });
  });
  addBias(out, bias, O);
  return pr.batched ? out : out.squeeze(0);
}

namespace {

// conv_transpose{1,2,3}d(input, weight, bias, stride, padding, output_padding, groups, dilation)
template <int Spatial>
Tensor convTranspose(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                     std::vector<int64_t> stride, std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                     int64_t groups, std::vector<int64_t> dilation) {
  JS_CHECK(weight.dim() == Spatial + 2, "conv_transpose", Spatial, "d: expected a ", Spatial + 2, "-D weight, got ",
           shapeToString(weight.sizes()));
  return convTransposeNd(input, weight, bias, stride, padding, output_padding, dilation, groups);
}
Tensor conv3d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, std::vector<int64_t> stride,
              std::vector<int64_t> padding, std::vector<int64_t> dilation, int64_t groups) {
  JS_CHECK(weight.dim() == 5, "conv3d: expected a 5-D weight, got ", shapeToString(weight.sizes()));
  return convNd(input, weight, bias, stride, padding, dilation, groups);
}

// conv_tbc (fairseq's convolution): input (time, batch, C_in), weight
// (k, C_in, C_out), bias (C_out); time is padded by `pad` on both ends. The
// same cross-correlation as conv1d on (batch, C_in, time).
Tensor convTbc(const Tensor& x, const Tensor& w, const Tensor& b, int64_t pad) {
  JS_CHECK(x.dim() == 3, "Input must have 3 dims: time, batch, in_channel");
  JS_CHECK(w.dim() == 3, "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.");
  JS_CHECK(b.dim() == 1, "Bias must be 1-D");
  JS_CHECK(x.size(2) == w.size(1), "Input dim 2 (input channels) is not == dim 1 in the weight");
  JS_CHECK(b.size(0) == w.size(2), "Bias size must equal dim 2 in the weight");
  JS_CHECK(pad >= 0, "conv_tbc: negative padding");
  Tensor y = convNd(x.permute({1, 2, 0}), w.permute({2, 1, 0}), b, {1}, {pad}, {1}, 1);
  return y.permute({2, 0, 1}).contiguous();
}

// The per-backend convolution entry points that traced graphs of older
// PyTorch versions recorded (thnn_conv2d, slow_conv*, conv_depthwise3d):
// the same convolutions, after checking kernel_size against the weight.
void checkKernelSize(const Tensor& w, const std::vector<int64_t>& k, const char* op) {
  const std::vector<int64_t> actual(w.sizes().begin() + 2, w.sizes().end());
  JS_CHECK(w.dim() >= 3 && actual == k, op, ": kernel_size ", shapeToString(k), " does not match the weight's ",
           shapeToString(w.sizes()));
}
template <int Dims>
Tensor legacyConvDilated(const Tensor& self, const Tensor& weight, std::vector<int64_t> kernel_size,
                         const std::optional<Tensor>& bias, std::vector<int64_t> stride, std::vector<int64_t> padding,
                         std::vector<int64_t> dilation) {
  checkKernelSize(weight, kernel_size, Dims == 2 ? "thnn_conv2d" : "slow_conv3d");
  return convNd(self, weight, bias, stride, padding, dilation, 1);
}
template <int Dims>
Tensor legacyConv(const Tensor& self, const Tensor& weight, std::vector<int64_t> kernel_size,
                  const std::optional<Tensor>& bias, std::vector<int64_t> stride, std::vector<int64_t> padding) {
  return legacyConvDilated<Dims>(self, weight, std::move(kernel_size), bias, std::move(stride), std::move(padding),
                                 std::vector<int64_t>(Dims, 1));
}
template <int Dims>
Tensor legacyConvTranspose(const Tensor& self, const Tensor& weight, std::vector<int64_t> kernel_size,
                           const std::optional<Tensor>& bias, std::vector<int64_t> stride,
                           std::vector<int64_t> padding, std::vector<int64_t> output_padding,
                           std::vector<int64_t> dilation) {
  checkKernelSize(weight, kernel_size, Dims == 2 ? "slow_conv_transpose2d" : "slow_conv_transpose3d");
  return convTransposeNd(self, weight, bias, stride, padding, output_padding, dilation, 1);
}
Tensor convDepthwise3d(const Tensor& x, const Tensor& w, std::vector<int64_t> kernel_size,
                       const std::optional<Tensor>& bias, std::vector<int64_t> stride, std::vector<int64_t> padding,
                       std::vector<int64_t> dilation) {
  checkKernelSize(w, kernel_size, "conv_depthwise3d");
  JS_CHECK(x.dim() == 5, "conv_depthwise3d: expected a 5-D input, got ", shapeToString(x.sizes()));
  return convNd(x, w, bias, stride, padding, dilation, x.size(1));
}

}  // namespace

const OpTable kConvNdOps = {
    op<legacyConv<2>>("aten::thnn_conv2d(Tensor self, Tensor weight, int[2] kernel_size, Tensor? bias=None, int[2] "
                      "stride=1, int[2] padding=0) -> Tensor",
                      "conv2d (legacy entry point)."),
    op<legacyConv<3>>("aten::slow_conv3d(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias=None, int[3] "
                      "stride=1, int[3] padding=0) -> Tensor",
                      "conv3d (legacy entry point)."),
    op<legacyConvDilated<2>>("aten::slow_conv_dilated2d(Tensor self, Tensor weight, int[2] kernel_size, Tensor? "
                             "bias=None, int[2] stride=1, int[2] padding=0, int[2] dilation=1) -> Tensor",
                             "Dilated conv2d (legacy entry point)."),
    op<legacyConvDilated<3>>("aten::slow_conv_dilated3d(Tensor self, Tensor weight, int[3] kernel_size, Tensor? "
                             "bias=None, int[3] stride=1, int[3] padding=0, int[3] dilation=1) -> Tensor",
                             "Dilated conv3d (legacy entry point)."),
    op<legacyConvTranspose<2>>(
        "aten::slow_conv_transpose2d(Tensor self, Tensor weight, int[2] kernel_size, Tensor? bias=None, int[2] "
        "stride=1, int[2] padding=0, int[2] output_padding=0, int[2] dilation=1) -> Tensor",
        "conv_transpose2d (legacy entry point)."),
    op<legacyConvTranspose<3>>(
        "aten::slow_conv_transpose3d(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias=None, int[3] "
        "stride=1, int[3] padding=0, int[3] output_padding=0, int[3] dilation=1) -> Tensor",
        "conv_transpose3d (legacy entry point)."),
    op<convDepthwise3d>("aten::conv_depthwise3d(Tensor self, Tensor weight, int[3] kernel_size, Tensor? bias, int[3] "
                        "stride, int[3] padding, int[3] dilation) -> Tensor",
                        "Depthwise conv3d (legacy entry point)."),
    op<convTbc>("aten::conv_tbc(Tensor self, Tensor weight, Tensor bias, int pad=0) -> Tensor",
                "Convolution over (time, batch, channel) input (fairseq)."),
    op<conv3d>("aten::conv3d(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] padding=0, int[3] "
               "dilation=1, int groups=1) -> Tensor",
               "3-D convolution (NCDHW) via im2col + GEMM."),
    op<convTranspose<1>>("aten::conv_transpose1d(Tensor input, Tensor weight, Tensor? bias=None, int[1] stride=[1], "
                         "int[1] padding=[0], int[1] output_padding=[0], int groups=1, int[1] dilation=[1]) -> Tensor",
                         "1-D transposed convolution (GEMM + col2im)."),
    op<convTranspose<2>>(
        "aten::conv_transpose2d.input(Tensor input, Tensor weight, Tensor? bias=None, int[2] stride=1, int[2] "
        "padding=0, int[2] output_padding=0, int groups=1, int[2] dilation=1) -> Tensor",
        "2-D transposed convolution (GEMM + col2im)."),
    op<convTranspose<3>>(
        "aten::conv_transpose3d.input(Tensor input, Tensor weight, Tensor? bias=None, int[3] stride=1, int[3] "
        "padding=0, int[3] output_padding=0, int groups=1, int[3] dilation=1) -> Tensor",
        "3-D transposed convolution (GEMM + col2im)."),
};

}  // namespace jitserve::ops
