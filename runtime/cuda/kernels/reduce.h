// Row reductions on the GPU: the input is a contiguous rows x cols matrix
// (the caller permutes and copies so that the reduced dims are the columns),
// each row reduces to one output element. One block per row.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "runtime/tensor/dtype.h"

namespace jitserve::cuda {

enum class ReduceOp : uint8_t { Sum, Mean, Max, Min, Prod, Any, All, NanSum, NanMean, LogSumExp };

// out[r] = op over in[r, :]. Sum, Mean, Prod and the Nan forms accumulate
// in float for the 16-bit floats and float32, double for double, int64 for
// the integers and bool; Max and Min propagate NaN; Any and All write bool;
// LogSumExp (floating only) is max + log(sum(exp(x - max))), +-inf rows
// kept. outType may differ from inType (a sum of integers is int64); cols
// may be 0 (sum 0, prod 1, mean NaN, any false, all true, logsumexp -inf).
void launchRowReduce(ReduceOp op, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                     ScalarType outType, cudaStream_t stream);

// values[r], indices[r] = the max (or min) of row r and its first index (NaN
// counts as the largest and the smallest). cols > 0.
void launchRowArgReduce(bool isMax, int64_t rows, int64_t cols, const void* in, ScalarType type, void* values,
                        int64_t* indices, cudaStream_t stream);

// out[r, :] = softmax (or log_softmax) of in[r, :], computed in float (double
// for double) and stored as outType. With zeroMaskedRows a row whose every
// element is -inf (attention with every key masked) comes out all zeros
// instead of NaN, as the fused attention kernels do.
void launchRowSoftmax(bool logOut, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                      ScalarType outType, cudaStream_t stream, bool zeroMaskedRows = false);

// var[r] = sum((x - mean)^2) / max(cols - correction, 0) over row r (std
// when takeSqrt), two passes, accumulating in float (double for double);
// mean[r] too when mean is not null. Floating types only, out in inType.
void launchRowVar(int64_t rows, int64_t cols, const void* in, ScalarType type, void* var, void* mean,
                  double correction, bool takeSqrt, cudaStream_t stream);

// out[r, :] = the running sum (or product, or log-sum-exp) along row r, in
// outType (accumulating in it; a sum of integers in int64). One thread per
// row walks it in order, so the results are those of a sequential scan.
// Max and Min (cummax / cummin) also write the index of the running
// extremum (ties move it to the later element; a NaN, once seen, stays) to
// `indices`, and keep the input's dtype.
enum class ScanOp : uint8_t { Sum, Prod, LogSumExp, Max, Min };
void launchRowScan(ScanOp op, int64_t rows, int64_t cols, const void* in, ScalarType inType, void* out,
                   ScalarType outType, cudaStream_t stream, int64_t* indices = nullptr);

// values[r, j], indices[r, j] for j < k: the k largest (or smallest) of row
// r in order, ties by lower index first; NaN counts as larger than every
// number (first for largest, last for smallest). 0 < k <= cols.
void launchRowTopk(bool largest, int64_t rows, int64_t cols, int64_t k, const void* in, ScalarType type, void* values,
                   int64_t* indices, cudaStream_t stream);

}  // namespace jitserve::cuda
