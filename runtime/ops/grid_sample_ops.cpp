// Grid coordinates in [-1, 1] map to pixel centres (align_corners=False:
// -1 is the left edge of the first pixel) or to the corner pixels
// (align_corners=True). Padding modes: zeros (outside reads 0), border
// (clamped) and reflection (mirrored at the edges, then clamped).
// Interpolation: bilinear (0), nearest (1, round half to even), bicubic (2,
// A = -0.75 convolution with padded reads per tap).
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_registration.h"

namespace jitserve::ops {
namespace {

enum class Pad { Zeros = 0, Border = 1, Reflection = 2 };

double unnormalize(double c, int64_t size, bool align) {
  return align ? (c + 1) / 2 * static_cast<double>(size - 1) : ((c + 1) * static_cast<double>(size) - 1) / 2;
}

double clip(double c, int64_t size) { return std::min(static_cast<double>(size - 1), std::max(c, 0.0)); }

// Mirrors c into [twice_low / 2, twice_high / 2].
double reflect(double c, int64_t twice_low, int64_t twice_high) {
  if (twice_low == twice_high) return 0;
  const double lo = static_cast<double>(twice_low) / 2, span = static_cast<double>(twice_high - twice_low) / 2;
  c = std::abs(c - lo);
  const double extra = std::fmod(c, span);
  const int64_t flips = static_cast<int64_t>(std::floor(c / span));
  return flips % 2 == 0 ? extra + lo : span - extra + lo;
}

double sourceIndex(double c, int64_t size, Pad pad, bool align) {
  c = unnormalize(c, size, align);
  if (pad == Pad::Border) {
    c = clip(c, size);
  } else if (pad == Pad::Reflection) {
    c = align ? reflect(c, 0, 2 * (size - 1)) : reflect(c, -1, 2 * size - 1);
    c = clip(c, size);
  }
  return c;
}

double cubic1(double x, double A) { return ((A + 2) * x - (A + 3)) * x * x + 1; }
double cubic2(double x, double A) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; }

Tensor gridSampler(const Tensor& input, const Tensor& grid, int64_t interp, int64_t pad_mode, bool align) {
  JS_CHECK(input.dtype() == grid.dtype(), "grid_sampler(): expected input and grid to have same dtype, but input has ",
           scalarTypeName(input.dtype()), " and grid has ", scalarTypeName(grid.dtype()));
  JS_CHECK(isFloatingType(input.dtype()), "grid_sampler(): expected floating point input, got ",
           scalarTypeName(input.dtype()));
  JS_CHECK(input.dim() == 4, "grid_sampler(): only 4-D input (N, C, H, W) is supported here, got ", input.dim(), "-D");
  JS_CHECK(grid.dim() == 4 && grid.size(-1) == 2, "grid_sampler(): expected grid to have size 2 in last dimension and "
           "4 dimensions, but got grid with sizes ", shapeToString(grid.sizes()));
  JS_CHECK(input.size(0) == grid.size(0), "grid_sampler(): expected grid and input to have same batch size, but got "
           "input with sizes ", shapeToString(input.sizes()), " and grid with sizes ", shapeToString(grid.sizes()));
  JS_CHECK(interp >= 0 && interp <= 2, "grid_sampler(): unknown interpolation mode ", interp);
  JS_CHECK(pad_mode >= 0 && pad_mode <= 2, "grid_sampler(): unknown padding mode ", pad_mode);
  const Pad pad = static_cast<Pad>(pad_mode);
  const int64_t N = input.size(0), C = input.size(1), H = input.size(2), W = input.size(3);
  const int64_t Ho = grid.size(1), Wo = grid.size(2);
  JS_CHECK(H > 0 && W > 0, "grid_sampler(): expected input to have non-empty spatial dimensions, but input has sizes ",
           shapeToString(input.sizes()));
  Tensor in = input.to(ScalarType::Double).contiguous(), g = grid.to(ScalarType::Double).contiguous();
  Tensor out = zeros({N, C, Ho, Wo}, ScalarType::Double);
  const double* ip = in.data<double>();
  const double* gp = g.data<double>();
  double* op = out.data<double>();
  for (int64_t n = 0; n < N; ++n) {
    const double* img = ip + n * C * H * W;
    auto at = [&](int64_t c, int64_t y, int64_t x) -> double {
      if (y < 0 || y >= H || x < 0 || x >= W) return 0.0;
      return img[(c * H + y) * W + x];
    };
    for (int64_t oy = 0; oy < Ho; ++oy)
      for (int64_t ox = 0; ox < Wo; ++ox) {
        const double gx = gp[((n * Ho + oy) * Wo + ox) * 2], gy = gp[((n * Ho + oy) * Wo + ox) * 2 + 1];
        double* dst = op + n * C * Ho * Wo + oy * Wo + ox;
        if (interp == 2) {
          // Bicubic taps read with the padding rule applied per tap.
          const double x = unnormalize(gx, W, align), y = unnormalize(gy, H, align);
          if (!std::isfinite(x) || !std::isfinite(y)) {
            for (int64_t c = 0; c < C; ++c) dst[c * Ho * Wo] = 0.0;
            continue;
          }
          const double x0 = std::floor(x), y0 = std::floor(y), tx = x - x0, ty = y - y0;
          constexpr double A = -0.75;
          const double wx[4] = {cubic2(tx + 1, A), cubic1(tx, A), cubic1(1 - tx, A), cubic2(2 - tx, A)};
          const double wy[4] = {cubic2(ty + 1, A), cubic1(ty, A), cubic1(1 - ty, A), cubic2(2 - ty, A)};
          auto tap = [&](int64_t c, double yy, double xx) {
            if (pad != Pad::Zeros) {
              xx = pad == Pad::Border ? clip(xx, W) : clip(align ? reflect(xx, 0, 2 * (W - 1)) : reflect(xx, -1, 2 * W - 1), W);
              yy = pad == Pad::Border ? clip(yy, H) : clip(align ? reflect(yy, 0, 2 * (H - 1)) : reflect(yy, -1, 2 * H - 1), H);
            }
            return at(c, static_cast<int64_t>(yy), static_cast<int64_t>(xx));
          };
          for (int64_t c = 0; c < C; ++c) {
            double acc = 0;
            for (int i = 0; i < 4; ++i)
              for (int j = 0; j < 4; ++j) acc += wy[i] * wx[j] * tap(c, y0 - 1 + i, x0 - 1 + j);
            dst[c * Ho * Wo] = acc;
          }
          continue;
        }
        const double x = sourceIndex(gx, W, pad, align), y = sourceIndex(gy, H, pad, align);
        if (!std::isfinite(x) || !std::isfinite(y)) {
          // A NaN or infinite location reads nothing.
          for (int64_t c = 0; c < C; ++c) dst[c * Ho * Wo] = 0.0;
          continue;
        }
        if (interp == 1) {
          const int64_t xi = static_cast<int64_t>(std::nearbyint(x)), yi = static_cast<int64_t>(std::nearbyint(y));
          for (int64_t c = 0; c < C; ++c) dst[c * Ho * Wo] = at(c, yi, xi);
          continue;
        }
        const int64_t x0 = static_cast<int64_t>(std::floor(x)), y0 = static_cast<int64_t>(std::floor(y));
        const double tx = x - static_cast<double>(x0), ty = y - static_cast<double>(y0);
        for (int64_t c = 0; c < C; ++c)
          dst[c * Ho * Wo] = at(c, y0, x0) * (1 - tx) * (1 - ty) + at(c, y0, x0 + 1) * tx * (1 - ty) +
                             at(c, y0 + 1, x0) * (1 - tx) * ty + at(c, y0 + 1, x0 + 1) * tx * ty;
      }
  }
  return out.to(input.dtype());
}

// affine_grid_generator: the sampling grid of a batch of affine matrices
// theta (N x 2 x 3 for size [N, C, H, W], N x 3 x 4 for [N, C, D, H, W]):
// each output position's normalized coordinates (x over W, y over H, z over
// D; -1..1 at the corner pixels' centres with align_corners, at their outer
// edges without) times theta. Output [N, H, W, 2] or [N, D, H, W, 3].
Tensor affineGridGenerator(const Tensor& theta, std::vector<int64_t> size, bool alignCorners) {
  JS_CHECK(size.size() == 4 || size.size() == 5, "affine_grid_generator(): size must have 4 or 5 elements, got ",
           size.size());
  const int64_t sd = static_cast<int64_t>(size.size()) - 2;  // spatial dims
  JS_CHECK(isFloatingType(theta.dtype()) && theta.dim() == 3 && theta.size(1) == sd && theta.size(2) == sd + 1,
           "affine_grid_generator(): expected theta of shape [N, ", sd, ", ", sd + 1, "], got ", describe(theta));
  const int64_t n = size[0];
  JS_CHECK(theta.size(0) == n, "affine_grid_generator(): theta has ", theta.size(0), " matrices for a batch of ", n);
  // Coordinates along one dim of `steps` positions.
  auto coords = [&](int64_t steps) {
    std::vector<double> c(static_cast<size_t>(std::max<int64_t>(steps, 0)), 0.0);
    if (steps <= 1) return c;
    for (int64_t i = 0; i < steps; ++i) {
      double v = -1.0 + 2.0 * static_cast<double>(i) / static_cast<double>(steps - 1);
      if (!alignCorners) v = v * static_cast<double>(steps - 1) / static_cast<double>(steps);
      c[static_cast<size_t>(i)] = v;
    }
    return c;
  };
  // Spatial sizes innermost last: W, H(, D) give x, y(, z).
  std::vector<int64_t> spatial(size.begin() + 2, size.end());
  int64_t points = 1;
  for (int64_t v : spatial) points *= v;
  Tensor base = empty({points, sd + 1}, ScalarType::Double);
  double* b = base.data<double>();
  std::vector<std::vector<double>> axes;
  for (int64_t d = 0; d < sd; ++d) axes.push_back(coords(spatial[static_cast<size_t>(sd - 1 - d)]));  // x, y, z
  for (int64_t p = 0; p < points; ++p) {
    int64_t rem = p;
    for (int64_t d = 0; d < sd; ++d) {  // innermost spatial dim is x
      const int64_t len = spatial[static_cast<size_t>(sd - 1 - d)];
      b[p * (sd + 1) + d] = axes[static_cast<size_t>(d)][static_cast<size_t>(rem % len)];
      rem /= len;
    }
    b[p * (sd + 1) + sd] = 1.0;
  }
  Tensor t = theta.to(ScalarType::Double);
  // [N, points, sd+1] x [N, sd+1, sd] -> [N, points, sd]
  Tensor grid = bmm(base.unsqueeze(0).expand({n, points, sd + 1}).contiguous(), t.transpose(1, 2).contiguous());
  std::vector<int64_t> shape{n};
  shape.insert(shape.end(), spatial.begin(), spatial.end());
  shape.push_back(sd);
  return grid.reshape(shape).to(theta.dtype());
}

}  // namespace

const OpTable kGridSampleOps = {
    op<affineGridGenerator>("aten::affine_grid_generator(Tensor theta, int[] size, bool align_corners) -> Tensor",
                            "The sampling grid of a batch of 2-D or 3-D affine matrices (F.affine_grid)."),
    op<gridSampler>("aten::grid_sampler(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool "
                    "align_corners) -> Tensor",
                    "Samples a 4-D input at normalized grid locations (bilinear, nearest or bicubic)."),
    op<gridSampler>("aten::grid_sampler_2d(Tensor input, Tensor grid, int interpolation_mode, int padding_mode, bool "
                    "align_corners) -> Tensor",
                    "grid_sampler for 4-D input."),
};

}  // namespace jitserve::ops
