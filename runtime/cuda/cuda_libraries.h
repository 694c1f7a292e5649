// cuBLAS, cuDNN, cuSOLVER and cuFFT, loaded with dlopen on first use rather
// than linked.
//
// Linked, libcublasLt alone puts ~94 KB of static TLS in every thread of the
// process, which does not fit the 100 KB stacks civetweb gives the metrics
// exposer's threads (pthread_create fails); loaded with dlopen, their TLS
// is dynamic and costs threads that never use them nothing. It also lets a
// CPU-only process on a machine without those libraries start at all.
//
// cublas() / cudnn() / cusolver() / cufft() return the resolved entry
// points, or throw an Error
// naming the library and dlerror() when it cannot be loaded (then on every
// call: a missing library is a deployment problem to report, not retry).
#pragma once

#include <cublas_v2.h>
#include <cudnn.h>
#include <cufft.h>
#include <cusolverDn.h>

namespace jitserve::cuda {

// The cuBLAS entry points used (the _v2 names cublas_v2.h maps to).
// (cublasGemmStridedBatchedEx is declared apart: C++ sees an overload.)
#define JS_CUBLAS_SYMBOLS(_) \
  _(cublasCreate_v2)         \
  _(cublasDestroy_v2)        \
  _(cublasSetStream_v2)      \
  _(cublasSetMathMode)       \
  _(cublasGetStatusString)   \
  _(cublasDtrsm_v2)

#define JS_CUDNN_SYMBOLS(_)                     \
  _(cudnnCreate)                                \
  _(cudnnDestroy)                               \
  _(cudnnSetStream)                             \
  _(cudnnGetErrorString)                        \
  _(cudnnCreateTensorDescriptor)                \
  _(cudnnDestroyTensorDescriptor)               \
  _(cudnnSetTensor4dDescriptor)                 \
  _(cudnnCreateFilterDescriptor)                \
  _(cudnnDestroyFilterDescriptor)               \
  _(cudnnSetFilter4dDescriptor)                 \
  _(cudnnCreateConvolutionDescriptor)           \
  _(cudnnDestroyConvolutionDescriptor)          \
  _(cudnnSetConvolution2dDescriptor)            \
  _(cudnnSetConvolutionGroupCount)              \
  _(cudnnSetConvolutionMathType)                \
  _(cudnnGetConvolutionForwardAlgorithm_v7)     \
  _(cudnnGetConvolutionForwardWorkspaceSize)    \
  _(cudnnConvolutionForward)                    \
  _(cudnnGetConvolutionBackwardDataAlgorithm_v7) \
  _(cudnnGetConvolutionBackwardDataWorkspaceSize) \
  _(cudnnConvolutionBackwardData)

// The dense solvers run in double (cuda_dense.h), so only the D routines.
#define JS_CUSOLVER_SYMBOLS(_)    \
  _(cusolverDnCreate)             \
  _(cusolverDnDestroy)            \
  _(cusolverDnSetStream)          \
  _(cusolverDnDgetrf_bufferSize)  \
  _(cusolverDnDgetrf)             \
  _(cusolverDnDgetrs)             \
  _(cusolverDnDpotrf_bufferSize)  \
  _(cusolverDnDpotrf)             \
  _(cusolverDnDpotrs)             \
  _(cusolverDnDpotri_bufferSize)  \
  _(cusolverDnDpotri)             \
  _(cusolverDnDgeqrf_bufferSize)  \
  _(cusolverDnDgeqrf)             \
  _(cusolverDnDorgqr_bufferSize)  \
  _(cusolverDnDorgqr)             \
  _(cusolverDnDormqr_bufferSize)  \
  _(cusolverDnDormqr)             \
  _(cusolverDnDsyevd_bufferSize)  \
  _(cusolverDnDsyevd)             \
  _(cusolverDnDgesvd_bufferSize)  \
  _(cusolverDnDgesvd)

#define JS_CUFFT_SYMBOLS(_) \
  _(cufftCreate)            \
  _(cufftDestroy)           \
  _(cufftSetStream)         \
  _(cufftSetAutoAllocation) \
  _(cufftSetWorkArea)       \
  _(cufftMakePlanMany64)    \
  _(cufftExecZ2Z)           \
  _(cufftExecD2Z)           \
  _(cufftExecZ2D)

#define JS_LIBRARY_FIELD(name) decltype(&::name) name = nullptr;
struct CublasLibrary {
  JS_CUBLAS_SYMBOLS(JS_LIBRARY_FIELD)
  cublasStatus_t (*cublasGemmStridedBatchedEx)(cublasHandle_t, cublasOperation_t, cublasOperation_t, int, int, int,
                                               const void*, const void*, cudaDataType, int, long long, const void*,
                                               cudaDataType, int, long long, const void*, void*, cudaDataType, int,
                                               long long, int, cublasComputeType_t, cublasGemmAlgo_t) = nullptr;
};
struct CudnnLibrary {
  JS_CUDNN_SYMBOLS(JS_LIBRARY_FIELD)
};
struct CusolverLibrary {
  JS_CUSOLVER_SYMBOLS(JS_LIBRARY_FIELD)
};
struct CufftLibrary {
  JS_CUFFT_SYMBOLS(JS_LIBRARY_FIELD)
};
#undef JS_LIBRARY_FIELD

const CublasLibrary& cublas();
const CudnnLibrary& cudnn();
const CusolverLibrary& cusolver();
const CufftLibrary& cufft();

}  // namespace jitserve::cuda
