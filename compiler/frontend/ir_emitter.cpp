// The IR emitter's entry points (emitDefinitions, emitFunction,
// compileDefinitions) and FunctionEmitter::emit, which compiles one def;
// the rest of FunctionEmitter is in ir_emitter_*.cpp (function_emitter.h).
#include "compiler/frontend/ir_emitter.h"

#include <cmath>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/convert_to_ssa.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/exit_transform.h"
#include "compiler/frontend/function_emitter.h"
#include "compiler/frontend/resolver.h"
#include "compiler/frontend/unit_definitions.h"

namespace jitserve::frontend {

namespace detail {

GraphFunction* FunctionEmitter::emit() {
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
    if (p.type().present()) a.N = broadcastingListSize(p.type().get());
    if (p.defaultValue().present() && p.kwargOnly() && !sh_.archiveSource)
      throw ErrorReport(def_.range())
          << "Compiled functions can't take variable number of arguments or use keyword-only arguments with defaults";
    if (p.defaultValue().present()) {
      // TorchScript refuses list and dict defaults in a program (Python
      // shares them between calls); printed code may carry them.
      const int dk = p.defaultValue().get().kind();
      if (!sh_.archiveSource && (dk == TK_LIST_LITERAL || dk == TK_DICT_LITERAL || dk == TK_LIST_COMP ||
                                 dk == TK_DICT_COMP)) {
        throw ErrorReport(p.range())
            << "Mutable default parameters are not supported because Python binds them to the function and they "
               "persist across function calls. As a workaround, make the default None and instantiate the default "
               "parameter within the body of the function. Found <class '"
            << (dk == TK_LIST_LITERAL || dk == TK_LIST_COMP ? "list" : "dict") << "'> on parameter "
            << p.ident().name();
      }
      a.defaultValue = evalDefault(p.defaultValue().get(), t);
    }
    a.kwargOnly = p.kwargOnly();
    args.push_back(std::move(a));
    setVar(p.ident().name(), in, nullptr, p.range());
  }
  if (def_.decl().returnType().present()) declaredRet_ = parseTypeExpr(sh_, def_.decl().returnType().get());
  bool unused = false;
  for (const Expr& dec : def_.decorators()) unused = unused || dec.range().text() == "torch.jit.unused";
  if (unused) {
    // @torch.jit.unused: the body is not compiled; calling it raises.
    Node* n = g.create(prim::RaiseException,
                       {constant(g, IValue(def_.name().name() + " was marked @torch.jit.unused and cannot be called")),
                        constant(g, IValue(std::string("builtins.RuntimeError")))},
                       0);
    g.insertNode(n)->setSourceRange(def_.range());
    env_.markExited();
  } else {
    emitStatements(def_.statements());
  }
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
  // A function that only raises keeps its declared return type: its
  // output is never produced, so an Uninitialized of that type stands in.
  const bool onlyRaises = !res.hadReturn && env_.exited() && declaredRet_;
  if (onlyRaises) {
    Node* u = g.create(prim::Uninitialized, 1);
    u->output()->setType(declaredRet_);
    g.registerOutput(g.insertNode(u)->output());
    res.hadReturn = true;
    res.returnType = declaredRet_;
  } else if (!res.hadReturn) {
    g.registerOutput(constant(g, IValue()));
  }
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

Value* FunctionEmitter::listFromIterable(const Iterable& it, const TypePtr& elemType, const SourceRange& r) {
  Node* ln = g().create(prim::ListConstruct, {}, 1);
  ln->output()->setType(ListType::create(elemType));
  g().insertNode(ln);
  Value* list = ln->output();
  emitLoop(it.length, constant(g(), IValue(true)),
           [&](Value* idx) { callBuiltin("aten::append", {list, it.element(idx)}, {}, r); },
           [&]() { return constant(g(), IValue(true)); }, r);
  return list;
}

// A parameter's default: a constant expression evaluated now (PyTorch runs
// it in Python), whose type must fit the annotation. An int default of a
// float parameter is widened, as we always allowed.
IValue FunctionEmitter::evalDefault(const Expr& e, const TypePtr& t) {
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
std::pair<IValue, TypePtr> FunctionEmitter::evalConstant(const Expr& e) {
  auto unsupported = [&]() -> std::pair<IValue, TypePtr> {
    throw ErrorReport(e.range()) << "Unsupported default value: only constants are supported here";
  };
  switch (e.kind()) {
    case TK_CONST: {
      Const c(e);
      if (c.isComplex()) return {IValue(std::complex<double>(0.0, c.asImaginary())), ComplexType::get()};
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

}  // namespace detail

GraphFunction* emitFunction(UnitDefinitions& unit, const Def& def, ClassInfo* cls) {
  return detail::FunctionEmitter(unit, def, cls).emit();
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
