// Ops that transform every slice along one dim into a slice of the same or
// a smaller length: scans (cumsum, cumprod, cummax/cummin, logcumsumexp),
// softmax/log_softmax, and order statistics (sort, argsort, topk, msort,
// median, nanmedian, mode, kthvalue).
//
// All share one layout helper: the dim is moved last and the input made
// contiguous, so each slice is a contiguous row processed independently
// (in parallel above the grain size); results are moved back.
#pragma once

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

Tensor softmax(const Tensor& self, int64_t dim, bool log);

}  // namespace jitserve::ops
