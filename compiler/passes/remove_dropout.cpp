#include "compiler/passes/remove_dropout.h"

#include <string_view>

#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

// 0: not a dropout; 1: functional; 2: in place.
int dropoutForm(const Node* n) {
  if (n->inputs().size() != 3 || n->outputs().size() != 1) return 0;
  std::string_view k = n->kind().toQualString();
  const bool inPlace = k.ends_with("_");
  if (inPlace) k.remove_suffix(1);
  if (k != "aten::dropout" && k != "aten::feature_dropout" && k != "aten::alpha_dropout" &&
      k != "aten::feature_alpha_dropout")
    return 0;
  return inPlace ? 2 : 1;
}

bool removeIn(Block* b, const AliasDb& db) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= removeIn(sub, db);
    const int form = dropoutForm(n);
    if (form == 0) continue;
    std::optional<bool> train = constantBool(n->input(2));
    if (!train || *train) continue;
    if (form == 1 && (db.hasWriters(n->input(0)) || db.hasWriters(n->output()))) continue;
    if (!JS_OPT_ALLOWED) continue;
    GRAPH_UPDATE("removing ", jitlog::nodeString(*n));
    n->output()->replaceAllUsesWith(n->input(0));
    n->destroy();
    changed = true;
  }
  return changed;
}

}  // namespace

bool RemoveDropout(Graph& graph) {
  // Removing a node changes no other node's aliasing facts the analysis
  // gave: the values it relates stay; one AliasDb serves the whole walk.
  AliasDb db(graph);
  return removeIn(graph.block(), db);
}

}  // namespace jitserve
