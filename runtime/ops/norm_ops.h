// Matrix norms and the norm entry points that choose between vector and
// matrix norms: linalg_matrix_norm, linalg_norm, nuclear_norm and the out=
// forms of norm/frobenius_norm that torch.norm records.
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerNormOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
