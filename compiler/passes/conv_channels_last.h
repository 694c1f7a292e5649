// ConvChannelsLast: frozen 2-D convolutions whose every reader takes a
// channels-last (NHWC) tensor at full speed ask oneDNN for an NHWC result,
// so activations stay NHWC from one convolution to the next instead of
// being reordered to NCHW after each one and back before the next.
//
//   %c = aten::conv2d(%x, %W, %b, %s, %p, %d, %g)        (or conv2d_clamp)
//   %y = jitserve::conv2d_clamp(%c, %W2, ...)
//     -->
//   %c = jitserve::conv2d_clamp(%x, %W, %b, %s, %p, %d, %g, %none, %none, %true)
//
// Fires for aten::conv2d and jitserve::conv2d_clamp (fuse_conv_clamp's)
// whose weight is a constant float32 4-D tensor (a frozen module's: the
// kernel runs such convolutions on NHWC, runtime/ops/onednn_conv.h) and
// whose result is read only by: another such convolution (as its input),
// max_pool2d, add / add_, relu / relu_, hardtanh / hardtanh_, and metadata
// (dim, size, numel, dtype, device). Anything else (cat, pooling to a
// vector, reshapes, the graph's outputs) gets NCHW as before. The layout is
// a performance choice only: every kernel reads any strides, so the values
// do not change, and a tensor that leaves the chain is an ordinary strided
// tensor.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool ConvChannelsLast(Graph& graph);

}  // namespace jitserve
