#include "runtime/ops/op_registration.h"

#include "runtime/core/operator_registry.h"
#include "runtime/support/error.h"

namespace jitserve::ops {

void registerOpEntries(OperatorRegistry& registry, std::span<const OpEntry> entries, DeviceType device) {
  for (const OpEntry& e : entries) {
    OperatorDef def(e.schema, e.kernel, e.doc);
    def.signature = e.signature;
    def.flags = e.flags;
    def.device = device;
    absl::Status st = registry.add(def);
    JS_INTERNAL_ASSERT(st.ok(), "registering ", e.schema, ": ", st.message());
  }
}

}  // namespace jitserve::ops
