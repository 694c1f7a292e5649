// Convolution on cuDNN (conv2d, conv1d as a conv2d of height 1) and
// transposed convolution (conv_transpose2d, conv_transpose1d) as cuDNN's
// backward-data of the convolution it inverts.
//
// NCHW tensors and KCRS filters, made contiguous; groups, stride, padding
// and dilation go to the convolution descriptor. The algorithm is chosen
// once per (shapes, parameters, dtype, device) by cuDNN's heuristics, the
// first whose workspace can be allocated, and cached. float32 runs with FMA
// math (no TF32, so results match the CPU within float tolerance); half and
// bfloat16 accumulate in float32 and may use tensor cores. The bias is added
// by the elementwise kernel, broadcast over N, H and W.

#include <algorithm>
#include <map>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/core/run_counters.h"
#include "runtime/cuda/cuda_libraries.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {
namespace {

[[noreturn]] void throwCudnnError(cudnnStatus_t status, const char* call) {
  const absl::StatusCode code =
      status == CUDNN_STATUS_ALLOC_FAILED ? absl::StatusCode::kResourceExhausted : absl::StatusCode::kInternal;
  throw Error(detail::concat("cuDNN error: ", cudnn().cudnnGetErrorString(status), " in ", call), code);
}

#define JS_CUDNN_CHECK(expr)                                                   \
  do {                                                                         \
    const cudnnStatus_t js_cudnn_status_ = (expr);                             \
    if (js_cudnn_status_ != CUDNN_STATUS_SUCCESS) throwCudnnError(js_cudnn_status_, #expr); \
  } while (0)

cudnnHandle_t createHandle() {
  cudnnHandle_t h = nullptr;
  JS_CUDNN_CHECK(cudnn().cudnnCreate(&h));
  return h;
}
void destroyHandle(cudnnHandle_t h) { (void)cudnn().cudnnDestroy(h); }

// One handle per thread and device, on the thread's stream.
cudnnHandle_t cudnnHandle(int device) {
  cudnnHandle_t h = threadDeviceHandle<cudnnHandle_t, createHandle, destroyHandle>(device);
  JS_CUDNN_CHECK(cudnn().cudnnSetStream(h, currentStream(device)));
  return h;
}

// RAII for the three descriptor kinds.
struct TensorDesc {
  cudnnTensorDescriptor_t d = nullptr;
  TensorDesc() { JS_CUDNN_CHECK(cudnn().cudnnCreateTensorDescriptor(&d)); }
  ~TensorDesc() { (void)cudnn().cudnnDestroyTensorDescriptor(d); }
};
struct FilterDesc {
  cudnnFilterDescriptor_t d = nullptr;
  FilterDesc() { JS_CUDNN_CHECK(cudnn().cudnnCreateFilterDescriptor(&d)); }
  ~FilterDesc() { (void)cudnn().cudnnDestroyFilterDescriptor(d); }
};
struct ConvDesc {
  cudnnConvolutionDescriptor_t d = nullptr;
  ConvDesc() { JS_CUDNN_CHECK(cudnn().cudnnCreateConvolutionDescriptor(&d)); }
  ~ConvDesc() { (void)cudnn().cudnnDestroyConvolutionDescriptor(d); }
};

cudnnDataType_t cudnnTypeOf(ScalarType t) {
  switch (t) {
    case ScalarType::Float: return CUDNN_DATA_FLOAT;
    case ScalarType::Double: return CUDNN_DATA_DOUBLE;
    case ScalarType::Half: return CUDNN_DATA_HALF;
    case ScalarType::BFloat16: return CUDNN_DATA_BFLOAT16;
    default: JS_ERROR("convolution: \"cudnn_convolution\" not implemented for '", scalarTypeName(t), "'");
  }
}

int narrow(int64_t v, const char* what) {
  JS_CHECK(v >= 0 && v <= INT32_MAX, "convolution: ", what, " ", v, " is out of cuDNN's range");
  return static_cast<int>(v);
}

// The convolution's geometry, and FMA math for float32 / float64 (no TF32),
// tensor cores for the 16-bit types.
void setConvolution(ConvDesc& cd, std::pair<int64_t, int64_t> padding, std::pair<int64_t, int64_t> stride,
                    std::pair<int64_t, int64_t> dilation, int64_t groups, ScalarType dt) {
  const cudnnDataType_t compute = dt == ScalarType::Double ? CUDNN_DATA_DOUBLE : CUDNN_DATA_FLOAT;
  JS_CUDNN_CHECK(cudnn().cudnnSetConvolution2dDescriptor(cd.d, narrow(padding.first, "padding"),
                                                 narrow(padding.second, "padding"), narrow(stride.first, "stride"),
                                                 narrow(stride.second, "stride"), narrow(dilation.first, "dilation"),
                                                 narrow(dilation.second, "dilation"), CUDNN_CROSS_CORRELATION,
                                                 compute));
  JS_CUDNN_CHECK(cudnn().cudnnSetConvolutionGroupCount(cd.d, narrow(groups, "groups")));
  JS_CUDNN_CHECK(cudnn().cudnnSetConvolutionMathType(
      cd.d, dt == ScalarType::Float || dt == ScalarType::Double ? CUDNN_FMA_MATH : CUDNN_TENSOR_OP_MATH));
}

// out += bias over dim 1 (K channels), on the call's stream.
void addChannelBias(Tensor& out, const Tensor& bias, int64_t K, const OnDevice& on, const char* op) {
  JS_CHECK(bias.numel() == K, op, ": expected a bias of ", K, " elements, got ", bias.numel());
  const Tensor b = castOnDevice(bias, out.dtype(), on).reshape({1, K, 1, 1});
  launchBinary(BinaryOp::Add, launchShape(out.sizes(), op), operandOf(out, out.sizes()), operandOf(out, out.sizes()),
               operandOf(b, out.sizes()), 1.0, on.stream);
}

template <typename A>
struct AlgoChoice {
  A algo;
  size_t workspace;
};

std::mutex gAlgoMu;  // guards every chooseAlgo cache

// The first algorithm cuDNN's heuristics list (find(perf, &count)) that
// succeeds, needs no tensor-op math for float32 / float64 (that would be
// TF32), and whose workspace size (workspaceOf(algo, &bytes)) is known;
// chosen once per key, one cache per algorithm kind. Empty if none.
template <typename A, typename Perf, int Count, typename Find, typename Workspace>
std::optional<AlgoChoice<A>> chooseAlgo(const std::string& key, ScalarType dt, Find find, Workspace workspaceOf) {
  static std::map<std::string, AlgoChoice<A>> cache;
  {
    std::lock_guard<std::mutex> lock(gAlgoMu);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  Perf perf[Count];
  int found = 0;
  find(perf, &found);
  for (int i = 0; i < found; ++i) {
    if (perf[i].status != CUDNN_STATUS_SUCCESS) continue;
    if ((dt == ScalarType::Float || dt == ScalarType::Double) && perf[i].mathType == CUDNN_TENSOR_OP_MATH) continue;
    size_t ws = 0;
    if (workspaceOf(perf[i].algo, &ws) != CUDNN_STATUS_SUCCESS) continue;
    const AlgoChoice<A> choice{perf[i].algo, ws};
    std::lock_guard<std::mutex> lock(gAlgoMu);
    cache.emplace(key, choice);
    return choice;
  }
  return std::nullopt;
}

// cuDNN's alpha (1) and beta (0), in the compute type (double for double).
const void* cudnnScale(ScalarType dt, int value) {
  static const float f[2] = {0, 1};
  static const double d[2] = {0, 1};
  return dt == ScalarType::Double ? static_cast<const void*>(&d[value]) : &f[value];
}

// A workspace of `bytes` on the call's device; its data pointer (null for 0).
struct Workspace {
  Tensor t;
  Workspace(size_t bytes, const OnDevice& on) {
    if (bytes > 0) t = emptyOnDevice({static_cast<int64_t>(bytes)}, ScalarType::Byte, on.device);
  }
  void* data() const { return t.defined() ? t.unsafeGetImpl()->deviceData() : nullptr; }
};

// y = conv2d(x, w) + bias, x: (N, C, H, W), w: (K, C / groups, R, S).
Tensor conv2dCore(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                  std::pair<int64_t, int64_t> stride, std::pair<int64_t, int64_t> padding,
                  std::pair<int64_t, int64_t> dilation, int64_t groups) {
  const Tensor noBias;
  const Tensor& bt = bias && bias->defined() ? *bias : noBias;
  OnDevice on(deviceOf({&input, &weight, &bt}, "conv2d"));
  JS_CHECK(input.dim() == 4, "conv2d: expected a 4-D input (N, C, H, W), got ", input.dim(), "-D");
  JS_CHECK(weight.dim() == 4, "conv2d: expected a 4-D weight, got ", weight.dim(), "-D");
  JS_CHECK(input.dtype() == weight.dtype(), "Input type (", scalarTypeName(input.dtype()),
           ") and weight type (", scalarTypeName(weight.dtype()), ") should be the same");
  JS_CHECK(groups > 0, "non-positive groups is not supported");
  const int64_t N = input.size(0), C = input.size(1), K = weight.size(0);
  JS_CHECK(K % groups == 0, "conv2d: out_channels ", K, " is not divisible by groups ", groups);
  JS_CHECK(C == weight.size(1) * groups, "Given groups=", groups, ", weight of size ", shapeToString(weight.sizes()),
           ", expected input", shapeToString(input.sizes()), " to have ", weight.size(1) * groups,
           " channels, but got ", C, " channels instead");
  JS_CHECK(stride.first > 0 && stride.second > 0, "non-positive stride is not supported");
  JS_CHECK(dilation.first > 0 && dilation.second > 0, "dilation should be greater than zero");
  JS_CHECK(padding.first >= 0 && padding.second >= 0, "negative padding is not supported");
  const int64_t effH = dilation.first * (weight.size(2) - 1) + 1, effW = dilation.second * (weight.size(3) - 1) + 1;
  JS_CHECK(input.size(2) + 2 * padding.first >= effH && input.size(3) + 2 * padding.second >= effW,
           "Calculated padded input size per channel: (", input.size(2) + 2 * padding.first, " x ",
           input.size(3) + 2 * padding.second, "). Kernel size: (", effH, " x ", effW,
           "). Kernel size can't be greater than actual input size");
  const int64_t Ho = (input.size(2) + 2 * padding.first - effH) / stride.first + 1;
  const int64_t Wo = (input.size(3) + 2 * padding.second - effW) / stride.second + 1;
  const ScalarType dt = input.dtype();
  Tensor out = emptyOnDevice({N, K, Ho, Wo}, dt, on.device);
  if (out.numel() == 0) return out;
  const Tensor x = contiguousOnDevice(input, on), w = contiguousOnDevice(weight, on);
  const cudnnDataType_t type = cudnnTypeOf(dt);

  TensorDesc xd, yd;
  FilterDesc wd;
  ConvDesc cd;
  JS_CUDNN_CHECK(cudnn().cudnnSetTensor4dDescriptor(xd.d, CUDNN_TENSOR_NCHW, type, narrow(N, "batch"), narrow(C, "channels"),
                                            narrow(input.size(2), "height"), narrow(input.size(3), "width")));
  JS_CUDNN_CHECK(cudnn().cudnnSetFilter4dDescriptor(wd.d, type, CUDNN_TENSOR_NCHW, narrow(K, "out_channels"),
                                            narrow(weight.size(1), "channels"), narrow(weight.size(2), "kernel"),
                                            narrow(weight.size(3), "kernel")));
  setConvolution(cd, padding, stride, dilation, groups, dt);
  JS_CUDNN_CHECK(cudnn().cudnnSetTensor4dDescriptor(yd.d, CUDNN_TENSOR_NCHW, type, narrow(N, "batch"), narrow(K, "channels"),
                                            narrow(Ho, "height"), narrow(Wo, "width")));

  cudnnHandle_t h = cudnnHandle(OnDevice::index(on.device));
  std::ostringstream key;
  key << on.device.str() << ' ' << static_cast<int>(dt) << ' ' << shapeToString(input.sizes())
      << shapeToString(weight.sizes()) << ' ' << stride.first << ',' << stride.second << ' ' << padding.first << ','
      << padding.second << ' ' << dilation.first << ',' << dilation.second << ' ' << groups;
  const auto algo = chooseAlgo<cudnnConvolutionFwdAlgo_t, cudnnConvolutionFwdAlgoPerf_t,
                               CUDNN_CONVOLUTION_FWD_ALGO_COUNT>(
      key.str(), dt,
      [&](cudnnConvolutionFwdAlgoPerf_t* perf, int* found) {
        JS_CUDNN_CHECK(cudnn().cudnnGetConvolutionForwardAlgorithm_v7(h, xd.d, wd.d, cd.d, yd.d,
                                                                      CUDNN_CONVOLUTION_FWD_ALGO_COUNT, found, perf));
      },
      [&](cudnnConvolutionFwdAlgo_t a, size_t* ws) {
        return cudnn().cudnnGetConvolutionForwardWorkspaceSize(h, xd.d, wd.d, cd.d, yd.d, a, ws);
      });
  JS_CHECK(algo, "conv2d: cuDNN has no algorithm for input ", shapeToString(input.sizes()), " and weight ",
           shapeToString(weight.sizes()));
  const Workspace workspace(algo->workspace, on);
  JS_CUDNN_CHECK(cudnn().cudnnConvolutionForward(h, cudnnScale(dt, 1), xd.d, x.unsafeGetImpl()->deviceData(), wd.d,
                                                 w.unsafeGetImpl()->deviceData(), cd.d, algo->algo, workspace.data(),
                                                 algo->workspace, cudnnScale(dt, 0), yd.d,
                                                 out.unsafeGetImpl()->deviceData()));
  countDeviceKernelLaunches();
  if (bt.defined()) addChannelBias(out, bt, K, on, "conv2d");
  return out;
}

// y = conv_transpose2d(x, w) + bias, x: (N, Cin, H, W), w: (Cin, Cout / groups,
// R, S): the gradient of the convolution from y's shape to x's with respect
// to its input, which is cuDNN's backward-data with x as the incoming
// gradient.
Tensor convTranspose2dCore(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                           std::pair<int64_t, int64_t> stride, std::pair<int64_t, int64_t> padding,
                           std::pair<int64_t, int64_t> outputPadding, std::pair<int64_t, int64_t> dilation,
                           int64_t groups) {
  const char* op = "conv_transpose2d";
  const Tensor noBias;
  const Tensor& bt = bias && bias->defined() ? *bias : noBias;
  OnDevice on(deviceOf({&input, &weight, &bt}, op));
  JS_CHECK(input.dim() == 4, op, ": expected a 4-D input (N, C, H, W), got ", input.dim(), "-D");
  JS_CHECK(weight.dim() == 4, op, ": expected a 4-D weight, got ", weight.dim(), "-D");
  JS_CHECK(input.dtype() == weight.dtype(), "Input type (", scalarTypeName(input.dtype()), ") and weight type (",
           scalarTypeName(weight.dtype()), ") should be the same");
  JS_CHECK(groups > 0, "non-positive groups is not supported");
  const int64_t N = input.size(0), Cin = input.size(1), Cout = weight.size(1) * groups;
  JS_CHECK(weight.size(0) == Cin && Cin % groups == 0, "Given transposed=1, weight of size ",
           shapeToString(weight.sizes()), ", expected input", shapeToString(input.sizes()), " to have ",
           weight.size(0), " channels, but got ", Cin, " channels instead");
  JS_CHECK(stride.first > 0 && stride.second > 0, "non-positive stride is not supported");
  JS_CHECK(dilation.first > 0 && dilation.second > 0, "dilation should be greater than zero");
  JS_CHECK(padding.first >= 0 && padding.second >= 0, "negative padding is not supported");
  JS_CHECK(outputPadding.first >= 0 && outputPadding.second >= 0 &&
               outputPadding.first < std::max(stride.first, dilation.first) &&
               outputPadding.second < std::max(stride.second, dilation.second),
           "output padding must be smaller than either stride or dilation");
  const int64_t Ho = (input.size(2) - 1) * stride.first - 2 * padding.first + dilation.first * (weight.size(2) - 1) +
                     outputPadding.first + 1;
  const int64_t Wo = (input.size(3) - 1) * stride.second - 2 * padding.second +
                     dilation.second * (weight.size(3) - 1) + outputPadding.second + 1;
  JS_CHECK(Ho > 0 && Wo > 0, op, ": the output size (", Ho, " x ", Wo, ") is too small");
  const ScalarType dt = input.dtype();
  if (outputPadding.first >= stride.first || outputPadding.second >= stride.second) {
    // output_padding may reach the stride when the dilation is larger
    // (ops/nn.functional.conv_transpose2d.2: stride 2, output_padding 3,
    // dilation 4), but the convolution from an output that large yields
    // input + output_padding / stride positions, not the input's, and cuDNN
    // rejects the descriptors (CUDNN_STATUS_BAD_PARAM). So: the full result
    // (no padding, no output_padding), then the window [padding, padding +
    // Ho) of it, zeros past its end, then the bias.
    const Tensor full = convTranspose2dCore(input, weight, std::nullopt, stride, {0, 0}, {0, 0}, dilation, groups);
    const int64_t Hf = full.size(2), Wf = full.size(3);
    const int64_t h0 = std::min(padding.first, Hf), w0 = std::min(padding.second, Wf);
    const int64_t h1 = std::min(padding.first + Ho, Hf), w1 = std::min(padding.second + Wo, Wf);
    const Tensor window = full.slice(2, h0, h1).slice(3, w0, w1);
    Tensor out = callOp<"aten::constant_pad_nd", Tensor>(
        window, IValue::intList({0, Wo - (w1 - w0), 0, Ho - (h1 - h0)}), IValue(Scalar(0.0)));
    if (out.numel() != 0 && bt.defined()) addChannelBias(out, bt, Cout, on, op);
    return out;
  }
  Tensor out = emptyOnDevice({N, Cout, Ho, Wo}, dt, on.device);
  if (out.numel() == 0) return out;
  const Tensor x = contiguousOnDevice(input, on), w = contiguousOnDevice(weight, on);
  const cudnnDataType_t type = cudnnTypeOf(dt);
  TensorDesc dyd, dxd;
  FilterDesc wd;
  ConvDesc cd;
  JS_CUDNN_CHECK(cudnn().cudnnSetTensor4dDescriptor(dyd.d, CUDNN_TENSOR_NCHW, type, narrow(N, "batch"),
                                                    narrow(Cin, "channels"), narrow(input.size(2), "height"),
                                                    narrow(input.size(3), "width")));
  JS_CUDNN_CHECK(cudnn().cudnnSetFilter4dDescriptor(wd.d, type, CUDNN_TENSOR_NCHW, narrow(Cin, "in_channels"),
                                                    narrow(weight.size(1), "channels"), narrow(weight.size(2), "kernel"),
                                                    narrow(weight.size(3), "kernel")));
  setConvolution(cd, padding, stride, dilation, groups, dt);
  JS_CUDNN_CHECK(cudnn().cudnnSetTensor4dDescriptor(dxd.d, CUDNN_TENSOR_NCHW, type, narrow(N, "batch"),
                                                    narrow(Cout, "channels"), narrow(Ho, "height"),
                                                    narrow(Wo, "width")));
  cudnnHandle_t h = cudnnHandle(OnDevice::index(on.device));
  std::ostringstream key;
  key << on.device.str() << ' ' << static_cast<int>(dt) << ' ' << shapeToString(input.sizes())
      << shapeToString(weight.sizes()) << ' ' << stride.first << ',' << stride.second << ' ' << padding.first << ','
      << padding.second << ' ' << outputPadding.first << ',' << outputPadding.second << ' ' << dilation.first << ','
      << dilation.second << ' ' << groups;
  const auto algo = chooseAlgo<cudnnConvolutionBwdDataAlgo_t, cudnnConvolutionBwdDataAlgoPerf_t,
                               CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT>(
      key.str(), dt,
      [&](cudnnConvolutionBwdDataAlgoPerf_t* perf, int* found) {
        JS_CUDNN_CHECK(cudnn().cudnnGetConvolutionBackwardDataAlgorithm_v7(
            h, wd.d, dyd.d, cd.d, dxd.d, CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, found, perf));
      },
      [&](cudnnConvolutionBwdDataAlgo_t a, size_t* ws) {
        return cudnn().cudnnGetConvolutionBackwardDataWorkspaceSize(h, wd.d, dyd.d, cd.d, dxd.d, a, ws);
      });
  JS_CHECK(algo, op, ": cuDNN has no algorithm for input ", shapeToString(input.sizes()), " and weight ",
           shapeToString(weight.sizes()));
  const Workspace workspace(algo->workspace, on);
  JS_CUDNN_CHECK(cudnn().cudnnConvolutionBackwardData(
      h, cudnnScale(dt, 1), wd.d, w.unsafeGetImpl()->deviceData(), dyd.d, x.unsafeGetImpl()->deviceData(), cd.d,
      algo->algo, workspace.data(), algo->workspace, cudnnScale(dt, 0), dxd.d, out.unsafeGetImpl()->deviceData()));
  countDeviceKernelLaunches();
  if (bt.defined()) addChannelBias(out, bt, Cout, on, op);
  return out;
}

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              std::vector<int64_t> stride, std::vector<int64_t> padding, std::vector<int64_t> dilation,
              int64_t groups) {
  // An unbatched (C, H, W) input is a batch of one.
  if (input.dim() == 3)
    return conv2d(input.unsqueeze(0), weight, bias, std::move(stride), std::move(padding), std::move(dilation),
                  groups)
        .squeeze(0);
  return conv2dCore(input, weight, bias, pairOf(stride, 1, "conv2d", "stride"),
                    pairOf(padding, 0, "conv2d", "padding"), pairOf(dilation, 1, "conv2d", "dilation"), groups);
}

int64_t single(const std::vector<int64_t>& v, int64_t fallback, const char* what) {
  if (v.empty()) return fallback;
  JS_CHECK(v.size() == 1, "conv1d: expected ", what, " to be a single int");
  return v[0];
}

Tensor conv1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
              std::vector<int64_t> stride, std::vector<int64_t> padding, std::vector<int64_t> dilation,
              int64_t groups) {
  JS_CHECK(input.dim() == 2 || input.dim() == 3, "conv1d: expected a 2-D or 3-D input, got ", input.dim(), "-D");
  JS_CHECK(weight.dim() == 3, "conv1d: expected a 3-D weight, got ", weight.dim(), "-D");
  const Tensor x = input.dim() == 2 ? input.unsqueeze(0) : input;
  Tensor y = conv2dCore(x.unsqueeze(2), weight.unsqueeze(2), bias, {1, single(stride, 1, "stride")},
                        {0, single(padding, 0, "padding")}, {1, single(dilation, 1, "dilation")}, groups)
                 .squeeze(2);
  return input.dim() == 2 ? y.squeeze(0) : y;
}

Tensor convTranspose2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                       std::vector<int64_t> stride, std::vector<int64_t> padding,
                       std::vector<int64_t> outputPadding, int64_t groups, std::vector<int64_t> dilation) {
  const char* op = "conv_transpose2d";
  if (input.dim() == 3)
    return convTranspose2d(input.unsqueeze(0), weight, bias, std::move(stride), std::move(padding),
                           std::move(outputPadding), groups, std::move(dilation))
        .squeeze(0);
  return convTranspose2dCore(input, weight, bias, pairOf(stride, 1, op, "stride"), pairOf(padding, 0, op, "padding"),
                             pairOf(outputPadding, 0, op, "output_padding"), pairOf(dilation, 1, op, "dilation"),
                             groups);
}

// conv_transpose1d as a conv_transpose2d of height 1.
Tensor convTranspose1d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias,
                       std::vector<int64_t> stride, std::vector<int64_t> padding,
                       std::vector<int64_t> outputPadding, int64_t groups, std::vector<int64_t> dilation) {
  JS_CHECK(input.dim() == 2 || input.dim() == 3, "conv_transpose1d: expected a 2-D or 3-D input, got ", input.dim(),
           "-D");
  JS_CHECK(weight.dim() == 3, "conv_transpose1d: expected a 3-D weight, got ", weight.dim(), "-D");
  const Tensor x = input.dim() == 2 ? input.unsqueeze(0) : input;
  Tensor y = convTranspose2dCore(x.unsqueeze(2), weight.unsqueeze(2), bias, {1, single(stride, 1, "stride")},
                                 {0, single(padding, 0, "padding")}, {0, single(outputPadding, 0, "output_padding")},
                                 {1, single(dilation, 1, "dilation")}, groups)
                 .squeeze(2);
  return input.dim() == 2 ? y.squeeze(0) : y;
}

}  // namespace

const CudaTable kCudaConvOps = {
    row<conv2d>("aten::conv2d"),
    row<conv1d>("aten::conv1d"),
    row<convTranspose2d>("aten::conv_transpose2d.input"),
    row<convTranspose1d>("aten::conv_transpose1d"),
};

}  // namespace jitserve::cuda
