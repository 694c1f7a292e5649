#include "compiler/frontend/sugared_value.h"

#include <limits>
#include <map>
#include <optional>

#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/functional_library.h"
#include "runtime/ir/insert_graph.h"
#include "runtime/ir/ivalue_constant.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve::frontend {

namespace {

Value* constant(Emitter& e, const IValue& v, const SourceRange& r = {}) { return insertConstant(e.graph(), v, r); }

SugaredValuePtr simple(Value* v) { return std::make_shared<SimpleValue>(v); }

std::optional<int64_t> dtypeConstant(const std::string& name) {
  static const std::map<std::string, int64_t> d = {
      {"uint8", 0}, {"int8", 1}, {"int16", 2}, {"short", 2}, {"int32", 3}, {"int", 3}, {"int64", 4},
      {"long", 4}, {"float16", 5}, {"half", 5}, {"float32", 6}, {"float", 6}, {"float64", 7},
      {"double", 7}, {"complex32", 8}, {"chalf", 8}, {"complex64", 9}, {"cfloat", 9}, {"complex128", 10},
      {"cdouble", 10}, {"bool", 11}, {"bfloat16", 15}};
  auto it = d.find(name);
  if (it == d.end()) return std::nullopt;
  return it->second;
}

// torch.memory_format and torch.layout members are ints in graphs, with the
// values of PyTorch's c10::MemoryFormat and c10::Layout enums.
std::optional<int64_t> memoryFormatOrLayoutConstant(const std::string& name) {
  static const std::map<std::string, int64_t> d = {{"contiguous_format", 0}, {"preserve_format", 1},
                                                   {"channels_last", 2},     {"channels_last_3d", 3},
                                                   {"strided", 0},           {"sparse_coo", 1}};
  auto it = d.find(name);
  if (it == d.end()) return std::nullopt;
  return it->second;
}

bool opHasArgument(const std::string& op, const std::string& arg) {
  for (const Operator* o : currentOperatorRegistry().lookup(op))
    if (o->schema().argumentIndexWithName(arg)) return true;
  return false;
}

// Inlines a functional-library function (and the helpers it calls).
Value* callLibrary(Emitter& e, const GraphFunction& fn, const std::vector<NamedValue>& args,
                   const std::vector<NamedValue>& kwargs, const SourceRange& r) {
  const FunctionSchema* ptrs[] = {&fn.schema()};
  auto res = matchSchemas(ptrs, e.graph(), r, args, kwargs);
  if (!res.match) throw ErrorReport(r) << res.error;
  auto helper = [](const Node* call) -> const Graph* {
    const Node* c = call->input(0)->node();
    if (c->kind() != prim::Constant || !c->hasAttribute(attr::name)) return nullptr;
    const GraphFunction* h = findLibraryHelper(c->s(attr::name));
    return h ? &h->graph() : nullptr;
  };
  std::vector<Value*> outs = insertGraph(e.graph(), fn.graph(), res.match->inputs, helper);
  return outs.at(0);
}

// Whether a dispatch (or library name) leads to a library function on
// either branch.
bool reachesLibrary(std::string_view name) {
  if (findLibraryFunction(name)) return true;
  const LibraryDispatch* d = findLibraryDispatch(name);
  return d && (reachesLibrary(d->ifTrue) || reachesLibrary(d->ifFalse));
}

// Boolean dispatch (functional_library.h): follows `qualified`'s dispatches
// by the deciding flags of this call to the typed library function they
// pick. nullopt when `qualified` is no dispatch or its branches have no
// library function (max_pool*: callFunctional handles those). A flag that is
// not a constant bool is an error: it decides the result's type, so PyTorch
// requires a constant too.
std::optional<std::string> resolveDispatch(const std::string& qualified, const std::vector<NamedValue>& args,
                                           const std::vector<NamedValue>& kwargs, const SourceRange& r) {
  if (!findLibraryDispatch(qualified) || !reachesLibrary(qualified)) return std::nullopt;
  std::string name = qualified;
  while (const LibraryDispatch* d = findLibraryDispatch(name)) {
    const Value* flag = nullptr;
    for (const NamedValue& kw : kwargs)
      if (kw.name == d->argName) flag = kw.value;
    if (!flag && d->argIndex < args.size()) flag = args[d->argIndex].value;
    bool value = d->defaultValue;
    if (flag) {
      std::optional<IValue> c =
          flag->node()->kind() == prim::Constant ? constantNodeValue(*flag->node()) : std::nullopt;
      if (!c || !c->isBool())
        throw ErrorReport(r) << qualified << ": '" << d->argName
                             << "' must be a constant bool here: it decides the type of the result";
      value = c->toBool();
    }
    name = std::string(value ? d->ifTrue : d->ifFalse);
  }
  return name;
}

// torch.nn.functional members are Python functions in PyTorch; the common
// ones map onto aten operators with their Python-level argument spellings
// (reduction strings, training=, return_indices=) translated.
Value* callFunctional(Emitter& e, const std::string& name, std::vector<NamedValue> args,
                      std::vector<NamedValue> kwargs, const SourceRange& r) {
  auto constOf = [](Value* v) {
    return v->node()->kind() == prim::Constant ? constantNodeValue(*v->node()) : std::nullopt;
  };
  bool returnIndices = false;
  std::vector<NamedValue> kept;
  for (auto& kw : kwargs) {
    auto c = constOf(kw.value);
    if (kw.name == "reduction" && c && c->isString()) {
      const std::string& red = c->toStringRef();
      int64_t code = red == "none" ? 0 : red == "sum" ? 2 : 1;
      kept.emplace_back(kw.name, constant(e, IValue(code)));
      continue;
    }
    if (kw.name == "return_indices" && c && c->isBool()) {
      returnIndices = c->toBool();
      continue;
    }
    if (kw.name == "inplace" && c && c->isBool() && !c->toBool()) continue;
    if (kw.name == "training" && !opHasArgument("aten::" + name, "training")) {
      kept.emplace_back("train", kw.value);
      continue;
    }
    if (kw.name == "input") {
      args.insert(args.begin(), NamedValue(kw.value));
      continue;
    }
    kept.push_back(kw);
  }
  if (name.rfind("adaptive_max_pool", 0) == 0 && args.size() == 3) {
    auto c = constOf(args[2].value);
    if (c && c->isBool()) returnIndices = c->toBool();
    args.pop_back();
  }
  if (name == "logsigmoid") return e.callBuiltin("aten::log_sigmoid", args, kept, r);
  std::string op = "aten::" + name;
  if (name.rfind("max_pool", 0) == 0 && returnIndices) op += "_with_indices";
  Value* out = e.callBuiltin(op, args, kept, r);
  if (name.rfind("adaptive_max_pool", 0) == 0 && !returnIndices && out->type()->kind() == TypeKind::TupleType)
    return e.tupleIndex(out, 0, r);
  return out;
}

}  // namespace

// CallArgs ------------------------------------------------------------------------

const std::vector<NamedValue>& CallArgs::args() {
  if (!args_) {
    args_.emplace();
    for (const Expr& x : inputs_) {
      if (x.kind() == TK_STARRED) throw ErrorReport(x.range()) << "Starred expressions are not supported";
      args_->emplace_back(e_.emitExpr(x));
    }
  }
  return *args_;
}

const std::vector<NamedValue>& CallArgs::kwargs() {
  if (!kwargs_) {
    kwargs_.emplace();
    for (const Attribute& at : attributes_) kwargs_->emplace_back(at.name().name(), e_.emitExpr(at.value()));
  }
  return *kwargs_;
}

// SugaredValue --------------------------------------------------------------------

Value* SugaredValue::asValue(const SourceRange& r, Emitter&) {
  throw ErrorReport(r) << "'" << r.text() << "' cannot be used as a value";
}

SugaredValuePtr SugaredValue::attr(const SourceRange& r, Emitter&, const std::string& field) {
  throw ErrorReport(r) << kind() << " has no attribute '" << field << "'";
}

SugaredValuePtr SugaredValue::call(const SourceRange& r, Emitter&, CallArgs&) {
  throw ErrorReport(r) << kind() << " is not callable";
}

Iterable SugaredValue::iter(const SourceRange& r, Emitter&) {
  throw ErrorReport(r) << "'" << r.text() << "' is not iterable";
}

// SimpleValue ---------------------------------------------------------------------

std::string SimpleValue::kind() const { return "value of type '" + value_->type()->annotationStr() + "'"; }

SugaredValuePtr SimpleValue::attr(const SourceRange& r, Emitter& e, const std::string& field) {
  Value* v = value_;
  const TypePtr& t = v->type();
  if (t->kind() == TypeKind::TensorType) {
    static const std::map<std::string, std::string> props = {
        {"shape", "aten::size"}, {"dtype", "prim::dtype"}, {"device", "prim::device"},
        {"is_cuda", "prim::is_cuda"}, {"requires_grad", "prim::requires_grad"},
        {"T", "aten::numpy_T"}, {"mT", "aten::mT"}, {"mH", "aten::mH"}, {"H", "aten::matrix_H"},
        {"ndim", "aten::dim"}, {"data", "prim::data"}, {"is_leaf", "aten::is_leaf"},
        {"layout", "prim::layout"}, {"is_sparse", "prim::is_sparse"}, {"grad", "prim::grad"},
        {"is_cpu", "prim::is_cpu"}, {"is_meta", "prim::is_meta"}, {"is_quantized", "prim::is_quantized"},
        {"is_mkldnn", "prim::is_mkldnn"}, {"is_nested", "prim::is_nested"}, {"is_sparse_csr", "prim::is_sparse_csr"},
        {"is_xla", "prim::is_xla"}, {"is_xpu", "prim::is_xpu"}, {"is_mps", "prim::is_mps"},
        {"is_mtia", "prim::is_mtia"}, {"is_maia", "prim::is_maia"}, {"is_vulkan", "prim::is_vulkan"},
        {"is_ipu", "prim::is_ipu"}, {"is_ort", "prim::is_ort"}, {"itemsize", "prim::itemsize"}, {"nbytes", "prim::nbytes"},
        {"name", "prim::name"}, {"real", "aten::real"}, {"imag", "aten::imag"},
        {"retains_grad", "aten::retains_grad"}};
    auto it = props.find(field);
    if (it != props.end()) return simple(e.callBuiltin(it->second, {v}, {}, r));
  }
  if (t->kind() == TypeKind::DeviceObjType && (field == "type" || field == "index"))
    return simple(e.callBuiltin(field == "type" ? "prim::type" : "prim::index", {v}, {}, r));
  if (t->kind() == TypeKind::TupleType) {
    auto idx = t->expect<TupleType>().fieldIndex(field);
    if (idx) return simple(e.tupleIndex(v, static_cast<int64_t>(*idx), r));
  }
  if (t->kind() == TypeKind::ClassType) {
    if (ClassInfo* ci = e.unit().classOf(t); ci && ci->properties.count(field))
      return simple(e.callMethod(v, field, {}, {}, r, nullptr));
    if (Value* a = e.getAttr(v, field, r)) return simple(a);
  }
  if (t->kind() == TypeKind::OptionalType && unwrapOptional(t)->kind() == TypeKind::ClassType)
    throw ErrorReport(r) << "Tried to access attribute or method '" << field << "' of type '" << t->annotationStr()
                         << "', which may be None: refine it first (`if x is not None:`)";
  if (t->kind() == TypeKind::EnumType && (field == "name" || field == "value")) {
    const auto& et = t->expect<EnumType>();
    Node* n = e.graph().create(Symbol::fromQualString(field == "name" ? "prim::EnumName" : "prim::EnumValue"), {v}, 1);
    n->output()->setType(field == "name" ? StringType::get() : et.valueType());
    n->setSourceRange(r);
    return simple(e.graph().insertNode(n)->output());
  }
  return std::make_shared<MethodValue>(v, field);
}

SugaredValuePtr SimpleValue::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  // obj(args) is obj.__call__(args) for an object whose class defines it.
  if (value_->type()->kind() == TypeKind::ClassType) {
    if (ClassInfo* ci = e.unit().classOf(value_->type()); ci && ci->methods.count("__call__"))
      return simple(e.callMethod(value_, "__call__", args.args(), args.kwargs(), r, args.hint()));
  }
  throw ErrorReport(r) << "'" << value_->type()->annotationStr() << "' object is not callable";
}

Iterable SimpleValue::iter(const SourceRange& r, Emitter& e) {
  Value* v = value_;
  const TypePtr& t = v->type();
  Emitter* ep = &e;
  switch (t->kind()) {
    case TypeKind::ListType:
    case TypeKind::StringType:
      return Iterable{e.callBuiltin("aten::len", {v}, {}, r),
                      [ep, v, r](Value* i) { return ep->callBuiltin("aten::__getitem__", {v, i}, {}, r); }};
    case TypeKind::DictType: {
      Value* keys = e.callBuiltin("aten::keys", {v}, {}, r);
      return Iterable{e.callBuiltin("aten::len", {keys}, {}, r),
                      [ep, keys, r](Value* i) { return ep->callBuiltin("aten::__getitem__", {keys, i}, {}, r); }};
    }
    case TypeKind::TensorType:
      return Iterable{e.callBuiltin("aten::len", {v}, {}, r), [ep, v, r](Value* i) {
                        return ep->callBuiltin("aten::select", {v, constant(*ep, IValue(int64_t{0})), i}, {}, r);
                      }};
    default: throw ErrorReport(r) << "'" << t->annotationStr() << "' object is not iterable";
  }
}

// MethodValue ---------------------------------------------------------------------

SugaredValuePtr MethodValue::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  return simple(e.callMethod(self_, name_, args.args(), args.kwargs(), r, args.hint()));
}

// ModuleValue ---------------------------------------------------------------------

SugaredValuePtr ModuleValue::attr(const SourceRange& r, Emitter& e, const std::string& field) {
  if (path_ == "math") {
    static const std::map<std::string, double> constants = {{"pi", 3.141592653589793},
                                                            {"e", 2.718281828459045},
                                                            {"inf", std::numeric_limits<double>::infinity()},
                                                            {"nan", std::numeric_limits<double>::quiet_NaN()},
                                                            {"tau", 6.283185307179586}};
    auto it = constants.find(field);
    if (it != constants.end()) return simple(constant(e, IValue(it->second), r));
  }
  if (path_ == "torch") {
    static const std::set<std::string> submodules = {"linalg", "special", "fft", "jit", "nn", "cuda"};
    if (submodules.count(field)) return std::make_shared<ModuleValue>("torch." + field);
    // torch.functional holds the Python definitions of torch.norm, torch.split, ...
    if (field == "functional") return std::make_shared<ModuleValue>("torch");
    if (auto dt = dtypeConstant(field)) return simple(constant(e, IValue(*dt), r));
    if (auto mf = memoryFormatOrLayoutConstant(field)) return simple(constant(e, IValue(*mf), r));
  }
  if (path_ == "torch.nn" && field == "functional") return std::make_shared<ModuleValue>("F");
  // torch.nn.utils.rnn.pad_sequence and the like: calls of the aten
  // operator of the same name.
  if ((path_ == "torch.nn" && field == "utils") || (path_ == "torch.nn.utils" && field == "rnn"))
    return std::make_shared<ModuleValue>(path_ + "." + field);
  // torch._C._nn.gelu and the like are the aten operators themselves (the
  // out= forms of the nn activations are reachable only this way).
  if ((path_ == "torch" && field == "_C") || (path_ == "torch._C" && field == "_nn"))
    return std::make_shared<ModuleValue>(path_ + "." + field);
  // torch.ops.NS.X is the operator NS::X (torch.ops.torchvision.nms).
  if ((path_ == "torch" && field == "ops") || path_ == "torch.ops")
    return std::make_shared<ModuleValue>(path_ + "." + field);
  std::string name = path_ + "." + field;
  if (path_ == "torch.nn.utils.rnn")
    if (const NamedTupleDef* def = findLibraryNamedTuple(name))
      return std::make_shared<NamedTupleConstructor>(name, *def);
  if (isTorchJitBuiltin(name)) return std::make_shared<PythonBuiltinFunction>(name);
  return std::make_shared<BuiltinFunction>(name);
}

SugaredValuePtr ModuleValue::call(const SourceRange& r, Emitter&, CallArgs&) {
  throw ErrorReport(r) << "module '" << path_ << "' is not callable";
}

// BuiltinFunction -----------------------------------------------------------------

SugaredValuePtr BuiltinFunction::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  const std::string& fn = name_;
  std::string base = fn.substr(fn.rfind('.') + 1);
  // Python-level library functions (ours, in TorchScript) come before
  // operators of the same name.
  bool functional = fn.rfind("F.", 0) == 0;
  std::string qualified = functional ? "torch.nn.functional." + base : fn;
  if (std::optional<std::string> picked = resolveDispatch(qualified, args.args(), args.kwargs(), r)) {
    const GraphFunction* lib = findLibraryFunction(*picked);
    if (!lib) throw ErrorReport(r) << qualified << " has no function for these flags (" << *picked << ")";
    return simple(callLibrary(e, *lib, args.args(), args.kwargs(), r));
  }
  if (const GraphFunction* lib = findLibraryFunction(qualified))
    return simple(callLibrary(e, *lib, args.args(), args.kwargs(), r));
  if (functional) return simple(callFunctional(e, base, args.args(), args.kwargs(), r));
  if (fn.rfind("torch.ops.", 0) == 0) {
    std::string ns = fn.substr(10, fn.rfind('.') - 10);
    return simple(e.callBuiltin(ns + "::" + base, args.args(), args.kwargs(), r));
  }
  // torch.linalg.det -> aten::linalg_det (likewise special_, fft_).
  for (const char* sub : {"linalg", "special", "fft"}) {
    std::string prefix = std::string("torch.") + sub + ".";
    if (fn.rfind(prefix, 0) == 0) {
      std::string op = std::string("aten::") + sub + "_" + base;
      if (std::string(sub) == "linalg" && currentOperatorRegistry().lookup(op).empty() &&
          !currentOperatorRegistry().lookup("aten::" + base).empty())
        op = "aten::" + base;
      return simple(e.callBuiltin(op, args.args(), args.kwargs(), r));
    }
  }
  // math.remainder is IEEE's remainder (a float), not Python's %.
  if (fn == "math.remainder") return simple(e.callBuiltin("aten::mathremainder", args.args(), args.kwargs(), r));
  return simple(e.callBuiltin("aten::" + base, args.args(), args.kwargs(), r));
}

// Definitions of the file ---------------------------------------------------------

std::string CompiledFunctionValue::kind() const { return "function '" + fn_->name() + "'"; }

SugaredValuePtr CompiledFunctionValue::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  return std::make_shared<SimpleValue>(e.callFunction(fn_, args.args(), args.kwargs(), r));
}

SugaredValuePtr FunctionValue::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  return simple(e.callUserFunction(name_, args.args(), args.kwargs(), r));
}

namespace {
// Cls.__new__(Cls): an object of Cls with no attribute set yet, which the
// printed code then initializes with obj.__init__(...) (how PyTorch prints
// a constructor call, e.g. torchvision's ImageList(...)).
class ClassNewValue : public SugaredValue {
 public:
  explicit ClassNewValue(ClassTypePtr type) : type_(std::move(type)) {}
  std::string kind() const override { return "method '" + type_->name() + ".__new__'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override {
    if (args.inputs().size() != 1 || !args.attributes().empty())
      throw ErrorReport(r) << type_->name() << ".__new__ expects the class as its only argument";
    Node* n = e.graph().create(prim::CreateObject, 1);
    n->output()->setType(type_);
    n->setSourceRange(r);
    return simple(e.graph().insertNode(n)->output());
  }

 private:
  ClassTypePtr type_;
};
}  // namespace

SugaredValuePtr ClassValue::attr(const SourceRange& r, Emitter&, const std::string& field) {
  if (info_ && info_->staticMethods.count(field)) return std::make_shared<FunctionValue>(info_->name + "." + field);
  if (field == "__new__") return std::make_shared<ClassNewValue>(type_);
  throw ErrorReport(r) << "class '" << (info_ ? info_->name : type_->name()) << "' has no static method '" << field
                       << "'";
}

SugaredValuePtr ClassValue::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  return simple(e.construct(type_, args.args(), args.kwargs(), r));
}

SugaredValuePtr NamedTupleConstructor::call(const SourceRange& r, Emitter& e, CallArgs& args) {
  const FunctionSchema* ptrs[] = {&def_.ctor};
  auto res = matchSchemas(ptrs, e.graph(), r, args.args(), args.kwargs());
  if (!res.match) throw ErrorReport(r) << res.error;
  Node* n = e.graph().create(prim::TupleConstruct, res.match->inputs, 1);
  n->output()->setType(def_.type);
  return simple(e.graph().insertNode(n)->output());
}

SugaredValuePtr EnumClassValue::attr(const SourceRange& r, Emitter& e, const std::string& field) {
  for (const IValue& m : enum_.members)
    if (m.toEnumRef().name == field) return simple(constant(e, m, r));
  throw ErrorReport(r) << "'" << enum_.name << "' has no member '" << field << "'";
}

Iterable EnumClassValue::iter(const SourceRange& r, Emitter& e) {
  // for m in Color: the members, as a constant list.
  std::vector<Value*> ms;
  for (const IValue& m : enum_.members) ms.push_back(constant(e, m, r));
  Node* n = e.graph().create(prim::ListConstruct, ms, 1);
  n->output()->setType(ListType::create(std::const_pointer_cast<EnumType>(enum_.type)));
  Value* list = e.graph().insertNode(n)->output();
  return SimpleValue(list).iter(r, e);
}

// IterableValue -------------------------------------------------------------------

Value* IterableValue::asValue(const SourceRange& r, Emitter& e) {
  if (!listElementType_) throw ErrorReport(r) << what_ << " can only be used as the iterable of a for loop";
  return e.listFromIterable(make_(r, e), listElementType_, r);
}

}  // namespace jitserve::frontend
