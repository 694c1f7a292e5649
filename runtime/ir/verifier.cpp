#include "runtime/ir/verifier.h"

#include <unordered_set>
#include <vector>

#include "runtime/core/type.h"

namespace jitserve {

namespace {

struct LintFailure {
  std::string message;
};

std::string describe(const Node* n) {
  std::string s = std::string(n->kind().toQualString());
  if (!n->outputs().empty()) {
    s += " defining ";
    for (size_t i = 0; i < n->outputs().size(); ++i) s += (i ? ", %" : "%") + n->outputs()[i]->debugName();
  }
  if (auto loc = n->sourceRange().locationString(); !loc.empty()) s += " (" + loc + ")";
  return s;
}

class Linter {
 public:
  explicit Linter(const Graph& g) : g_(g) {}

  void run() {
    std::vector<const Value*> scope;
    block(g_.block(), nullptr, scope);
    if (nodes_.size() != g_.numNodes())
      fail("the graph owns ", g_.numNodes() - std::min(g_.numNodes(), nodes_.size()),
           " node(s) that are in no block (dangling)");
    if (values_.size() != g_.numValues())
      fail("the graph owns ", g_.numValues() - std::min(g_.numValues(), values_.size()),
           " value(s) whose node is in no block (dangling)");
  }

 private:
  template <typename... Args>
  [[noreturn]] void fail(Args&&... args) {
    std::string m = "IR lint: ";
    ((m += toStr(std::forward<Args>(args))), ...);
    throw LintFailure{m};
  }
  static std::string toStr(const std::string& s) { return s; }
  static std::string toStr(std::string_view s) { return std::string(s); }
  static std::string toStr(const char* s) { return s; }
  static std::string toStr(size_t v) { return std::to_string(v); }

  void defineValues(const Node* n, std::unordered_set<const Value*>& visible) {
    for (size_t i = 0; i < n->outputs().size(); ++i) {
      const Value* v = n->outputs()[i];
      if (!g_.owns(v)) fail("output ", i, " of ", describe(n), " is not owned by the graph");
      if (v->node() != n || v->offset() != i)
        fail("output %", v->debugName(), " of ", describe(n), " records node/offset wrongly");
      if (!v->type()) fail("value %", v->debugName(), " has no type");
      if (!visible.insert(v).second) fail("value %", v->debugName(), " is defined twice");
      if (v->hasDebugName() && g_.findValueByName(v->debugNameRaw()) != v)
        fail("the name table does not map '", v->debugNameRaw(), "' to its value");
      values_.insert(v);
      for (const Use& u : v->uses()) {
        if (!g_.owns(u.user)) fail("%", v->debugName(), " is used by a node the graph does not own");
        if (u.offset >= u.user->inputs().size() || u.user->inputs()[u.offset] != v)
          fail("use list of %", v->debugName(), " names input ", u.offset, " of ", describe(u.user),
               " which is a different value");
      }
    }
  }

  void checkInputs(const Node* n) {
    for (size_t i = 0; i < n->inputs().size(); ++i) {
      const Value* v = n->inputs()[i];
      if (!g_.owns(v)) fail("input ", i, " of ", describe(n), " is not a value of this graph");
      if (!visible_.count(v))
        fail("%", v->debugName(), " used by ", describe(n), " is not defined before it in an enclosing block");
      size_t count = 0;
      for (const Use& u : v->uses()) count += (u.user == n && u.offset == i);
      if (count != 1) fail("use list of %", v->debugName(), " has ", count, " entries for input ", i, " of ", describe(n));
    }
  }

  void block(const Block* b, const Node* owner, std::vector<const Value*>& scope) {
    if (!g_.owns(b)) fail("a block of ", owner ? describe(owner) : "the graph", " is not owned by the graph");
    if (b->owningNode() != owner) fail("a block of ", owner ? describe(owner) : "the graph", " records another owner");
    const Node* param = b->paramNode();
    const Node* ret = b->returnNode();
    if (param->owningBlock() != b || ret->owningBlock() != b) fail("param/return node of a block is misplaced");
    nodes_.insert(param);
    nodes_.insert(ret);
    std::vector<const Value*> definedHere;
    auto define = [&](const Node* n) {
      std::unordered_set<const Value*> tmp;
      defineValues(n, tmp);
      for (const Value* v : tmp) {
        if (!visible_.insert(v).second) fail("value %", v->debugName(), " is defined twice");
        definedHere.push_back(v);
      }
    };
    define(param);
    const Node* prev = ret;
    int64_t lastPos = 0;
    bool first = true;
    for (const Node* n : b->nodes()) {
      if (!g_.owns(n)) fail("block list contains a node the graph does not own");
      if (!nodes_.insert(n).second) fail(describe(n), " appears twice in the IR");
      if (n->owningBlock() != b) fail(describe(n), " records the wrong owning block");
      if (n->prev() != prev || prev->next() != n) fail("node list links around ", describe(n), " are broken");
      if (!first && n->topoPosition() <= lastPos) fail("topological positions do not increase at ", describe(n));
      first = false;
      lastPos = n->topoPosition();
      if (n->kind() == prim::Param || n->kind() == prim::Return)
        fail("a ", n->kind().toQualString(), " node sits inside a block's node list");
      checkInputs(n);
      controlFlow(n);
      for (const Attribute& a : n->attributes()) subgraphs(n, a);
      for (const Block* sub : n->blocks()) block(sub, n, scope);
      define(n);
      prev = n;
    }
    if (ret->prev() != prev || prev->next() != ret) fail("node list links at the end of a block are broken");
    if (!ret->outputs().empty()) fail("a block's return node has outputs");
    checkInputs(ret);
    // Values go out of scope at the end of their block.
    for (const Value* v : definedHere) visible_.erase(v);
  }

  void subgraphs(const Node* n, const Attribute& a) {
    std::vector<GraphPtr> gs;
    if (a.kind == AttributeKind::g) gs.push_back(std::get<GraphPtr>(a.value));
    if (a.kind == AttributeKind::gs) gs = std::get<std::vector<GraphPtr>>(a.value);
    for (const auto& sub : gs) {
      if (!sub) fail("attribute '", a.name.toUnqualString(), "' of ", describe(n), " holds no graph");
      absl::Status s = verifyGraph(*sub);
      if (!s.ok()) fail("in the subgraph '", a.name.toUnqualString(), "' of ", describe(n), ": ", std::string(s.message()));
    }
  }

  void controlFlow(const Node* n) {
    if (n->kind() == prim::If) {
      if (n->inputs().size() != 1) fail(describe(n), " must have exactly one (condition) input, has ", n->inputs().size());
      if (n->blocks().size() != 2) fail(describe(n), " must have 2 blocks, has ", n->blocks().size());
      for (size_t i = 0; i < 2; ++i) {
        const Block* b = n->blocks()[i];
        if (!b->inputs().empty()) fail("block", i, " of ", describe(n), " must take no inputs");
        if (b->outputs().size() != n->outputs().size())
          fail("block", i, " of ", describe(n), " returns ", b->outputs().size(), " values but the node has ",
               n->outputs().size(), " outputs");
      }
    } else if (n->kind() == prim::Loop) {
      if (n->inputs().size() < 2) fail(describe(n), " needs (max_trip_count, condition, carried...) inputs");
      if (n->blocks().size() != 1) fail(describe(n), " must have 1 block, has ", n->blocks().size());
      size_t carried = n->inputs().size() - 2;
      const Block* body = n->blocks()[0];
      if (n->outputs().size() != carried)
        fail(describe(n), " carries ", carried, " values but has ", n->outputs().size(), " outputs");
      if (body->inputs().size() != carried + 1)
        fail("the body of ", describe(n), " takes ", body->inputs().size(), " inputs, expected ", carried + 1,
             " (iteration + carried)");
      if (body->outputs().size() != carried + 1)
        fail("the body of ", describe(n), " returns ", body->outputs().size(), " values, expected ", carried + 1,
             " (condition + carried)");
    }
  }

  const Graph& g_;
  std::unordered_set<const Node*> nodes_;
  std::unordered_set<const Value*> values_;
  std::unordered_set<const Value*> visible_;
};

}  // namespace

absl::Status verifyGraph(const Graph& g) {
  try {
    Linter(g).run();
  } catch (const LintFailure& f) {
    return absl::InternalError(f.message);
  }
  return absl::OkStatus();
}

}  // namespace jitserve
