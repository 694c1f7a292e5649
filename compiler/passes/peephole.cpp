#include "compiler/passes/peephole.h"

#include <optional>

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "runtime/core/ivalue_containers.h"

namespace jitserve {
namespace {

std::optional<IValue> constantOf(const Value* v) {
  if (v->node()->kind() != prim::Constant) return std::nullopt;
  return constantNodeValue(*v->node());
}

bool isConstInt(const Value* v, int64_t want) {
  auto c = constantOf(v);
  return c && c->isInt() && c->toInt() == want;
}

bool isConstNumber(const Value* v, double want) {
  auto c = constantOf(v);
  return c && ((c->isInt() && static_cast<double>(c->toInt()) == want) || (c->isDouble() && c->toDouble() == want));
}

bool isNumber(const TypePtr& t) { return t->isa<IntType>() || t->isa<FloatType>(); }

class PeepholeOptimizer {
 public:
  explicit PeepholeOptimizer(Graph& g) : graph_(g), db_(g) {}

  bool run() { return runBlock(graph_.block()); }

 private:
  // Replaces n's outputs and removes n.
  bool replace(Node* n, const std::vector<Value*>& with, const char* rule) {
    if (!JS_OPT_ALLOWED) return false;
    GRAPH_UPDATE(rule, ": ", jitlog::nodeString(*n));
    for (size_t i = 0; i < with.size(); ++i) n->output(i)->replaceAllUsesWith(with[i]);
    n->destroy();
    return true;
  }

  bool replaceWithConstant(Node* n, const IValue& v, const char* rule) {
    if (!JS_OPT_ALLOWED) return false;
    Value* c;
    {
      WithInsertPoint guard(n);
      c = insertConstant(graph_, v, n->sourceRange());
    }
    c->setType(n->output()->type());
    GRAPH_UPDATE(rule, ": ", jitlog::nodeString(*n));
    n->output()->replaceAllUsesWith(c);
    n->destroy();
    return true;
  }

  bool listUnwritten(const Value* list) {
    return list->node()->kind() == prim::ListConstruct && !db_.hasWriters(list);
  }

  bool runBlock(Block* b) {
    bool changed = false;
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
      changed |= rewrite(n);
    }
    return changed;
  }

  bool rewrite(Node* n) {
    const Symbol k = n->kind();
    const auto& in = n->inputs();
    // Arithmetic identities on int/float scalars.
    if ((k == aten::add || k == aten::sub || k == aten::mul) && in.size() == 2 && n->outputs().size() == 1) {
      const TypePtr& out = n->output()->type();
      for (size_t side = 0; side < 2; ++side) {
        Value* x = in[side];
        Value* other = in[1 - side];
        if (!isNumber(x->type()) || !typesEqual(x->type(), out)) continue;
        if (k == aten::mul && isConstNumber(other, 1.0)) return replace(n, {x}, "x * 1");
        // x + 0.0 is not x for x = -0.0; ints are exact.
        if (k == aten::add && x->type()->isa<IntType>() && isConstInt(other, 0)) return replace(n, {x}, "x + 0");
        if (k == aten::sub && side == 0 && isConstNumber(other, 0.0)) return replace(n, {x}, "x - 0");
      }
      return false;
    }
    if (k == prim::TupleIndex && in.size() == 2 && in[0]->node()->kind() == prim::TupleConstruct) {
      auto idx = constantOf(in[1]);
      const Node* tuple = in[0]->node();
      if (!idx || !idx->isInt()) return false;
      int64_t i = idx->toInt();
      const auto size = static_cast<int64_t>(tuple->inputs().size());
      if (i < 0) i += size;
      if (i < 0 || i >= size) return false;
      return replace(n, {tuple->input(static_cast<size_t>(i))}, "TupleIndex of TupleConstruct");
    }
    if (k == prim::TupleUnpack && in.size() == 1 && in[0]->node()->kind() == prim::TupleConstruct &&
        in[0]->node()->inputs().size() == n->outputs().size()) {
      return replace(n, in[0]->node()->inputs(), "TupleUnpack of TupleConstruct");
    }
    if (k == prim::ListUnpack && in.size() == 1 && listUnwritten(in[0]) &&
        in[0]->node()->inputs().size() == n->outputs().size()) {
      return replace(n, in[0]->node()->inputs(), "ListUnpack of ListConstruct");
    }
    if (k == aten::len && in.size() == 1 && listUnwritten(in[0]) && n->output()->type()->isa<IntType>()) {
      return replaceWithConstant(n, IValue(static_cast<int64_t>(in[0]->node()->inputs().size())),
                                 "len of ListConstruct");
    }
    if (k == aten::__getitem__ && in.size() == 2 && listUnwritten(in[0])) {
      auto idx = constantOf(in[1]);
      const Node* list = in[0]->node();
      if (!idx || !idx->isInt()) return false;
      int64_t i = idx->toInt();
      const auto size = static_cast<int64_t>(list->inputs().size());
      if (i < 0) i += size;
      if (i < 0 || i >= size) return false;  // the IndexError stays at run time
      Value* elem = list->input(static_cast<size_t>(i));
      if (!elem->type()->isSubtypeOf(*n->output()->type())) return false;
      return replace(n, {elem}, "getitem of ListConstruct");
    }
    if (in.size() >= 1 && in[0]->type()->isa<TensorType>()) {
      const auto& t = in[0]->type()->expect<TensorType>();
      const std::string_view name = k.toQualString();
      if (name == "aten::dim" && in.size() == 1 && t.dim())
        return replaceWithConstant(n, IValue(static_cast<int64_t>(*t.dim())), "dim of known rank");
      if (k == prim::dtype && in.size() == 1 && t.dtype()) return replaceWithConstant(n, IValue(*t.dtype()), "known dtype");
      if (k == prim::device && in.size() == 1 && t.device()) return replaceWithConstant(n, IValue(*t.device()), "known device");
      if (name == "aten::size" && in.size() == 1 && t.concreteSizes() && !db_.hasWriters(n->output()) &&
          !db_.escapes(n->output())) {
        std::vector<IValue> sizes;
        const std::vector<int64_t> known = *t.concreteSizes();
        for (int64_t s : known) sizes.emplace_back(s);
        return replaceWithConstant(n, IValue(ListImpl::create(IntType::get(), std::move(sizes))), "size of known shape");
      }
      if (name == "aten::size" && in.size() == 2 && t.sizes() && n->output()->type()->isa<IntType>()) {
        auto dim = constantOf(in[1]);
        if (dim && dim->isInt()) {
          int64_t d = dim->toInt();
          const auto rank = static_cast<int64_t>(t.sizes()->size());
          if (d < 0) d += rank;
          if (d >= 0 && d < rank && (*t.sizes())[static_cast<size_t>(d)])
            return replaceWithConstant(n, IValue(*(*t.sizes())[static_cast<size_t>(d)]), "size(dim) of known shape");
        }
      }
    }
    if (k == prim::isinstance && in.size() == 1 && n->hasAttribute(attr::types)) {
      const TypePtr& t = in[0]->type();
      bool anyMaybe = false;
      for (const TypePtr& cand : n->tys(attr::types)) {
        if (t->isSubtypeOf(*cand)) return replaceWithConstant(n, IValue(true), "isinstance of a known type");
        if (cand->isSubtypeOf(*t) || t->isa<AnyType>() || t->isa<OptionalType>() || t->isa<UnionType>() ||
            t->isa<InterfaceType>() || t->isa<AnyListType>() || t->isa<AnyTupleType>() || t->isa<AnyClassType>() ||
            t->isa<NumberType>() || cand->isa<AnyListType>() || cand->isa<AnyTupleType>() ||
            cand->isa<AnyClassType>() || cand->isa<AnyType>())
          anyMaybe = true;
      }
      if (!anyMaybe) return replaceWithConstant(n, IValue(false), "isinstance of an unrelated type");
      return false;
    }
    // x == x and x != x on a number, bool or str fold to True and False, as
    // PyTorch's optimizer folds them: for a float NaN that is not IEEE's
    // answer, but it is what an optimized TorchScript program returns
    // (PyTorch 1.13 with optimized_execution(False) gives IEEE's).
    if ((k == aten::eq || k == aten::ne) && in.size() == 2 && in[0] == in[1] && n->outputs().size() == 1 &&
        n->output()->type()->isa<BoolType>()) {
      const TypePtr& t = in[0]->type();
      if (t->isa<IntType>() || t->isa<FloatType>() || t->isa<BoolType>() || t->isa<StringType>() ||
          t->isa<NumberType>())
        return replaceWithConstant(n, IValue(k == aten::eq), "comparison of a value with itself");
    }
    if ((k == aten::__is__ || k == aten::__isnot__) && in.size() == 2) {
      for (size_t side = 0; side < 2; ++side) {
        const TypePtr& a = in[side]->type();
        const TypePtr& b = in[1 - side]->type();
        if (!b->isa<NoneType>()) continue;
        const bool couldBeNone = a->isa<NoneType>() || a->isa<OptionalType>() || a->isa<UnionType>() ||
                                 a->isa<AnyType>() || NoneType::get()->isSubtypeOf(*a);
        if (a->isa<NoneType>()) return replaceWithConstant(n, IValue(k == aten::__is__), "None is None");
        if (!couldBeNone) return replaceWithConstant(n, IValue(k == aten::__isnot__), "non-optional is None");
      }
      return false;
    }
    // Dropout in eval mode is the identity. The kernel may return a copy, so
    // only where nothing writes either tensor can the two be one.
    if (in.size() == 3 && n->outputs().size() == 1 && in[0]->type()->isa<TensorType>() &&
        (k.toQualString() == "aten::dropout" || k.toQualString() == "aten::feature_dropout" ||
         k.toQualString() == "aten::alpha_dropout" || k.toQualString() == "aten::feature_alpha_dropout")) {
      auto train = constantOf(in[2]);
      if (train && train->isBool() && !train->toBool() && !db_.hasWriters(in[0]) && !db_.hasWriters(n->output()))
        return replace(n, {in[0]}, "dropout in eval mode");
      return false;
    }
    if (k == prim::unchecked_cast && in.size() == 1 && typesEqual(in[0]->type(), n->output()->type())) {
      return replace(n, {in[0]}, "unchecked_cast to the same type");
    }
    if (k == prim::If) {
      bool changed = false;
      for (size_t i = 0; i < n->outputs().size(); ++i) {
        Value* a = n->blocks()[0]->outputs()[i];
        Value* b = n->blocks()[1]->outputs()[i];
        if (a != b || !n->output(i)->hasUses()) continue;
        if (a->node()->owningBlock() == n->blocks()[0] || a->node()->owningBlock() == n->blocks()[1]) continue;
        if (!JS_OPT_ALLOWED) continue;
        GRAPH_UPDATE("if output ", i, " is %", a->debugName(), " on both paths");
        n->output(i)->replaceAllUsesWith(a);
        changed = true;
      }
      return changed;
    }
    return false;
  }

  Graph& graph_;
  AliasDb db_;
};

}  // namespace

bool Peephole(Graph& graph) {
  bool changed = false;
  for (int round = 0; round < 16; ++round) {
    if (!PeepholeOptimizer(graph).run()) break;
    changed = true;
  }
  if (changed) GRAPH_DUMP("after peephole", graph);
  return changed;
}

}  // namespace jitserve
