// Values written on a command line, in Python-like literal syntax, for
// jit-run and jit-bench:
//   3   -1   2.5   1e-3   inf   True   False   None   'text'   "text"
//   [1, 2, 3]   [0.5, 1.5]   (1, 'a')
//   zeros(2, 3)   ones(4)   full(2, 2, 0.5)   arange(6)   rand(4, 8)
//   (tensors are float32; rand is uniform in [0, 1) from a fixed seed, so runs repeat)
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/core/ivalue.h"

namespace jitserve::tools {

absl::StatusOr<IValue> parseValueLiteral(std::string_view text);

}  // namespace jitserve::tools
