#include "compiler/frontend/builtin_functions.h"

#include <map>
#include <set>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/error_report.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve::frontend {

namespace {

const std::set<std::string>& exceptionNames() {
  static const std::set<std::string> names = {"Exception", "ValueError", "RuntimeError", "AssertionError",
                                              "KeyError",  "IndexError", "TypeError"};
  return names;
}

// Builtins that are one operator call.
const std::map<std::string, std::string>& simpleBuiltins() {
  static const std::map<std::string, std::string> ops = {
      {"len", "aten::len"},   {"int", "aten::Int"},       {"float", "aten::Float"},   {"bool", "aten::Bool"},
      {"str", "aten::str"},   {"abs", "prim::abs"},       {"round", "aten::round"},   {"divmod", "aten::divmod"},
      {"ord", "aten::ord"},   {"chr", "aten::chr"},       {"sorted", "aten::sorted"}, {"list", "aten::list"},
      {"sum", "aten::sum"},   {"any", "aten::any"},       {"all", "aten::all"},       {"hex", "aten::hex"},
      {"oct", "aten::oct"},   {"bin", "aten::bin"},       {"pow", "aten::pow"},       {"dict", "aten::dict"},
      {"hash", "aten::hash"}};
  return ops;
}

Value* constant(Emitter& e, const IValue& v) { return insertConstant(e.graph(), v); }

SugaredValuePtr simple(Value* v) { return std::make_shared<SimpleValue>(v); }

// range(stop) / range(start, stop[, step]).
SugaredValuePtr emitRange(const SourceRange& r, Emitter& e, CallArgs& args) {
  std::vector<Value*> vs;
  for (const NamedValue& a : args.args()) vs.push_back(a.value);
  if (vs.empty() || vs.size() > 3) throw ErrorReport(r) << "range expected 1 to 3 arguments, got " << vs.size();
  for (size_t i = 0; i < vs.size(); ++i)
    if (vs[i]->type()->kind() != TypeKind::IntType)
      throw ErrorReport(r) << "all inputs of range must be ints, found " << vs[i]->type()->annotationStr()
                           << " in argument " << i;
  auto make = [vs](const SourceRange& r, Emitter& e) -> Iterable {
    if (vs.size() == 1) return Iterable{vs[0], [](Value* i) { return i; }};
    Value* step = vs.size() == 3 ? vs[2] : constant(e, IValue(int64_t{1}));
    Value* start = vs[0];
    Value* len = e.callBuiltin("aten::__range_length", {vs[0], vs[1], step}, {}, r);
    Emitter* ep = &e;
    return Iterable{len, [ep, start, step, r](Value* i) {
                      return ep->callBuiltin("aten::__derive_index", {i, start, step}, {}, r);
                    }};
  };
  return std::make_shared<IterableValue>("range", make, IntType::get());
}

// The type of what iterating `v` gives, when it can be known before the
// loop is emitted (lists, strings, tensors, dicts' keys, range, nested
// zip/enumerate); null otherwise. zip and enumerate of these are values too:
// list(zip(a, b)) is a list of tuples.
TypePtr iterElementType(const SugaredValuePtr& v) {
  if (auto* it = dynamic_cast<IterableValue*>(v.get())) return it->elementType();
  auto* sv = dynamic_cast<SimpleValue*>(v.get());
  if (!sv) return nullptr;
  const TypePtr& t = sv->value()->type();
  switch (t->kind()) {
    case TypeKind::ListType: return t->expect<ListType>().elementType();
    case TypeKind::StringType: return t;
    case TypeKind::TensorType: return t;
    case TypeKind::DictType: return t->expect<DictType>().keyType();
    default: return nullptr;
  }
}

SugaredValuePtr emitEnumerate(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& ins = args.inputs();
  if (ins.empty() || ins.size() > 2) throw ErrorReport(r) << "enumerate expected 1 or 2 arguments";
  SugaredValuePtr inner = e.emitSugared(ins[0]);
  Value* start = ins.size() > 1 ? e.emitExpr(ins[1]) : nullptr;
  SourceRange innerRange = ins[0].range();
  auto make = [inner, start, innerRange](const SourceRange& r, Emitter& e) -> Iterable {
    Iterable it = inner->iter(innerRange, e);
    Emitter* ep = &e;
    return Iterable{it.length, [ep, it, start, r](Value* i) {
                      Value* k = start ? ep->callBuiltin("aten::add", {i, start}, {}, r) : i;
                      return ep->makeTuple({k, it.element(i)});
                    }};
  };
  TypePtr elem = iterElementType(inner);
  return std::make_shared<IterableValue>("enumerate", make,
                                         elem ? TupleType::create({IntType::get(), elem}) : nullptr);
}

SugaredValuePtr emitZip(const SourceRange& r, Emitter& e, CallArgs& args) {
  if (args.inputs().empty()) throw ErrorReport(r) << "zip expected at least 1 argument";
  std::vector<std::pair<SugaredValuePtr, SourceRange>> parts;
  for (const Expr& x : args.inputs()) parts.emplace_back(e.emitSugared(x), x.range());
  auto make = [parts](const SourceRange& r, Emitter& e) -> Iterable {
    std::vector<Iterable> its;
    for (const auto& [sv, range] : parts) its.push_back(sv->iter(range, e));
    Value* len = its.at(0).length;
    for (size_t j = 1; j < its.size(); ++j) len = e.callBuiltin("prim::min", {len, its[j].length}, {}, r);
    Emitter* ep = &e;
    return Iterable{len, [ep, its](Value* i) {
                      std::vector<Value*> vs;
                      for (const auto& it : its) vs.push_back(it.element(i));
                      return ep->makeTuple(vs);
                    }};
  };
  std::vector<TypePtr> elems;
  for (const auto& [sv, range] : parts) {
    TypePtr t = iterElementType(sv);
    if (!t) return std::make_shared<IterableValue>("zip", make);
    elems.push_back(std::move(t));
  }
  return std::make_shared<IterableValue>("zip", make, TupleType::create(std::move(elems)));
}

// torch.jit.fork(f, args...): a prim::fork node whose subgraph calls f; its
// output is a Future of f's result. Arguments are matched against f's
// schema here, so defaults and conversions happen before the fork.
Value* emitFork(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& inputs = args.inputs();
  if (inputs.empty()) throw ErrorReport(r) << "torch.jit.fork expects a function to call";
  const Expr& fe = inputs[0];
  // fork(closure): a parameterless nested def, as PyTorch prints forks.
  if (fe.kind() == TK_VAR && inputs.size() == 1 && args.attributes().empty())
    if (auto* c = dynamic_cast<ClosureValue*>(e.emitSugared(fe).get())) return e.forkClosure(c->def(), r);
  if (fe.kind() != TK_VAR || e.isVariable(Var(fe).name().name()) || !e.unit().defs.count(Var(fe).name().name()))
    throw ErrorReport(fe.range()) << "torch.jit.fork expects a function defined in this file as its first argument";
  const std::string& name = Var(fe).name().name();
  std::vector<NamedValue> as, kws;
  for (size_t i = 1; i < inputs.size(); ++i) as.emplace_back(e.emitExpr(inputs[i]));
  for (const Attribute& at : args.attributes()) kws.emplace_back(at.name().name(), e.emitExpr(at.value()));
  GraphFunction* fn = e.compileUserFunction(name, r);
  const FunctionSchema* ptrs[] = {&fn->schema()};
  auto res = matchSchemas(ptrs, e.graph(), r, as, kws);
  if (!res.match) throw ErrorReport(r) << res.error;
  return emitForkCall(e, *fn, res.match->inputs, res.match->returnTypes.at(0), r);
}

}  // namespace

Value* emitForkCall(Emitter& e, const GraphFunction& fn, const std::vector<Value*>& inputs, const TypePtr& ret,
                    const SourceRange& r) {
  Graph& g = e.graph();
  auto sub = std::make_shared<Graph>();
  std::vector<Value*> subIns;
  for (Value* v : inputs) subIns.push_back(sub->addInput()->setType(v->type()));
  Node* c = sub->create(prim::Constant, 1);
  c->s_(attr::name, fn.qualifiedName());
  c->output()->setType(FunctionType::get());
  sub->block()->appendNode(c);
  std::vector<Value*> ins{c->output()};
  ins.insert(ins.end(), subIns.begin(), subIns.end());
  Node* call = sub->create(prim::CallFunction, ins, 1);
  call->output()->setType(ret);
  call->setSourceRange(r);
  sub->block()->appendNode(call);
  sub->registerOutput(call->output());
  Node* n = g.create(prim::fork, inputs, 1);
  n->g_(attr::Subgraph, sub);
  n->output()->setType(FutureType::create(ret));
  n->setSourceRange(r);
  return g.insertNode(n)->output();
}

namespace {

Value* emitWait(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& as = args.args();
  if (as.size() != 1 || as[0].value->type()->kind() != TypeKind::FutureType)
    throw ErrorReport(r) << "torch.jit.wait expects one Future argument";
  Node* n = e.graph().create(aten::wait, {as[0].value}, 1);
  n->output()->setType(as[0].value->type()->expect<FutureType>().elementType());
  n->setSourceRange(r);
  return e.graph().insertNode(n)->output();
}

// annotate(T, v): v typed T.
Value* emitAnnotate(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& inputs = args.inputs();
  if (inputs.size() != 2) throw ErrorReport(r) << "annotate expects a type and a value";
  TypePtr t = e.parseType(inputs[0]);
  Value* v = e.emitExpr(inputs[1], t);
  // annotate converts as an argument would: PyTorch 2.x prints a 0-dim
  // tensor used as an int (nn.LSTM's max_batch_size) as annotate(int, t).
  TypeKind have = v->type()->kind();
  bool numeric = have == TypeKind::TensorType || have == TypeKind::NumberType;
  bool tensor = have == TypeKind::TensorType;
  if (!v->type()->isSubtypeOf(*t)) {
    if (numeric && t->kind() == TypeKind::IntType)
      v = e.callBuiltin(tensor ? "aten::IntImplicit" : "aten::Int", {v}, {}, r);
    else if (numeric && t->kind() == TypeKind::FloatType)
      v = e.callBuiltin(tensor ? "aten::FloatImplicit" : "aten::Float", {v}, {}, r);
    else if (tensor && t->kind() == TypeKind::NumberType)
      v = e.callBuiltin("aten::ScalarImplicit", {v}, {}, r);
    else if (have == TypeKind::StringType && t->kind() == TypeKind::DeviceObjType)
      v = e.callBuiltin("aten::device", {v}, {}, r);
  }
  if (!v->type()->isSubtypeOf(*t))
    throw ErrorReport(r) << "annotate: a value of type " << v->type()->annotationStr()
                         << " does not match the annotated type " << t->annotationStr();
  if (!v->type()->equals(*t)) {
    // The value takes the annotated type (annotate(Optional[str], None)
    // types an attribute as Optional[str]); nothing happens at run time.
    Node* c = e.graph().create(prim::unchecked_cast, {v}, 1);
    c->output()->setType(t);
    v = e.graph().insertNode(c)->output();
  }
  return v;
}

}  // namespace

const TypePtr& sliceObjectType() {
  // step is an int (1 when not given): aten::slice takes an int step.
  static const TypePtr t = TupleType::createNamed(
      "slice", {"start", "stop", "step"},
      {OptionalType::create(IntType::get()), OptionalType::create(IntType::get()), IntType::get()});
  return t;
}

bool isSliceObject(const Value* v) { return v->type()->equals(*sliceObjectType()); }

std::array<Value*, 3> sliceObjectParts(Emitter& e, Value* slice, const SourceRange& r) {
  return {e.tupleIndex(slice, 0, r), e.tupleIndex(slice, 1, r), e.tupleIndex(slice, 2, r)};
}

namespace {
// slice(stop) / slice(start, stop[, step]) with ints or None.
Value* emitSliceObject(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& as = args.args();
  if (as.empty() || as.size() > 3 || !args.kwargs().empty())
    throw ErrorReport(r) << "slice expected 1 to 3 arguments, got " << as.size();
  auto optInt = [&](Value* v, const char* what) -> Value* {
    const TypeKind k = v->type()->kind();
    if (k == TypeKind::NoneType) {
      Node* n = e.graph().create(prim::Constant, 1);
      n->output()->setType(OptionalType::create(IntType::get()));
      return e.graph().insertNode(n)->output();
    }
    if (k != TypeKind::IntType && !v->type()->isSubtypeOf(*OptionalType::create(IntType::get())))
      throw ErrorReport(r) << "slice " << what << " must be an int or None, got " << v->type()->annotationStr();
    if (k == TypeKind::OptionalType) return v;
    Node* c = e.graph().create(prim::unchecked_cast, {v}, 1);
    c->output()->setType(OptionalType::create(IntType::get()));
    return e.graph().insertNode(c)->output();
  };
  Value* start = as.size() == 1 ? optInt(constant(e, IValue()), "start") : optInt(as[0].value, "start");
  Value* stop = optInt(as.size() == 1 ? as[0].value : as[1].value, "stop");
  Value* step = constant(e, IValue(int64_t{1}));
  if (as.size() == 3 && as[2].value->type()->kind() != TypeKind::NoneType) {
    if (as[2].value->type()->kind() != TypeKind::IntType)
      throw ErrorReport(r) << "slice step must be an int or None, got " << as[2].value->type()->annotationStr();
    step = as[2].value;
  }
  Node* n = e.graph().create(prim::TupleConstruct, {start, stop, step}, 1);
  n->output()->setType(sliceObjectType());
  n->setSourceRange(r);
  return e.graph().insertNode(n)->output();
}
}  // namespace

namespace {
TypePtr hintOfKind(const TypePtr& hint, TypeKind k) {
  if (!hint) return nullptr;
  TypePtr h = unwrapOptional(hint);
  return h->kind() == k ? h : nullptr;
}

// dict(), dict(mapping_or_pairs), dict(**kw) and dict(mapping, **kw), as
// TorchScript reads them: an annotation types an empty dict (else
// Dict[str, Tensor], like {}); the positional argument is copied (aten::dict)
// and the keyword arguments are then set, in order, as str keys.
Value* emitDictCall(const SourceRange& r, Emitter& e, CallArgs& args) {
  const auto& in = args.inputs();
  if (in.size() > 1) throw ErrorReport(r) << "dict expected at most 1 argument, got " << in.size();
  TypePtr hint = hintOfKind(args.hint(), TypeKind::DictType);
  const DictType* dh = hint ? &hint->expect<DictType>() : nullptr;
  auto emptyDict = [&](const TypePtr& t) {
    Node* n = e.graph().create(prim::DictConstruct, {}, 1);
    n->output()->setType(t ? t : DictType::create(StringType::get(), TensorType::get()));
    return e.graph().insertNode(n)->output();
  };
  Value* d = nullptr;
  if (!in.empty()) {
    const Expr& x = in[0];
    if (x.kind() == TK_LIST_LITERAL && ListLiteral(x).inputs().empty()) {
      d = emptyDict(hint);
    } else {
      d = e.callBuiltin("aten::dict", {e.emitExpr(x, hint)}, {}, r);
    }
  }
  const auto& attrs = args.attributes();
  if (attrs.empty()) return d ? d : emptyDict(hint);
  std::vector<std::pair<std::string, Value*>> kws;
  TypePtr vt = d ? d->type()->expect<DictType>().valueType() : (dh ? dh->valueType() : nullptr);
  for (const Attribute& a : attrs) {
    Value* v = e.emitExpr(a.value(), vt);
    kws.emplace_back(a.name().name(), v);
  }
  if (!d) {
    if (!vt) {
      vt = kws[0].second->type();
      for (const auto& kv : kws) {
        auto u = unifyTypes(vt, kv.second->type());
        if (!u)
          throw ErrorReport(r) << "Dict values must contain only a single type, expected: " << vt->annotationStr()
                               << " but found " << kv.second->type()->annotationStr();
        vt = *u;
      }
    }
    d = emptyDict(DictType::create(StringType::get(), vt));
  } else if (d->type()->expect<DictType>().keyType()->kind() != TypeKind::StringType) {
    throw ErrorReport(r) << "dict keyword arguments need a dict with str keys, not "
                         << d->type()->annotationStr();
  }
  for (const auto& kv : kws)
    e.callBuiltin("aten::_set_item", {d, constant(e, IValue(kv.first)), kv.second}, {}, r);
  return d;
}

// list(t) of a tuple: its elements, which must have one type.
Value* listOfTuple(const SourceRange& r, Emitter& e, Value* t) {
  const auto& elems = t->type()->expect<TupleType>().elements();
  TypePtr elem;
  std::vector<Value*> vs;
  for (size_t i = 0; i < elems.size(); ++i) {
    auto u = elem ? unifyTypes(elem, elems[i]) : std::optional<TypePtr>(elems[i]);
    if (!u)
      throw ErrorReport(r) << "list() of a tuple needs elements of one type, found " << elem->annotationStr()
                           << " and " << elems[i]->annotationStr();
    elem = *u;
    vs.push_back(e.tupleIndex(t, static_cast<int64_t>(i), r));
  }
  Node* n = e.graph().create(prim::ListConstruct, vs, 1);
  n->output()->setType(ListType::create(elem ? elem : TensorType::get()));
  return e.graph().insertNode(n)->output();
}
}  // namespace

bool isPythonBuiltin(const std::string& name) {
  static const std::set<std::string> others = {"range", "print", "isinstance", "annotate", "min", "max",
                                               "tuple", "enumerate", "zip",   "getattr",  "hasattr", "slice"};
  return simpleBuiltins().count(name) || others.count(name) || exceptionNames().count(name);
}

bool isTorchJitBuiltin(const std::string& name) {
  static const std::set<std::string> names = {"torch.jit.annotate", "torch.jit.isinstance", "torch.jit.is_scripting",
                                              "torch.jit.fork", "torch.jit.wait"};
  return names.count(name) > 0;
}

Value* emitIsInstance(Emitter& e, const std::vector<Expr>& inputs, const SourceRange& r) {
  if (inputs.size() != 2) throw ErrorReport(r) << "isinstance expects 2 arguments";
  Value* v = e.emitExpr(inputs[0]);
  std::vector<TypePtr> types;
  const Expr& te = inputs[1];
  if (te.kind() == TK_TUPLE_LITERAL) {
    for (const Expr& x : TupleLiteral(te).inputs()) types.push_back(e.parseType(x));
  } else {
    types.push_back(e.parseType(te));
  }
  for (const auto& t : types)
    if (v->type()->isSubtypeOf(*t)) return constant(e, IValue(true));
  bool possible = false;
  for (const auto& t : types)
    if (t->isSubtypeOf(*v->type()) || v->type()->kind() == TypeKind::AnyType ||
        v->type()->kind() == TypeKind::UnionType || v->type()->kind() == TypeKind::OptionalType)
      possible = true;
  if (!possible) return constant(e, IValue(false));
  Node* n = e.graph().create(prim::isinstance, {v}, 1);
  n->output()->setType(BoolType::get());
  n->tys_(attr::types, types);
  return e.graph().insertNode(n)->output();
}

SugaredValuePtr PythonBuiltinFunction::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  const std::string& fn = name_;
  if (fn == "torch.jit.annotate" || fn == "annotate") return simple(emitAnnotate(r, e, args));
  if (fn == "isinstance" || fn == "torch.jit.isinstance") return simple(emitIsInstance(e, args.inputs(), r));
  if (fn == "torch.jit.is_scripting") return simple(constant(e, IValue(true)));
  if (fn == "torch.jit.fork") return simple(emitFork(r, e, args));
  if (fn == "torch.jit.wait") return simple(emitWait(r, e, args));
  if (fn == "print") {
    if (!args.kwargs().empty()) throw ErrorReport(r) << "print doesn't accept any keyword arguments";
    std::vector<Value*> vs;
    for (const NamedValue& nv : args.args()) vs.push_back(nv.value);
    Node* n = e.graph().create(prim::Print, vs, 0);
    e.graph().insertNode(n)->setSourceRange(r);
    return simple(constant(e, IValue()));
  }
  if (fn == "getattr" || fn == "hasattr") {
    // The attribute name must be a literal: types are static.
    const auto& in = args.inputs();
    if (in.size() != 2 || in[1].kind() != TK_STRINGLITERAL || !args.attributes().empty())
      throw ErrorReport(r) << fn << "() expects an object and a string literal naming the attribute";
    std::string field = StringLiteral(in[1]).text();
    SugaredValuePtr obj = e.emitSugared(in[0]);
    if (fn == "getattr") return obj->attr(r, e, field);
    Value* v = obj->asValue(in[0].range(), e);
    if (v->type()->kind() != TypeKind::ClassType)
      throw ErrorReport(r) << "hasattr() expects an object of a class, got " << v->type()->annotationStr();
    const auto& cls = v->type()->expect<ClassType>();
    bool has = cls.findAttributeSlot(field) || cls.findMethod(field) ||
               e.unit().cu->findClassConstant(cls.name(), field) || e.unit().cu->hasDeferredMethod(&cls, field);
    if (ClassInfo* ci = e.unit().classOf(v->type())) has = has || ci->methods.count(field);
    return simple(constant(e, IValue(has)));
  }
  if (fn == "range") return emitRange(r, e, args);
  if (fn == "slice") return simple(emitSliceObject(r, e, args));
  if (fn == "enumerate") return emitEnumerate(r, e, args);
  if (fn == "zip") return emitZip(r, e, args);
  if (fn == "min" || fn == "max") {
    const auto& as = args.args();
    std::string op = "prim::" + fn;
    if (as.size() == 1) return simple(e.callBuiltin(op, as, args.kwargs(), r));
    if (as.empty()) throw ErrorReport(r) << fn << " expected at least 1 argument, got 0";
    Value* acc = as[0].value;
    for (size_t i = 1; i < as.size(); ++i) acc = e.callBuiltin(op, {acc, as[i].value}, {}, r);
    return simple(acc);
  }
  if (fn == "dict") return simple(emitDictCall(r, e, args));
  if (fn == "tuple") {
    if (args.inputs().size() != 1) throw ErrorReport(r) << "tuple() takes exactly one argument";
    Value* v = e.emitExpr(args.inputs()[0]);
    if (v->type()->kind() != TypeKind::TupleType) throw ErrorReport(r) << "tuple() only accepts a tuple";
    return simple(v);
  }
  auto it = simpleBuiltins().find(fn);
  if (it != simpleBuiltins().end()) {
    const auto& as = args.args();
    const auto& kws = args.kwargs();
    if (as.size() == 1 && kws.empty() && as[0].value->type()->kind() == TypeKind::ClassType) {
      // len(obj) -> obj.__len__() and the like.
      static const std::map<std::string, std::string> magic = {
          {"len", "__len__"}, {"str", "__str__"}, {"int", "__int__"}, {"float", "__float__"}, {"abs", "__abs__"}};
      if (fn == "bool") return simple(e.toBool(as[0].value, r));
      auto m = magic.find(fn);
      if (m != magic.end()) return simple(e.requireMagic(as[0].value, m->second, {}, r, fn + "()"));
    }
    // abs(tensor) is the elementwise aten::abs, not the scalar one.
    if (fn == "abs" && as.size() == 1 && kws.empty() && as[0].value->type()->kind() == TypeKind::TensorType)
      return simple(e.callBuiltin("aten::abs", as, {}, r));
    if (fn == "float" && as.size() == 1 && as[0].value->type()->kind() == TypeKind::FloatType) return simple(as[0].value);
    if (fn == "int" && as.size() == 1 && as[0].value->type()->kind() == TypeKind::IntType) return simple(as[0].value);
    if (fn == "bool" && as.size() == 1) return simple(e.toBool(as[0].value, r));
    if (fn == "list" && as.size() == 1 && kws.empty() && as[0].value->type()->kind() == TypeKind::TupleType)
      return simple(listOfTuple(r, e, as[0].value));
    if (fn == "list" && as.empty()) {
      const TypePtr& hint = args.hint();
      Node* n = e.graph().create(prim::ListConstruct, {}, 1);
      n->output()->setType(hint && hint->kind() == TypeKind::ListType ? hint : ListType::ofTensors());
      return simple(e.graph().insertNode(n)->output());
    }
    return simple(e.callBuiltin(it->second, as, kws, r));
  }
  if (exceptionNames().count(fn)) throw ErrorReport(r) << "exceptions can only be raised";
  throw ErrorReport(r) << "builtin function '" << fn << "' is not supported in TorchScript";
}

}  // namespace jitserve::frontend
