// The Graph IR: Graph, Block, Node, Value.
//
// A Graph is a function in SSA form with structured control flow. Its top
// Block holds a sequence of Nodes; a Node consumes input Values, produces
// output Values, carries named attributes and may own sub-Blocks (prim::If
// has two, prim::Loop one). Example:
//
//   graph(%x.1 : Tensor, %n : int):
//     %2 : int = prim::Constant[value=1]()
//     %y : Tensor = aten::add(%x.1, %x.1, %2)
//     return (%y)
//
// Ownership: the Graph owns every Block, Node and Value in it; everything
// else holds raw pointers, valid until the object is destroyed through the
// Graph/Node API. Create nodes with Graph::create, blocks with Node::addBlock,
// values with Node::addOutput / Block::addInput.
//
// Invariants (checked by verifyGraph in verifier.h):
//  - Every Value has exactly one defining Node (a block's inputs are the
//    outputs of its prim::Param node) and a non-null Type.
//  - Use lists mirror input lists: v->uses() contains Use{n, i} exactly when
//    n->inputs()[i] == v.
//  - A Block's nodes form a circular list whose sentinel is its prim::Return
//    node (whose inputs are the block's outputs); the prim::Param node is not
//    in the list. Every value used in a block is defined earlier in that block
//    or in an enclosing one (values are block-scoped).
//  - Debug names are unique per Graph and never all digits; unnamed values
//    print as %<unique id>.
//  - topoPosition() increases along each block's node list, so isBefore /
//    isAfter are O(1) amortized within a block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "runtime/ir/attributes.h"
#include "runtime/ir/source_range.h"
#include "runtime/ir/symbol.h"
#include "runtime/core/type.h"

namespace jitserve {

class Graph;
class Block;
class Node;
class Value;

// One use of a Value: input number `offset` of node `user`.
struct Use {
  Node* user;
  size_t offset;
  friend bool operator==(const Use& a, const Use& b) { return a.user == b.user && a.offset == b.offset; }
};

class Value {
 public:
  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;

  Node* node() { return node_; }
  const Node* node() const { return node_; }
  size_t offset() const { return offset_; }  // index in node()->outputs()
  size_t unique() const { return unique_; }
  Graph* owningGraph() const;

  const TypePtr& type() const { return type_; }
  Value* setType(TypePtr type);

  const std::vector<Use>& uses() const { return uses_; }
  bool hasUses() const { return !uses_.empty(); }

  bool hasDebugName() const { return !name_.empty(); }
  const std::string& debugNameRaw() const { return name_; }
  // The name printed after '%': the debug name, or the unique id.
  std::string debugName() const;
  // Names must not be all digits (those are ids). If another value of the graph
  // holds the name, that value is renamed to name_base.N as PyTorch does, so
  // the new owner gets exactly `name`. An empty name clears it.
  Value* setDebugName(const std::string& name);
  static bool isValidName(std::string_view name);

  // Makes every user of this value use `v` instead.
  //   %b = f(%a); %c = g(%a)   --a->replaceAllUsesWith(x)-->   %b = f(%x); %c = g(%x)
  void replaceAllUsesWith(Value* v);
  // Only the uses in nodes after `node` (in topological order).
  void replaceAllUsesAfterNodeWith(const Node* node, Value* v);
  // Copies type and debug name (if any) from `from`.
  Value* copyMetadata(const Value* from);

  // For the IR parser: makes this value print as %<id>. The caller reserves
  // ids first (Graph::reserveUniqueIds) so none is handed out twice.
  void setUniqueId(size_t id) { unique_ = id; }

 private:
  friend class Node;
  friend class Graph;
  friend class Block;
  Value(Node* node, size_t offset, size_t unique);

  Node* node_;
  size_t offset_;
  size_t unique_;
  TypePtr type_;
  std::string name_;
  std::vector<Use> uses_;
};

class Node {
 public:
  Node(const Node&) = delete;
  Node& operator=(const Node&) = delete;

  Symbol kind() const { return kind_; }
  // Only for a node that is being built (the IR parser names fork subgraph
  // nodes after seeing them); passes create a new node instead.
  void setKind(Symbol k) { kind_ = k; }
  Graph* owningGraph() const { return graph_; }
  Block* owningBlock() const { return owningBlock_; }
  bool isInBlockList() const { return next_ != nullptr; }
  Node* next() const { return next_; }
  Node* prev() const { return prev_; }

  const SourceRange& sourceRange() const { return range_; }
  Node* setSourceRange(SourceRange r) {
    range_ = std::move(r);
    return this;
  }

  // Inputs ----------------------------------------------------------------------
  const std::vector<Value*>& inputs() const { return inputs_; }
  Value* input(size_t i) const;
  Value* input() const;  // the only input
  Value* addInput(Value* v);
  Value* insertInput(size_t i, Value* v);
  // Returns the value that was replaced.
  //   %c = f(%a, %b)   --n->replaceInput(1, %x)-->   %c = f(%a, %x)
  Value* replaceInput(size_t i, Value* v);
  // Replaces every use of `from` among this node's inputs.
  void replaceInputWith(Value* from, Value* to);
  //   %c = f(%a, %b)   --n->removeInput(0)-->   %c = f(%b)   (later use offsets shift down)
  void removeInput(size_t i);
  void removeAllInputs();

  // Outputs ---------------------------------------------------------------------
  const std::vector<Value*>& outputs() const { return outputs_; }
  Value* output(size_t i) const;
  Value* output() const;  // the only output
  Value* addOutput();
  Value* insertOutput(size_t i);
  // The output must have no uses.
  void eraseOutput(size_t i);
  bool hasUses() const;

  // Blocks ----------------------------------------------------------------------
  const std::vector<Block*>& blocks() const { return blocks_; }
  Block* addBlock();
  void eraseBlock(size_t i);

  // Position ----------------------------------------------------------------------
  // Both nodes must be in the same graph; false if they are the same node.
  bool isBefore(const Node* n) const;
  bool isAfter(const Node* n) const;
  int64_t topoPosition() const { return topoPosition_; }

  // Inserts this (not yet placed) node before/after `n`, in n's block.
  Node* insertBefore(Node* n);
  Node* insertAfter(Node* n);
  // Moves this (placed) node, possibly into another block:
  //   %a = f()  %b = g()   --b->moveBefore(a)-->   %b = g()  %a = f()
  // Moving a node above a definition it uses is the caller's responsibility
  // (verifyGraph reports it).
  void moveBefore(Node* n);
  void moveAfter(Node* n);
  // Detaches from the block without deleting (outputs may still have uses).
  void removeFromList();
  // Deletes the node and its blocks. Its outputs must have no uses, so
  // replace them first:
  //   %b = f(%a); %c = g(%b)   --b->replaceAllUsesWith(%a); f->destroy()-->   %c = g(%a)
  void destroy();

  // Attributes --------------------------------------------------------------------
  bool hasAttribute(Symbol name) const { return findAttr(name) != nullptr; }
  bool hasAttributes() const { return !attrs_.empty(); }
  std::optional<AttributeKind> attributeKind(Symbol name) const;
  const std::vector<Attribute>& attributes() const { return attrs_; }
  std::vector<Symbol> attributeNames() const;
  void removeAttribute(Symbol name);
  // Sets (or overwrites, keeping its position) an attribute.
  Node* setAttribute(Symbol name, AttributeKind kind, Attribute::Payload value);
  void copyAttributes(const Node& from);

  // Typed accessors: getters throw jitserve::Error naming the node if the
  // attribute is missing or has another kind.
  double f(Symbol name) const { return get<double>(name, AttributeKind::f); }
  Node* f_(Symbol name, double v) { return setAttribute(name, AttributeKind::f, v); }
  const std::vector<double>& fs(Symbol name) const { return get<std::vector<double>>(name, AttributeKind::fs); }
  Node* fs_(Symbol name, std::vector<double> v) { return setAttribute(name, AttributeKind::fs, std::move(v)); }
  int64_t i(Symbol name) const { return get<int64_t>(name, AttributeKind::i); }
  Node* i_(Symbol name, int64_t v) { return setAttribute(name, AttributeKind::i, v); }
  const std::vector<int64_t>& is(Symbol name) const { return get<std::vector<int64_t>>(name, AttributeKind::is); }
  Node* is_(Symbol name, std::vector<int64_t> v) { return setAttribute(name, AttributeKind::is, std::move(v)); }
  const std::string& s(Symbol name) const { return get<std::string>(name, AttributeKind::s); }
  Node* s_(Symbol name, std::string v) { return setAttribute(name, AttributeKind::s, std::move(v)); }
  const std::vector<std::string>& ss(Symbol name) const {
    return get<std::vector<std::string>>(name, AttributeKind::ss);
  }
  Node* ss_(Symbol name, std::vector<std::string> v) { return setAttribute(name, AttributeKind::ss, std::move(v)); }
  const OpaqueConstantPtr& t(Symbol name) const { return get<OpaqueConstantPtr>(name, AttributeKind::t); }
  Node* t_(Symbol name, OpaqueConstantPtr v) { return setAttribute(name, AttributeKind::t, std::move(v)); }
  const OpaqueConstantPtr& ival(Symbol name) const { return get<OpaqueConstantPtr>(name, AttributeKind::ival); }
  Node* ival_(Symbol name, OpaqueConstantPtr v) { return setAttribute(name, AttributeKind::ival, std::move(v)); }
  const GraphPtr& g(Symbol name) const { return get<GraphPtr>(name, AttributeKind::g); }
  Node* g_(Symbol name, GraphPtr v) { return setAttribute(name, AttributeKind::g, std::move(v)); }
  const std::vector<GraphPtr>& gs(Symbol name) const { return get<std::vector<GraphPtr>>(name, AttributeKind::gs); }
  Node* gs_(Symbol name, std::vector<GraphPtr> v) { return setAttribute(name, AttributeKind::gs, std::move(v)); }
  const TypePtr& ty(Symbol name) const { return get<TypePtr>(name, AttributeKind::ty); }
  Node* ty_(Symbol name, TypePtr v) { return setAttribute(name, AttributeKind::ty, std::move(v)); }
  const std::vector<TypePtr>& tys(Symbol name) const { return get<std::vector<TypePtr>>(name, AttributeKind::tys); }
  Node* tys_(Symbol name, std::vector<TypePtr> v) { return setAttribute(name, AttributeKind::tys, std::move(v)); }

 private:
  friend class Graph;
  friend class Block;
  friend class Value;
  Node(Graph* graph, Symbol kind);
  ~Node();

  const Attribute* findAttr(Symbol name) const;
  template <typename T>
  const T& get(Symbol name, AttributeKind kind) const;
  void dropInput(size_t i);  // removes the use, not the input slot
  void linkBefore(Node* n);  // inserts into n's block list and assigns topoPosition_
  void assignTopoPosition();

  Symbol kind_;
  Graph* graph_;
  Block* owningBlock_ = nullptr;
  Node* next_ = nullptr;
  Node* prev_ = nullptr;
  std::vector<Value*> inputs_;
  std::vector<Value*> outputs_;
  std::vector<Block*> blocks_;
  std::vector<Attribute> attrs_;
  SourceRange range_;
  int64_t topoPosition_ = 0;
};

// Iterates a block's nodes in order (excluding the param and return nodes).
// Destroying or moving the current node invalidates the iterator; use
// `for (auto it = b->nodes().begin(); it != end;) { Node* n = *it++; ... }`.
class NodeRange {
 public:
  class iterator {
   public:
    using value_type = Node*;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    explicit iterator(Node* n, bool reverse) : n_(n), reverse_(reverse) {}
    Node* operator*() const { return n_; }
    iterator& operator++() {
      n_ = reverse_ ? n_->prev() : n_->next();
      return *this;
    }
    iterator operator++(int) {
      iterator old = *this;
      ++*this;
      return old;
    }
    bool operator==(const iterator& o) const { return n_ == o.n_; }
    bool operator!=(const iterator& o) const { return n_ != o.n_; }

   private:
    Node* n_ = nullptr;
    bool reverse_ = false;
  };
  NodeRange(Node* sentinel, bool reverse) : sentinel_(sentinel), reverse_(reverse) {}
  iterator begin() const { return iterator(reverse_ ? sentinel_->prev() : sentinel_->next(), reverse_); }
  iterator end() const { return iterator(sentinel_, reverse_); }
  NodeRange reverse() const { return NodeRange(sentinel_, !reverse_); }
  bool empty() const { return sentinel_->next() == sentinel_; }
  Node* front() const { return sentinel_->next(); }
  Node* back() const { return sentinel_->prev(); }

 private:
  Node* sentinel_;
  bool reverse_;
};

class Block {
 public:
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;

  Graph* owningGraph() const { return graph_; }
  Node* owningNode() const { return owningNode_; }  // null for the graph's top block

  const std::vector<Value*>& inputs() const;
  const std::vector<Value*>& outputs() const;
  NodeRange nodes() const { return NodeRange(return_, false); }
  Node* paramNode() const { return param_; }
  Node* returnNode() const { return return_; }

  Value* addInput(const std::string& name = "");
  Value* insertInput(size_t i, const std::string& name = "");
  void eraseInput(size_t i);  // the input must have no uses
  size_t registerOutput(Value* v);
  void insertOutput(size_t i, Value* v);
  void eraseOutput(size_t i);
  void replaceOutput(size_t i, Value* v);

  Node* appendNode(Node* n);
  Node* prependNode(Node* n);

  // Clones src's inputs, nodes and outputs into this (empty) block;
  // valueMap maps values from outside src that src uses.
  void cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap);

 private:
  friend class Node;
  friend class Graph;
  Block(Graph* graph, Node* owningNode);
  ~Block();
  void destroyContents();
  void reindexTopo();

  Graph* graph_;
  Node* owningNode_;
  Node* param_;
  Node* return_;
};

class Graph {
 public:
  Graph();
  ~Graph();
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;

  Block* block() const { return block_; }
  const std::vector<Value*>& inputs() const { return block_->inputs(); }
  const std::vector<Value*>& outputs() const { return block_->outputs(); }
  NodeRange nodes() const { return block_->nodes(); }
  Node* paramNode() const { return block_->paramNode(); }
  Node* returnNode() const { return block_->returnNode(); }

  Value* addInput(const std::string& name = "") { return block_->addInput(name); }
  Value* insertInput(size_t i, const std::string& name = "") { return block_->insertInput(i, name); }
  void eraseInput(size_t i) { block_->eraseInput(i); }
  size_t registerOutput(Value* v) { return block_->registerOutput(v); }
  void eraseOutput(size_t i) { block_->eraseOutput(i); }

  // Creates a node that is not yet in any block, with `numOutputs` outputs
  // (typed Tensor until set otherwise).
  Node* create(Symbol kind, size_t numOutputs = 1);
  Node* create(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs = 1);
  // Copies n (attributes, source range, output types and names are copied;
  // blocks too when copyBlocks) mapping its inputs through valueMap.
  Node* createClone(const Node* n, const std::function<Value*(Value*)>& valueMap, bool copyBlocks = true);

  // Inserts n at the insertion point.
  Node* insertNode(Node* n);
  // New nodes go before `n`.
  void setInsertPoint(Node* n);
  // New nodes go at the end of `b`.
  void setInsertPoint(Block* b) { setInsertPoint(b->returnNode()); }
  Node* insertPoint() const { return insertBefore_; }
  Block* insertBlock() const { return insertBefore_->owningBlock(); }

  // A deep copy; values keep their names and ids, so it prints identically.
  std::unique_ptr<Graph> copy() const;

  // Ids below `bound` are never handed out to new values (for the IR parser).
  void reserveUniqueIds(size_t bound) {
    if (bound > nextUnique_) nextUnique_ = bound;
  }
  size_t numNodes() const { return allNodes_.size(); }
  size_t numValues() const { return allValues_.size(); }
  bool owns(const Node* n) const { return allNodes_.count(n) != 0; }
  bool owns(const Value* v) const { return allValues_.count(v) != 0; }
  bool owns(const Block* b) const { return allBlocks_.count(b) != 0; }
  // The value holding a debug name, if any.
  Value* findValueByName(std::string_view name) const;

  // The printed form (see ir_printer.h).
  std::string toString(bool printSourceLocations = true) const;

 private:
  friend class Node;
  friend class Value;
  friend class Block;

  void freeNode(Node* n);
  void freeValue(Value* v);
  void freeBlock(Block* b);

  std::unordered_set<const Node*> allNodes_;
  std::unordered_set<const Value*> allValues_;
  std::unordered_set<const Block*> allBlocks_;
  size_t nextUnique_ = 0;
  std::unordered_map<std::string, Value*> uniqueNames_;
  // name base -> next suffix to try, as in PyTorch's renaming of "x" to "x.1".
  std::unordered_map<std::string, size_t> nameBaseSuffix_;
  Block* block_;
  Node* insertBefore_;
};

namespace detail {
[[noreturn]] void throwAttributeError(const Node& n, Symbol name, AttributeKind wanted, const Attribute* found);
}

template <typename T>
const T& Node::get(Symbol name, AttributeKind kind) const {
  const Attribute* a = findAttr(name);
  if (a == nullptr || a->kind != kind) detail::throwAttributeError(*this, name, kind, a);
  return std::get<T>(a->value);
}

// Sets the graph's insertion point for the lifetime of this object.
class WithInsertPoint {
 public:
  explicit WithInsertPoint(Node* n) : graph_(n->owningGraph()), prev_(graph_->insertPoint()) {
    graph_->setInsertPoint(n);
  }
  explicit WithInsertPoint(Block* b) : WithInsertPoint(b->returnNode()) {}
  ~WithInsertPoint() { graph_->setInsertPoint(prev_); }
  WithInsertPoint(const WithInsertPoint&) = delete;
  WithInsertPoint& operator=(const WithInsertPoint&) = delete;

 private:
  Graph* graph_;
  Node* prev_;
};

}  // namespace jitserve
