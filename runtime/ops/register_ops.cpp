#include "runtime/ops/register_ops.h"

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/shape_ops.h"

namespace jitserve {

void registerAllTensorOps(OperatorRegistry& registry) {
  ops::registerBinaryOps(registry);
  ops::registerLinalgOps(registry);
  ops::registerShapeOps(registry);
}

}  // namespace jitserve
