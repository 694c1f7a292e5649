#include "runtime/ops/op_registration.h"

#include "runtime/core/operator_registry.h"
#include "runtime/support/error.h"

namespace jitserve::ops {

void registerOpEntries(OperatorRegistry& registry, std::span<const OpEntry> entries) {
  for (const OpEntry& e : entries) {
    absl::Status st = registry.add(OperatorDef(e.schema, e.kernel, e.doc));
    // An overload registered twice (e.g. by another layer) keeps the first
    // kernel; a schema that does not parse is our bug.
    if (!st.ok() && st.code() != absl::StatusCode::kAlreadyExists)
      JS_INTERNAL_ASSERT(false, "registering ", e.schema, ": ", st.message());
  }
}

}  // namespace jitserve::ops
