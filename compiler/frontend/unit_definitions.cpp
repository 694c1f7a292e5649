#include "compiler/frontend/unit_definitions.h"

#include <algorithm>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/error_report.h"
#include "compiler/frontend/type_annotations.h"
#include "runtime/core/ivalue_containers.h"

namespace jitserve::frontend {

namespace {

// class Color(Enum): RED = 1 ... -> EnumType __torch__.Color with constant
// members whose values are all int, all float or all str.
void defineEnum(UnitDefinitions& sh, const ClassDef& cd) {
  std::string name = cd.name().name();
  std::vector<std::string> names;
  std::vector<IValue> values;
  TypePtr valueType;
  for (const Stmt& f : cd.body()) {
    if (f.kind() == TK_PASS || (f.kind() == TK_EXPR_STMT && ExprStmt(f).expr().kind() == TK_STRINGLITERAL)) continue;
    if (f.kind() != TK_ASSIGN || Assign(f).lhs().kind() != TK_VAR || !Assign(f).rhs().present())
      throw ErrorReport(f.range()) << "Enum members must be assignments of constants (`RED = 1`)";
    Assign a(f);
    Expr v = a.rhs().get();
    const std::string& member = Var(a.lhs()).name().name();
    if (std::find(names.begin(), names.end(), member) != names.end())
      throw ErrorReport(a.lhs().range()) << "Enum member '" << member << "' is defined twice";
    // A number may be negated: A = -1.
    bool negate = v.kind() == TK_UNARY_MINUS && UnaryOp(v).operand().kind() == TK_CONST;
    Expr c = negate ? UnaryOp(v).operand() : v;
    IValue iv;
    if (c.kind() == TK_CONST && Const(c).isFloatingPoint()) iv = IValue(negate ? -Const(c).asFloatingPoint() : Const(c).asFloatingPoint());
    else if (c.kind() == TK_CONST && Const(c).isIntegral()) iv = IValue(negate ? -Const(c).asIntegral() : Const(c).asIntegral());
    else if (c.kind() == TK_STRINGLITERAL) iv = IValue(StringLiteral(c).text());
    else throw ErrorReport(v.range()) << "Enum member values must be int, float or str constants";
    TypePtr t = iv.isInt() ? IntType::get() : iv.isDouble() ? FloatType::get() : StringType::get();
    if (valueType && !valueType->equals(*t))
      throw ErrorReport(v.range()) << "Enum class with varying value types are not supported: '" << name
                                   << "' has values of type " << valueType->annotationStr() << " and "
                                   << t->annotationStr();
    valueType = t;
    names.push_back(member);
    values.push_back(std::move(iv));
  }
  if (names.empty()) throw ErrorReport(cd.range()) << "Enum class '" << name << "' has no members";
  auto type = std::make_shared<const EnumType>(sh.qualifier + "." + name, valueType, names);
  EnumInfo info{name, type, {}};
  for (size_t i = 0; i < names.size(); ++i) info.members.emplace_back(make_intrusive<EnumHolder>(type, names[i], values[i]));
  sh.cu->addEnum(type);
  sh.enums[name] = std::move(info);
}

// The value of a Final constant in an archive's class body: what PyTorch's
// printer writes for int, float, bool, str, None and tuples or lists of them.
IValue classConstant(const Expr& e) {
  switch (e.kind()) {
    case TK_CONST: {
      Const c(e);
      if (c.isComplex()) return IValue(std::complex<double>(0.0, c.asImaginary()));
      return c.isFloatingPoint() ? IValue(c.asFloatingPoint()) : IValue(c.asIntegral());
    }
    case TK_UNARY_MINUS: {
      IValue v = classConstant(UnaryOp(e).operand());
      if (v.isInt()) return IValue(-v.toInt());
      if (v.isDouble()) return IValue(-v.toDouble());
      if (v.isComplexDouble()) return IValue(-v.toComplexDouble());
      break;
    }
    case TK_TRUE: return IValue(true);
    case TK_FALSE: return IValue(false);
    case TK_NONE: return IValue();
    case TK_STRINGLITERAL: return IValue(StringLiteral(e).text());
    case TK_TUPLE_LITERAL: {
      std::vector<IValue> elems;
      for (const Expr& x : TupleLiteral(e).inputs()) elems.push_back(classConstant(x));
      return IValue(TupleImpl::create(std::move(elems)));
    }
    default: break;
  }
  throw ErrorReport(e.range()) << "a class constant must be a number, bool, str, None or a tuple of these";
}

// The names in `__parameters__ = ["weight", "bias", ]`.
std::vector<std::string> nameList(const Assign& a) {
  if (!a.rhs().present() || a.rhs().get().kind() != TK_LIST_LITERAL)
    throw ErrorReport(a.range()) << "expected a list of attribute names";
  std::vector<std::string> names;
  for (const Expr& x : ListLiteral(a.rhs().get()).inputs()) {
    if (x.kind() != TK_STRINGLITERAL) throw ErrorReport(x.range()) << "expected an attribute name (a string)";
    names.push_back(StringLiteral(x).text());
  }
  return names;
}

// class Foo: creates ClassType __torch__.Foo with the attributes annotated
// in the class body; methods are compiled when first used. In an archive's
// code, `class Foo(Module):` is a module class whose body also lists its
// __parameters__ and __buffers__ and declares Final constants.
//
// Two steps: createClass registers the (empty) type, so that annotations
// anywhere, in this file or in another archive file it imports, can name
// it; declareClassBody then reads the body.
void createClass(UnitDefinitions& sh, const ClassDef& cd) {
  std::string name = cd.name().name();
  bool isModule = false;
  if (cd.superclass().present()) {
    std::string_view base = cd.superclass().get().range().text();
    if (sh.archiveSource && base == "Module") isModule = true;
    else if (base != "object")
      throw ErrorReport(cd.superclass().get().range())
          << "class inheritance is not supported in TorchScript (only NamedTuple, Enum and object)";
  }
  if (sh.classes.count(name) || sh.namedTuples.count(name) || sh.enums.count(name) || sh.defs.count(name))
    throw ErrorReport(cd.name().range()) << "'" << name << "' is already defined";
  ClassInfo ci;
  ci.name = name;
  ci.type = ClassType::create(sh.qualifier + "." + name, isModule);
  sh.classes[name] = ci;
  sh.cu->addClass(ci.type);
}

void declareClassBody(UnitDefinitions& sh, const ClassDef& cd) {
  const std::string& name = cd.name().name();
  ClassInfo& info = sh.classes.at(name);
  const bool isModule = info.type->isModule();
  std::set<std::string> parameters, buffers;
  for (const Stmt& f : cd.body()) {
    if (f.kind() == TK_PASS || (f.kind() == TK_EXPR_STMT && ExprStmt(f).expr().kind() == TK_STRINGLITERAL)) continue;
    if (f.kind() == TK_DEF) {
      Def d(f);
      bool isStatic = false, isProperty = false;
      for (const Expr& dec : d.decorators()) {
        if (dec.range().text() == "staticmethod") isStatic = true;
        else if (dec.range().text() == "property") isProperty = true;
        // Every method of a class is compiled, so @torch.jit.export changes
        // nothing; @torch.jit.unused bodies are replaced when emitted.
        else if (dec.range().text() == "torch.jit.export" || dec.range().text() == "torch.jit.unused") continue;
        else throw ErrorReport(dec.range()) << "unsupported method decorator '" << dec.range().text() << "'";
      }
      if (isProperty && (isStatic || d.decl().params().size() != 1))
        throw ErrorReport(d.range()) << "a @property must be a method taking only self";
      const std::string& m = d.name().name();
      if (info.methods.count(m)) throw ErrorReport(d.name().range()) << "method '" << m << "' is defined twice";
      if (!isStatic && d.decl().params().empty())
        throw ErrorReport(d.range()) << "method '" << m << "' must take self as its first argument";
      info.methods.emplace(m, d);
      if (isStatic) info.staticMethods.insert(m);
      if (isProperty) info.properties.insert(m);
      continue;
    }
    if (f.kind() == TK_ASSIGN && Assign(f).lhs().kind() == TK_VAR && Assign(f).type().present() &&
        !Assign(f).rhs().present()) {
      Assign a(f);
      const std::string& attr = Var(a.lhs()).name().name();
      if (info.type->findAttributeSlot(attr)) throw ErrorReport(a.lhs().range()) << "attribute '" << attr << "' is declared twice";
      info.type->addAttribute(attr, parseTypeExpr(sh, a.type().get()), parameters.count(attr) > 0,
                              buffers.count(attr) > 0);
      continue;
    }
    // __annotations__["0"] = T: an attribute whose name is not an identifier
    // (the submodules of Sequential and ModuleList).
    if (isModule && f.kind() == TK_ASSIGN && Assign(f).lhs().kind() == TK_SUBSCRIPT && Assign(f).rhs().present()) {
      Assign a(f);
      Subscript s(a.lhs());
      if (s.value().kind() == TK_VAR && Var(s.value()).name().name() == "__annotations__" &&
          s.subscriptExprs().size() == 1 && s.subscriptExprs()[0].kind() == TK_STRINGLITERAL) {
        std::string attr = StringLiteral(s.subscriptExprs()[0]).text();
        if (info.type->findAttributeSlot(attr))
          throw ErrorReport(a.lhs().range()) << "attribute '" << attr << "' is declared twice";
        info.type->addAttribute(attr, parseTypeExpr(sh, a.rhs().get()), parameters.count(attr) > 0,
                                buffers.count(attr) > 0);
        continue;
      }
    }
    if (isModule && f.kind() == TK_ASSIGN && Assign(f).lhs().kind() == TK_VAR) {
      Assign a(f);
      const std::string& lhs = Var(a.lhs()).name().name();
      if (!a.type().present() && (lhs == "__parameters__" || lhs == "__buffers__")) {
        for (std::string& n : nameList(a)) (lhs == "__parameters__" ? parameters : buffers).insert(std::move(n));
        continue;
      }
      // scale : Final[int] = 3
      if (a.type().present() && a.rhs().present() && a.type().get().range().text().starts_with("Final[")) {
        sh.cu->addClassConstant(info.type->name(), lhs, classConstant(a.rhs().get()));
        info.type->addConstantName(lhs);
        continue;
      }
    }
    throw ErrorReport(f.range()) << "class bodies may only contain methods and attribute annotations (`x: int`)";
  }
  // Parameters and buffers are listed before their declarations.
  for (const std::set<std::string>* names : {&parameters, &buffers})
    for (const std::string& n : *names)
      if (!info.type->findAttributeSlot(n))
        throw ErrorReport(cd.range()) << "'" << n << "' is listed in " << (names == &parameters ? "__parameters__" : "__buffers__")
                                      << " but not declared in class '" << name << "'";
}

}  // namespace

// Method `name` of ci compiled (on first use), or nullptr if ci has none.
// __init__ compiles first so that the attributes it assigns exist.
GraphFunction* compileMethodOf(UnitDefinitions& sh, ClassInfo& ci, const std::string& name, const SourceRange& r) {
  auto done = ci.compiled.find(name);
  if (done != ci.compiled.end()) return done->second;
  auto def = ci.methods.find(name);
  if (def == ci.methods.end()) return nullptr;
  if (name != "__init__") ensureClassInitialized(sh, ci, r);
  std::string key = ci.type->name() + "." + name;
  if (sh.inProgress.count(key))
    throw ErrorReport(r) << "method '" << name << "' of class '" << ci.type->name()
                         << "' is called recursively. Recursive calls are not supported";
  sh.inProgress.insert(key);
  GraphFunction* fn = emitFunction(sh, def->second, &ci);
  sh.inProgress.erase(key);
  ci.compiled[name] = fn;
  return fn;
}

// Compiles ci's __init__ unless it is done or being compiled (a method it
// calls then sees the attributes assigned so far).
void ensureClassInitialized(UnitDefinitions& sh, ClassInfo& ci, const SourceRange& r) {
  if (ci.compiled.count("__init__") || sh.inProgress.count(ci.type->name() + ".__init__")) return;
  compileMethodOf(sh, ci, "__init__", r);
}

GraphFunction* compileFunctionOf(UnitDefinitions& sh, const std::string& name, const SourceRange& r) {
  if (GraphFunction* fn = sh.cu->findFunction(sh.functionKey(name))) return fn;
  if (size_t dot = name.find('.'); dot != std::string::npos)
    return compileMethodOf(sh, sh.classes.at(name.substr(0, dot)), name.substr(dot + 1), r);
  if (sh.inProgress.count(name))
    throw ErrorReport(r) << "function '" << name << "' is called recursively. Recursive calls are not supported";
  sh.inProgress.insert(name);
  GraphFunction* fn = emitFunction(sh, sh.defs.at(name), nullptr);
  sh.inProgress.erase(name);
  return fn;
}

namespace {

bool hasBase(const Stmt& s, std::initializer_list<std::string_view> names) {
  if (s.kind() != TK_CLASS_DEF || !ClassDef(s).superclass().present()) return false;
  std::string_view base = ClassDef(s).superclass().get().range().text();
  for (std::string_view n : names)
    if (base == n) return true;
  return false;
}

void declareNamedTuple(UnitDefinitions& sh, const ClassDef& cd) {
  NamedTupleDef nt;
  std::vector<std::string> names;
  std::vector<TypePtr> types;
  for (const Stmt& f : cd.body()) {
    if (f.kind() == TK_EXPR_STMT || f.kind() == TK_PASS) continue;
    if (f.kind() != TK_ASSIGN || Assign(f).lhs().kind() != TK_VAR || !Assign(f).type().present())
      throw ErrorReport(f.range()) << "NamedTuple fields must be annotated names (`x: int`)";
    Assign a(f);
    Argument arg{Var(a.lhs()).name().name(), parseTypeExpr(sh, a.type().get())};
    if (a.rhs().present()) {
      Expr d = a.rhs().get();
      if (d.kind() == TK_CONST) {
        Const c(d);
        arg.defaultValue = c.isComplex()                             ? IValue(std::complex<double>(0.0, c.asImaginary()))
                           : c.isFloatingPoint()                       ? IValue(c.asFloatingPoint())
                           : arg.type->kind() == TypeKind::FloatType ? IValue(double(c.asIntegral()))
                                                                      : IValue(c.asIntegral());
      } else if (d.kind() == TK_STRINGLITERAL) {
        arg.defaultValue = IValue(StringLiteral(d).text());
      } else if (d.kind() == TK_TRUE || d.kind() == TK_FALSE) {
        arg.defaultValue = IValue(d.kind() == TK_TRUE);
      } else if (d.kind() == TK_NONE) {
        arg.defaultValue = IValue();
      } else {
        throw ErrorReport(d.range()) << "NamedTuple defaults must be constants";
      }
    }
    names.push_back(arg.name);
    types.push_back(arg.type);
    nt.ctor.arguments.push_back(std::move(arg));
  }
  std::string name = cd.name().name();
  nt.type = TupleType::createNamed(sh.qualifier + "." + name, names, types);
  nt.ctor.name = name;
  nt.ctor.returns.push_back(Argument{"", nt.type});
  sh.cu->addNamedTuple(nt);
  sh.namedTuples[name] = std::move(nt);
}

}  // namespace

// class I(Interface) / I(ModuleInterface) in an archive: the methods' schemas
// (self left out); their bodies are `pass`.
void declareInterfaceMethods(UnitDefinitions& sh, const ClassDef& cd) {
  const auto& iface = sh.interfaces.at(cd.name().name());
  for (const Stmt& f : cd.body()) {
    if (f.kind() == TK_PASS || (f.kind() == TK_EXPR_STMT && ExprStmt(f).expr().kind() == TK_STRINGLITERAL)) continue;
    if (f.kind() != TK_DEF) throw ErrorReport(f.range()) << "an interface may only declare methods";
    Def def(f);
    FunctionSchema schema;
    schema.name = def.name().name();
    bool first = true;
    for (const Param& p : def.decl().params()) {
      if (first) {  // self
        first = false;
        continue;
      }
      Argument a{p.ident().name(), p.type().present() ? parseTypeExpr(sh, p.type().get()) : TensorType::get()};
      a.kwargOnly = p.kwargOnly();
      schema.arguments.push_back(std::move(a));
    }
    if (first) throw ErrorReport(def.range()) << "interface method '" << schema.name << "' must take self";
    TypePtr ret = def.decl().returnType().present() ? parseTypeExpr(sh, def.decl().returnType().get())
                                                    : NoneType::get();
    schema.returns.push_back(Argument{"", ret});
    if (sh.cu->findInterfaceMethod(iface->name(), schema.name))
      throw ErrorReport(def.name().range()) << "method '" << schema.name << "' is declared twice";
    sh.cu->addInterfaceMethod(iface->name(), std::move(schema));
  }
}

namespace {
// A module-level constant's value: numbers (with a sign), strings, bools,
// None and tuples of them; anything else is not a constant.
std::optional<IValue> constantOf(const Expr& e) {
  switch (e.kind()) {
    case TK_CONST: {
      Const c(e);
      if (c.isComplex()) return IValue(std::complex<double>(0.0, c.asImaginary()));
      if (c.isFloatingPoint()) return IValue(c.asFloatingPoint());
      return IValue(c.asIntegral());
    }
    case TK_STRINGLITERAL: return IValue(StringLiteral(e).text());
    case TK_TRUE: return IValue(true);
    case TK_FALSE: return IValue(false);
    case TK_NONE: return IValue();
    case TK_UNARY_MINUS: {
      auto v = constantOf(UnaryOp(e).operand());
      if (v && v->isInt()) return IValue(-v->toInt());
      if (v && v->isDouble()) return IValue(-v->toDouble());
      return std::nullopt;
    }
    case TK_TUPLE_LITERAL: {
      std::vector<IValue> vs;
      for (const Expr& x : TupleLiteral(e).inputs()) {
        auto v = constantOf(x);
        if (!v) return std::nullopt;
        vs.push_back(std::move(*v));
      }
      return IValue(TupleImpl::create(std::move(vs)));
    }
    default: return std::nullopt;
  }
}
}  // namespace

// Names first (functions, classes, Enums), then what refers to types
// (NamedTuple fields, class bodies): a type annotation may name any class of
// the file, whatever the order, and archive files may refer to each other.
void declareDefinitions(UnitDefinitions& sh, const List<Stmt>& stmts) {
  for (const Stmt& s : stmts) {
    if (s.kind() == TK_DEF) {
      Def d(s);
      sh.defs.emplace(d.name().name(), d);
    } else if (hasBase(s, {"NamedTuple"})) {
      continue;
    } else if (hasBase(s, {"Enum", "enum.Enum"})) {
      defineEnum(sh, ClassDef(s));
    } else if (sh.archiveSource && hasBase(s, {"Interface", "ModuleInterface"})) {
      ClassDef cd(s);
      const std::string& name = cd.name().name();
      if (sh.classes.count(name) || sh.interfaces.count(name))
        throw ErrorReport(cd.name().range()) << "'" << name << "' is already defined";
      auto iface = std::make_shared<const InterfaceType>(sh.qualifier + "." + name,
                                                         hasBase(s, {"ModuleInterface"}));
      sh.interfaces[name] = iface;
      sh.cu->addInterface(iface);
    } else if (s.kind() == TK_CLASS_DEF) {
      createClass(sh, ClassDef(s));
    } else if (s.kind() == TK_EXPR_STMT && ExprStmt(s).expr().kind() == TK_STRINGLITERAL) {
      continue;
    } else if (s.kind() == TK_IMPORT) {
      continue;
    } else if (!sh.archiveSource && s.kind() == TK_ASSIGN && Assign(s).lhs().kind() == TK_VAR &&
               Assign(s).rhs().present()) {
      // NAME = constant (or NAME: Final[T] = constant): allowed, as in a
      // Python file; reading it from a function is the error (emitVar).
      Assign a(s);
      auto v = constantOf(a.rhs().get());
      if (!v)
        throw ErrorReport(a.rhs().get().range())
            << "module-level values must be constants (numbers, strings, bools, None or tuples of them)";
      sh.globals[Var(a.lhs()).name().name()] = std::move(*v);
    } else {
      throw ErrorReport(s.range()) << "only function definitions are supported at the top level";
    }
  }
  for (const Stmt& s : stmts)
    if (hasBase(s, {"NamedTuple"})) declareNamedTuple(sh, ClassDef(s));
  for (const Stmt& s : stmts) {
    if (s.kind() != TK_CLASS_DEF || hasBase(s, {"NamedTuple", "Enum", "enum.Enum"})) continue;
    if (sh.interfaces.count(ClassDef(s).name().name())) declareInterfaceMethods(sh, ClassDef(s));
    else declareClassBody(sh, ClassDef(s));
  }
}

}  // namespace jitserve::frontend
