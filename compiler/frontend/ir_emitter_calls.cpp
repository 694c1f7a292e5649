// FunctionEmitter's calls (builtin operators, methods, user functions) and
// objects of user classes: attributes, construction, magic methods.
#include "compiler/frontend/function_emitter.h"

#include <algorithm>
#include <map>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/schema_matching.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"

namespace jitserve::frontend::detail {

Value* FunctionEmitter::callBuiltin(const std::string& qualName, std::vector<NamedValue> args,
                                    std::vector<NamedValue> kwargs, const SourceRange& r) {
  auto ops = currentOperatorRegistry().lookup(qualName);
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

SugaredValuePtr FunctionEmitter::emitApply(const Apply& a, const TypePtr& hint) {
  SugaredValuePtr callee = emitSugared(a.callee());
  CallArgs args(*this, a.inputs().vec(), a.attributes().vec(), hint);
  return callee->call(a.range(), *this, args);
}

// Objects of user classes -------------------------------------------------------------

// The definition of a class whose methods may still need compiling: of
// this file, or of an archive file whose bodies are deferred; {.., null}
// for a class compiled before (its methods are on its type).
std::pair<UnitDefinitions*, ClassInfo*> FunctionEmitter::classDefinition(const TypePtr& t) {
  if (t->kind() != TypeKind::ClassType) return {nullptr, nullptr};
  if (ClassInfo* ci = sh_.classOf(t)) return {&sh_, ci};
  return sh_.cu->deferredClass(&t->expect<ClassType>());
}

// Method `name` of a class-typed obj, compiled on first use; nullptr if
// the class has none.
Function* FunctionEmitter::objectMethod(Value* obj, const std::string& name, const SourceRange& r) {
  auto [owner, ci] = classDefinition(obj->type());
  return ci ? compileMethodOf(*owner, *ci, name, r) : obj->type()->expect<ClassType>().findMethod(name);
}

// obj.field as prim::GetAttr, or nullptr when field names a method.
Value* FunctionEmitter::emitGetAttr(Value* obj, const std::string& field, const SourceRange& r) {
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
void FunctionEmitter::emitSetAttr(Value* obj, const std::string& field, Value* v, const TypePtr& declared,
                                  const SourceRange& r) {
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
    // An attribute must exist on every path through __init__.
    if (g().insertBlock() != g().block())
      throw ErrorReport(r) << "First assignment cannot be in a control-flow block. Initialize the field at the top "
                              "level first";
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
Value* FunctionEmitter::callObjectMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
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
Value* FunctionEmitter::emitCallMethod(const FunctionSchema& schema, const std::string& name,
                                       std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                                       const SourceRange& r) {
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
Value* FunctionEmitter::callInterfaceMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                                            std::vector<NamedValue> kwargs, const SourceRange& r) {
  const auto& iface = self->type()->expect<InterfaceType>();
  const FunctionSchema* declared = sh_.cu->findInterfaceMethod(iface.name(), name);
  if (!declared) throw ErrorReport(r) << "interface '" << iface.name() << "' has no method '" << name << "'";
  FunctionSchema withSelf = *declared;
  withSelf.arguments.insert(withSelf.arguments.begin(), Argument{"self", self->type()});
  return emitCallMethod(withSelf, name, std::move(args), std::move(kwargs), r);
}

// The magic method `name` of obj's class, or nullptr if it has none.
Value* FunctionEmitter::callMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r) {
  auto [owner, ci] = classDefinition(obj->type());
  if (ci ? !ci->methods.count(name) || ci->staticMethods.count(name)
         : !obj->type()->expect<ClassType>().findMethod(name))
    return nullptr;
  std::vector<NamedValue> as{NamedValue(obj)};
  for (Value* a : args) as.emplace_back(a);
  return callObjectMethod(obj, name, std::move(as), {}, r);
}

Value* FunctionEmitter::requireMagic(Value* obj, const std::string& name, std::vector<Value*> args,
                                     const SourceRange& r, const std::string& what) {
  if (Value* v = callMagic(obj, name, std::move(args), r)) return v;
  throw ErrorReport(r) << "'" << obj->type()->annotationStr() << "' object does not support " << what
                       << " (its class does not define " << name << ")";
}

// Foo(args): prim::CreateObject, then __init__ on it.
Value* FunctionEmitter::emitConstruct(const ClassTypePtr& cls, std::vector<NamedValue> args,
                                      std::vector<NamedValue> kwargs, const SourceRange& r) {
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
Value* FunctionEmitter::emitTolist(Value* self, const TypePtr& hint, const SourceRange& r) {
  if (!hint) throw ErrorReport(r) << "Expected type hint for result of tolist()";
  TypePtr elem = hint;
  int64_t dim = 0;
  while (elem->kind() == TypeKind::ListType) {
    elem = elem->expect<ListType>().elementType();
    ++dim;
  }
  int64_t code = elem->kind() == TypeKind::IntType ? 0 : elem->kind() == TypeKind::FloatType ? 1
                 : elem->kind() == TypeKind::BoolType ? 2 : -1;
  // int, float or bool (a 0-dim tensor's value), or lists of them nested
  // to the tensor's rank.
  if (code < 0)
    throw ErrorReport(r) << "Output annotation element type for tolist() must be int, float, bool or a (nested) "
                            "list of them, not "
                         << hint->annotationStr();
  Node* n = g().create(Symbol::fromQualString("prim::tolist"),
                       {self, constant(g(), IValue(dim)), constant(g(), IValue(code))}, 1);
  n->output()->setType(hint);
  n->setSourceRange(r);
  return g().insertNode(n)->output();
}

Value* FunctionEmitter::callMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                                   std::vector<NamedValue> kwargs, const SourceRange& r, const TypePtr& hint) {
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
  // PyTorch binds a method's receiver to the parameter named self, which
  // for where is the second: x.where(cond, y) is where(cond, x, y).
  if (self->type()->kind() == TypeKind::TensorType && name == "where" && args.size() == 2 && kwargs.empty())
    return callBuiltin("aten::where", {args[0], NamedValue(self), args[1]}, {}, r);
  args.insert(args.begin(), NamedValue(self));
  if (self->type()->kind() == TypeKind::ClassType) return callObjectMethod(self, name, std::move(args), std::move(kwargs), r);
  if (self->type()->kind() == TypeKind::InterfaceType) return callInterfaceMethod(self, name, std::move(args), std::move(kwargs), r);
  const TypePtr& t = self->type();
  // PyTorch looks methods up on the static type: an Optional has none (the
  // program must refine it first), whatever overloads the name has.
  if (t->kind() == TypeKind::OptionalType)
    throw ErrorReport(r) << "'" << t->annotationStr() << "' object has no attribute or method '" << name << "'.";
  // Numbers have no methods: like PyTorch, only an overload whose first
  // argument is `self` (and not a Tensor) could be one, and none is.
  if (t->kind() == TypeKind::IntType || t->kind() == TypeKind::FloatType || t->kind() == TypeKind::BoolType ||
      t->kind() == TypeKind::NumberType) {
    bool any = false;
    for (const Operator* op : currentOperatorRegistry().lookup("aten::" + name)) {
      const auto& as = op->schema().arguments;
      any = any || (!as.empty() && as[0].name == "self" && as[0].type->kind() != TypeKind::TensorType);
    }
    if (!any) throw ErrorReport(r) << "'" << t->annotationStr() << "' object has no attribute or method '" << name << "'.";
  }
  if (t->kind() == TypeKind::StringType && currentOperatorRegistry().lookup("aten::" + name).empty())
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

// A compiled function of the unit, called through prim::CallFunction on a
// constant naming it (the unit resolves the name when building Code).
Value* FunctionEmitter::callFunction(GraphFunction* fn, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                                     const SourceRange& r) {
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

}  // namespace jitserve::frontend::detail
