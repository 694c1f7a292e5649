#include "compiler/passes/alias_analysis.h"

#include <algorithm>
#include <bit>
#include <map>
#include <sstream>

#include "runtime/ir/ir_printer.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"
#include "runtime/core/operator.h"
#include "runtime/support/error.h"

namespace jitserve {

// ElementSet -------------------------------------------------------------------

void ElementSet::insert(size_t i) {
  if (words_.size() <= i / 64) words_.resize(i / 64 + 1, 0);
  words_[i / 64] |= uint64_t{1} << (i % 64);
}

bool ElementSet::contains(size_t i) const {
  return i / 64 < words_.size() && (words_[i / 64] >> (i % 64) & 1) != 0;
}

bool ElementSet::intersects(const ElementSet& o) const {
  const size_t n = std::min(words_.size(), o.words_.size());
  for (size_t i = 0; i < n; ++i)
    if ((words_[i] & o.words_[i]) != 0) return true;
  return false;
}

void ElementSet::unionWith(const ElementSet& o) {
  if (words_.size() < o.words_.size()) words_.resize(o.words_.size(), 0);
  for (size_t i = 0; i < o.words_.size(); ++i) words_[i] |= o.words_[i];
}

bool ElementSet::empty() const {
  return std::all_of(words_.begin(), words_.end(), [](uint64_t w) { return w == 0; });
}

std::vector<size_t> ElementSet::toVector() const {
  std::vector<size_t> out;
  for (size_t w = 0; w < words_.size(); ++w)
    for (uint64_t bits = words_[w]; bits != 0; bits &= bits - 1)
      out.push_back(w * 64 + static_cast<size_t>(std::countr_zero(bits)));
  return out;
}

// MemoryDAG --------------------------------------------------------------------

size_t MemoryDAG::makeElement(std::string name) {
  elements_.push_back(Element{std::move(name), {}, {}});
  cache_.clear();
  return elements_.size() - 1;
}

bool MemoryDAG::makePointTo(size_t from, size_t to) {
  auto& p = elements_[from].pointsTo;
  if (from == to || std::find(p.begin(), p.end(), to) != p.end()) return false;
  p.push_back(to);
  cache_.clear();
  return true;
}

std::vector<size_t> MemoryDAG::reachable(size_t e) const {
  std::vector<size_t> out{e};
  std::vector<char> seen(elements_.size(), 0);
  seen[e] = 1;
  for (size_t i = 0; i < out.size(); ++i)
    for (size_t nxt : elements_[out[i]].pointsTo)
      if (!seen[nxt]) {
        seen[nxt] = 1;
        out.push_back(nxt);
      }
  return out;
}

void MemoryDAG::addContained(size_t container, size_t element) {
  auto& c = elements_[container].contained;
  if (std::find(c.begin(), c.end(), element) == c.end()) c.push_back(element);
}

const ElementSet& MemoryDAG::memoryLocations(size_t e) const {
  if (cache_.size() < elements_.size()) cache_.resize(elements_.size());
  if (cache_[e]) return *cache_[e];
  // Iterative DFS; the graph may have cycles (loop-carried values).
  auto result = std::make_unique<ElementSet>();
  std::vector<char> seen(elements_.size(), 0);
  std::vector<size_t> stack{e};
  seen[e] = 1;
  while (!stack.empty()) {
    size_t cur = stack.back();
    stack.pop_back();
    if (cur != e && cache_[cur]) {
      result->unionWith(*cache_[cur]);
      continue;
    }
    const auto& pts = elements_[cur].pointsTo;
    if (pts.empty()) result->insert(cur);
    for (size_t nxt : pts)
      if (!seen[nxt]) {
        seen[nxt] = 1;
        stack.push_back(nxt);
      }
  }
  cache_[e] = std::move(result);
  return *cache_[e];
}

// AliasDb: building --------------------------------------------------------------

AliasDb::AliasDb(const Graph& graph) {
  tensorWildcard_ = dag_.makeElement("WILDCARD(Tensor)");
  objectWildcard_ = dag_.makeElement("WILDCARD(object)");
  valueOf_ = {nullptr, nullptr};
  for (const Value* in : graph.inputs()) {
    if (!isMutableType(in->type())) continue;
    elementFor(in);
    pointToWildcards(in);
  }
  analyzeBlock(graph.block());
  resolveTuples();
  finish(graph);
  GRAPH_DEBUG("AliasDb:\n", toString());
}

AliasDb::~AliasDb() = default;

size_t AliasDb::elementFor(const Value* v) {
  auto it = elementOf_.find(v);
  if (it != elementOf_.end()) return it->second;
  size_t e = dag_.makeElement("%" + v->debugName());
  elementOf_.emplace(v, e);
  valueOf_.push_back(v);
  return e;
}

void AliasDb::wildcardsFor(const TypePtr& t, bool& tensor, bool& object) const {
  switch (t->kind()) {
    case TypeKind::TensorType:
      tensor = true;
      return;
    case TypeKind::OptionalType:
    case TypeKind::UnionType:
    case TypeKind::TupleType:
      for (const TypePtr& c : t->containedTypes()) wildcardsFor(c, tensor, object);
      return;
    case TypeKind::AnyType:
    case TypeKind::VarType:
    case TypeKind::AnyTupleType:
      tensor = object = true;
      return;
    default:
      if (isMutableType(t)) object = true;
  }
}

void AliasDb::pointToWildcards(const Value* v) {
  bool tensor = false, object = false;
  wildcardsFor(v->type(), tensor, object);
  if (!tensor && !object) return;
  size_t e = elementFor(v);
  if (tensor) dag_.makePointTo(e, tensorWildcard_);
  if (object) dag_.makePointTo(e, objectWildcard_);
}

// The wildcards standing for what a value of type t may contain.
void AliasDb::addContentWildcards(ElementSet& set, const TypePtr& t) const {
  bool tensor = false, object = false;
  switch (t->kind()) {
    case TypeKind::ListType:
    case TypeKind::DictType:
    case TypeKind::FutureType:
    case TypeKind::RRefType:
    case TypeKind::TupleType:
    case TypeKind::OptionalType:
    case TypeKind::UnionType:
      for (const TypePtr& c : t->containedTypes()) {
        wildcardsFor(c, tensor, object);
        if (!c->isa<TensorType>()) addContentWildcards(set, c);
      }
      break;
    case TypeKind::ClassType:
    case TypeKind::InterfaceType:
    case TypeKind::AnyType:
    case TypeKind::AnyListType:
    case TypeKind::AnyTupleType:
    case TypeKind::AnyClassType:
    case TypeKind::VarType:
    case TypeKind::CapsuleType:
      tensor = object = true;
      break;
    default:
      break;
  }
  if (tensor) set.insert(tensorWildcard_);
  if (object) set.insert(objectWildcard_);
}

void AliasDb::addReads(NodeInfo& info, const Value* v) {
  if (!isMutableType(v->type())) return;
  info.readElems.insert(elementFor(v));
  addContentWildcards(info.readElems, v->type());
}

void AliasDb::addWrites(NodeInfo& info, const Value* v) {
  if (!isMutableType(v->type())) return;
  info.writeElems.insert(elementFor(v));
}

void AliasDb::analyzeBlock(const Block* b) {
  for (const Node* n : b->nodes()) analyzeNode(n);
}

void AliasDb::analyzeNode(const Node* n) {
  auto owned = std::make_unique<NodeInfo>();
  NodeInfo& info = *owned;
  nodes_[n] = std::move(owned);
  const Symbol k = n->kind();
  auto freshOutputs = [&] {
    for (const Value* o : n->outputs())
      if (isMutableType(o->type())) elementFor(o);
  };

  if (k == prim::If) {
    for (const Value* in : n->inputs()) addReads(info, in);
    for (const Block* b : n->blocks()) analyzeBlock(b);
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      const Value* o = n->output(i);
      if (!isMutableType(o->type())) continue;
      size_t e = elementFor(o);
      // A branch value of an immutable type (None widened to
      // Optional[Tensor]) has nothing to alias.
      for (const Block* b : n->blocks()) {
        const Value* bo = b->outputs()[i];
        if (isMutableType(bo->type())) dag_.makePointTo(e, elementFor(bo));
      }
    }
  } else if (k == prim::Loop) {
    analyzeLoop(n, info);
  } else if (k == prim::Constant || k == prim::Uninitialized || k == prim::CreateObject) {
    freshOutputs();
  } else if (k == prim::ListConstruct || k == prim::DictConstruct) {
    size_t out = isMutableType(n->output()->type()) ? elementFor(n->output()) : SIZE_MAX;
    for (const Value* in : n->inputs()) {
      if (!isMutableType(in->type())) continue;
      addReads(info, in);
      pointToWildcards(in);  // an element may later come out of any list
      if (out != SIZE_MAX) dag_.addContained(out, elementFor(in));
    }
  } else if (k == prim::TupleConstruct) {
    if (isMutableType(n->output()->type())) {
      size_t out = elementFor(n->output());
      for (const Value* in : n->inputs())
        if (isMutableType(in->type())) dag_.addContained(out, elementFor(in));
    }
  } else if (k == prim::TupleUnpack || k == prim::TupleIndex) {
    const Node* producer = n->input(0)->node();
    const bool direct = producer->kind() == prim::TupleConstruct;
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      const Value* o = n->output(i);
      if (!isMutableType(o->type())) continue;
      std::optional<size_t> index;
      if (k == prim::TupleUnpack) {
        index = i;
      } else if (n->inputs().size() == 2 && n->input(1)->node()->kind() == prim::Constant &&
                 n->input(1)->node()->hasAttribute(attr::value) &&
                 n->input(1)->node()->attributeKind(attr::value) == AttributeKind::i) {
        int64_t idx = n->input(1)->node()->i(attr::value);
        if (idx < 0) idx += static_cast<int64_t>(producer->inputs().size());
        if (idx >= 0) index = static_cast<size_t>(idx);
      }
      if (direct && index && *index < producer->inputs().size() &&
          isMutableType(producer->input(*index)->type())) {
        dag_.makePointTo(elementFor(o), elementFor(producer->input(*index)));
      } else if (isMutableType(n->input(0)->type())) {
        tupleExtractions_.emplace_back(elementFor(o), elementFor(n->input(0)));
      } else {
        pointToWildcards(o);
      }
    }
  } else if (k == prim::TupleSlice) {
    if (isMutableType(n->output()->type()) && isMutableType(n->input(0)->type()))
      dag_.makePointTo(elementFor(n->output()), elementFor(n->input(0)));
  } else if (k == prim::ListUnpack || k == prim::GetAttr) {
    for (const Value* in : n->inputs()) addReads(info, in);
    for (const Value* o : n->outputs()) pointToWildcards(o);
  } else if (k == prim::SetAttr) {
    addReads(info, n->input(0));
    addWrites(info, n->input(0));
    if (isMutableType(n->input(1)->type())) {
      addReads(info, n->input(1));
      pointToWildcards(n->input(1));
    }
    info.sideEffects = true;
  } else if (k == prim::unchecked_cast) {
    for (const Value* in : n->inputs()) addReads(info, in);
    if (isMutableType(n->output()->type()) && isMutableType(n->input(0)->type()))
      dag_.makePointTo(elementFor(n->output()), elementFor(n->input(0)));
    else
      pointToWildcards(n->output());
  } else if (k == prim::isinstance || k == prim::Print || k == prim::RaiseException) {
    for (const Value* in : n->inputs()) addReads(info, in);
    info.sideEffects = hasSideEffects(n);
  } else {
    bool handled = false;
    if (!hasSideEffects(n) && n->blocks().empty()) analyzeSchemaNode(n, info, handled);
    if (!handled) analyzeConservative(n, info);
  }
  // A node owning blocks does what its nested nodes do.
  for (const Block* b : n->blocks()) {
    for (const Node* inner : b->nodes()) {
      const NodeInfo& ii = *nodes_.at(inner);
      info.readElems.unionWith(ii.readElems);
      info.writeElems.unionWith(ii.writeElems);
      info.sideEffects |= ii.sideEffects;
    }
    for (const Value* bo : b->outputs()) addReads(info, bo);
  }
}

void AliasDb::analyzeLoop(const Node* n, NodeInfo& info) {
  // inputs: (max_trip, cond, carried...); body: (iter, carried...) -> (cond, carried...)
  const Block* body = n->blocks().at(0);
  for (const Value* in : n->inputs()) addReads(info, in);
  const size_t carried = n->outputs().size();
  for (size_t i = 0; i < carried; ++i) {
    const Value* bin = body->inputs()[i + 1];
    if (!isMutableType(bin->type())) continue;
    size_t e = elementFor(bin);
    if (isMutableType(n->input(i + 2)->type())) dag_.makePointTo(e, elementFor(n->input(i + 2)));
  }
  analyzeBlock(body);
  for (size_t i = 0; i < carried; ++i) {
    const Value* bin = body->inputs()[i + 1];
    const Value* bout = body->outputs()[i + 1];
    const Value* out = n->output(i);
    if (isMutableType(bin->type()) && isMutableType(bout->type())) dag_.makePointTo(elementFor(bin), elementFor(bout));
    if (!isMutableType(out->type())) continue;
    size_t oe = elementFor(out);
    if (isMutableType(bout->type())) dag_.makePointTo(oe, elementFor(bout));
    if (isMutableType(n->input(i + 2)->type())) dag_.makePointTo(oe, elementFor(n->input(i + 2)));
  }
}

void AliasDb::analyzeSchemaNode(const Node* n, NodeInfo& info, bool& handled) {
  const Operator* op = findOperatorFor(n);
  if (op == nullptr) return;
  const FunctionSchema& schema = op->schema();
  if (schema.isVarret && n->outputs().size() != schema.returns.size()) return;
  handled = true;
  std::map<std::string, std::vector<const Value*>> sets;  // alias set name -> inputs
  for (size_t i = 0; i < n->inputs().size(); ++i) {
    const Value* in = n->input(i);
    addReads(info, in);
    if (i >= schema.arguments.size()) continue;  // vararg extras: read only
    const Argument& arg = schema.arguments[i];
    if (!isMutableType(in->type())) continue;
    if (arg.alias) {
      const AliasInfo& a = *arg.alias;
      if (a.isWrite) addWrites(info, in);
      for (const std::string& s : a.beforeSets)
        if (s != AliasInfo::kWildcard) sets[s].push_back(in);
      if (a.isWildcardAfter() || a.isWildcardBefore()) pointToWildcards(in);
      for (const AliasInfo& c : a.containedTypes) {
        if (c.isWrite) info.writeElems.insert(tensorWildcard_), info.writeElems.insert(objectWildcard_);
        for (const std::string& s : c.beforeSets)
          if (s != AliasInfo::kWildcard) sets[s].push_back(in);
      }
    }
  }
  for (size_t j = 0; j < n->outputs().size() && j < schema.returns.size(); ++j) {
    const Value* o = n->output(j);
    if (!isMutableType(o->type())) continue;
    const Argument& ret = schema.returns[j];
    size_t e = elementFor(o);
    if (!ret.alias) continue;  // fresh memory
    const AliasInfo& a = *ret.alias;
    if (a.isWildcardBefore()) {
      pointToWildcards(o);
      continue;
    }
    bool pointed = false;
    for (const std::string& s : a.beforeSets) {
      auto it = sets.find(s);
      if (it == sets.end()) continue;
      for (const Value* in : it->second) {
        dag_.makePointTo(e, elementFor(in));
        pointed = true;
      }
    }
    // Elements of the returned container alias an input (Tensor(a)[]): the
    // list is fresh, its elements come out as wildcards, so the input must
    // be in the wildcard too.
    for (const AliasInfo& c : a.containedTypes)
      for (const std::string& s : c.beforeSets) {
        auto it = sets.find(s);
        if (it != sets.end())
          for (const Value* in : it->second) pointToWildcards(in);
      }
    if (!pointed && a.containedTypes.empty() && !a.beforeSets.empty()) pointToWildcards(o);  // unknown set name
  }
}

void AliasDb::analyzeConservative(const Node* n, NodeInfo& info) {
  for (const Value* in : n->inputs()) {
    if (!isMutableType(in->type())) continue;
    addReads(info, in);
    addWrites(info, in);
    addContentWildcards(info.writeElems, in->type());
    pointToWildcards(in);
  }
  for (const Value* o : n->outputs()) pointToWildcards(o);
  for (const Block* b : n->blocks()) analyzeBlock(b);
  info.sideEffects = true;
}

// Tuple rules that need the whole points-to graph, to a fixpoint:
//  - an extraction from a tuple points to the contained elements of every
//    element the tuple may be, or to the wildcard when it may be one;
//  - the contents of a tuple that reaches a wildcard escape as well.
void AliasDb::resolveTuples() {
  auto isWildcard = [&](size_t e) { return e == tensorWildcard_ || e == objectWildcard_; };
  for (bool changed = true; changed;) {
    changed = false;
    for (const auto& [out, tuple] : tupleExtractions_) {
      for (size_t r : dag_.reachable(tuple)) {
        if (isWildcard(r)) {
          bool tensor = false, object = false;
          wildcardsFor(valueOf_[out]->type(), tensor, object);
          if (tensor) changed |= dag_.makePointTo(out, tensorWildcard_);
          if (object) changed |= dag_.makePointTo(out, objectWildcard_);
        }
        for (size_t c : dag_.contained(r)) changed |= dag_.makePointTo(out, c);
      }
    }
    for (size_t e = 2; e < dag_.size(); ++e) {
      if (dag_.contained(e).empty() || !valueOf_[e]->type()->isa<TupleType>()) continue;
      const std::vector<size_t> reach = dag_.reachable(e);
      if (std::none_of(reach.begin(), reach.end(), isWildcard)) continue;
      for (size_t c : dag_.contained(e)) {
        const std::vector<size_t> creach = dag_.reachable(c);
        if (std::any_of(creach.begin(), creach.end(), isWildcard)) continue;
        pointToWildcards(valueOf_[c]);
        changed = true;
      }
    }
  }
}

void AliasDb::finish(const Graph& g) {
  auto toLocations = [&](const ElementSet& elems) {
    ElementSet locs;
    for (size_t e : elems.toVector()) locs.unionWith(dag_.memoryLocations(e));
    return locs;
  };
  for (auto& [node, info] : nodes_) {
    info->reads = toLocations(info->readElems);
    info->writes = toLocations(info->writeElems);
    allWrites_.unionWith(info->writes);
  }
  escapeLocations_.insert(tensorWildcard_);
  escapeLocations_.insert(objectWildcard_);
  for (const Value* o : g.outputs()) {
    escapeLocations_.unionWith(locationsOf(o));
    escapeLocations_.unionWith(contentLocationsOf(o));
  }
}

// AliasDb: queries ---------------------------------------------------------------

const AliasDb::NodeInfo& AliasDb::info(const Node* n) const {
  auto it = nodes_.find(n);
  return it == nodes_.end() ? empty_ : *it->second;
}

bool AliasDb::isMutable(const Value* v) const { return isMutableType(v->type()); }

ElementSet AliasDb::locationsOf(const Value* v) const {
  auto it = elementOf_.find(v);
  if (it == elementOf_.end()) {
    // A mutable value the analysis never saw (created after it ran):
    // assume the worst.
    ElementSet s;
    if (isMutableType(v->type())) s.insert(tensorWildcard_), s.insert(objectWildcard_);
    return s;
  }
  return dag_.memoryLocations(it->second);
}

ElementSet AliasDb::contentLocationsOf(const Value* v) const {
  ElementSet s;
  if (!isMutableType(v->type())) return s;
  addContentWildcards(s, v->type());
  auto it = elementOf_.find(v);
  if (it != elementOf_.end()) {
    for (size_t loc : dag_.memoryLocations(it->second).toVector())
      for (size_t c : dag_.contained(loc)) s.unionWith(dag_.memoryLocations(c));
    for (size_t c : dag_.contained(it->second)) s.unionWith(dag_.memoryLocations(c));
  }
  return s;
}

ElementSet AliasDb::memoryLocations(const Value* v, bool includeContents) const {
  if (!isMutable(v)) return {};
  ElementSet s = locationsOf(v);
  if (includeContents) s.unionWith(contentLocationsOf(v));
  return s;
}

bool AliasDb::mayAlias(const Value* a, const Value* b) const {
  if (!isMutable(a) || !isMutable(b)) return false;
  return locationsOf(a).intersects(locationsOf(b));
}

bool AliasDb::mayAlias(std::span<Value* const> a, std::span<Value* const> b) const {
  ElementSet la, lb;
  for (const Value* v : a)
    if (isMutable(v)) la.unionWith(locationsOf(v));
  for (const Value* v : b)
    if (isMutable(v)) lb.unionWith(locationsOf(v));
  return la.intersects(lb);
}

bool AliasDb::mayContainAlias(const Value* a, const Value* b) const {
  if (!isMutable(a) || !isMutable(b)) return false;
  ElementSet la = locationsOf(a), lb = locationsOf(b);
  la.unionWith(contentLocationsOf(a));
  lb.unionWith(contentLocationsOf(b));
  return la.intersects(lb);
}

bool AliasDb::hasWriters(const Value* v) const { return isMutable(v) && locationsOf(v).intersects(allWrites_); }

bool AliasDb::hasWriters(const Node* n) const {
  for (const Value* v : n->inputs())
    if (hasWriters(v)) return true;
  for (const Value* v : n->outputs())
    if (hasWriters(v)) return true;
  return false;
}

bool AliasDb::hasWrites(const Node* n) const { return !info(n).writeElems.empty(); }

bool AliasDb::writesToAlias(const Node* n, std::span<Value* const> values) const {
  const ElementSet& w = info(n).writes;
  for (const Value* v : values)
    if (isMutable(v) && locationsOf(v).intersects(w)) return true;
  return false;
}

bool AliasDb::writesEscapingMemory(const Node* n) const { return info(n).writes.intersects(escapeLocations_); }

bool AliasDb::escapes(const Value* v) const {
  if (!isMutable(v)) return false;
  ElementSet l = locationsOf(v);
  l.unionWith(contentLocationsOf(v));
  return l.intersects(escapeLocations_);
}

bool AliasDb::mayAliasWildcard(const Value* v) const {
  if (!isMutable(v)) return false;
  ElementSet l = locationsOf(v);
  return l.contains(tensorWildcard_) || l.contains(objectWildcard_);
}

bool AliasDb::hasSideEffects(const Node* n) const { return info(n).sideEffects || jitserve::hasSideEffects(n); }

const ElementSet& AliasDb::readLocations(const Node* n) const { return info(n).reads; }
const ElementSet& AliasDb::writeLocations(const Node* n) const { return info(n).writes; }

// Moving nodes -------------------------------------------------------------------

namespace {
// The node of `block` that is n or contains n; nullptr if n is not inside block.
const Node* ancestorIn(const Node* n, const Block* block) {
  while (n != nullptr) {
    if (n->owningBlock() == block) return n;
    const Block* b = n->owningBlock();
    n = b ? b->owningNode() : nullptr;
  }
  return nullptr;
}

bool usesOutputOf(const Node* user, const Node* producer) {
  for (const Value* o : producer->outputs())
    for (const Use& u : o->uses())
      if (ancestorIn(u.user, user->owningBlock()) == user) return true;
  return false;
}
}  // namespace

// Whether `later` must stay after the nodes in `earlier` (whose combined
// effects are given).
bool AliasDb::dependsOn(const Node* later, const ElementSet& reads, const ElementSet& writes, bool sideEffects,
                        const std::vector<Node*>& earlier) const {
  for (const Node* e : earlier)
    if (usesOutputOf(later, e)) return true;
  const NodeInfo& li = info(later);
  if (writes.intersects(li.reads) || writes.intersects(li.writes) || li.writes.intersects(reads)) return true;
  const bool laterSide = hasSideEffects(later);
  if (sideEffects && (laterSide || !li.writes.empty())) return true;
  if (laterSide && !writes.empty()) return true;
  return false;
}

bool AliasDb::tryMove(Node* n, Node* movePoint, bool after, bool dryRun) {
  JS_INTERNAL_ASSERT(n != nullptr && movePoint != nullptr, "moving a null node");
  if (n == movePoint) return true;
  if (n->owningBlock() != movePoint->owningBlock()) return false;
  if (after ? n->prev() == movePoint : n->next() == movePoint) return true;
  std::vector<Node*> working{n};
  ElementSet reads = info(n).reads, writes = info(n).writes;
  bool side = hasSideEffects(n);
  auto absorb = [&](Node* m) {
    reads.unionWith(info(m).reads);
    writes.unionWith(info(m).writes);
    side |= hasSideEffects(m);
  };
  if (n->isBefore(movePoint)) {
    // Moving later: whatever between depends on the moving group moves too.
    for (Node* cur = n->next();; cur = cur->next()) {
      if (!after && cur == movePoint) break;
      if (dependsOn(cur, reads, writes, side, working)) {
        if (cur == movePoint) return false;
        working.push_back(cur);
        absorb(cur);
      }
      if (cur == movePoint) break;
    }
  } else {
    // Moving earlier: whatever between the group depends on moves too.
    Node* stop = after ? movePoint : movePoint->prev();
    for (Node* cur = n->prev(); cur != stop; cur = cur->prev()) {
      bool dep = false;
      for (const Node* w : working)
        if (usesOutputOf(w, cur)) dep = true;
      const NodeInfo& ci = info(cur);
      if (ci.writes.intersects(reads) || ci.writes.intersects(writes) || writes.intersects(ci.reads)) dep = true;
      const bool curSide = hasSideEffects(cur);
      if ((curSide && (side || !writes.empty())) || (side && !ci.writes.empty())) dep = true;
      if (dep) {
        if (cur == movePoint) return false;
        working.insert(working.begin(), cur);
        absorb(cur);
      }
    }
  }
  if (dryRun) return true;
  if (after) {
    Node* anchor = movePoint;
    for (Node* w : working) {
      w->moveAfter(anchor);
      anchor = w;
    }
  } else {
    for (Node* w : working) w->moveBefore(movePoint);
  }
  return true;
}

bool AliasDb::moveAfterTopologicallyValid(Node* n, Node* movePoint) { return tryMove(n, movePoint, true, false); }
bool AliasDb::moveBeforeTopologicallyValid(Node* n, Node* movePoint) { return tryMove(n, movePoint, false, false); }
bool AliasDb::couldMoveAfterTopologically(Node* n, Node* movePoint) { return tryMove(n, movePoint, true, true); }
bool AliasDb::couldMoveBeforeTopologically(Node* n, Node* movePoint) { return tryMove(n, movePoint, false, true); }

std::string AliasDb::toString() const {
  std::ostringstream ss;
  ss << "points-to:\n";
  for (size_t e = 0; e < dag_.size(); ++e) {
    if (dag_.pointsTo(e).empty() && dag_.contained(e).empty()) continue;
    ss << "  " << dag_.name(e) << " ->";
    for (size_t t : dag_.pointsTo(e)) ss << " " << dag_.name(t);
    if (!dag_.contained(e).empty()) {
      ss << "  contains";
      for (size_t c : dag_.contained(e)) ss << " " << dag_.name(c);
    }
    ss << "\n";
  }
  ss << "writes:\n";
  std::vector<std::pair<const Node*, const NodeInfo*>> sorted;
  for (const auto& [n, i] : nodes_)
    if (!i->writes.empty()) sorted.emplace_back(n, i.get());
  std::sort(sorted.begin(), sorted.end(), [](auto& a, auto& b) {
    return a.first->outputs().empty() || b.first->outputs().empty()
               ? a.first < b.first
               : a.first->outputs()[0]->unique() < b.first->outputs()[0]->unique();
  });
  for (const auto& [n, i] : sorted) {
    ss << "  " << n->kind().toQualString() << " ->";
    for (size_t l : i->writes.toVector()) ss << " " << dag_.name(l);
    ss << "\n";
  }
  return ss.str();
}

}  // namespace jitserve
