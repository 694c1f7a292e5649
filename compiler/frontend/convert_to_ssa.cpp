#include "compiler/frontend/convert_to_ssa.h"

#include <map>
#include <unordered_map>

#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend {

Symbol storeSymbol() { return prim::Store; }
Symbol loadSymbol() { return prim::Load; }
Symbol returnStmtSymbol() {
  static const Symbol s = Symbol::prim("ReturnStmt");
  return s;
}
Symbol breakStmtSymbol() {
  static const Symbol s = Symbol::prim("BreakStmt");
  return s;
}
Symbol continueStmtSymbol() {
  static const Symbol s = Symbol::prim("ContinueStmt");
  return s;
}
Symbol loopCondSymbol() {
  static const Symbol s = Symbol::prim("LoopCond");
  return s;
}
Symbol declaredAttr() {
  static const Symbol s = Symbol::attr("declared");
  return s;
}

Node* insertStore(Graph& g, const std::string& name, Value* v, TypePtr declared) {
  Node* n = g.create(storeSymbol(), {v}, 0);
  n->s_(attr::name, name);
  if (declared) n->ty_(declaredAttr(), std::move(declared));
  return g.insertNode(n);
}

Value* insertLoad(Graph& g, const std::string& name, TypePtr type) {
  Node* n = g.create(loadSymbol(), 1);
  n->s_(attr::name, name);
  n->output()->setType(std::move(type));
  return g.insertNode(n)->output();
}

namespace {

const std::string& varName(const Node* n) { return n->s(attr::name); }

// Variable name -> its type at this point (the declared type when the store
// carried one).
using Scope = std::map<std::string, TypePtr>;

TypePtr storedType(const Node* store) {
  if (store->hasAttribute(declaredAttr())) return store->ty(declaredAttr());
  return store->input()->type();
}

// Phase 1: make every flow of a variable across a block boundary explicit.
class ControlFlowLoadStores {
 public:
  explicit ControlFlowLoadStores(Graph& g) : g_(g) {}

  // Walks b with `scope` (what is defined on entry, updated in place) and
  // returns the variables b assigns with their final types.
  Scope walk(Block* b, Scope& scope) {
    Scope assigned;
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      if (n->kind() == storeSymbol() && n->hasAttribute(Symbol::attr("refinement"))) {
        // A refinement narrows the variable's type here; it does not assign it.
        scope[varName(n)] = n->input()->type();
        continue;
      }
      if (n->kind() == storeSymbol()) {
        TypePtr t = storedType(n);
        if (n->hasAttribute(declaredAttr())) {
          declared_[varName(n)] = t;
        } else if (auto d = declared_.find(varName(n)); d != declared_.end() && t->isSubtypeOf(*d->second)) {
          t = d->second;  // an annotated variable keeps its annotated type
        }
        scope[varName(n)] = t;
        assigned[varName(n)] = t;
      } else if (n->kind() == prim::If) {
        handleIf(n, scope, assigned);
      } else if (n->kind() == prim::Loop) {
        handleLoop(n, scope, assigned);
      }
    }
    return assigned;
  }

 private:
  void handleIf(Node* n, Scope& scope, Scope& assigned) {
    Scope s0 = scope, s1 = scope;
    Scope a0 = walk(n->blocks()[0], s0);
    Scope a1 = walk(n->blocks()[1], s1);
    std::map<std::string, bool> names;
    for (auto& [k, _] : a0) names[k] = true;
    for (auto& [k, _] : a1) names[k] = true;
    for (auto& [name, _] : names) {
      auto t0 = s0.find(name), t1 = s1.find(name);
      TypePtr type;
      if (t0 != s0.end() && t1 != s1.end()) {
        auto u = unifyTypes(t0->second, t1->second);
        if (!u) {
          // Only an error if the variable was defined before the If; a
          // variable local to both branches with different types is simply
          // not usable afterwards, which the emitter reports at the use.
          if (!scope.count(name)) continue;
          throw ErrorReport(n->sourceRange())
              << "Variable '" << name << "' previously had type " << scope[name]->annotationStr()
              << " but is now being assigned to a value of type "
              << (t0->second->isSubtypeOf(*scope[name]) ? t1->second : t0->second)->annotationStr();
        }
        type = *u;
      } else {
        type = t0 != s0.end() ? t0->second : t1->second;
      }
      Value* out = n->addOutput();
      out->setType(type);
      for (size_t bi = 0; bi < 2; ++bi) {
        Block* blk = n->blocks()[bi];
        Scope& s = bi == 0 ? s0 : s1;
        WithInsertPoint guard(blk);
        Value* v;
        if (s.count(name)) {
          v = insertLoad(g_, name, type);
        } else {
          Node* u = g_.create(prim::Uninitialized, 1);
          u->output()->setType(type);
          v = g_.insertNode(u)->output();
        }
        blk->registerOutput(v);
      }
      WithInsertPoint after(n->next());
      insertStore(g_, name, out);
      scope[name] = type;
      assigned[name] = type;
    }
  }

  void handleLoop(Node* n, Scope& scope, Scope& assigned) {
    Block* body = n->blocks()[0];
    Scope inner = scope;
    Scope a = walk(body, inner);
    for (auto& [name, t] : a) {
      auto outer = scope.find(name);
      if (outer == scope.end()) continue;  // local to the body
      const TypePtr& type = outer->second;
      if (!t->isSubtypeOf(*type)) {
        throw ErrorReport(n->sourceRange())
            << "Variable '" << name << "' previously had type " << type->annotationStr()
            << " but is now being assigned to a value of type " << t->annotationStr();
      }
      {
        WithInsertPoint before(n);
        n->addInput(insertLoad(g_, name, type));
      }
      Value* in = body->addInput();
      in->setType(type);
      {
        WithInsertPoint start(body->nodes().front());
        insertStore(g_, name, in);
      }
      {
        WithInsertPoint end(body);
        body->registerOutput(insertLoad(g_, name, type));
      }
      Value* out = n->addOutput();
      out->setType(type);
      WithInsertPoint after(n->next());
      insertStore(g_, name, out);
      assigned[name] = type;
    }
  }

  Graph& g_;
  std::map<std::string, TypePtr> declared_;
};

// Phase 2: resolve loads against the stores that reach them.
class EraseLoadStores {
 public:
  void run(Block* b) {
    frames_.emplace_back();
    for (auto it = b->nodes().begin(); it != b->nodes().end();) {
      Node* n = *it++;
      if (n->kind() == storeSymbol()) {
        Value* v = n->input();
        const std::string& name = varName(n);
        if (!v->hasDebugName() && name[0] != '$' && Value::isValidName(name) &&
            v->node()->kind() != prim::Constant)
          v->setDebugName(name);
        frames_.back()[name] = v;
        n->destroy();
      } else if (n->kind() == loadSymbol()) {
        Value* v = lookup(varName(n));
        if (!v) {
          throw ErrorReport(n->sourceRange()) << "undefined value " << varName(n);
        }
        n->output()->replaceAllUsesWith(v);
        n->destroy();
      } else {
        for (Block* sub : n->blocks()) run(sub);
      }
    }
    frames_.pop_back();
  }

 private:
  Value* lookup(const std::string& name) {
    for (auto f = frames_.rbegin(); f != frames_.rend(); ++f) {
      auto it = f->find(name);
      if (it != f->end()) return it->second;
    }
    return nullptr;
  }
  std::vector<std::unordered_map<std::string, Value*>> frames_;
};

void dropDeadTrivialNodes(Block* b) {
  std::vector<Node*> nodes;
  for (Node* n : b->nodes()) nodes.push_back(n);
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    Node* n = *it;
    for (Block* sub : n->blocks()) dropDeadTrivialNodes(sub);
    if ((n->kind() == prim::Constant || n->kind() == prim::Uninitialized) &&
        !n->hasUses())
      n->destroy();
  }
}

}  // namespace

void convertToSSA(Graph& g) {
  Scope scope;
  ControlFlowLoadStores(g).walk(g.block(), scope);
  EraseLoadStores().run(g.block());
  dropDeadTrivialNodes(g.block());
}

}  // namespace jitserve::frontend
