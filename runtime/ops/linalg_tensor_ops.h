// Linear algebra over reshaped tensors and matrix functions:
// linalg.tensorinv / tensorsolve (a tensor viewed as one square matrix) and
// linalg.matrix_exp (scaling and squaring).
#pragma once

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

void registerLinalgTensorOps(OperatorRegistry& registry);

}  // namespace jitserve::ops
