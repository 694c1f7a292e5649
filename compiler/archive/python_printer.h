// PythonPrinter: classes and functions -> the Python source torch.jit.save
// writes in an archive's code/ folder, which PyTorch's importer (and ours,
// source_importer.h) compiles back to equivalent graphs.
//
// The graphs are printed as they are, in SSA form made Python:
//   - every node output is assigned to a variable (constants are inlined);
//     names come from the values' debug names, made unique per function;
//   - prim::If assigns its outputs at the end of each branch;
//   - prim::Loop is `for i in range(n)` (with `if not c: break` unless the
//     condition is always true) or, when its trip count is unbounded,
//     `while c:`; loop-carried values are assigned together at the end of the
//     body (a, b = new_a, new_b);
//   - operators are calls of their printed names (torch.X for aten::X,
//     ops.NS.X otherwise) with keyword-only arguments by name;
//   - containers are annotate(T, literal), so their type survives;
//   - tensor constants become CONSTANTS.cN (the caller writes constants.pkl);
//   - a fork is a parameterless nested def passed to fork(): its body is the
//     forked function's, its free variables the fork's inputs.
// What cannot be printed (prim::Enter/Exit, an operator with no schema)
// throws jitserve::Error naming it.
//
// The printer records what the printed code refers to (other classes,
// functions, NamedTuples) so the exporter can print those too.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "runtime/core/function_schema.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/type.h"

namespace jitserve {

class Graph;
class GraphFunction;

namespace archive {

class PythonPrinter {
 public:
  // Tensor constants are appended to `constants` (shared by every file of
  // an archive) and printed as CONSTANTS.cN.
  explicit PythonPrinter(std::vector<IValue>& constants) : constants_(constants) {}

  // `class Name(Module):` (or `class Name:`) with its declarations, Final
  // constants (name -> value) and methods.
  void printClass(const ClassType& cls, const std::map<std::string, IValue>& finalConstants);
  void printNamedTuple(const TupleType& t);
  // `class I(Interface):` (or ModuleInterface) with its methods' signatures.
  void printInterface(const InterfaceType& iface, const std::vector<FunctionSchema>& methods);
  // `def name(...)` at the top level of a file.
  void printFunction(const GraphFunction& fn, const std::string& name);

  const std::string& source() const { return out_; }

  // The unit's function for a key (to print a fork's closure inline);
  // unset or nullptr: the fork's subgraph is printed as it is.
  std::function<const GraphFunction*(const std::string& key)> resolveFunction;

  // What the printed code names, by qualified name.
  const std::set<std::string>& referencedClasses() const { return classes_; }
  const std::set<std::string>& referencedFunctions() const { return functions_; }  // unit keys
  const std::set<std::string>& referencedNamedTuples() const { return namedTuples_; }
  // Largest file format version the printed operators need (3 .. 10).
  int formatVersion() const { return version_; }

  // Names the printed code gives a function of the unit with this key
  // ("f" -> "__torch__.f"); empty when the key cannot be a Python name.
  static std::string functionName(const std::string& key);
  // A Python expression for a constant that is not a tensor.
  static std::string literal(const IValue& v);

 private:
  friend class FunctionPrinter;
  // Type annotation text; records the named types it mentions.
  std::string typeStr(const TypePtr& t);
  void noteType(const TypePtr& t);
  std::string constantExpr(const IValue& v);

  std::vector<IValue>& constants_;
  std::string out_;
  std::set<std::string> classes_, functions_, namedTuples_;
  int version_ = 3;
};

}  // namespace archive
}  // namespace jitserve
