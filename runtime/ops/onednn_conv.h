// 2-D convolution on oneDNN (float32, NCHW), the fast path of conv2d and of
// every conv overload that reaches it (conv1d, convolution, _convolution).
//
// Contract:
//  - onednnConv2d computes exactly what the im2col + GEMM path in nn_ops.cpp
//    computes (that path stays the reference and the fallback) and returns
//    false, touching nothing, when it cannot: no oneDNN in this build, the
//    path switched off, a dtype other than float32, or a shape oneDNN rejects.
//  - The caller has checked the arguments (PyTorch's error messages live in
//    conv2dImpl); input is a contiguous (N, C, H, W) tensor, weight any
//    strides, bias (if any) O elements of any float dtype.
//  - Activations: with a frozen weight the primitive reads and writes NHWC
//    (oneDNN's brgconv / brdgmm kernels): an NCHW input is reordered into
//    NHWC first, an NHWC input (isChannelsLast) is read in place, and the
//    result is written NHWC when channelsLastOut asks for it, else
//    reordered back to NCHW. Otherwise the primitive picks its layout
//    (channel-blocked, jit:avx512_core) and source and destination stay
//    plain NCHW around it. JITSERVE_ONEDNN_NHWC=0 keeps frozen convolutions
//    on the blocked path. Weights are reordered into the
//    primitive's blocked layout on every call (there is no tensor version
//    counter to tell whether a weight changed in place since the last call),
//    except frozen weights (StorageImpl::frozen: a frozen module's constants,
//    which nothing writes): those are reordered once per view and layout and
//    the copy is kept with their storage.
//  - Frozen 3x3 stride-1 convolutions use oneDNN's Winograd kernels
//    (JITSERVE_ONEDNN_WINOGRAD=0: the direct ones) where it has them. Their
//    weight transform (up to ~50 ms a weight) runs on a background thread
//    the first time a weight is seen in a layout; until it is kept, calls
//    run the direct kernels. onednnWaitForWeightPacks waits for it.
//  - Primitives are created once per shape, parameters and thread count and
//    kept in a bounded, thread-safe cache; concurrent calls are safe.
//  - A ConvClamp and a ConvSum, when given, are part of the primitive
//    (post-ops: sum, then the clamp).
//  - Threads: Debian's libdnnl runs on OpenMP. Each call sets the calling
//    thread's OpenMP thread count to get_num_threads(), or 1 inside a
//    parallel_for chunk, before it runs.
#pragma once

#include <cstdint>
#include <optional>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

struct Conv2dParams {
  int64_t sh, sw, ph, pw, dh, dw, groups;
};

// min(max(y, lo), hi) on the convolution's result y (bias included), an
// absent bound open: relu is {0, nullopt}, relu6 {0, 6}. oneDNN applies it
// as an eltwise post-op (relu, or clip) while writing the output; a NaN
// result becomes lo there (max/min instructions), where the reference
// kernels keep NaN.
struct ConvClamp {
  std::optional<double> lo, hi;
};

// y + scale * other before the clamp (a residual sum): the output is
// preloaded with `other` (a float32 tensor of the result's sizes, any
// strides) and oneDNN accumulates into it (a sum post-op, ahead of the
// eltwise one).
struct ConvSum {
  const Tensor* other;
  double scale;
};

// `channelsLastOut`: write the result channels-last (NHWC memory, NCHW
// sizes), for a consumer that reads NHWC (another frozen convolution,
// max_pool2d; the conv_channels_last pass decides). Values are the same
// either way.
bool onednnConv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, const Conv2dParams& p,
                  Tensor& out, const ConvClamp* clamp = nullptr, bool channelsLastOut = false,
                  const ConvSum* sum = nullptr);

// Whether a 4-D tensor is laid out channels-last (NHWC memory, NCHW sizes).
bool isChannelsLast(const Tensor& t);

// Blocks until every Winograd weight transform queued so far is kept (a
// model's load-time warm-up calls it, so served requests find them).
void onednnWaitForWeightPacks();

// Whether this build has oneDNN at all.
bool onednnAvailable();
// On by default; JITSERVE_ONEDNN=0 in the environment switches it off at
// start-up. Tests switch it to compare the two paths.
bool onednnConvEnabled();
void setOnednnConvEnabled(bool on);

}  // namespace jitserve::ops
