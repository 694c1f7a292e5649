#include "compiler/passes/remove_mutation.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"

#include "compiler/passes/alias_analysis.h"
#include "compiler/passes/jit_log.h"
#include "compiler/passes/op_properties.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator.h"
#include "runtime/core/operator_registry.h"

namespace jitserve {
namespace {

// The node of `block` that is n or contains n; nullptr if none.
const Node* ancestorIn(const Node* n, const Block* block) {
  while (n != nullptr) {
    if (n->owningBlock() == block) return n;
    const Block* b = n->owningBlock();
    n = b ? b->owningNode() : nullptr;
  }
  return nullptr;
}

class MutationRemover {
 public:
  explicit MutationRemover(Graph& g) : graph_(g), db_(g) { collectValues(g.block()); }

  bool run() { return runBlock(graph_.block()); }

 private:
  void collectValues(const Block* b) {
    for (Value* v : b->inputs()) values_.push_back(v);
    for (const Node* n : b->nodes()) {
      for (Value* v : n->outputs()) values_.push_back(v);
      for (const Block* sub : n->blocks()) collectValues(sub);
    }
  }

  bool runBlock(Block* b) {
    bool changed = false;
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      for (Block* sub : n->blocks()) changed |= runBlock(sub);
      // One rewrite per value per round: the AliasDb does not know new values.
      if (const Operator* functional = functionalFor(n); functional && selfIsPrivate(n) && JS_OPT_ALLOWED) {
        rewrite(n);
        changed = true;
      }
    }
    return changed;
  }

  const Operator* functionalFor(const Node* n) {
    const std::string_view name = n->kind().toQualString();
    if (!n->kind().isAten() || !name.ends_with("_") || name.ends_with("__") || n->outputs().size() != 1 ||
        n->inputs().empty() || !n->blocks().empty() || isNondeterministic(n))
      return nullptr;
    const Operator* op = findOperatorFor(n);
    if (op == nullptr) return nullptr;
    const FunctionSchema& s = op->schema();
    if (s.arguments.empty() || !s.arguments[0].isWrite() || s.returns.size() != 1 || s.isVararg) return nullptr;
    for (size_t i = 1; i < s.arguments.size(); ++i)
      if (s.arguments[i].alias || isMutableType(n->input(i)->type())) return nullptr;  // tensors, lists: not here
    const Value* self = n->input(0);
    const auto* t = self->type()->cast<TensorType>();
    if (t == nullptr) return nullptr;
    const std::string_view base = n->kind().toUnqualString();
    const bool keepsDtype = base == "relu_" || base == "neg_" || base == "abs_";
    if (!keepsDtype && !(t->dtype() && isFloatingType(*t->dtype()))) return nullptr;
    std::vector<TypePtr> in, out{self->type()};
    for (const Value* v : n->inputs()) in.push_back(v->type());
    const std::string functionalName(name.substr(0, name.size() - 1));
    const Operator* f = currentOperatorRegistry().findMatchingOperator(functionalName, in, out);
    if (f == nullptr || f->schema().isMutable() || f->schema().arguments.size() != s.arguments.size()) return nullptr;
    return f;
  }

  // self is fresh memory of this block that nothing else may alias.
  bool selfIsPrivate(const Node* n) {
    Value* self = n->input(0);
    const Node* def = self->node();
    if (def->owningBlock() != n->owningBlock() || def->kind() == prim::Param || def->kind() == prim::Constant)
      return false;
    if (touched_.contains(self) || db_.mayAliasWildcard(self)) return false;
    for (const Value* v : values_) {
      if (v == self || v == n->output() || !db_.isMutable(v)) continue;
      if (!db_.mayAlias(v, self)) continue;
      // A later in-place op on self returns self: after the rewrite it
      // writes (and returns) the new value instead, which is still exact.
      const Node* m = v->node();
      if (m->owningBlock() == n->owningBlock() && m->isAfter(n) && !m->inputs().empty() && m->input(0) == self &&
          m->kind().toUnqualString().ends_with("_"))
        continue;
      return false;
    }
    // Fresh: self does not point into anything else (no view of an input).
    for (const Value* in : def->inputs())
      if (db_.mayAlias(in, self)) return false;
    return true;
  }

  void rewrite(Node* n) {
    GRAPH_UPDATE("functionalizing ", jitlog::nodeString(*n));
    Value* self = n->input(0);
    Node* f = graph_.create(Symbol::aten(n->kind().toUnqualString().substr(0, n->kind().toUnqualString().size() - 1)),
                            n->inputs(), 1);
    f->output()->setType(self->type());
    f->setSourceRange(n->sourceRange());
    f->insertBefore(n);
    // Uses of self after the write (in this block, or nested in later nodes)
    // saw the written value: they take the new one.
    const Block* block = n->owningBlock();
    std::vector<Use> uses = self->uses();
    for (const Use& u : uses) {
      if (u.user == n || u.user == f) continue;
      const Node* anc = ancestorIn(u.user, block);
      const bool after = u.user == block->returnNode() || (anc != nullptr && anc->isAfter(n));
      if (after) u.user->replaceInput(u.offset, f->output());
    }
    n->output()->replaceAllUsesWith(f->output());
    n->destroy();
    touched_.insert(self);
    touched_.insert(f->output());
  }

  Graph& graph_;
  AliasDb db_;
  std::vector<Value*> values_;
  absl::flat_hash_set<const Value*> touched_;
};

}  // namespace

bool RemoveMutation(Graph& graph) {
  bool changed = false;
  for (int round = 0; round < 64; ++round) {
    if (!MutationRemover(graph).run()) break;
    changed = true;
  }
  if (changed) GRAPH_DUMP("after removing mutation", graph);
  return changed;
}

}  // namespace jitserve
