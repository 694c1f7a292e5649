#include "compiler/passes/inliner.h"

#include "runtime/ir/insert_graph.h"
#include "compiler/passes/jit_log.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve {
namespace {

thread_local const GraphLookup* currentLookup = nullptr;

const Graph* calleeGraph(const Node* call, const GraphLookup& lookup) {
  if (call->kind() == prim::CallMethod) {
    if (call->inputs().empty()) return nullptr;
    const auto* cls = call->input(0)->type()->cast<ClassType>();
    if (cls == nullptr || !call->hasAttribute(attr::name)) return nullptr;
    auto* fn = dynamic_cast<GraphFunction*>(cls->findMethod(call->s(attr::name)));
    return fn ? &fn->graph() : nullptr;
  }
  if (call->kind() != prim::CallFunction || call->inputs().empty() || !lookup) return nullptr;
  const Node* callee = call->input(0)->node();
  if (callee->kind() != prim::Constant || !callee->hasAttribute(attr::name) ||
      callee->attributeKind(attr::name) != AttributeKind::s)
    return nullptr;
  return lookup(callee->s(attr::name));
}

bool inlineBlock(Block* b, const GraphLookup& lookup) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= inlineBlock(sub, lookup);
    const Graph* callee = calleeGraph(n, lookup);
    if (callee == nullptr) continue;
    const size_t firstArg = n->kind() == prim::CallFunction ? 1 : 0;
    if (n->inputs().size() - firstArg != callee->inputs().size() ||
        n->outputs().size() != callee->outputs().size() || !JS_OPT_ALLOWED)
      continue;
    GRAPH_UPDATE("inlining ", jitlog::nodeString(*n));
    std::vector<Value*> args(n->inputs().begin() + static_cast<std::ptrdiff_t>(firstArg), n->inputs().end());
    std::vector<Value*> outs;
    {
      WithInsertPoint guard(n);
      outs = insertGraph(*n->owningGraph(), *callee, args,
                         [&](const Node* inner) { return calleeGraph(inner, lookup); });
    }
    for (size_t i = 0; i < outs.size(); ++i) n->output(i)->replaceAllUsesWith(outs[i]);
    Value* fnValue = firstArg ? n->input(0) : nullptr;
    n->destroy();
    if (fnValue && !fnValue->hasUses()) fnValue->node()->destroy();
    changed = true;
  }
  return changed;
}

}  // namespace

InlineLookupScope::InlineLookupScope(GraphLookup lookup) : lookup_(std::move(lookup)), previous_(currentLookup) {
  currentLookup = &lookup_;
}

InlineLookupScope::~InlineLookupScope() { currentLookup = previous_; }

bool Inline(Graph& graph, const GraphLookup& lookup) {
  bool changed = false;
  // Inlined method bodies may hold further CallMethods; a bounded number of
  // rounds guards against recursion the frontend should have rejected.
  for (int round = 0; round < 32; ++round) {
    if (!inlineBlock(graph.block(), lookup)) break;
    changed = true;
  }
  if (changed) GRAPH_DUMP("after inlining", graph);
  return changed;
}

bool Inline(Graph& graph) { return Inline(graph, currentLookup ? *currentLookup : GraphLookup()); }

}  // namespace jitserve
