// Which operator registry compilation and planning consult.
//
// The frontend (schema matching), the passes (which overload a node binds
// to, its alias annotations) and the plan builder all need the registry the
// graph will run with. Entry points that take one (CodeOptions::registry,
// DefineOptions::registry) use it; everything below them reaches it through
// currentOperatorRegistry(): the registry of the innermost
// OperatorRegistryScope on this thread, else the process-wide one that
// start-up code fills (ensureOperatorsRegistered, runtime/ops/register_all.h).
// So a test can compile and optimize against a registry holding only the
// operators it declares, and a server could host two registries side by side.
//
// The scope is per thread: work handed to another thread (a background
// compile) installs its own scope there.
#pragma once

namespace jitserve {

class OperatorRegistry;

const OperatorRegistry& currentOperatorRegistry();

class OperatorRegistryScope {
 public:
  explicit OperatorRegistryScope(const OperatorRegistry& registry);
  ~OperatorRegistryScope();
  OperatorRegistryScope(const OperatorRegistryScope&) = delete;
  OperatorRegistryScope& operator=(const OperatorRegistryScope&) = delete;

 private:
  const OperatorRegistry* previous_;
};

}  // namespace jitserve
