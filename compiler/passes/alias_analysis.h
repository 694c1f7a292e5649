// AliasDb: which values may share memory, and which nodes read and write it.
//
// TorchScript has mutable reference types (Tensor, lists, dicts, objects):
// two Values may name the same memory (views, list elements, graph inputs),
// and in-place operators write it. Every pass that removes, merges or moves
// nodes asks an AliasDb whether that is still indistinguishable from the
// original order.
//
// The model (the seed's "Alias Analysis in the IR"): a MemoryDAG whose
// vertices are Elements and whose edges mean "may point to". Each
// mutable-typed Value has an Element; an Element with no out-edges is a
// *memory location* (freshly allocated memory), so two values may alias when
// the sets of locations they reach intersect. Two special locations, the
// *wildcards* (one for tensors, one for other mutable objects), stand for
// memory the analysis cannot track: the graph's inputs, object attributes,
// and anything that was ever put into a container or passed to an unknown
// function points to them. Edges come from:
//   - schema alias annotations: `view(Tensor(a) self) -> Tensor(a)` makes the
//     output point to self; `Tensor(a!)` marks a write; `(a -> *)` sends the
//     argument to the wildcard; `-> t(*)` returns a wildcard; no annotation on
//     a mutable return means fresh memory;
//   - containers: ListConstruct/DictConstruct outputs are fresh and their
//     elements escape to the wildcard (lists are mutable: what comes out of
//     one is a wildcard); tuples are immutable, so a TupleConstruct records
//     its elements as *contained* and TupleUnpack/TupleIndex point to the
//     contained elements of every tuple their input may be (a wildcard when
//     the tuple came from outside); a tuple that escapes (into a list, an
//     unknown call) sends its contained elements to the wildcard too. These
//     last rules are resolved to a fixpoint once all edges are known;
//   - control flow: prim::If outputs point to both blocks' outputs; loop-carried
//     values point to the initial value and to the body's outputs (cycles are
//     fine: only reachability matters);
//   - anything else without a schema (calls, forks, unknown ops) is treated as
//     reading and writing all its inputs and their contents, returning
//     wildcards, and having side effects.
// The analysis is flow-insensitive: built once per graph, queried many times.
// It is a snapshot: after changing the graph, build a new one before asking
// about new or moved nodes (removing nodes keeps answers conservative).
//
// Example (the seed's):  c = 2 * b; a += 1; r = a[0] if a.max() > 4 else b[0]
//   a, b  -> wildcard (graph inputs)        c -> fresh (pure op)
//   r     -> {a[0], b[0]} -> {a, b} -> wildcard
//   mayAlias(a, b) = true, mayAlias(c, a) = false, mayAlias(r, b) = true;
//   the node `a += 1` writes a, so hasWriters(b) is true (b may be a).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "runtime/ir/ir.h"

namespace jitserve {

// A set of element indices (a bit vector).
class ElementSet {
 public:
  void insert(size_t i);
  bool contains(size_t i) const;
  bool intersects(const ElementSet& o) const;
  void unionWith(const ElementSet& o);
  bool empty() const;
  std::vector<size_t> toVector() const;

 private:
  std::vector<uint64_t> words_;
};

// The points-to graph. Elements are numbered from 0.
class MemoryDAG {
 public:
  size_t makeElement(std::string name);
  // False if the edge already existed.
  bool makePointTo(size_t from, size_t to);
  void addContained(size_t container, size_t element);
  size_t size() const { return elements_.size(); }
  const std::string& name(size_t e) const { return elements_[e].name; }
  const std::vector<size_t>& pointsTo(size_t e) const { return elements_[e].pointsTo; }
  const std::vector<size_t>& contained(size_t e) const { return elements_[e].contained; }
  // The leaves reachable from e (e itself if it points nowhere). Cached; the
  // cache is dropped whenever an edge is added.
  const ElementSet& memoryLocations(size_t e) const;
  // Every element reachable from e (e included).
  std::vector<size_t> reachable(size_t e) const;

 private:
  struct Element {
    std::string name;
    std::vector<size_t> pointsTo;
    std::vector<size_t> contained;
  };
  std::vector<Element> elements_;
  mutable std::vector<std::unique_ptr<ElementSet>> cache_;
};

class AliasDb {
 public:
  explicit AliasDb(const Graph& graph);
  ~AliasDb();
  AliasDb(const AliasDb&) = delete;
  AliasDb& operator=(const AliasDb&) = delete;

  // Values of immutable types (int, float, str, tuples of those) never alias.
  bool isMutable(const Value* v) const;

  bool mayAlias(const Value* a, const Value* b) const;
  bool mayAlias(std::span<Value* const> a, std::span<Value* const> b) const;
  // Like mayAlias, also looking into what a and b contain (list elements,
  // tuple members, object attributes).
  bool mayContainAlias(const Value* a, const Value* b) const;

  // Some node of the graph writes memory v may point to.
  bool hasWriters(const Value* v) const;
  // ... memory any input or output of n may point to.
  bool hasWriters(const Node* n) const;
  // n (or a node nested in it) writes anything.
  bool hasWrites(const Node* n) const;
  // n writes memory that one of `values` may point to.
  bool writesToAlias(const Node* n, std::span<Value* const> values) const;
  // n writes memory the caller can see: graph inputs or outputs, wildcards.
  bool writesEscapingMemory(const Node* n) const;
  // v may alias (or contain) a graph input, a graph output or a wildcard.
  bool escapes(const Value* v) const;
  // v may point to memory the analysis cannot track (a wildcard).
  bool mayAliasWildcard(const Value* v) const;
  // n, or a node nested in it, has side effects beyond memory (print,
  // raise, unknown calls; see op_properties.h).
  bool hasSideEffects(const Node* n) const;

  // The memory locations v may point to (and, with includeContents, those of
  // what it contains).
  ElementSet memoryLocations(const Value* v, bool includeContents = false) const;
  // Memory locations n reads / writes (nested blocks included).
  const ElementSet& readLocations(const Node* n) const;
  const ElementSet& writeLocations(const Node* n) const;

  // Moves n right after (before) movePoint, in the same block, when that
  // keeps every data dependency and the order of every conflicting memory
  // access (write/write, read/write) and side effect. Nodes between them that
  // must keep their order relative to n move with it. Returns false and
  // changes nothing when impossible (e.g. movePoint depends on n).
  bool moveAfterTopologicallyValid(Node* n, Node* movePoint);
  bool moveBeforeTopologicallyValid(Node* n, Node* movePoint);
  // The same questions without moving.
  bool couldMoveAfterTopologically(Node* n, Node* movePoint);
  bool couldMoveBeforeTopologically(Node* n, Node* movePoint);

  // The points-to graph and each node's reads/writes, for GRAPH_DEBUG.
  std::string toString() const;

 private:
  struct NodeInfo {
    ElementSet readElems, writeElems;
    ElementSet reads, writes;  // memory locations (computed after building)
    bool sideEffects = false;
  };

  void analyzeBlock(const Block* b);
  void analyzeNode(const Node* n);
  void analyzeSchemaNode(const Node* n, NodeInfo& info, bool& handled);
  void analyzeConservative(const Node* n, NodeInfo& info);
  void analyzeLoop(const Node* n, NodeInfo& info);
  void resolveTuples();
  void finish(const Graph& g);

  size_t elementFor(const Value* v);  // creates (fresh) if missing
  bool hasElement(const Value* v) const { return elementOf_.contains(v); }
  void pointToWildcards(const Value* v);
  void addReads(NodeInfo& info, const Value* v);
  void addWrites(NodeInfo& info, const Value* v);
  void addContentWildcards(ElementSet& set, const TypePtr& t) const;
  void wildcardsFor(const TypePtr& t, bool& tensor, bool& object) const;
  ElementSet locationsOf(const Value* v) const;
  ElementSet contentLocationsOf(const Value* v) const;
  bool dependsOn(const Node* later, const ElementSet& reads, const ElementSet& writes, bool sideEffects,
                 const std::vector<Node*>& earlier) const;
  bool tryMove(Node* n, Node* movePoint, bool after, bool dryRun);
  const NodeInfo& info(const Node* n) const;

  MemoryDAG dag_;
  size_t tensorWildcard_ = 0;
  size_t objectWildcard_ = 0;
  absl::flat_hash_map<const Value*, size_t> elementOf_;
  std::vector<const Value*> valueOf_;  // element -> value (nullptr for wildcards)
  std::vector<std::pair<size_t, size_t>> tupleExtractions_;  // (output, tuple) elements
  absl::flat_hash_map<const Node*, std::unique_ptr<NodeInfo>> nodes_;
  ElementSet allWrites_;
  ElementSet escapeLocations_;
  NodeInfo empty_;
};

}  // namespace jitserve
