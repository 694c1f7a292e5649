// Parsing schema strings into FunctionSchema.
//
// Accepts PyTorch's full schema syntax:
//   aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//   aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
//   aten::append.t(t[](a!) self, t(c -> *) el) -> t[](a!)
//   aten::format(str self, ...) -> str          prim::Print(...) -> ()
// Defaults: ints, floats (1e-05, -inf, nan), True/False, None, 'str' and
// "str" with escapes, lists ([0, 1]), a single int for a fixed-size int list
// (int[2] stride=1 -> [1, 1]), and the enum keywords PyTorch's
// native_functions use (contiguous_format, preserve_format, channels_last,
// channels_last_3d, strided, Mean, Sum), which are ints at run time.
// Types are parsed by parseTypePrefix (type_parser.h) with alias annotations
// and type variables allowed.
//
// Errors are InvalidArgument statuses that name the problem and the column
// (1-based) and show the schema with a caret under the offending place.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/core/function_schema.h"

namespace jitserve {

absl::StatusOr<FunctionSchema> parseSchema(std::string_view text);

// Just the "ns::name[.overload]" part, for lookups by name: returns
// {name, overload}; fails if text is not a well-formed operator name.
absl::StatusOr<std::pair<std::string, std::string>> parseOperatorName(std::string_view text);

}  // namespace jitserve
