#include "compiler/archive/module_freezing.h"

#include "compiler/frontend/compilation_unit.h"
#include "compiler/passes/freeze_module.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve {

absl::StatusOr<std::vector<FrozenMethod>> freezeMethods(const Module& module, std::span<const std::string> names) {
  std::vector<FrozenMethod> out;
  std::vector<Graph*> graphs;
  for (const std::string& name : names) {
    auto* fn = dynamic_cast<GraphFunction*>(module.findMethod(name));
    if (fn == nullptr) return absl::NotFoundError("the module has no method '" + name + "' to freeze");
    FrozenMethod m;
    m.name = name;
    m.graph = std::shared_ptr<Graph>(fn->graph().copy());
    m.schema = fn->schema();
    graphs.push_back(m.graph.get());
    out.push_back(std::move(m));
  }
  const frontend::CompilationUnit* unit = module.unit().get();
  GraphLookup lookup = [unit](std::string_view n) -> const Graph* {
    GraphFunction* f = unit ? unit->findFunction(n) : nullptr;
    return f ? &f->graph() : nullptr;
  };
  std::vector<FreezeResult> results = FreezeModuleMethods(graphs, module.asIValue(), lookup);
  for (size_t i = 0; i < out.size(); ++i) {
    InlineLookupScope scope(lookup);
    absl::StatusOr<bool> r = runPasses(*out[i].graph, frozenPipeline());
    if (!r.ok()) return r.status();
    MarkConstantTensorsFrozen(*out[i].graph);
    out[i].takesSelf = !results[i].selfDropped;
    if (results[i].selfDropped && !out[i].schema.arguments.empty())
      out[i].schema.arguments.erase(out[i].schema.arguments.begin());
  }
  return out;
}

}  // namespace jitserve
