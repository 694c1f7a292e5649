#include "compiler/passes/freeze_module.h"

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"

#include "runtime/ir/ivalue_constant.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/constant_propagation.h"
#include "compiler/passes/dead_code_elimination.h"
#include "compiler/passes/jit_log.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve {
namespace {

// (class, attribute) pairs some prim::SetAttr writes; a null class stands
// for a receiver whose class is unknown (any class).
using SetAttrSet = std::set<std::pair<const Type*, std::string>>;
// Attributes of particular objects something may write in place.
using WrittenSet = std::set<std::pair<const ObjectImpl*, std::string>>;

void forEachNode(Block* b, const std::function<void(Node*)>& fn) {
  for (Node* n : b->nodes()) {
    fn(n);
    for (Block* sub : n->blocks()) forEachNode(sub, fn);
  }
}

// Values that may hold an object (Optional[Module] included).
bool isObjectType(const TypePtr& t) {
  if (const auto* opt = t->cast<OptionalType>()) return isObjectType(opt->elementType());
  return t->isa<ClassType>() || t->isa<InterfaceType>() || t->isa<AnyClassType>() || t->isa<AnyType>();
}

void collectSetAttrs(Graph& g, SetAttrSet& out) {
  forEachNode(g.block(), [&](Node* n) {
    if (n->kind() != prim::SetAttr || n->inputs().empty() || !n->hasAttribute(attr::name)) return;
    const TypePtr& t = n->input(0)->type();
    out.insert({t->isa<ClassType>() ? t.get() : nullptr, n->s(attr::name)});
  });
}

// Every SetAttr in any method of any class of the object tree under `v`.
void collectTreeSetAttrs(const IValue& v, absl::flat_hash_set<const void*>& seen, SetAttrSet& out) {
  if (v.isObject()) {
    const ObjectImpl& o = v.toObjectRef();
    if (!seen.insert(&o).second) return;
    if (seen.insert(o.type.get()).second) {
      for (Function* f : o.type->methods())
        if (auto* gf = dynamic_cast<GraphFunction*>(f)) collectSetAttrs(gf->graph(), out);
    }
    for (const IValue& s : o.slots) collectTreeSetAttrs(s, seen, out);
  } else if (v.isList()) {
    for (const IValue& e : v.toList()->elements) collectTreeSetAttrs(e, seen, out);
  } else if (v.isTuple()) {
    for (const IValue& e : v.toTupleRef().elements) collectTreeSetAttrs(e, seen, out);
  }
}

bool isSetAttrWritten(const SetAttrSet& sets, const ObjectImpl& o, const std::string& name) {
  return sets.count({o.type.get(), name}) || sets.count({nullptr, name});
}

// Values freezing can turn into constants. Immutable: scalars, strings,
// devices, None and tuples of those. Mutable ones (tensors, lists, tuples
// holding them) need the write analysis.
enum class Foldable { kNo, kImmutable, kMutable };

Foldable foldableKind(const IValue& v) {
  if (v.isNone() || v.isInt() || v.isDouble() || v.isBool() || v.isString() || v.isDevice())
    return Foldable::kImmutable;
  if (v.isTensor()) return v.toTensor().defined() ? Foldable::kMutable : Foldable::kNo;
  if (v.isTuple() || v.isList()) {
    Foldable k = v.isList() ? Foldable::kMutable : Foldable::kImmutable;
    const auto& elems = v.isList() ? v.toList()->elements : v.toTupleRef().elements;
    for (const IValue& e : elems) {
      Foldable ek = foldableKind(e);
      if (ek == Foldable::kNo || (v.isList() && !(e.isTensor() || ek == Foldable::kImmutable))) return Foldable::kNo;
      if (ek == Foldable::kMutable) k = Foldable::kMutable;
    }
    return k;
  }
  return Foldable::kNo;
}

class Freezer {
 public:
  Freezer(const IValue& self, const GraphLookup& lookup) : self_(self), lookup_(lookup) {
    absl::flat_hash_set<const void*> seen;
    collectTreeSetAttrs(self_, seen, setAttrs_);
  }

  // Inlines and folds immutable attributes until nothing changes. Returns
  // whether the graph changed; sets `escaped` when an object escapes.
  bool prepare(Graph& g, bool& escaped) {
    bool changed = false;
    for (int round = 0; round < 16; ++round) {
      bool r = Inline(g, lookup_);
      collectSetAttrs(g, setAttrs_);
      if (refineInterfaces(g)) {
        r = true;
        Inline(g, lookup_);
        collectSetAttrs(g, setAttrs_);
      }
      escaped = objectEscapes(g);
      if (!escaped) r |= foldAttributes(g, nullptr);
      r |= ConstantPropagation(g);
      r |= EliminateDeadCode(g);
      changed |= r;
      if (!r) break;
    }
    return changed;
  }

  // Attributes of resolved objects that a mutable GetAttr result may be
  // written through in `g`.
  void collectWrites(Graph& g, WrittenSet& written) {
    AliasDb db(g);
    forEachNode(g.block(), [&](Node* n) {
      if (n->kind() != prim::GetAttr || !isMutableAttrType(n->output()->type())) return;
      const ObjectImpl* o = resolveObject(g, n->input(0));
      if (o == nullptr) return;
      if (db.hasWriters(n->output()) || feedsHiddenWrite(n->output()))
        written.insert({o, n->s(attr::name)});
    });
  }

  // Folds every attribute it can: mutable ones unless in `written`.
  bool finish(Graph& g, const WrittenSet& written) {
    bool changed = false;
    for (int round = 0; round < 16; ++round) {
      bool r = foldAttributes(g, &written);
      r |= Inline(g, lookup_) | ConstantPropagation(g) | EliminateDeadCode(g);
      changed |= r;
      if (!r) break;
    }
    return changed;
  }

 private:
  static bool isMutableAttrType(const TypePtr& t) { return !isObjectType(t); }

  // The object `v` is on every call, when it is self or a GetAttr chain from
  // self through attributes nothing sets; nullptr otherwise.
  const ObjectImpl* resolveObject(Graph& g, const Value* v) {
    if (!g.inputs().empty() && v == g.inputs()[0]) return self_.isObject() ? &self_.toObjectRef() : nullptr;
    const Node* n = v->node();
    if (n->kind() != prim::GetAttr) return nullptr;
    const ObjectImpl* parent = resolveObject(g, n->input(0));
    if (parent == nullptr) return nullptr;
    const std::string& name = n->s(attr::name);
    if (isSetAttrWritten(setAttrs_, *parent, name) || !parent->type->findAttributeSlot(name)) return nullptr;
    const IValue& child = parent->getAttr(name);
    return child.isObject() ? &child.toObjectRef() : nullptr;
  }

  // Objects may be read (GetAttr), written (SetAttr, collected), and called
  // by methods the inliner resolves; anything else sends them where freezing
  // cannot follow.
  static bool objectEscapes(Graph& g) {
    bool escapes = false;
    auto check = [&](Value* v) {
      if (!isObjectType(v->type())) return;
      for (const Use& u : v->uses()) {
        const Symbol k = u.user->kind();
        if ((k == prim::GetAttr || k == prim::SetAttr) && u.offset == 0) continue;
        // Tests and casts pass the object on to a value checked in turn.
        if (k == prim::isinstance || k == aten::__is__ || k == aten::__isnot__ || k == prim::unchecked_cast) continue;
        escapes = true;
      }
    };
    for (Value* v : g.inputs()) check(v);
    forEachNode(g.block(), [&](Node* n) {
      for (Value* v : n->outputs()) check(v);
      for (Block* b : n->blocks())
        for (Value* v : b->inputs()) check(v);
    });
    return escapes;
  }

  // batch_norm and instance_norm update their running statistics in
  // training, though their schemas do not say so.
  static bool feedsHiddenWrite(const Value* v) {
    for (const Use& u : v->uses()) {
      const Node* n = u.user;
      const std::string_view k = n->kind().toQualString();
      const bool norm = k == "aten::batch_norm" || k == "aten::instance_norm";
      if (!norm || (u.offset != 3 && u.offset != 4) || n->inputs().size() < 6) continue;
      const Node* train = n->input(5)->node();
      std::optional<IValue> c = train->kind() == prim::Constant ? constantNodeValue(*train) : std::nullopt;
      if (!c || !c->isBool() || c->toBool()) return true;
    }
    return false;
  }

  // GetAttr results typed by an interface whose object is known take the
  // object's class, so the inliner can resolve their method calls.
  bool refineInterfaces(Graph& g) {
    bool changed = false;
    forEachNode(g.block(), [&](Node* n) {
      if (n->kind() != prim::GetAttr || !n->output()->type()->isa<InterfaceType>()) return;
      const ObjectImpl* o = resolveObject(g, n->output());
      if (o == nullptr || !JS_OPT_ALLOWED) return;
      GRAPH_UPDATE("interface attribute ", n->s(attr::name), " is a ", o->type->name());
      n->output()->setType(o->type);
      changed = true;
    });
    return changed;
  }

  // Replaces GetAttr nodes of foldable attributes by constants. Mutable
  // attributes fold only with `written` given and not naming them.
  bool foldAttributes(Graph& g, const WrittenSet* written) {
    std::vector<Node*> getattrs;
    forEachNode(g.block(), [&](Node* n) {
      if (n->kind() == prim::GetAttr) getattrs.push_back(n);
    });
    bool changed = false;
    for (Node* n : getattrs) {
      const ObjectImpl* o = resolveObject(g, n->input(0));
      if (o == nullptr) continue;
      const std::string& name = n->s(attr::name);
      if (isSetAttrWritten(setAttrs_, *o, name) || !o->type->findAttributeSlot(name)) continue;
      const IValue& v = o->getAttr(name);
      const Foldable kind = foldableKind(v);
      if (kind == Foldable::kNo) continue;
      if (kind == Foldable::kMutable && (written == nullptr || written->count({o, name}))) continue;
      if (!JS_OPT_ALLOWED) continue;
      GRAPH_UPDATE("folding attribute ", name, " of ", o->type->name());
      Value* c;
      {
        WithInsertPoint guard(n);
        c = insertConstant(g, v, n->sourceRange());
      }
      // A constant's type is its value's (Tensor for an Optional[Tensor]
      // attribute); keep the declared type where uses rely on it.
      if (!c->type()->isSubtypeOf(*n->output()->type())) continue;
      n->output()->replaceAllUsesWith(c);
      n->destroy();
      changed = true;
    }
    return changed;
  }

  const IValue& self_;
  const GraphLookup& lookup_;
  SetAttrSet setAttrs_;
};

}  // namespace

std::vector<FreezeResult> FreezeModuleMethods(std::span<Graph* const> graphs, const IValue& self,
                                              const GraphLookup& lookup) {
  std::vector<FreezeResult> results(graphs.size());
  if (!self.isObject()) return results;
  Freezer freezer(self, lookup);
  std::vector<bool> escaped(graphs.size(), false);
  bool anyEscaped = false;
  for (size_t i = 0; i < graphs.size(); ++i) {
    bool e = false;
    results[i].changed = freezer.prepare(*graphs[i], e);
    escaped[i] = e;
    anyEscaped |= e;
  }
  // A method that leaks an object may write anything through it: then no
  // mutable attribute folds anywhere.
  if (!anyEscaped) {
    WrittenSet written;
    for (Graph* g : graphs) freezer.collectWrites(*g, written);
    for (size_t i = 0; i < graphs.size(); ++i) results[i].changed |= freezer.finish(*graphs[i], written);
  }
  for (size_t i = 0; i < graphs.size(); ++i) {
    Graph& g = *graphs[i];
    if (!escaped[i] && !g.inputs().empty() && !g.inputs()[0]->hasUses() && isObjectType(g.inputs()[0]->type())) {
      g.eraseInput(0);
      results[i].selfDropped = true;
      results[i].changed = true;
    }
    MarkConstantTensorsFrozen(g);
    if (results[i].changed) GRAPH_DUMP("after freezing", g);
  }
  return results;
}

FreezeResult FreezeModule(Graph& graph, const IValue& self, const GraphLookup& lookup) {
  Graph* g = &graph;
  return FreezeModuleMethods(std::span<Graph* const>(&g, 1), self, lookup)[0];
}

int MarkConstantTensorsFrozen(Graph& graph) {
  AliasDb db(graph);
  int marked = 0;
  forEachNode(graph.block(), [&](Node* n) {
    if (n->kind() != prim::Constant || !n->output()->type()->isa<TensorType>()) return;
    std::optional<IValue> v = constantNodeValue(*n);
    if (!v || !v->isTensor() || !v->toTensor().defined()) return;
    if (db.hasWriters(n->output())) return;
    Value* out = n->output();
    for (const Value* o : graph.outputs())
      if (db.mayContainAlias(out, o)) return;
    StorageImpl* s = v->toTensor().storage().unsafeGetStorageImpl();
    if (s == nullptr || s->frozen()) return;
    s->markFrozen();
    ++marked;
  });
  return marked;
}

}  // namespace jitserve
