// Tensor subscripts as PyTorch's frontend emits them.
//
// x[i, 1:3, None, ..., idx] applies, per dimension, aten::select for an int,
// aten::slice for a slice, aten::unsqueeze for None (an ellipsis skips the
// dimensions it stands for, counting the ones after it from the end), and
// collects tensor (or list) indices into one aten::index over a Tensor?[]
// list. Assignment x[...] = v copies into the view (copy_ / fill_) or uses
// index_put_ when there are tensor indices.
#pragma once

#include "compiler/frontend/sugared_value.h"

namespace jitserve::frontend {

Value* emitTensorIndexing(Emitter& e, Value* base, const List<Expr>& subs, const SourceRange& r);
void emitTensorAssign(Emitter& e, Value* base, const List<Expr>& subs, Value* v, const SourceRange& r);

}  // namespace jitserve::frontend
