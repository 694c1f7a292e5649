// Every kernel file's table of operators, in registration order. Each
// *_ops.cpp defines its `const OpTable kXOps = {...}` at namespace scope;
// registerAllTensorOps (register_ops.cpp) hands them to the registry in the
// order below. A file whose kernels other files call has its own header as
// well (named beside its table); for the rest, the comment here is the
// file's summary.
#pragma once

#include "runtime/ops/op_registration.h"

namespace jitserve::ops {

extern const OpTable kBinaryOps;      // binary_ops.h
extern const OpTable kUnaryOps;       // unary_ops.h
extern const OpTable kComparisonOps;  // comparison_ops.h
extern const OpTable kTernaryOps;     // ternary_ops.h
extern const OpTable kReduceOps;      // reduce_ops.h
extern const OpTable kIndexOps;       // index_ops.h

// Factories (zeros, ones, full, arange, linspace, eye, torch.tensor, ...),
// dtype conversions (to, type_as) and tensor -> number conversions.
extern const OpTable kCreationOps;

extern const OpTable kDimOps;  // dim_ops.h

// Neural-network activation functions (gelu, silu, elu family, hardtanh,
// hardswish, softplus, shrinkage, glu, prelu, ...) and the dropout family in
// inference mode.
extern const OpTable kActivationOps;

extern const OpTable kLinalgOps;        // linalg_ops.h
extern const OpTable kEinsumOps;        // einsum_ops.h
extern const OpTable kLinalgDecompOps;  // linalg_decomp_ops.h

// Matrix norms and the norm entry points that choose between vector and
// matrix norms: linalg_matrix_norm, linalg_norm, nuclear_norm and the out=
// forms of norm/frobenius_norm that torch.norm records.
extern const OpTable kNormOps;

// Products and differences built from the basic kernels: vecdot, multi_dot,
// matrix_power, cross, kron, tensordot, cdist/pdist, diff and the
// trapezoid rule.
extern const OpTable kLinalgProductOps;

// Order statistics over sorted data: quantile/nanquantile (five
// interpolation modes) and the binary searches searchsorted/bucketize.
extern const OpTable kOrderStatsOps;

// unique (_unique2), unique_consecutive and unique_dim: deduplicating whole slices along a dim
// (or single elements of the flattened input), with inverse indices and counts.
extern const OpTable kUniqueOps;

// segment_reduce: sum/mean/prod/max/min over consecutive segments of one axis,
// the segments given by lengths or offsets.
extern const OpTable kSegmentOps;

// The Hurwitz zeta function zeta(x, q) = sum_k (k + q)^-x (torch.special.zeta).
extern const OpTable kZetaOps;

// Regularized incomplete gamma functions: igamma P(a, x) and igammac Q(a, x).
extern const OpTable kIncompleteGammaOps;

// Neural-network layers: convolution, normalization (batch, layer, group,
// instance), pooling (max, average, adaptive) and padding modes.
extern const OpTable kNnOps;

extern const OpTable kConvNdOps;  // conv_nd_ops.h

// Volumetric pooling over (N, C, D, H, W) / (C, D, H, W): max, average and
// adaptive pooling, plus max_unpool2d/3d (the scatter inverse of max pooling
// with indices).
extern const OpTable kPool3dOps;

// Resampling of the trailing 1-3 spatial dims of (N, C, spatial...) tensors:
// nearest, nearest-exact, (bi/tri)linear, bicubic and the antialiased
// bilinear/bicubic filters, i.e. everything F.interpolate lowers to.
extern const OpTable kUpsampleOps;

extern const OpTable kShapeOps;  // shape_ops.h

// jitserve::fallback_to_cpu / fallback_to_device: the counted copies around
// an operator that runs on the CPU for a device without its kernel.
extern const OpTable kCpuFallbackOps;

// The torch.special orthogonal polynomials evaluated elementwise at (x, n):
// Chebyshev T/U/V/W (plain and shifted to [0, 1]), Hermite H/He, Laguerre L
// and Legendre P. n is truncated to an integer; negative degrees give 0.
extern const OpTable kSpecialPolyOps;

// Loss functions of torch.nn.functional as the aten operators TorchScript
// records: regression (mse, l1, smooth_l1, huber, poisson_nll), margin and
// embedding losses, (binary) cross entropy, nll_loss and kl_div. `reduction`
// is 0 = none, 1 = mean, 2 = sum.
extern const OpTable kLossOps;

// torch.fft operators (fft/ifft/rfft/irfft/hfft/ihfft in 1, 2 and n dims,
// fftshift, fftfreq) and stft/istft, on FftPlan.
extern const OpTable kFftOps;

extern const OpTable kRandomOps;  // random_ops.h

// Building and viewing complex tensors: complex(real, imag), polar(abs,
// angle), and the zero-copy reinterpretations view_as_complex /
// view_as_real between complex64/128 and float32/64 with a trailing (re, im)
// dim of size 2.
extern const OpTable kComplexOps;

// Statistics over samples: cov/corrcoef (weighted covariance of variables
// in rows), histc/histogram/histogramdd (counts over linear bins, optional
// weights and density), and gradient (central differences).
extern const OpTable kStatisticsOps;

// im2col (nn.functional.unfold) and col2im (nn.functional.fold): sliding
// 2-D blocks of an (N, C, H, W) image as columns of (N, C*kh*kw, L), and
// their sum back into an image.
extern const OpTable kFoldOps;

extern const OpTable kBesselOps;  // bessel_ops.h

// General eigendecomposition (linalg.eig/eigvals), LDL^T (ldl_factor(_ex),
// ldl_solve), Householder products (householder_product, ormqr) and least
// squares (lstsq), computed by LAPACK in the input's precision.
extern const OpTable kLinalgLapackOps;

// Linear algebra over reshaped tensors and matrix functions:
// linalg.tensorinv / tensorsolve (a tensor viewed as one square matrix) and
// linalg.matrix_exp (scaling and squaring).
extern const OpTable kLinalgTensorOps;

// Scaled dot-product attention (torch 1.13's
// nn.functional._scaled_dot_product_attention): softmax(q k^T / sqrt(E) +
// mask) v, returning the attention weights too.
extern const OpTable kAttentionOps;

// Embedding lookups: embedding (the rows of a weight matrix picked by an
// index tensor) and embedding_bag (sums, means or maxima of embedding rows
// over bags of indices, bags given by offsets into a flat index list).
extern const OpTable kEmbeddingBagOps;

// grid_sampler: samples an (N, C, H, W) input at the normalized (x, y)
// locations of an (N, H_out, W_out, 2) grid (nn.functional.grid_sample).
extern const OpTable kGridSampleOps;

// ctc_loss: connectionist temporal classification loss, the negative log
// probability of each target sequence summed over all its alignments.
extern const OpTable kCtcLossOps;

// Fractional max pooling (2-D and 3-D): max over windows whose start
// offsets follow a pseudo-random sequence fixed by per-plane samples in
// [0, 1) (the caller draws them; nn.functional uses torch.rand).
extern const OpTable kFractionalPoolOps;

// Recurrent layers as single ops: aten::lstm / aten::gru / aten::rnn_tanh /
// aten::rnn_relu (.input overloads: padded sequences, optional batch_first),
// multi-layer and bidirectional, with the flat parameter list nn.LSTM etc.
// pass (w_ih, w_hh[, b_ih, b_hh][, w_hr] per layer and direction).
extern const OpTable kRnnOps;

// torch.nn.utils.rnn's ops: pad_sequence, _pack_padded_sequence and
// _pad_packed_sequence (a PackedSequence's data and batch_sizes).
extern const OpTable kPackedSequenceOps;

// torchvision's operators its detection models call (ops.torchvision.X):
// nms, roi_align, roi_pool.
extern const OpTable kTorchvisionOps;

// The fused inference paths nn.MultiheadAttention and
// nn.TransformerEncoderLayer take in eval mode: _native_multi_head_attention
// and _transformer_encoder_layer_fwd, on dense batch-first tensors.
extern const OpTable kTransformerOps;

// Signal windows: hann_window, hamming_window, blackman_window,
// bartlett_window, kaiser_window.
extern const OpTable kWindowOps;


}  // namespace jitserve::ops
