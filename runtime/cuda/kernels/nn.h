// Neural-network layer kernels on contiguous inputs: inference batch norm,
// layer norm, 2-D max and adaptive average pooling. Floating dtypes only
// (half, bfloat16, float, double); 16-bit floats compute in float.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "runtime/tensor/dtype.h"

namespace jitserve::cuda {

// y = (x - mean[c]) / sqrt(var[c] + eps) * weight[c] + bias[c] for x of
// shape (N, C, inner...) flattened; weight and bias may be null (1 and 0).
// The per-channel tensors are float (double for a double x).
void launchBatchNormInference(const void* x, void* y, ScalarType type, int64_t numel, int64_t channels,
                              int64_t inner, const void* mean, const void* var, const void* weight, const void* bias,
                              double eps, cudaStream_t stream);

// Each of `rows` rows of `cols` normalized by its mean and biased variance,
// then scaled by weight[col] and shifted by bias[col] (either may be null;
// float, double for a double x).
void launchLayerNorm(const void* x, void* y, ScalarType type, int64_t rows, int64_t cols, const void* weight,
                     const void* bias, double eps, cudaStream_t stream);

struct Pool2dGeometry {
  int64_t planes, height, width, outHeight, outWidth;
  int kh, kw, sh, sw, ph, pw, dh, dw;
};
// Max over each window (padding never wins; NaN propagates); with indices
// non-null, also the flat position (h * width + w) in its plane of the
// element taken (the first NaN, or the first maximum).
void launchMaxPool2d(const void* x, void* y, ScalarType type, const Pool2dGeometry& g, cudaStream_t stream,
                     int64_t* indices = nullptr);
// Mean over each window (dilation 1): divided by divisor when not 0 (a
// negative divisor_override divides too, as on the CPU), else by
// the window's size clipped to the padded input (countIncludePad) or to the
// input.
void launchAvgPool2d(const void* x, void* y, ScalarType type, const Pool2dGeometry& g, bool countIncludePad,
                     int64_t divisor, cudaStream_t stream);
// Max (and its flat position) over the adaptive windows.
void launchAdaptiveMaxPool2d(const void* x, void* y, int64_t* indices, ScalarType type, int64_t planes,
                             int64_t height, int64_t width, int64_t outHeight, int64_t outWidth, cudaStream_t stream);

// The volumetric forms, over (planes, depth, height, width); indices are
// flat positions d * height * width + h * width + w within the plane.
struct Pool3dGeometry {
  int64_t planes, depth, height, width, outDepth, outHeight, outWidth;
  int kd, kh, kw, sd, sh, sw, pd, ph, pw, dd, dh, dw;
};
void launchMaxPool3d(const void* x, void* y, int64_t* indices, ScalarType type, const Pool3dGeometry& g,
                     cudaStream_t stream);
void launchAvgPool3d(const void* x, void* y, ScalarType type, const Pool3dGeometry& g, bool countIncludePad,
                     int64_t divisor, cudaStream_t stream);
// Adaptive windows; indices null for the average.
void launchAdaptivePool3d(const void* x, void* y, int64_t* indices, bool max, ScalarType type,
                          const Pool3dGeometry& g, cudaStream_t stream);

// Resampling of (planes, [depth,] height, width) to ([outDepth,] outHeight, outWidth). Nearest:
// source index floor(o * scale), clamped; linear (bilinear over both dims):
// with alignCorners, source o * (in - 1) / (out - 1); else (o + 0.5) *
// scale - 0.5, at least 0. scaleH / scaleW are in / out unless the caller's
// scale factors set them (1 / factor).
// Depth works the same way (1 for 1-D and 2-D resampling; trilinear over
// the three dims when linear).
struct ResampleGeometry {
  int64_t planes, depth, height, width, outDepth, outHeight, outWidth;
  double scaleD, scaleH, scaleW;
  bool linear, alignCorners;
};
void launchResample(const void* x, void* y, ScalarType type, const ResampleGeometry& g, cudaStream_t stream);
// Mean over the adaptive windows [floor(o*in/out), ceil((o+1)*in/out)).
void launchAdaptiveAvgPool2d(const void* x, void* y, ScalarType type, int64_t planes, int64_t height, int64_t width,
                             int64_t outHeight, int64_t outWidth, cudaStream_t stream);

}  // namespace jitserve::cuda
