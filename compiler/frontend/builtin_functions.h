// Python builtins in TorchScript: len, range, int, float, min, max, print,
// isinstance, enumerate, zip, ... and the torch.jit functions that are
// special forms (annotate, isinstance, is_scripting, fork, wait).
//
// Each is a SugaredValue whose call() emits the operator PyTorch's frontend
// emits for it (len(x) -> aten::len, or x.__len__() on an object); range,
// enumerate and zip give iterables for `for` loops. An unknown name is not
// a builtin (isPythonBuiltin) and the resolver reports it as undefined.
#pragma once

#include <array>
#include <string>

#include "compiler/frontend/sugared_value.h"

namespace jitserve::frontend {

class PythonBuiltinFunction : public SugaredValue {
 public:
  // name: "len", "range", ..., or "torch.jit.fork" for the torch.jit forms.
  explicit PythonBuiltinFunction(std::string name) : name_(std::move(name)) {}
  std::string kind() const override { return "builtin function '" + name_ + "'"; }
  SugaredValuePtr call(const SourceRange& r, Emitter& e, CallArgs& args) override;

 private:
  std::string name_;
};

// Whether `name` is one of the Python builtins above (exception classes
// included: they may only be raised).
bool isPythonBuiltin(const std::string& name);

// slice(start, stop, step) as a value: a NamedTuple "slice" of three
// Optional[int] (s.start, s.stop, s.step read as in Python), which
// subscripts of lists, strings and tensors take as the slice it names.
const TypePtr& sliceObjectType();
bool isSliceObject(const Value* v);
// The (start, end, step) of a slice object, step None read as 1.
std::array<Value*, 3> sliceObjectParts(Emitter& e, Value* slice, const SourceRange& r);
// Whether `name` ("torch.jit.fork") is a torch.jit special form.
bool isTorchJitBuiltin(const std::string& name);

// A prim::fork whose subgraph calls fn on `inputs` (already matched to its
// schema); the result is a Future of ret.
Value* emitForkCall(Emitter& e, const GraphFunction& fn, const std::vector<Value*>& inputs, const TypePtr& ret,
                    const SourceRange& r);

// isinstance(v, T): a constant when the static type decides, else
// prim::isinstance.
Value* emitIsInstance(Emitter& e, const std::vector<Expr>& inputs, const SourceRange& r);

}  // namespace jitserve::frontend
