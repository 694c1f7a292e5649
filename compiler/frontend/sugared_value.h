// SugaredValue: what a name or expression denotes before it is used.
//
// Most expressions are first-class values of the Graph (SimpleValue). Others
// are not values at all but are desugared by how they are used: `torch` and
// `math` are modules whose attributes are operators or constants
// (ModuleValue), `F.relu` or `torch.add` is an operator or library function
// chosen when called (BuiltinFunction), `len` is a Python builtin
// (builtin_functions.h), `f` a function of the file (FunctionValue), `Foo`
// a class whose call constructs an object (ClassValue), `obj.m` a bound
// method (MethodValue). The emitter asks a SugaredValue what it means as an
// attribute base (attr), a callee (call), a for-loop iterable (iter) or a
// value (asValue); each answers or reports the misuse at the source range,
// naming itself through kind().
//
// SugaredValues emit through the Emitter interface: the services of the
// function being emitted (its graph, operator calls by schema matching,
// calls of the file's functions and methods).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compiler/frontend/schema_matching.h"
#include "compiler/frontend/tree_views.h"
#include "compiler/frontend/unit_definitions.h"
#include "runtime/ir/ir.h"

namespace jitserve::frontend {

class SugaredValue;
using SugaredValuePtr = std::shared_ptr<SugaredValue>;

// A for loop's iterable: how many iterations and how to get element i
// (emitted inside the loop body).
struct Iterable {
  Value* length = nullptr;
  std::function<Value*(Value* idx)> element;
};

// The services of the function being emitted that SugaredValues use.
class Emitter {
 public:
  virtual ~Emitter() = default;
  virtual Graph& graph() = 0;
  virtual UnitDefinitions& unit() = 0;

  virtual Value* emitExpr(const Expr& e, const TypePtr& hint = nullptr) = 0;
  virtual SugaredValuePtr emitSugared(const Expr& e, const TypePtr& hint = nullptr) = 0;
  virtual TypePtr parseType(const Expr& e) = 0;
  // Whether name is a variable of the function (it shadows globals).
  virtual bool isVariable(const std::string& name) = 0;

  // An operator by qualified name ("aten::add"), the overload chosen by
  // schema matching; several outputs come back as a tuple.
  virtual Value* callBuiltin(const std::string& qualName, std::vector<NamedValue> args,
                             std::vector<NamedValue> kwargs, const SourceRange& r) = 0;
  // A method on a value (x.size(), lst.append(v), obj.m()); hint is the
  // expected type, if known (t.tolist() needs one).
  virtual Value* callMethod(Value* self, const std::string& name, std::vector<NamedValue> args,
                            std::vector<NamedValue> kwargs, const SourceRange& r, const TypePtr& hint) = 0;
  // A function of the file ("f", or "Class.static_method").
  virtual Value* callUserFunction(const std::string& name, std::vector<NamedValue> args,
                                  std::vector<NamedValue> kwargs, const SourceRange& r) = 0;
  virtual GraphFunction* compileUserFunction(const std::string& name, const SourceRange& r) = 0;
  // fork(closure): compiles the closure with its free variables as inputs
  // and emits the prim::fork; returns the Future.
  virtual Value* forkClosure(const Def& closure, const SourceRange& r) = 0;
  // A function already in the unit (e.g. of another archive file).
  virtual Value* callFunction(GraphFunction* fn, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                              const SourceRange& r) = 0;
  // Foo(args): a new object with __init__ run on it (a class of this file,
  // or one compiled before, whose methods are on its type).
  virtual Value* construct(const ClassTypePtr& cls, std::vector<NamedValue> args, std::vector<NamedValue> kwargs,
                           const SourceRange& r) = 0;
  // obj.field, or nullptr when field names a method of obj's class.
  virtual Value* getAttr(Value* obj, const std::string& field, const SourceRange& r) = 0;
  // The class's magic method (len(x) -> x.__len__()), or nullptr if its
  // class does not define it; requireMagic reports that as an error.
  virtual Value* callMagic(Value* obj, const std::string& name, std::vector<Value*> args,
                           const SourceRange& r) = 0;
  virtual Value* requireMagic(Value* obj, const std::string& name, std::vector<Value*> args, const SourceRange& r,
                              const std::string& what) = 0;

  virtual Value* toBool(Value* v, const SourceRange& r) = 0;
  virtual Value* makeTuple(const std::vector<Value*>& vs) = 0;
  virtual Value* tupleIndex(Value* t, int64_t i, const SourceRange& r) = 0;
  // A list of elemType built by a loop over it.
  virtual Value* listFromIterable(const Iterable& it, const TypePtr& elemType, const SourceRange& r) = 0;
};

// The arguments of a call, emitted on first request (most callees take
// values; a few, like isinstance or torch.jit.fork, read the expressions).
class CallArgs {
 public:
  CallArgs(Emitter& e, std::vector<Expr> inputs, std::vector<Attribute> attributes, TypePtr hint)
      : e_(e), inputs_(std::move(inputs)), attributes_(std::move(attributes)), hint_(std::move(hint)) {}

  const std::vector<Expr>& inputs() const { return inputs_; }
  const std::vector<Attribute>& attributes() const { return attributes_; }
  // The type the call's result is expected to have (an annotation), if any.
  const TypePtr& hint() const { return hint_; }
  // The positional and keyword arguments as values.
  const std::vector<NamedValue>& args();
  const std::vector<NamedValue>& kwargs();

 private:
  Emitter& e_;
  std::vector<Expr> inputs_;
  std::vector<Attribute> attributes_;
  TypePtr hint_;
  std::optional<std::vector<NamedValue>> args_, kwargs_;
};

class SugaredValue : public std::enable_shared_from_this<SugaredValue> {
 public:
  virtual ~SugaredValue() = default;
  // What it is, for messages: "module 'torch'", "builtin function 'len'".
  virtual std::string kind() const = 0;
  // The errors below quote the expression's source text.
  virtual Value* asValue(const SourceRange& r, Emitter& e);
  virtual SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field);
  virtual SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args);
  virtual Iterable iter(const SourceRange& r, Emitter& e);
};

// A first-class value of the graph.
class SimpleValue : public SugaredValue {
 public:
  explicit SimpleValue(Value* v) : value_(v) {}
  std::string kind() const override;
  Value* asValue(const SourceRange&, Emitter&) override { return value_; }
  // Tensor properties (x.shape), NamedTuple fields, object attributes,
  // Enum .name/.value; anything else is a method (MethodValue).
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override;
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;
  // Lists, strings, dict keys, a tensor's first dimension.
  Iterable iter(const SourceRange& r, Emitter& e) override;
  Value* value() const { return value_; }

 private:
  Value* value_;
};

// value.name, to be called: x.size(), lst.append(v), obj.method().
class MethodValue : public SugaredValue {
 public:
  MethodValue(Value* self, std::string name) : self_(self), name_(std::move(name)) {}
  std::string kind() const override { return "method '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  Value* self_;
  std::string name_;
};

// A Python module of builtins: torch, torch.linalg, torch.jit, math, F.
// Its attributes are constants (math.pi, torch.float32, torch.strided),
// submodules, or functions (BuiltinFunction).
class ModuleValue : public SugaredValue {
 public:
  explicit ModuleValue(std::string path) : path_(std::move(path)) {}
  std::string kind() const override { return "module '" + path_ + "'"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override;
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  std::string path_;
};

// A function of a builtin module, by its Python name ("torch.add",
// "F.relu", "math.sqrt", "torch.linalg.det"). When called it is, in this
// order: a functional-library function (functional_library.h, inlined), a
// torch.nn.functional argument translation, or the aten operator of that
// name.
class BuiltinFunction : public SugaredValue {
 public:
  explicit BuiltinFunction(std::string pythonName) : name_(std::move(pythonName)) {}
  std::string kind() const override { return "builtin function '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  std::string name_;
};

// A def of the file (or "Class.static_method").
class FunctionValue : public SugaredValue {
 public:
  explicit FunctionValue(std::string name) : name_(std::move(name)) {}
  std::string kind() const override { return "function '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

// A function compiled into the unit before (a def of another archive file,
// found by its qualified name through the resolver).
class CompiledFunctionValue : public SugaredValue {
 public:
  explicit CompiledFunctionValue(GraphFunction* fn) : fn_(fn) {}
  std::string kind() const override;
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;
  GraphFunction* function() const { return fn_; }

 private:
  GraphFunction* fn_;
};

// A parameterless nested def: what PyTorch's printer writes for the
// subgraph of a fork (`def __forked_function(): ...; fut = fork(__forked_function)`).
// Its only use is as fork's argument; its free variables become inputs.
class ClosureValue : public SugaredValue {
 public:
  explicit ClosureValue(Def def) : def_(std::move(def)) {}
  std::string kind() const override { return "closure '" + def_.name().name() + "'"; }
  const Def& def() const { return def_; }

 private:
  Def def_;
};

// A class: calling it constructs an object; its attributes are its static
// methods (for a class of this file, info is set). A resolver may return
// one for a class compiled by an earlier define() (another archive file).
class ClassValue : public SugaredValue {
 public:
  explicit ClassValue(ClassTypePtr type, ClassInfo* info = nullptr) : type_(std::move(type)), info_(info) {}
  std::string kind() const override { return "class '" + type_->name() + "'"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override;
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  ClassTypePtr type_;
  ClassInfo* info_;
};

// A NamedTuple class of the file: calling it builds the tuple.
class NamedTupleConstructor : public SugaredValue {
 public:
  NamedTupleConstructor(std::string name, const NamedTupleDef& def) : name_(std::move(name)), def_(def) {}
  std::string kind() const override { return "NamedTuple '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  std::string name_;
  const NamedTupleDef& def_;
};

// An Enum class of the file: its members are constants, and iterating it
// visits them in definition order.
class EnumClassValue : public SugaredValue {
 public:
  explicit EnumClassValue(const EnumInfo& e) : enum_(e) {}
  std::string kind() const override { return "Enum class '" + enum_.name + "'"; }
  SugaredValuePtr attr(const SourceRange& r, Emitter& e, const std::string& field) override;
  Iterable iter(const SourceRange& r, Emitter& e) override;

 private:
  const EnumInfo& enum_;
};

// Something that can only be iterated (enumerate(...), zip(...)), or
// range(...), which as a value becomes a list.
class IterableValue : public SugaredValue {
 public:
  IterableValue(std::string what, std::function<Iterable(const SourceRange&, Emitter&)> make,
                TypePtr listElementType = nullptr)
      : what_(std::move(what)), make_(std::move(make)), listElementType_(std::move(listElementType)) {}
  std::string kind() const override { return what_; }
  Value* asValue(const SourceRange& r, Emitter& e) override;
  Iterable iter(const SourceRange& r, Emitter& e) override { return make_(r, e); }
  // The element type as a value (a list of it); null when it has none.
  const TypePtr& elementType() const { return listElementType_; }

 private:
  std::string what_;
  std::function<Iterable(const SourceRange&, Emitter&)> make_;
  TypePtr listElementType_;  // null: not usable as a value
};

}  // namespace jitserve::frontend
