// RemoveDropout: dropout in eval mode is the identity; freezing removes it.
//
//   %y = aten::dropout(%x, %p, %false)      -->  uses of %y read %x
//   %y = aten::dropout_(%x, %p, %false)     -->  uses of %y read %x
//
// All four kinds (dropout, feature_dropout, alpha_dropout,
// feature_alpha_dropout) and their in-place forms, when train is a constant
// false. The in-place forms return their input, so they always go. The
// functional forms return a copy: they go only when nothing writes the
// input or the result (AliasDb), where the copy could be told apart.
#pragma once

#include "runtime/ir/ir.h"

namespace jitserve {

bool RemoveDropout(Graph& graph);

}  // namespace jitserve
