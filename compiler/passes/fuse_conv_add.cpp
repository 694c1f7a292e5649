#include "compiler/passes/fuse_conv_add.h"

#include <optional>
#include <string_view>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/weight_folding.h"

namespace jitserve {
namespace {

struct Match {
  Node* add;
  Node* conv;
  Value* other;
  bool inPlace;
};

bool isTensorAdd(const Node* n, bool& inPlace) {
  const std::string_view k = n->kind().toQualString();
  if (k != "aten::add" && k != "aten::add_") return false;
  inPlace = k == "aten::add_";
  return n->inputs().size() == 3 && n->outputs().size() == 1 && n->input(0)->type()->isa<TensorType>() &&
         n->input(1)->type()->isa<TensorType>() && constantNumber(n->input(2)).has_value();
}

// A conv2d's result has its input's rank, dtype and device, so a use that
// reads only those (BatchNorm's _check_input_dim leaves `dim` calls on the
// conv's result after folding) can read the input instead. Returns whether
// every use but `keep` was such a use (now moved to the input); `changed`
// is set when a use moved.
bool moveMetadataUsesToInput(Node* conv, const Node* keep, bool& changed) {
  Value* out = conv->output();
  Value* in = conv->input(0);
  bool others = false;
  for (const Use& u : std::vector<Use>(out->uses().begin(), out->uses().end())) {
    if (u.user == keep) continue;
    const std::string_view k = u.user->kind().toQualString();
    if ((k == "aten::dim" || k == "prim::dtype" || k == "prim::device") && u.user->inputs().size() == 1) {
      u.user->replaceInput(0, in);
      changed = true;
    } else {
      others = true;
    }
  }
  return !others;
}

// The conv2d whose only use is `add`'s operand `i`, if there is one.
Node* convOperand(Node* add, size_t i, bool& changed) {
  Node* c = add->input(i)->node();
  if (convSpatialDims(c) != 2 || c->owningBlock() != add->owningBlock()) return nullptr;
  return moveMetadataUsesToInput(c, add, changed) && c->output()->uses().size() == 1 ? c : nullptr;
}

std::optional<Match> matchAdd(Node* add, bool& changed) {
  bool inPlace = false;
  if (!isTensorAdd(add, inPlace)) return std::nullopt;
  if (add->input(0) == add->input(1)) return std::nullopt;
  if (Node* c = convOperand(add, 0, changed)) return Match{add, c, add->input(1), inPlace};
  // c + x == x + c only for the functional form with alpha 1 (add_ writes
  // into its first operand, alpha scales the second).
  if (!inPlace && *constantNumber(add->input(2)) == 1.0)
    if (Node* c = convOperand(add, 1, changed)) return Match{add, c, add->input(0), inPlace};
  return std::nullopt;
}

void collect(Block* b, std::vector<Node*>& adds) {
  for (Node* n : b->nodes()) {
    for (Block* sub : n->blocks()) collect(sub, adds);
    bool inPlace = false;
    if (isTensorAdd(n, inPlace)) adds.push_back(n);
  }
}

// The nodes after `from` up to `to`, in order (`to` follows `from`).
std::vector<Node*> between(Node* from, Node* to) {
  std::vector<Node*> v;
  for (Node* n = from->next(); n != to; n = n->next()) v.push_back(n);
  return v;
}

// Fuses the first add that matches and whose conv can move down to it;
// the AliasDb is built per fusion (it knows nothing of nodes made after it).
bool fuseOne(Graph& graph, bool& reordered) {
  std::vector<Node*> adds;
  collect(graph.block(), adds);
  std::optional<AliasDb> db;
  for (Node* add : adds) {
    std::optional<Match> m = matchAdd(add, reordered);
    if (!m) continue;
    if (!db) db.emplace(graph);
    if (m->conv->next() != add) {
      // Nodes that must stay after the conv (a write to what it reads) move
      // down with it; then it cannot meet the add.
      const std::vector<Node*> before = between(m->conv, add);
      if (!db->moveBeforeTopologicallyValid(m->conv, add)) continue;
      reordered |= between(m->conv, add) != before;
      if (m->conv->next() != add) continue;
    }
    if (!JS_OPT_ALLOWED) return false;
    GRAPH_UPDATE("fusing ", jitlog::nodeString(*add), " into ", jitlog::nodeString(*m->conv));
    Node* conv = m->conv;
    Value* inPlace = nullptr;
    Value* none = nullptr;
    Value* channelsLast = nullptr;
    {
      WithInsertPoint guard(add);
      inPlace = insertConstant(graph, IValue(m->inPlace), add->sourceRange());
      none = insertConstant(graph, IValue(), add->sourceRange());
      channelsLast = insertConstant(graph, IValue(false), conv->sourceRange());
    }
    std::vector<Value*> ins(conv->inputs().begin(), conv->inputs().end());
    ins.insert(ins.end(), {m->other, add->input(2), inPlace, none, none, channelsLast});
    Node* fused = graph.create(Symbol::fromQualString("jitserve::conv2d_add"), ins, 1);
    fused->output()->setType(add->output()->type());
    fused->setSourceRange(add->sourceRange());
    fused->insertBefore(add);
    add->output()->replaceAllUsesWith(fused->output());
    const std::string name = add->output()->debugNameRaw();
    add->destroy();
    conv->destroy();
    if (!name.empty()) fused->output()->setDebugName(name);
    return true;
  }
  return false;
}

}  // namespace

bool FuseConvAdd(Graph& graph) {
  // reordered: nodes moved or metadata uses rewritten without a fusion.
  bool changed = false, reordered = false;
  while (fuseOne(graph, reordered)) changed = true;
  changed |= reordered;
  if (changed) GRAPH_DUMP("after fuse_conv_add", graph);
  return changed;
}

}  // namespace jitserve
