#include "runtime/core/op_call.h"

#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"

namespace jitserve {

const Operator& OpCall::op() const {
  const OperatorRegistry& reg = currentOperatorRegistry();
  const bool global = &reg == &globalOperatorRegistry();
  if (global) {
    if (const Operator* op = cached_.load(std::memory_order_acquire)) return *op;
  }
  const Operator* op = reg.findByName(name_);
  JS_CHECK(op != nullptr, "operator ", name_, " is not registered");
  if (global) cached_.store(op, std::memory_order_release);
  return *op;
}

}  // namespace jitserve
