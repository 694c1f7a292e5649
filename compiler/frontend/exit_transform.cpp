#include "compiler/frontend/exit_transform.h"

#include <string>
#include <vector>

#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend {

namespace {

enum class Exit { Never, Maybe, Always };

const char* const kRet = "$ret";
const char* const kReturned = "$returned";

struct LoopFlags {
  std::string skip;  // skip the rest of this iteration
  std::string stop;  // leave the loop
  bool used = false;
};

bool containsKind(const Block* b, Symbol k) {
  for (Node* n : b->nodes()) {
    if (n->kind() == k) return true;
    for (Block* sub : n->blocks())
      if (containsKind(sub, k)) return true;
  }
  return false;
}

// True if the block has an exit marker that leaves `b` itself (break and
// continue inside a nested loop stay in that loop).
bool mayExit(const Block* b) {
  for (Node* n : b->nodes()) {
    Symbol k = n->kind();
    if (k == returnStmtSymbol() || k == breakStmtSymbol() || k == continueStmtSymbol()) return true;
    if (k == prim::Loop) {
      if (containsKind(n->blocks()[0], returnStmtSymbol())) return true;
      continue;
    }
    for (Block* sub : n->blocks())
      if (mayExit(sub)) return true;
  }
  return false;
}

bool nestedReturn(const Block* top) {
  for (Node* n : top->nodes())
    for (Block* sub : n->blocks())
      if (containsKind(sub, returnStmtSymbol())) return true;
  return false;
}

// Deletes everything after n in its block, last first.
void destroyAfter(Node* n) {
  Block* b = n->owningBlock();
  while (n->next() != b->returnNode()) b->returnNode()->prev()->destroy();
}

// Deletes n and everything after it.
void destroyFrom(Node* n) {
  destroyAfter(n);
  n->destroy();
}

class ExitTransformer {
 public:
  ExitTransformer(Graph& g, TypePtr retType) : g_(g), retType_(std::move(retType)) {}

  Exit transformBlock(Block* b) {
    for (Node* n = b->nodes().front(); n != b->returnNode();) {
      Symbol k = n->kind();
      if (k == returnStmtSymbol()) {
        {
          WithInsertPoint ip(n);
          if (n->inputs().size() == 1) {
            insertStore(g_, kRet, n->input(), retType_);
          } else {
            insertStore(g_, kRet, insertConstant(g_, IValue()), retType_);
          }
          if (needFlags_) insertStore(g_, kReturned, constBool(true));
          for (auto& l : loops_) setFlags(l, true);
        }
        destroyFrom(n);
        return Exit::Always;
      }
      if (k == breakStmtSymbol() || k == continueStmtSymbol()) {
        JS_INTERNAL_ASSERT(!loops_.empty(), "break/continue outside a loop reached the exit transform");
        {
          WithInsertPoint ip(n);
          setFlags(loops_.back(), k == breakStmtSymbol());
        }
        destroyFrom(n);
        return Exit::Always;
      }
      if (k == prim::If) {
        Exit e0 = transformBlock(n->blocks()[0]);
        Exit e1 = transformBlock(n->blocks()[1]);
        if (e0 == Exit::Always && e1 == Exit::Always) {
          destroyAfter(n);
          return Exit::Always;
        }
        if (e0 != Exit::Never || e1 != Exit::Never) return guardRest(n);
        n = n->next();
        continue;
      }
      if (k == prim::Loop) {
        bool loopMayReturn = transformLoop(n);
        if (loopMayReturn) return guardRest(n);
        n = n->next();
        continue;
      }
      n = n->next();
    }
    return Exit::Never;
  }

  bool needFlags_ = false;

 private:
  Value* constBool(bool v) { return insertConstant(g_, IValue(v)); }

  void setFlags(LoopFlags& l, bool stop) {
    insertStore(g_, l.skip, constBool(true));
    if (stop) insertStore(g_, l.stop, constBool(true));
  }

  // The flag that says "an exit happened" at the current level.
  Value* exitFlag() {
    if (!loops_.empty()) return insertLoad(g_, loops_.back().skip, BoolType::get());
    return insertLoad(g_, kReturned, BoolType::get());
  }

  // Moves everything after `n` into the else branch of If(exitFlag).
  Exit guardRest(Node* n) {
    Block* b = n->owningBlock();
    if (n->next() == b->returnNode()) return Exit::Maybe;
    Node* guard;
    {
      WithInsertPoint ip(n->next());
      Value* flag = exitFlag();
      guard = g_.create(prim::If, {flag}, 0);
      guard->setSourceRange(n->sourceRange());
      g_.insertNode(guard);
    }
    guard->addBlock();
    Block* rest = guard->addBlock();
    while (guard->next() != b->returnNode()) guard->next()->moveBefore(rest->returnNode());
    Exit e = transformBlock(rest);
    (void)e;
    return Exit::Maybe;
  }

  // Transforms a loop body; returns whether the loop may return.
  bool transformLoop(Node* loop) {
    Block* body = loop->blocks()[0];
    bool exits = mayExit(body);
    bool returns = containsKind(body, returnStmtSymbol());
    // Detach the LoopCond so guards do not swallow it.
    Node* cond = nullptr;
    if (!body->nodes().empty() && body->nodes().back()->kind() == loopCondSymbol()) {
      cond = body->nodes().back();
      cond->removeFromList();
    }
    int id = counter_++;
    loops_.push_back(LoopFlags{"$skip." + std::to_string(id), "$stop." + std::to_string(id)});
    if (exits) {
      WithInsertPoint start(body->nodes().empty() ? body->returnNode() : body->nodes().front());
      insertStore(g_, loops_.back().skip, constBool(false));
      insertStore(g_, loops_.back().stop, constBool(false));
    }
    transformBlock(body);
    LoopFlags flags = loops_.back();
    loops_.pop_back();
    if (cond) {
      WithInsertPoint end(body);
      Block* condBlock = cond->blocks()[0];
      Value* condOut = condBlock->outputs()[0];
      if (exits) {
        // If(stop) -> False else -> <condition>
        Value* stop = insertLoad(g_, flags.stop, BoolType::get());
        Node* sel = g_.create(prim::If, {stop}, 1);
        sel->output()->setType(BoolType::get());
        g_.insertNode(sel);
        Block* t = sel->addBlock();
        {
          WithInsertPoint ip(t);
          t->registerOutput(constBool(false));
        }
        Block* f = sel->addBlock();
        while (!condBlock->nodes().empty()) condBlock->nodes().front()->moveBefore(f->returnNode());
        f->registerOutput(condOut);
        cond->output()->replaceAllUsesWith(sel->output());
      } else {
        while (!condBlock->nodes().empty()) condBlock->nodes().front()->moveBefore(body->returnNode());
        cond->output()->replaceAllUsesWith(condOut);
      }
      condBlock->eraseOutput(0);
      // `cond` is detached: put it back to delete it through the block API.
      cond->insertBefore(body->returnNode());
      cond->destroy();
    }
    return returns;
  }

  Graph& g_;
  TypePtr retType_;
  std::vector<LoopFlags> loops_;
  int counter_ = 0;
};

void collectReturns(const Block* b, std::vector<Node*>& out) {
  for (Node* n : b->nodes()) {
    if (n->kind() == returnStmtSymbol()) out.push_back(n);
    for (Block* sub : n->blocks()) collectReturns(sub, out);
  }
}

}  // namespace

ExitTransformResult runExitTransform(Graph& g, TypePtr declaredReturn) {
  ExitTransformResult result;
  std::vector<Node*> returns;
  collectReturns(g.block(), returns);
  result.hadReturn = !returns.empty();
  TypePtr type = declaredReturn;
  if (!type) {
    for (Node* r : returns) {
      TypePtr t = r->inputs().empty() ? NoneType::get() : r->input()->type();
      if (!type) {
        type = t;
        continue;
      }
      auto u = unifyTypes(type, t);
      if (!u) {
        throw ErrorReport(r->sourceRange())
            << "Previous return statement returned a value of type " << type->annotationStr()
            << " but this return statement returns a value of type " << t->annotationStr();
      }
      type = *u;
    }
    if (!type) type = NoneType::get();
  }
  result.returnType = type;

  ExitTransformer xf(g, type);
  bool nested = nestedReturn(g.block());
  xf.needFlags_ = nested;
  if (nested) {
    WithInsertPoint start(g.block()->nodes().empty() ? g.returnNode() : g.block()->nodes().front());
    Node* u = g.create(prim::Uninitialized, 1);
    u->output()->setType(type);
    g.insertNode(u);
    insertStore(g, kRet, u->output(), type);
    insertStore(g, kReturned, insertConstant(g, IValue(false)));
  }
  Exit e = xf.transformBlock(g.block());
  result.allPathsReturn = e == Exit::Always;
  if (result.hadReturn) {
    WithInsertPoint end(g.block());
    g.registerOutput(insertLoad(g, kRet, type));
  }
  return result;
}

}  // namespace jitserve::frontend
