// Layers on the GPU, host half: inference batch norm, layer norm, 2-D max
// pooling and adaptive average pooling (kernels/nn.cu). Inputs are made
// contiguous; per-channel parameters are cast to the accumulation type
// (float, double for double inputs) so half models with float statistics
// work as in PyTorch.
#include <optional>
#include <vector>

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

Tensor batchNorm(const Tensor& input, const std::optional<Tensor>& weight, const std::optional<Tensor>& bias,
                 const std::optional<Tensor>& runningMean, const std::optional<Tensor>& runningVar, bool training,
                 double /*momentum*/, double eps, bool /*cudnnEnabled*/) {
  OnDevice on(deviceOf({&input}, "batch_norm"));
  checkFloating(input, "batch_norm");
  JS_CHECK(!training, "batch_norm: training mode (batch statistics) is not supported on CUDA; serve the model "
           "in eval mode");
  JS_CHECK(runningMean && runningVar && runningMean->defined() && runningVar->defined(),
           "batch_norm: running_mean and running_var are required in eval mode");
  JS_CHECK(input.dim() >= 2, "batch_norm: expected at least 2-D input, got ", input.dim(), "-D");
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

Tensor maxPool2d(const Tensor& self, std::vector<int64_t> kernel, std::vector<int64_t> stride,
                 std::vector<int64_t> padding, std::vector<int64_t> dilation, bool ceilMode) {
  OnDevice on(deviceOf({&self}, "max_pool2d"));
  checkFloating(self, "max_pool2d");
  JS_CHECK(self.dim() == 3 || self.dim() == 4, "max_pool2d: expected 3D or 4D input, got ", self.dim(), "D");
  JS_CHECK(!kernel.empty(), "max_pool2d: kernel_size must either be a single int, or a tuple of two ints");
  const auto [kh, kw] = pairOf(kernel, 0, "max_pool2d", "kernel_size");
  const auto [sh, sw] = stride.empty() ? std::pair{kh, kw} : pairOf(stride, 0, "max_pool2d", "stride");
  const auto [ph, pw] = pairOf(padding, 0, "max_pool2d", "padding");
  const auto [dh, dw] = pairOf(dilation, 1, "max_pool2d", "dilation");
  JS_CHECK(kh > 0 && kw > 0, "max_pool2d: kernel_size must be greater than zero");
  JS_CHECK(sh > 0 && sw > 0, "max_pool2d: stride must be greater than zero");
  JS_CHECK(dh > 0 && dw > 0, "max_pool2d: dilation must be greater than zero");
  JS_CHECK(ph >= 0 && pw >= 0 && ph <= kh / 2 && pw <= kw / 2,
           "pad should be at most half of effective kernel size, but got pad=", ph, ", kernel_size=", kh);
  const int64_t H = self.size(-2), W = self.size(-1);
  const int64_t Ho = ops::pooledSize(H, kh, ph, sh, dh, ceilMode), Wo = ops::pooledSize(W, kw, pw, sw, dw, ceilMode);
  JS_CHECK(Ho > 0 && Wo > 0, "max_pool2d: given input size (", H, "x", W, ") the calculated output size (", Ho, "x",
           Wo, ") is too small");
  DimVector shape(self.sizes().begin(), self.sizes().end());
  shape[shape.size() - 2] = Ho;
  shape[shape.size() - 1] = Wo;
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(shape, self.dtype(), on.device);
  Pool2dGeometry g{};
  g.planes = H * W == 0 ? 0 : self.numel() / (H * W);
  g.height = H, g.width = W, g.outHeight = Ho, g.outWidth = Wo;
  g.kh = static_cast<int>(kh), g.kw = static_cast<int>(kw), g.sh = static_cast<int>(sh), g.sw = static_cast<int>(sw);
  g.ph = static_cast<int>(ph), g.pw = static_cast<int>(pw), g.dh = static_cast<int>(dh), g.dw = static_cast<int>(dw);
  launchMaxPool2d(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), self.dtype(), g, on.stream);
  return out;
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

}  // namespace

const CudaTable kCudaNnOps = {
    row<batchNorm>("aten::batch_norm"),
    row<layerNorm>("aten::layer_norm"),
    row<groupNorm>("aten::group_norm"),
    row<maxPool2d>("aten::max_pool2d"),
    row<adaptiveAvgPool2d>("aten::adaptive_avg_pool2d"),
};

}  // namespace jitserve::cuda
