// Window starts along a dim of input size n, output size m and pool size k,
// from a sample u (computed in the input's precision, as PyTorch does, so
// the same samples give the same windows):
//   alpha = (n - k) / (m - 1);  start_i = int((i + u) alpha) - int(u alpha)
// and the last window starts at n - k. Samples are ordered (W, H) for 2-D
// and (T, H, W) for 3-D. Returns the maxima and their flat indices within
// each plane; NaN wins.
#include "runtime/ops/op_tables.h"

#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "runtime/ops/op_registration.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

template <typename T>
std::vector<int64_t> intervals(T sample, int64_t in, int64_t out, int64_t pool) {
  std::vector<int64_t> seq(static_cast<size_t>(out));
  if (out > 1) {
    const T alpha = static_cast<T>(in - pool) / static_cast<T>(out - 1);
    for (int64_t i = 0; i < out - 1; ++i)
      seq[static_cast<size_t>(i)] =
          static_cast<int64_t>((static_cast<T>(i) + sample) * alpha) - static_cast<int64_t>(sample * alpha);
  }
  if (out > 0) seq[static_cast<size_t>(out - 1)] = in - pool;
  return seq;
}

// D spatial dims (2 or 3). Spatial arrays are ordered outermost first.
template <int D>
std::tuple<Tensor, Tensor> fractionalMaxPool(const Tensor& input, std::vector<int64_t> kernel,
                                             std::vector<int64_t> osize, const Tensor& samples) {
  const char* op = D == 2 ? "fractional_max_pool2d()" : "fractional_max_pool3d()";
  if (kernel.size() == 1) kernel.assign(D, kernel[0]);
  if (osize.size() == 1) osize.assign(D, osize[0]);
  JS_CHECK(kernel.size() == D && osize.size() == D, op, ": kernel_size and output_size must have ", D, " elements");
  JS_CHECK(input.dim() == D + 1 || input.dim() == D + 2, op, ": Expected ", D + 1, "D or ", D + 2,
           "D tensor, but got: ", shapeToString(input.sizes()));
  JS_CHECK(input.dtype() == ScalarType::Float || input.dtype() == ScalarType::Double, op,
           ": expected a Float or Double input, got ", scalarTypeName(input.dtype()));
  const bool batched = input.dim() == D + 2;
  const Tensor x = (batched ? input : input.unsqueeze(0)).contiguous();
  const int64_t N = x.size(0), C = x.size(1);
  std::array<int64_t, D> in{};
  int64_t plane = 1, oplane = 1;
  for (int d = 0; d < D; ++d) {
    in[d] = x.size(d + 2);
    JS_CHECK(osize[d] + kernel[d] - 1 <= in[d], op, ": pool size ", kernel[d], " too large relative to input size ",
             in[d], " for output size ", osize[d]);
    JS_CHECK(kernel[d] > 0 && osize[d] >= 0, op, ": kernel and output sizes must be positive");
    plane *= in[d];
    oplane *= osize[d];
  }
  JS_CHECK(samples.dim() == 3 && samples.size(0) == N && samples.size(1) == C && samples.size(2) == D, op,
           ": expected random_samples of shape (", N, ", ", C, ", ", D, "), got ", shapeToString(samples.sizes()));
  DimVector out_shape{N, C};
  for (int d = 0; d < D; ++d) out_shape.push_back(osize[d]);
  Tensor out = empty(out_shape, x.dtype());
  Tensor idx = empty(out_shape, ScalarType::Long);
  JS_DISPATCH_FLOAT_AND_DOUBLE(x.dtype(), op, [&] {
    using T = scalar_t;
    Tensor sm = samples.to(x.dtype()).contiguous();
    const T* xp = x.data<T>();
    const T* sp = sm.data<T>();
    // Samples outside [0, 1) would place windows outside the input.
    for (int64_t i = 0; i < sm.numel(); ++i)
      JS_CHECK(sp[i] >= 0 && sp[i] < 1, op, ": random_samples must lie in [0, 1), got ", static_cast<double>(sp[i]));
    T* op_ = out.data<T>();
    int64_t* ip = idx.data<int64_t>();
    for (int64_t p = 0; p < N * C; ++p) {
      std::array<std::vector<int64_t>, D> seq;
      for (int d = 0; d < D; ++d) {
        // 2-D samples are (W, H): reversed relative to the spatial order.
        const int s = D == 2 ? 1 - d : d;
        seq[d] = intervals<T>(sp[p * D + s], in[d], osize[d], kernel[d]);
      }
      const T* src = xp + p * plane;
      for (int64_t o = 0; o < oplane; ++o) {
        std::array<int64_t, D> oi{};
        int64_t rest = o;
        for (int d = D - 1; d >= 0; --d) {
          oi[d] = rest % osize[d];
          rest /= osize[d];
        }
        T best = -std::numeric_limits<T>::infinity();
        int64_t best_i = -1;
        std::array<int64_t, D> k{};
        int64_t window = 1;
        for (int d = 0; d < D; ++d) window *= kernel[d];
        for (int64_t w = 0; w < window; ++w) {
          int64_t r = w, flat = 0;
          for (int d = D - 1; d >= 0; --d) {
            k[d] = r % kernel[d];
            r /= kernel[d];
          }
          for (int d = 0; d < D; ++d) flat = flat * in[d] + seq[d][static_cast<size_t>(oi[d])] + k[d];
          const T v = src[flat];
          if (best_i < 0 || v > best || std::isnan(v)) {
            best = v;
            best_i = flat;
            if (std::isnan(v)) break;
          }
        }
        op_[p * oplane + o] = best;
        ip[p * oplane + o] = best_i;
      }
    }
  });
  if (!batched) {
    out = out.squeeze(0);
    idx = idx.squeeze(0);
  }
  return {std::move(out), std::move(idx)};
}

}  // namespace

const OpTable kFractionalPoolOps = {
    op<fractionalMaxPool<2>>("aten::fractional_max_pool2d(Tensor self, int[2] kernel_size, int[2] output_size, Tensor "
                             "random_samples) -> (Tensor, Tensor)",
                             "2-D max pooling over pseudo-randomly placed windows; maxima and indices."),
    op<fractionalMaxPool<3>>("aten::fractional_max_pool3d(Tensor self, int[3] kernel_size, int[3] output_size, Tensor "
                             "random_samples) -> (Tensor, Tensor)",
                             "3-D max pooling over pseudo-randomly placed windows; maxima and indices."),
};

}  // namespace jitserve::ops
