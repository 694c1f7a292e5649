// Parsing of type syntax shared by the schema parser and the IR parser.
//
// Accepts the forms PyTorch prints in schemas and in graphs:
//   int float bool str complex Tensor Scalar Device Generator Any NoneType
//   Layout ScalarType MemoryFormat QScheme Dimname (integers/strings at run time)
//   T? (Optional)  T[] and T[N] (List)  (T1, T2) (Tuple)  Dict(K, V)
//   Future(T)  Union(T1, T2)  NamedTuple(a : T1, b : T2)  Function
//   Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu) (refined Tensor)
//   qualified class names (__torch__.foo.Bar), resolved through a TypeResolver
//   schema type variables (t, t1, ...), when allowVarTypes is set
// and, when parsing schemas, alias annotations: Tensor(a!), t(c -> *),
// Tensor(a)[] ...
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

#include "absl/status/statusor.h"
#include "runtime/core/alias_info.h"
#include "runtime/core/type.h"

namespace jitserve {

// Maps a qualified class name to a type, or nullptr if unknown. The IR parser
// passes one that creates open ClassTypes for names it has not seen. For the
// enum form "Enum<__torch__.Color>" the resolver is asked for the whole
// spelling "Enum<__torch__.Color>" and must return an EnumType.
using TypeResolver = std::function<TypePtr(std::string_view qualifiedName)>;

struct TypeParseOptions {
  bool allowAliasAnnotations = false;  // schemas: Tensor(a!)
  bool allowVarTypes = false;          // schemas: t, t1
  const TypeResolver* resolver = nullptr;
};

struct ParsedType {
  TypePtr type;
  std::optional<AliasInfo> alias;
  // Schemas only: N of a fixed-size list "int[2]" (the type is still int[]).
  std::optional<size_t> listSize;
  size_t end = 0;  // offset just past the type in the text
};

// Parses one type starting at text[pos] (leading spaces skipped). On error the
// status message names the problem and the offset.
absl::StatusOr<ParsedType> parseTypePrefix(std::string_view text, size_t pos,
                                           const TypeParseOptions& options = {});

// Like parseTypePrefix, but on failure also stores the offset of the problem
// in *errorAt, so a caller can report its own line:column.
absl::StatusOr<ParsedType> parseTypePrefixAt(std::string_view text, size_t pos, const TypeParseOptions& options,
                                             size_t* errorAt);

// Parses a whole string as one type (trailing spaces allowed).
absl::StatusOr<TypePtr> parseType(std::string_view text, const TypeParseOptions& options = {});

}  // namespace jitserve
