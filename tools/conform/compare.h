// Comparing a program's result with the reference PyTorch computed, as
// FORMAT.md defines it: tensors match in dtype, shape and values (within
// atol + rtol*|expected| for floating dtypes, NaN equal to NaN; exactly
// otherwise); ints, bools, strings and None exactly; floats within tolerance;
// lists, tuples and dicts structurally (dict order too). NamedTuples were
// saved as plain tuples, so a NamedTuple result compares as a tuple.
#pragma once

#include <optional>
#include <string>

#include "runtime/core/ivalue.h"

namespace jitserve::conform {

struct Tolerance {
  double rtol = 1.3e-6;
  double atol = 1e-5;
};

// nullopt when they match; otherwise where and how they differ
// ("output[1]: shape mismatch: expected [2, 3], got [3, 2]").
std::optional<std::string> compareValues(const IValue& expected, const IValue& actual, const Tolerance& tol);

}  // namespace jitserve::conform
