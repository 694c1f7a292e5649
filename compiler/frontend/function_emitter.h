// FunctionEmitter: emits one def (a function, or a method of a class) into a
// Graph. Private to the IR emitter (ir_emitter*.cpp), not an installed or
// public API; the frontend's interface is ir_emitter.h and unit_definitions.h.
//
// The member functions are defined by concept:
//   ir_emitter.cpp               emit() and the constant evaluation of parameter defaults
//   ir_emitter_statements.cpp    statements: assignment, augmented assignment, with, return,
//                                raise, assert, del, break/continue, fork closures
//   ir_emitter_control_flow.cpp  if / while / for, conditions and the type refinements they imply
//   ir_emitter_expressions.cpp   names, literals, subscripts, conditional expressions, comprehensions
//   ir_emitter_operators.cpp     unary, binary and comparison operators, and / or
//   ir_emitter_calls.cpp         calls (builtins, methods, user functions) and objects of user
//                                classes (attributes, construction)
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/environment.h"
#include "compiler/frontend/sugared_value.h"
#include "compiler/frontend/tree_views.h"
#include "compiler/frontend/type_annotations.h"
#include "compiler/frontend/unit_definitions.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend::detail {

inline Value* constant(Graph& g, const IValue& v, const SourceRange& r = {}) { return insertConstant(g, v, r); }

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

  // The entry point (ir_emitter.cpp).
  GraphFunction* emit();

  // How a static method is named in the unit and in prim::CallFunction.
  std::string staticMethodKey() const { return cls_->name + "." + def_.name().name(); }

  // Emitter -----------------------------------------------------------------------------

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
  // Defined in ir_emitter.cpp.
  Value* listFromIterable(const Iterable& it, const TypePtr& elemType, const SourceRange& r) override;

 private:
  Graph& g() { return *graph_; }

  // Parameter defaults (ir_emitter.cpp).
  IValue evalDefault(const Expr& e, const TypePtr& t);
  std::pair<IValue, TypePtr> evalConstant(const Expr& e);

  TypePtr lookupVarType(const std::string& name) { return env_.lookupType(name); }
  void setVar(const std::string& name, Value* v, TypePtr declared, const SourceRange& r) {
    // Assigned in a loop or branch, a variable of an enclosing block keeps
    // its type where TorchScript converts implicitly (s: float = 0.0, then
    // s += t.item(), a number): as PyTorch's emitter does.
    if (!declared && !env_.current().vars.count(name)) {
      if (TypePtr outer = env_.lookupType(name); outer && !v->type()->isSubtypeOf(*outer)) {
        Value* c = convertTo(v, outer, r);
        if (c->type()->isSubtypeOf(*outer)) v = c;
      }
    }
    env_.set(name, v, std::move(declared), r);
  }
  Value* readVar(const std::string& name, const SourceRange& r) { return env_.read(name, r); }

  // Statements (ir_emitter_statements.cpp) ----------------------------------------------

  void emitStatements(const List<Stmt>& stmts);
  void emitStatement(const Stmt& s);
  void emitWith(const With& w);
  void emitExits(const std::vector<Value*>& objs, const SourceRange& r);
  void emitExitsForEarlyExit(const SourceRange& r, bool isReturn);

  struct WithSourceRange {
    WithSourceRange(FunctionEmitter* e, const SourceRange& r) : e_(e), prev_(e->curRange_) { e->curRange_ = r; }
    ~WithSourceRange() { e_->curRange_ = prev_; }
    FunctionEmitter* e_;
    SourceRange prev_;
  };

  void emitReturn(const Return& r);
  Value* convertTo(Value* v, const TypePtr& want, const SourceRange& r);
  void emitRaise(const Raise& r);
  void emitAssert(const Assert& a);
  void emitDelete(const Delete& d);
  void emitAssign(const Assign& a);

  // fork(closure) (ir_emitter_statements.cpp) -------------------------------------------

  static void collectNames(const TreeRef& t, std::set<std::string>& used, std::set<std::string>& assigned);
  Value* forkClosure(const Def& closure, const SourceRange& r) override;
  static bool isCallableName(const SugaredValue& sv);
  void assignTo(const Expr& lhs, Value* v, TypePtr declared, const SourceRange& r);
  std::vector<Value*> unpack(Value* v, size_t n, const SourceRange& r);
  static const char* augOpName(int k);
  void emitAugAssign(const AugAssign& a);

  // Control flow (ir_emitter_control_flow.cpp) ------------------------------------------

  // Refinement: (variable, type in the branch) pairs implied by a condition.
  using Refinements = std::vector<std::pair<std::string, TypePtr>>;
  Refinements refinementsOf(const Expr& cond, bool whenTrue);
  void applyRefinements(const Refinements& refs);
  void emitIf(const If& s);
  void emitIfElse(Value* c, const Expr& condExpr, const List<Stmt>& tb, const List<Stmt>& fb, const SourceRange& r);
  static std::optional<bool> staticBool(Value* c);
  Value* emitCond(const Expr& e);
  Value* toBool(Value* v, const SourceRange& r) override;

  // A template that several files use, so it is defined below the class.
  template <typename BodyFn, typename CondFn>
  void emitLoop(Value* trip, Value* cond0, BodyFn body, CondFn cond, const SourceRange& r);
  void emitWhile(const While& w);

  Iterable iterableOf(const Expr& e) { return emitSugared(e)->iter(e.range(), *this); }

  void emitFor(const For& f);
  void emitUnrolledFor(const Expr& target, Value* tuple, const For& f);

  // Expressions (ir_emitter_expressions.cpp) --------------------------------------------

  Value* makeTuple(const std::vector<Value*>& vs) override;

  Value* emitExpr(const Expr& e, const TypePtr& hint = nullptr) override {
    return emitSugared(e, hint)->asValue(e.range(), *this);
  }

  static SugaredValuePtr value(Value* v) { return std::make_shared<SimpleValue>(v); }

  SugaredValuePtr emitSugared(const Expr& e, const TypePtr& hint = nullptr) override;
  SugaredValuePtr emitVar(const Var& v);
  SugaredValuePtr fileDefinition(const std::string& name);
  SugaredValuePtr ownQualifiedName(const Select& s);
  Value* tupleIndex(Value* t, int64_t i, const SourceRange& r) override;
  std::optional<int64_t> constInt(const Expr& e);
  Value* emitSubscript(const Subscript& s);
  Value* emitListLiteral(const ListLiteral& l, const TypePtr& hint);
  Value* emitDictLiteral(const DictLiteral& d, const TypePtr& hint);
  Value* emitTernary(const TernaryIf& t, const TypePtr& hint);

  // Operators (ir_emitter_operators.cpp) ------------------------------------------------

  Value* emitShortCircuit(const BinOp& b);
  static const char* binOpName(int k);
  static std::string magicName(int k);
  Value* emitCompare(int k, Value* l, Value* r, const SourceRange& range);
  Value* emitBinOp(const BinOp& b);
  Value* emitCmpChain(const CmpChain& c);
  Value* emitUnary(const UnaryOp& u);

  // Comprehensions (ir_emitter_expressions.cpp) -----------------------------------------

  Value* emitListComp(const ListComp& lc, const TypePtr& hint);
  template <typename MaybeCond, typename Body>
  void emitFiltered(const MaybeCond& cond, const Body& body);
  Value* emitDictComp(const DictComp& dc, const TypePtr& hint);

  // Calls (ir_emitter_calls.cpp) --------------------------------------------------------

  Value* callBuiltin(const std::string& qualName, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                     const SourceRange& r) override;
  SugaredValuePtr emitApply(const Apply& a, const TypePtr& hint);

  // Objects of user classes (ir_emitter_calls.cpp) --------------------------------------

  std::pair<UnitDefinitions*, ClassInfo*> classDefinition(const TypePtr& t);
  Function* objectMethod(Value* obj, const std::string& name, const SourceRange& r);
  Value* emitGetAttr(Value* obj, const std::string& field, const SourceRange& r);
  void emitSetAttr(Value* obj, const std::string& field, Value* v, const TypePtr& declared, const SourceRange& r);
  Value* callObjectMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                          std::vector<NamedValue> kwargs, const SourceRange& r);
  Value* emitCallMethod(const FunctionSchema& schema, const std::string& name, std::vector<NamedValue> args,
                        std::vector<NamedValue> kwargs, const SourceRange& r);
  Value* callInterfaceMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                             std::vector<NamedValue> kwargs, const SourceRange& r);
  Value* callMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r) override;
  Value* requireMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r,
                      const std::string& what) override;
  Value* emitConstruct(const ClassTypePtr& cls, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                       const SourceRange& r);
  Value* emitTolist(Value* self, const TypePtr& hint, const SourceRange& r);
  Value* callMethod(Value* self, const std::string& name, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                    const SourceRange& r, const TypePtr& hint = nullptr) override;

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

  Value* callFunction(GraphFunction* fn, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                      const SourceRange& r) override;

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

// Emits a loop whose body is produced by `body(index)`, with the loop
// condition from `cond` (null: always true).
template <typename BodyFn, typename CondFn>
void FunctionEmitter::emitLoop(Value* trip, Value* cond0, BodyFn body, CondFn cond, const SourceRange& r) {
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

}  // namespace jitserve::frontend::detail
