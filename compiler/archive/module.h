// Module: a TorchScript module loaded from an archive: the object tree that
// data.pkl describes (parameters, buffers, attributes, submodules) and the
// compilation unit that owns its classes' methods.
//
//   absl::StatusOr<Module> m = importModuleFile("resnet18.pt");
//   IValue out = m->run("forward", {IValue(input)});
//
// A Module is a cheap handle: copies share the object and the unit. Methods
// take the module object as their first argument (self); run() supplies it.
// Running a method from several threads at once is safe as long as the
// program does not mutate module attributes (PyTorch has the same rule).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/core/function.h"
#include "runtime/core/ivalue.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

namespace frontend {
class CompilationUnit;
}

class Module {
 public:
  Module(intrusive_ptr<ObjectImpl> object, std::shared_ptr<frontend::CompilationUnit> unit);

  const intrusive_ptr<ObjectImpl>& object() const { return object_; }
  IValue asIValue() const { return IValue(object_); }
  const ClassType& type() const { return *object_->type; }
  const std::shared_ptr<frontend::CompilationUnit>& unit() const { return unit_; }

  // The methods of the module's class (forward and exported methods), in
  // definition order; nullptr when there is none of that name.
  const std::vector<Function*>& methods() const;
  Function* findMethod(std::string_view name) const;
  // Runs `method` with self prepended; throws jitserve::Error when there is
  // no such method or the program fails.
  IValue run(std::string_view method, std::vector<IValue> inputs) const;

  // Submodules, in declaration order.
  std::vector<std::pair<std::string, Module>> namedChildren() const;
  // Parameters (and buffers), qualified by their submodule path ("layer1.0.conv1.weight").
  std::vector<std::pair<std::string, Tensor>> namedParameters(bool recurse = true) const;
  std::vector<std::pair<std::string, Tensor>> namedBuffers(bool recurse = true) const;

 private:
  void collect(const std::string& prefix, bool recurse, bool buffers,
               std::vector<std::pair<std::string, Tensor>>& out) const;

  intrusive_ptr<ObjectImpl> object_;
  std::shared_ptr<frontend::CompilationUnit> unit_;
};

}  // namespace jitserve
