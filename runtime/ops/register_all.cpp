#include "runtime/ops/register_all.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>

#include "runtime/core/operator_registry.h"
#include "runtime/ops/builtins/builtins.h"
#include "runtime/ops/register_ops.h"
#include "runtime/support/error.h"

namespace jitserve {

absl::Status registerAllOps(OperatorRegistry& registry) {
  try {
    registerAllTensorOps(registry);
    registerBuiltinOps(registry);
    ops::registerOpEntries(registry, builtins::kTolistOps);
  } catch (const std::exception& e) {
    return statusFromException(e);
  }
  return absl::OkStatus();
}

void ensureOperatorsRegistered() {
  static std::once_flag once;
  std::call_once(once, [] {
    absl::Status s = registerAllOps(globalOperatorRegistry());
    if (!s.ok()) {
      std::fprintf(stderr, "jitserve: operator registration failed (a jitserve bug): %s\n",
                   std::string(s.message()).c_str());
      std::abort();
    }
  });
}

}  // namespace jitserve
