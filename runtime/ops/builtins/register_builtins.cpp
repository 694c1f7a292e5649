#include "runtime/ops/builtins/builtins.h"

namespace jitserve {

void registerBuiltinOps(OperatorRegistry& registry) {
  static const ops::OpTable* const kTables[] = {
      &builtins::kNumberOps, &builtins::kMathOps,   &builtins::kListOps,
      &builtins::kDictOps,   &builtins::kStringOps, &builtins::kMiscOps,
  };
  for (const ops::OpTable* table : kTables) ops::registerOpEntries(registry, *table);
}

}  // namespace jitserve
