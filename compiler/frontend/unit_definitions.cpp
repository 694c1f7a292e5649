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
    else if (c.kind() == TK_CONST) iv = IValue(negate ? -Const(c).asIntegral() : Const(c).asIntegral());
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

// class Foo: creates ClassType __torch__.Foo with the attributes annotated
// in the class body; methods are compiled when first used.
void declareClass(UnitDefinitions& sh, const ClassDef& cd) {
  std::string name = cd.name().name();
  if (cd.superclass().present() && cd.superclass().get().range().text() != "object")
    throw ErrorReport(cd.superclass().get().range())
        << "class inheritance is not supported in TorchScript (only NamedTuple, Enum and object)";
  if (sh.classes.count(name) || sh.namedTuples.count(name) || sh.enums.count(name) || sh.defs.count(name))
    throw ErrorReport(cd.name().range()) << "'" << name << "' is already defined";
  ClassInfo ci;
  ci.name = name;
  ci.type = ClassType::create(sh.qualifier + "." + name);
  // Registered before the body is read so annotations can name the class.
  sh.classes[name] = ci;
  ClassInfo& info = sh.classes[name];
  for (const Stmt& f : cd.body()) {
    if (f.kind() == TK_PASS || (f.kind() == TK_EXPR_STMT && ExprStmt(f).expr().kind() == TK_STRINGLITERAL)) continue;
    if (f.kind() == TK_DEF) {
      Def d(f);
      bool isStatic = false;
      for (const Expr& dec : d.decorators()) {
        if (dec.range().text() == "staticmethod") isStatic = true;
        else throw ErrorReport(dec.range()) << "unsupported method decorator '" << dec.range().text() << "'";
      }
      const std::string& m = d.name().name();
      if (info.methods.count(m)) throw ErrorReport(d.name().range()) << "method '" << m << "' is defined twice";
      if (!isStatic && d.decl().params().empty())
        throw ErrorReport(d.range()) << "method '" << m << "' must take self as its first argument";
      info.methods.emplace(m, d);
      if (isStatic) info.staticMethods.insert(m);
      continue;
    }
    if (f.kind() == TK_ASSIGN && Assign(f).lhs().kind() == TK_VAR && Assign(f).type().present() &&
        !Assign(f).rhs().present()) {
      Assign a(f);
      info.type->addAttribute(Var(a.lhs()).name().name(), parseTypeExpr(sh, a.type().get()));
      continue;
    }
    throw ErrorReport(f.range()) << "class bodies may only contain methods and attribute annotations (`x: int`)";
  }
  sh.cu->addClass(info.type);
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
  if (GraphFunction* fn = sh.cu->findFunction(name)) return fn;
  if (size_t dot = name.find('.'); dot != std::string::npos)
    return compileMethodOf(sh, sh.classes.at(name.substr(0, dot)), name.substr(dot + 1), r);
  if (sh.inProgress.count(name))
    throw ErrorReport(r) << "function '" << name << "' is called recursively. Recursive calls are not supported";
  sh.inProgress.insert(name);
  GraphFunction* fn = emitFunction(sh, sh.defs.at(name), nullptr);
  sh.inProgress.erase(name);
  return fn;
}

void declareDefinitions(UnitDefinitions& sh, const List<Stmt>& stmts) {
  std::vector<Def> order;
  for (const Stmt& s : stmts) {
    if (s.kind() == TK_DEF) {
      Def d(s);
      sh.defs.emplace(d.name().name(), d);
    } else if (s.kind() == TK_CLASS_DEF && ClassDef(s).superclass().present() &&
               ClassDef(s).superclass().get().range().text() == "NamedTuple") {
      ClassDef cd(s);
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
            arg.defaultValue = c.isFloatingPoint() ? IValue(c.asFloatingPoint())
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
      sh.namedTuples[name] = std::move(nt);
    } else if (s.kind() == TK_CLASS_DEF && ClassDef(s).superclass().present() &&
               (ClassDef(s).superclass().get().range().text() == "Enum" ||
                ClassDef(s).superclass().get().range().text() == "enum.Enum")) {
      defineEnum(sh, ClassDef(s));
    } else if (s.kind() == TK_CLASS_DEF) {
      declareClass(sh, ClassDef(s));
    } else if (s.kind() == TK_EXPR_STMT && ExprStmt(s).expr().kind() == TK_STRINGLITERAL) {
      continue;
    } else if (s.kind() == TK_IMPORT) {
      continue;
    } else {
      throw ErrorReport(s.range()) << "only function definitions are supported at the top level";
    }
  }
}

}  // namespace jitserve::frontend
