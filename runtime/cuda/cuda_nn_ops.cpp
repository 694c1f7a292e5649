// Layers on the GPU, host half: inference batch norm, layer norm, group
// norm, pooling (max with or without indices, average, adaptive average and
// max; 1-D as 2-D of height 1) and resampling (nearest, linear, bilinear)
// (kernels/nn.cu). Inputs are made contiguous; per-channel parameters are
// cast to the accumulation type (float, double for double inputs) so half
// models with float statistics work as in PyTorch.
#include <array>
#include <cmath>
#include <optional>
#include <tuple>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/elementwise.h"
#include "runtime/cuda/kernels/nn.h"
#include "runtime/ops/pool_geometry.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {
namespace {

ScalarType accType(ScalarType t) { return t == ScalarType::Double ? ScalarType::Double : ScalarType::Float; }

void checkFloating(const Tensor& t, const char* op) {
  JS_CHECK(isFloatingType(t.dtype()), op, ": \"", op, "_cuda\" not implemented for '", scalarTypeName(t.dtype()),
           "'");
}

// A per-channel parameter as `count` contiguous values of `type` on the
// device (null when absent).
const void* paramData(const std::optional<Tensor>& p, int64_t count, ScalarType type, const OnDevice& on,
                      std::vector<Tensor>& keep, const char* op, const char* what) {
  if (!p || !p->defined()) return nullptr;
  JS_CHECK(p->numel() == count, op, ": expected ", what, " to have ", count, " elements, got ", p->numel());
  JS_CHECK(p->device() == on.device, op, ": expected ", what, " on ", on.device.str(), ", got ", p->device().str());
  keep.push_back(contiguousOnDevice(castOnDevice(*p, type, on), on));
  return keep.back().unsafeGetImpl()->deviceData();
}

// x normalized by its mean and biased variance over `dims` (kept as size-1
// dims), then scaled and shifted by weight / bias viewed as `paramShape`.
// Returns (y, mean, 1 / sqrt(var + eps)).
std::tuple<Tensor, Tensor, Tensor> normalizeOver(const Tensor& x, std::vector<int64_t> dims,
                                                 const std::optional<Tensor>& weight,
                                                 const std::optional<Tensor>& bias, const DimVector& paramShape,
                                                 double eps) {
  static const OpCall kVarMean("aten::var_mean.correction");
  Stack st{IValue(x), IValue::intList(std::move(dims)), IValue(int64_t{0}), IValue(true)};
  kVarMean.run(st);
  const Tensor var = st[0].toTensor(), mean = st[1].toTensor();
  const IValue one(Scalar(int64_t{1}));
  const Tensor rstd = callOp<"aten::reciprocal", Tensor>(
      callOp<"aten::sqrt", Tensor>(callOp<"aten::add.Scalar", Tensor>(var, IValue(Scalar(eps)), one)));
  Tensor y = callOp<"aten::mul.Tensor", Tensor>(callOp<"aten::sub.Tensor", Tensor>(x, mean, one), rstd);
  if (weight && weight->defined()) y = callOp<"aten::mul.Tensor", Tensor>(y, weight->reshape(paramShape));
  if (bias && bias->defined()) y = callOp<"aten::add.Tensor", Tensor>(y, bias->reshape(paramShape), one);
  return {y, mean, rstd};
}

// Batch statistics over every dim but the channels (dim 1); running
// statistics are not updated (inference serving has no use for them).
std::tuple<Tensor, Tensor, Tensor> batchNormTraining(const Tensor& input, const std::optional<Tensor>& weight,
                                                     const std::optional<Tensor>& bias, double eps,
                                                     const OnDevice& on) {
  (void)on;
  JS_CHECK(input.dim() >= 2, "batch_norm: expected at least 2-D input, got ", input.dim(), "-D");
  std::vector<int64_t> dims{0};
  for (int64_t d = 2; d < input.dim(); ++d) dims.push_back(d);
  DimVector paramShape(static_cast<size_t>(input.dim()), 1);
  paramShape[1] = input.size(1);
  auto [y, mean, rstd] = normalizeOver(input, dims, weight, bias, paramShape, eps);
  return {y, mean.reshape({input.size(1)}), rstd.reshape({input.size(1)})};
}

Tensor batchNorm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                 const std::optional<Tensor>& runningMean, const std::optional<Tensor>& runningVar, bool training,
                 double /*momentum*/, double eps, bool /*cudnnEnabled*/) {
  OnDevice on(deviceOf({&input}, "batch_norm"));
  // The CPU kernel's rules (runtime/ops/nn_ops.cpp, batchNorm), in its
  // order: an empty input of any rank gives an empty copy, whatever the
  // other arguments (ops/nn.functional.batch_norm.4: 1-D, empty running
  // statistics); eval mode without running statistics normalizes with the
  // batch's.
  if (input.numel() == 0) return cloneOnDevice(input, on);
  JS_CHECK(input.dim() >= 2, "batch_norm: expected at least 2-D input, got ", input.dim(), "-D");
  checkFloating(input, "batch_norm");
  const bool haveRunning = runningMean && runningVar && runningMean->defined() && runningVar->defined();
  if (training || !haveRunning) {
    const int64_t channels = input.size(1);
    for (const std::optional<Tensor>* p : {&runningMean, &runningVar})
      if (*p && (*p)->defined())
        JS_CHECK((*p)->numel() == channels, "running_mean should contain ", channels, " elements not ",
                 (*p)->numel());
    JS_CHECK(!training || input.numel() / channels > 1,
             "Expected more than 1 value per channel when training, got input size ", shapeToString(input.sizes()));
    return std::get<0>(batchNormTraining(input, weight, bias, eps, on));
  }
  const int64_t channels = input.size(1);
  const int64_t inner = channels == 0 ? 0 : input.numel() / std::max<int64_t>(input.size(0) * channels, 1);
  const ScalarType acc = accType(input.dtype());
  std::vector<Tensor> keep;
  const void* mean = paramData(runningMean, channels, acc, on, keep, "batch_norm", "running_mean");
  const void* var = paramData(runningVar, channels, acc, on, keep, "batch_norm", "running_var");
  const void* w = paramData(weight, channels, acc, on, keep, "batch_norm", "weight");
  const void* b = paramData(bias, channels, acc, on, keep, "batch_norm", "bias");
  const Tensor x = contiguousOnDevice(input, on);
  Tensor out = emptyOnDevice(input.sizes(), input.dtype(), on.device);
  launchBatchNormInference(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), input.dtype(),
                           input.numel(), channels, inner, mean, var, w, b, eps, on.stream);
  return out;
}

Tensor layerNorm(const Tensor& input, std::vector<int64_t> normalizedShape, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, double eps, bool /*cudnnEnable*/) {
  OnDevice on(deviceOf({&input}, "layer_norm"));
  checkFloating(input, "layer_norm");
  const int64_t k = static_cast<int64_t>(normalizedShape.size());
  JS_CHECK(k >= 1 && k <= input.dim(), "layer_norm: normalized_shape of ", k, " dims does not fit input of ",
           input.dim(), " dims");
  int64_t cols = 1;
  for (int64_t i = 0; i < k; ++i) {
    JS_CHECK(input.size(input.dim() - k + i) == normalizedShape[static_cast<size_t>(i)],
             "Given normalized_shape=", shapeToString(normalizedShape), ", expected input with shape [*, ",
             shapeToString(normalizedShape).substr(1), ", but got input of size", shapeToString(input.sizes()));
    cols *= normalizedShape[static_cast<size_t>(i)];
  }
  const int64_t rows = cols == 0 ? 0 : input.numel() / cols;
  const ScalarType acc = accType(input.dtype());
  std::vector<Tensor> keep;
  const void* w = paramData(weight, cols, acc, on, keep, "layer_norm", "weight");
  const void* b = paramData(bias, cols, acc, on, keep, "layer_norm", "bias");
  const Tensor x = contiguousOnDevice(input, on);
  Tensor out = emptyOnDevice(input.sizes(), input.dtype(), on.device);
  launchLayerNorm(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), input.dtype(), rows, cols, w,
                  b, eps, on.stream);
  return out;
}

// group_norm: each (sample, group) normalized as a row by the layer-norm
// kernel, then the per-channel affine as two broadcast elementwise kernels.
Tensor groupNorm(const Tensor& input, int64_t groups, const std::optional<Tensor>& weight,
                 const std::optional<Tensor>& bias, double eps, bool /*cudnnEnabled*/) {
  OnDevice on(deviceOf({&input}, "group_norm"));
  checkFloating(input, "group_norm");
  JS_CHECK(input.dim() >= 2, "group_norm: expected at least 2-D input, got ", input.dim(), "-D");
  const int64_t N = input.size(0), C = input.size(1);
  JS_CHECK(groups > 0 && C % groups == 0, "Expected number of channels in input to be divisible by num_groups, "
           "but got input of shape ", shapeToString(input.sizes()), " and num_groups=", groups);
  const int64_t rows = N * groups, cols = rows == 0 ? 0 : input.numel() / rows;
  const Tensor x = contiguousOnDevice(input, on);
  Tensor out = emptyOnDevice(input.sizes(), input.dtype(), on.device);
  launchLayerNorm(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), input.dtype(), rows, cols,
                  nullptr, nullptr, eps, on.stream);
  DimVector pshape(static_cast<size_t>(input.dim()), 1);
  pshape[1] = C;
  const LaunchShape shape = launchShape(input.sizes(), "group_norm");
  for (const auto* p : {&weight, &bias}) {
    if (!*p || !(*p)->defined()) continue;
    JS_CHECK((*p)->numel() == C, "group_norm: expected ", p == &weight ? "weight" : "bias", " of ", C,
             " elements, got ", (*p)->numel());
    const Tensor v = contiguousOnDevice(castOnDevice(**p, input.dtype(), on), on).view(pshape);
    launchBinary(p == &weight ? BinaryOp::Mul : BinaryOp::Add, shape, operandOf(out, input.sizes()),
                 operandOf(out, input.sizes()), operandOf(v, input.sizes()), 1.0, on.stream);
  }
  return out;
}

// The window arithmetic of max_pool2d / avg_pool2d, checked as PyTorch does.
struct Window {
  Pool2dGeometry g{};
  DimVector shape;  // the output's
};
Window poolWindow(const Tensor& self, const std::vector<int64_t>& kernel, const std::vector<int64_t>& stride,
                  const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, bool ceilMode,
                  const char* op) {
  checkFloating(self, op);
  JS_CHECK(self.dim() == 3 || self.dim() == 4, op, ": expected 3D or 4D input, got ", self.dim(), "D");
  JS_CHECK(!kernel.empty(), op, ": kernel_size must either be a single int, or a tuple of two ints");
  const auto [kh, kw] = pairOf(kernel, 0, op, "kernel_size");
  const auto [sh, sw] = stride.empty() ? std::pair{kh, kw} : pairOf(stride, 0, op, "stride");
  const auto [ph, pw] = pairOf(padding, 0, op, "padding");
  const auto [dh, dw] = pairOf(dilation, 1, op, "dilation");
  JS_CHECK(kh > 0 && kw > 0, op, ": kernel_size must be greater than zero");
  JS_CHECK(sh > 0 && sw > 0, op, ": stride must be greater than zero");
  JS_CHECK(dh > 0 && dw > 0, op, ": dilation must be greater than zero");
  JS_CHECK(ph >= 0 && pw >= 0 && ph <= kh / 2 && pw <= kw / 2,
           "pad should be at most half of effective kernel size, but got pad=", ph, ", kernel_size=", kh);
  const int64_t H = self.size(-2), W = self.size(-1);
  const int64_t Ho = ops::pooledSize(H, kh, ph, sh, dh, ceilMode), Wo = ops::pooledSize(W, kw, pw, sw, dw, ceilMode);
  JS_CHECK(Ho > 0 && Wo > 0, op, ": given input size (", H, "x", W, ") the calculated output size (", Ho, "x", Wo,
           ") is too small");
  Window w;
  w.shape.assign(self.sizes().begin(), self.sizes().end());
  w.shape[w.shape.size() - 2] = Ho;
  w.shape[w.shape.size() - 1] = Wo;
  Pool2dGeometry& g = w.g;
  g.planes = H * W == 0 ? 0 : self.numel() / (H * W);
  g.height = H, g.width = W, g.outHeight = Ho, g.outWidth = Wo;
  g.kh = static_cast<int>(kh), g.kw = static_cast<int>(kw), g.sh = static_cast<int>(sh), g.sw = static_cast<int>(sw);
  g.ph = static_cast<int>(ph), g.pw = static_cast<int>(pw), g.dh = static_cast<int>(dh), g.dw = static_cast<int>(dw);
  return w;
}

std::tuple<Tensor, Tensor> maxPool2dCore(const Tensor& self, const std::vector<int64_t>& kernel,
                                         const std::vector<int64_t>& stride, const std::vector<int64_t>& padding,
                                         const std::vector<int64_t>& dilation, bool ceilMode, bool withIndices) {
  OnDevice on(deviceOf({&self}, "max_pool2d"));
  const Window w = poolWindow(self, kernel, stride, padding, dilation, ceilMode, "max_pool2d");
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(w.shape, self.dtype(), on.device);
  Tensor indices = withIndices ? emptyOnDevice(w.shape, ScalarType::Long, on.device) : Tensor();
  launchMaxPool2d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), self.dtype(), w.g, on.stream,
                  withIndices ? static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()) : nullptr);
  return {out, indices};
}

Tensor maxPool2d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceilMode) {
  return std::get<0>(maxPool2dCore(self, kernel, stride, padding, dilation, ceilMode, false));
}
std::tuple<Tensor, Tensor> maxPool2dWithIndices(const Tensor& self, std::vector<int64_t> kernel,
                                                std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                std::vector<int64_t> dilation, bool ceilMode) {
  return maxPool2dCore(self, kernel, stride, padding, dilation, ceilMode, true);
}

// The 1-D forms as 2-D ones of height 1 over an unsqueezed input.
std::vector<int64_t> with1(const std::vector<int64_t>& v, int64_t first) {
  JS_CHECK(v.size() <= 1, "expected a single int, got ", v.size());
  if (v.empty()) return {};
  return {first, v[0]};
}
std::tuple<Tensor, Tensor> maxPool1dWithIndices(const Tensor& self, std::vector<int64_t> kernel,
                                                std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                std::vector<int64_t> dilation, bool ceilMode) {
  JS_CHECK(self.dim() == 2 || self.dim() == 3, "max_pool1d: expected 2D or 3D input, got ", self.dim(), "D");
  auto [v, i] = maxPool2dCore(self.unsqueeze(-2), with1(kernel, 1), with1(stride, 1),
                              padding.empty() ? std::vector<int64_t>{0, 0} : with1(padding, 0),
                              dilation.empty() ? std::vector<int64_t>{1, 1} : with1(dilation, 1), ceilMode, true);
  return {v.squeeze(-2), i.squeeze(-2)};
}
Tensor maxPool1d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceilMode) {
  return std::get<0>(maxPool1dWithIndices(self, kernel, stride, padding, dilation, ceilMode));
}

Tensor avgPool2d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, bool ceilMode, bool countIncludePad, std::optional<int64_t> divisor) {
  OnDevice on(deviceOf({&self}, "avg_pool2d"));
  JS_CHECK(!divisor || *divisor != 0, "divisor must be not zero");
  const Window w = poolWindow(self, kernel, stride, padding, {1, 1}, ceilMode, "avg_pool2d");
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(w.shape, self.dtype(), on.device);
  launchAvgPool2d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), self.dtype(), w.g,
                  countIncludePad, divisor.value_or(0), on.stream);
  return out;
}
Tensor avgPool1d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, bool ceilMode, bool countIncludePad) {
  JS_CHECK(self.dim() == 2 || self.dim() == 3, "avg_pool1d: expected 2D or 3D input, got ", self.dim(), "D");
  return avgPool2d(self.unsqueeze(-2), with1(kernel, 1), with1(stride, 1),
                   padding.empty() ? std::vector<int64_t>{0, 0} : with1(padding, 0), ceilMode, countIncludePad,
                   std::nullopt)
      .squeeze(-2);
}

Tensor adaptiveAvgPool2d(const Tensor& self, std::vector<int64_t> outputSize) {
  OnDevice on(deviceOf({&self}, "adaptive_avg_pool2d"));
  checkFloating(self, "adaptive_avg_pool2d");
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "adaptive_avg_pool2d: expected 3D or 4D input, got ", self.dim(), "D");
  JS_CHECK(outputSize.size() == 2, "adaptive_avg_pool2d: output_size must be 2");
  const int64_t H = self.size(-2), W = self.size(-1), Ho = outputSize[0], Wo = outputSize[1];
  JS_CHECK(Ho >= 0 && Wo >= 0, "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0");
  for (int64_t d = 1; d < self.dim(); ++d)
    JS_CHECK(self.size(d) > 0, "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ", shapeToString(self.sizes()));
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape[shape.size() - 2] = Ho;
  shape[shape.size() - 1] = Wo;
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(shape, self.dtype(), on.device);
  launchAdaptiveAvgPool2d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), self.dtype(),
                          self.numel() / (H * W), H, W, Ho, Wo, on.stream);
  return out;
}

// ---- volumetric pooling over (N, C, D, H, W) or (C, D, H, W) ----

std::array<int64_t, 3> tripleOf(const std::vector<int64_t>& v, int64_t fallback, const char* op, const char* what) {
  if (v.empty()) return {fallback, fallback, fallback};
  JS_CHECK(v.size() == 1 || v.size() == 3, op, ": ", what, " must either be a single int, or a tuple of three ints");
  if (v.size() == 1) return {v[0], v[0], v[0]};
  return {v[0], v[1], v[2]};
}

struct Window3d {
  Pool3dGeometry g{};
  DimVector shape;
};
Window3d poolWindow3d(const Tensor& self, const std::vector<int64_t>& kernel, const std::vector<int64_t>& stride,
                      const std::vector<int64_t>& padding, const std::vector<int64_t>& dilation, bool ceilMode,
                      const char* op) {
  checkFloating(self, op);
  JS_CHECK(self.dim() == 4 || self.dim() == 5, op, ": expected 4D or 5D input, got ", self.dim(), "D");
  JS_CHECK(!kernel.empty(), op, ": kernel_size must either be a single int, or a tuple of three ints");
  const auto k = tripleOf(kernel, 0, op, "kernel_size");
  const auto st = stride.empty() ? k : tripleOf(stride, 0, op, "stride");
  const auto pad = tripleOf(padding, 0, op, "padding");
  const auto dil = tripleOf(dilation, 1, op, "dilation");
  Window3d w;
  w.shape.assign(self.sizes().begin(), self.sizes().end());
  int64_t in[3], out[3];
  for (int i = 0; i < 3; ++i) {
    JS_CHECK(k[i] > 0 && st[i] > 0 && dil[i] > 0, op, ": kernel_size, stride and dilation must be greater than zero");
    JS_CHECK(pad[i] >= 0 && pad[i] <= k[i] / 2, "pad should be at most half of effective kernel size, but got pad=",
             pad[i], ", kernel_size=", k[i]);
    in[i] = self.size(self.dim() - 3 + i);
    out[i] = ops::pooledSize(in[i], k[i], pad[i], st[i], dil[i], ceilMode);
    JS_CHECK(out[i] > 0, op, ": given input size ", shapeToString(self.sizes()), " the calculated output size is too "
             "small");
    w.shape[w.shape.size() - 3 + static_cast<size_t>(i)] = out[i];
  }
  Pool3dGeometry& g = w.g;
  g.planes = in[0] * in[1] * in[2] == 0 ? 0 : self.numel() / (in[0] * in[1] * in[2]);
  g.depth = in[0], g.height = in[1], g.width = in[2], g.outDepth = out[0], g.outHeight = out[1], g.outWidth = out[2];
  g.kd = static_cast<int>(k[0]), g.kh = static_cast<int>(k[1]), g.kw = static_cast<int>(k[2]);
  g.sd = static_cast<int>(st[0]), g.sh = static_cast<int>(st[1]), g.sw = static_cast<int>(st[2]);
  g.pd = static_cast<int>(pad[0]), g.ph = static_cast<int>(pad[1]), g.pw = static_cast<int>(pad[2]);
  g.dd = static_cast<int>(dil[0]), g.dh = static_cast<int>(dil[1]), g.dw = static_cast<int>(dil[2]);
  return w;
}

std::tuple<Tensor, Tensor> maxPool3dWithIndices(const Tensor& self, std::vector<int64_t> kernel,
                                                std::vector<int64_t> stride, std::vector<int64_t> padding,
                                                std::vector<int64_t> dilation, bool ceilMode) {
  OnDevice on(deviceOf({&self}, "max_pool3d"));
  const Window3d w = poolWindow3d(self, kernel, stride, padding, dilation, ceilMode, "max_pool3d");
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(w.shape, self.dtype(), on.device);
  Tensor indices = emptyOnDevice(w.shape, ScalarType::Long, on.device);
  launchMaxPool3d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(),
                  static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()), self.dtype(), w.g, on.stream);
  return {out, indices};
}
Tensor maxPool3d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceilMode) {
  return std::get<0>(maxPool3dWithIndices(self, kernel, stride, padding, dilation, ceilMode));
}
Tensor avgPool3d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, bool ceilMode, bool countIncludePad, std::optional<int64_t> divisor) {
  OnDevice on(deviceOf({&self}, "avg_pool3d"));
  JS_CHECK(!divisor || *divisor != 0, "divisor must be not zero");
  const Window3d w = poolWindow3d(self, kernel, stride, padding, {1}, ceilMode, "avg_pool3d");
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(w.shape, self.dtype(), on.device);
  launchAvgPool3d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), self.dtype(), w.g,
                  countIncludePad, divisor.value_or(0), on.stream);
  return out;
}
std::tuple<Tensor, Tensor> adaptivePool3d(const Tensor& self, const std::vector<int64_t>& outputSize, bool max) {
  const char* op = max ? "adaptive_max_pool3d" : "adaptive_avg_pool3d";
  OnDevice on(deviceOf({&self}, op));
  checkFloating(self, op);
  JS_CHECK(self.dim() == 4 || self.dim() == 5, op, ": expected 4D or 5D input, got ", self.dim(), "D");
  JS_CHECK(outputSize.size() == 3, op, ": output_size must be 3");
  for (int64_t d = 1; d < self.dim(); ++d)
    JS_CHECK(self.size(d) > 0, op, "(): Expected input to have non-zero size for non-batch dimensions, but input has "
             "sizes ", shapeToString(self.sizes()));
  Pool3dGeometry g{};
  g.depth = self.size(-3), g.height = self.size(-2), g.width = self.size(-1);
  g.outDepth = outputSize[0], g.outHeight = outputSize[1], g.outWidth = outputSize[2];
  JS_CHECK(g.outDepth >= 0 && g.outHeight >= 0 && g.outWidth >= 0, op, ": output_size must be non-negative");
  g.planes = self.numel() / (g.depth * g.height * g.width);
  DimVector shape(self.sizes().begin(), self.sizes().end());
  for (size_t i = 0; i < 3; ++i) shape[shape.size() - 3 + i] = outputSize[i];
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(shape, self.dtype(), on.device);
  Tensor indices = max ? emptyOnDevice(shape, ScalarType::Long, on.device) : Tensor();
  launchAdaptivePool3d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(),
                       max ? static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()) : nullptr, max, self.dtype(),
                       g, on.stream);
  return {out, indices};
}
Tensor adaptiveAvgPool3d(const Tensor& self, std::vector<int64_t> outputSize) {
  return std::get<0>(adaptivePool3d(self, outputSize, false));
}
std::tuple<Tensor, Tensor> adaptiveMaxPool3d(const Tensor& self, std::vector<int64_t> outputSize) {
  return adaptivePool3d(self, outputSize, true);
}

Tensor adaptiveAvgPool1d(const Tensor& self, std::vector<int64_t> outputSize) {
  JS_CHECK(self.dim() == 2 || self.dim() == 3, "adaptive_avg_pool1d: expected 2D or 3D input, got ", self.dim(), "D");
  JS_CHECK(outputSize.size() == 1, "adaptive_avg_pool1d: output_size must be 1");
  return adaptiveAvgPool2d(self.unsqueeze(-2), {1, outputSize[0]}).squeeze(-2);
}

std::tuple<Tensor, Tensor> adaptiveMaxPool2d(const Tensor& self, std::vector<int64_t> outputSize) {
  OnDevice on(deviceOf({&self}, "adaptive_max_pool2d"));
  checkFloating(self, "adaptive_max_pool2d");
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "adaptive_max_pool2d: expected 3D or 4D input, got ", self.dim(), "D");
  JS_CHECK(outputSize.size() == 2, "adaptive_max_pool2d: internal error: output_size.size() must be 2");
  const int64_t H = self.size(-2), W = self.size(-1), Ho = outputSize[0], Wo = outputSize[1];
  for (int64_t d = 1; d < self.dim(); ++d)
    JS_CHECK(self.size(d) > 0, "adaptive_max_pool2d(): Expected input to have non-zero size for non-batch "
             "dimensions, but input has sizes ", shapeToString(self.sizes()));
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape[shape.size() - 2] = Ho;
  shape[shape.size() - 1] = Wo;
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(shape, self.dtype(), on.device);
  Tensor indices = emptyOnDevice(shape, ScalarType::Long, on.device);
  launchAdaptiveMaxPool2d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(),
                          static_cast<int64_t*>(indices.unsafeGetImpl()->deviceData()), self.dtype(),
                          self.numel() / (H * W), H, W, Ho, Wo, on.stream);
  return {out, indices};
}
std::tuple<Tensor, Tensor> adaptiveMaxPool1d(const Tensor& self, std::vector<int64_t> outputSize) {
  JS_CHECK(self.dim() == 2 || self.dim() == 3, "adaptive_max_pool1d: expected 2D or 3D input, got ", self.dim(), "D");
  JS_CHECK(outputSize.size() == 1, "adaptive_max_pool1d: output_size must be 1");
  auto [v, i] = adaptiveMaxPool2d(self.unsqueeze(-2), {1, outputSize[0]});
  return {v.squeeze(-2), i.squeeze(-2)};
}

// ---- resampling (upsample_nearest / upsample_linear / bilinear) ----

// The last `spatial` dims of x resampled to `size`; `scales` (when given)
// are the caller's scale factors, which set the source coordinates.
Tensor resample(const Tensor& x, const std::vector<int64_t>& size, const std::vector<std::optional<double>>& scales,
                bool linear, bool alignCorners, const char* op) {
  OnDevice on(deviceOf({&x}, op));
  checkFloating(x, op);
  const int64_t spatial = static_cast<int64_t>(size.size());
  JS_CHECK(x.dim() == spatial + 2, op, ": expected a ", spatial + 2, "-D input, got ", x.dim(), "-D");
  for (int64_t s : size) JS_CHECK(s > 0, op, ": output size must be greater than 0, got ", shapeToString(size));
  for (int64_t d = 2; d < x.dim(); ++d)
    JS_CHECK(x.size(d) > 0, op, ": input sizes must be greater than 0, got ", shapeToString(x.sizes()));
  ResampleGeometry g{};
  g.linear = linear, g.alignCorners = alignCorners;
  // The trailing 1-3 spatial dims as (depth, height, width), missing ones 1.
  int64_t in[3] = {1, 1, 1}, out[3] = {1, 1, 1};
  for (int64_t k = 0; k < spatial; ++k) {
    in[3 - spatial + k] = x.size(2 + k);
    out[3 - spatial + k] = size[static_cast<size_t>(k)];
  }
  g.depth = in[0], g.height = in[1], g.width = in[2];
  g.outDepth = out[0], g.outHeight = out[1], g.outWidth = out[2];
  g.planes = x.size(0) * x.size(1);
  double scale[3] = {1.0, 1.0, 1.0};
  for (int64_t k = 0; k < spatial; ++k) {
    const size_t j = static_cast<size_t>(k);
    const std::optional<double>& s = j < scales.size() ? scales[j] : std::nullopt;
    scale[3 - spatial + k] = s && *s > 0 ? 1.0 / *s : static_cast<double>(in[3 - spatial + k]) /
                                                          static_cast<double>(out[3 - spatial + k]);
  }
  g.scaleD = scale[0], g.scaleH = scale[1], g.scaleW = scale[2];
  DimVector shape{x.size(0), x.size(1)};
  for (int64_t s : size) shape.push_back(s);
  const Tensor c = contiguousOnDevice(x, on);
  Tensor outT = emptyOnDevice(shape, x.dtype(), on.device);
  launchResample(c.unsafeGetImpl()->deviceData(), outT.unsafeGetImpl()->deviceData(), x.dtype(), g, on.stream);
  return outT;
}

// output_size, or the input's spatial sizes times scale_factors.
std::vector<int64_t> outputSizeOf(const Tensor& x, int64_t spatial, const std::optional<std::vector<int64_t>>& size,
                                  const std::optional<std::vector<double>>& factors, const char* op) {
  JS_CHECK(size.has_value() != factors.has_value(), op, ": must specify exactly one of output_size and "
           "scale_factors");
  if (size) {
    JS_CHECK(static_cast<int64_t>(size->size()) == spatial, op, ": expected output_size of ", spatial, " ints");
    return *size;
  }
  JS_CHECK(static_cast<int64_t>(factors->size()) == spatial, op, ": expected scale_factors of ", spatial, " floats");
  std::vector<int64_t> out;
  for (int64_t k = 0; k < spatial; ++k)
    out.push_back(static_cast<int64_t>(std::floor(static_cast<double>(x.size(2 + k)) * (*factors)[static_cast<size_t>(k)])));
  return out;
}
std::vector<std::optional<double>> scalesOf(const std::optional<std::vector<double>>& factors) {
  std::vector<std::optional<double>> out;
  if (factors)
    for (double f : *factors) out.emplace_back(f);
  return out;
}

Tensor upsampleNearest1d(const Tensor& self, std::vector<int64_t> size, std::optional<double> scale) {
  return resample(self, size, {scale}, false, false, "upsample_nearest1d");
}
Tensor upsampleNearest2d(const Tensor& self, std::vector<int64_t> size, std::optional<double> scaleH,
                         std::optional<double> scaleW) {
  return resample(self, size, {scaleH, scaleW}, false, false, "upsample_nearest2d");
}
// float[]? arrives as an IValue (boxing has no optional float list).
std::optional<std::vector<double>> factorsOf(const IValue& v) {
  if (v.isNone()) return std::nullopt;
  return v.toDoubleVector();
}
Tensor upsampleNearest3d(const Tensor& self, std::vector<int64_t> size, std::optional<double> scaleD,
                         std::optional<double> scaleH, std::optional<double> scaleW) {
  return resample(self, size, {scaleD, scaleH, scaleW}, false, false, "upsample_nearest3d");
}
Tensor upsampleTrilinear3d(const Tensor& self, std::vector<int64_t> size, bool alignCorners,
                           std::optional<double> scaleD, std::optional<double> scaleH, std::optional<double> scaleW) {
  return resample(self, size, {scaleD, scaleH, scaleW}, true, alignCorners, "upsample_trilinear3d");
}
template <int Spatial>
Tensor upsampleNearestVec(const Tensor& input, std::optional<std::vector<int64_t>> size, const IValue& factorsArg) {
  const std::optional<std::vector<double>> factors = factorsOf(factorsArg);
  const char* op = Spatial == 1 ? "upsample_nearest1d" : Spatial == 2 ? "upsample_nearest2d" : "upsample_nearest3d";
  return resample(input, outputSizeOf(input, Spatial, size, factors, op), scalesOf(factors), false, false, op);
}
Tensor upsampleLinear1d(const Tensor& self, std::vector<int64_t> size, bool alignCorners, std::optional<double> scale) {
  return resample(self, size, {scale}, true, alignCorners, "upsample_linear1d");
}
Tensor upsampleBilinear2d(const Tensor& self, std::vector<int64_t> size, bool alignCorners,
                          std::optional<double> scaleH, std::optional<double> scaleW) {
  return resample(self, size, {scaleH, scaleW}, true, alignCorners, "upsample_bilinear2d");
}
template <int Spatial>
Tensor upsampleLinearVec(const Tensor& input, std::optional<std::vector<int64_t>> size, bool alignCorners,
                         const IValue& factorsArg) {
  const std::optional<std::vector<double>> factors = factorsOf(factorsArg);
  const char* op = Spatial == 1 ? "upsample_linear1d" : Spatial == 2 ? "upsample_bilinear2d" : "upsample_trilinear3d";
  return resample(input, outputSizeOf(input, Spatial, size, factors, op), scalesOf(factors), true, alignCorners, op);
}

std::tuple<Tensor, Tensor, Tensor> nativeBatchNorm(const Tensor& input, const std::optional<Tensor>& weight,
                                                   const std::optional<Tensor>& bias,
                                                   const std::optional<Tensor>& runningMean,
                                                   const std::optional<Tensor>& runningVar, bool training,
                                                   double momentum, double eps) {
  OnDevice on(deviceOf({&input}, "native_batch_norm"));
  checkFloating(input, "native_batch_norm");
  if (training) return batchNormTraining(input, weight, bias, eps, on);
  Tensor out = batchNorm(input, weight, bias, runningMean, runningVar, false, momentum, eps, false);
  return {out, emptyOnDevice({0}, input.dtype(), on.device), emptyOnDevice({0}, input.dtype(), on.device)};
}

// Fractional max pooling: the CPU kernel on host copies, results moved
// back (eig's way). Its windows come from per-plane samples read
// element by element, it is rare in served models, and a host copy keeps
// one definition of the window placement (float vs double rounding of the
// samples decides the windows). A device kernel is the upgrade if it shows
// up in a profile.
template <int D>
std::tuple<Tensor, Tensor> fractionalMaxPool(const Tensor& self, std::vector<int64_t> kernel,
                                             std::vector<int64_t> outputSize, const Tensor& samples) {
  static const OpCall cpu2("aten::fractional_max_pool2d"), cpu3("aten::fractional_max_pool3d");
  OnDevice on(deviceOf({&self, &samples}, D == 2 ? "fractional_max_pool2d" : "fractional_max_pool3d"));
  Stack stack{IValue(toDevice(self, Device::cpu())), IValue::intList(std::move(kernel)),
              IValue::intList(std::move(outputSize)), IValue(toDevice(samples, Device::cpu()))};
  (D == 2 ? cpu2 : cpu3).op().runOn(DeviceType::CPU, stack);
  JS_INTERNAL_ASSERT(stack.size() == 2, "fractional_max_pool left ", stack.size(), " values");
  return {toDevice(stack[0].toTensor(), on.device), toDevice(stack[1].toTensor(), on.device)};
}

std::tuple<Tensor, Tensor, Tensor> nativeLayerNorm(const Tensor& input, std::vector<int64_t> normalizedShape,
                                                   const std::optional<Tensor>& weight,
                                                   const std::optional<Tensor>& bias, double eps) {
  OnDevice on(deviceOf({&input}, "native_layer_norm"));
  checkFloating(input, "native_layer_norm");
  const int64_t k = static_cast<int64_t>(normalizedShape.size());
  JS_CHECK(k >= 1 && k <= input.dim(), "layer_norm: normalized_shape of ", k, " dims does not fit input of ",
           input.dim(), " dims");
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < k; ++i) {
    JS_CHECK(input.size(input.dim() - k + i) == normalizedShape[static_cast<size_t>(i)], "Given normalized_shape=",
             shapeToString(normalizedShape), ", expected input with shape [*, ", shapeToString(normalizedShape),
             "], but got input of size", shapeToString(input.sizes()));
    dims.push_back(input.dim() - k + i);
  }
  DimVector paramShape(normalizedShape.begin(), normalizedShape.end());
  return normalizeOver(input, dims, weight, bias, paramShape, eps);
}

Tensor instanceNorm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                    const std::optional<Tensor>& runningMean, const std::optional<Tensor>& runningVar,
                    bool useInputStats, double momentum, double eps, bool /*cudnnEnabled*/) {
  JS_CHECK(useInputStats || (runningMean && runningVar),
           "Expected running_mean and running_var to be defined when use_input_stats is false");
  if (!useInputStats) return batchNorm(input, weight, bias, runningMean, runningVar, false, momentum, eps, false);
  OnDevice on(deviceOf({&input}, "instance_norm"));
  checkFloating(input, "instance_norm");
  JS_CHECK(input.dim() >= 3, "instance_norm: expected an input with a batch, a channel and at least one spatial "
           "dim, got ", input.dim(), "-D");
  std::vector<int64_t> dims;
  for (int64_t d = 2; d < input.dim(); ++d) dims.push_back(d);
  DimVector paramShape(static_cast<size_t>(input.dim()) - 1, 1);
  paramShape[0] = input.size(1);
  return std::get<0>(normalizeOver(input, dims, weight, bias, paramShape, eps));
}

}  // namespace

const CudaTable kCudaNnOps = {
    row<nativeBatchNorm>("aten::native_batch_norm"),
    row<fractionalMaxPool<2>>("aten::fractional_max_pool2d"),
    row<fractionalMaxPool<3>>("aten::fractional_max_pool3d"),
    row<nativeLayerNorm>("aten::native_layer_norm"),
    row<instanceNorm>("aten::instance_norm"),
    row<maxPool2dWithIndices>("aten::max_pool2d_with_indices"),
    row<maxPool1d>("aten::max_pool1d"),
    row<maxPool1dWithIndices>("aten::max_pool1d_with_indices"),
    row<avgPool2d>("aten::avg_pool2d"),
    row<avgPool1d>("aten::avg_pool1d"),
    row<adaptiveAvgPool1d>("aten::adaptive_avg_pool1d"),
    row<maxPool3dWithIndices>("aten::max_pool3d_with_indices"),
    row<maxPool3d>("aten::max_pool3d"),
    row<avgPool3d>("aten::avg_pool3d"),
    row<adaptiveAvgPool3d>("aten::adaptive_avg_pool3d"),
    row<adaptiveMaxPool3d>("aten::adaptive_max_pool3d"),
    row<adaptiveMaxPool2d>("aten::adaptive_max_pool2d"),
    row<adaptiveMaxPool1d>("aten::adaptive_max_pool1d"),
    row<upsampleNearest1d>("aten::upsample_nearest1d"),
    row<upsampleNearest2d>("aten::upsample_nearest2d"),
    row<upsampleNearestVec<1>>("aten::upsample_nearest1d.vec"),
    row<upsampleNearestVec<2>>("aten::upsample_nearest2d.vec"),
    row<upsampleLinear1d>("aten::upsample_linear1d"),
    row<upsampleBilinear2d>("aten::upsample_bilinear2d"),
    row<upsampleLinearVec<1>>("aten::upsample_linear1d.vec"),
    row<upsampleLinearVec<2>>("aten::upsample_bilinear2d.vec"),
    row<upsampleNearest3d>("aten::upsample_nearest3d"),
    row<upsampleTrilinear3d>("aten::upsample_trilinear3d"),
    row<upsampleNearestVec<3>>("aten::upsample_nearest3d.vec"),
    row<upsampleLinearVec<3>>("aten::upsample_trilinear3d.vec"),
    row<batchNorm>("aten::batch_norm"),
    row<layerNorm>("aten::layer_norm"),
    row<groupNorm>("aten::group_norm"),
    row<maxPool2d>("aten::max_pool2d"),
    row<adaptiveAvgPool2d>("aten::adaptive_avg_pool2d"),
};

}  // namespace jitserve::cuda
