// FunctionEmitter's expressions: constants, names, subscripts (tuples,
// lists, slices), list / tuple / dict literals, conditional expressions
// and comprehensions. Operators are in ir_emitter_operators.cpp.
#include "compiler/frontend/function_emitter.h"

#include <algorithm>

#include "compiler/frontend/error_report.h"
#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/resolver.h"
#include "compiler/frontend/tensor_indexing.h"

namespace jitserve::frontend::detail {

Value* FunctionEmitter::makeTuple(const std::vector<Value*>& vs) {
  Node* n = g().create(prim::TupleConstruct, vs, 1);
  std::vector<TypePtr> ts;
  for (Value* v : vs) ts.push_back(v->type());
  n->output()->setType(TupleType::create(ts));
  return g().insertNode(n)->output();
}

SugaredValuePtr FunctionEmitter::emitSugared(const Expr& e, const TypePtr& hint) {
  WithSourceRange wr(this, e.range());
  SourceRange r = e.range();
  switch (e.kind()) {
    case TK_CONST: {
      Const c(e);
      if (c.isComplex()) return value(constant(g(), IValue(std::complex<double>(0.0, c.asImaginary())), r));
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
    case TK_LIST_COMP: return value(emitListComp(ListComp(e), hint));
    case TK_DICT_COMP: return value(emitDictComp(DictComp(e), hint));
    case TK_LAMBDA: throw ErrorReport(r) << "Lambda is not supported";
    default: break;
  }
  if (UnaryOp::isUnaryOpKind(e.kind())) return value(emitUnary(UnaryOp(e)));
  if (BinOp::isBinOpKind(e.kind())) return value(emitBinOp(BinOp(e)));
  throw ErrorReport(r) << "this expression is not supported in TorchScript";
}

// A name: a variable, a definition of the file, else the resolver's.
SugaredValuePtr FunctionEmitter::emitVar(const Var& v) {
  const std::string& name = v.name().name();
  if (Value* val = readVar(name, v.range())) return value(val);
  if (const std::string* why = env_.undefinedReason(name)) throw ErrorReport(v.range()) << *why;
  if (auto it = sugaredVars_.find(name); it != sugaredVars_.end()) return it->second;
  if (SugaredValuePtr sv = fileDefinition(name)) return sv;
  if (auto gl = sh_.globals.find(name); gl != sh_.globals.end()) {
    // Defining module-level values is fine; reading them is not, in
    // TorchScript (torch.jit.script refuses Python ints, floats, strings...).
    const IValue& gv = gl->second;
    const char* type = gv.isInt() ? "int" : gv.isDouble() ? "float" : gv.isString() ? "str" : gv.isBool() ? "bool"
                       : gv.isNone() ? "NoneType" : "tuple";
    throw ErrorReport(v.range()) << "python value of type '" << type
                                 << "' cannot be used as a value. Perhaps it is a closed over global variable? If so, "
                                    "please consider passing it in as an argument or use a local varible instead.";
  }
  if (SugaredValuePtr sv = sh_.resolver->resolveValue(name, v.range())) return sv;
  throw ErrorReport(v.range()) << "undefined value " << name;
}

// A function, NamedTuple, class or Enum of this file, or nullptr.
SugaredValuePtr FunctionEmitter::fileDefinition(const std::string& name) {
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
SugaredValuePtr FunctionEmitter::ownQualifiedName(const Select& s) {
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

Value* FunctionEmitter::tupleIndex(Value* t, int64_t i, const SourceRange& r) {
  const auto& elems = t->type()->expect<TupleType>().elements();
  int64_t n = static_cast<int64_t>(elems.size());
  if (i < 0) i += n;
  if (i < 0 || i >= n) throw ErrorReport(r) << "Tuple index out of range. Tuple is length " << n << " and index is " << i;
  Node* node = g().create(prim::TupleIndex, {t, constant(g(), IValue(i))}, 1);
  node->output()->setType(elems[static_cast<size_t>(i)]);
  return g().insertNode(node)->output();
}

std::optional<int64_t> FunctionEmitter::constInt(const Expr& e) {
  if (e.kind() == TK_CONST && Const(e).isIntegral()) return Const(e).asIntegral();
  if (e.kind() == TK_UNARY_MINUS) {
    auto v = constInt(UnaryOp(e).operand());
    if (v) return -*v;
  }
  return std::nullopt;
}

Value* FunctionEmitter::emitSubscript(const Subscript& s) {
  Value* base = emitExpr(s.value());
  List<Expr> subs = s.subscriptExprs();
  SourceRange r = s.range();
  const TypePtr& t = base->type();
  if (t->kind() == TypeKind::TensorType) return emitTensorIndexing(*this, base, subs, r);
  if (subs.size() != 1) throw ErrorReport(r) << "multiple subscripts are only supported for tensors";
  if (t->kind() == TypeKind::ClassType)
    return requireMagic(base, "__getitem__", {emitExpr(subs[0])}, r, "indexing");
  Expr idx = subs[0];
  if (idx.kind() != TK_SLICE_EXPR && t->kind() != TypeKind::TupleType && t->kind() != TypeKind::DictType) {
    // l[s] with s = slice(...): the slice it names.
    Value* iv = emitExpr(idx);
    if (isSliceObject(iv)) {
      auto [start, end, step] = sliceObjectParts(*this, iv, r);
      return callBuiltin("aten::slice", {base, start, end, step}, {}, r);
    }
    return callBuiltin("aten::__getitem__", {base, iv}, {}, r);
  }
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

Value* FunctionEmitter::emitListLiteral(const ListLiteral& l, const TypePtr& hint) {
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

Value* FunctionEmitter::emitDictLiteral(const DictLiteral& d, const TypePtr& hint) {
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
Value* FunctionEmitter::emitTernary(const TernaryIf& t, const TypePtr& hint) {
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

// Comprehensions: a loop appending to a fresh list / dict. An annotation
// (x: List[Optional[int]] = [None for _ in r]) types the container, as it
// does a literal; without one the element's type does.
Value* FunctionEmitter::emitListComp(const ListComp& lc, const TypePtr& hint) {
  TypePtr listHint;
  if (hint && unwrapOptional(hint)->kind() == TypeKind::ListType) listHint = unwrapOptional(hint);
  Node* ln = g().create(prim::ListConstruct, {}, 1);
  ln->output()->setType(listHint ? listHint : ListType::ofTensors());
  g().insertNode(ln);
  Value* list = ln->output();
  Iterable it = iterableOf(lc.iter());
  emitLoop(it.length, constant(g(), IValue(true)),
           [&](Value* idx) {
             assignTo(lc.target(), it.element(idx), nullptr, lc.range());
             auto body = [&]() {
               const TypePtr elemHint = listHint ? listHint->expect<ListType>().elementType() : nullptr;
               Value* el = emitExpr(lc.elt(), elemHint);
               if (!elemHint) list->setType(ListType::create(el->type()));
               else if (!el->type()->isSubtypeOf(*elemHint))
                 throw ErrorReport(lc.range()) << "List type annotation `" << listHint->annotationStr()
                                               << "` did not match the types of the given list elements, which "
                                                  "were unified to "
                                               << el->type()->annotationStr();
               callBuiltin("aten::append", {list, el}, {}, lc.range());
             };
             emitFiltered(lc.cond(), body);
           },
           [&]() { return constant(g(), IValue(true)); }, lc.range());
  return list;
}

// A comprehension's element: `body` runs under the optional `if` filter.
template <typename MaybeCond, typename Body>
void FunctionEmitter::emitFiltered(const MaybeCond& cond, const Body& body) {
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

Value* FunctionEmitter::emitDictComp(const DictComp& dc, const TypePtr& hint) {
  TypePtr dictHint;
  if (hint && unwrapOptional(hint)->kind() == TypeKind::DictType) dictHint = unwrapOptional(hint);
  Node* dn = g().create(prim::DictConstruct, {}, 1);
  dn->output()->setType(dictHint ? dictHint : DictType::create(StringType::get(), TensorType::get()));
  g().insertNode(dn);
  Value* dict = dn->output();
  Iterable it = iterableOf(dc.iter());
  emitLoop(it.length, constant(g(), IValue(true)),
           [&](Value* idx) {
             assignTo(dc.target(), it.element(idx), nullptr, dc.range());
             auto body = [&]() {
               const DictType* dh = dictHint ? &dictHint->expect<DictType>() : nullptr;
               Value* k = emitExpr(dc.key(), dh ? dh->keyType() : nullptr);
               Value* v = emitExpr(dc.value(), dh ? dh->valueType() : nullptr);
               if (!dh) dict->setType(DictType::create(k->type(), v->type()));
               callBuiltin("aten::_set_item", {dict, k, v}, {}, dc.range());
             };
             emitFiltered(dc.cond(), body);
           },
           [&]() { return constant(g(), IValue(true)); }, dc.range());
  return dict;
}

}  // namespace jitserve::frontend::detail
