#include "compiler/passes/guard_elimination.h"

#include <vector>

namespace jitserve {

namespace {

bool onlyFeedsGuards(const Value* v) {
  for (const Use& u : v->uses()) {
    if (u.user->kind() != prim::Guard || u.offset == 0) return false;
  }
  return true;
}

}  // namespace

bool EliminateGuards(Graph& graph) {
  // Guards live in the top-level block only; walk backwards so a guard that
  // only fed later (removed) guards is seen after them.
  std::vector<Node*> guards;
  for (Node* n : graph.nodes())
    if (n->kind() == prim::Guard) guards.push_back(n);
  bool changed = false;
  for (auto it = guards.rbegin(); it != guards.rend(); ++it) {
    Node* g = *it;
    Value* in = g->input(0);
    const bool proven = g->hasAttribute(attr::profiled_type) && in->type()->isSubtypeOf(*g->ty(attr::profiled_type));
    if (!proven && !onlyFeedsGuards(g->output())) continue;
    g->output()->replaceAllUsesWith(in);
    g->destroy();
    changed = true;
  }
  return changed;
}

}  // namespace jitserve
