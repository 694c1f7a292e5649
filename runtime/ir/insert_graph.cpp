#include "runtime/ir/insert_graph.h"

#include <unordered_map>

#include "runtime/support/error.h"

namespace jitserve {

namespace {

// Copies src's nodes before g's insertion point; env maps callee values to
// ours (seeded with the inputs) and is extended with every copied output.
void copyNodes(Graph& g, const Block& src, std::unordered_map<const Value*, Value*>& env,
               const InlineCallFn& inlineCall) {
  // Function constants are copied only when something other than an inlined
  // call uses them: a leftover one would name a function the caller's unit
  // cannot resolve.
  std::function<Value*(Value*)> lookup = [&](Value* v) -> Value* {
    auto it = env.find(v);
    if (it != env.end()) return it->second;
    const Node* def = v->node();
    JS_INTERNAL_ASSERT(def->kind() == prim::Constant && v->type()->kind() == TypeKind::FunctionType,
                       "insertGraph: a value used before its definition");
    Node* c = g.createClone(def, lookup, false);
    g.insertNode(c);
    return env[v] = c->output();
  };
  for (const Node* n : src.nodes()) {
    if (n->kind() == prim::Constant && n->outputs().size() == 1 &&
        n->output()->type()->kind() == TypeKind::FunctionType)
      continue;
    if (inlineCall && n->kind() == prim::CallFunction) {
      if (const Graph* sub = inlineCall(n)) {
        std::vector<Value*> args;
        for (size_t i = 1; i < n->inputs().size(); ++i) args.push_back(lookup(n->inputs()[i]));
        std::vector<Value*> outs = insertGraph(g, *sub, args, inlineCall);
        JS_INTERNAL_ASSERT(outs.size() == n->outputs().size(), "insertGraph: inlined call returns ", outs.size(),
                           " values, the call has ", n->outputs().size());
        for (size_t i = 0; i < outs.size(); ++i) env[n->outputs()[i]] = outs[i];
        continue;
      }
    }
    Node* c = g.createClone(n, lookup, false);
    g.insertNode(c);
    // Blocks are copied by this same walk, so calls inside them inline too.
    for (const Block* b : n->blocks()) {
      Block* nb = c->addBlock();
      for (Value* in : b->inputs()) env[in] = nb->addInput()->copyMetadata(in);
      Node* saved = g.insertPoint();
      g.setInsertPoint(nb);
      copyNodes(g, *b, env, inlineCall);
      for (Value* o : b->outputs()) nb->registerOutput(lookup(o));
      g.setInsertPoint(saved);
    }
    for (size_t i = 0; i < n->outputs().size(); ++i) env[n->outputs()[i]] = c->outputs()[i];
  }
}

}  // namespace

std::vector<Value*> insertGraph(Graph& g, const Graph& callee, const std::vector<Value*>& inputs,
                                const InlineCallFn& inlineCall) {
  JS_INTERNAL_ASSERT(inputs.size() == callee.inputs().size(), "insertGraph: ", inputs.size(),
                     " inputs for a graph that takes ", callee.inputs().size());
  std::unordered_map<const Value*, Value*> env;
  for (size_t i = 0; i < inputs.size(); ++i) env[callee.inputs()[i]] = inputs[i];
  copyNodes(g, *callee.block(), env, inlineCall);
  std::vector<Value*> outs;
  for (Value* o : callee.outputs()) outs.push_back(env.at(o));
  return outs;
}

}  // namespace jitserve
