#include "compiler/frontend/resolver.h"

#include "compiler/frontend/builtin_functions.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/frontend/functional_library.h"

namespace jitserve::frontend {

namespace {

class BuiltinResolver final : public Resolver {
 public:
  SugaredValuePtr resolveValue(const std::string& name, const SourceRange&) override {
    if (name == "torch" || name == "math" || name == "F") return std::make_shared<ModuleValue>(name);
    if (isPythonBuiltin(name)) return std::make_shared<PythonBuiltinFunction>(name);
    return nullptr;
  }
  // torch.nn.utils.rnn.PackedSequence (annotations arrive without "torch.").
  TypePtr resolveType(const std::string& name, const SourceRange&) override {
    std::string q = name.starts_with("torch.") ? name : "torch." + name;
    if (!q.starts_with("torch.nn.utils.rnn.")) return nullptr;  // the library's only type
    const NamedTupleDef* def = findLibraryNamedTuple(q);
    return def ? def->type : nullptr;
  }
};

}  // namespace

std::shared_ptr<Resolver> builtinResolver() {
  static const std::shared_ptr<Resolver> r = std::make_shared<BuiltinResolver>();
  return r;
}

}  // namespace jitserve::frontend
