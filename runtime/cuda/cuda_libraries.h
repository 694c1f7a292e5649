// cuBLAS and cuDNN, loaded with dlopen on first use rather than linked.
//
// Linked, libcublasLt alone puts ~94 KB of static TLS in every thread of the
// process, which does not fit the 100 KB stacks civetweb gives the metrics
// exposer's threads (pthread_create fails); loaded with dlopen, their TLS
// is dynamic and costs threads that never use them nothing. It also lets a
// CPU-only process on a machine without those libraries start at all.
//
// cublas() / cudnn() return the resolved entry points, or throw an Error
// naming the library and dlerror() when it cannot be loaded (then on every
// call: a missing library is a deployment problem to report, not retry).
#pragma once

#include <cublas_v2.h>
#include <cudnn.h>

namespace jitserve::cuda {

// The cuBLAS entry points used (the _v2 names cublas_v2.h maps to).
// (cublasGemmStridedBatchedEx is declared apart: C++ sees an overload.)
#define JS_CUBLAS_SYMBOLS(_) \
  _(cublasCreate_v2)         \
  _(cublasDestroy_v2)        \
  _(cublasSetStream_v2)      \
  _(cublasSetMathMode)       \
  _(cublasGetStatusString)

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
#undef JS_LIBRARY_FIELD

const CublasLibrary& cublas();
const CudnnLibrary& cudnn();

}  // namespace jitserve::cuda
