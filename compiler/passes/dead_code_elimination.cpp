#include "compiler/passes/dead_code_elimination.h"

#include "absl/container/flat_hash_set.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "runtime/support/error.h"

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
    changed_ = true;
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
      } else if (n->kind() == prim::Loop) {
        if (live_.contains(n)) markLoopOutputs(n);
      } else if (!n->blocks().empty() && live_.contains(n)) {
        for (const Block* sub : n->blocks())
          for (const Value* o : sub->outputs()) markValue(o);
      }
      for (const Block* sub : n->blocks()) {
        markBlock(sub);
        for (const Node* inner : sub->nodes())
          if (live_.contains(inner)) markNode(n);
      }
      if (n->kind() == prim::Loop && live_.contains(n)) markLoopOutputs(n);
    }
  }

  // A live loop needs its condition, and a carried value only when the loop
  // result is used or the body reads it (the next iteration's input).
  void markLoopOutputs(const Node* n) {
    const Block* body = n->blocks()[0];
    markValue(body->outputs()[0]);
    for (size_t i = 0; i < n->outputs().size(); ++i)
      if (keepCarried(n, i)) markValue(body->outputs()[i + 1]);
  }

  bool keepCarried(const Node* n, size_t i) {
    // The limiter cannot stop a slot half-removed: keep every slot then.
    if (jitlog::detail::anyOptLimit.load(std::memory_order_relaxed)) return true;
    return liveValues_.contains(n->output(i)) || liveValues_.contains(n->blocks()[0]->inputs()[i + 1]);
  }

  bool sweepBlock(Block* b) {
    bool changed = false;
    for (auto it = b->nodes().reverse().begin(); it != b->nodes().reverse().end();) {
      Node* n = *it++;
      if (live_.contains(n)) {
        std::vector<size_t> deadCarried;
        if (n->kind() == prim::Loop) deadCarried = dropCarriedOutputs(n);
        for (Block* sub : n->blocks()) changed |= sweepBlock(sub);
        if (n->kind() == prim::If) changed |= pruneIfOutputs(n);
        if (!deadCarried.empty()) {
          dropCarriedInputs(n, deadCarried);
          changed = true;
        }
        continue;
      }
      if (n->hasUses() || !JS_OPT_ALLOWED) continue;
      GRAPH_UPDATE("removing dead node ", jitlog::nodeString(*n));
      n->destroy();
      changed = true;
    }
    return changed;
  }

  // Loop-carried values nobody needs (keepCarried): first the loop's output
  // and the body's output (so the body's producers become unused), then,
  // after the body is swept, the body's input and the loop's initial value.
  std::vector<size_t> dropCarriedOutputs(Node* n) {
    std::vector<size_t> dead;
    Block* body = n->blocks()[0];
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (keepCarried(n, i) || n->output(i)->hasUses()) continue;
      GRAPH_UPDATE("removing unused loop-carried value ", i, " of ", jitlog::nodeString(*n));
      body->eraseOutput(i + 1);
      n->eraseOutput(i);
      dead.push_back(i);  // descending
    }
    return dead;
  }

  void dropCarriedInputs(Node* n, const std::vector<size_t>& dead) {
    Block* body = n->blocks()[0];
    for (size_t i : dead) {
      JS_INTERNAL_ASSERT(!body->inputs()[i + 1]->hasUses(), "a dropped loop-carried value is still read");
      body->eraseInput(i + 1);
      n->removeInput(i + 2);
    }
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
