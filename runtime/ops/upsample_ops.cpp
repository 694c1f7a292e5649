// upsample_* kernels. Every mode is separable, so each spatial dim is
// resampled on its own:
//   - nearest / nearest-exact pick one source index per output index and run
//     as an index_select per dim (exact for every dtype);
//   - linear, cubic and the antialiased filters describe each output index as
//     a short list of (source index, weight) taps and are applied one dim at a
//     time in double precision, then cast back (the single rounding keeps us
//     within float tolerance of PyTorch's float arithmetic).
//
// Coordinate conventions follow PyTorch:
//   scale(in, out) = align_corners ? (out > 1 ? (in-1)/(out-1) : 0)
//                                  : (given scale > 0 ? 1/scale : in/out)
//   src(dst)       = align_corners ? scale*dst : scale*(dst+0.5)-0.5, clamped
//                    at 0 for linear (cubic lets it go negative).
// Nearest ignores align_corners and computes its ratio in float, as PyTorch
// does, so that borderline floor() results agree.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "runtime/ops/index_ops.h"
#include "runtime/ops/op_registration.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

using Scales = std::vector<std::optional<double>>;

// Per-dim resampling weights in CSR form: output i reads taps
// [index[i], index[i+1]) of (src, weight). Cubic taps that reach outside the
// input are clamped to the border sample, as PyTorch does.
struct Taps {
  std::vector<int64_t> index;
  std::vector<int64_t> src;
  std::vector<double> weight;
};

void checkInput(const Tensor& x, int64_t spatial, const char* op) {
  JS_CHECK(x.dim() == spatial + 2, op, ": expected a ", spatial + 2, "-D input (N, C, ",
           spatial == 1 ? "W" : spatial == 2 ? "H, W" : "D, H, W", "), but got input of size ",
           shapeToString(x.sizes()));
}

void checkSizes(const Tensor& x, const std::vector<int64_t>& out, const char* op) {
  const int64_t spatial = x.dim() - 2;
  JS_CHECK(static_cast<int64_t>(out.size()) == spatial, op, ": output_size must have ", spatial,
           " elements, got ", shapeToString(out));
  for (int64_t d = 0; d < spatial; ++d) {
    const int64_t in = x.size(2 + d);
    JS_CHECK(in > 0 && out[d] > 0, op, ": input and output sizes should be greater than 0, but got input ",
             shapeToString(x.sizes()), " and output_size ", shapeToString(out));
  }
}

// The .vec overloads take either output_size or scale_factors; with scale
// factors the output size is floor(in * scale) and the scale itself drives
// the coordinate mapping.
std::vector<int64_t> vecOutputSize(const Tensor& x, int64_t spatial, const std::optional<std::vector<int64_t>>& size,
                                   const std::optional<std::vector<double>>& scales, Scales& used, const char* op) {
  checkInput(x, spatial, op);
  JS_CHECK(size.has_value() != scales.has_value(), op, ": must specify exactly one of output_size and scale_factors");
  used.assign(static_cast<size_t>(spatial), std::nullopt);
  if (size) {
    JS_CHECK(static_cast<int64_t>(size->size()) == spatial, op, ": output_size must have ", spatial,
             " elements, got ", shapeToString(*size));
    return *size;
  }
  JS_CHECK(static_cast<int64_t>(scales->size()) == spatial, op, ": scale_factors must have ", spatial,
           " elements, got ", scales->size());
  std::vector<int64_t> out(static_cast<size_t>(spatial));
  for (int64_t d = 0; d < spatial; ++d) {
    out[d] = static_cast<int64_t>(std::floor(static_cast<double>(x.size(2 + d)) * (*scales)[d]));
    used[d] = (*scales)[d];
  }
  return out;
}

double areaScale(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  if (align_corners) return out > 1 ? static_cast<double>(in - 1) / static_cast<double>(out - 1) : 0.0;
  if (scale && *scale > 0) return 1.0 / *scale;
  return static_cast<double>(in) / static_cast<double>(out);
}

double sourceIndex(double scale, int64_t dst, bool align_corners, bool cubic) {
  if (align_corners) return scale * static_cast<double>(dst);
  const double src = scale * (static_cast<double>(dst) + 0.5) - 0.5;
  return (!cubic && src < 0) ? 0.0 : src;
}

// ---- nearest ----

Tensor nearest(const Tensor& x, const std::vector<int64_t>& out, const Scales& scales, bool exact, const char* op) {
  checkSizes(x, out, op);
  Tensor r = x;
  for (size_t d = 0; d < out.size(); ++d) {
    const int64_t dim = 2 + static_cast<int64_t>(d), in = x.size(dim), o = out[d];
    const float ratio = (scales[d] && *scales[d] > 0) ? static_cast<float>(1.0 / *scales[d])
                                                       : static_cast<float>(in) / static_cast<float>(o);
    std::vector<int64_t> idx(static_cast<size_t>(o));
    for (int64_t i = 0; i < o; ++i) {
      const float pos = exact ? (static_cast<float>(i) + 0.5f) * ratio : static_cast<float>(i) * ratio;
      idx[i] = std::min(static_cast<int64_t>(std::floor(pos)), in - 1);
    }
    if (o == in && !scales[d]) continue;  // identity
    r = index_select(r, dim, from_vector(idx));
  }
  return r.contiguous();
}

// ---- filtered modes ----

enum class Filter { Linear, Cubic, LinearAA, CubicAA };

double cubicNear(double t, double A) { return ((A + 2) * t - (A + 3)) * t * t + 1; }         // |t| <= 1
double cubicFar(double t, double A) { return ((A * t - 5 * A) * t + 8 * A) * t - 4 * A; }  // 1 < |t| < 2

// Antialias kernels (support 1 for the triangle, 2 for Keys' cubic with a = -0.5).
double aaFilter(double x, bool cubic) {
  x = std::abs(x);
  if (!cubic) return x < 1 ? 1 - x : 0;
  constexpr double a = -0.5;
  if (x < 1) return cubicNear(x, a);
  if (x < 2) return cubicFar(x, a);
  return 0;
}

Taps makeTaps(int64_t in, int64_t out, bool align_corners, std::optional<double> given, Filter f) {
  Taps t;
  const double scale = areaScale(in, out, align_corners, given);
  auto push = [&](int64_t s, double w) {
    t.src.push_back(std::clamp<int64_t>(s, 0, in - 1));
    t.weight.push_back(w);
  };
  for (int64_t i = 0; i < out; ++i) {
    t.index.push_back(static_cast<int64_t>(t.src.size()));
    switch (f) {
      case Filter::Linear: {
        const double src = sourceIndex(scale, i, align_corners, false);
        const int64_t i0 = std::min(static_cast<int64_t>(src), in - 1);
        const int64_t i1 = i0 + (i0 < in - 1 ? 1 : 0);
        const double l1 = std::clamp(src - static_cast<double>(i0), 0.0, 1.0);
        push(i0, 1 - l1);
        push(i1, l1);
        break;
      }
      case Filter::Cubic: {
        constexpr double A = -0.75;
        const double src = sourceIndex(scale, i, align_corners, true);
        const int64_t i0 = static_cast<int64_t>(std::floor(src));
        const double u = src - static_cast<double>(i0);
        push(i0 - 1, cubicFar(u + 1, A));
        push(i0, cubicNear(u, A));
        push(i0 + 1, cubicNear(1 - u, A));
        push(i0 + 2, cubicFar(2 - u, A));
        break;
      }
      case Filter::LinearAA:
      case Filter::CubicAA: {
        // Downsampling widens the filter by the scale so every input sample
        // contributes (PIL-style); weights are normalized to sum to one.
        const bool cubic = f == Filter::CubicAA;
        const double half = cubic ? 2.0 : 1.0;
        const double support = scale >= 1 ? half * scale : half;
        const double inv = scale >= 1 ? 1 / scale : 1.0;
        const double center = scale * (static_cast<double>(i) + 0.5);
        const int64_t lo = std::max<int64_t>(static_cast<int64_t>(center - support + 0.5), 0);
        const int64_t hi = std::min<int64_t>(static_cast<int64_t>(center + support + 0.5), in);
        std::vector<double> w;
        double total = 0;
        for (int64_t j = lo; j < hi; ++j) {
          w.push_back(aaFilter((static_cast<double>(j) - center + 0.5) * inv, cubic));
          total += w.back();
        }
        for (int64_t j = lo; j < hi; ++j) push(j, total != 0 ? w[j - lo] / total : w[j - lo]);
        break;
      }
    }
  }
  t.index.push_back(static_cast<int64_t>(t.src.size()));
  return t;
}

// Resamples dim `dim` of a contiguous double tensor with the given taps.
Tensor applyTaps(const Tensor& x, int64_t dim, int64_t out, const Taps& t) {
  const int64_t in = x.size(dim);
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < dim; ++d) outer *= x.size(d);
  for (int64_t d = dim + 1; d < x.dim(); ++d) inner *= x.size(d);
  DimVector shape(x.sizes().begin(), x.sizes().end());
  shape[dim] = out;
  Tensor r = empty(shape, ScalarType::Double);
  const double* ip = x.data<double>();
  double* op = r.data<double>();
  parallel_for(0, outer, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, out * inner)),
               [&](int64_t s, int64_t e) {
                 for (int64_t o = s; o < e; ++o) {
                   const double* src = ip + o * in * inner;
                   double* dst = op + o * out * inner;
                   for (int64_t i = 0; i < out; ++i) {
                     double* row = dst + i * inner;
                     std::fill(row, row + inner, 0.0);
                     for (int64_t k = t.index[i]; k < t.index[i + 1]; ++k) {
                       const double w = t.weight[k];
                       const double* col = src + t.src[k] * inner;
                       for (int64_t j = 0; j < inner; ++j) row[j] += w * col[j];
                     }
                   }
                 }
               });
  return r;
}

Tensor filtered(const Tensor& x, const std::vector<int64_t>& out, bool align_corners, const Scales& scales, Filter f,
                const char* op) {
  checkSizes(x, out, op);
  JS_CHECK(isFloatingType(x.dtype()), op, ": expected a floating point input, but got ", scalarTypeName(x.dtype()));
  Tensor r = x.to(ScalarType::Double).contiguous();
  for (size_t d = 0; d < out.size(); ++d) {
    const int64_t dim = 2 + static_cast<int64_t>(d);
    r = applyTaps(r, dim, out[d], makeTaps(x.size(dim), out[d], align_corners, scales[d], f));
  }
  return r.to(x.dtype());
}

// ---- kernels ----

// Explicit-size overloads: (self, output_size, [align_corners,] scales...),
// one `float? scales` per spatial dim.
using Scale = std::optional<double>;

template <bool Exact>
constexpr const char* nearestName() {
  return Exact ? "_upsample_nearest_exact" : "upsample_nearest";
}

template <bool Exact, typename... S>
Tensor nearestSized(const Tensor& self, std::vector<int64_t> output_size, S... scales) {
  checkInput(self, sizeof...(S), nearestName<Exact>());
  return nearest(self, output_size, Scales{scales...}, Exact, nearestName<Exact>());
}
template <Filter F, typename... S>
Tensor filteredSized(const Tensor& self, std::vector<int64_t> output_size, bool align_corners, S... scales) {
  checkInput(self, sizeof...(S), "upsample");
  return filtered(self, output_size, align_corners, Scales{scales...}, F, "upsample");
}

// The .vec overloads: (input, output_size, [align_corners,] scale_factors),
// an output size or scale factors (`float[]?`, read from the IValue).
std::optional<std::vector<double>> optDoubleList(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toDoubleVector();
}
template <int Spatial, bool Exact>
Tensor nearestVec(const Tensor& input, std::optional<std::vector<int64_t>> output_size, const IValue& scale_factors) {
  Scales used;
  std::vector<int64_t> out =
      vecOutputSize(input, Spatial, output_size, optDoubleList(scale_factors), used, nearestName<Exact>());
  return nearest(input, out, used, Exact, nearestName<Exact>());
}
template <int Spatial, Filter F>
Tensor filteredVec(const Tensor& input, std::optional<std::vector<int64_t>> output_size, bool align_corners,
                   const IValue& scale_factors) {
  Scales used;
  std::vector<int64_t> out = vecOutputSize(input, Spatial, output_size, optDoubleList(scale_factors), used, "upsample");
  return filtered(input, out, align_corners, used, F, "upsample");
}

}  // namespace

const OpTable kUpsampleOps = {
    op<nearestSized<false, Scale>>(
        "aten::upsample_nearest1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor",
        "Nearest-neighbour resize of (N, C, W): src = floor(dst * in/out)."),
    op<nearestVec<1, false>>(
        "aten::upsample_nearest1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "Nearest 1-D resize to a size or by scale factors."),
    op<nearestSized<false, Scale, Scale>>("aten::upsample_nearest2d(Tensor self, SymInt[2] output_size, float? "
                                          "scales_h=None, float? scales_w=None) -> Tensor",
                                          "Nearest-neighbour resize of (N, C, H, W)."),
    op<nearestVec<2, false>>(
        "aten::upsample_nearest2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "Nearest 2-D resize to a size or by scale factors."),
    op<nearestSized<false, Scale, Scale, Scale>>("aten::upsample_nearest3d(Tensor self, SymInt[3] output_size, float? "
                                                 "scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
                                                 "Nearest-neighbour resize of (N, C, D, H, W)."),
    op<nearestVec<3, false>>(
        "aten::upsample_nearest3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "Nearest 3-D resize to a size or by scale factors."),
    op<nearestSized<true, Scale>>(
        "aten::_upsample_nearest_exact1d(Tensor self, SymInt[1] output_size, float? scales=None) -> Tensor",
        "Pixel-centre nearest resize of (N, C, W): src = floor((dst + 0.5) * in/out)."),
    op<nearestVec<1, true>>(
        "aten::_upsample_nearest_exact1d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "nearest-exact 1-D resize to a size or by scale factors."),
    op<nearestSized<true, Scale, Scale>>("aten::_upsample_nearest_exact2d(Tensor self, SymInt[2] output_size, float? "
                                         "scales_h=None, float? scales_w=None) -> Tensor",
                                         "Pixel-centre nearest resize of (N, C, H, W)."),
    op<nearestVec<2, true>>(
        "aten::_upsample_nearest_exact2d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "nearest-exact 2-D resize to a size or by scale factors."),
    op<nearestSized<true, Scale, Scale, Scale>>(
        "aten::_upsample_nearest_exact3d(Tensor self, SymInt[3] output_size, float? scales_d=None, float? "
        "scales_h=None, float? scales_w=None) -> Tensor",
        "Pixel-centre nearest resize of (N, C, D, H, W)."),
    op<nearestVec<3, true>>(
        "aten::_upsample_nearest_exact3d.vec(Tensor input, SymInt[]? output_size, float[]? scale_factors) -> Tensor",
        "nearest-exact 3-D resize to a size or by scale factors."),
    op<filteredSized<Filter::Linear, Scale>>(
        "aten::upsample_linear1d(Tensor self, SymInt[1] output_size, bool align_corners, float? scales=None) -> Tensor",
        "Linear interpolation of (N, C, W)."),
    op<filteredVec<1, Filter::Linear>>("aten::upsample_linear1d.vec(Tensor input, SymInt[]? output_size, bool "
                                       "align_corners, float[]? scale_factors) -> Tensor",
                                       "Linear 1-D resize to a size or by scale factors."),
    op<filteredSized<Filter::Linear, Scale, Scale>>(
        "aten::upsample_bilinear2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, "
        "float? scales_w=None) -> Tensor",
        "Bilinear interpolation of (N, C, H, W)."),
    op<filteredVec<2, Filter::Linear>>("aten::upsample_bilinear2d.vec(Tensor input, SymInt[]? output_size, bool "
                                       "align_corners, float[]? scale_factors) -> Tensor",
                                       "Bilinear 2-D resize to a size or by scale factors."),
    op<filteredSized<Filter::Linear, Scale, Scale, Scale>>(
        "aten::upsample_trilinear3d(Tensor self, SymInt[3] output_size, bool align_corners, float? scales_d=None, "
        "float? scales_h=None, float? scales_w=None) -> Tensor",
        "Trilinear interpolation of (N, C, D, H, W)."),
    op<filteredVec<3, Filter::Linear>>("aten::upsample_trilinear3d.vec(Tensor input, SymInt[]? output_size, bool "
                                       "align_corners, float[]? scale_factors) -> Tensor",
                                       "Trilinear 3-D resize to a size or by scale factors."),
    op<filteredSized<Filter::Cubic, Scale, Scale>>(
        "aten::upsample_bicubic2d(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, float? "
        "scales_w=None) -> Tensor",
        "Bicubic (Keys, A = -0.75) interpolation of (N, C, H, W), border-clamped."),
    op<filteredVec<2, Filter::Cubic>>("aten::upsample_bicubic2d.vec(Tensor input, SymInt[]? output_size, bool "
                                      "align_corners, float[]? scale_factors) -> Tensor",
                                      "Bicubic 2-D resize to a size or by scale factors."),
    op<filteredSized<Filter::LinearAA, Scale, Scale>>(
        "aten::_upsample_bilinear2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, "
        "float? scales_w=None) -> Tensor",
        "Antialiased bilinear resize (triangle filter widened when downsampling)."),
    op<filteredVec<2, Filter::LinearAA>>("aten::_upsample_bilinear2d_aa.vec(Tensor input, SymInt[]? output_size, bool "
                                         "align_corners, float[]? scale_factors) -> Tensor",
                                         "Antialiased bilinear resize to a size or by scale factors."),
    op<filteredSized<Filter::CubicAA, Scale, Scale>>(
        "aten::_upsample_bicubic2d_aa(Tensor self, SymInt[2] output_size, bool align_corners, float? scales_h=None, "
        "float? scales_w=None) -> Tensor",
        "Antialiased bicubic resize (Keys a = -0.5, widened when downsampling)."),
    op<filteredVec<2, Filter::CubicAA>>("aten::_upsample_bicubic2d_aa.vec(Tensor input, SymInt[]? output_size, bool "
                                        "align_corners, float[]? scale_factors) -> Tensor",
                                        "Antialiased bicubic resize to a size or by scale factors."),
};

}  // namespace jitserve::ops
