// FunctionEmitter's statements: assignments (plain, augmented, to
// attributes and subscripts), with, return, raise, assert, del,
// break / continue, and the closures passed to fork.
#include "compiler/frontend/function_emitter.h"

#include <set>

#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/tensor_indexing.h"

namespace jitserve::frontend::detail {

void FunctionEmitter::emitStatements(const List<Stmt>& stmts) {
  for (const Stmt& s : stmts) {
    if (env_.exited()) break;  // unreachable
    emitStatement(s);
  }
}

void FunctionEmitter::emitStatement(const Stmt& s) {
  WithSourceRange wr(this, s.range());
  switch (s.kind()) {
    case TK_ASSIGN: return emitAssign(Assign(s));
    case TK_AUG_ASSIGN: return emitAugAssign(AugAssign(s));
    case TK_EXPR_STMT: {
      Expr e = ExprStmt(s).expr();
      if (e.kind() == TK_STRINGLITERAL) return;  // docstring
      emitSugared(e);
      return;
    }
    case TK_IF: return emitIf(If(s));
    case TK_WHILE: return emitWhile(While(s));
    case TK_FOR: return emitFor(For(s));
    case TK_RETURN: return emitReturn(Return(s));
    case TK_BREAK:
    case TK_CONTINUE: {
      if (loopDepth_ == 0) throw ErrorReport(s.range()) << "'" << (s.kind() == TK_BREAK ? "break" : "continue")
                                                        << "' outside loop";
      emitExitsForEarlyExit(s.range(), false);
      Node* n = g().create(s.kind() == TK_BREAK ? breakStmtSymbol() : continueStmtSymbol(), 0);
      n->setSourceRange(s.range());
      g().insertNode(n);
      env_.markExited();
      return;
    }
    case TK_PASS: return;
    case TK_ASSERT: return emitAssert(Assert(s));
    case TK_RAISE: return emitRaise(Raise(s));
    case TK_DEF: {
      // Only the closures PyTorch prints for forks: no parameters, passed to fork.
      Def d(s);
      if (!d.decl().params().empty() || !d.decorators().empty())
        throw ErrorReport(s.range()) << "nested function definitions are not supported";
      const std::string& name = d.name().name();
      if (lookupVarType(name)) throw ErrorReport(d.name().range()) << "'" << name << "' is already a variable";
      sugaredVars_[name] = std::make_shared<ClosureValue>(d);
      return;
    }
    case TK_CLASS_DEF: throw ErrorReport(s.range()) << "classes can only be defined at the top level";
    case TK_GLOBAL: throw ErrorReport(s.range()) << "global statements are not supported in TorchScript";
    case TK_DEL: return emitDelete(Delete(s));
    case TK_WITH: return emitWith(With(s));
    default: throw ErrorReport(s.range()) << "this statement is not supported in TorchScript";
  }
}

// with a as x, b: ... -> prim::Enter(a) (its __enter__ result bound to x),
// the body, then prim::Exit in reverse order. torch.no_grad() is a no-op
// here (inference only).
void FunctionEmitter::emitWith(const With& w) {
  std::vector<Value*> entered;
  for (const WithItem& item : w.targets()) {
    std::string t(item.target().range().text());
    if (t == "torch.no_grad()") continue;
    // PyTorch 1.13 has no torch.enable_grad in TorchScript.
    if (t == "torch.enable_grad()") throw ErrorReport(item.range()) << "Unknown builtin op: aten::enable_grad.";
    Value* obj = emitExpr(item.target());
    if (obj->type()->kind() != TypeKind::ClassType)
      throw ErrorReport(item.range()) << "with statements are only supported for torch.no_grad() and objects of "
                                         "classes that define __enter__ and __exit__, not "
                                      << obj->type()->annotationStr();
    // The class may be of another file of an archive (torchvision's printed
    // code enters __torch__.torch.autograd.grad_mode.no_grad objects).
    Function* enter = objectMethod(obj, "__enter__", item.range());
    Function* exit = objectMethod(obj, "__exit__", item.range());
    if (!enter || !exit)
      throw ErrorReport(item.range()) << "class '" << obj->type()->expect<ClassType>().name()
                                      << "' must define both __enter__ and __exit__ to be used in a with statement";
    if (enter->schema().arguments.size() != 1 || exit->schema().arguments.size() != 4)
      throw ErrorReport(item.range()) << "__enter__ must take only self and __exit__ must take self and three "
                                         "arguments (exc_type, exc_value, traceback)";
    // The exception is not passed to __exit__: its three arguments get None.
    for (size_t i = 1; i < 4; ++i)
      if (exit->schema().arguments[i].type->kind() != TypeKind::AnyType)
        throw ErrorReport(item.range()) << "argument " << i << " of __exit__ must have Any type; TorchScript does "
                                           "not currently support passing exception type, value, or traceback to "
                                           "the __exit__ function.";
    Node* n = g().create(prim::Enter, {obj}, 1);
    n->output()->setType(enter->schema().returns.at(0).type);
    n->setSourceRange(item.range());
    g().insertNode(n);
    if (item.var().present()) assignTo(item.var().get(), n->output(), nullptr, item.range());
    entered.push_back(obj);
  }
  withBlocks_.push_back(WithBlock{loopDepth_, entered});
  emitStatements(w.body());
  withBlocks_.pop_back();
  if (env_.exited()) return;
  emitExits(entered, w.range());
}

// prim::Exit for each object, innermost (last entered) first.
void FunctionEmitter::emitExits(const std::vector<Value*>& objs, const SourceRange& r) {
  for (auto it = objs.rbegin(); it != objs.rend(); ++it) {
    Function* exit = objectMethod(*it, "__exit__", r);
    Node* n = g().create(prim::Exit, {*it}, 1);
    n->output()->setType(exit->schema().returns.at(0).type);
    n->setSourceRange(r);
    g().insertNode(n);
  }
}

// return leaves every enclosing with block; break and continue leave
// those opened inside the innermost loop. Their __exit__ runs first.
void FunctionEmitter::emitExitsForEarlyExit(const SourceRange& r, bool isReturn) {
  for (auto it = withBlocks_.rbegin(); it != withBlocks_.rend(); ++it) {
    if (!isReturn && it->loopDepth != loopDepth_) break;
    emitExits(it->objects, r);
  }
}

void FunctionEmitter::emitReturn(const Return& r) {
  Value* v = r.expr().present() ? emitExpr(r.expr().get(), declaredRet_) : constant(g(), IValue());
  if (declaredRet_) v = convertTo(v, declaredRet_, r.range());
  if (declaredRet_ && !v->type()->isSubtypeOf(*declaredRet_)) {
    throw ErrorReport(r.range()) << "Return value was annotated as having type " << declaredRet_->annotationStr()
                                 << " but is actually of type " << v->type()->annotationStr();
  }
  // The value is computed before the enclosing with blocks exit.
  emitExitsForEarlyExit(r.range(), true);
  Node* n = g().create(returnStmtSymbol(), {v}, 0);
  n->setSourceRange(r.range());
  g().insertNode(n);
  hadReturn_ = true;
  env_.markExited();
}

// The implicit conversions TorchScript applies where a type is declared
// (returns, annotated assignments): numbers/tensors to float or int, numbers
// to complex, and tuples element by element.
Value* FunctionEmitter::convertTo(Value* v, const TypePtr& want, const SourceRange& r) {
  if (v->type()->isSubtypeOf(*want)) return v;
  TypeKind have = v->type()->kind();
  bool numeric = have == TypeKind::NumberType || have == TypeKind::TensorType;
  if (numeric && want->kind() == TypeKind::FloatType)
    return callBuiltin(have == TypeKind::TensorType ? "aten::FloatImplicit" : "aten::Float", {v}, {}, r);
  if (numeric && want->kind() == TypeKind::IntType)
    return callBuiltin(have == TypeKind::TensorType ? "aten::IntImplicit" : "aten::Int", {v}, {}, r);
  if (have == TypeKind::NumberType && want->kind() == TypeKind::ComplexType)
    return callBuiltin("aten::Complex", {v}, {}, r);
  if (have == TypeKind::TupleType && want->kind() == TypeKind::TupleType &&
      v->type()->expect<TupleType>().elements().size() == want->expect<TupleType>().elements().size()) {
    const auto& ws = want->expect<TupleType>().elements();
    std::vector<Value*> parts;
    bool changed = false;
    for (size_t i = 0; i < ws.size(); ++i) {
      Value* p = tupleIndex(v, static_cast<int64_t>(i), r);
      Value* c = convertTo(p, ws[i], r);
      changed = changed || c != p;
      parts.push_back(c);
    }
    if (changed) return makeTuple(parts);
  }
  return v;
}

namespace {
// Python's builtin exception classes: the names a raise can resolve (the
// source has no imports, so no other exception class is in scope).
bool isBuiltinException(const std::string& name) {
  static const std::set<std::string> names = {
      "BaseException", "Exception", "ArithmeticError", "AssertionError", "AttributeError", "BufferError",
      "EOFError", "FloatingPointError", "GeneratorExit", "ImportError", "IndexError", "IOError", "KeyError",
      "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError", "NameError", "NotImplementedError",
      "OSError", "OverflowError", "RecursionError", "ReferenceError", "RuntimeError", "StopIteration",
      "SyntaxError", "SystemError", "TypeError", "UnboundLocalError", "UnicodeError", "ValueError",
      "ZeroDivisionError", "Warning", "UserWarning", "DeprecationWarning", "RuntimeWarning"};
  return names.count(name) > 0;
}
}  // namespace

void FunctionEmitter::emitRaise(const Raise& r) {
  std::string cls = "builtins.Exception";
  Value* msg = nullptr;
  auto className = [&](const Var& v) {
    const std::string& name = v.name().name();
    if (!isBuiltinException(name) && !lookupVarType(name)) throw ErrorReport(v.range()) << "undefined value " << name;
    return "builtins." + name;
  };
  if (r.expr().present()) {
    Expr e = r.expr().get();
    if (e.kind() == TK_APPLY) {
      Apply a(e);
      if (a.callee().kind() == TK_VAR) cls = className(Var(a.callee()));
      if (!a.inputs().empty()) msg = emitExpr(a.inputs()[0]);
    } else if (e.kind() == TK_VAR) {
      cls = className(Var(e));
    } else {
      throw ErrorReport(e.range()) << "exceptions must derive from BaseException";
    }
  }
  if (!msg) msg = constant(g(), IValue(std::string("Exception")));
  if (msg->type()->kind() != TypeKind::StringType) msg = callBuiltin("aten::str", {msg}, {}, r.range());
  Node* n = g().create(prim::RaiseException, {msg, constant(g(), IValue(cls))}, 0);
  n->setSourceRange(r.range());
  g().insertNode(n);
  env_.markExited();
  raisedOnly_ = true;
}

void FunctionEmitter::emitAssert(const Assert& a) {
  Value* c = emitCond(a.test());
  Node* ifn = g().create(prim::If, {c}, 0);
  ifn->setSourceRange(a.range());
  g().insertNode(ifn);
  ifn->addBlock();
  Block* f = ifn->addBlock();
  {
    WithInsertPoint ip(f);
    Value* msg = a.msg().present() ? emitExpr(a.msg().get())
                                   : constant(g(), IValue(std::string("AssertionError: ")));
    if (msg->type()->kind() != TypeKind::StringType) msg = callBuiltin("aten::str", {msg}, {}, a.range());
    Node* n = g().create(prim::RaiseException, {msg, constant(g(), IValue(std::string("builtins.AssertionError")))}, 0);
    n->setSourceRange(a.range());
    g().insertNode(n);
  }
  applyRefinements(refinementsOf(a.test(), true));
}

void FunctionEmitter::emitDelete(const Delete& d) {
  for (const Expr& t : d.targets()) {
    if (t.kind() == TK_SUBSCRIPT) {
      Subscript s(t);
      Value* base = emitExpr(s.value());
      Value* idx = emitExpr(s.subscriptExprs()[0]);
      callBuiltin("aten::Delete", {base, idx}, {}, t.range());
    } else if (t.kind() == TK_VAR) {
      const std::string& name = Var(t).name().name();
      if (!env_.lookupType(name)) throw ErrorReport(t.range()) << "undefined value " << name;
      env_.remove(name);
    } else {
      throw ErrorReport(t.range()) << "del only supports variables and subscripts";
    }
  }
}

void FunctionEmitter::emitAssign(const Assign& a) {
  if (!a.rhs().present()) {
    throw ErrorReport(a.range()) << "declarations without a value are not supported";
  }
  TypePtr declared = a.type().present() ? parseTypeExpr(sh_, a.type().get()) : nullptr;
  // `_0 = __torch__.m.f` (PyTorch's printer hoists functions so): the
  // name stands for the function, not a value.
  const Expr& rhs = a.rhs().get();
  if (!declared && a.lhsList().size() == 1 && a.lhsList()[0].kind() == TK_VAR &&
      (rhs.kind() == TK_VAR || rhs.kind() == '.')) {
    SugaredValuePtr sv = emitSugared(rhs);
    if (!dynamic_cast<SimpleValue*>(sv.get()) && isCallableName(*sv)) {
      const std::string& name = Var(a.lhsList()[0]).name().name();
      if (lookupVarType(name))
        throw ErrorReport(a.range()) << "'" << name << "' is a variable and cannot be rebound to " << sv->kind();
      sugaredVars_[name] = std::move(sv);
      return;
    }
    Value* v = sv->asValue(rhs.range(), *this);
    assignTo(a.lhsList()[0], v, nullptr, a.range());
    return;
  }
  Value* v = emitExpr(rhs, declared);
  for (const Expr& lhs : a.lhsList()) assignTo(lhs, v, declared, a.range());
}

// fork(closure) -----------------------------------------------------------------------

// Names the closure reads and the ones it assigns (which are its own).
void FunctionEmitter::collectNames(const TreeRef& t, std::set<std::string>& used, std::set<std::string>& assigned) {
  if (t->kind() == TK_VAR) {
    used.insert(Var(t).name().name());
    return;
  }
  if (t->kind() == TK_ASSIGN)
    for (const Expr& lhs : Assign(t).lhsList())
      if (lhs.kind() == TK_VAR) assigned.insert(Var(lhs).name().name());
  if (t->kind() == TK_FOR)
    for (const Expr& target : For(t).targets())
      if (target.kind() == TK_VAR) assigned.insert(Var(target).name().name());
  if (t->isAtom()) return;
  for (const TreeRef& c : t->trees()) collectNames(c, used, assigned);
}

Value* FunctionEmitter::forkClosure(const Def& closure, const SourceRange& r) {
  std::set<std::string> used, assigned;
  collectNames(closure.statements().tree(), used, assigned);
  std::vector<Capture> captures;
  std::vector<Value*> inputs;
  for (const std::string& n : used) {
    if (assigned.count(n)) continue;
    if (TypePtr t = lookupVarType(n)) {
      captures.push_back({n, t});
      inputs.push_back(readVar(n, r));
    }
  }
  std::string key = (cls_ ? cls_->type->name() : sh_.qualifier) + "." + def_.name().name() + "." +
                    closure.name().name() + "." + std::to_string(sh_.closures++);
  FunctionEmitter fe(sh_, closure, std::move(key), std::move(captures), sugaredVars_);
  GraphFunction* fn = fe.emit();
  return emitForkCall(*this, *fn, inputs, fn->schema().returns.at(0).type, r);
}

// Functions and classes may be bound to a name (they are not values).
bool FunctionEmitter::isCallableName(const SugaredValue& sv) {
  return dynamic_cast<const FunctionValue*>(&sv) || dynamic_cast<const ClassValue*>(&sv) ||
         dynamic_cast<const CompiledFunctionValue*>(&sv) || dynamic_cast<const NamedTupleConstructor*>(&sv);
}

void FunctionEmitter::assignTo(const Expr& lhs, Value* v, TypePtr declared, const SourceRange& r) {
  switch (lhs.kind()) {
    case TK_VAR: {
      setVar(Var(lhs).name().name(), v, declared, r);
      return;
    }
    case TK_TUPLE_LITERAL:
    case TK_LIST_LITERAL: {
      List<Expr> targets = lhs.kind() == TK_TUPLE_LITERAL ? TupleLiteral(lhs).inputs() : ListLiteral(lhs).inputs();
      std::vector<Value*> parts = unpack(v, targets.size(), r);
      for (size_t i = 0; i < targets.size(); ++i) assignTo(targets[i], parts[i], nullptr, r);
      return;
    }
    case TK_SUBSCRIPT: {
      Subscript s(lhs);
      Value* base = emitExpr(s.value());
      if (base->type()->kind() == TypeKind::TensorType) {
        emitTensorAssign(*this, base, s.subscriptExprs(), v, r);
        return;
      }
      if (base->type()->kind() == TypeKind::TupleType)
        throw ErrorReport(lhs.range()) << "'tuple' object does not support item assignment";
      Value* idx = emitExpr(s.subscriptExprs()[0]);
      if (base->type()->kind() == TypeKind::ClassType) {
        requireMagic(base, "__setitem__", {idx, v}, r, "item assignment");
        return;
      }
      callBuiltin("aten::_set_item", {base, idx, v}, {}, r);
      return;
    }
    case '.': {
      Select s(lhs);
      emitSetAttr(emitExpr(s.value()), s.selector().name(), v, declared, r);
      return;
    }
    default: throw ErrorReport(lhs.range()) << "unsupported assignment target";
  }
}

std::vector<Value*> FunctionEmitter::unpack(Value* v, size_t n, const SourceRange& r) {
  const TypePtr& t = v->type();
  if (t->kind() == TypeKind::TupleType) {
    const auto& elems = t->expect<TupleType>().elements();
    if (elems.size() != n)
      throw ErrorReport(r) << (elems.size() > n ? "too many values" : "not enough values") << " to unpack: need "
                           << n << " but found " << elems.size();
    Node* u = g().create(prim::TupleUnpack, {v}, 0);
    for (const auto& e : elems) u->addOutput()->setType(e);
    g().insertNode(u)->setSourceRange(r);
    return u->outputs();
  }
  if (t->kind() == TypeKind::ListType || t->kind() == TypeKind::TensorType) {
    // Like PyTorch: prim::ListUnpack, whose length is checked at run time
    // (a tensor is first split along dim 0 by aten::unbind).
    Value* list = t->kind() == TypeKind::ListType
                      ? v
                      : callBuiltin("aten::unbind", {v, constant(g(), IValue(int64_t{0}))}, {}, r);
    TypePtr elem = list->type()->expect<ListType>().elementType();
    Node* u = g().create(prim::ListUnpack, {list}, 0);
    for (size_t i = 0; i < n; ++i) u->addOutput()->setType(elem);
    g().insertNode(u)->setSourceRange(r);
    return u->outputs();
  }
  throw ErrorReport(r) << "cannot unpack a value of type " << t->annotationStr();
}

const char* FunctionEmitter::augOpName(int k) {
  switch (k) {
    case '+': return "add";
    case '-': return "sub";
    case '*': return "mul";
    case '/': return "div";
    case '%': return "remainder";
    case TK_POW: return "pow";
    case '&': return "__and__";
    case '|': return "__or__";
    case '^': return "__xor__";
    case TK_LSHIFT: return "__lshift__";
    case TK_RSHIFT: return "__rshift__";
    default: return nullptr;
  }
}

void FunctionEmitter::emitAugAssign(const AugAssign& a) {
  // PyTorch's frontend has no //= or @= (its table of augmented
  // assignments lacks them), so neither is TorchScript.
  if (a.augOp() == TK_FLOOR_DIV || a.augOp() == '@')
    throw ErrorReport(a.range()) << "unsupported kind of augumented assignment: "
                                 << (a.augOp() == '@' ? "MatMult" : "FloorDiv");
  const char* op = augOpName(a.augOp());
  if (!op) throw ErrorReport(a.range()) << "unsupported augmented assignment";
  Expr lhs = a.lhs();
  // x op= y: tensors update in place and lists extend, as in Python.
  auto update = [&](Value* cur, Value* rhs) -> Value* {
    if (cur->type()->kind() == TypeKind::TensorType) {
      std::string inplace = std::string("aten::") + op + "_";
      if (std::string(op) == "floordiv") inplace = "aten::floor_divide_";
      return callBuiltin(inplace, {cur, rhs}, {}, a.range());
    }
    if (cur->type()->kind() == TypeKind::ListType && a.augOp() == '+') {
      callBuiltin("aten::extend", {cur, rhs}, {}, a.range());
      return cur;
    }
    return callBuiltin(std::string("aten::") + op, {cur, rhs}, {}, a.range());
  };
  if (lhs.kind() == TK_VAR) {
    const std::string& name = Var(lhs).name().name();
    Value* cur = emitExpr(lhs);
    Value* rhs = emitExpr(a.rhs());
    setVar(name, update(cur, rhs), nullptr, a.range());
    return;
  }
  if (lhs.kind() == '.') {
    Select s(lhs);
    Value* obj = emitExpr(s.value());
    if (obj->type()->kind() != TypeKind::ClassType)
      throw ErrorReport(lhs.range()) << "augmented assignment to an attribute of a value of type "
                                     << obj->type()->annotationStr() << " is not supported";
    Value* cur = emitGetAttr(obj, s.selector().name(), lhs.range());
    if (!cur) throw ErrorReport(lhs.range()) << "cannot assign to method '" << s.selector().name() << "'";
    Value* rhs = emitExpr(a.rhs());
    emitSetAttr(obj, s.selector().name(), update(cur, rhs), nullptr, a.range());
    return;
  }
  if (lhs.kind() == TK_SUBSCRIPT) {
    Subscript s(lhs);
    Value* base = emitExpr(s.value());
    if (base->type()->kind() == TypeKind::TensorType) {
      Value* view = emitTensorIndexing(*this, base, s.subscriptExprs(), lhs.range());
      Value* rhs = emitExpr(a.rhs());
      callBuiltin(std::string("aten::") + op + "_", {view, rhs}, {}, a.range());
      return;
    }
    Value* idx = emitExpr(s.subscriptExprs()[0]);
    Value* cur = callBuiltin("aten::__getitem__", {base, idx}, {}, a.range());
    Value* rhs = emitExpr(a.rhs());
    Value* out = callBuiltin(std::string("aten::") + op, {cur, rhs}, {}, a.range());
    callBuiltin("aten::_set_item", {base, idx, out}, {}, a.range());
    return;
  }
  throw ErrorReport(lhs.range()) << "unsupported augmented assignment target";
}

}  // namespace jitserve::frontend::detail
