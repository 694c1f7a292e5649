// Registers every tensor operator kernel of runtime/ops (the non-tensor
// builtins have their own register function in runtime/ops/builtins).
#pragma once

namespace jitserve {
class OperatorRegistry;

void registerAllTensorOps(OperatorRegistry& registry);

}  // namespace jitserve
