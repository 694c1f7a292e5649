// Every CUDA kernel file's table, in registration order (cuda_ops.cpp).
#pragma once

#include "runtime/cuda/cuda_op_utils.h"

namespace jitserve::cuda {

extern const CudaTable kCudaElementwiseOps;  // cuda_elementwise_ops.cpp: arithmetic, unary math, copies
extern const CudaTable kCudaLinalgOps;       // cuda_linalg_ops.cpp: the matmul family on cuBLAS
extern const CudaTable kCudaReduceOps;       // cuda_reduce_ops.cpp: sums, means, extrema, softmax
extern const CudaTable kCudaNnOps;           // cuda_nn_ops.cpp: batch/layer norm, pooling
extern const CudaTable kCudaConvOps;         // cuda_conv_ops.cpp: convolution on cuDNN
extern const CudaTable kCudaRnnOps;          // cuda_rnn_ops.cpp: LSTM, GRU, RNN as composites
extern const CudaTable kCudaCompositeOps;    // cuda_composite_ops.cpp: fused convs, baddbmm, prelu, norms
extern const CudaTable kCudaIndexOps;        // cuda_index_ops.cpp: gather, take, scatter, index_add/copy/fill
extern const CudaTable kCudaShapeOps;        // cuda_shape_ops.cpp: copy_, fill_, pads, flips, repeats, scatters
extern const CudaTable kCudaCompositeMoreOps;  // cuda_composite_more_ops.cpp: products, stacking, sorts, tests
extern const CudaTable kCudaTransformerOps;  // cuda_transformer_ops.cpp: the encoder / attention fast path
extern const CudaTable kCudaLuOps;           // cuda_lu_ops.cpp: det, inv, solve, LU, Cholesky, triangular solves
extern const CudaTable kCudaDecompOps;       // cuda_decomp_ops.cpp: QR, eigh, SVD, pinv, rank, lstsq, eig
extern const CudaTable kCudaFftOps;          // cuda_fft_ops.cpp: torch.fft's transforms on cuFFT
extern const CudaTable kCudaStatisticsOps;   // cuda_statistics_ops.cpp: cov, pdist, margin losses, index_put, renorm
extern const CudaTable kCudaSpecialOps;      // cuda_special_ops.cpp: K_n, Airy Ai, zeta, frexp, complex, polar

}  // namespace jitserve::cuda
