// FunctionEmitter's control flow: if / while / for as prim::If and
// prim::Loop, conditions (truth values), and the type refinements a
// condition implies (`x is not None`, isinstance).
#include "compiler/frontend/function_emitter.h"

#include <limits>

#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend::detail {

FunctionEmitter::Refinements FunctionEmitter::refinementsOf(const Expr& cond, bool whenTrue) {
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

void FunctionEmitter::applyRefinements(const Refinements& refs) {
  for (const auto& [name, t] : refs) {
    if (t->kind() == TypeKind::NoneType) continue;
    Value* v = readVar(name, curRange_);
    Node* c = g().create(prim::unchecked_cast, {v}, 1);
    c->output()->setType(t);
    g().insertNode(c);
    env_.refine(name, c->output(), t);
  }
}

void FunctionEmitter::emitIf(const If& s) {
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

void FunctionEmitter::emitIfElse(Value* c, const Expr& condExpr, const List<Stmt>& tb, const List<Stmt>& fb,
                                 const SourceRange& r) {
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
std::optional<bool> FunctionEmitter::staticBool(Value* c) {
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

Value* FunctionEmitter::emitCond(const Expr& e) {
  Value* v = emitExpr(e);
  return toBool(v, e.range());
}

Value* FunctionEmitter::toBool(Value* v, const SourceRange& r) {
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
      if (Value* b = callMagic(v, "__bool__", {}, r)) {
        if (b->type()->kind() != TypeKind::BoolType)
          throw ErrorReport(r) << "expected a bool expression for condition but found " << b->type()->annotationStr();
        return b;
      }
      if (Value* n = callMagic(v, "__len__", {}, r))
        return callBuiltin("aten::ne", {n, constant(g(), IValue(int64_t{0}))}, {}, r);
      [[fallthrough]];
    }
    default: throw ErrorReport(r) << "Could not cast value of type " << v->type()->annotationStr() << " to bool";
  }
}

void FunctionEmitter::emitWhile(const While& w) {
  Value* c0 = emitCond(w.cond());
  Value* trip = constant(g(), IValue(std::numeric_limits<int64_t>::max()));
  emitLoop(trip, c0, [&](Value*) { emitStatements(w.body()); }, [&]() { return emitCond(w.cond()); }, w.range());
}

void FunctionEmitter::emitFor(const For& f) {
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

void FunctionEmitter::emitUnrolledFor(const Expr& target, Value* tuple, const For& f) {
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

}  // namespace jitserve::frontend::detail
