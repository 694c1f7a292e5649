// UnitDefinitions: what one TorchScript source file defines, while it is
// being compiled: its functions, classes, Enum classes and NamedTuples.
//
// The emitter resolves a free name against these first (they are the file's
// globals) and asks the Resolver (resolver.h) only about the rest. Functions
// and methods compile on first use; `inProgress` names those being compiled
// so a call cycle is reported instead of recursing.
//
// Classes get qualified names `qualifier + "." + name` ("__torch__.Foo" by
// default; the archive importer compiles `__torch__/a/b.py` with qualifier
// "__torch__.a.b"). Within the file they are found by their plain name.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/tree_views.h"
#include "runtime/core/function_schema.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"

namespace jitserve {
class GraphFunction;
}

namespace jitserve::frontend {

class CompilationUnit;
class Resolver;

// A user class: its type and its methods' definitions, compiled on first
// use (__init__ first: its assignments to self define the attributes).
struct ClassInfo {
  std::string name;  // as written in the file ("Foo")
  ClassTypePtr type;
  std::map<std::string, Def> methods;
  std::set<std::string> staticMethods;
  // @property methods: obj.name calls them.
  std::set<std::string> properties;
  std::map<std::string, GraphFunction*> compiled;
};

// An Enum class: its type and members (EnumHolder IValues) in order.
struct EnumInfo {
  std::string name;
  std::shared_ptr<const EnumType> type;
  std::vector<IValue> members;
};

struct UnitDefinitions {
  CompilationUnit* cu = nullptr;
  Resolver* resolver = nullptr;   // names the file does not define
  std::shared_ptr<Resolver> ownedResolver;  // keeps `resolver` alive for deferred files
  std::string qualifier = "__torch__";
  bool archiveSource = false;     // DefineOptions::archiveSource
  int closures = 0;               // fork closures compiled so far (their names)

  // The name a function of this file has in the unit: its own name for
  // plain sources, qualified for an archive file (two files may both
  // define `relu`).
  std::string functionKey(const std::string& name) const {
    return qualifier == "__torch__" ? name : qualifier + "." + name;
  }
  std::map<std::string, Def> defs;
  std::set<std::string> inProgress;
  std::map<std::string, NamedTupleDef> namedTuples;
  std::map<std::string, ClassInfo> classes;  // by the name in the file
  std::map<std::string, EnumInfo> enums;
  // Module-level values of a source file (`K: Final[int] = 3`, `EPS =
  // 1e-5`): Python allows them, TorchScript refuses to read them (as
  // torch.jit.script does: "python value of type 'int' cannot be used as a
  // value"), so a file with them compiles and a function using one does not.
  std::map<std::string, IValue> globals;
  std::map<std::string, std::shared_ptr<const InterfaceType>> interfaces;  // by the name in the file

  ClassInfo* classOf(const TypePtr& t) {
    if (t->kind() != TypeKind::ClassType) return nullptr;
    return classOf(t->expect<ClassType>());
  }
  ClassInfo* classOf(const ClassType& t) {
    for (auto& [n, ci] : classes)
      if (ci.type.get() == &t) return &ci;
    return nullptr;
  }
  // The NamedTuple, class or Enum type of that name (plain or qualified),
  // or nullptr.
  TypePtr findType(std::string name) const {
    if (name.rfind(qualifier + ".", 0) == 0) name = name.substr(qualifier.size() + 1);
    if (auto it = namedTuples.find(name); it != namedTuples.end()) return it->second.type;
    if (auto it = classes.find(name); it != classes.end()) return it->second.type;
    if (auto it = enums.find(name); it != enums.end()) return std::const_pointer_cast<EnumType>(it->second.type);
    if (auto it = interfaces.find(name); it != interfaces.end())
      return std::const_pointer_cast<InterfaceType>(it->second);
    return nullptr;
  }
};

// Reads the file's top-level statements into sh: defs, NamedTuples, Enum
// classes (defined at once) and classes (declared; methods compile later).
void declareDefinitions(UnitDefinitions& sh, const List<Stmt>& stmts);

// The file's function `name` ("f", or "Class.static_method"), compiled on
// first use; a call cycle is an error at r.
GraphFunction* compileFunctionOf(UnitDefinitions& sh, const std::string& name, const SourceRange& r);
// Method `name` of cls compiled on first use, or nullptr if cls has none.
// __init__ compiles first so that the attributes it assigns exist.
GraphFunction* compileMethodOf(UnitDefinitions& sh, ClassInfo& cls, const std::string& name, const SourceRange& r);
// Compiles cls's __init__ unless it is done or being compiled (a method it
// calls then sees the attributes assigned so far).
void ensureClassInitialized(UnitDefinitions& sh, ClassInfo& cls, const SourceRange& r);

// Compiles every function and method of the file sh declared (those not
// compiled yet). Implemented by the IR emitter.
void compileDefinitions(UnitDefinitions& sh);

// Emits one def (a method of cls, static or not, if cls is given) and adds
// it to the unit. Implemented by the IR emitter (ir_emitter.cpp).
GraphFunction* emitFunction(UnitDefinitions& sh, const Def& def, ClassInfo* cls);

}  // namespace jitserve::frontend
