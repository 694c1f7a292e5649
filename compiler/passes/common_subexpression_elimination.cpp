#include "compiler/passes/common_subexpression_elimination.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"

namespace jitserve {
namespace {

class CSE {
 public:
  explicit CSE(Graph& g) : db_(g) {}

  bool runBlock(Block* b) {
    bool changed = false;
    std::vector<std::string> added;
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
      if (!candidate(n)) continue;
      std::string key = keyOf(n);
      auto found = seen_.find(key);
      if (found == seen_.end()) {
        seen_.emplace(key, n);
        added.push_back(std::move(key));
        continue;
      }
      if (!JS_OPT_ALLOWED) continue;
      Node* earlier = found->second;
      GRAPH_UPDATE("replacing ", jitlog::nodeString(*n), " with %", earlier->outputs()[0]->debugName());
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* o = n->output(i);
        Value* e = earlier->output(i);
        o->replaceAllUsesWith(e);
      }
      n->destroy();
      changed = true;
    }
    for (const std::string& k : added) seen_.erase(k);  // leaving the scope
    return changed;
  }

 private:
  bool candidate(const Node* n) const {
    const Symbol k = n->kind();
    if (k == prim::Constant || k == prim::CreateObject || k == prim::Uninitialized || k == prim::GetAttr ||
        n->outputs().empty() || !n->blocks().empty())
      return false;
    if (db_.hasSideEffects(n) || isNondeterministic(n) || db_.hasWrites(n) || db_.hasWriters(n)) return false;
    for (const Value* o : n->outputs())
      if (db_.isMutable(o) && db_.escapes(o)) return false;
    return true;
  }

  static std::string keyOf(const Node* n) {
    std::string key(n->kind().toQualString());
    key += '(';
    for (const Value* in : n->inputs()) key += std::to_string(in->unique()) + ",";
    key += ')';
    key += attributesKey(n);
    key += "->";
    for (const Value* o : n->outputs()) key += o->type()->str() + ",";
    return key;
  }

  AliasDb db_;
  absl::flat_hash_map<std::string, Node*> seen_;
};

}  // namespace

bool EliminateCommonSubexpression(Graph& graph) {
  bool changed = CSE(graph).runBlock(graph.block());
  if (changed) GRAPH_DUMP("after common subexpression elimination", graph);
  return changed;
}

}  // namespace jitserve
