#include "compiler/executor/profiling_graph.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "runtime/ir/ir.h"
#include "runtime/support/error.h"

namespace jitserve {

namespace {

const Symbol kSlot = Symbol::attr("slot");
const Symbol kGuard = Symbol::attr("guard");

bool isPlainTensor(const Value* v) { return v->type()->kind() == TypeKind::TensorType; }

// The profiled values of g, in slot order.
std::vector<Value*> profiledValues(const Graph& g) {
  std::vector<Value*> out;
  for (Value* in : g.inputs())
    if (isPlainTensor(in)) out.push_back(in);
  for (Node* n : g.nodes())
    for (Value* o : n->outputs())
      if (isPlainTensor(o)) out.push_back(o);
  return out;
}

// The node of g's top-level block that contains n (n itself, or the If /
// Loop it is nested in).
const Node* topLevelAncestor(const Graph& g, const Node* n) {
  while (n->owningBlock() != g.block()) n = n->owningBlock()->owningNode();
  return n;
}

// What is guarded: the type `observed` pins down under `options`, or
// nullptr if nothing.
TypePtr guardType(const TypePtr& observed, const GuardOptions& options) {
  if (!observed) return nullptr;
  const auto& t = observed->expect<TensorType>();
  if (options.sizes && t.sizes()) {
    return TensorType::create(t.dtype(), t.device(), t.sizes(), std::nullopt, std::nullopt);
  }
  if (!t.dtype() && !t.device() && !t.dim()) return nullptr;
  return TensorType::create(t.dtype(), t.device(), t.dim(), std::nullopt);
}

// The values defined before the rest of `g` after v's definition (graph
// inputs and earlier top-level nodes' outputs, v and constants excepted)
// that the rest or the graph's outputs read, in first-use order; the
// constants among them; and the nodes of the rest.
struct Cut {
  std::vector<Value*> live;
  std::vector<const Node*> constants;
  std::vector<Node*> rest;
};

Cut cutAt(const Graph& g, Value* v) {
  Cut c;
  const Node* def = v->node() == g.paramNode() ? nullptr : v->node();
  absl::flat_hash_set<const Node*> inRest;
  bool started = def == nullptr;
  for (Node* n : g.nodes()) {
    if (started) {
      c.rest.push_back(n);
      inRest.insert(n);
    } else if (n == def) {
      started = true;
    }
  }
  absl::flat_hash_set<const Value*> seen{v};
  auto note = [&](Value* u) {
    if (!seen.insert(u).second) return;
    if (u->node() != g.paramNode() && inRest.contains(topLevelAncestor(g, u->node()))) return;
    if (u->node()->kind() == prim::Constant) {
      c.constants.push_back(u->node());
    } else {
      c.live.push_back(u);
    }
  };
  auto walk = [&](auto&& self, const Block* b) -> void {
    for (const Node* n : b->nodes()) {
      for (Value* in : n->inputs()) note(in);
      for (const Block* sub : n->blocks()) self(self, sub);
    }
    for (Value* out : b->outputs()) note(out);
  };
  for (Node* n : c.rest) {
    for (Value* in : n->inputs()) note(in);
    for (const Block* sub : n->blocks()) walk(walk, sub);
  }
  for (Value* out : g.outputs()) note(out);
  return c;
}

}  // namespace

size_t insertProfiling(Graph& g) {
  std::vector<Value*> values = profiledValues(g);
  Node* first = g.block()->nodes().begin() == g.block()->nodes().end() ? g.returnNode()
                                                                        : *g.block()->nodes().begin();
  for (size_t slot = 0; slot < values.size(); ++slot) {
    Value* v = values[slot];
    Node* p = g.create(prim::profile, {v}, 0);
    p->i_(kSlot, static_cast<int64_t>(slot));
    if (v->node() == g.paramNode()) {
      p->insertBefore(first);
    } else {
      p->insertAfter(v->node());
    }
  }
  return values.size();
}

GuardInsertion insertGuards(Graph& g, const ProfilingRecord& record, const GuardOptions& options) {
  GuardInsertion result;
  std::vector<Value*> values = profiledValues(g);
  JS_INTERNAL_ASSERT(values.size() == record.size(), "profiled ", record.size(), " values but the graph has ",
                     values.size());
  // Values defined between prim::Enter and prim::Exit are not guarded: a
  // bail-out there would leave the context for the continuation to exit.
  absl::flat_hash_set<const Value*> insideWith;
  int depth = 0;
  for (Node* n : g.nodes()) {
    if (n->kind() == prim::Enter) ++depth;
    if (n->kind() == prim::Exit) --depth;
    if (depth > 0)
      for (Value* o : n->outputs()) insideWith.insert(o);
  }

  struct Planned {
    Value* value;
    TypePtr type;
    size_t slot;
    std::vector<Value*> live;
  };
  std::vector<Planned> planned;
  for (size_t slot = 0; slot < values.size(); ++slot) {
    Value* v = values[slot];
    TypePtr t = guardType(record.observed(slot), options);
    if (!t) {
      ++result.unprofiled;
      continue;
    }
    if (v->type()->isSubtypeOf(*t) || !v->hasUses() || insideWith.contains(v)) {
      ++result.skipped;
      continue;
    }
    // Live values of g as it is now, before any guard: the continuation is
    // cut from the unchanged base graph the same way.
    planned.push_back({v, std::move(t), slot, cutAt(g, v).live});
  }

  Node* first = g.block()->nodes().begin() == g.block()->nodes().end() ? g.returnNode()
                                                                        : *g.block()->nodes().begin();
  for (Planned& p : planned) {
    std::vector<Value*> inputs{p.value};
    inputs.insert(inputs.end(), p.live.begin(), p.live.end());
    Node* guard = g.create(prim::Guard, inputs, 1);
    guard->ty_(attr::profiled_type, p.type);
    guard->i_(kGuard, static_cast<int64_t>(result.guards++));
    result.slots.push_back(p.slot);
    guard->output()->setType(p.type);
    if (p.value->hasDebugName()) guard->output()->setDebugName(p.value->debugNameRaw() + ".guarded");
    if (p.value->node() == g.paramNode()) {
      guard->insertBefore(first);
    } else {
      guard->insertAfter(p.value->node());
    }
    p.value->replaceAllUsesAfterNodeWith(guard, guard->output());
  }
  return result;
}

std::shared_ptr<Graph> cutContinuation(const Graph& base, size_t slot) {
  std::vector<Value*> values = profiledValues(base);
  JS_INTERNAL_ASSERT(slot < values.size(), "no profiled value ", slot, " in the base graph");
  Value* v = values[slot];
  Cut c = cutAt(base, v);
  auto graph = std::make_shared<Graph>();
  absl::flat_hash_map<const Value*, Value*> map;
  map[v] = graph->addInput()->copyMetadata(v);
  for (Value* u : c.live) map[u] = graph->addInput()->copyMetadata(u);
  auto lookup = [&](Value* u) -> Value* {
    auto it = map.find(u);
    JS_INTERNAL_ASSERT(it != map.end(), "continuation: %", u->debugName(), " has no definition");
    return it->second;
  };
  graph->setInsertPoint(graph->block());
  for (const Node* k : c.constants) {
    Node* copy = graph->insertNode(graph->createClone(k, lookup));
    map[k->output()] = copy->output();
  }
  for (Node* n : c.rest) {
    Node* copy = graph->insertNode(graph->createClone(n, lookup));
    for (size_t i = 0; i < n->outputs().size(); ++i) map[n->outputs()[i]] = copy->outputs()[i];
  }
  for (Value* out : base.outputs()) graph->registerOutput(lookup(out));
  return graph;
}

}  // namespace jitserve
