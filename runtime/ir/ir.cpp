// Graph, Block, Node and Value: construction, mutation and ordering.
#include "runtime/ir/ir.h"

#include <algorithm>
#include <limits>

#include "runtime/support/error.h"

namespace jitserve {

namespace {
// Topological positions: the param node sits at the lower bound, the return
// node at the upper bound, appended nodes kAppendInterval apart so that most
// insertions find a free midpoint without renumbering the block.
constexpr int64_t kLowerBound = std::numeric_limits<int64_t>::min();
constexpr int64_t kUpperBound = std::numeric_limits<int64_t>::max();
constexpr int64_t kMidPoint = 0;
constexpr int64_t kAppendInterval = int64_t{1} << 40;
}  // namespace

std::string_view attributeKindName(AttributeKind k) {
  switch (k) {
    case AttributeKind::f: return "f";
    case AttributeKind::fs: return "fs";
    case AttributeKind::i: return "i";
    case AttributeKind::is: return "is";
    case AttributeKind::s: return "s";
    case AttributeKind::ss: return "ss";
    case AttributeKind::t: return "t";
    case AttributeKind::g: return "g";
    case AttributeKind::gs: return "gs";
    case AttributeKind::ty: return "ty";
    case AttributeKind::tys: return "tys";
    case AttributeKind::ival: return "ival";
  }
  return "?";
}

namespace detail {
void throwAttributeError(const Node& n, Symbol name, AttributeKind wanted, const Attribute* found) {
  if (found == nullptr)
    JS_ERROR(n.kind().toQualString(), " node has no attribute '", name.toUnqualString(), "'");
  JS_ERROR("attribute '", name.toUnqualString(), "' of a ", n.kind().toQualString(), " node has kind ",
           attributeKindName(found->kind), ", not ", attributeKindName(wanted));
}
}  // namespace detail

// Value ---------------------------------------------------------------------------------

Value::Value(Node* node, size_t offset, size_t unique)
    : node_(node), offset_(offset), unique_(unique), type_(TensorType::get()) {}

Graph* Value::owningGraph() const { return node_->owningGraph(); }

Value* Value::setType(TypePtr type) {
  JS_INTERNAL_ASSERT(type != nullptr, "setType(nullptr) on %", debugName());
  type_ = std::move(type);
  return this;
}

std::string Value::debugName() const { return name_.empty() ? std::to_string(unique_) : name_; }

bool Value::isValidName(std::string_view name) {
  if (name.empty()) return true;
  return name.find_first_not_of("0123456789") != std::string_view::npos;
}

Value* Value::setDebugName(const std::string& nameRef) {
  // Copy first: the argument may alias a name this call changes (this->name_,
  // or the name_ of the value that owns it, e.g. from copyMetadata).
  const std::string name = nameRef;
  JS_CHECK(isValidName(name), "invalid value name '", name, "': names cannot be all digits");
  Graph* g = owningGraph();
  auto& names = g->uniqueNames_;
  if (!name_.empty()) {
    names.erase(name_);
    name_.clear();
  }
  if (name.empty()) return this;
  auto owner = names.find(name);
  if (owner != names.end()) {
    // Another value holds the name: move it to name_base.N, where N continues
    // a numeric suffix the name may already have ("x.3" -> base "x", from 3).
    size_t suffix = 1;
    std::string base = name;
    size_t dot = name.find_last_of('.');
    if (dot != std::string::npos && dot + 1 < name.size() &&
        name.find_first_not_of("0123456789", dot + 1) == std::string::npos) {
      std::string digits = name.substr(dot + 1);
      if (digits.size() < 19) {
        suffix = std::stoull(digits);
        base = name.substr(0, dot);
      }
    }
    auto known = g->nameBaseSuffix_.find(base);
    if (known != g->nameBaseSuffix_.end()) suffix = std::max(suffix, known->second + 1);
    std::string replacement;
    do {
      replacement = base + "." + std::to_string(suffix++);
    } while (names.count(replacement) != 0);
    g->nameBaseSuffix_[base] = suffix;
    owner->second->setDebugName(replacement);
  }
  names[name] = this;
  name_ = name;
  return this;
}

void Value::replaceAllUsesWith(Value* v) {
  JS_INTERNAL_ASSERT(v != this, "replacing %", debugName(), " with itself");
  JS_INTERNAL_ASSERT(owningGraph() == v->owningGraph(), "values are in different graphs");
  for (const Use& u : uses_) {
    u.user->inputs_[u.offset] = v;
    v->uses_.push_back(u);
  }
  uses_.clear();
}

void Value::replaceAllUsesAfterNodeWith(const Node* node, Value* v) {
  JS_INTERNAL_ASSERT(owningGraph() == v->owningGraph(), "values are in different graphs");
  std::vector<Use> keep;
  for (const Use& u : uses_) {
    if (u.user->isAfter(node)) {
      u.user->inputs_[u.offset] = v;
      v->uses_.push_back(u);
    } else {
      keep.push_back(u);
    }
  }
  uses_ = std::move(keep);
}

Value* Value::copyMetadata(const Value* from) {
  setType(from->type());
  if (from->hasDebugName()) setDebugName(std::string(from->name_));  // a copy: see setDebugName
  return this;
}

// Node -----------------------------------------------------------------------------------

Node::Node(Graph* graph, Symbol kind) : kind_(kind), graph_(graph) {}
Node::~Node() = default;

Value* Node::input(size_t i) const {
  JS_INTERNAL_ASSERT(i < inputs_.size(), kind_.toQualString(), " has ", inputs_.size(), " inputs, no input ", i);
  return inputs_[i];
}
Value* Node::input() const {
  JS_INTERNAL_ASSERT(inputs_.size() == 1, kind_.toQualString(), " has ", inputs_.size(), " inputs, not 1");
  return inputs_[0];
}
Value* Node::output(size_t i) const {
  JS_INTERNAL_ASSERT(i < outputs_.size(), kind_.toQualString(), " has ", outputs_.size(), " outputs, no output ",
                     i);
  return outputs_[i];
}
Value* Node::output() const {
  JS_INTERNAL_ASSERT(outputs_.size() == 1, kind_.toQualString(), " has ", outputs_.size(), " outputs, not 1");
  return outputs_[0];
}

Value* Node::addInput(Value* v) {
  JS_INTERNAL_ASSERT(v->owningGraph() == graph_, "input %", v->debugName(), " is from another graph");
  v->uses_.push_back(Use{this, inputs_.size()});
  inputs_.push_back(v);
  return v;
}

Value* Node::insertInput(size_t i, Value* v) {
  JS_INTERNAL_ASSERT(i <= inputs_.size());
  JS_INTERNAL_ASSERT(v->owningGraph() == graph_, "input %", v->debugName(), " is from another graph");
  for (size_t j = i; j < inputs_.size(); ++j) {
    for (Use& u : inputs_[j]->uses_)
      if (u.user == this && u.offset == j) {
        ++u.offset;
        break;
      }
  }
  inputs_.insert(inputs_.begin() + static_cast<std::ptrdiff_t>(i), v);
  v->uses_.push_back(Use{this, i});
  return v;
}

void Node::dropInput(size_t i) {
  auto& uses = inputs_[i]->uses_;
  auto it = std::find(uses.begin(), uses.end(), Use{this, i});
  JS_INTERNAL_ASSERT(it != uses.end(), "use list of %", inputs_[i]->debugName(), " lacks its use by ",
                     kind_.toQualString());
  uses.erase(it);
}

Value* Node::replaceInput(size_t i, Value* v) {
  JS_INTERNAL_ASSERT(i < inputs_.size());
  JS_INTERNAL_ASSERT(v->owningGraph() == graph_, "input %", v->debugName(), " is from another graph");
  Value* old = inputs_[i];
  dropInput(i);
  inputs_[i] = v;
  v->uses_.push_back(Use{this, i});
  return old;
}

void Node::replaceInputWith(Value* from, Value* to) {
  for (size_t i = 0; i < inputs_.size(); ++i)
    if (inputs_[i] == from) replaceInput(i, to);
}

void Node::removeInput(size_t i) {
  JS_INTERNAL_ASSERT(i < inputs_.size());
  dropInput(i);
  for (size_t j = i + 1; j < inputs_.size(); ++j) {
    for (Use& u : inputs_[j]->uses_)
      if (u.user == this && u.offset == j) {
        --u.offset;
        break;
      }
  }
  inputs_.erase(inputs_.begin() + static_cast<std::ptrdiff_t>(i));
}

void Node::removeAllInputs() {
  for (size_t i = 0; i < inputs_.size(); ++i) dropInput(i);
  inputs_.clear();
}

Value* Node::addOutput() { return insertOutput(outputs_.size()); }

Value* Node::insertOutput(size_t i) {
  JS_INTERNAL_ASSERT(i <= outputs_.size());
  auto* v = new Value(this, i, graph_->nextUnique_++);
  graph_->allValues_.insert(v);
  outputs_.insert(outputs_.begin() + static_cast<std::ptrdiff_t>(i), v);
  for (size_t j = i + 1; j < outputs_.size(); ++j) outputs_[j]->offset_ = j;
  return v;
}

void Node::eraseOutput(size_t i) {
  JS_INTERNAL_ASSERT(i < outputs_.size());
  Value* v = outputs_[i];
  JS_INTERNAL_ASSERT(!v->hasUses(), "erasing output %", v->debugName(), " of ", kind_.toQualString(),
                     " which still has ", v->uses().size(), " uses");
  outputs_.erase(outputs_.begin() + static_cast<std::ptrdiff_t>(i));
  for (size_t j = i; j < outputs_.size(); ++j) outputs_[j]->offset_ = j;
  graph_->freeValue(v);
}

bool Node::hasUses() const {
  for (const Value* o : outputs_)
    if (o->hasUses()) return true;
  return false;
}

Block* Node::addBlock() {
  auto* b = new Block(graph_, this);
  blocks_.push_back(b);
  return b;
}

void Node::eraseBlock(size_t i) {
  JS_INTERNAL_ASSERT(i < blocks_.size());
  Block* b = blocks_[i];
  blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(i));
  b->destroyContents();
  graph_->freeBlock(b);
}

void Node::assignTopoPosition() {
  Block* b = owningBlock_;
  bool first = prev_ == b->return_;
  bool last = next_ == b->return_;
  __int128 lo = first ? kLowerBound : prev_->topoPosition_;
  __int128 hi = last ? kUpperBound : next_->topoPosition_;
  if (first && last) {
    topoPosition_ = kMidPoint;
    return;
  }
  if (last && lo + kAppendInterval < hi) {
    topoPosition_ = static_cast<int64_t>(lo + kAppendInterval);
    return;
  }
  if (first && hi - kAppendInterval > lo) {
    topoPosition_ = static_cast<int64_t>(hi - kAppendInterval);
    return;
  }
  if (hi - lo >= 2) {
    topoPosition_ = static_cast<int64_t>(lo + (hi - lo) / 2);
    return;
  }
  b->reindexTopo();
}

void Node::linkBefore(Node* n) {
  JS_INTERNAL_ASSERT(!isInBlockList(), kind_.toQualString(), " is already in a block");
  JS_INTERNAL_ASSERT(n->isInBlockList(), "inserting next to a node that is not in a block");
  JS_INTERNAL_ASSERT(n->graph_ == graph_, "inserting a node into another graph");
  owningBlock_ = n->owningBlock_;
  prev_ = n->prev_;
  next_ = n;
  prev_->next_ = this;
  n->prev_ = this;
  assignTopoPosition();
}

Node* Node::insertBefore(Node* n) {
  JS_INTERNAL_ASSERT(n->kind_ != prim::Param, "cannot insert before a block's param node");
  linkBefore(n);
  return this;
}

Node* Node::insertAfter(Node* n) {
  JS_INTERNAL_ASSERT(n->kind_ != prim::Return || n != n->owningBlock_->return_,
                     "cannot insert after a block's return node");
  if (n->kind_ == prim::Param && n == n->owningBlock_->param_) {
    linkBefore(n->owningBlock_->return_->next_);
  } else {
    linkBefore(n->next_);
  }
  return this;
}

void Node::removeFromList() {
  JS_INTERNAL_ASSERT(isInBlockList(), kind_.toQualString(), " is not in a block");
  JS_INTERNAL_ASSERT(this != owningBlock_->return_, "cannot remove a block's return node");
  prev_->next_ = next_;
  next_->prev_ = prev_;
  next_ = prev_ = nullptr;
  owningBlock_ = nullptr;
}

void Node::moveBefore(Node* n) {
  JS_INTERNAL_ASSERT(n != this);
  removeFromList();
  insertBefore(n);
}

void Node::moveAfter(Node* n) {
  JS_INTERNAL_ASSERT(n != this);
  removeFromList();
  insertAfter(n);
}

void Node::destroy() {
  JS_INTERNAL_ASSERT(graph_->insertBefore_ != this, "destroying the graph's insertion point ",
                     kind_.toQualString());
  while (!outputs_.empty()) eraseOutput(outputs_.size() - 1);
  while (!blocks_.empty()) eraseBlock(blocks_.size() - 1);
  removeAllInputs();
  if (isInBlockList()) removeFromList();
  graph_->freeNode(this);
}

bool Node::isBefore(const Node* n) const {
  if (n == this) return false;
  if (owningBlock_ != nullptr && owningBlock_ == n->owningBlock_) return topoPosition_ < n->topoPosition_;
  // Walk both nodes up to the first block they share.
  for (const Node* lhs = this; lhs && lhs->owningBlock_; lhs = lhs->owningBlock_->owningNode_) {
    for (const Node* rhs = n; rhs && rhs->owningBlock_; rhs = rhs->owningBlock_->owningNode_) {
      if (lhs->owningBlock_ == rhs->owningBlock_) return lhs != rhs && lhs->topoPosition_ < rhs->topoPosition_;
    }
  }
  JS_INTERNAL_ASSERT(false, "isBefore on nodes without a common block");
  return false;
}

bool Node::isAfter(const Node* n) const { return n != this && n->isBefore(this); }

const Attribute* Node::findAttr(Symbol name) const {
  for (const Attribute& a : attrs_)
    if (a.name == name) return &a;
  return nullptr;
}

std::optional<AttributeKind> Node::attributeKind(Symbol name) const {
  const Attribute* a = findAttr(name);
  if (!a) return std::nullopt;
  return a->kind;
}

std::vector<Symbol> Node::attributeNames() const {
  std::vector<Symbol> out;
  for (const Attribute& a : attrs_) out.push_back(a.name);
  return out;
}

void Node::removeAttribute(Symbol name) {
  auto it = std::find_if(attrs_.begin(), attrs_.end(), [&](const Attribute& a) { return a.name == name; });
  JS_CHECK(it != attrs_.end(), kind_.toQualString(), " node has no attribute '", name.toUnqualString(), "'");
  attrs_.erase(it);
}

Node* Node::setAttribute(Symbol name, AttributeKind kind, Attribute::Payload value) {
  for (Attribute& a : attrs_) {
    if (a.name == name) {
      a.kind = kind;
      a.value = std::move(value);
      return this;
    }
  }
  attrs_.push_back(Attribute{name, kind, std::move(value)});
  return this;
}

void Node::copyAttributes(const Node& from) {
  attrs_.clear();
  for (const Attribute& a : from.attrs_) {
    Attribute copy = a;
    // Subgraphs are owned by value semantics: a copied node gets its own.
    if (a.kind == AttributeKind::g) {
      copy.value = GraphPtr(std::get<GraphPtr>(a.value)->copy());
    } else if (a.kind == AttributeKind::gs) {
      std::vector<GraphPtr> gs;
      for (const auto& g : std::get<std::vector<GraphPtr>>(a.value)) gs.push_back(GraphPtr(g->copy()));
      copy.value = std::move(gs);
    }
    attrs_.push_back(std::move(copy));
  }
}

// Block -------------------------------------------------------------------------------------

Block::Block(Graph* graph, Node* owningNode) : graph_(graph), owningNode_(owningNode) {
  param_ = new Node(graph, prim::Param);
  return_ = new Node(graph, prim::Return);
  graph->allNodes_.insert(param_);
  graph->allNodes_.insert(return_);
  graph->allBlocks_.insert(this);
  param_->owningBlock_ = this;
  param_->topoPosition_ = kLowerBound;
  return_->owningBlock_ = this;
  return_->next_ = return_->prev_ = return_;
  return_->topoPosition_ = kUpperBound;
}

Block::~Block() = default;

const std::vector<Value*>& Block::inputs() const { return param_->outputs(); }
const std::vector<Value*>& Block::outputs() const { return return_->inputs(); }

Value* Block::addInput(const std::string& name) { return insertInput(param_->outputs().size(), name); }

Value* Block::insertInput(size_t i, const std::string& name) {
  Value* v = param_->insertOutput(i);
  if (!name.empty()) v->setDebugName(name);
  return v;
}

void Block::eraseInput(size_t i) { param_->eraseOutput(i); }

size_t Block::registerOutput(Value* v) {
  return_->addInput(v);
  return return_->inputs().size() - 1;
}

void Block::insertOutput(size_t i, Value* v) { return_->insertInput(i, v); }
void Block::eraseOutput(size_t i) { return_->removeInput(i); }
void Block::replaceOutput(size_t i, Value* v) { return_->replaceInput(i, v); }

Node* Block::appendNode(Node* n) { return n->insertBefore(return_); }
Node* Block::prependNode(Node* n) { return n->insertBefore(return_->next_); }

void Block::reindexTopo() {
  size_t count = 0;
  for (Node* n = return_->next_; n != return_; n = n->next_) ++count;
  // Spread the nodes evenly over the whole range.
  __int128 span = static_cast<__int128>(kUpperBound) - kLowerBound;
  __int128 step = span / static_cast<__int128>(count + 1);
  if (step > kAppendInterval) step = kAppendInterval;
  __int128 pos = static_cast<__int128>(kMidPoint) - step * static_cast<__int128>(count / 2);
  for (Node* n = return_->next_; n != return_; n = n->next_) {
    n->topoPosition_ = static_cast<int64_t>(pos);
    pos += step;
  }
}

void Block::destroyContents() {
  return_->removeAllInputs();
  while (return_->prev_ != return_) return_->prev_->destroy();
  graph_->freeNode(return_);
  while (!param_->outputs_.empty()) param_->eraseOutput(param_->outputs_.size() - 1);
  graph_->freeNode(param_);
}

void Block::cloneFrom(const Block* src, const std::function<Value*(Value*)>& valueMap) {
  std::unordered_map<const Value*, Value*> env;
  auto lookup = [&](Value* v) -> Value* {
    auto it = env.find(v);
    return it != env.end() ? it->second : valueMap(v);
  };
  for (Value* in : src->inputs()) env[in] = addInput()->copyMetadata(in);
  for (Node* n : src->nodes()) {
    Node* c = graph_->createClone(n, lookup, true);
    appendNode(c);
    for (size_t i = 0; i < n->outputs().size(); ++i) env[n->outputs()[i]] = c->outputs()[i];
  }
  for (Value* out : src->outputs()) registerOutput(lookup(out));
}

// Graph ---------------------------------------------------------------------------------------

Graph::Graph() {
  block_ = new Block(this, nullptr);
  insertBefore_ = block_->return_;
}

Graph::~Graph() {
  for (const Node* n : allNodes_) delete n;
  for (const Value* v : allValues_) delete v;
  for (const Block* b : allBlocks_) delete b;
}

void Graph::freeNode(Node* n) {
  JS_INTERNAL_ASSERT(allNodes_.erase(n) == 1, "freeing a node the graph does not own");
  delete n;
}

void Graph::freeValue(Value* v) {
  if (v->hasDebugName()) uniqueNames_.erase(v->name_);
  JS_INTERNAL_ASSERT(allValues_.erase(v) == 1, "freeing a value the graph does not own");
  delete v;
}

void Graph::freeBlock(Block* b) {
  JS_INTERNAL_ASSERT(allBlocks_.erase(b) == 1, "freeing a block the graph does not own");
  delete b;
}

Node* Graph::create(Symbol kind, size_t numOutputs) {
  auto* n = new Node(this, kind);
  allNodes_.insert(n);
  for (size_t i = 0; i < numOutputs; ++i) n->addOutput();
  return n;
}

Node* Graph::create(Symbol kind, const std::vector<Value*>& inputs, size_t numOutputs) {
  Node* n = create(kind, numOutputs);
  for (Value* v : inputs) n->addInput(v);
  return n;
}

Node* Graph::createClone(const Node* n, const std::function<Value*(Value*)>& valueMap, bool copyBlocks) {
  Node* c = create(n->kind(), 0);
  for (const Value* o : n->outputs()) c->addOutput()->copyMetadata(o);
  for (Value* in : n->inputs()) c->addInput(valueMap(in));
  c->copyAttributes(*n);
  c->setSourceRange(n->sourceRange());
  if (copyBlocks)
    for (const Block* b : n->blocks()) c->addBlock()->cloneFrom(b, valueMap);
  return c;
}

Node* Graph::insertNode(Node* n) {
  JS_INTERNAL_ASSERT(insertBefore_->isInBlockList(), "the insertion point is no longer in a block");
  return n->insertBefore(insertBefore_);
}

void Graph::setInsertPoint(Node* n) {
  JS_INTERNAL_ASSERT(n->owningGraph() == this && n->isInBlockList(), "bad insertion point");
  insertBefore_ = n;
}

Value* Graph::findValueByName(std::string_view name) const {
  auto it = uniqueNames_.find(std::string(name));
  return it == uniqueNames_.end() ? nullptr : it->second;
}

namespace {
// Gives the values of a copied block the ids of the originals.
void copyIds(const Block* from, Block* to) {
  for (size_t i = 0; i < from->inputs().size(); ++i) to->inputs()[i]->setUniqueId(from->inputs()[i]->unique());
  auto a = from->nodes().begin(), b = to->nodes().begin();
  for (; a != from->nodes().end(); ++a, ++b) {
    for (size_t i = 0; i < (*a)->outputs().size(); ++i)
      (*b)->outputs()[i]->setUniqueId((*a)->outputs()[i]->unique());
    for (size_t i = 0; i < (*a)->blocks().size(); ++i) copyIds((*a)->blocks()[i], (*b)->blocks()[i]);
  }
}
}  // namespace

std::unique_ptr<Graph> Graph::copy() const {
  auto g = std::make_unique<Graph>();
  g->block_->cloneFrom(block_, [](Value* v) -> Value* {
    JS_INTERNAL_ASSERT(false, "graph uses %", v->debugName(), " which it does not define");
    return nullptr;
  });
  copyIds(block_, g->block_);
  g->nextUnique_ = nextUnique_;
  return g;
}

}  // namespace jitserve
