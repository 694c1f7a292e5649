#include "runtime/interpreter/liveness.h"

#include <algorithm>

#include "runtime/ir/ir.h"
#include "runtime/support/error.h"

namespace jitserve {

bool isConstantValue(const Value* v) {
  const Symbol k = v->node()->kind();
  return k == prim::Constant || k == prim::Uninitialized;
}

bool Liveness::isMove(const Node* n, size_t input) const {
  auto it = moveInput.find(n);
  return it != moveInput.end() && it->second[input];
}

bool Liveness::isMoveOutput(const Block* b, size_t output) const {
  auto it = moveOutput.find(b);
  return it != moveOutput.end() && it->second[output];
}

namespace {

using LiveSet = absl::flat_hash_set<const Value*>;

class LivenessBuilder {
 public:
  explicit LivenessBuilder(Liveness& out) : out_(out) {}

  // Walks `b` backwards from `liveOut` (values needed after the block ends);
  // returns the values live at the block's entry, its parameters excluded.
  LiveSet analyzeBlock(const Block* b, LiveSet live) {
    markUses(out_.moveOutput[b], b->outputs(), live);
    for (auto it = b->nodes().reverse().begin(); it != b->nodes().reverse().end(); ++it) analyzeNode(*it, live);
    std::vector<const Value*>& drops = out_.dropOnEntry[b];
    for (const Value* p : b->inputs()) {
      if (!live.erase(p)) {
        // A parameter nothing reads: release it as the block starts.
        drops.push_back(p);
      }
    }
    return live;
  }

 private:
  // Marks uses, last operand first, so a value read twice by one node moves
  // only at its final operand.
  static void markUses(std::vector<bool>& moves, const std::vector<Value*>& uses, LiveSet& live) {
    moves.assign(uses.size(), false);
    for (size_t i = uses.size(); i-- > 0;) {
      const Value* v = uses[i];
      if (isConstantValue(v)) continue;
      moves[i] = live.insert(v).second;
    }
  }

  void defineOutputs(const Node* n, LiveSet& live) {
    for (const Value* o : n->outputs()) {
      if (!live.erase(o)) out_.unused.insert(o);
    }
  }

  // Values used inside `b` (at any depth) but defined outside it.
  const LiveSet& freeVariables(const Block* b) {
    auto it = freeVars_.find(b);
    if (it != freeVars_.end()) return it->second;
    LiveSet defined;
    LiveSet used;
    collect(b, defined, used);
    LiveSet free;
    for (const Value* v : used) {
      if (!defined.contains(v) && !isConstantValue(v)) free.insert(v);
    }
    return freeVars_.emplace(b, std::move(free)).first->second;
  }

  static void collect(const Block* b, LiveSet& defined, LiveSet& used) {
    for (const Value* p : b->inputs()) defined.insert(p);
    for (const Node* n : b->nodes()) {
      for (const Value* v : n->inputs()) used.insert(v);
      for (const Block* sub : n->blocks()) collect(sub, defined, used);
      for (const Value* o : n->outputs()) defined.insert(o);
    }
    for (const Value* v : b->outputs()) used.insert(v);
  }

  void analyzeNode(const Node* n, LiveSet& live) {
    defineOutputs(n, live);
    const Symbol kind = n->kind();
    if (kind == prim::If) {
      const LiveSet after = live;
      std::vector<LiveSet> branchIn;
      branchIn.reserve(n->blocks().size());
      for (const Block* b : n->blocks()) branchIn.push_back(analyzeBlock(b, after));
      LiveSet all;
      for (const LiveSet& s : branchIn) all.insert(s.begin(), s.end());
      for (size_t i = 0; i < branchIn.size(); ++i) {
        std::vector<const Value*>& drops = out_.dropOnEntry[n->blocks()[i]];
        for (const Value* v : all) {
          if (!branchIn[i].contains(v)) drops.push_back(v);
        }
      }
      live = std::move(all);
    } else if (kind == prim::Loop) {
      const Block* body = n->blocks().at(0);
      const LiveSet free = freeVariables(body);  // a copy: analyzing the body adds to freeVars_
      // Values read by the body stay live for the next iteration; the body
      // never moves them. Carried values flow through the body's outputs.
      LiveSet bodyOut = live;
      bodyOut.insert(free.begin(), free.end());
      analyzeBlock(body, bodyOut);
      std::vector<const Value*>& drops = out_.dropAfter[n];
      for (const Value* v : free) {
        if (!live.contains(v)) drops.push_back(v);
      }
      live.insert(free.begin(), free.end());
    } else {
      JS_INTERNAL_ASSERT(n->blocks().empty(), "liveness: unexpected blocks in ", n->kind().toQualString());
    }
    markUses(out_.moveInput[n], n->inputs(), live);
  }

  Liveness& out_;
  absl::flat_hash_map<const Block*, LiveSet> freeVars_;
};

}  // namespace

Liveness computeLiveness(const Graph& graph) {
  Liveness result;
  LivenessBuilder builder(result);
  const Block* top = graph.block();
  builder.analyzeBlock(top, {});
  // Graph inputs nothing reads were put in dropOnEntry(top) by analyzeBlock.
  for (const Value* in : top->inputs()) {
    const auto& d = result.dropOnEntry[top];
    if (std::find(d.begin(), d.end(), in) != d.end()) result.unused.insert(in);
  }
  return result;
}

}  // namespace jitserve
