// Function: something callable by name with a schema: a TorchScript function
// or method compiled to a graph (the interpreter's GraphFunction), or a
// builtin wrapped as a function.
//
// Functions are owned by their compilation unit; ClassType methods, IValues
// of tag Function and prim::CallFunction hold raw Function* that stay valid as
// long as the unit does. run() takes the arguments on the stack (self first
// for methods) and leaves the returns there, like an operator kernel.
#pragma once

#include <string>

#include "runtime/core/function_schema.h"
#include "runtime/core/stack.h"

namespace jitserve {

class Function {
 public:
  virtual ~Function() = default;

  // The unqualified name ("forward").
  virtual const std::string& name() const = 0;
  // With its owner's qualified name ("__torch__.MyModule.forward").
  virtual const std::string& qualifiedName() const = 0;
  virtual const FunctionSchema& schema() const = 0;
  // Pops the arguments, pushes the returns. Errors propagate as exceptions.
  virtual void run(Stack& stack) = 0;
};

}  // namespace jitserve
