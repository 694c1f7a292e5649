#include "compiler/frontend/schema_matching.h"

#include <sstream>

#include "runtime/ir/ivalue_constant.h"

namespace jitserve::frontend {

namespace {

const TypePtr* lookupVar(const TypeVarEnv& env, const std::string& name) {
  for (const auto& [n, t] : env)
    if (n == name) return &t;
  return nullptr;
}

// Records the nodes an attempt inserts so a failed attempt can remove them.
class Undo {
 public:
  void add(Node* n) { nodes_.push_back(n); }
  void rollback() {
    for (auto it = nodes_.rbegin(); it != nodes_.rend(); ++it) (*it)->destroy();
    nodes_.clear();
  }
  void commit() { nodes_.clear(); }

 private:
  std::vector<Node*> nodes_;
};

Value* insertTracked(Graph& g, Node* n, Undo& undo, const SourceRange& loc) {
  n->setSourceRange(loc);
  g.insertNode(n);
  undo.add(n);
  return n->output();
}

Value* insertOp(Graph& g, std::string_view qual, Value* in, const TypePtr& outType, Undo& undo,
                const SourceRange& loc) {
  Node* n = g.create(Symbol::fromQualString(qual), {in}, 1);
  n->output()->setType(outType);
  return insertTracked(g, n, undo, loc);
}

Value* insertConst(Graph& g, const IValue& v, Undo& undo, const SourceRange& loc) {
  Value* out = insertConstant(g, v, loc);
  undo.add(out->node());
  return out;
}

bool isTensor(const TypePtr& t) { return t->kind() == TypeKind::TensorType; }

// Converts `v` towards `formal` if TorchScript allows it implicitly; returns
// v itself when no conversion applies.
Value* tryConvert(Graph& g, Value* v, const Argument& arg, bool allowConversions, Undo& undo,
                  const SourceRange& loc) {
  const TypePtr& formal = arg.type;
  TypePtr concrete = unwrapOptional(formal);
  // An empty list or dict literal takes the parameter's type (it was typed
  // List[Tensor] / Dict[str, Tensor] only for lack of a hint).
  if (!v->hasUses() && !formal->hasFreeVariables() &&
      ((v->node()->kind() == prim::ListConstruct && concrete->kind() == TypeKind::ListType) ||
       (v->node()->kind() == prim::DictConstruct && concrete->kind() == TypeKind::DictType)) &&
      v->node()->inputs().empty() && !v->type()->isSubtypeOf(*concrete)) {
    v->setType(concrete);
    return v;
  }
  // One int/float for an int[N]/float[N] parameter: N copies.
  if (arg.N && concrete->kind() == TypeKind::ListType) {
    const TypePtr& elem = concrete->expect<ListType>().elementType();
    if ((elem->kind() == TypeKind::IntType || elem->kind() == TypeKind::FloatType) && v->type()->isSubtypeOf(*elem)) {
      std::vector<Value*> items(static_cast<size_t>(*arg.N), v);
      Node* n = g.create(prim::ListConstruct, items, 1);
      n->output()->setType(ListType::create(elem));
      return insertTracked(g, n, undo, loc);
    }
  }
  // A tuple for a list parameter: unpack and rebuild as a list.
  if (concrete->kind() == TypeKind::ListType && v->type()->kind() == TypeKind::TupleType) {
    const TypePtr& elem = concrete->expect<ListType>().elementType();
    const auto& elems = v->type()->expect<TupleType>().elements();
    bool fits = !elem->hasFreeVariables();
    for (const auto& e : elems) fits = fits && e->isSubtypeOf(*elem);
    if (fits) {
      Node* unpack = g.create(prim::TupleUnpack, {v}, 0);
      for (const auto& e : elems) unpack->addOutput()->setType(e);
      unpack->setSourceRange(loc);
      g.insertNode(unpack);
      undo.add(unpack);
      Node* n = g.create(prim::ListConstruct, unpack->outputs(), 1);
      n->output()->setType(ListType::create(elem));
      return insertTracked(g, n, undo, loc);
    }
  }
  if (!allowConversions) return v;
  const TypePtr& actual = v->type();
  bool fromTensor = isTensor(actual);
  bool fromNumber = actual->kind() == TypeKind::NumberType;
  if ((fromTensor || fromNumber) && !actual->isSubtypeOf(*formal)) {
    switch (concrete->kind()) {
      case TypeKind::FloatType:
        if (fromTensor) return insertOp(g, "aten::FloatImplicit", v, FloatType::get(), undo, loc);
        return insertOp(g, "aten::Float", v, FloatType::get(), undo, loc);
      case TypeKind::IntType:
        if (fromTensor) return insertOp(g, "aten::IntImplicit", v, IntType::get(), undo, loc);
        return insertOp(g, "aten::Int", v, IntType::get(), undo, loc);
      case TypeKind::NumberType:
        if (fromTensor) return insertOp(g, "aten::ScalarImplicit", v, NumberType::get(), undo, loc);
        break;
      case TypeKind::ComplexType:
        if (fromTensor) return insertOp(g, "aten::ComplexImplicit", v, ComplexType::get(), undo, loc);
        return insertOp(g, "aten::Complex", v, ComplexType::get(), undo, loc);
      default: break;
    }
  }
  if (actual->kind() == TypeKind::StringType && concrete->kind() == TypeKind::DeviceObjType)
    return insertOp(g, "aten::device", v, DeviceObjType::get(), undo, loc);
  return v;
}

// The last positional parameter is a plain list, so extra positionals can
// be packed into it.
bool varargsCanBeList(const FunctionSchema& s, size_t i) {
  const Argument& a = s.arguments[i];
  bool last = i + 1 == s.arguments.size() || s.arguments[i + 1].kwargOnly;
  if (!last || a.N || a.type->kind() != TypeKind::ListType) return false;
  return a.type->expect<ListType>().elementType()->kind() != TypeKind::VarType;
}

std::string quoteType(const TypePtr& t) { return "'" + t->annotationStr() + "'"; }

}  // namespace

bool matchTypeVariables(const TypePtr& formal, const TypePtr& actual, TypeVarEnv& env) {
  if (!formal->hasFreeVariables()) return actual->isSubtypeOf(*formal);
  switch (formal->kind()) {
    case TypeKind::VarType: {
      const std::string& name = formal->expect<VarType>().name();
      for (auto& [n, bound] : env) {
        if (n != name) continue;
        if (actual->isSubtypeOf(*bound)) return true;
        if (auto u = unifyTypes(bound, actual)) {
          bound = *u;
          return true;
        }
        return false;
      }
      env.emplace_back(name, actual);
      return true;
    }
    case TypeKind::ListType:
      if (actual->kind() != TypeKind::ListType) return false;
      return matchTypeVariables(formal->expect<ListType>().elementType(), actual->expect<ListType>().elementType(),
                                env);
    case TypeKind::OptionalType: {
      if (actual->kind() == TypeKind::NoneType) return true;
      const TypePtr& elem = formal->expect<OptionalType>().elementType();
      if (actual->kind() == TypeKind::OptionalType)
        return matchTypeVariables(elem, actual->expect<OptionalType>().elementType(), env);
      return matchTypeVariables(elem, actual, env);
    }
    case TypeKind::DictType:
      if (actual->kind() != TypeKind::DictType) return false;
      return matchTypeVariables(formal->expect<DictType>().keyType(), actual->expect<DictType>().keyType(), env) &&
             matchTypeVariables(formal->expect<DictType>().valueType(), actual->expect<DictType>().valueType(), env);
    case TypeKind::FutureType:
      if (actual->kind() != TypeKind::FutureType) return false;
      return matchTypeVariables(formal->expect<FutureType>().elementType(),
                                actual->expect<FutureType>().elementType(), env);
    case TypeKind::TupleType: {
      if (actual->kind() != TypeKind::TupleType) return false;
      const auto& fe = formal->expect<TupleType>().elements();
      const auto& ae = actual->expect<TupleType>().elements();
      if (fe.size() != ae.size()) return false;
      for (size_t i = 0; i < fe.size(); ++i)
        if (!matchTypeVariables(fe[i], ae[i], env)) return false;
      return true;
    }
    default: return false;
  }
}

TypePtr substituteTypeVariables(const TypePtr& formal, const TypeVarEnv& env) {
  if (!formal->hasFreeVariables()) return formal;
  if (formal->kind() == TypeKind::VarType) {
    const TypePtr* b = lookupVar(env, formal->expect<VarType>().name());
    return b ? *b : nullptr;
  }
  std::vector<TypePtr> contained;
  for (const auto& c : formal->containedTypes()) {
    TypePtr s = substituteTypeVariables(c, env);
    if (!s) return nullptr;
    contained.push_back(std::move(s));
  }
  return formal->withContained(std::move(contained));
}

std::optional<MatchedSchema> tryMatchSchema(const FunctionSchema& schema, Graph& graph, const SourceRange& loc,
                                            std::span<const NamedValue> args, std::span<const NamedValue> kwargs,
                                            bool allowConversions, std::string* why) {
  Undo undo;
  auto fail = [&](std::string reason) -> std::optional<MatchedSchema> {
    undo.rollback();
    if (why) *why = std::move(reason);
    return std::nullopt;
  };
  TypeVarEnv env;
  const auto& params = schema.arguments;
  std::vector<Value*> inputs(params.size(), nullptr);

  // Checks (and converts) one value for parameter i.
  auto bind = [&](size_t i, Value* v) -> std::optional<std::string> {
    const Argument& p = params[i];
    Value* conv = tryConvert(graph, v, p, allowConversions, undo, loc);
    if (!matchTypeVariables(p.type, conv->type(), env)) {
      std::string msg = "Expected a value of type " + quoteType(p.type) + " for argument '" + p.name +
                        "' but instead found type " + quoteType(v->type()) + ".";
      if (p.type->kind() == TypeKind::ListType && v->type()->kind() == TypeKind::ListType &&
          v->node()->kind() == prim::ListConstruct && v->node()->inputs().empty())
        msg += "\nEmpty lists default to List[Tensor]. Add a variable annotation to the assignment to create an "
               "empty list of another type (torch.jit.annotate(List[T, []]) where T is the type of elements in "
               "the list for Python 2)";
      return msg;
    }
    inputs[i] = conv;
    return std::nullopt;
  };

  // Positional arguments.
  size_t used = 0;
  for (size_t i = 0; i < params.size() && used < args.size(); ++i) {
    if (params[i].kwargOnly) break;
    Value* v = args[used].value;
    if (allowConversions && varargsCanBeList(schema, i) && v->type()->kind() != TypeKind::ListType &&
        !(v->type()->kind() == TypeKind::TupleType && args.size() - used == 1)) {
      // Pack the rest: x.view(2, 3) -> size=[2, 3].
      const TypePtr& elem = params[i].type->expect<ListType>().elementType();
      std::vector<Value*> items;
      for (size_t j = used; j < args.size(); ++j) {
        Value* item = args[j].value;
        Argument elemArg{"", elem};
        item = tryConvert(graph, item, elemArg, allowConversions, undo, loc);
        if (!item->type()->isSubtypeOf(*elem))
          return fail("Expected a value of type " + quoteType(elem) + " for argument '" + params[i].name +
                      "' but instead found type " + quoteType(args[j].value->type()) + ".");
        items.push_back(item);
      }
      Node* n = graph.create(prim::ListConstruct, items, 1);
      n->output()->setType(ListType::create(elem));
      inputs[i] = insertTracked(graph, n, undo, loc);
      used = args.size();
      break;
    }
    if (auto err = bind(i, v)) return fail(*err);
    ++used;
  }
  std::vector<Value*> extra;  // for vararg schemas
  if (used < args.size()) {
    if (!schema.isVararg) {
      size_t positional = 0;
      for (const auto& p : params) positional += p.kwargOnly ? 0 : 1;
      return fail("Expected at most " + std::to_string(positional) + " arguments but found " +
                  std::to_string(args.size()) + " positional arguments.");
    }
    for (size_t j = used; j < args.size(); ++j) extra.push_back(args[j].value);
  }

  // Keyword arguments.
  for (const auto& kw : kwargs) {
    auto idx = schema.argumentIndexWithName(kw.name);
    if (!idx) return fail("Keyword argument " + kw.name + " unknown.");
    if (inputs[*idx]) return fail("Argument " + kw.name + " specified twice in schema, submit one or the other.");
    if (auto err = bind(*idx, kw.value)) return fail(*err);
  }

  // Defaults.
  for (size_t i = 0; i < params.size(); ++i) {
    if (inputs[i]) continue;
    if (!params[i].defaultValue) return fail("Argument " + params[i].name + " not provided.");
    Value* c = insertConst(graph, *params[i].defaultValue, undo, loc);
    // A None default for Optional[T] is typed NoneType; the parameter's
    // declared type still governs the call.
    if (c->type()->kind() == TypeKind::ListType && !c->type()->isSubtypeOf(*params[i].type)) {
      // Empty list defaults carry the parameter's type.
      if (!params[i].type->hasFreeVariables()) c->setType(params[i].type);
    }
    inputs[i] = c;
  }

  MatchedSchema m;
  m.schema = &schema;
  m.inputs = std::move(inputs);
  for (Value* v : extra) m.inputs.push_back(v);
  for (const auto& r : schema.returns) {
    TypePtr t = substituteTypeVariables(r.type, env);
    if (!t) return fail("Could not infer type of the return value of " + schema.name + " from its arguments.");
    m.returnTypes.push_back(std::move(t));
  }
  undo.commit();
  return m;
}

SchemaMatchResult matchSchemas(std::span<const FunctionSchema* const> schemas, Graph& graph, const SourceRange& loc,
                               std::span<const NamedValue> args, std::span<const NamedValue> kwargs) {
  SchemaMatchResult result;
  std::vector<std::string> reasons(schemas.size());
  // Round one without implicit conversions, so an exact overload wins over
  // one reached by converting (x + 1 picks add.Scalar, not add.Tensor via
  // a tensor, and int ops win over float ops for ints).
  for (bool conversions : {false, true}) {
    for (size_t i = 0; i < schemas.size(); ++i) {
      std::string why;
      if (auto m = tryMatchSchema(*schemas[i], graph, loc, args, kwargs, conversions, &why)) {
        m->index = i;
        result.match = std::move(m);
        return result;
      }
      if (conversions || reasons[i].empty()) reasons[i] = why;
    }
  }
  if (schemas.size() == 1) {
    result.error = reasons[0];
    return result;
  }
  std::ostringstream os;
  os << "Arguments for call are not valid.\nThe following variants are available:\n";
  for (size_t i = 0; i < schemas.size(); ++i) {
    os << "  \n  " << schemas[i]->str() << ":\n  " << reasons[i] << "\n";
  }
  os << "\nThe original call is:";
  result.error = os.str();
  return result;
}

Node* emitMatchedNode(Graph& graph, Symbol kind, const MatchedSchema& m, const SourceRange& loc) {
  Node* n = graph.create(kind, m.inputs, 0);
  for (const auto& t : m.returnTypes) n->addOutput()->setType(t);
  n->setSourceRange(loc);
  graph.insertNode(n);
  return n;
}

}  // namespace jitserve::frontend
