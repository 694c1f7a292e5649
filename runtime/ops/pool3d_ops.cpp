// 3-D pooling kernels and max unpooling.
//
// Indices produced by max_pool3d_with_indices / adaptive_max_pool3d are flat
// offsets d * H * W + h * W + w inside one (n, c) plane, as PyTorch's are, so
// max_unpool3d can scatter them back. Every kernel parallelizes over planes.
#include "runtime/ops/op_tables.h"
#include "runtime/ops/pool_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "runtime/ops/op_registration.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

using Dims3 = std::array<int64_t, 3>;

Dims3 expand3(std::vector<int64_t> v, const char* name, std::optional<Dims3> if_empty = std::nullopt) {
  if (v.empty() && if_empty) return *if_empty;
  if (v.size() == 1) v.assign(3, v[0]);
  JS_CHECK(v.size() == 3, name, " must either be a single int, or a tuple of three ints, got ", shapeToString(v));
  return {v[0], v[1], v[2]};
}

struct Pool3d {
  Dims3 k, s, p, d;
  bool ceil_mode;
};

Pool3d makePool(const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& stride,
                const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, bool ceil_mode) {
  Pool3d P;
  P.k = expand3(kernel_size, "max_pool3d: kernel_size");
  P.s = expand3(stride, "stride", P.k);
  P.p = expand3(padding, "padding");
  P.d = expand3(dilation, "dilation");
  P.ceil_mode = ceil_mode;
  for (int i = 0; i < 3; ++i) {
    JS_CHECK(P.k[i] > 0, "kernel size should be greater than zero, but got kT: ", P.k[0], " kH: ", P.k[1],
             " kW: ", P.k[2]);
    JS_CHECK(P.s[i] > 0, "stride should be greater than zero, but got dT: ", P.s[0], " dH: ", P.s[1], " dW: ", P.s[2]);
    JS_CHECK(P.d[i] > 0, "dilation should be greater than zero, but got dilationT: ", P.d[0], " dilationH: ", P.d[1],
             " dilationW: ", P.d[2]);
    JS_CHECK(P.p[i] >= 0 && P.p[i] <= P.k[i] / 2, "pad should be smaller than or equal to half of kernel size, but got "
             "kT: ", P.k[0], " kH: ", P.k[1], " kW: ", P.k[2], " padT: ", P.p[0], " padH: ", P.p[1], " padW: ", P.p[2]);
  }
  return P;
}

// Views a 4-D (unbatched) or 5-D input as contiguous [N, C, D, H, W].
Tensor as5d(const Tensor& x, const char* op) {
  JS_CHECK(x.dim() == 4 || x.dim() == 5, op, ": expected a 4D or 5D (batch mode) tensor for input, but got input of "
           "size ", shapeToString(x.sizes()));
  return (x.dim() == 5 ? x : x.unsqueeze(0)).contiguous();
}
Tensor restore(const Tensor& out, const Tensor& like) { return like.dim() == 5 ? out : out.squeeze(0); }

// Calls f(src, z, y, x, oi) for every output cell (z, y, x) of every (n, c)
// plane, planes in parallel: src is the plane's input (I elements), oi the
// cell's flat output index.
template <typename T, typename F>
void forEachOutput(const T* in, const Dims3& I, const Dims3& o, int64_t planes, const F& f) {
  parallel_for(0, planes, 1, [&](int64_t s, int64_t e) {
    for (int64_t plane = s; plane < e; ++plane) {
      const T* src = in + plane * I[0] * I[1] * I[2];
      int64_t oi = plane * o[0] * o[1] * o[2];
      for (int64_t z = 0; z < o[0]; ++z)
        for (int64_t y = 0; y < o[1]; ++y)
          for (int64_t x = 0; x < o[2]; ++x, ++oi) f(src, z, y, x, oi);
    }
  });
}

std::pair<Tensor, Tensor> maxPool3d(const Tensor& self, const Pool3d& P) {
  Tensor in = as5d(self, "max_pool3d");
  const int64_t N = in.size(0), C = in.size(1), D = in.size(2), H = in.size(3), W = in.size(4);
  Dims3 o;
  for (int i = 0; i < 3; ++i) o[i] = pooledSize(in.size(2 + i), P.k[i], P.p[i], P.s[i], P.d[i], P.ceil_mode);
  JS_CHECK(o[0] > 0 && o[1] > 0 && o[2] > 0, "max_pool3d: given input size (", C, "x", D, "x", H, "x", W,
           "), calculated output size (", C, "x", o[0], "x", o[1], "x", o[2], ") is too small");
  Tensor out = empty({N, C, o[0], o[1], o[2]}, in.dtype());
  Tensor idx = empty({N, C, o[0], o[1], o[2]}, ScalarType::Long);
  JS_DISPATCH_ALL_TYPES(in.dtype(), "max_pool3d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    int64_t* xp = idx.data<int64_t>();
    forEachOutput(ip, Dims3{D, H, W}, o, N * C, [&](const scalar_t* src, int64_t z, int64_t y, int64_t x, int64_t oi) {
      int64_t best = -1;
      double bv = 0;
      bool done = false;
      for (int64_t a = 0; a < P.k[0] && !done; ++a) {
        const int64_t iz = z * P.s[0] - P.p[0] + a * P.d[0];
        if (iz < 0 || iz >= D) continue;
        for (int64_t b = 0; b < P.k[1] && !done; ++b) {
          const int64_t iy = y * P.s[1] - P.p[1] + b * P.d[1];
          if (iy < 0 || iy >= H) continue;
          for (int64_t c = 0; c < P.k[2]; ++c) {
            const int64_t ix = x * P.s[2] - P.p[2] + c * P.d[2];
            if (ix < 0 || ix >= W) continue;
            const int64_t at = (iz * H + iy) * W + ix;
            const double v = static_cast<double>(src[at]);
            // NaN wins and stops the search, as in PyTorch.
            if (best < 0 || v > bv || std::isnan(v)) {
              best = at;
              bv = v;
              if (std::isnan(v)) {
                done = true;
                break;
              }
            }
          }
        }
      }
      op[oi] = best >= 0 ? src[best] : scalar_t(0);
      xp[oi] = best;
    });
  });
  return {restore(out, self), restore(idx, self)};
}

Tensor avgPool3d(const Tensor& self, const Pool3d& P, bool count_include_pad, std::optional<int64_t> divisor) {
  if (divisor) JS_CHECK(*divisor != 0, "divisor must be not zero");
  Tensor in = as5d(self, "avg_pool3d");
  JS_CHECK(isFloatingType(in.dtype()), "avg_pool3d: expected a floating point input, got ", scalarTypeName(in.dtype()));
  const int64_t N = in.size(0), C = in.size(1);
  const Dims3 I{in.size(2), in.size(3), in.size(4)};
  Dims3 o;
  for (int i = 0; i < 3; ++i) o[i] = pooledSize(I[i], P.k[i], P.p[i], P.s[i], 1, P.ceil_mode);
  JS_CHECK(o[0] > 0 && o[1] > 0 && o[2] > 0, "avg_pool3d: output size (", o[0], "x", o[1], "x", o[2],
           ") is too small for input ", shapeToString(self.sizes()));
  Tensor out = empty({N, C, o[0], o[1], o[2]}, in.dtype());
  JS_DISPATCH_FLOATING_TYPES(in.dtype(), "avg_pool3d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    forEachOutput(ip, I, o, N * C, [&](const scalar_t* src, int64_t z, int64_t y, int64_t x, int64_t oi) {
      // Window in padded coordinates (for count_include_pad), then clipped to the input.
      Dims3 lo{z * P.s[0] - P.p[0], y * P.s[1] - P.p[1], x * P.s[2] - P.p[2]}, hi;
      int64_t pool = 1, valid = 1;
      for (int i = 0; i < 3; ++i) {
        hi[i] = std::min(lo[i] + P.k[i], I[i] + P.p[i]);
        pool *= hi[i] - lo[i];
        lo[i] = std::max<int64_t>(lo[i], 0);
        hi[i] = std::min(hi[i], I[i]);
        valid *= std::max<int64_t>(hi[i] - lo[i], 0);
      }
      double sum = 0;
      for (int64_t iz = lo[0]; iz < hi[0]; ++iz)
        for (int64_t iy = lo[1]; iy < hi[1]; ++iy)
          for (int64_t ix = lo[2]; ix < hi[2]; ++ix) sum += static_cast<double>(src[(iz * I[1] + iy) * I[2] + ix]);
      const double div =
          divisor ? static_cast<double>(*divisor) : static_cast<double>(count_include_pad ? pool : valid);
      op[oi] = static_cast<scalar_t>(sum / div);
    });
  });
  return restore(out, self);
}

// Adaptive pooling: output cell i covers [floor(i*In/Out), ceil((i+1)*In/Out)) per dim.
std::pair<Tensor, Tensor> adaptivePool3d(const Tensor& self, const std::vector<int64_t>& size, bool is_max) {
  Tensor in = as5d(self, is_max ? "adaptive_max_pool3d" : "adaptive_avg_pool3d");
  const Dims3 o = expand3(size, "adaptive_pool3d: output_size");
  for (int i = 0; i < 3; ++i)
    JS_CHECK(o[i] >= 0, "adaptive_pool3d: output_size must be non-negative, got ", shapeToString(size));
  const int64_t N = in.size(0), C = in.size(1);
  const Dims3 I{in.size(2), in.size(3), in.size(4)};
  for (int i = 0; i < 3; ++i)
    JS_CHECK(I[i] > 0 || o[i] == 0, "adaptive_pool3d: expected input with non-zero spatial sizes, got ",
             shapeToString(self.sizes()));
  Tensor out = empty({N, C, o[0], o[1], o[2]}, in.dtype());
  Tensor idx = is_max ? empty({N, C, o[0], o[1], o[2]}, ScalarType::Long) : Tensor();
  auto start = [](int64_t i, int64_t in, int64_t out) { return (i * in) / out; };
  auto end = [](int64_t i, int64_t in, int64_t out) { return ((i + 1) * in + out - 1) / out; };
  JS_DISPATCH_FLOATING_TYPES(in.dtype(), "adaptive_pool3d", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    scalar_t* op = out.data<scalar_t>();
    int64_t* xp = is_max ? idx.data<int64_t>() : nullptr;
    forEachOutput(ip, I, o, N * C, [&](const scalar_t* src, int64_t z, int64_t y, int64_t x, int64_t oi) {
      const int64_t z0 = start(z, I[0], o[0]), z1 = end(z, I[0], o[0]);
      const int64_t y0 = start(y, I[1], o[1]), y1 = end(y, I[1], o[1]);
      const int64_t x0 = start(x, I[2], o[2]), x1 = end(x, I[2], o[2]);
      double sum = 0;
      int64_t best = (z0 * I[1] + y0) * I[2] + x0;
      for (int64_t iz = z0; iz < z1; ++iz)
        for (int64_t iy = y0; iy < y1; ++iy)
          for (int64_t ix = x0; ix < x1; ++ix) {
            const int64_t at = (iz * I[1] + iy) * I[2] + ix;
            const double v = static_cast<double>(src[at]);
            if (is_max) {
              const double b = static_cast<double>(src[best]);
              if (v > b || (std::isnan(v) && !std::isnan(b))) best = at;
            } else {
              sum += v;
            }
          }
      if (is_max) {
        op[oi] = src[best];
        xp[oi] = best;
      } else {
        op[oi] = static_cast<scalar_t>(sum / static_cast<double>((z1 - z0) * (y1 - y0) * (x1 - x0)));
      }
    });
  });
  return {restore(out, self), is_max ? restore(idx, self) : idx};
}

// Scatters each pooled value to its recorded flat index in a zeroed plane of
// `spatial` dims; values whose index repeats overwrite one another.
Tensor maxUnpool(const Tensor& self, const Tensor& indices, const std::vector<int64_t>& osize, int64_t spatial,
                 const char* op) {
  JS_CHECK(indices.dtype() == ScalarType::Long, op, ": elements in indices should be type int64 but got: ",
           scalarTypeName(indices.dtype()));
  JS_CHECK(static_cast<int64_t>(osize.size()) == spatial, "There should be exactly ", spatial,
           " elements (", spatial == 2 ? "height, width" : "depth, height, width", ") in output_size, but got ",
           osize.size(), " elements.");
  JS_CHECK(self.dim() == spatial + 1 || self.dim() == spatial + 2, op, ": expected a ", spatial + 1, "d or ",
           spatial + 2, "d tensor for input, but got: ", shapeToString(self.sizes()));
  JS_CHECK(self.sizes().size() == indices.sizes().size() &&
               std::equal(self.sizes().begin(), self.sizes().end(), indices.sizes().begin()),
           "Expected shape of indices to be same as that of the input tensor (", shapeToString(self.sizes()),
           ") but got indices tensor with shape: ", shapeToString(indices.sizes()));
  for (int64_t d = 1; d < self.dim(); ++d)
    JS_CHECK(self.size(d) > 0, op, ": expected input to have non-zero size for non-batch dimensions, but got ",
             shapeToString(self.sizes()));
  const bool batched = self.dim() == spatial + 2;
  Tensor in = (batched ? self : self.unsqueeze(0)).contiguous();
  Tensor ix = (batched ? indices : indices.unsqueeze(0)).contiguous();
  const int64_t N = in.size(0), C = in.size(1), L = in.numel() / std::max<int64_t>(1, N * C);
  int64_t P = 1;
  for (int64_t s : osize) P *= s;
  DimVector shape{N, C};
  shape.insert(shape.end(), osize.begin(), osize.end());
  Tensor out = zeros(shape, in.dtype());
  JS_DISPATCH_ALL_TYPES(in.dtype(), "max_unpool", [&] {
    const scalar_t* ip = in.data<scalar_t>();
    const int64_t* xp = ix.data<int64_t>();
    scalar_t* opp = out.data<scalar_t>();
    for (int64_t plane = 0; plane < N * C; ++plane)
      for (int64_t j = 0; j < L; ++j) {
        const int64_t at = xp[plane * L + j];
        JS_CHECK(at >= 0 && at < P, "Found an invalid max index: ", at, " (output volumes are of size ",
                 spatial == 2 ? "" : std::to_string(osize[0]) + "x", osize[spatial - 2], "x", osize[spatial - 1], ")");
        opp[plane * P + at] = ip[plane * L + j];
      }
  });
  return batched ? out : out.squeeze(0);
}

// ---- kernels ----

std::tuple<Tensor, Tensor> maxPool3dWithIndices(const Tensor& self, std::vector<int64_t> kernel_size,
                                                std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                std::vector<int64_t> dilation, bool ceil_mode) {
  return maxPool3d(self, makePool(kernel_size, stride, padding, dilation, ceil_mode));
}
Tensor maxPool3dOp(const Tensor& self, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                   std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceil_mode) {
  return maxPool3d(self, makePool(kernel_size, stride, padding, dilation, ceil_mode)).first;
}
Tensor avgPool3dOp(const Tensor& self, std::vector<int64_t> kernel_size, std::vector<int64_t> stride,
                   std::vector<int64_t> padding, bool ceil_mode, bool count_include_pad,
                   std::optional<int64_t> divisor_override) {
  return avgPool3d(self, makePool(kernel_size, stride, padding, {1}, ceil_mode), count_include_pad, divisor_override);
}
Tensor adaptiveAvgPool3d(const Tensor& self, std::vector<int64_t> output_size) {
  return adaptivePool3d(self, output_size, false).first;
}
std::tuple<Tensor, Tensor> adaptiveMaxPool3d(const Tensor& self, std::vector<int64_t> output_size) {
  return adaptivePool3d(self, output_size, true);
}
Tensor maxUnpool2d(const Tensor& self, const Tensor& indices, std::vector<int64_t> output_size) {
  return maxUnpool(self, indices, output_size, 2, "max_unpool2d");
}
Tensor maxUnpool3d(const Tensor& self, const Tensor& indices, std::vector<int64_t> output_size,
                   std::vector<int64_t> stride, std::vector<int64_t> /*padding*/) {
  for (int64_t v : expand3(stride, "max_unpool3d: stride"))
    JS_CHECK(v > 0, "strides should be greater than zero, but got stride: ", shapeToString(stride));
  return maxUnpool(self, indices, output_size, 3, "max_unpool3d");
}

}  // namespace

const OpTable kPool3dOps = {
    op<maxPool3dOp>("aten::max_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, int[3] "
                    "dilation=1, bool ceil_mode=False) -> Tensor",
                    "3-D max pooling."),
    op<maxPool3dWithIndices>("aten::max_pool3d_with_indices(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] "
                             "padding=0, int[3] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)",
                             "3-D max pooling with flat (d*H*W + h*W + w) argmax indices."),
    op<avgPool3dOp>("aten::avg_pool3d(Tensor self, int[3] kernel_size, int[3] stride=[], int[3] padding=0, bool "
                    "ceil_mode=False, bool count_include_pad=True, int? divisor_override=None) -> Tensor",
                    "3-D average pooling."),
    op<adaptiveAvgPool3d>("aten::adaptive_avg_pool3d(Tensor self, int[3] output_size) -> Tensor",
                          "3-D average pooling to a fixed output size."),
    op<adaptiveAvgPool3d>("aten::_adaptive_avg_pool3d(Tensor self, int[3] output_size) -> Tensor",
                          "3-D adaptive average pooling (the native entry adaptive_avg_pool3d calls)."),
    op<adaptiveMaxPool3d>("aten::adaptive_max_pool3d(Tensor self, int[3] output_size) -> (Tensor, Tensor)",
                          "3-D max pooling to a fixed output size, with indices."),
    op<maxUnpool2d>("aten::max_unpool2d(Tensor self, Tensor indices, int[2] output_size) -> Tensor",
                    "Inverse of max_pool2d: scatters values to their indices in a zero (H, W) plane."),
    op<maxUnpool3d>(
        "aten::max_unpool3d(Tensor self, Tensor indices, int[3] output_size, int[3] stride, int[3] padding) -> Tensor",
        "Inverse of max_pool3d: scatters values to their indices in a zero (D, H, W) volume."),
};

}  // namespace jitserve::ops
