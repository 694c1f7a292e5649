// Parses TorchScript types written in Python annotation syntax, as the
// TorchScript pickler writes them in restore_type_tag calls:
//   "List[str]", "Dict[str, Tensor]", "Optional[int]", "Tuple[int, float]",
//   "Tuple[()]", "Union[int, str]", "List[List[str]]", "__torch__.Foo"
//
// The frontend parses source annotations with it too. (type_parser.h, beside
// it, reads the schema/IR spelling, "int[]" and "Dict(str, int)"; the two
// spellings differ.)
//
// The input comes from untrusted archives: nesting is capped, so parsing is
// bounded in stack depth, and errors name the offset.
#pragma once

#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/core/type.h"
#include "runtime/core/type_parser.h"

namespace jitserve {

inline constexpr size_t kMaxAnnotationNesting = 64;

// `resolver` maps qualified class names ("__torch__.Foo"); null: classes are
// refused.
absl::StatusOr<TypePtr> parseAnnotationType(std::string_view text, const TypeResolver* resolver = nullptr);

}  // namespace jitserve
