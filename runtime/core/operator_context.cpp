#include "runtime/core/operator_context.h"

#include "runtime/core/operator_registry.h"

namespace jitserve {
namespace {
thread_local const OperatorRegistry* t_current = nullptr;
}  // namespace

const OperatorRegistry& currentOperatorRegistry() {
  return t_current ? *t_current : globalOperatorRegistry();
}

OperatorRegistryScope::OperatorRegistryScope(const OperatorRegistry& registry) : previous_(t_current) {
  t_current = &registry;
}

OperatorRegistryScope::~OperatorRegistryScope() { t_current = previous_; }

}  // namespace jitserve
