// torchvision's C++ operators that its detection models call from printed
// code (ops.torchvision.X): nms (box suppression after the RPN and the box
// head), roi_align (MultiScaleRoIAlign's pooling) and roi_pool. Boxes are
// (x1, y1, x2, y2); rois are (batch index, x1, y1, x2, y2) rows.
//
// roi_align samples each output bin on a grid of sampling_ratio^2 points
// (adaptive: ceil(roi size / bins) per side when sampling_ratio <= 0),
// bilinearly, and averages them. A sample more than one pixel outside the
// image reads 0; one within a pixel of it is clamped to the edge. With
// aligned=True box corners are shifted by half a pixel (pixel centres at
// integer + 0.5); with aligned=False a roi is at least 1x1.
//
// Computation is in the input's dtype as torchvision's (float or double);
// half and bfloat16 inputs go through float.
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <vector>

#include "runtime/ops/op_registration.h"
#include "runtime/ops/shape_ops.h"
#include "runtime/tensor/dispatch.h"

namespace jitserve::ops {
namespace {

// float and double as themselves; half and bfloat16 as float.
Tensor asComputeType(const char* op, const Tensor& t) {
  JS_CHECK(isFloatingType(t.dtype()), op, ": expected a floating point tensor, got ", scalarTypeName(t.dtype()));
  const ScalarType dt = t.dtype() == ScalarType::Double ? ScalarType::Double : ScalarType::Float;
  return t.to(dt).contiguous();
}

std::vector<double> toDoubles(const Tensor& t) {
  std::vector<double> v(static_cast<size_t>(t.numel()));
  JS_DISPATCH_FLOAT_AND_DOUBLE(t.dtype(), "torchvision", [&] {
    const scalar_t* p = t.data<scalar_t>();
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(p[i]);
  });
  return v;
}

Tensor fromDoubles(const std::vector<double>& v, std::vector<int64_t> shape, ScalarType computed, ScalarType out) {
  Tensor t = empty(shape, computed);
  JS_DISPATCH_FLOAT_AND_DOUBLE(computed, "torchvision", [&] {
    scalar_t* p = t.data<scalar_t>();
    for (size_t i = 0; i < v.size(); ++i) p[i] = static_cast<scalar_t>(v[i]);
  });
  return computed == out ? t : t.to(out);
}

Tensor nms(const Tensor& dets, const Tensor& scores, double iou_threshold) {
  JS_CHECK(dets.dim() == 2, "boxes should be a 2d tensor, got ", dets.dim(), "D");
  JS_CHECK(dets.size(1) == 4, "boxes should have 4 elements in dimension 1, got ", dets.size(1));
  JS_CHECK(scores.dim() == 1, "scores should be a 1d tensor, got ", scores.dim(), "D");
  JS_CHECK(dets.size(0) == scores.size(0), "boxes and scores should have same number of elements in dimension 0, got ",
           dets.size(0), " and ", scores.size(0));
  JS_CHECK(dets.dtype() == scores.dtype(), "dets should have the same type as scores");
  JS_CHECK(dets.device().isCPU() && scores.device().isCPU(), "torchvision::nms: boxes and scores must be on the CPU");
  const int64_t n = dets.size(0);
  if (n == 0) return empty({0}, ScalarType::Long);
  const std::vector<double> b = toDoubles(asComputeType("nms", dets));
  const std::vector<double> s = toDoubles(asComputeType("nms", scores));
  // Highest score first, ties in index order, NaN first (a descending
  // stable sort, as torchvision orders them).
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t i, int64_t j) {
    const double a = s[static_cast<size_t>(i)], c = s[static_cast<size_t>(j)];
    if (std::isnan(a)) return !std::isnan(c);
    return !std::isnan(c) && a > c;
  });
  auto box = [&](int64_t i, int k) { return b[static_cast<size_t>(4 * i + k)]; };
  std::vector<double> area(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) area[static_cast<size_t>(i)] = (box(i, 2) - box(i, 0)) * (box(i, 3) - box(i, 1));
  std::vector<char> suppressed(static_cast<size_t>(n), 0);
  std::vector<int64_t> keep;
  for (size_t oi = 0; oi < order.size(); ++oi) {
    const int64_t i = order[oi];
    if (suppressed[static_cast<size_t>(i)]) continue;
    keep.push_back(i);
    for (size_t oj = oi + 1; oj < order.size(); ++oj) {
      const int64_t j = order[oj];
      if (suppressed[static_cast<size_t>(j)]) continue;
      const double w = std::max(0.0, std::min(box(i, 2), box(j, 2)) - std::max(box(i, 0), box(j, 0)));
      const double h = std::max(0.0, std::min(box(i, 3), box(j, 3)) - std::max(box(i, 1), box(j, 1)));
      const double inter = w * h;
      const double iou = inter / (area[static_cast<size_t>(i)] + area[static_cast<size_t>(j)] - inter);
      if (iou > iou_threshold) suppressed[static_cast<size_t>(j)] = 1;
    }
  }
  Tensor out = empty({static_cast<int64_t>(keep.size())}, ScalarType::Long);
  std::copy(keep.begin(), keep.end(), out.data<int64_t>());
  return out;
}

struct RoiInput {
  Tensor x;                  // (N, C, H, W) contiguous, float or double
  std::vector<double> rois;  // K rows of 5
  int64_t k, n, c, h, w;
};

RoiInput roiInput(const char* op, const Tensor& input, const Tensor& rois, int64_t pooled_height,
                  int64_t pooled_width) {
  JS_CHECK(input.dim() == 4, op, ": input must be 4-D (N, C, H, W), got ", input.dim(), "-D");
  JS_CHECK(rois.dim() == 2 && rois.size(1) == 5, "rois must have shape as Tensor[K, 5], got ",
           shapeToString(rois.sizes()));
  JS_CHECK(input.dtype() == rois.dtype(), op, ": input and rois must have the same dtype, got ",
           scalarTypeName(input.dtype()), " and ", scalarTypeName(rois.dtype()));
  JS_CHECK(input.device().isCPU() && rois.device().isCPU(), op, ": input and rois must be on the CPU");
  JS_CHECK(pooled_height > 0 && pooled_width > 0, op, ": output size must be positive, got ", pooled_height, "x",
           pooled_width);
  RoiInput r{asComputeType(op, input), toDoubles(asComputeType(op, rois)), rois.size(0),
             input.size(0),          input.size(1),                      input.size(2),
             input.size(3)};
  for (int64_t i = 0; i < r.k; ++i) {
    const double bi = r.rois[static_cast<size_t>(5 * i)];
    // torchvision reads any image here; an index outside the batch is the
    // caller's mistake, reported rather than read.
    JS_CHECK(bi >= 0 && bi < static_cast<double>(r.n), op, ": roi ", i, " names image ", bi, " but the batch has ",
             r.n);
  }
  return r;
}

// The bilinear sample at (y, x) of one (H, W) plane; 0 more than a pixel
// outside, clamped to the edge within one. In T, as torchvision computes.
template <typename T>
T bilinear(const T* plane, int64_t height, int64_t width, T y, T x) {
  if (y < T(-1) || y > static_cast<T>(height) || x < T(-1) || x > static_cast<T>(width)) return 0;
  y = std::max(y, T(0));
  x = std::max(x, T(0));
  int64_t y0 = static_cast<int64_t>(y), x0 = static_cast<int64_t>(x), y1, x1;
  if (y0 >= height - 1) {
    y0 = y1 = height - 1;
    y = static_cast<T>(y0);
  } else {
    y1 = y0 + 1;
  }
  if (x0 >= width - 1) {
    x0 = x1 = width - 1;
    x = static_cast<T>(x0);
  } else {
    x1 = x0 + 1;
  }
  const T ly = y - static_cast<T>(y0), lx = x - static_cast<T>(x0);
  const T hy = 1 - ly, hx = 1 - lx;
  auto at = [&](int64_t yy, int64_t xx) { return plane[yy * width + xx]; };
  return hy * hx * at(y0, x0) + hy * lx * at(y0, x1) + ly * hx * at(y1, x0) + ly * lx * at(y1, x1);
}

Tensor roiAlign(const Tensor& input, const Tensor& rois, double spatial_scale, int64_t pooled_height,
                int64_t pooled_width, int64_t sampling_ratio, bool aligned) {
  RoiInput r = roiInput("roi_align", input, rois, pooled_height, pooled_width);
  Tensor result = empty({r.k, r.c, pooled_height, pooled_width}, r.x.dtype());
  JS_DISPATCH_FLOAT_AND_DOUBLE(r.x.dtype(), "roi_align", [&] {
    using T = scalar_t;
    const T* x = r.x.data<T>();
    T* out = result.data<T>();
    const T scale = static_cast<T>(spatial_scale), offset = aligned ? T(0.5) : T(0);
    for (int64_t k = 0; k < r.k; ++k) {
      const double* roi = &r.rois[static_cast<size_t>(5 * k)];
      const int64_t b = static_cast<int64_t>(roi[0]);
      const T x1 = static_cast<T>(roi[1]) * scale - offset, y1 = static_cast<T>(roi[2]) * scale - offset;
      T rw = static_cast<T>(roi[3]) * scale - offset - x1, rh = static_cast<T>(roi[4]) * scale - offset - y1;
      if (!aligned) {
        rw = std::max(rw, T(1));
        rh = std::max(rh, T(1));
      }
      const T binH = rh / static_cast<T>(pooled_height), binW = rw / static_cast<T>(pooled_width);
      const int64_t gridH = sampling_ratio > 0 ? sampling_ratio : static_cast<int64_t>(std::ceil(binH));
      const int64_t gridW = sampling_ratio > 0 ? sampling_ratio : static_cast<int64_t>(std::ceil(binW));
      const T count = static_cast<T>(std::max<int64_t>(gridH * gridW, 1));
      for (int64_t c = 0; c < r.c; ++c) {
        const T* plane = x + (b * r.c + c) * r.h * r.w;
        T* o = out + ((k * r.c + c) * pooled_height) * pooled_width;
        for (int64_t ph = 0; ph < pooled_height; ++ph)
          for (int64_t pw = 0; pw < pooled_width; ++pw) {
            T sum = 0;
            for (int64_t iy = 0; iy < gridH; ++iy) {
              const T y = y1 + static_cast<T>(ph) * binH +
                          (static_cast<T>(iy) + T(0.5)) * binH / static_cast<T>(gridH);
              for (int64_t ix = 0; ix < gridW; ++ix) {
                const T xx = x1 + static_cast<T>(pw) * binW +
                             (static_cast<T>(ix) + T(0.5)) * binW / static_cast<T>(gridW);
                sum += bilinear(plane, r.h, r.w, y, xx);
              }
            }
            o[ph * pooled_width + pw] = sum / count;
          }
      }
    }
  });
  return result.dtype() == input.dtype() ? result : result.to(input.dtype());
}

// Max over the integer bins of each roi (corners rounded, a roi at least
// one pixel); an empty bin gives 0 and argmax -1. argmax is h * W + w in
// the image, int32 as torchvision returns it.
std::tuple<Tensor, Tensor> roiPool(const Tensor& input, const Tensor& rois, double spatial_scale,
                                   int64_t pooled_height, int64_t pooled_width) {
  RoiInput r = roiInput("roi_pool", input, rois, pooled_height, pooled_width);
  const size_t total = static_cast<size_t>(r.k * r.c * pooled_height * pooled_width);
  std::vector<double> out(total, 0.0);
  Tensor argmax = empty({r.k, r.c, pooled_height, pooled_width}, ScalarType::Int);
  int32_t* am = argmax.data<int32_t>();
  JS_DISPATCH_FLOAT_AND_DOUBLE(r.x.dtype(), "roi_pool", [&] {
    const scalar_t* x = r.x.data<scalar_t>();
    for (int64_t k = 0; k < r.k; ++k) {
      const double* roi = &r.rois[static_cast<size_t>(5 * k)];
      const int64_t b = static_cast<int64_t>(roi[0]);
      const int64_t x1 = static_cast<int64_t>(std::round(roi[1] * spatial_scale));
      const int64_t y1 = static_cast<int64_t>(std::round(roi[2] * spatial_scale));
      const int64_t x2 = static_cast<int64_t>(std::round(roi[3] * spatial_scale));
      const int64_t y2 = static_cast<int64_t>(std::round(roi[4] * spatial_scale));
      const double binH = static_cast<double>(std::max<int64_t>(y2 - y1 + 1, 1)) / static_cast<double>(pooled_height);
      const double binW = static_cast<double>(std::max<int64_t>(x2 - x1 + 1, 1)) / static_cast<double>(pooled_width);
      for (int64_t ph = 0; ph < pooled_height; ++ph)
        for (int64_t pw = 0; pw < pooled_width; ++pw) {
          auto clampTo = [](int64_t v, int64_t hi) { return std::min(std::max<int64_t>(v, 0), hi); };
          const int64_t hs = clampTo(static_cast<int64_t>(std::floor(static_cast<double>(ph) * binH)) + y1, r.h);
          const int64_t he = clampTo(static_cast<int64_t>(std::ceil(static_cast<double>(ph + 1) * binH)) + y1, r.h);
          const int64_t ws = clampTo(static_cast<int64_t>(std::floor(static_cast<double>(pw) * binW)) + x1, r.w);
          const int64_t we = clampTo(static_cast<int64_t>(std::ceil(static_cast<double>(pw + 1) * binW)) + x1, r.w);
          const bool emptyBin = he <= hs || we <= ws;
          for (int64_t c = 0; c < r.c; ++c) {
            const scalar_t* plane = x + (b * r.c + c) * r.h * r.w;
            double best = emptyBin ? 0.0 : -std::numeric_limits<double>::max();
            int64_t where = -1;
            for (int64_t h = hs; h < he; ++h)
              for (int64_t w = ws; w < we; ++w) {
                const double v = static_cast<double>(plane[h * r.w + w]);
                if (v > best) {
                  best = v;
                  where = h * r.w + w;
                }
              }
            const size_t at = static_cast<size_t>(((k * r.c + c) * pooled_height + ph) * pooled_width + pw);
            out[at] = best;
            am[at] = static_cast<int32_t>(where);
          }
        }
    }
  });
  return {fromDoubles(out, {r.k, r.c, pooled_height, pooled_width}, r.x.dtype(), input.dtype()), argmax};
}

}  // namespace

const OpTable kTorchvisionOps = {
    op<nms>("torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
            "Indices of the boxes kept by non-maximum suppression, highest score first."),
    op<roiAlign>("torchvision::roi_align(Tensor input, Tensor rois, float spatial_scale, int pooled_height, "
                 "int pooled_width, int sampling_ratio, bool aligned) -> Tensor",
                 "Bilinearly sampled average of each roi bin (Mask R-CNN's RoIAlign)."),
    op<roiPool>("torchvision::roi_pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, "
                "int pooled_width) -> (Tensor, Tensor)",
                "Max over each roi bin (Fast R-CNN's RoIPool) and its argmax."),
};

}  // namespace jitserve::ops
