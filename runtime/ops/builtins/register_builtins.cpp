#include "runtime/ops/builtins/builtins.h"

namespace jitserve {

void registerBuiltinOps(OperatorRegistry& registry) {
  registerNumberOps(registry);
  registerMathOps(registry);
  registerListOps(registry);
  registerDictOps(registry);
  registerStringOps(registry);
  registerMiscOps(registry);
}

}  // namespace jitserve
