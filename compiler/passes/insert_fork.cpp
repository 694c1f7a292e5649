#include "compiler/passes/insert_fork.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"

namespace jitserve {
namespace {

// ---- cost model --------------------------------------------------------------

std::optional<std::vector<int64_t>> sizesOf(const Value* v) {
  if (v->type()->kind() != TypeKind::TensorType) return std::nullopt;
  return v->type()->expect<TensorType>().concreteSizes();
}

double product(const std::vector<int64_t>& s, size_t from = 0) {
  double p = 1;
  for (size_t i = from; i < s.size(); ++i) p *= static_cast<double>(s[i]);
  return p;
}

// Multiply-adds of the ops whose cost is not proportional to their output.
std::optional<double> heavyWork(const Node* n) {
  const std::string_view k = n->kind().toQualString();
  auto in = [&](size_t i) { return i < n->inputs().size() ? sizesOf(n->input(i)) : std::nullopt; };
  auto out = [&]() { return n->outputs().empty() ? std::nullopt : sizesOf(n->output(0)); };
  if (k == "aten::mm" || k == "aten::bmm") {
    auto a = in(0), b = in(1);
    if (a && b && !a->empty() && !b->empty()) return product(*a) * static_cast<double>(b->back());
    return kForkMinWork;
  }
  if (k == "aten::addmm" || k == "aten::baddbmm") {
    auto a = in(1), b = in(2);
    if (a && b && !a->empty() && !b->empty()) return product(*a) * static_cast<double>(b->back());
    return kForkMinWork;
  }
  if (k == "aten::matmul") {
    auto a = in(0), o = out();
    if (a && o && !a->empty()) return product(*o) * static_cast<double>(a->back());
    return kForkMinWork;
  }
  if (k == "aten::linear") {
    auto w = in(1), o = out();
    if (w && o && w->size() == 2) return product(*o) * static_cast<double>((*w)[1]);
    return kForkMinWork;
  }
  if (k == "aten::conv1d" || k == "aten::conv2d" || k == "aten::conv3d" || k == "aten::_convolution" ||
      k == "aten::convolution" || k.starts_with("aten::conv_transpose")) {
    // Each output (input, for a transposed conv) element takes one weight
    // slice: weight numel / weight.size(0) multiply-adds.
    auto x = in(0), w = in(1), o = out();
    if (x && w && o && !w->empty() && (*w)[0] > 0)
      return std::max(product(*x), product(*o)) * product(*w, 1);
    return kForkMinWork;
  }
  static constexpr std::string_view kOpaque[] = {"aten::lstm", "aten::gru", "aten::rnn_tanh", "aten::rnn_relu",
                                                 "aten::lstm_cell", "aten::gru_cell", "aten::einsum",
                                                 "aten::scaled_dot_product_attention", "aten::addbmm"};
  for (std::string_view o : kOpaque)
    if (k == o) return kForkMinWork;
  return std::nullopt;
}

double blockWork(const Block* b) {
  double w = 0;
  for (const Node* n : b->nodes()) w += estimatedWork(n);
  return w;
}

// ---- the pass ----------------------------------------------------------------

using NodeSet = absl::flat_hash_set<const Node*>;

bool anyNested(const Node* n, bool (*pred)(const Node*)) {
  if (pred(n)) return true;
  for (const Block* b : n->blocks())
    for (const Node* m : b->nodes())
      if (anyNested(m, pred)) return true;
  return false;
}

// Values n defines (outputs, and everything inside its blocks) and values it
// uses (inputs, and what its blocks use, their outputs included).
void collectDefined(const Node* n, absl::flat_hash_set<const Value*>& out) {
  for (const Value* o : n->outputs()) out.insert(o);
  for (const Block* b : n->blocks()) {
    for (const Value* in : b->inputs()) out.insert(in);
    for (const Node* m : b->nodes()) collectDefined(m, out);
  }
}
void collectUsed(const Node* n, std::vector<Value*>& out) {
  for (Value* v : n->inputs()) out.push_back(v);
  for (const Block* b : n->blocks()) {
    for (const Node* m : b->nodes()) collectUsed(m, out);
    for (Value* v : b->outputs()) out.push_back(v);
  }
}

// One candidate region and where its fork and wait go (indices into the
// block's node list; waitAt == size means before the block's return).
struct Region {
  std::vector<Node*> nodes;  // in block order
  std::vector<Value*> inputs;
  std::vector<Value*> outputs;  // results used outside the region
  int forkAfter = -1;           // -1: at the block's start
  int waitAt = 0;
  double work = 0;
};

class ForkInserter {
 public:
  explicit ForkInserter(Graph& g) : graph_(g) {}

  bool runBlock(Block* b) {
    bool changed = false;
    if (worthLooking(b)) changed = forkInBlock(b);
    for (Node* n : b->nodes())
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
    return changed;
  }

 private:
  // Cheap test before building an AliasDb: one heavy node and as much work
  // besides it.
  static bool worthLooking(const Block* b) {
    double total = 0, most = 0;
    for (const Node* n : b->nodes()) {
      const double w = estimatedWork(n);
      total += w;
      most = std::max(most, w);
    }
    return most >= kForkMinWork && total - most >= kForkMinWork;
  }

  bool forkInBlock(Block* b) {
    std::vector<Node*> original(b->nodes().begin(), b->nodes().end());
    db_ = std::make_unique<AliasDb>(graph_);
    const bool hoisted = hoistHeavyNodes(b);
    if (hoisted) db_ = std::make_unique<AliasDb>(graph_);  // a snapshot: rebuilt for the new order
    index(b);
    std::vector<Region> regions = chooseRegions();
    if (regions.empty() || !JS_OPT_ALLOWED) {
      if (hoisted)
        for (Node* n : original) n->moveBefore(b->returnNode());
      return false;
    }
    for (Region& r : regions) apply(b, r);
    GRAPH_DUMP("after insert_fork", graph_);
    return true;
  }

  void index(Block* b) {
    nodes_.assign(b->nodes().begin(), b->nodes().end());
    block_ = b;
    pos_.clear();
    for (size_t i = 0; i < nodes_.size(); ++i) pos_[nodes_[i]] = static_cast<int>(i);
    work_.assign(nodes_.size(), 0);
    for (size_t i = 0; i < nodes_.size(); ++i) work_[i] = estimatedWork(nodes_[i]);
    claimed_.clear();
  }

  // The node of this block that contains `user` (size() for its return).
  int positionOfUser(const Node* user) const {
    while (user != nullptr && user->owningBlock() != block_) user = user->owningBlock()->owningNode();
    if (user == nullptr || user == block_->returnNode()) return static_cast<int>(nodes_.size());
    auto it = pos_.find(user);
    return it == pos_.end() ? static_cast<int>(nodes_.size()) : it->second;
  }
  // The position of v's definition in this block, -1 when defined outside.
  int positionOfDef(const Value* v) const {
    auto it = pos_.find(v->node());
    return it == pos_.end() ? -1 : it->second;
  }

  bool movable(const Node* n) const {
    if (n->kind() == prim::Param || n->kind() == prim::Return) return false;
    if (db_->hasSideEffects(n) || anyNested(n, &isNondeterministic)) return false;
    return !db_->writesEscapingMemory(n);
  }

  // Whether running a and b in either order (or at once) can tell.
  bool conflicts(const ElementSet& reads, const ElementSet& writes, const Node* m) const {
    return writes.intersects(db_->readLocations(m)) || writes.intersects(db_->writeLocations(m)) ||
           reads.intersects(db_->writeLocations(m));
  }

  void accessesOf(const std::vector<Node*>& set, ElementSet& reads, ElementSet& writes) const {
    for (const Node* n : set) {
      reads.unionWith(db_->readLocations(n));
      writes.unionWith(db_->writeLocations(n));
    }
  }

  // Adds to `set` (positions) every cheap, movable, unclaimed producer whose
  // results only the set uses, until none is left. Heavy producers stay
  // out: they are regions of their own (or the work beside one).
  void closeBackward(std::vector<int>& set) const {
    for (bool grew = true; grew;) {
      grew = false;
      absl::flat_hash_set<int> members(set.begin(), set.end());
      for (size_t s = 0; s < set.size() && !grew; ++s) {
        std::vector<Value*> used;
        collectUsed(nodes_[set[s]], used);
        for (Value* v : used) {
          const int d = positionOfDef(v);
          if (d < 0 || members.contains(d) || claimed_.contains(d) || work_[d] >= kForkMinWork ||
              !movable(nodes_[d]))
            continue;
          bool onlyUs = true;
          for (const Value* o : nodes_[d]->outputs())
            for (const Use& u : o->uses()) onlyUs = onlyUs && members.contains(positionOfUser(u.user));
          if (!onlyUs) continue;
          set.push_back(d);
          grew = true;
          break;
        }
      }
    }
    std::sort(set.begin(), set.end());
  }

  // Per position: the node uses (directly or through others) a heavy node's
  // result.
  std::vector<bool> consumesHeavyResults() const {
    std::vector<bool> out(nodes_.size(), false);
    for (size_t i = 0; i < nodes_.size(); ++i) {
      std::vector<Value*> used;
      collectUsed(nodes_[i], used);
      for (const Value* v : used) {
        const int d = positionOfDef(v);
        if (d >= 0 && (work_[d] >= kForkMinWork || out[d])) out[i] = true;
      }
    }
    return out;
  }

  // Moves each heavy node, with the producers only it uses, up past the
  // independent cheap nodes before it that consume earlier heavy results
  // (not past another heavy node, a node with side effects, or anything it
  // depends on). Returns whether any moved.
  bool hoistHeavyNodes(Block* b) {
    bool moved = false;
    index(b);
    for (size_t h = 0; h < nodes_.size(); ++h) {
      if (work_[h] < kForkMinWork || !movable(nodes_[h])) continue;
      std::vector<int> cone{static_cast<int>(h)};
      closeBackward(cone);
      const absl::flat_hash_set<int> members(cone.begin(), cone.end());
      std::vector<Node*> coneNodes;
      for (int i : cone) coneNodes.push_back(nodes_[i]);
      ElementSet reads, writes;
      accessesOf(coneNodes, reads, writes);
      absl::flat_hash_set<const Value*> used;
      for (const Node* n : coneNodes) {
        std::vector<Value*> u;
        collectUsed(n, u);
        used.insert(u.begin(), u.end());
      }
      auto blocks = [&](int j) {
        const Node* m = nodes_[j];
        if (work_[j] >= kForkMinWork || db_->hasSideEffects(m) || conflicts(reads, writes, m)) return true;
        for (const Value* o : m->outputs())
          if (used.contains(o)) return true;
        return false;
      };
      // Nodes interleaved with the cone must let it pass.
      bool ok = true;
      for (int j = cone.front() + 1; j < static_cast<int>(h) && ok; ++j)
        if (!members.contains(j) && blocks(j)) ok = false;
      if (!ok) continue;
      int stop = cone.front() - 1;
      while (stop >= 0 && !blocks(stop)) --stop;
      // Only as far as needed to get above the first node that consumes an
      // earlier heavy result (where an earlier region would be waited for).
      const std::vector<bool> joins = consumesHeavyResults();
      int target = stop + 1;
      while (target < cone.front() && !joins[target]) ++target;
      if (target >= cone.front()) continue;
      for (Node* n : coneNodes) n->moveBefore(nodes_[target]);
      moved = true;
      index(b);
    }
    return moved;
  }

  // Fills r's inputs, outputs and positions; false when the region cannot be
  // forked as it is.
  bool layout(const std::vector<int>& set, Region& r) const {
    const absl::flat_hash_set<int> members(set.begin(), set.end());
    r.nodes.clear();
    for (int i : set) r.nodes.push_back(nodes_[i]);
    absl::flat_hash_set<const Value*> defined;
    for (const Node* n : r.nodes) collectDefined(n, defined);
    r.inputs.clear();
    r.forkAfter = set.front() - 1;
    absl::flat_hash_set<const Value*> seen;
    for (const Node* n : r.nodes) {
      std::vector<Value*> used;
      collectUsed(n, used);
      for (Value* v : used) {
        if (defined.contains(v) || !seen.insert(v).second) continue;
        const int d = positionOfDef(v);
        if (d >= 0 && claimed_.contains(d)) return false;  // regions share no values
        r.forkAfter = std::max(r.forkAfter, d);
        r.inputs.push_back(v);
      }
    }
    r.outputs.clear();
    r.waitAt = static_cast<int>(nodes_.size());
    for (const Node* n : r.nodes) {
      for (Value* o : n->outputs()) {
        bool outside = false;
        for (const Use& u : o->uses()) {
          const int p = positionOfUser(u.user);
          if (members.contains(p)) continue;
          if (p < static_cast<int>(nodes_.size()) && claimed_.contains(p)) return false;
          outside = true;
          r.waitAt = std::min(r.waitAt, p);
        }
        if (outside) r.outputs.push_back(o);
      }
    }
    if (r.outputs.empty() || r.forkAfter >= r.waitAt) return false;
    // Everything the move reorders or overlaps: no side effects, no conflicts.
    ElementSet reads, writes;
    accessesOf(r.nodes, reads, writes);
    const int last = std::max(r.waitAt - 1, set.back());
    for (int j = set.front(); j <= last && j < static_cast<int>(nodes_.size()); ++j) {
      if (members.contains(j)) continue;
      if (db_->hasSideEffects(nodes_[j]) || conflicts(reads, writes, nodes_[j])) return false;
    }
    r.work = 0;
    for (int i : set) r.work += work_[i];
    return true;
  }

  // The region grown from a heavy node: its private producers, then each
  // consumer that needs nothing defined after the fork point.
  std::optional<Region> grow(int seed) const {
    std::vector<int> set{seed};
    closeBackward(set);
    Region r;
    if (!layout(set, r)) return std::nullopt;
    for (bool grew = true; grew;) {
      grew = false;
      std::vector<int> consumers;
      for (const Node* n : r.nodes)
        for (const Value* o : n->outputs())
          for (const Use& u : o->uses()) {
            const int p = positionOfUser(u.user);
            if (p < static_cast<int>(nodes_.size()) && !claimed_.contains(p) &&
                std::find(set.begin(), set.end(), p) == set.end())
              consumers.push_back(p);
          }
      std::sort(consumers.begin(), consumers.end());
      for (int c : consumers) {
        if (!movable(nodes_[c])) continue;
        std::vector<int> bigger = set;
        bigger.push_back(c);
        closeBackward(bigger);
        Region t;
        if (!layout(bigger, t) || t.forkAfter > r.forkAfter) continue;
        set = std::move(bigger);
        r = std::move(t);
        grew = true;
        break;
      }
    }
    return r;
  }

  std::vector<Region> chooseRegions() {
    std::vector<Region> chosen;
    for (size_t h = 0; h < nodes_.size(); ++h) {
      if (claimed_.contains(static_cast<int>(h)) || work_[h] < kForkMinWork || !movable(nodes_[h])) continue;
      std::optional<Region> r = grow(static_cast<int>(h));
      if (!r) continue;
      double beside = 0;  // the caller's work between fork and wait
      absl::flat_hash_set<const Node*> members(r->nodes.begin(), r->nodes.end());
      for (int j = r->forkAfter + 1; j < r->waitAt; ++j)
        if (!members.contains(nodes_[j])) beside += work_[j];
      GRAPH_DEBUG("insert_fork: region at ", jitlog::nodeString(*nodes_[h]), " work ", r->work, ", beside ",
                  beside);
      if (r->work < kForkMinWork || beside < kForkMinWork) continue;
      for (const Node* n : r->nodes) claimed_.insert(pos_.at(n));
      chosen.push_back(std::move(*r));
    }
    return chosen;
  }

  // Replaces r's nodes by a fork after r.forkAfter and a wait at r.waitAt.
  void apply(Block* b, const Region& r) {
    auto sub = std::make_shared<Graph>();
    absl::flat_hash_map<Value*, Value*> env;
    for (Value* v : r.inputs) env[v] = sub->addInput()->copyMetadata(v);
    auto lookup = [&](Value* v) { return env.at(v); };
    for (Node* n : r.nodes) {
      Node* c = sub->createClone(n, lookup, true);
      sub->block()->appendNode(c);
      for (size_t i = 0; i < n->outputs().size(); ++i) env[n->output(i)] = c->output(i);
    }
    std::vector<TypePtr> types;
    for (Value* o : r.outputs) types.push_back(o->type());
    TypePtr result;
    if (r.outputs.size() == 1) {
      sub->registerOutput(env.at(r.outputs[0]));
      result = types[0];
    } else {
      std::vector<Value*> outs;
      for (Value* o : r.outputs) outs.push_back(env.at(o));
      Node* t = sub->create(prim::TupleConstruct, outs, 1);
      result = TupleType::create(types);
      t->output()->setType(result);
      sub->block()->appendNode(t);
      sub->registerOutput(t->output());
    }

    Node* fork = graph_.create(prim::fork, r.inputs, 1);
    fork->g_(attr::Subgraph, sub);
    fork->output()->setType(FutureType::create(result));
    fork->setSourceRange(r.nodes.front()->sourceRange());
    // After the last node that stays (other regions' nodes are going away),
    // and after the forks already put there, so forks keep program order.
    int at = r.forkAfter;
    while (at >= 0 && claimed_.contains(at)) --at;
    Node* after = at >= 0 ? nodes_[at] : nullptr;
    for (Node* next = after ? after->next() : b->nodes().front(); inserted_.contains(next); next = next->next())
      after = next;
    if (after) fork->insertAfter(after);
    else b->prependNode(fork);
    inserted_.insert(fork);

    Node* wait = graph_.create(aten::wait, {fork->output()}, 1);
    wait->output()->setType(result);
    wait->insertBefore(r.waitAt < static_cast<int>(nodes_.size()) ? nodes_[r.waitAt] : b->returnNode());
    std::vector<Value*> results{wait->output()};
    if (r.outputs.size() > 1) {
      Node* unpack = graph_.create(prim::TupleUnpack, {wait->output()}, r.outputs.size());
      for (size_t i = 0; i < types.size(); ++i) unpack->output(i)->setType(types[i]);
      unpack->insertAfter(wait);
      results = unpack->outputs();
    }
    std::vector<std::string> names;
    for (size_t i = 0; i < r.outputs.size(); ++i) {
      names.push_back(r.outputs[i]->hasDebugName() ? r.outputs[i]->debugNameRaw() : "");
      r.outputs[i]->replaceAllUsesWith(results[i]);
    }
    for (auto it = r.nodes.rbegin(); it != r.nodes.rend(); ++it) (*it)->destroy();
    for (size_t i = 0; i < results.size(); ++i)
      if (!names[i].empty()) results[i]->setDebugName(names[i]);
  }

  Graph& graph_;
  std::unique_ptr<AliasDb> db_;
  Block* block_ = nullptr;
  std::vector<Node*> nodes_;
  absl::flat_hash_map<const Node*, int> pos_;
  std::vector<double> work_;
  absl::flat_hash_set<int> claimed_;
  absl::flat_hash_set<const Node*> inserted_;  // forks made so far
};

}  // namespace

double estimatedWork(const Node* n) {
  if (n->kind() == prim::Loop) {
    double trips = 1;
    const Node* count = n->inputs().empty() ? nullptr : n->input(0)->node();
    if (count && count->kind() == prim::Constant && count->hasAttribute(attr::value) &&
        count->attributeKind(attr::value) == AttributeKind::i)
      trips = static_cast<double>(std::clamp<int64_t>(count->i(attr::value), 0, 1 << 20));
    double body = 0;
    for (const Block* b : n->blocks()) body += blockWork(b);
    return body * trips;
  }
  if (!n->blocks().empty()) {
    double most = 0;
    for (const Block* b : n->blocks()) most = std::max(most, blockWork(b));
    return most;
  }
  if (std::optional<double> w = heavyWork(n)) return *w;
  double most = 0;
  for (const Value* o : n->outputs())
    if (auto s = sizesOf(o)) most = std::max(most, product(*s));
  return most;
}

bool InsertFork(Graph& graph) { return ForkInserter(graph).runBlock(graph.block()); }

}  // namespace jitserve
