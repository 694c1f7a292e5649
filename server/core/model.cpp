#include "server/core/model.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "compiler/archive/archive_import.h"
#include "compiler/archive/module_freezing.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir.h"
#include "runtime/core/value_device.h"
#include "compiler/passes/device_placement.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/ir/ir_printer.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/support/error.h"

namespace jitserve::server {

Model::Model(std::string name, std::string version, Format format)
    : name_(std::move(name)), version_(std::move(version)), format_(format) {}

Model::~Model() {
  // Executors reference the unit's functions: drop them first.
  executors_.clear();
  methods_.clear();
}

namespace {

bool isStraightLine(const Block& block) {
  for (const Node* n : block.nodes()) {
    const Symbol k = n->kind();
    if (k == prim::Loop || k == prim::CallFunction || k == prim::CallMethod || k == prim::fork || k == aten::wait) {
      return false;
    }
    for (const Block* b : n->blocks())
      if (!isStraightLine(*b)) return false;
  }
  return true;
}

// PyTorch freezes only modules in eval mode; so do we.
bool inEvalMode(const Module& m) {
  if (!m.type().findAttributeSlot("training")) return true;
  const IValue& t = m.object()->getAttr("training");
  return t.isBool() && !t.toBool();
}

}  // namespace

void Model::freezeMethods(const Module& module) {
  std::vector<std::string> names;
  for (const Method& m : methods_) names.push_back(m.name);
  absl::StatusOr<std::vector<FrozenMethod>> frozen = jitserve::freezeMethods(module, names);
  if (!frozen.ok()) return;  // served unfrozen, as loaded
  // Build every frozen Code first: a frozen graph we cannot run leaves the
  // whole model unfrozen rather than half of it.
  std::vector<std::shared_ptr<GraphFunction>> fns;
  for (FrozenMethod& f : *frozen) {
    auto fn = std::make_shared<GraphFunction>(f.name, f.graph, f.schema, codeOptions_);
    try {
      (void)fn->code();
    } catch (const std::exception&) {
      return;
    }
    fns.push_back(std::move(fn));
  }
  for (size_t i = 0; i < methods_.size(); ++i) {
    Method& m = methods_[i];
    m.frozen = fns[i];
    m.function = m.frozen.get();
    m.takesSelf = (*frozen)[i].takesSelf;
    m.straightLine = isStraightLine(*m.function->graph().block());
  }
  frozen_ = true;
}

ServingExecutorConfig Model::executorConfig(bool on) const {
  ServingExecutorConfig config;
  config.optimize = on;
  config.backgroundCompile = backgroundCompile_;
  config.functionResolver = codeOptions_.functionResolver;
  config.device = device_;
  config.cpuFallback = cpuFallback_;
  return config;
}

std::vector<std::shared_ptr<GraphExecutor>> Model::makeExecutors(bool on) const {
  const ServingExecutorConfig config = executorConfig(on);
  std::vector<std::shared_ptr<GraphExecutor>> out;
  out.reserve(methods_.size());
  for (const Method& m : methods_) out.push_back(makeServingExecutor(m.function->graphPtr(), config));
  return out;
}

absl::Status Model::finishLoad(Options options) {
  optimize_ = options.optimize;
  backgroundCompile_ = options.backgroundCompile;
  warmup_ = std::move(options.warmup);
  device_ = options.device;
  if (!device_.isCPU()) {
    // A device this machine cannot serve fails the load, not the first request.
    try {
      (void)emptyOnDevice({0}, ScalarType::Float, device_);
    } catch (const std::exception& e) {
      return absl::FailedPreconditionError(absl::StrCat("cannot place the model on ", device_.str(), ": ", e.what()));
    }
  }
  cpuFallback_ = options.cpuFallback;
  executors_ = makeExecutors(options.optimize);
  if (!device_.isCPU()) {
    // Placement runs when a plan is built: build the generic ones now, so an
    // operator the device cannot serve fails the load rather than a request.
    for (size_t i = 0; i < executors_.size(); ++i) {
      absl::Status st = buildGenericPlan(*executors_[i]);
      if (!st.ok()) {
        return absl::Status(st.code(), absl::StrCat("method '", methods_[i].name, "' cannot run on ", device_.str(),
                                                    ": ", st.message(),
                                                    cpuFallback_ ? "" : "; set \"cpu_fallback\": true in the model's "
                                                                        "config.json to run them on the CPU"));
      }
      if (auto plan = executors_[i]->builtGenericPlan()) {
        for (std::string& op : CpuFallbackOperators(*plan->graph)) cpuFallbackOps_.push_back(std::move(op));
      }
    }
    std::sort(cpuFallbackOps_.begin(), cpuFallbackOps_.end());
    cpuFallbackOps_.erase(std::unique(cpuFallbackOps_.begin(), cpuFallbackOps_.end()), cpuFallbackOps_.end());
  }
  return warmUp(executors_);
}

absl::Status Model::warmUp(const std::vector<std::shared_ptr<GraphExecutor>>& executors) const {
  for (size_t i = 0; i < warmup_.size(); ++i) {
    const WarmupSample& sample = warmup_[i];
    const Method* m = findMethod(sample.method);
    auto bad = [&](absl::string_view why) {
      return absl::InvalidArgumentError(absl::StrCat("warm-up sample ", i, " (method '",
                                                     m ? m->name : sample.method, "'): ", why));
    };
    if (!m) {
      std::vector<std::string> names;
      for (const Method& mm : methods_) names.push_back(mm.name);
      return bad(absl::StrCat("the model serves no such method; it serves: ", absl::StrJoin(names, ", ")));
    }
    const size_t arity = m->schema().arguments.size();
    if (sample.inputs.size() != arity) {
      std::vector<std::string> params;
      for (const Argument& a : m->schema().arguments) params.push_back(a.name);
      return bad(absl::StrCat("the method takes ", arity, " argument(s) (", absl::StrJoin(params, ", "),
                              ") but the sample gives ", sample.inputs.size()));
    }
    // Private copies: a method that writes to its inputs must not change the
    // sample, which other versions of the model share.
    Stack stack;
    try {
      for (const IValue& v : sample.inputs) stack.push_back(v.isTensor() ? IValue(v.toTensor().clone()) : v);
      stack = toModelDevice(std::move(stack));
    } catch (const std::exception& e) {
      return bad(e.what());
    }
    if (m->takesSelf) stack.insert(stack.begin(), self_);
    absl::Status s = warmUpServingExecutor(*executors[static_cast<size_t>(m - methods_.data())],
                                           std::span<const Stack>(&stack, 1));
    if (!s.ok()) return bad(absl::StripPrefix(s.message(), "warm-up sample 0: "));
  }
  return absl::OkStatus();
}

std::shared_ptr<GraphExecutor> Model::executor(const Method& method) const {
  const size_t i = static_cast<size_t>(&method - methods_.data());
  JS_INTERNAL_ASSERT(i < methods_.size(), "method '", method.name, "' is not one of model ", name_, "'s");
  std::lock_guard<std::mutex> lock(mu_);
  return executors_[i];
}

bool Model::optimize() const {
  std::lock_guard<std::mutex> lock(mu_);
  return optimize_;
}

void Model::setOptimize(bool on) {
  if (optimize() == on) return;
  // Build outside the lock (cheap: executors compile lazily), swap under it.
  std::vector<std::shared_ptr<GraphExecutor>> fresh = makeExecutors(on);
  // The samples ran at load; a failure now (not expected) leaves the rest
  // to the first calls, as without warm-up.
  (void)warmUp(fresh);
  std::lock_guard<std::mutex> lock(mu_);
  optimize_ = on;
  executors_.swap(fresh);
  // `fresh` now holds the old executors; requests still running on them
  // hold their own references.
}

absl::StatusOr<std::vector<std::pair<std::string, std::string>>> Model::graphAfterEachPass(
    const Method& method) const {
  std::unique_ptr<Graph> g = method.function->graph().copy();
  const RunPassesOptions passOptions = servingPassOptions(executorConfig(true));
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& pass : specializedPipeline()) {
    absl::StatusOr<bool> r = runPasses(*g, std::span<const std::string>(&pass, 1), passOptions);
    if (!r.ok()) return r.status();
    out.emplace_back(pass, g->toString());
  }
  return out;
}

absl::StatusOr<std::shared_ptr<Model>> Model::fromSource(std::string name, std::string version,
                                                         std::string_view source, std::string_view entry,
                                                         Options options) {
  std::shared_ptr<Model> model(new Model(std::move(name), std::move(version), Format::kSource));
  model->unit_ = std::make_shared<frontend::CompilationUnit>();
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

  const frontend::CompilationUnit* unit = model->unit_.get();
  model->codeOptions_.functionResolver = [unit](std::string_view n) -> Function* { return unit->resolve(n); };
  auto addMethod = [&](GraphFunction* fn) -> absl::Status {
    try {
      // Build the generic Code now: an unsupported operator fails the load.
      (void)fn->code();
    } catch (const std::exception& e) {
      absl::Status s = statusFromException(e);
      return absl::Status(s.code(), absl::StrCat("function '", fn->name(), "' cannot run: ", s.message()));
    }
    Method m{fn->name(), fn, isStraightLine(*fn->graph().block())};
    m.publicSchema = fn->schema();
    model->methods_.push_back(std::move(m));
    return absl::OkStatus();
  };
  if (auto s = addMethod(entryFn); !s.ok()) return s;
  for (GraphFunction* fn : fns) {
    if (fn == entryFn) continue;
    if (auto s = addMethod(fn); !s.ok()) return s;
  }
  if (absl::Status st = model->finishLoad(std::move(options)); !st.ok()) return st;
  return model;
}

absl::StatusOr<std::shared_ptr<Model>> Model::fromArchive(std::string name, std::string version, std::string bytes,
                                                          std::string_view entry, Options options,
                                                          ArchiveImportInfo* info) {
  std::shared_ptr<Model> model(new Model(std::move(name), std::move(version), Format::kArchive));
  absl::StatusOr<Module> module = importModuleBytes(std::move(bytes), "model.pt", {}, info);
  if (!module.ok()) return module.status();
  model->unit_ = module->unit();
  model->self_ = module->asIValue();
  const std::vector<Function*>& fns = module->methods();
  Function* entryFn = module->findMethod(entry.empty() ? std::string_view("forward") : entry);
  if (!entryFn) {
    std::vector<std::string> names;
    for (Function* f : fns) names.push_back(f->name());
    return absl::InvalidArgumentError(absl::StrCat("the module has no method '", entry.empty() ? std::string("forward") : std::string(entry),
                                                   "' to serve by default; it has: ", absl::StrJoin(names, ", "),
                                                   " (name one as the entry in config.json or the load request)"));
  }
  const frontend::CompilationUnit* unit = model->unit_.get();
  model->codeOptions_.functionResolver = [unit](std::string_view n) -> Function* { return unit->resolve(n); };
  auto addMethod = [&](Function* f) -> absl::Status {
    auto* fn = dynamic_cast<GraphFunction*>(f);
    if (!fn) return absl::InternalError(absl::StrCat("method '", f->name(), "' is not a graph function"));
    // Methods that only exist for module setup are not served.
    if (fn->name() == "__setstate__" || fn->name() == "__getstate__") return absl::OkStatus();
    try {
      (void)fn->code();
    } catch (const std::exception& e) {
      absl::Status s = statusFromException(e);
      return absl::Status(s.code(), absl::StrCat("method '", fn->name(), "' cannot run: ", s.message()));
    }
    Method m{fn->name(), fn, isStraightLine(*fn->graph().block())};
    m.takesSelf = true;
    m.publicSchema = fn->schema();
    m.publicSchema.arguments.erase(m.publicSchema.arguments.begin());
    model->methods_.push_back(std::move(m));
    return absl::OkStatus();
  };
  if (auto s = addMethod(entryFn); !s.ok()) return s;
  for (Function* f : fns) {
    if (f == entryFn) continue;
    if (auto s = addMethod(f); !s.ok()) return s;
  }
  if (!options.device.isCPU()) {
    try {
      moveObjectTensors(model->self_, options.device);
    } catch (const std::exception& e) {
      return absl::FailedPreconditionError(
          absl::StrCat("cannot place the model on ", options.device.str(), ": ", e.what()));
    }
  }
  if (options.freeze && inEvalMode(*module)) model->freezeMethods(*module);
  if (absl::Status st = model->finishLoad(std::move(options)); !st.ok()) return st;
  return model;
}

const Model::Method* Model::findMethod(std::string_view name) const {
  if (name.empty()) return &methods_.front();
  for (const Method& m : methods_)
    if (m.name == name) return &m;
  return nullptr;
}

void Model::useStats(ServingStats& stats) {
  for (Method& m : methods_) m.stats = stats.method(name_, version_, m.name);
}

Stack Model::toModelDevice(Stack values) const {
  if (!device_.isCPU())
    for (IValue& v : values) v = valueToDevice(v, device_);
  return values;
}

absl::Status Model::run(const Method& method, Stack& stack, const InterpreterOptions& options) const {
  if (!device_.isCPU()) {
    // Requests arrive and answers leave in host memory.
    try {
      stack = toModelDevice(std::move(stack));
    } catch (const std::exception& e) {
      return absl::Status(statusFromException(e).code(),
                          absl::StrCat("moving the inputs to ", device_.str(), ": ", e.what()));
    }
  }
  if (method.takesSelf) stack.insert(stack.begin(), self_);
  absl::Status st = executor(method)->runStatus(stack, options);
  if (st.ok() && !device_.isCPU()) {
    try {
      for (IValue& v : stack) v = valueToDevice(v, Device::cpu());
    } catch (const std::exception& e) {
      return absl::Status(statusFromException(e).code(),
                          absl::StrCat("moving the outputs from ", device_.str(), ": ", e.what()));
    }
  }
  return st;
}

}  // namespace jitserve::server
