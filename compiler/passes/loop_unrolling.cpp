#include "compiler/passes/loop_unrolling.h"

#include <optional>
#include <unordered_map>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/jit_log.h"

namespace jitserve {
namespace {

std::optional<IValue> constantOf(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  return constantNodeValue(*v->node());
}

bool isConstTrue(const Value* v) {
  auto c = constantOf(v);
  return c && c->isBool() && c->toBool();
}

bool isConstInt(const Value* v, int64_t want) {
  auto c = constantOf(v);
  return c && c->isInt() && c->toInt() == want;
}

size_t bodySize(const Block* b) {
  size_t n = 0;
  for (const Node* node : b->nodes()) {
    if (node->kind() == prim::Constant) continue;
    ++n;
    for (const Block* sub : node->blocks()) n += bodySize(sub);
  }
  return n;
}

// A trip count this pass made: floordiv(_, 8) or sub(_, mul(_, 8)).
bool madeByUnrolling(const Value* trip) {
  const Node* n = trip->node();
  if (n->kind() == Symbol::aten("floordiv") && n->inputs().size() == 2 && isConstInt(n->input(1), kUnrollFactor))
    return true;
  if (n->kind() == aten::sub && n->inputs().size() == 2) {
    const Node* m = n->input(1)->node();
    return m->kind() == aten::mul && m->inputs().size() == 2 && isConstInt(m->input(1), kUnrollFactor);
  }
  return false;
}

Value* insertIntOp(Graph& g, Symbol kind, Value* a, Value* b) {
  Node* n = g.insertNode(g.create(kind, {a, b}));
  n->output()->setType(IntType::get());
  return n->output();
}

// A copy of n (blocks included) whose inputs are mapped through env; its
// outputs are added to env. Names are copied by value: Graph::createClone
// passes the original's name by reference, and taking the name renames the
// original, so copying within one graph would give both the new name.
Node* cloneNode(Graph& g, const Node* n, std::unordered_map<const Value*, Value*>& env) {
  auto map = [&](Value* v) -> Value* {
    auto it = env.find(v);
    return it == env.end() ? v : it->second;
  };
  auto copyValue = [&](const Value* from, Value* to) {
    to->setType(from->type());
    if (from->hasDebugName()) to->setDebugName(std::string(from->debugNameRaw()));
    env[from] = to;
  };
  Node* c = g.create(n->kind(), 0);
  for (Value* in : n->inputs()) c->addInput(map(in));
  for (const Value* o : n->outputs()) copyValue(o, c->addOutput());
  c->copyAttributes(*n);
  c->setSourceRange(n->sourceRange());
  for (const Block* b : n->blocks()) {
    Block* nb = c->addBlock();
    for (const Value* in : b->inputs()) copyValue(in, nb->addInput());
    for (const Node* inner : b->nodes()) nb->appendNode(cloneNode(g, inner, env));
    for (Value* o : b->outputs()) nb->registerOutput(map(o));
  }
  return c;
}

// Copies body's nodes at g's insertion point, with its inputs bound to
// `inputs`; returns the values standing for its outputs.
std::vector<Value*> copyBody(Graph& g, const Block* body, const std::vector<Value*>& inputs) {
  std::unordered_map<const Value*, Value*> env;
  for (size_t i = 0; i < inputs.size(); ++i) env[body->inputs()[i]] = inputs[i];
  for (const Node* n : body->nodes()) g.insertNode(cloneNode(g, n, env));
  std::vector<Value*> outs;
  for (Value* o : body->outputs()) {
    auto it = env.find(o);
    outs.push_back(it == env.end() ? o : it->second);
  }
  return outs;
}

bool isForLoop(const Node* loop) {
  return loop->kind() == prim::Loop && isConstTrue(loop->input(1)) && isConstTrue(loop->blocks()[0]->outputs()[0]);
}

bool unrollFully(Graph& g, Node* loop, int64_t trips) {
  if (!JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("unrolling ", trips, " iterations of ", jitlog::nodeString(*loop));
  const Block* body = loop->blocks()[0];
  std::vector<Value*> carried(loop->inputs().begin() + 2, loop->inputs().end());
  {
    WithInsertPoint guard(loop);
    for (int64_t i = 0; i < trips; ++i) {
      std::vector<Value*> ins{insertConstant(g, IValue(i))};
      ins.insert(ins.end(), carried.begin(), carried.end());
      std::vector<Value*> outs = copyBody(g, body, ins);
      carried.assign(outs.begin() + 1, outs.end());
    }
  }
  for (size_t i = 0; i < loop->outputs().size(); ++i) loop->output(i)->replaceAllUsesWith(carried[i]);
  loop->destroy();
  return true;
}

bool unrollByFactor(Graph& g, Node* loop) {
  if (!JS_OPT_ALLOWED) return false;
  GRAPH_UPDATE("unrolling by ", kUnrollFactor, ": ", jitlog::nodeString(*loop));
  Block* body = loop->blocks()[0];
  const bool usesIter = body->inputs()[0]->hasUses();
  Value* mainTrips;
  Value* doneTrips;
  Value* restTrips;
  Value* factor;
  Value* trueValue;
  Node* mainLoop;
  {
    WithInsertPoint guard(loop);
    Value* zero = insertConstant(g, IValue(int64_t{0}));
    factor = insertConstant(g, IValue(kUnrollFactor));
    trueValue = insertConstant(g, IValue(true));
    Value* n = insertIntOp(g, prim::max, loop->input(0), zero);
    mainTrips = insertIntOp(g, Symbol::aten("floordiv"), n, factor);
    doneTrips = insertIntOp(g, aten::mul, mainTrips, factor);
    restTrips = insertIntOp(g, aten::sub, n, doneTrips);
    mainLoop = g.insertNode(g.create(prim::Loop, {mainTrips, trueValue}, 0));
  }
  for (size_t i = 2; i < loop->inputs().size(); ++i) mainLoop->addInput(loop->input(i));
  Block* mainBody = mainLoop->addBlock();
  Value* iter = mainBody->addInput()->setType(IntType::get());
  std::vector<Value*> carried;
  for (size_t i = 0; i < loop->outputs().size(); ++i) {
    mainLoop->addOutput()->setType(loop->output(i)->type());
    carried.push_back(mainBody->addInput()->setType(body->inputs()[i + 1]->type()));
  }
  {
    WithInsertPoint guard(mainBody);
    Value* base = usesIter ? insertIntOp(g, aten::mul, iter, factor) : iter;
    for (int64_t j = 0; j < kUnrollFactor; ++j) {
      Value* it = iter;
      if (usesIter) it = j == 0 ? base : insertIntOp(g, aten::add, base, insertConstant(g, IValue(j)));
      std::vector<Value*> ins{it};
      ins.insert(ins.end(), carried.begin(), carried.end());
      std::vector<Value*> outs = copyBody(g, body, ins);
      carried.assign(outs.begin() + 1, outs.end());
    }
  }
  mainBody->registerOutput(trueValue);
  for (Value* c : carried) mainBody->registerOutput(c);
  // The original loop runs the remaining trips, starting from the main
  // loop's results, with its iteration number offset.
  loop->replaceInput(0, restTrips);
  for (size_t i = 0; i < mainLoop->outputs().size(); ++i) loop->replaceInput(i + 2, mainLoop->output(i));
  if (usesIter) {
    Value* restIter = body->inputs()[0];
    WithInsertPoint guard(body->nodes().front());
    Value* shifted = insertIntOp(g, aten::add, doneTrips, restIter);
    restIter->replaceAllUsesWith(shifted);
    shifted->node()->replaceInput(1, restIter);
  }
  return true;
}

bool unrollBlock(Graph& g, Block* b) {
  bool changed = false;
  for (auto it = b->nodes().begin(); it != b->nodes().end();) {
    Node* n = *it++;
    for (Block* sub : n->blocks()) changed |= unrollBlock(g, sub);
    if (!isForLoop(n)) continue;
    const size_t size = bodySize(n->blocks()[0]);
    auto trips = constantOf(n->input(0));
    if (trips && trips->isInt() && trips->toInt() <= kMaxFullUnroll &&
        static_cast<size_t>(std::max<int64_t>(trips->toInt(), 0)) * size <= kMaxBodySize * kUnrollFactor) {
      changed |= unrollFully(g, n, std::max<int64_t>(trips->toInt(), 0));
      continue;
    }
    if (size > kMaxBodySize || madeByUnrolling(n->input(0))) continue;
    changed |= unrollByFactor(g, n);
  }
  return changed;
}

}  // namespace

bool UnrollLoops(Graph& graph) {
  bool changed = unrollBlock(graph, graph.block());
  if (changed) GRAPH_DUMP("after loop unrolling", graph);
  return changed;
}

}  // namespace jitserve
