// CompilationUnit: the functions compiled from one TorchScript source file.
//
//   CompilationUnit cu;
//   absl::Status s = cu.define(R"(
//   def f(x: Tensor, n: int) -> Tensor:
//       return x * n
//   )");
//   Function* f = cu.findFunction("f");      // a GraphFunction
//   Stack st{IValue(t), IValue(3)}; f->run(st);
//
// define() parses the file and emits every top-level def to a Graph in SSA
// form (ir_emitter.h). Functions are compiled on first need, so a def may
// call one defined later in the file; a call cycle is a compile error.
// Calls between functions stay prim::CallFunction on a Function constant
// named after the callee, which the unit resolves when building Code.
//
// Errors: a user's mistake comes back as InvalidArgument whose message is
// PyTorch's form (the problem, then `File "<string>", line N` and the line
// with a `~~~ <--- HERE` marker). define() either adds every function of the
// source or none.
//
// Classes: `class Foo:` becomes ClassType "__torch__.Foo" whose methods are
// GraphFunctions owned by the unit; Enum classes become EnumTypes.
//
// Lifetime: Functions and classes are owned by the unit and stay valid as
// long as it.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "runtime/ir/source_range.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"
#include "runtime/interpreter/graph_function.h"

namespace jitserve::frontend {

class Resolver;

// A NamedTuple class: its tuple type and its constructor's schema.
struct NamedTupleDef {
  TypePtr type;
  FunctionSchema ctor;
};

struct DefineOptions {
  std::string filename = "<string>";
  // The names the source uses but does not define; null: builtinResolver()
  // (torch, math, F, Python builtins). Used only during define().
  std::shared_ptr<Resolver> resolver;
  // Classes and Enums of the source are named qualifier + "." + name; so are
  // its functions in the unit when the qualifier is not "__torch__" (files
  // of an archive each have their own, e.g. "__torch__.torch.nn.functional").
  std::string qualifier = "__torch__";
  // The source is a file of a torch.jit.save archive's code/ folder: classes
  // may derive from Module and declare __parameters__, __buffers__ and Final
  // constants in their body, as PyTorch's printer writes them.
  bool archiveSource = false;
  // Declare the source's definitions now and compile their bodies at
  // compileDeferred(): the files of an archive refer to each other's classes
  // (a Sequential's file names the blocks it holds, whose file names the
  // Sequential), so every file is declared before any body is compiled.
  bool deferBodies = false;
};

struct UnitDefinitions;
struct ClassInfo;

class CompilationUnit {
 public:
  CompilationUnit();
  ~CompilationUnit();
  CompilationUnit(const CompilationUnit&) = delete;
  CompilationUnit& operator=(const CompilationUnit&) = delete;

  absl::Status define(std::string_view source, std::string_view filename = "<string>");
  absl::Status define(std::string_view source, const DefineOptions& options);

  // Compiles the bodies of every source defined with deferBodies (and of
  // those they define while compiling). On failure the unit is unusable.
  absl::Status compileDeferred();
  bool hasDeferred() const { return !deferred_.empty(); }

  // For the emitter, while bodies are deferred: the file that declared a
  // class (to compile its methods on demand), and a deferred function of the
  // file with that qualifier compiled now (nullptr if it has none).
  std::pair<UnitDefinitions*, ClassInfo*> deferredClass(const ClassType* cls) const;
  GraphFunction* compileDeferredFunction(const std::string& qualifier, const std::string& name, const SourceRange& r);
  // Whether a deferred file declared cls with a method of that name.
  bool hasDeferredMethod(const ClassType* cls, std::string_view name) const;

  // nullptr if there is no function of that name. Static methods are found
  // as "Class.method".
  GraphFunction* findFunction(std::string_view name) const;
  // The top-level defs, in source order (methods are not listed).
  std::vector<GraphFunction*> functions() const;

  // Classes (and Enum classes) defined by this unit, by qualified name
  // ("__torch__.Foo"); nullptr if unknown.
  ClassTypePtr findClass(std::string_view qualifiedName) const;
  std::vector<ClassTypePtr> classes() const;
  std::shared_ptr<const EnumType> findEnum(std::string_view qualifiedName) const;

  // For CodeOptions::functionResolver.
  Function* resolve(std::string_view name) const { return findFunction(name); }

  // Internal: used by the emitter to register what it compiled. A function
  // added with listed = false is callable by name but not in functions().
  GraphFunction* addFunction(const std::string& name, std::shared_ptr<Graph> graph, FunctionSchema schema,
                             bool listed = true);
  // Adds `graph` as method `name` of cls (owned here, registered on cls).
  GraphFunction* addMethod(const ClassTypePtr& cls, const std::string& name, std::shared_ptr<Graph> graph,
                           FunctionSchema schema);
  void addClass(ClassTypePtr cls);
  // Interfaces (`class I(Interface)` / `(ModuleInterface)` in archives) and
  // the schemas of their methods (without self), by qualified name.
  void addInterface(std::shared_ptr<const InterfaceType> iface);
  std::shared_ptr<const InterfaceType> findInterface(std::string_view qualifiedName) const;
  void addInterfaceMethod(const std::string& iface, FunctionSchema method);
  const FunctionSchema* findInterfaceMethod(std::string_view iface, std::string_view method) const;
  std::vector<FunctionSchema> interfaceMethods(std::string_view iface) const;
  // NamedTuples by qualified name (the type's name); nullptr if unknown.
  void addNamedTuple(NamedTupleDef def);
  const NamedTupleDef* findNamedTuple(std::string_view qualifiedName) const;
  void addEnum(std::shared_ptr<const EnumType> e);

  // The Final constants of a class (`scale : Final[int] = 3` in an archive's
  // class body): reading obj.scale emits the constant.
  void addClassConstant(const std::string& className, const std::string& name, IValue value);
  const IValue* findClassConstant(std::string_view className, std::string_view name) const;
  // All of a class's Final constants (empty if none).
  std::map<std::string, IValue> classConstants(std::string_view className) const;

 private:
  CodeOptions codeOptions();
  // What define() removes again when it fails.
  struct Snapshot {
    size_t order = 0, methods = 0;
    std::vector<std::string> functionNames, classNames, enumNames, namedTupleNames;
  };
  Snapshot snapshot() const;
  void rollback(const Snapshot& s);

  std::map<std::string, std::unique_ptr<GraphFunction>, std::less<>> functions_;
  std::vector<std::string> order_;
  std::vector<std::unique_ptr<GraphFunction>> methods_;
  std::map<std::string, ClassTypePtr, std::less<>> classes_;
  std::vector<std::string> classOrder_;
  std::map<std::string, std::shared_ptr<const EnumType>, std::less<>> enums_;
  std::map<std::string, std::map<std::string, IValue, std::less<>>, std::less<>> classConstants_;
  // Node-based: callers keep pointers to the definitions.
  std::map<std::string, NamedTupleDef, std::less<>> namedTuples_;
  std::map<std::string, std::shared_ptr<const InterfaceType>, std::less<>> interfaces_;
  std::map<std::string, std::vector<FunctionSchema>, std::less<>> interfaceMethods_;
  // Files declared with deferBodies, until compileDeferred() is done.
  std::vector<std::unique_ptr<UnitDefinitions>> deferred_;
};

}  // namespace jitserve::frontend
