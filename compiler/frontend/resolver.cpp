#include "compiler/frontend/resolver.h"

#include "compiler/frontend/builtin_functions.h"

namespace jitserve::frontend {

namespace {

class BuiltinResolver final : public Resolver {
 public:
  SugaredValuePtr resolveValue(const std::string& name, const SourceRange&) override {
    if (name == "torch" || name == "math" || name == "F") return std::make_shared<ModuleValue>(name);
    if (isPythonBuiltin(name)) return std::make_shared<PythonBuiltinFunction>(name);
    return nullptr;
  }
  TypePtr resolveType(const std::string&, const SourceRange&) override { return nullptr; }
};

}  // namespace

std::shared_ptr<Resolver> builtinResolver() {
  static const std::shared_ptr<Resolver> r = std::make_shared<BuiltinResolver>();
  return r;
}

}  // namespace jitserve::frontend
