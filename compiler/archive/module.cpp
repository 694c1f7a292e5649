#include "compiler/archive/module.h"

#include "compiler/frontend/compilation_unit.h"
#include "runtime/support/error.h"

namespace jitserve {

Module::Module(intrusive_ptr<ObjectImpl> object, std::shared_ptr<frontend::CompilationUnit> unit)
    : object_(std::move(object)), unit_(std::move(unit)) {
  JS_INTERNAL_ASSERT(object_ && object_->type, "a Module needs an object");
}

const std::vector<Function*>& Module::methods() const { return object_->type->methods(); }

Function* Module::findMethod(std::string_view name) const { return object_->type->findMethod(name); }

IValue Module::run(std::string_view method, std::vector<IValue> inputs) const {
  Function* fn = findMethod(method);
  if (!fn) {
    std::string names;
    for (Function* m : methods()) names += (names.empty() ? "" : ", ") + m->name();
    JS_ERROR("module '", type().name(), "' has no method '", method, "' (it has: ", names, ")");
  }
  Stack stack;
  stack.reserve(inputs.size() + 1);
  stack.emplace_back(object_);
  for (IValue& v : inputs) stack.push_back(std::move(v));
  fn->run(stack);
  JS_INTERNAL_ASSERT(stack.size() == 1, "method ", fn->qualifiedName(), " left ", stack.size(), " values");
  return std::move(stack.back());
}

std::vector<std::pair<std::string, Module>> Module::namedChildren() const {
  std::vector<std::pair<std::string, Module>> out;
  const auto& attrs = type().attributes();
  for (size_t i = 0; i < attrs.size(); ++i) {
    const IValue& v = object_->getSlot(i);
    if (v.isObject() && v.toObjectRef().type->isModule()) out.emplace_back(attrs[i].name, Module(v.toObject(), unit_));
  }
  return out;
}

void Module::collect(const std::string& prefix, bool recurse, bool buffers,
                     std::vector<std::pair<std::string, Tensor>>& out) const {
  const auto& attrs = type().attributes();
  for (size_t i = 0; i < attrs.size(); ++i) {
    const IValue& v = object_->getSlot(i);
    if ((buffers ? attrs[i].isBuffer : attrs[i].isParameter) && v.isTensor())
      out.emplace_back(prefix + attrs[i].name, v.toTensor());
  }
  if (!recurse) return;
  for (const auto& [name, child] : namedChildren()) child.collect(prefix + name + ".", true, buffers, out);
}

std::vector<std::pair<std::string, Tensor>> Module::namedParameters(bool recurse) const {
  std::vector<std::pair<std::string, Tensor>> out;
  collect("", recurse, false, out);
  return out;
}

std::vector<std::pair<std::string, Tensor>> Module::namedBuffers(bool recurse) const {
  std::vector<std::pair<std::string, Tensor>> out;
  collect("", recurse, true, out);
  return out;
}

}  // namespace jitserve
