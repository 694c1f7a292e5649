// Inliner: replaces calls of graph functions by the callee's body.
//
//   %f : Function = prim::Constant[name="double_it"]()
//   %y : int = prim::CallFunction(%f, %x)       -->   %y : int = aten::mul(%x, %2)
//
// prim::CallMethod is inlined when the receiver's ClassType has the method
// as a GraphFunction; prim::CallFunction when the callee's name resolves to
// a graph through the lookup (IR only names functions). Calls inside the
// inlined bodies are inlined too. Calls that cannot be resolved stay.
//
// `Inline(Graph&)` (the registered pass) uses the lookup installed on this
// thread by an InlineLookupScope, if any:
//
//   InlineLookupScope scope([&](std::string_view name) -> const Graph* {
//     GraphFunction* f = cu.findFunction(name);
//     return f ? &f->graph() : nullptr;
//   });
//   runPasses(graph, standardPipeline());
#pragma once

#include <functional>
#include <string_view>

#include "runtime/ir/ir.h"

namespace jitserve {

using GraphLookup = std::function<const Graph*(std::string_view qualifiedName)>;

bool Inline(Graph& graph);
bool Inline(Graph& graph, const GraphLookup& lookup);

// Installs `lookup` for Inline(Graph&) on this thread until destroyed
// (scopes nest).
class InlineLookupScope {
 public:
  explicit InlineLookupScope(GraphLookup lookup);
  ~InlineLookupScope();
  InlineLookupScope(const InlineLookupScope&) = delete;
  InlineLookupScope& operator=(const InlineLookupScope&) = delete;

 private:
  GraphLookup lookup_;
  const GraphLookup* previous_;
};

}  // namespace jitserve
