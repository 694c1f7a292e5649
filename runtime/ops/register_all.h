// The one start-up call that fills an operator registry with every operator
// jitserve implements: the tensor kernels and the non-tensor builtins.
// Registration is explicit (no static initializers), so a program decides
// when it happens; ensureOperatorsRegistered() does it once for the
// process-wide registry and is safe to call from any thread.
#pragma once

#include "absl/status/status.h"

namespace jitserve {
class OperatorRegistry;

// Registers everything into `registry`; fails on a duplicate or malformed schema.
absl::Status registerAllOps(OperatorRegistry& registry);

// Fills globalOperatorRegistry() on the first call. Registration errors are
// our bugs, so they abort with the message rather than limp on.
void ensureOperatorsRegistered();

}  // namespace jitserve
