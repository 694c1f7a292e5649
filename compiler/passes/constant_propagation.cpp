#include "compiler/passes/constant_propagation.h"

#include <optional>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/core/operator.h"
#include "runtime/interpreter/constant_value.h"

namespace jitserve {
namespace {

std::optional<IValue> valueOf(const Value* v) {
  const Node* n = v->node();
  if (n->kind() != prim::Constant || n->hasAttribute(attr::name)) return std::nullopt;
  try {
    return constantValue(*n);
  } catch (const std::exception&) {
    return std::nullopt;  // text the IR cannot turn back into a value (<Tensor>)
  }
}

// Values we are willing to bake into the graph as constants.
bool isInsertable(const IValue& v) {
  if (v.isNone() || v.isInt() || v.isDouble() || v.isBool() || v.isString() || v.isDevice() || v.isTensor())
    return true;
  if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements)
      if (!isInsertable(e)) return false;
    return true;
  }
  if (v.isList()) {
    for (const IValue& e : v.toListRef().elements)
      if (!isInsertable(e) || e.isTensor() || e.isList()) return false;
    return true;
  }
  return false;
}

class ConstantPropagator {
 public:
  explicit ConstantPropagator(Graph& g) : graph_(g), db_(g) {}

  bool run() { return runBlock(graph_.block()); }

 private:
  bool runBlock(Block* b) {
    bool changed = false;
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      if (n->kind() == prim::If) {
        Node* next = n->next();
        if (foldIf(n, next)) {
          // Visit the spliced-in nodes now: they may fold too.
          it = NodeRange::iterator(next, false);
          changed = true;
          continue;
        }
      } else if (n->kind() == prim::Loop) {
        if (foldZeroTripLoop(n)) {
          changed = true;
          continue;
        }
      }
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
      if (n->blocks().empty()) changed |= foldNode(n);
    }
    return changed;
  }

  // On success `first` is the first node spliced in (or what followed n).
  bool foldIf(Node* n, Node*& first) {
    std::optional<IValue> cond = valueOf(n->input(0));
    if (!cond || !cond->isBool() || !JS_OPT_ALLOWED) return false;
    GRAPH_UPDATE("folding ", jitlog::nodeString(*n), " on constant ", cond->toBool());
    Block* taken = n->blocks()[cond->toBool() ? 0 : 1];
    if (!taken->nodes().empty()) first = taken->nodes().front();
    for (auto it = taken->nodes().begin(); it != taken->nodes().end();) {
      Node* inner = *it++;
      inner->moveBefore(n);
    }
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(taken->outputs()[i]);
    n->destroy();
    return true;
  }

  bool foldZeroTripLoop(Node* n) {
    std::optional<IValue> trip = valueOf(n->input(0));
    std::optional<IValue> cond = valueOf(n->input(1));
    const bool zeroTrip = (trip && trip->isInt() && trip->toInt() <= 0) || (cond && cond->isBool() && !cond->toBool());
    if (!zeroTrip || !JS_OPT_ALLOWED) return false;
    GRAPH_UPDATE("removing zero-trip loop ", jitlog::nodeString(*n));
    for (size_t i = 0; i < n->outputs().size(); ++i) n->output(i)->replaceAllUsesWith(n->input(i + 2));
    n->destroy();
    return true;
  }

  bool outputsFoldable(const Node* n) {
    for (const Value* o : n->outputs())
      if (db_.isMutable(o) && (db_.hasWriters(o) || db_.escapes(o))) return false;
    return true;
  }

  std::optional<Stack> evaluate(const Node* n, std::vector<IValue> inputs) {
    const Symbol k = n->kind();
    if (k == prim::TupleConstruct) {
      if (n->output()->type()->cast<TupleType>() && n->output()->type()->expect<TupleType>().isNamed())
        return Stack{IValue(TupleImpl::create(std::move(inputs), n->output()->type()))};
      return Stack{IValue(TupleImpl::create(std::move(inputs)))};
    }
    if (k == prim::ListConstruct) {
      const TypePtr& t = n->output()->type();
      if (!t->isa<ListType>()) return std::nullopt;
      return Stack{IValue(ListImpl::create(t->expect<ListType>().elementType(), std::move(inputs)))};
    }
    if (k == prim::TupleUnpack || k == prim::TupleIndex || k == prim::ListUnpack) {
      if (inputs.empty()) return std::nullopt;
      const std::vector<IValue>* elems = nullptr;
      if (inputs[0].isTuple()) elems = &inputs[0].toTupleRef().elements;
      if (inputs[0].isList()) elems = &inputs[0].toListRef().elements;
      if (elems == nullptr) return std::nullopt;
      if (k == prim::TupleIndex) {
        if (inputs.size() != 2 || !inputs[1].isInt()) return std::nullopt;
        int64_t i = inputs[1].toInt();
        if (i < 0) i += static_cast<int64_t>(elems->size());
        if (i < 0 || i >= static_cast<int64_t>(elems->size())) return std::nullopt;
        return Stack{(*elems)[static_cast<size_t>(i)]};
      }
      if (elems->size() != n->outputs().size()) return std::nullopt;
      return Stack(elems->begin(), elems->end());
    }
    if (k.isPrim() && (k == prim::DictConstruct || k == prim::GetAttr || k == prim::CreateObject ||
                       k == prim::isinstance || k == prim::unchecked_cast || k == prim::Uninitialized ||
                       k == prim::TupleSlice || k == prim::ListUnpack)) {
      return std::nullopt;
    }
    const Operator* op = findOperatorFor(n);
    if (op == nullptr || op->schema().isMutable() || op->schema().isVarret) return std::nullopt;
    Stack stack = std::move(inputs);
    if (op->schema().isVararg) stack.emplace_back(static_cast<int64_t>(n->inputs().size()));
    try {
      op->run(stack);
    } catch (const std::exception& e) {
      GRAPH_DEBUG("not folding ", jitlog::nodeString(*n), ": it throws: ", e.what());
      return std::nullopt;
    }
    if (stack.size() != n->outputs().size()) return std::nullopt;
    return stack;
  }

  bool foldNode(Node* n) {
    const Symbol k = n->kind();
    if (k == prim::Constant || n->outputs().empty() || db_.hasSideEffects(n) || db_.hasWrites(n) ||
        isNondeterministic(n))
      return false;
    std::vector<IValue> inputs;
    for (const Value* in : n->inputs()) {
      std::optional<IValue> v = valueOf(in);
      if (!v) return false;
      inputs.push_back(std::move(*v));
    }
    if (!outputsFoldable(n)) return false;
    std::optional<Stack> results = evaluate(n, std::move(inputs));
    if (!results) return false;
    for (const IValue& r : *results)
      if (!isInsertable(r)) return false;
    if (!JS_OPT_ALLOWED) return false;
    GRAPH_UPDATE("folding ", jitlog::nodeString(*n));
    {
      WithInsertPoint guard(n);
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* c = insertConstant(graph_, (*results)[i], n->sourceRange());
        c->setType(n->output(i)->type());
        n->output(i)->replaceAllUsesWith(c);
      }
    }
    n->destroy();
    return true;
  }

  Graph& graph_;
  AliasDb db_;
};

}  // namespace

bool ConstantPropagation(Graph& graph) {
  bool changed = false;
  // Folding goes forward and revisits spliced-in branches, so one round
  // normally reaches the fixpoint; a second, with a fresh AliasDb (it knows
  // the new constants), runs only when the first changed something.
  for (int round = 0; round < 8; ++round) {
    if (!ConstantPropagator(graph).run()) break;
    changed = true;
  }
  if (changed) GRAPH_DUMP("after constant propagation", graph);
  return changed;
}

}  // namespace jitserve
