// Operator tables: each kernel file lists its overloads as OpEntry rows (the
// schema string exactly as PyTorch declares it, the kernel, one line of doc)
// and its register*Ops function hands the table to the registry.
#pragma once

#include <span>

#include "runtime/core/stack.h"

namespace jitserve {
class OperatorRegistry;
}

namespace jitserve::ops {

using KernelFn = void (*)(Stack&);

struct OpEntry {
  const char* schema;
  KernelFn kernel;
  const char* doc;
};

void registerOpEntries(OperatorRegistry& registry, std::span<const OpEntry> entries);

}  // namespace jitserve::ops
