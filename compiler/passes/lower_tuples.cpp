#include "compiler/passes/lower_tuples.h"

#include <string>
#include <vector>

#include "compiler/passes/jit_log.h"

namespace jitserve {
namespace {

bool isTuple(const Value* v) { return v->type()->isa<TupleType>(); }

// The elements of tuple `v`, usable just before `insertBefore`: the inputs
// of its TupleConstruct, placeholders for a placeholder, or the outputs of a
// new prim::TupleUnpack.
std::vector<Value*> elementsOf(Graph& g, Value* v, Node* insertBefore) {
  if (v->node()->kind() == prim::TupleConstruct) return v->node()->inputs();
  const auto& types = v->type()->expect<TupleType>().elements();
  WithInsertPoint guard(insertBefore);
  if (v->node()->kind() == prim::Uninitialized) {
    // A placeholder on a path that never reads it (early returns): its
    // elements are placeholders too; unpacking it would fail at run time.
    std::vector<Value*> elems;
    for (const TypePtr& t : types) elems.push_back(g.insertNode(g.create(prim::Uninitialized, 1))->output()->setType(t));
    return elems;
  }
  Node* unpack = g.insertNode(g.create(prim::TupleUnpack, {v}, 0));
  for (const TypePtr& t : types) unpack->addOutput()->setType(t);
  return unpack->outputs();
}

Value* rebuildTuple(Graph& g, const std::vector<Value*>& elems, const TypePtr& type, Node* insertBefore) {
  WithInsertPoint guard(insertBefore);
  Node* c = g.insertNode(g.create(prim::TupleConstruct, elems, 1));
  c->output()->setType(type);
  return c->output();
}

// Replaces output i of n by `with` (which takes its name) and erases it.
void replaceKeepingName(Node* n, size_t i, Value* with) {
  Value* old = n->output(i);
  const std::string name = old->debugNameRaw();
  if (with != nullptr) old->replaceAllUsesWith(with);
  n->eraseOutput(i);
  if (with != nullptr && !name.empty()) with->setDebugName(name);
}

// Splits output i of a prim::If.
void lowerIfOutput(Graph& g, Node* n, size_t i) {
  const TypePtr type = n->output(i)->type();
  const auto& types = type->expect<TupleType>().elements();
  const size_t k = types.size();
  for (Block* b : n->blocks()) {
    std::vector<Value*> elems = elementsOf(g, b->outputs()[i], b->returnNode());
    for (size_t j = 0; j < k; ++j) b->insertOutput(i + 1 + j, elems[j]);
    b->eraseOutput(i);
  }
  std::vector<Value*> outs;
  for (size_t j = 0; j < k; ++j) outs.push_back(n->insertOutput(i + 1 + j)->setType(types[j]));
  replaceKeepingName(n, i, n->output(i)->hasUses() ? rebuildTuple(g, outs, type, n->next()) : nullptr);
}

// Splits carried value i of a prim::Loop (inputs: trip, cond, carried...;
// body: iter, carried... -> cond, carried...).
void lowerLoopCarried(Graph& g, Node* n, size_t i) {
  Block* body = n->blocks()[0];
  const TypePtr type = n->output(i)->type();
  const auto& types = type->expect<TupleType>().elements();
  const size_t k = types.size();
  std::vector<Value*> init = elementsOf(g, n->input(i + 2), n);
  for (size_t j = 0; j < k; ++j) n->insertInput(i + 3 + j, init[j]);
  n->removeInput(i + 2);

  std::vector<Value*> ins;
  for (size_t j = 0; j < k; ++j) ins.push_back(body->insertInput(i + 2 + j)->setType(types[j]));
  Value* oldIn = body->inputs()[i + 1];
  if (oldIn->hasUses()) oldIn->replaceAllUsesWith(rebuildTuple(g, ins, oldIn->type(), body->nodes().front()));
  body->eraseInput(i + 1);

  std::vector<Value*> next = elementsOf(g, body->outputs()[i + 1], body->returnNode());
  for (size_t j = 0; j < k; ++j) body->insertOutput(i + 2 + j, next[j]);
  body->eraseOutput(i + 1);

  std::vector<Value*> outs;
  for (size_t j = 0; j < k; ++j) outs.push_back(n->insertOutput(i + 1 + j)->setType(types[j]));
  replaceKeepingName(n, i, n->output(i)->hasUses() ? rebuildTuple(g, outs, type, n->next()) : nullptr);
}

bool lowerBlock(Graph& g, Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= lowerBlock(g, sub);
    if (n->kind() != prim::If && n->kind() != prim::Loop) continue;
    for (size_t i = n->outputs().size(); i-- > 0;) {
      if (!isTuple(n->output(i)) || !JS_OPT_ALLOWED) continue;
      GRAPH_UPDATE("splitting tuple output ", i, " of ", jitlog::nodeString(*n));
      if (n->kind() == prim::If) {
        lowerIfOutput(g, n, i);
      } else {
        lowerLoopCarried(g, n, i);
      }
      changed = true;
    }
  }
  return changed;
}

}  // namespace

bool LowerTuples(Graph& graph) {
  bool changed = false;
  for (int round = 0; round < 16; ++round) {  // one round per level of nesting
    if (!lowerBlock(graph, graph.block())) break;
    changed = true;
  }
  if (changed) GRAPH_DUMP("after lowering tuples", graph);
  return changed;
}

}  // namespace jitserve
