// Type annotations of TorchScript source: `x: List[int]`, `-> 'Vec'`,
// `Optional[torch.Tensor]`, `List[Item]` where Item is a class of the file.
//
// Builtin type names are parsed by the annotation parser
// (runtime/core/annotation_type_parser.h); the file's own
// NamedTuples, classes and Enums come from the unit, and other qualified
// names ("__torch__.a.Foo") from the unit's Resolver. An unknown name is an
// error at the annotation's range.
#pragma once

#include "compiler/frontend/tree_views.h"
#include "compiler/frontend/unit_definitions.h"
#include <optional>

#include "runtime/core/type.h"

namespace jitserve::frontend {

TypePtr parseTypeExpr(const UnitDefinitions& unit, const Expr& e);

// BroadcastingListN[T] (torch.jit.annotations) types a parameter as List[T]
// that also takes one T, repeated N times, like int[2] in a schema: N for
// such an annotation (also inside Optional[...]), nullopt otherwise.
std::optional<int32_t> broadcastingListSize(const Expr& e);

}  // namespace jitserve::frontend
