#include "compiler/frontend/ir_emitter.h"

#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/environment.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/exit_transform.h"
#include "compiler/frontend/resolver.h"
#include "compiler/frontend/schema_matching.h"
#include "compiler/frontend/sugared_value.h"
#include "compiler/frontend/tensor_indexing.h"
#include "compiler/frontend/type_annotations.h"
#include "compiler/frontend/unit_definitions.h"
#include "compiler/ir/ivalue_constant.h"
#include "runtime/core/operator_registry.h"

namespace jitserve::frontend {

namespace {

Value* constant(Graph& g, const IValue& v, const SourceRange& r = {}) { return insertConstant(g, v, r); }

// Emits one def (a function, or a method of a class) into a new Graph and
// adds it to the unit. It is the Emitter that SugaredValues emit through.
class FunctionEmitter final : public Emitter {
 public:
  // cls: the class whose method def is (static or not); null for a function.
  FunctionEmitter(UnitDefinitions& shared, const Def& def, ClassInfo* cls = nullptr)
      : sh_(shared), def_(def), graph_(std::make_shared<Graph>()), cls_(cls),
        isStatic_(cls && cls->staticMethods.count(def.name().name())),
        isInit_(cls && !isStatic_ && def.name().name() == "__init__") {}

  // A closure's free variables, which become its inputs.
  struct Capture {
    std::string name;
    TypePtr type;
  };
  // A closure (fork's argument), added to the unit as `key`; it sees the
  // names its parent bound to functions.
  FunctionEmitter(UnitDefinitions& shared, const Def& def, std::string key, std::vector<Capture> captures,
                  std::map<std::string, SugaredValuePtr> sugared)
      : sh_(shared), def_(def), graph_(std::make_shared<Graph>()), closureKey_(std::move(key)),
        captures_(std::move(captures)), sugaredVars_(std::move(sugared)) {}

  GraphFunction* emit() {
    Graph& g = *graph_;
    std::vector<Argument> args;
    bool isSelf = cls_ && !isStatic_;
    for (const Capture& c : captures_) {
      Value* in = g.addInput(c.name);
      in->setType(c.type);
      args.push_back(Argument{c.name, c.type});
      setVar(c.name, in, nullptr, def_.range());
    }
    for (const Param& p : def_.decl().params()) {
      TypePtr t = isSelf ? TypePtr(cls_->type) : p.type().present() ? parseTypeExpr(sh_, p.type().get()) : TensorType::get();
      isSelf = false;
      Value* in = g.addInput(p.ident().name());
      in->setType(t);
      Argument a{p.ident().name(), t};
      if (p.defaultValue().present()) a.defaultValue = evalDefault(p.defaultValue().get(), t);
      a.kwargOnly = p.kwargOnly();
      args.push_back(std::move(a));
      setVar(p.ident().name(), in, nullptr, p.range());
    }
    if (def_.decl().returnType().present()) declaredRet_ = parseTypeExpr(sh_, def_.decl().returnType().get());
    emitStatements(def_.statements());
    if (!env_.exited()) {
      bool noneOk = !declaredRet_ || declaredRet_->kind() == TypeKind::NoneType ||
                    declaredRet_->kind() == TypeKind::OptionalType;
      if (hadReturn_ && !noneOk) {
        throw ErrorReport(def_.range())
            << "Function was not annotated as having type None, but does not return along all paths";
      }
      if (hadReturn_ || (declaredRet_ && declaredRet_->kind() != TypeKind::NoneType)) {
        if (!noneOk)
          throw ErrorReport(def_.range())
              << "Function was not annotated as having type None, but does not return along all paths";
        Node* r = g.create(returnStmtSymbol(), {constant(g, IValue())}, 0);
        g.insertNode(r);
      }
    }
    auto res = runExitTransform(g, declaredRet_);
    if (!res.hadReturn) g.registerOutput(constant(g, IValue()));
    convertToSSA(g);
    FunctionSchema schema;
    schema.name = def_.name().name();
    schema.arguments = std::move(args);
    schema.returns.push_back(Argument{"", res.hadReturn ? res.returnType : NoneType::get()});
    if (!closureKey_.empty()) return sh_.cu->addFunction(closureKey_, graph_, std::move(schema), /*listed=*/false);
    if (!cls_) return sh_.cu->addFunction(sh_.functionKey(def_.name().name()), graph_, std::move(schema));
    if (isStatic_) return sh_.cu->addFunction(sh_.functionKey(staticMethodKey()), graph_, std::move(schema), /*listed=*/false);
    return sh_.cu->addMethod(cls_->type, def_.name().name(), graph_, std::move(schema));
  }

  // How a static method is named in the unit and in prim::CallFunction.
  std::string staticMethodKey() const { return cls_->name + "." + def_.name().name(); }

  // Emitter ---------------------------------------------------------------------------

  Graph& graph() override { return *graph_; }
  UnitDefinitions& unit() override { return sh_; }
  TypePtr parseType(const Expr& e) override { return parseTypeExpr(sh_, e); }
  bool isVariable(const std::string& name) override { return lookupVarType(name) != nullptr; }
  Value* getAttr(Value* obj, const std::string& field, const SourceRange& r) override {
    return emitGetAttr(obj, field, r);
  }
  Value* construct(const ClassTypePtr& cls, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                   const SourceRange& r) override {
    return emitConstruct(cls, std::move(args), std::move(kwargs), r);
  }
  Value* listFromIterable(const Iterable& it, const TypePtr& elemType, const SourceRange& r) override {
    Node* ln = g().create(prim::ListConstruct, {}, 1);
    ln->output()->setType(ListType::create(elemType));
    g().insertNode(ln);
    Value* list = ln->output();
    emitLoop(it.length, constant(g(), IValue(true)),
             [&](Value* idx) { callBuiltin("aten::append", {list, it.element(idx)}, {}, r); },
             [&]() { return constant(g(), IValue(true)); }, r);
    return list;
  }

 private:
  Graph& g() { return *graph_; }

  // A parameter's default: a constant expression evaluated now (PyTorch runs
  // it in Python), whose type must fit the annotation. An int default of a
  // float parameter is widened, as we always allowed.
  IValue evalDefault(const Expr& e, const TypePtr& t) {
    // A list default (`dilation: List[int]=[1, 1]`) takes its element type
    // from the annotation, so `[]` is typed too.
    if (e.kind() == TK_LIST_LITERAL) {
      TypePtr lt = t->kind() == TypeKind::OptionalType ? t->expect<OptionalType>().elementType() : t;
      if (lt->kind() != TypeKind::ListType)
        throw ErrorReport(e.range()) << "Expected a default value of type " << t->annotationStr()
                                     << " but instead found a list";
      const TypePtr& elem = lt->expect<ListType>().elementType();
      std::vector<IValue> vals;
      for (const Expr& x : ListLiteral(e).inputs()) vals.push_back(evalDefault(x, elem));
      return IValue(ListImpl::create(elem, std::move(vals)));
    }
    auto [v, vt] = evalConstant(e);
    if (t->kind() == TypeKind::FloatType && v.isInt()) return IValue(static_cast<double>(v.toInt()));
    if (!vt->isSubtypeOf(*t))
      throw ErrorReport(e.range()) << "Expected a default value of type " << t->annotationStr()
                                   << " but instead found type " << vt->annotationStr();
    return v;
  }

  // Constant arithmetic on int / float / bool, str, None and tuples of these,
  // with TorchScript's result types (int / int and int ** int are float).
  std::pair<IValue, TypePtr> evalConstant(const Expr& e) {
    auto unsupported = [&]() -> std::pair<IValue, TypePtr> {
      throw ErrorReport(e.range()) << "Unsupported default value: only constants are supported here";
    };
    switch (e.kind()) {
      case TK_CONST: {
        Const c(e);
        if (c.isFloatingPoint()) return {IValue(c.asFloatingPoint()), FloatType::get()};
        return {IValue(c.asIntegral()), IntType::get()};
      }
      case TK_TRUE: return {IValue(true), BoolType::get()};
      case TK_FALSE: return {IValue(false), BoolType::get()};
      case TK_NONE: return {IValue(), NoneType::get()};
      case TK_STRINGLITERAL: return {IValue(StringLiteral(e).text()), StringType::get()};
      case TK_TUPLE_LITERAL: {
        std::vector<IValue> vals;
        std::vector<TypePtr> types;
        for (const Expr& x : TupleLiteral(e).inputs()) {
          auto [v, t] = evalConstant(x);
          vals.push_back(std::move(v));
          types.push_back(std::move(t));
        }
        return {IValue(TupleImpl::create(std::move(vals))), TupleType::create(std::move(types))};
      }
      case TK_UNARY_MINUS:
      case TK_UNARY_PLUS:
      case '~': {
        auto [v, t] = evalConstant(UnaryOp(e).operand());
        if (v.isBool()) v = IValue(static_cast<int64_t>(v.toBool())), t = IntType::get();
        if (e.kind() == TK_UNARY_PLUS && (v.isInt() || v.isDouble())) return {v, t};
        if (e.kind() == '~' && v.isInt()) return {IValue(~v.toInt()), t};
        if (e.kind() == TK_UNARY_MINUS && v.isInt()) return {IValue(-v.toInt()), t};
        if (e.kind() == TK_UNARY_MINUS && v.isDouble()) return {IValue(-v.toDouble()), t};
        return unsupported();
      }
      default: break;
    }
    if (!BinOp::isBinOpKind(e.kind()) || BinOp::isComparisonKind(e.kind()) || e.kind() == TK_AND ||
        e.kind() == TK_OR)
      return unsupported();
    BinOp b(e);
    IValue l = evalConstant(b.lhs()).first, r = evalConstant(b.rhs()).first;
    if (l.isBool()) l = IValue(static_cast<int64_t>(l.toBool()));
    if (r.isBool()) r = IValue(static_cast<int64_t>(r.toBool()));
    if (!(l.isInt() || l.isDouble()) || !(r.isInt() || r.isDouble())) return unsupported();
    const int k = e.kind();
    if (l.isInt() && r.isInt()) {
      const int64_t a = l.toInt(), c = r.toInt();
      auto i = [](int64_t x) { return std::pair<IValue, TypePtr>{IValue(x), IntType::get()}; };
      if ((k == TK_FLOOR_DIV || k == '%') && c == 0) throw ErrorReport(e.range()) << "integer division or modulo by zero";
      switch (k) {
        case '+': return i(a + c);
        case '-': return i(a - c);
        case '*': return i(a * c);
        case TK_FLOOR_DIV: return i(a / c - ((a % c != 0) && ((a < 0) != (c < 0))));
        case '%': return i(((a % c) + c) % c);
        case '&': return i(a & c);
        case '|': return i(a | c);
        case '^': return i(a ^ c);
        case TK_LSHIFT: return i(c >= 0 && c < 64 ? a << c : 0);
        case TK_RSHIFT: return i(c >= 0 && c < 64 ? a >> c : (a < 0 ? -1 : 0));
        default: break;
      }
    }
    const double a = l.isInt() ? double(l.toInt()) : l.toDouble(), c = r.isInt() ? double(r.toInt()) : r.toDouble();
    auto f = [](double x) { return std::pair<IValue, TypePtr>{IValue(x), FloatType::get()}; };
    switch (k) {
      case '+': return f(a + c);
      case '-': return f(a - c);
      case '*': return f(a * c);
      case '/':
        if (c == 0) throw ErrorReport(e.range()) << "division by zero";
        return f(a / c);
      case TK_POW: return f(std::pow(a, c));
      case TK_FLOOR_DIV:
        if (c == 0) throw ErrorReport(e.range()) << "division by zero";
        return f(std::floor(a / c));
      default: break;
    }
    return unsupported();
  }

  TypePtr lookupVarType(const std::string& name) { return env_.lookupType(name); }
  void setVar(const std::string& name, Value* v, TypePtr declared, const SourceRange& r) {
    env_.set(name, v, std::move(declared), r);
  }
  Value* readVar(const std::string& name, const SourceRange& r) { return env_.read(name, r); }

  // Statements --------------------------------------------------------------------

  void emitStatements(const List<Stmt>& stmts) {
    for (const Stmt& s : stmts) {
      if (env_.exited()) break;  // unreachable
      emitStatement(s);
    }
  }

  void emitStatement(const Stmt& s) {
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
  // the body, then prim::Exit in reverse order. torch.no_grad() and
  // torch.enable_grad() are no-ops here (inference only).
  void emitWith(const With& w) {
    std::vector<Value*> entered;
    for (const WithItem& item : w.targets()) {
      std::string t(item.target().range().text());
      if (t == "torch.no_grad()" || t == "torch.enable_grad()") continue;
      Value* obj = emitExpr(item.target());
      ClassInfo* ci = sh_.classOf(obj->type());
      if (!ci)
        throw ErrorReport(item.range()) << "with statements are only supported for torch.no_grad() and objects of "
                                           "classes that define __enter__ and __exit__, not "
                                        << obj->type()->annotationStr();
      GraphFunction* enter = compileMethod(*ci, "__enter__", item.range());
      GraphFunction* exit = compileMethod(*ci, "__exit__", item.range());
      if (!enter || !exit)
        throw ErrorReport(item.range()) << "class '" << ci->type->name() << "' must define both __enter__ and __exit__"
                                        << " to be used in a with statement";
      if (enter->schema().arguments.size() != 1 || exit->schema().arguments.size() != 4)
        throw ErrorReport(item.range()) << "__enter__ must take only self and __exit__ must take self and three "
                                           "arguments (exc_type, exc_value, traceback)";
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
  void emitExits(const std::vector<Value*>& objs, const SourceRange& r) {
    for (auto it = objs.rbegin(); it != objs.rend(); ++it) {
      GraphFunction* exit = compileMethod(*sh_.classOf((*it)->type()), "__exit__", r);
      Node* n = g().create(prim::Exit, {*it}, 1);
      n->output()->setType(exit->schema().returns.at(0).type);
      n->setSourceRange(r);
      g().insertNode(n);
    }
  }

  // return leaves every enclosing with block; break and continue leave
  // those opened inside the innermost loop. Their __exit__ runs first.
  void emitExitsForEarlyExit(const SourceRange& r, bool isReturn) {
    for (auto it = withBlocks_.rbegin(); it != withBlocks_.rend(); ++it) {
      if (!isReturn && it->loopDepth != loopDepth_) break;
      emitExits(it->objects, r);
    }
  }

  struct WithSourceRange {
    WithSourceRange(FunctionEmitter* e, const SourceRange& r) : e_(e), prev_(e->curRange_) { e->curRange_ = r; }
    ~WithSourceRange() { e_->curRange_ = prev_; }
    FunctionEmitter* e_;
    SourceRange prev_;
  };

  void emitReturn(const Return& r) {
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
  // (returns, annotated assignments): numbers/tensors to float or int, and
  // tuples element by element.
  Value* convertTo(Value* v, const TypePtr& want, const SourceRange& r) {
    if (v->type()->isSubtypeOf(*want)) return v;
    TypeKind have = v->type()->kind();
    bool numeric = have == TypeKind::NumberType || have == TypeKind::TensorType;
    if (numeric && want->kind() == TypeKind::FloatType)
      return callBuiltin(have == TypeKind::TensorType ? "aten::FloatImplicit" : "aten::Float", {v}, {}, r);
    if (numeric && want->kind() == TypeKind::IntType)
      return callBuiltin(have == TypeKind::TensorType ? "aten::IntImplicit" : "aten::Int", {v}, {}, r);
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

  void emitRaise(const Raise& r) {
    std::string cls = "builtins.Exception";
    Value* msg = nullptr;
    if (r.expr().present()) {
      Expr e = r.expr().get();
      if (e.kind() == TK_APPLY) {
        Apply a(e);
        if (a.callee().kind() == TK_VAR) cls = "builtins." + Var(a.callee()).name().name();
        if (!a.inputs().empty()) msg = emitExpr(a.inputs()[0]);
      } else if (e.kind() == TK_VAR) {
        cls = "builtins." + Var(e).name().name();
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

  void emitAssert(const Assert& a) {
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

  void emitDelete(const Delete& d) {
    for (const Expr& t : d.targets()) {
      if (t.kind() == TK_SUBSCRIPT) {
        Subscript s(t);
        Value* base = emitExpr(s.value());
        Value* idx = emitExpr(s.subscriptExprs()[0]);
        callBuiltin("aten::Delete", {base, idx}, {}, t.range());
      } else if (t.kind() == TK_VAR) {
        env_.remove(Var(t).name().name());
      } else {
        throw ErrorReport(t.range()) << "del only supports variables and subscripts";
      }
    }
  }

  void emitAssign(const Assign& a) {
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

  // fork(closure) -----------------------------------------------------------------

  // Names the closure reads and the ones it assigns (which are its own).
  static void collectNames(const TreeRef& t, std::set<std::string>& used, std::set<std::string>& assigned) {
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

  Value* forkClosure(const Def& closure, const SourceRange& r) override {
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
  static bool isCallableName(const SugaredValue& sv) {
    return dynamic_cast<const FunctionValue*>(&sv) || dynamic_cast<const ClassValue*>(&sv) ||
           dynamic_cast<const CompiledFunctionValue*>(&sv) || dynamic_cast<const NamedTupleConstructor*>(&sv);
  }

  void assignTo(const Expr& lhs, Value* v, TypePtr declared, const SourceRange& r) {
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

  std::vector<Value*> unpack(Value* v, size_t n, const SourceRange& r) {
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

  static const char* augOpName(int k) {
    switch (k) {
      case '+': return "add";
      case '-': return "sub";
      case '*': return "mul";
      case '/': return "div";
      case '%': return "remainder";
      case TK_FLOOR_DIV: return "floordiv";
      case TK_POW: return "pow";
      case '&': return "__and__";
      case '|': return "__or__";
      case '^': return "__xor__";
      case TK_LSHIFT: return "__lshift__";
      case TK_RSHIFT: return "__rshift__";
      case '@': return "matmul";
      default: return nullptr;
    }
  }

  void emitAugAssign(const AugAssign& a) {
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

  // Refinement: (variable, type in the branch) pairs implied by a condition.
  using Refinements = std::vector<std::pair<std::string, TypePtr>>;

  Refinements refinementsOf(const Expr& cond, bool whenTrue) {
    Refinements out;
    int k = cond.kind();
    if ((k == TK_IS || k == TK_IS_NOT) && BinOp(cond).lhs().kind() == TK_VAR &&
        BinOp(cond).rhs().kind() == TK_NONE) {
      const std::string& name = Var(BinOp(cond).lhs()).name().name();
      TypePtr t = lookupVarType(name);
      bool notNone = (k == TK_IS_NOT) == whenTrue;
      if (t && t->kind() == TypeKind::OptionalType) {
        if (notNone) out.emplace_back(name, t->expect<OptionalType>().elementType());
        else out.emplace_back(name, NoneType::get());
      } else if (t && t->kind() == TypeKind::UnionType) {
        // Union[int, float, None] is Union[int, float] where it is not None.
        std::vector<TypePtr> rest;
        for (const auto& m : t->expect<UnionType>().members())
          if (m->kind() != TypeKind::NoneType) rest.push_back(m);
        if (rest.size() != t->expect<UnionType>().members().size()) {
          if (!notNone) out.emplace_back(name, NoneType::get());
          else out.emplace_back(name, rest.size() == 1 ? rest[0] : UnionType::create(rest));
        }
      }
    } else if (k == TK_AND && whenTrue) {
      auto a = refinementsOf(BinOp(cond).lhs(), true), b = refinementsOf(BinOp(cond).rhs(), true);
      out = a;
      out.insert(out.end(), b.begin(), b.end());
    } else if (k == TK_OR && !whenTrue) {
      auto a = refinementsOf(BinOp(cond).lhs(), false), b = refinementsOf(BinOp(cond).rhs(), false);
      out = a;
      out.insert(out.end(), b.begin(), b.end());
    } else if (k == TK_NOT) {
      return refinementsOf(UnaryOp(cond).operand(), !whenTrue);
    } else if (k == TK_APPLY && Apply(cond).callee().range().text().find("isinstance") != std::string_view::npos &&
               Apply(cond).inputs().size() == 2 && Apply(cond).inputs()[0].kind() == TK_VAR) {
      const std::string& name = Var(Apply(cond).inputs()[0]).name().name();
      TypePtr t = lookupVarType(name);
      if (!t) return out;
      Expr te = Apply(cond).inputs()[1];
      std::vector<TypePtr> types;
      if (te.kind() == TK_TUPLE_LITERAL) {
        for (const Expr& x : TupleLiteral(te).inputs()) types.push_back(parseTypeExpr(sh_, x));
      } else {
        types.push_back(parseTypeExpr(sh_, te));
      }
      std::vector<TypePtr> members;
      if (t->kind() == TypeKind::UnionType) members = t->expect<UnionType>().members();
      else if (t->kind() == TypeKind::OptionalType) members = {t->expect<OptionalType>().elementType(), NoneType::get()};
      else members = {t};
      std::vector<TypePtr> keep;
      for (const auto& m : members) {
        bool isT = false;
        for (const auto& ty : types) isT = isT || m->isSubtypeOf(*ty);
        if (isT == whenTrue) keep.push_back(m);
      }
      if (whenTrue && keep.empty()) {
        for (const auto& ty : types)
          if (ty->isSubtypeOf(*t)) keep.push_back(ty);
      }
      if (!keep.empty()) {
        TypePtr nt = keep.size() == 1 ? keep[0] : UnionType::create(keep);
        if (!nt->equals(*t)) out.emplace_back(name, nt);
      }
    }
    return out;
  }

  void applyRefinements(const Refinements& refs) {
    for (const auto& [name, t] : refs) {
      if (t->kind() == TypeKind::NoneType) continue;
      Value* v = readVar(name, curRange_);
      Node* c = g().create(prim::unchecked_cast, {v}, 1);
      c->output()->setType(t);
      g().insertNode(c);
      env_.refine(name, c->output(), t);
    }
  }

  void emitIf(const If& s) {
    Value* c = emitCond(s.cond());
    // A condition known now (isinstance, `is None` on a non-optional,
    // torch.jit.is_scripting(), a literal) emits only the branch it takes, as
    // PyTorch's metacompile does: the other may hold code that only type-checks
    // in Python.
    if (std::optional<bool> known = staticBool(c)) {
      applyRefinements(refinementsOf(s.cond(), *known));
      emitStatements(*known ? s.trueBranch() : s.falseBranch());
      return;
    }
    emitIfElse(c, s.cond(), s.trueBranch(), s.falseBranch(), s.range());
  }

  void emitIfElse(Value* c, const Expr& condExpr, const List<Stmt>& tb, const List<Stmt>& fb, const SourceRange& r) {
    Node* n = g().create(prim::If, {c}, 0);
    n->setSourceRange(r);
    g().insertNode(n);
    Frame ft, ff;
    for (int bi = 0; bi < 2; ++bi) {
      Block* b = n->addBlock();
      WithInsertPoint ip(b);
      env_.pushFrame();
      applyRefinements(refinementsOf(condExpr, bi == 0));
      emitStatements(bi == 0 ? tb : fb);
      (bi == 0 ? ft : ff) = env_.popFrame();
    }
    WithInsertPoint after(n->next());
    env_.mergeBranches(ft, ff);
    // `if x is None: return` refines x after the If.
    if (ft.exited && !ff.exited) applyRefinements(refinementsOf(condExpr, false));
    if (ff.exited && !ft.exited) applyRefinements(refinementsOf(condExpr, true));
  }

  // The value of a condition fixed at compile time: a bool constant, or `not` of one.
  static std::optional<bool> staticBool(Value* c) {
    const Node* n = c->node();
    if (n->kind() == prim::Constant) {
      std::optional<IValue> v = constantNodeValue(*n);
      if (v && v->isBool()) return v->toBool();
      return std::nullopt;
    }
    if (n->kind().toQualString() == "aten::__not__" && n->inputs().size() == 1)
      if (std::optional<bool> inner = staticBool(n->input(0))) return !*inner;
    return std::nullopt;
  }

  Value* emitCond(const Expr& e) {
    Value* v = emitExpr(e);
    return toBool(v, e.range());
  }

  Value* toBool(Value* v, const SourceRange& r) override {
    switch (v->type()->kind()) {
      case TypeKind::BoolType: return v;
      case TypeKind::IntType:
      case TypeKind::FloatType:
      case TypeKind::TensorType: return callBuiltin("aten::Bool", {v}, {}, r);
      case TypeKind::StringType:
      case TypeKind::ListType:
      case TypeKind::DictType: {
        Value* len = callBuiltin("aten::len", {v}, {}, r);
        return callBuiltin("aten::ne", {len, constant(g(), IValue(int64_t{0}))}, {}, r);
      }
      case TypeKind::OptionalType:
      case TypeKind::NoneType: return callBuiltin("aten::__isnot__", {v, constant(g(), IValue())}, {}, r);
      case TypeKind::ClassType: {
        // Python's truth test: __bool__, else __len__() != 0.
        if (Value* b = callMagic(v, "__bool__", {}, r)) return b;
        if (Value* n = callMagic(v, "__len__", {}, r))
          return callBuiltin("aten::ne", {n, constant(g(), IValue(int64_t{0}))}, {}, r);
        [[fallthrough]];
      }
      default: throw ErrorReport(r) << "Could not cast value of type " << v->type()->annotationStr() << " to bool";
    }
  }

  // Emits a loop whose body is produced by `body(index)`, with the loop
  // condition from `cond` (null: always true).
  template <typename BodyFn, typename CondFn>
  void emitLoop(Value* trip, Value* cond0, BodyFn body, CondFn cond, const SourceRange& r) {
    Node* loop = g().create(prim::Loop, {trip, cond0}, 0);
    loop->setSourceRange(r);
    g().insertNode(loop);
    Block* b = loop->addBlock();
    Value* idx = b->addInput();
    idx->setType(IntType::get());
    {
      WithInsertPoint ip(b);
      env_.pushFrame();
      ++loopDepth_;
      body(idx);
      --loopDepth_;
      env_.popFrame();
      Node* lc = g().create(loopCondSymbol(), 1);
      lc->output()->setType(BoolType::get());
      g().insertNode(lc);
      Block* cb = lc->addBlock();
      {
        WithInsertPoint cp(cb);
        cb->registerOutput(cond());
      }
      b->registerOutput(lc->output());
    }
  }

  void emitWhile(const While& w) {
    Value* c0 = emitCond(w.cond());
    Value* trip = constant(g(), IValue(std::numeric_limits<int64_t>::max()));
    emitLoop(trip, c0, [&](Value*) { emitStatements(w.body()); }, [&]() { return emitCond(w.cond()); }, w.range());
  }

  Iterable iterableOf(const Expr& e) { return emitSugared(e)->iter(e.range(), *this); }

  void emitFor(const For& f) {
    if (f.itrs().size() != 1) throw ErrorReport(f.range()) << "for loops take one iterable";
    Expr target = f.targets().size() == 1
                      ? f.targets()[0]
                      : Expr(TupleLiteral::create(f.targets().range(), f.targets()));
    Expr itExpr = f.itrs()[0];
    // A tuple is unrolled: its elements may have different types.
    if (itExpr.kind() != TK_APPLY) {
      Value* probe = nullptr;
      if (itExpr.kind() == TK_VAR) {
        TypePtr t = lookupVarType(Var(itExpr).name().name());
        if (t && t->kind() == TypeKind::TupleType) probe = emitExpr(itExpr);
      } else if (itExpr.kind() == TK_TUPLE_LITERAL) {
        probe = emitExpr(itExpr);
      }
      if (probe) return emitUnrolledFor(target, probe, f);
    }
    Iterable it = iterableOf(itExpr);
    Value* t = constant(g(), IValue(true));
    emitLoop(it.length, t,
             [&](Value* idx) {
               assignTo(target, it.element(idx), nullptr, f.range());
               emitStatements(f.body());
             },
             [&]() { return constant(g(), IValue(true)); }, f.range());
  }

  void emitUnrolledFor(const Expr& target, Value* tuple, const For& f) {
    const auto& elems = tuple->type()->expect<TupleType>().elements();
    Node* u = g().create(prim::TupleUnpack, {tuple}, 0);
    for (const auto& e : elems) u->addOutput()->setType(e);
    g().insertNode(u);
    // One single-trip loop per element keeps break/continue meaningful.
    for (Value* item : u->outputs()) {
      Value* one = constant(g(), IValue(int64_t{1}));
      emitLoop(one, constant(g(), IValue(true)),
               [&](Value*) {
                 assignTo(target, item, nullptr, f.range());
                 emitStatements(f.body());
               },
               [&]() { return constant(g(), IValue(true)); }, f.range());
    }
  }

  // Expressions ---------------------------------------------------------------------

  Value* makeTuple(const std::vector<Value*>& vs) override {
    Node* n = g().create(prim::TupleConstruct, vs, 1);
    std::vector<TypePtr> ts;
    for (Value* v : vs) ts.push_back(v->type());
    n->output()->setType(TupleType::create(ts));
    return g().insertNode(n)->output();
  }

  Value* emitExpr(const Expr& e, const TypePtr& hint = nullptr) override {
    return emitSugared(e, hint)->asValue(e.range(), *this);
  }

  static SugaredValuePtr value(Value* v) { return std::make_shared<SimpleValue>(v); }

  SugaredValuePtr emitSugared(const Expr& e, const TypePtr& hint = nullptr) override {
    WithSourceRange wr(this, e.range());
    SourceRange r = e.range();
    switch (e.kind()) {
      case TK_CONST: {
        Const c(e);
        if (c.isFloatingPoint()) return value(constant(g(), IValue(c.asFloatingPoint()), r));
        return value(constant(g(), IValue(c.asIntegral()), r));
      }
      case TK_TRUE: return value(constant(g(), IValue(true), r));
      case TK_FALSE: return value(constant(g(), IValue(false), r));
      case TK_NONE: return value(constant(g(), IValue(), r));
      case TK_STRINGLITERAL: return value(constant(g(), IValue(StringLiteral(e).text()), r));
      case TK_VAR: return emitVar(Var(e));
      case '.': {
        Select s(e);
        if (SugaredValuePtr local = ownQualifiedName(s)) return local;
        return emitSugared(s.value())->attr(r, *this, s.selector().name());
      }
      case TK_APPLY: return emitApply(Apply(e), hint);
      case TK_SUBSCRIPT: return value(emitSubscript(Subscript(e)));
      case TK_LIST_LITERAL: return value(emitListLiteral(ListLiteral(e), hint));
      case TK_TUPLE_LITERAL: {
        std::vector<Value*> vs;
        const TupleType* th = hint && hint->kind() == TypeKind::TupleType ? &hint->expect<TupleType>() : nullptr;
        size_t i = 0;
        for (const Expr& x : TupleLiteral(e).inputs()) {
          TypePtr h = th && i < th->elements().size() ? th->elements()[i] : nullptr;
          vs.push_back(emitExpr(x, h));
          ++i;
        }
        return value(makeTuple(vs));
      }
      case TK_DICT_LITERAL: return value(emitDictLiteral(DictLiteral(e), hint));
      case TK_IF_EXPR: return value(emitTernary(TernaryIf(e), hint));
      case TK_CMP_CHAIN: return value(emitCmpChain(CmpChain(e)));
      case TK_LIST_COMP: return value(emitListComp(ListComp(e)));
      case TK_DICT_COMP: return value(emitDictComp(DictComp(e)));
      case TK_LAMBDA: throw ErrorReport(r) << "Lambda is not supported";
      default: break;
    }
    if (UnaryOp::isUnaryOpKind(e.kind())) return value(emitUnary(UnaryOp(e)));
    if (BinOp::isBinOpKind(e.kind())) return value(emitBinOp(BinOp(e)));
    throw ErrorReport(r) << "this expression is not supported in TorchScript";
  }

  // A name: a variable, a definition of the file, else the resolver's.
  SugaredValuePtr emitVar(const Var& v) {
    const std::string& name = v.name().name();
    if (Value* val = readVar(name, v.range())) return value(val);
    if (const std::string* why = env_.undefinedReason(name)) throw ErrorReport(v.range()) << *why;
    if (auto it = sugaredVars_.find(name); it != sugaredVars_.end()) return it->second;
    if (SugaredValuePtr sv = fileDefinition(name)) return sv;
    if (SugaredValuePtr sv = sh_.resolver->resolveValue(name, v.range())) return sv;
    throw ErrorReport(v.range()) << "undefined value " << name;
  }

  // A function, NamedTuple, class or Enum of this file, or nullptr.
  SugaredValuePtr fileDefinition(const std::string& name) {
    if (sh_.defs.count(name)) return std::make_shared<FunctionValue>(name);
    if (auto it = sh_.namedTuples.find(name); it != sh_.namedTuples.end())
      return std::make_shared<NamedTupleConstructor>(name, it->second);
    if (auto it = sh_.classes.find(name); it != sh_.classes.end()) return std::make_shared<ClassValue>(it->second.type, &it->second);
    if (auto it = sh_.enums.find(name); it != sh_.enums.end()) return std::make_shared<EnumClassValue>(it->second);
    return nullptr;
  }

  // A definition of this file named by its qualified name
  // (`__torch__.torch.nn.functional._pad` inside that file, as archives
  // spell it), or nullptr.
  SugaredValuePtr ownQualifiedName(const Select& s) {
    std::string dotted;
    Expr base = s.value();
    std::vector<std::string> parts;
    while (base.kind() == '.') {
      parts.push_back(Select(base).selector().name());
      base = Select(base).value();
    }
    if (base.kind() != TK_VAR || isVariable(Var(base).name().name())) return nullptr;
    dotted = Var(base).name().name();
    for (auto it = parts.rbegin(); it != parts.rend(); ++it) dotted += "." + *it;
    if (dotted != sh_.qualifier) return nullptr;
    return fileDefinition(s.selector().name());
  }

  Value* tupleIndex(Value* t, int64_t i, const SourceRange& r) override {
    const auto& elems = t->type()->expect<TupleType>().elements();
    int64_t n = static_cast<int64_t>(elems.size());
    if (i < 0) i += n;
    if (i < 0 || i >= n) throw ErrorReport(r) << "Tuple index out of range. Tuple is length " << n << " and index is " << i;
    Node* node = g().create(prim::TupleIndex, {t, constant(g(), IValue(i))}, 1);
    node->output()->setType(elems[static_cast<size_t>(i)]);
    return g().insertNode(node)->output();
  }

  std::optional<int64_t> constInt(const Expr& e) {
    if (e.kind() == TK_CONST && Const(e).isIntegral()) return Const(e).asIntegral();
    if (e.kind() == TK_UNARY_MINUS) {
      auto v = constInt(UnaryOp(e).operand());
      if (v) return -*v;
    }
    return std::nullopt;
  }

  Value* emitSubscript(const Subscript& s) {
    Value* base = emitExpr(s.value());
    List<Expr> subs = s.subscriptExprs();
    SourceRange r = s.range();
    const TypePtr& t = base->type();
    if (t->kind() == TypeKind::TensorType) return emitTensorIndexing(*this, base, subs, r);
    if (subs.size() != 1) throw ErrorReport(r) << "multiple subscripts are only supported for tensors";
    if (t->kind() == TypeKind::ClassType)
      return requireMagic(base, "__getitem__", {emitExpr(subs[0])}, r, "indexing");
    Expr idx = subs[0];
    if (idx.kind() == TK_SLICE_EXPR) {
      SliceExpr se(idx);
      auto opt = [&](const Maybe<Expr>& m) { return m.present() ? emitExpr(m.get()) : constant(g(), IValue()); };
      Value* start = opt(se.start());
      Value* end = opt(se.end());
      Value* step = se.step().present() ? emitExpr(se.step().get()) : constant(g(), IValue(int64_t{1}));
      if (t->kind() == TypeKind::TupleType) {
        auto a = constInt(se.start().present() ? se.start().get() : idx), b = constInt(se.end().present() ? se.end().get() : idx);
        const auto& elems = t->expect<TupleType>().elements();
        int64_t n = static_cast<int64_t>(elems.size());
        auto st = se.step().present() ? constInt(se.step().get()) : std::optional<int64_t>(1);
        if ((se.start().present() && !a) || (se.end().present() && !b) || !st || *st == 0)
          throw ErrorReport(r) << "tuple slices must use constant integers";
        int64_t step = *st;
        auto norm = [n](int64_t x) { return x < 0 ? x + n : x; };
        std::vector<Value*> parts;
        if (step > 0) {
          int64_t lo = se.start().present() ? std::clamp<int64_t>(norm(*a), 0, n) : 0;
          int64_t hi = se.end().present() ? std::clamp<int64_t>(norm(*b), 0, n) : n;
          for (int64_t i = lo; i < hi; i += step) parts.push_back(tupleIndex(base, i, r));
        } else {
          int64_t lo = se.start().present() ? std::clamp<int64_t>(norm(*a), -1, n - 1) : n - 1;
          int64_t hi = se.end().present() ? std::clamp<int64_t>(norm(*b), -1, n - 1) : -1;
          for (int64_t i = lo; i > hi; i += step) parts.push_back(tupleIndex(base, i, r));
        }
        return makeTuple(parts);
      }
      return callBuiltin("aten::slice", {base, start, end, step}, {}, r);
    }
    if (t->kind() == TypeKind::TupleType) {
      auto c = constInt(idx);
      if (c) return tupleIndex(base, *c, r);
      Value* iv = emitExpr(idx);
      const auto& elems = t->expect<TupleType>().elements();
      TypePtr u = elems.empty() ? nullptr : elems[0];
      for (const auto& el : elems) {
        auto uu = u ? unifyTypes(u, el) : std::nullopt;
        if (!uu) throw ErrorReport(r) << "tuple indices must be constants unless all elements have one type";
        u = *uu;
      }
      Node* node = g().create(prim::TupleIndex, {base, iv}, 1);
      node->output()->setType(u);
      return g().insertNode(node)->output();
    }
    Value* iv = emitExpr(idx);
    return callBuiltin("aten::__getitem__", {base, iv}, {}, r);
  }

  Value* emitListLiteral(const ListLiteral& l, const TypePtr& hint) {
    TypePtr elemHint;
    if (hint) {
      TypePtr h = unwrapOptional(hint);
      if (h->kind() == TypeKind::ListType) elemHint = h->expect<ListType>().elementType();
    }
    std::vector<Value*> vs;
    for (const Expr& x : l.inputs()) vs.push_back(emitExpr(x, elemHint));
    TypePtr elem = elemHint;
    if (!elem) {
      if (vs.empty()) {
        elem = TensorType::get();
      } else {
        elem = vs[0]->type();
        for (Value* v : vs) {
          auto u = unifyTypes(elem, v->type());
          if (!u)
            throw ErrorReport(l.range()) << "Lists must contain only a single type, expected: "
                                         << elem->annotationStr() << " but found " << v->type()->annotationStr()
                                         << " instead";
          elem = *u;
        }
      }
    }
    for (Value* v : vs)
      if (!v->type()->isSubtypeOf(*elem))
        throw ErrorReport(l.range()) << "List type annotation `List[" << elem->annotationStr()
                                     << "]` did not match the types of the given list elements";
    Node* n = g().create(prim::ListConstruct, vs, 1);
    n->output()->setType(ListType::create(elem));
    return g().insertNode(n)->output();
  }

  Value* emitDictLiteral(const DictLiteral& d, const TypePtr& hint) {
    TypePtr kh, vh;
    if (hint && unwrapOptional(hint)->kind() == TypeKind::DictType) {
      kh = unwrapOptional(hint)->expect<DictType>().keyType();
      vh = unwrapOptional(hint)->expect<DictType>().valueType();
    }
    std::vector<Value*> ins;
    TypePtr kt = kh, vt = vh;
    auto keys = d.keyInputs().vec();
    auto vals = d.valueInputs().vec();
    for (size_t i = 0; i < keys.size(); ++i) {
      Value* k = emitExpr(keys[i], kh);
      Value* v = emitExpr(vals[i], vh);
      if (!kh) {
        if (!kt) kt = k->type();
        else if (auto u = unifyTypes(kt, k->type())) kt = *u;
        else throw ErrorReport(keys[i].range()) << "Dict keys must contain only a single type";
      }
      if (!vh) {
        if (!vt) vt = v->type();
        else if (auto u = unifyTypes(vt, v->type())) vt = *u;
        else throw ErrorReport(vals[i].range()) << "Dict values must contain only a single type, expected: "
                                                << vt->annotationStr() << " but found " << v->type()->annotationStr();
      }
      ins.push_back(k);
      ins.push_back(v);
    }
    if (!kt) kt = StringType::get();
    if (!vt) vt = TensorType::get();
    switch (kt->kind()) {
      case TypeKind::StringType:
      case TypeKind::IntType:
      case TypeKind::FloatType:
      case TypeKind::BoolType:
      case TypeKind::TensorType:
      case TypeKind::ComplexType: break;
      default: throw ErrorReport(d.range()) << "Dict keys must be str, int, float, complex, bool or Tensor, not "
                                            << kt->annotationStr();
    }
    Node* n = g().create(prim::DictConstruct, ins, 1);
    n->output()->setType(DictType::create(kt, vt));
    return g().insertNode(n)->output();
  }

  // cond ? a : b as an If with one output each way.
  Value* emitTernary(const TernaryIf& t, const TypePtr& hint) {
    Value* c = emitCond(t.cond());
    Node* n = g().create(prim::If, {c}, 1);
    g().insertNode(n);
    Value* outs[2];
    for (int bi = 0; bi < 2; ++bi) {
      Block* b = n->addBlock();
      WithInsertPoint ip(b);
      env_.pushFrame();
      applyRefinements(refinementsOf(t.cond(), bi == 0));
      outs[bi] = emitExpr(bi == 0 ? t.trueExpr() : t.falseExpr(), hint);
      env_.popFrame();
      b->registerOutput(outs[bi]);
    }
    auto u = unifyTypes(outs[0]->type(), outs[1]->type());
    if (!u)
      throw ErrorReport(t.range()) << "if-expression's true branch has type " << outs[0]->type()->annotationStr()
                                   << " but false branch has type " << outs[1]->type()->annotationStr();
    n->output()->setType(*u);
    return n->output();
  }

  Value* emitShortCircuit(const BinOp& b) {
    bool isAnd = b.kind() == TK_AND;
    Value* l = emitCond(b.lhs());
    Node* n = g().create(prim::If, {l}, 1);
    n->output()->setType(BoolType::get());
    g().insertNode(n);
    for (int bi = 0; bi < 2; ++bi) {
      Block* blk = n->addBlock();
      WithInsertPoint ip(blk);
      env_.pushFrame();
      bool evalRhs = isAnd ? bi == 0 : bi == 1;
      if (evalRhs) {
        applyRefinements(refinementsOf(b.lhs(), bi == 0));
        blk->registerOutput(emitCond(b.rhs()));
      } else {
        blk->registerOutput(constant(g(), IValue(!isAnd)));
      }
      env_.popFrame();
    }
    return n->output();
  }

  static const char* binOpName(int k) {
    switch (k) {
      case '+': return "aten::add";
      case '-': return "aten::sub";
      case '*': return "aten::mul";
      case '/': return "aten::div";
      case '%': return "aten::remainder";
      case TK_FLOOR_DIV: return "aten::floordiv";
      case TK_POW: return "aten::pow";
      case '@': return "aten::matmul";
      case TK_LSHIFT: return "aten::__lshift__";
      case TK_RSHIFT: return "aten::__rshift__";
      case '&': return "aten::__and__";
      case '|': return "aten::__or__";
      case '^': return "aten::__xor__";
      case TK_EQ: return "aten::eq";
      case TK_NE: return "aten::ne";
      case '<': return "aten::lt";
      case TK_LE: return "aten::le";
      case '>': return "aten::gt";
      case TK_GE: return "aten::ge";
      case TK_IS: return "aten::__is__";
      case TK_IS_NOT: return "aten::__isnot__";
      default: return nullptr;
    }
  }

  // The method a class defines for operator k (a + b -> a.__add__(b)).
  static std::string magicName(int k) {
    switch (k) {
      case '+': return "__add__";
      case '-': return "__sub__";
      case '*': return "__mul__";
      case '/': return "__truediv__";
      case '%': return "__mod__";
      case TK_FLOOR_DIV: return "__floordiv__";
      case TK_POW: return "__pow__";
      case '@': return "__matmul__";
      case TK_LSHIFT: return "__lshift__";
      case TK_RSHIFT: return "__rshift__";
      case '&': return "__and__";
      case '|': return "__or__";
      case '^': return "__xor__";
      case TK_EQ: return "__eq__";
      case TK_NE: return "__ne__";
      case '<': return "__lt__";
      case TK_LE: return "__le__";
      case '>': return "__gt__";
      case TK_GE: return "__ge__";
      default: return "";
    }
  }

  Value* emitCompare(int k, Value* l, Value* r, const SourceRange& range) {
    if (k == TK_IN || k == TK_NOT_IN) {
      Value* c;
      if (r->type()->kind() == TypeKind::ClassType) {
        c = requireMagic(r, "__contains__", {l}, range, "'in'");
      } else if (r->type()->kind() == TypeKind::StringType) {
        // substring test: s.find(sub) != -1
        Value* pos = callBuiltin("aten::find", {r, l}, {}, range);
        c = callBuiltin("aten::ne", {pos, constant(g(), IValue(int64_t{-1}))}, {}, range);
      } else {
        c = callBuiltin("aten::__contains__", {r, l}, {}, range);
      }
      return k == TK_IN ? c : callBuiltin("aten::__not__", {c}, {}, range);
    }
    if ((k == TK_IS || k == TK_IS_NOT) && (l->type()->kind() == TypeKind::NoneType || r->type()->kind() == TypeKind::NoneType)) {
      // Static answer when one side cannot be None.
      Value* other = l->type()->kind() == TypeKind::NoneType ? r : l;
      TypeKind ok = other->type()->kind();
      if (ok != TypeKind::OptionalType && ok != TypeKind::NoneType && ok != TypeKind::AnyType &&
          ok != TypeKind::UnionType)
        return constant(g(), IValue(k == TK_IS_NOT));
      // ... and when both are None.
      if (l->type()->kind() == TypeKind::NoneType && r->type()->kind() == TypeKind::NoneType)
        return constant(g(), IValue(k == TK_IS));
    }
    if (l->type()->kind() == TypeKind::ClassType && k != TK_IS && k != TK_IS_NOT)
      return requireMagic(l, magicName(k), {r}, range, "this comparison");
    // Number op Tensor compares the tensor first, with the mirrored op (2 < t is t > 2).
    if (l->type()->isSubtypeOf(*NumberType::get()) && r->type()->kind() == TypeKind::TensorType) {
      const int mirrored = k == '<' ? '>' : k == '>' ? '<' : k == TK_LE ? TK_GE : k == TK_GE ? TK_LE : k;
      if (mirrored == '<' || mirrored == '>' || mirrored == TK_LE || mirrored == TK_GE || mirrored == TK_EQ ||
          mirrored == TK_NE)
        return callBuiltin(binOpName(mirrored), {r, l}, {}, range);
    }
    return callBuiltin(binOpName(k), {l, r}, {}, range);
  }

  Value* emitBinOp(const BinOp& b) {
    int k = b.kind();
    if (k == TK_AND || k == TK_OR) return emitShortCircuit(b);
    Value* l = emitExpr(b.lhs());
    Value* r = emitExpr(b.rhs());
    if (BinOp::isComparisonKind(k)) return emitCompare(k, l, r, b.range());
    const char* name = binOpName(k);
    if (!name) throw ErrorReport(b.range()) << "unsupported binary operator";
    if (l->type()->kind() == TypeKind::ClassType)
      return requireMagic(l, magicName(k), {r}, b.range(), "this operator");
    // Tuples and lists concatenate / compare through their own ops.
    if (k == '+' && l->type()->kind() == TypeKind::TupleType && r->type()->kind() == TypeKind::TupleType) {
      std::vector<Value*> parts;
      for (size_t i = 0; i < l->type()->expect<TupleType>().elements().size(); ++i) parts.push_back(tupleIndex(l, int64_t(i), b.range()));
      for (size_t i = 0; i < r->type()->expect<TupleType>().elements().size(); ++i) parts.push_back(tupleIndex(r, int64_t(i), b.range()));
      return makeTuple(parts);
    }
    bool anyTensor = l->type()->kind() == TypeKind::TensorType || r->type()->kind() == TypeKind::TensorType;
    if (k == TK_FLOOR_DIV && anyTensor) name = "aten::floor_divide";
    if (k == '%' && l->type()->kind() == TypeKind::StringType) return callBuiltin("aten::percentFormat", {l, r}, {}, b.range());
    // Number op Tensor: the tensor overloads take the tensor first.
    bool lNum = l->type()->isSubtypeOf(*NumberType::get()) || l->type()->kind() == TypeKind::BoolType;
    // As in PyTorch (its Number.__r*__ methods): n - t is -t + n and n / t is
    // reciprocal(t) * n; ** and % have Scalar-first overloads of their own.
    if (lNum && r->type()->kind() == TypeKind::TensorType) {
      if (k == '+' || k == '*') return callBuiltin(name, {r, l}, {}, b.range());
      if (k == '-') return callBuiltin("aten::add", {callBuiltin("aten::neg", {r}, {}, b.range()), l}, {}, b.range());
      if (k == '/') return callBuiltin("aten::mul", {callBuiltin("aten::reciprocal", {r}, {}, b.range()), l}, {}, b.range());
    }
    return callBuiltin(name, {l, r}, {}, b.range());
  }

  Value* emitCmpChain(const CmpChain& c) {
    std::vector<Expr> ops = c.operands().vec();
    Value* lhs = emitExpr(ops[0]);
    Value* result = nullptr;
    // a < b < c  ->  (a < b) and (b < c), each operand evaluated once; the
    // later comparisons are guarded so they run only while the chain holds.
    std::vector<Node*> opened;
    for (size_t i = 0; i < c.numOps(); ++i) {
      Value* rhs = emitExpr(ops[i + 1]);
      Value* cmp = emitCompare(c.opKind(i), lhs, rhs, c.range());
      if (i + 1 == c.numOps()) {
        result = cmp;
        break;
      }
      Node* n = g().create(prim::If, {cmp}, 1);
      n->output()->setType(BoolType::get());
      g().insertNode(n);
      Block* t = n->addBlock();
      Block* f = n->addBlock();
      {
        WithInsertPoint ip(f);
        f->registerOutput(constant(g(), IValue(false)));
      }
      opened.push_back(n);
      g().setInsertPoint(t);
      lhs = rhs;
    }
    for (auto it = opened.rbegin(); it != opened.rend(); ++it) {
      Node* n = *it;
      n->blocks()[0]->registerOutput(result);
      result = n->output();
      g().setInsertPoint(n->next());
    }
    return result;
  }

  Value* emitUnary(const UnaryOp& u) {
    if (u.kind() == TK_NOT) return callBuiltin("aten::__not__", {emitCond(u.operand())}, {}, u.range());
    Value* v = emitExpr(u.operand());
    if (v->type()->kind() == TypeKind::ClassType) {
      const char* m = u.kind() == TK_UNARY_MINUS ? "__neg__" : u.kind() == TK_UNARY_PLUS ? "__pos__" : "__invert__";
      return requireMagic(v, m, {}, u.range(), "this unary operator");
    }
    if (u.kind() == TK_UNARY_PLUS) return v;
    if (u.kind() == TK_UNARY_MINUS) {
      if (v->node()->kind() == prim::Constant) {
        auto c = constantNodeValue(*v->node());
        if (c && c->isInt()) return constant(g(), IValue(-c->toInt()));
        if (c && c->isDouble()) return constant(g(), IValue(-c->toDouble()));
      }
      return callBuiltin("aten::neg", {v}, {}, u.range());
    }
    if (v->type()->kind() == TypeKind::TensorType) return callBuiltin("aten::bitwise_not", {v}, {}, u.range());
    return callBuiltin("aten::__invert__", {v}, {}, u.range());
  }

  // Comprehensions: a loop appending to a fresh list / dict.
  Value* emitListComp(const ListComp& lc) {
    // Type the list by emitting the element once in a throwaway loop body is
    // costly; instead emit the loop, then fix the list type from the element.
    Node* ln = g().create(prim::ListConstruct, {}, 1);
    ln->output()->setType(ListType::ofTensors());
    g().insertNode(ln);
    Value* list = ln->output();
    Iterable it = iterableOf(lc.iter());
    TypePtr elemType;
    emitLoop(it.length, constant(g(), IValue(true)),
             [&](Value* idx) {
               assignTo(lc.target(), it.element(idx), nullptr, lc.range());
               auto body = [&]() {
                 Value* el = emitExpr(lc.elt());
                 elemType = el->type();
                 list->setType(ListType::create(elemType));
                 callBuiltin("aten::append", {list, el}, {}, lc.range());
               };
               emitFiltered(lc.cond(), body);
             },
             [&]() { return constant(g(), IValue(true)); }, lc.range());
    return list;
  }

  // A comprehension's element: `body` runs under the optional `if` filter.
  template <typename MaybeCond, typename Body>
  void emitFiltered(const MaybeCond& cond, const Body& body) {
    if (!cond.present()) {
      body();
      return;
    }
    Value* c = emitCond(cond.get());
    Node* n = g().create(prim::If, {c}, 0);
    g().insertNode(n);
    Block* t = n->addBlock();
    n->addBlock();
    WithInsertPoint ip(t);
    env_.pushFrame();
    body();
    env_.popFrame();
  }

  Value* emitDictComp(const DictComp& dc) {
    Node* dn = g().create(prim::DictConstruct, {}, 1);
    dn->output()->setType(DictType::create(StringType::get(), TensorType::get()));
    g().insertNode(dn);
    Value* dict = dn->output();
    Iterable it = iterableOf(dc.iter());
    emitLoop(it.length, constant(g(), IValue(true)),
             [&](Value* idx) {
               assignTo(dc.target(), it.element(idx), nullptr, dc.range());
               auto body = [&]() {
                 Value* k = emitExpr(dc.key());
                 Value* v = emitExpr(dc.value());
                 dict->setType(DictType::create(k->type(), v->type()));
                 callBuiltin("aten::_set_item", {dict, k, v}, {}, dc.range());
               };
               emitFiltered(dc.cond(), body);
             },
             [&]() { return constant(g(), IValue(true)); }, dc.range());
    return dict;
  }

  // Calls ----------------------------------------------------------------------------

  Value* callBuiltin(const std::string& qualName, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                     const SourceRange& r) override {
    auto ops = globalOperatorRegistry().lookup(qualName);
    if (ops.empty()) throw ErrorReport(r) << "Unknown builtin op: " << qualName;
    std::vector<const FunctionSchema*> schemas;
    for (const Operator* op : ops) schemas.push_back(&op->schema());
    auto res = matchSchemas(schemas, g(), r, args, kwargs);
    if (!res.match) throw ErrorReport(r) << res.error;
    Node* n = emitMatchedNode(g(), Symbol::fromQualString(qualName), *res.match, r);
    if (n->outputs().size() == 1) return n->output();
    if (n->outputs().empty()) return constant(g(), IValue());
    // Named returns ("-> (Tensor values, Tensor indices)") make the tuple's
    // fields readable by name, torch.max(x, 1).values, as in TorchScript: a
    // tuple type with field names and no class name, a subtype of the
    // plain tuple.
    const auto& returns = res.match->schema->returns;
    const bool named = std::all_of(returns.begin(), returns.end(), [](const auto& a) { return !a.name.empty(); });
    if (!named) return makeTuple(n->outputs());
    std::vector<TypePtr> ts;
    std::vector<std::string> names;
    for (size_t i = 0; i < returns.size(); ++i) {
      ts.push_back(n->outputs()[i]->type());
      names.push_back(returns[i].name);
    }
    Node* t = g().create(prim::TupleConstruct, n->outputs(), 1);
    t->output()->setType(std::make_shared<TupleType>(std::move(ts), std::nullopt, std::move(names)));
    return g().insertNode(t)->output();
  }

  SugaredValuePtr emitApply(const Apply& a, const TypePtr& hint) {
    SugaredValuePtr callee = emitSugared(a.callee());
    CallArgs args(*this, a.inputs().vec(), a.attributes().vec(), hint);
    return callee->call(a.range(), *this, args);
  }

  // Objects of user classes ------------------------------------------------------

  // The definition of a class whose methods may still need compiling: of
  // this file, or of an archive file whose bodies are deferred; {.., null}
  // for a class compiled before (its methods are on its type).
  std::pair<UnitDefinitions*, ClassInfo*> classDefinition(const TypePtr& t) {
    if (t->kind() != TypeKind::ClassType) return {nullptr, nullptr};
    if (ClassInfo* ci = sh_.classOf(t)) return {&sh_, ci};
    return sh_.cu->deferredClass(&t->expect<ClassType>());
  }

  // obj.field as prim::GetAttr, or nullptr when field names a method.
  Value* emitGetAttr(Value* obj, const std::string& field, const SourceRange& r) {
    const auto& cls = obj->type()->expect<ClassType>();
    auto [owner, ci] = classDefinition(obj->type());
    if (ci) ensureClassInitialized(*owner, *ci, r);
    // A Final constant of a module class (declared in an archive's class
    // body) is a constant, as PyTorch's frontend makes it.
    if (const IValue* c = sh_.cu->findClassConstant(cls.name(), field)) return constant(g(), *c, r);
    if (auto slot = cls.findAttributeSlot(field)) {
      Node* n = g().create(prim::GetAttr, {obj}, 1);
      n->s_(attr::name, field);
      n->output()->setType(cls.attributes()[*slot].type);
      n->setSourceRange(r);
      return g().insertNode(n)->output();
    }
    if ((ci && ci->methods.count(field)) || cls.findMethod(field)) return nullptr;
    throw ErrorReport(r) << "Tried to access nonexistent attribute or method '" << field << "' of type '"
                         << cls.name() << "'. Did you forget to initialize an attribute in __init__()?";
  }

  // obj.field = v. Only __init__ may add attributes (typed by `declared` or
  // by the value); elsewhere the attribute must exist and v must fit it.
  void emitSetAttr(Value* obj, const std::string& field, Value* v, const TypePtr& declared, const SourceRange& r) {
    if (obj->type()->kind() != TypeKind::ClassType)
      throw ErrorReport(r) << "cannot assign attribute '" << field << "' of a value of type "
                           << obj->type()->annotationStr();
    const auto& cls = obj->type()->expect<ClassType>();
    auto [owner, ci] = classDefinition(obj->type());
    if (ci) ensureClassInitialized(*owner, *ci, r);
    auto slot = cls.findAttributeSlot(field);
    if (!slot) {
      bool definingSelf = isInit_ && cls_ && cls_->type.get() == &cls;
      if (!definingSelf)
        throw ErrorReport(r) << "Tried to set nonexistent attribute: " << field
                             << ". Did you forget to initialize it in __init__()?";
      if (ci && ci->methods.count(field))
        throw ErrorReport(r) << "attribute '" << field << "' has the name of a method of '" << cls.name() << "'";
      slot = cls.addAttribute(field, declared ? declared : v->type());
    }
    const TypePtr& want = cls.attributes()[*slot].type;
    v = convertTo(v, want, r);
    if (!v->type()->isSubtypeOf(*want))
      throw ErrorReport(r) << "Wrong type for attribute assignment. Expected " << want->annotationStr() << " but got "
                           << v->type()->annotationStr();
    Node* n = g().create(prim::SetAttr, {obj, v}, 0);
    n->s_(attr::name, field);
    n->setSourceRange(r);
    g().insertNode(n);
  }

  // obj.name(args) as prim::CallMethod; the method is compiled first.
  Value* callObjectMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                          std::vector<NamedValue> kwargs, const SourceRange& r) {
    // args holds self first.
    auto [owner, ci] = classDefinition(self->type());
    const auto& cls = self->type()->expect<ClassType>();
    // A class of this file (or of a deferred archive file) compiles its
    // methods on demand; one compiled before has them on its type.
    Function* fn = ci ? compileMethodOf(*owner, *ci, name, r) : cls.findMethod(name);
    if (!fn) {
      if (ci && ci->staticMethods.count(name)) {
        args.erase(args.begin());
        return callFunction(compileFunctionOf(*owner, ci->name + "." + name, r), std::move(args), std::move(kwargs), r);
      }
      throw ErrorReport(r) << "Tried to access nonexistent attribute or method '" << name << "' of type '"
                           << cls.name() << "'";
    }
    return emitCallMethod(fn->schema(), name, std::move(args), std::move(kwargs), r);
  }

  // prim::CallMethod `name` with args (self first) matched against schema
  // (whose first argument is self).
  Value* emitCallMethod(const FunctionSchema& schema, const std::string& name, std::vector<NamedValue> args,
                        std::vector<NamedValue> kwargs, const SourceRange& r) {
    const FunctionSchema* ptrs[] = {&schema};
    auto res = matchSchemas(ptrs, g(), r, args, kwargs);
    if (!res.match) throw ErrorReport(r) << res.error;
    Node* call = g().create(prim::CallMethod, res.match->inputs, 1);
    call->s_(attr::name, name);
    call->output()->setType(res.match->returnTypes.at(0));
    call->setSourceRange(r);
    return g().insertNode(call)->output();
  }

  // iface.m(args): prim::CallMethod, typed by the interface's schema and
  // dispatched at run time on the object's class.
  Value* callInterfaceMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                             std::vector<NamedValue> kwargs, const SourceRange& r) {
    const auto& iface = self->type()->expect<InterfaceType>();
    const FunctionSchema* declared = sh_.cu->findInterfaceMethod(iface.name(), name);
    if (!declared) throw ErrorReport(r) << "interface '" << iface.name() << "' has no method '" << name << "'";
    FunctionSchema withSelf = *declared;
    withSelf.arguments.insert(withSelf.arguments.begin(), Argument{"self", self->type()});
    return emitCallMethod(withSelf, name, std::move(args), std::move(kwargs), r);
  }

  // The magic method `name` of obj's class, or nullptr if it has none.
  Value* callMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r) override {
    auto [owner, ci] = classDefinition(obj->type());
    if (ci ? !ci->methods.count(name) || ci->staticMethods.count(name)
           : !obj->type()->expect<ClassType>().findMethod(name))
      return nullptr;
    std::vector<NamedValue> as{NamedValue(obj)};
    for (Value* a : args) as.emplace_back(a);
    return callObjectMethod(obj, name, std::move(as), {}, r);
  }

  Value* requireMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r,
                      const std::string& what) override {
    if (Value* v = callMagic(obj, name, std::move(args), r)) return v;
    throw ErrorReport(r) << "'" << obj->type()->annotationStr() << "' object does not support " << what
                         << " (its class does not define " << name << ")";
  }

  // Foo(args): prim::CreateObject, then __init__ on it.
  Value* emitConstruct(const ClassTypePtr& cls, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                       const SourceRange& r) {
    auto [owner, ci] = classDefinition(cls);
    Function* init = ci ? compileMethodOf(*owner, *ci, "__init__", r) : cls->findMethod("__init__");
    Node* n = g().create(prim::CreateObject, 1);
    n->output()->setType(cls);
    n->setSourceRange(r);
    Value* obj = g().insertNode(n)->output();
    if (!init) {
      if (!args.empty() || !kwargs.empty())
        throw ErrorReport(r) << (ci ? ci->name : cls->name()) << "() takes no arguments";
      return obj;
    }
    args.insert(args.begin(), NamedValue(obj));
    callObjectMethod(obj, "__init__", std::move(args), std::move(kwargs), r);
    return obj;
  }

  // t.tolist() has no static result type in PyTorch: the annotation of the
  // assignment gives the list depth and element type.
  Value* emitTolist(Value* self, const TypePtr& hint, const SourceRange& r) {
    if (!hint) throw ErrorReport(r) << "Expected type hint for result of tolist()";
    TypePtr elem = hint;
    int64_t dim = 0;
    while (elem->kind() == TypeKind::ListType) {
      elem = elem->expect<ListType>().elementType();
      ++dim;
    }
    int64_t code = elem->kind() == TypeKind::IntType ? 0 : elem->kind() == TypeKind::FloatType ? 1
                   : elem->kind() == TypeKind::BoolType ? 2 : -1;
    if (dim == 0 || code < 0)
      throw ErrorReport(r) << "Output annotation element type for tolist() must be a (nested) list of int, float or "
                              "bool, not "
                           << hint->annotationStr();
    Node* n = g().create(Symbol::fromQualString("prim::tolist"),
                         {self, constant(g(), IValue(dim)), constant(g(), IValue(code))}, 1);
    n->output()->setType(hint);
    n->setSourceRange(r);
    return g().insertNode(n)->output();
  }

  Value* callMethod(Value* self, const std::string& name, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                    const SourceRange& r, const TypePtr& hint = nullptr) override {
    if (self->type()->kind() == TypeKind::TensorType && name == "tolist" && args.empty() && kwargs.empty())
      return emitTolist(self, hint, r);
    if (self->type()->kind() == TypeKind::TensorType && args.empty()) {
      static const std::map<std::string, int64_t> casts = {{"long", 4}, {"float", 6}, {"double", 7}, {"int", 3},
                                                           {"half", 5}, {"bool", 11}, {"byte", 0}, {"char", 1},
                                                           {"short", 2}, {"bfloat16", 15}};
      auto it = casts.find(name);
      if (it != casts.end())
        return callBuiltin("aten::to", {NamedValue(self), NamedValue(constant(g(), IValue(it->second)))}, std::move(kwargs), r);
    }
    // x.type(dtype) is x.to(dtype), as TorchScript compiles it (the string
    // forms, x.type() and x.type('torch.FloatTensor'), are not TorchScript).
    if (self->type()->kind() == TypeKind::TensorType && name == "type" && args.size() == 1 && kwargs.empty() &&
        args[0].value->type()->kind() == TypeKind::IntType)
      return callBuiltin("aten::to", {NamedValue(self), args[0]}, {}, r);
    args.insert(args.begin(), NamedValue(self));
    if (self->type()->kind() == TypeKind::ClassType) return callObjectMethod(self, name, std::move(args), std::move(kwargs), r);
    if (self->type()->kind() == TypeKind::InterfaceType) return callInterfaceMethod(self, name, std::move(args), std::move(kwargs), r);
    const TypePtr& t = self->type();
    // PyTorch looks methods up on the static type: an Optional has none (the
    // program must refine it first), whatever overloads the name has.
    if (t->kind() == TypeKind::OptionalType)
      throw ErrorReport(r) << "'" << t->annotationStr() << "' object has no attribute or method '" << name << "'.";
    if (t->kind() == TypeKind::StringType && globalOperatorRegistry().lookup("aten::" + name).empty())
      throw ErrorReport(r) << "Unknown builtin op: aten::" << name
                           << ".\nHere are some suggestions: the method does not exist on type str";
    if (t->kind() == TypeKind::ListType && name == "append") {
      const TypePtr& elem = t->expect<ListType>().elementType();
      if (args.size() == 2 && !args[1].value->type()->isSubtypeOf(*elem)) {
        throw ErrorReport(r) << "Could not match type " << args[1].value->type()->annotationStr() << " to "
                             << elem->annotationStr() << " in argument 'el': Type variable 't' previously had type "
                             << elem->annotationStr() << " but is now being assigned to a value of type "
                             << args[1].value->type()->annotationStr();
      }
    }
    return callBuiltin("aten::" + name, std::move(args), std::move(kwargs), r);
  }

  // Method `name` of ci compiled (on first use), or nullptr if ci has none.
  // __init__ compiles first so that the attributes it assigns exist.
  GraphFunction* compileMethod(ClassInfo& ci, const std::string& name, const SourceRange& r) {
    return compileMethodOf(sh_, ci, name, r);
  }
  void ensureInitialized(ClassInfo& ci, const SourceRange& r) { ensureClassInitialized(sh_, ci, r); }

  // The user function `name` ("f", or "Class.static_method"), compiled on
  // first use.
  GraphFunction* compileUserFunction(const std::string& name, const SourceRange& r) override {
    return compileFunctionOf(sh_, name, r);
  }

  Value* callUserFunction(const std::string& name, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                          const SourceRange& r) override {
    return callFunction(compileUserFunction(name, r), std::move(args), std::move(kwargs), r);
  }

  // A compiled function of the unit, called through prim::CallFunction on a
  // constant naming it (the unit resolves the name when building Code).
  Value* callFunction(GraphFunction* fn, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                      const SourceRange& r) override {
    const std::string& name = fn->qualifiedName();  // the unit's key
    const FunctionSchema& schema = fn->schema();
    const FunctionSchema* ptrs[] = {&schema};
    auto res = matchSchemas(ptrs, g(), r, args, kwargs);
    if (!res.match) throw ErrorReport(r) << res.error;
    Node* c = g().create(prim::Constant, 1);
    c->s_(attr::name, name);
    c->output()->setType(FunctionType::get());
    g().insertNode(c);
    std::vector<Value*> ins{c->output()};
    for (Value* v : res.match->inputs) ins.push_back(v);
    Node* call = g().create(prim::CallFunction, ins, 1);
    call->output()->setType(res.match->returnTypes.at(0));
    call->setSourceRange(r);
    return g().insertNode(call)->output();
  }

  UnitDefinitions& sh_;
  Def def_;
  std::shared_ptr<Graph> graph_;
  ClassInfo* cls_ = nullptr;
  bool isStatic_ = false;
  bool isInit_ = false;  // __init__ may add attributes by assigning to self
  // The enclosing with blocks: the loop depth where each opened and the
  // objects it entered.
  struct WithBlock {
    int loopDepth;
    std::vector<Value*> objects;
  };
  std::vector<WithBlock> withBlocks_;
  Environment env_{*graph_};
  std::string closureKey_;  // set for a closure
  std::vector<Capture> captures_;
  // Names bound to functions, classes or closures (`_0 = __torch__.m.f`).
  std::map<std::string, SugaredValuePtr> sugaredVars_;
  TypePtr declaredRet_;
  bool hadReturn_ = false;
  bool raisedOnly_ = false;
  int loopDepth_ = 0;
  SourceRange curRange_;
};

}  // namespace

GraphFunction* emitFunction(UnitDefinitions& unit, const Def& def, ClassInfo* cls) {
  return FunctionEmitter(unit, def, cls).emit();
}

void emitDefinitions(CompilationUnit& cu, const List<Stmt>& stmts, Resolver* resolver, const std::string& qualifier,
                     bool archiveSource) {
  UnitDefinitions sh;
  sh.cu = &cu;
  sh.resolver = resolver ? resolver : builtinResolver().get();
  sh.qualifier = qualifier;
  sh.archiveSource = archiveSource;
  declareDefinitions(sh, stmts);
  for (const Stmt& s : stmts) {
    if (s.kind() != TK_DEF) continue;
    const std::string& name = Def(s).name().name();
    if (!cu.findFunction(sh.functionKey(name))) compileFunctionOf(sh, name, s.range());
  }
  compileDefinitions(sh);
}

void compileDefinitions(UnitDefinitions& sh) {
  for (const auto& [name, def] : sh.defs)
    if (!sh.cu->findFunction(sh.functionKey(name))) compileFunctionOf(sh, name, def.range());
  // Methods no function called are compiled too, so their errors show.
  for (auto& [name, ci] : sh.classes)
    for (const auto& [m, def] : ci.methods) compileMethodOf(sh, ci, m, def.range());
}

}  // namespace jitserve::frontend
