#include "compiler/passes/dead_code_elimination.h"

#include "absl/container/flat_hash_set.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"

namespace jitserve {
namespace {

class DeadCodeEliminator {
 public:
  explicit DeadCodeEliminator(Graph& g) : graph_(g), db_(g) {}

  bool run() {
    for (const Value* v : graph_.outputs()) markValue(v);
    bool changed = true;
    while (changed) {
      changed_ = false;
      markBlock(graph_.block());
      changed = changed_;
    }
    return sweepBlock(graph_.block());
  }

 private:
  void markValue(const Value* v) {
    if (!liveValues_.insert(v).second) return;
    // Whatever writes memory this value may point to, or anything it
    // contains, is observable through it.
    if (db_.isMutable(v)) liveLocations_.unionWith(db_.memoryLocations(v, /*includeContents=*/true));
  }

  bool writesLive(const Node* n) {
    if (!db_.hasWrites(n)) return false;
    return db_.writesEscapingMemory(n) || db_.writeLocations(n).intersects(liveLocations_);
  }

  bool isLive(const Node* n) {
    if (live_.contains(n)) return true;
    if (db_.hasSideEffects(n) || writesLive(n)) return true;
    for (const Value* o : n->outputs())
      if (liveValues_.contains(o)) return true;
    return false;
  }

  void markNode(const Node* n) {
    if (!live_.insert(n).second) return;
    changed_ = true;
    for (const Value* in : n->inputs()) markValue(in);
  }

  void markBlock(const Block* b) {
    for (const Node* n : b->nodes().reverse()) {
      if (isLive(n)) markNode(n);
      if (n->kind() == prim::If) {
        for (size_t i = 0; i < n->outputs().size(); ++i)
          if (liveValues_.contains(n->output(i)))
            for (const Block* sub : n->blocks()) markValue(sub->outputs()[i]);
      } else if (!n->blocks().empty() && live_.contains(n)) {
        for (const Block* sub : n->blocks())
          for (const Value* o : sub->outputs()) markValue(o);
      }
      for (const Block* sub : n->blocks()) {
        markBlock(sub);
        for (const Node* inner : sub->nodes())
          if (live_.contains(inner)) markNode(n);
      }
      if (live_.contains(n) && n->kind() == prim::Loop) {
        for (const Block* sub : n->blocks())
          for (const Value* o : sub->outputs()) markValue(o);
      }
    }
  }

  bool sweepBlock(Block* b) {
    bool changed = false;
    for (auto it = b->nodes().reverse().begin(); it != b->nodes().reverse().end();) {
      Node* n = *it++;
      if (live_.contains(n)) {
        for (Block* sub : n->blocks()) changed |= sweepBlock(sub);
        if (n->kind() == prim::If) changed |= pruneIfOutputs(n);
        continue;
      }
      if (n->hasUses() || !JS_OPT_ALLOWED) continue;
      GRAPH_UPDATE("removing dead node ", jitlog::nodeString(*n));
      n->destroy();
      changed = true;
    }
    return changed;
  }

  bool pruneIfOutputs(Node* n) {
    bool changed = false;
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (n->output(i)->hasUses()) continue;
      GRAPH_UPDATE("removing unused output ", i, " of ", jitlog::nodeString(*n));
      n->eraseOutput(i);
      for (Block* sub : n->blocks()) sub->eraseOutput(i);
      changed = true;
    }
    return changed;
  }

  Graph& graph_;
  AliasDb db_;
  absl::flat_hash_set<const Node*> live_;
  absl::flat_hash_set<const Value*> liveValues_;
  ElementSet liveLocations_;
  bool changed_ = false;
};

}  // namespace

bool EliminateDeadCode(Graph& graph) {
  bool changed = false;
  // Pruning if-outputs can make their producers dead: repeat until stable.
  while (DeadCodeEliminator(graph).run()) changed = true;
  if (changed) GRAPH_DUMP("after dead code elimination", graph);
  return changed;
}

}  // namespace jitserve
