#include "compiler/passes/constant_pooling.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"

namespace jitserve {
namespace {

void collectConstants(Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == prim::Constant) out.push_back(n);
    for (Block* sub : n->blocks()) collectConstants(sub, out);
  }
}

}  // namespace

bool ConstantPooling(Graph& graph) {
  AliasDb db(graph);
  std::vector<Node*> constants;
  collectConstants(graph.block(), constants);
  bool changed = false;
  absl::flat_hash_map<std::string, Node*> pool;
  Node* insertAfter = nullptr;  // the last hoisted constant
  for (Node* n : constants) {
    const Value* out = n->output();
    const bool mutableWritten = db.isMutable(out) && db.hasWriters(out);
    if (!mutableWritten) {
      std::string key = out->type()->str() + "|" + attributesKey(n);
      auto [it, inserted] = pool.emplace(key, n);
      if (!inserted) {
        if (!JS_OPT_ALLOWED) continue;
        GRAPH_UPDATE("pooling ", jitlog::nodeString(*n), " into %", it->second->output()->debugName());
        n->output()->replaceAllUsesWith(it->second->output());
        n->destroy();
        changed = true;
        continue;
      }
    }
    // Hoist to the top of the graph, keeping the constants' relative order.
    Node* target = insertAfter ? insertAfter->next() : graph.block()->nodes().front();
    if (n != target) {
      if (insertAfter) {
        n->moveAfter(insertAfter);
      } else {
        n->moveBefore(graph.block()->nodes().front());
      }
      changed = true;
    }
    insertAfter = n;
  }
  if (changed) GRAPH_DUMP("after constant pooling", graph);
  return changed;
}

}  // namespace jitserve
