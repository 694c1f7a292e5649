// The argument rules of torch.linalg's decompositions that every device's
// kernel applies the same way (linalg_*_ops.cpp on the CPU,
// cuda_decomp_ops.cpp): checks with PyTorch's messages, and which of
// lstsq's outputs each driver fills.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "runtime/tensor/tensor.h"

namespace jitserve::ops {

// eigh's UPLO: true for the lower triangle ("L"/"l"); an error otherwise.
bool uploLower(std::string_view uplo);

// linalg.lstsq(A, B, driver): checks A and B (B is (*, m, k) or (*, m)) and
// returns the driver ("gelsy" when none is given).
std::string lstsqDriver(const Tensor& A, const Tensor& B, const std::optional<std::string>& driver);
// Residuals exist only for tall problems where every matrix has full rank,
// and never from gelsy (the CPU default), as in PyTorch.
inline bool lstsqHasResiduals(int64_t m, int64_t n, bool fullRank, const std::string& driver) {
  return m > n && fullRank && driver != "gelsy";
}
// gels reports no rank; only gelsd and gelss report singular values.
inline bool lstsqReportsRank(const std::string& driver) { return driver != "gels"; }
inline bool lstsqReportsSingularValues(const std::string& driver) { return driver == "gelsd" || driver == "gelss"; }

}  // namespace jitserve::ops
