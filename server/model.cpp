#include "server/model.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/support/error.h"

namespace jitserve::server {

Model::Model(std::string name, std::string version, Format format)
    : name_(std::move(name)), version_(std::move(version)), format_(format) {}

Model::~Model() {
  // Executors reference the unit's functions: drop them first.
  methods_.clear();
}

absl::StatusOr<std::shared_ptr<Model>> Model::fromSource(std::string name, std::string version,
                                                         std::string_view source, std::string_view entry) {
  std::shared_ptr<Model> model(new Model(std::move(name), std::move(version), Format::kSource));
  model->unit_ = std::make_unique<frontend::CompilationUnit>();
  frontend::CompilationUnit& cu = *model->unit_;
  if (absl::Status s = cu.define(source, "model.py"); !s.ok()) return s;

  std::vector<GraphFunction*> fns = cu.functions();
  if (fns.empty()) return absl::InvalidArgumentError("the model's source defines no function");
  GraphFunction* entryFn = nullptr;
  if (!entry.empty()) {
    entryFn = cu.findFunction(entry);
    if (!entryFn) {
      std::vector<std::string> names;
      for (auto* f : fns) names.push_back(f->name());
      return absl::InvalidArgumentError(absl::StrCat("the model's entry function '", std::string(entry),
                                                     "' is not defined; the source defines: ",
                                                     absl::StrJoin(names, ", ")));
    }
  } else if (GraphFunction* fwd = cu.findFunction("forward")) {
    entryFn = fwd;
  } else if (fns.size() == 1) {
    entryFn = fns.front();
  } else {
    return absl::InvalidArgumentError(
        "the model's source defines several functions and none is named 'forward': name the entry "
        "function in config.json ({\"entry\": \"NAME\"}) or in the load request");
  }

  CodeOptions codeOptions;
  const frontend::CompilationUnit* unit = model->unit_.get();
  codeOptions.functionResolver = [unit](std::string_view n) -> Function* { return unit->resolve(n); };
  auto addMethod = [&](GraphFunction* fn) -> absl::Status {
    try {
      // Build the generic Code now: an unsupported operator fails the load.
      (void)fn->code();
    } catch (const std::exception& e) {
      absl::Status s = statusFromException(e);
      return absl::Status(s.code(), absl::StrCat("function '", fn->name(), "' cannot run: ", s.message()));
    }
    GraphExecutorOptions opts;
    opts.code = codeOptions;
    model->methods_.push_back(Method{fn->name(), fn, std::make_unique<GraphExecutor>(fn->graphPtr(), opts)});
    return absl::OkStatus();
  };
  if (auto s = addMethod(entryFn); !s.ok()) return s;
  for (GraphFunction* fn : fns) {
    if (fn == entryFn) continue;
    if (auto s = addMethod(fn); !s.ok()) return s;
  }
  return model;
}

absl::StatusOr<std::shared_ptr<Model>> Model::fromArchive(std::string name, std::string version,
                                                          std::string_view bytes) {
  (void)bytes;
  return absl::FailedPreconditionError(absl::StrCat("model '", name, "' version ", version,
                                                    ": loading TorchScript archives (model.pt) is not supported "
                                                    "yet; serve the model's source (model.py) instead"));
}

const Model::Method* Model::findMethod(std::string_view name) const {
  if (name.empty()) return &methods_.front();
  for (const Method& m : methods_)
    if (m.name == name) return &m;
  return nullptr;
}

absl::Status Model::run(const Method& method, Stack& stack, const InterpreterOptions& options) const {
  return method.executor->runStatus(stack, options);
}

}  // namespace jitserve::server
