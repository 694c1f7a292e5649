// Model: one loaded model version: its compiled program and the methods it
// serves.
//
// A model from source is a frontend::CompilationUnit; every top-level
// function is a method, run through its own GraphExecutor (a plan per
// ArgumentSpec). One method is the default ("entry"): the one named in the
// model's config, else `forward`, else the only function. Every method's
// generic Code is built at load, so a program using an operator we lack is
// refused at load time with the operator's name, not at its first request.
//
// Each method runs on an executor configured as every served method is
// (compiler/executor/serving_executor.h): with `optimize` on (the default),
// the pass pipeline (compiler/passes specializedPipeline(): tensor type
// propagation, then inline, constant propagation and pooling, peephole, CSE,
// DCE) on every plan it compiles, with calls resolved in the model's own
// compilation unit, and the profiling executor. setOptimize() swaps in fresh executors built with the
// other setting: later requests compile new plans under it; requests already
// running finish on the executor they started with. The swap starts the
// plan cache statistics over.
//
// A model from an archive (torch.jit.save) is a Module (compiler/archive):
// its methods (forward first) take the module object as self, which the
// model supplies; the schema clients see (Method::schema) leaves self out.
// The default method is the config's entry, else forward. In eval mode it is
// served frozen unless ModelOptions::freeze is off (see there).
//
// Thread safety: immutable once shared except for its methods' statistics
// (atomics) and the executors (swapped under a mutex by setOptimize); run()
// may be called from many threads at once. Holders keep a shared_ptr, so
// unloading while requests run is safe.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/function_schema.h"
#include "runtime/core/stack.h"
#include "compiler/executor/graph_executor.h"
#include "compiler/executor/serving_executor.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/tensor/device.h"
#include "server/core/serving_stats.h"

namespace jitserve {
class Module;
struct ArchiveImportInfo;
}

namespace jitserve::frontend {
class CompilationUnit;
}

namespace jitserve::server {

// One load-time warm-up request (config.json "warmup"): the arguments a
// client would pass to `method` ("" is the default method), without self.
struct WarmupSample {
  std::string method;
  std::vector<IValue> inputs;
};

struct ModelOptions {
  bool optimize = true;  // run the pass pipeline on each plan
  // The warm-up policy: build each method's generic plan (and the Code of
  // what it calls) at load, and compile specialized plans in the background
  // while calls with a new ArgumentSpec run the generic plan
  // (GraphExecutorOptions::compileInBackground). Off: a new spec's first
  // call compiles its plan.
  bool backgroundCompile = true;
  // Archives in eval mode (the module's `training` is false) are served
  // frozen: the served methods are frozen together at load
  // (compiler/archive/module_freezing.h: attributes nothing writes become
  // constants, batch_norm folded into convs, dropout removed) and their
  // frozen graphs run; methods whose `self` could not be folded away still
  // get the module. A module freezing fails on loads unfrozen.
  bool freeze = true;
  // Run at load, after the executors are built (GraphExecutor::warmup with
  // samples): each sample's specialized plan is compiled, profiled and
  // optimized before the model is ready, so a request with the same
  // ArgumentSpec (dtypes, ranks, ...) runs the optimized plan from its first
  // call. A sample that fails fails the load, naming the sample.
  std::vector<WarmupSample> warmup;
  // Where the model runs (config.json "device", jitserved --device): an
  // archive's parameters and buffers are moved there at load (map_location;
  // before freezing, so frozen constants live there too), each request's
  // tensors are moved there and its outputs back to the host. A device this
  // machine cannot serve fails the load naming it.
  Device device = Device::cpu();
  // Off the CPU: operators the device has no kernel for run on the host
  // between copies (config.json "cpu_fallback"), each copy counted in the
  // request's metrics; without it such an operator fails the load, naming
  // it (compiler/passes/device_placement.h).
  bool cpuFallback = false;
};

class Model {
 public:
  enum class Format { kSource, kArchive };

  using Options = ModelOptions;

  struct Method {
    std::string name;
    GraphFunction* function;  // owned by the compilation unit
    // No loops, calls or forks anywhere in its graph: its run time follows
    // the size of its inputs, not their values.
    bool straightLine = false;
    // Its request statistics (serving_stats.h): a cell of its own until
    // ServingCore::addModel, before publishing the model, puts it in the
    // core's ServingStats (shared with earlier loads of the same version).
    std::shared_ptr<MethodStats> stats = std::make_shared<MethodStats>();
    // A module's method: run() puts the module object first.
    bool takesSelf = false;
    // A frozen method's graph, owned here (`function` points at it).
    std::shared_ptr<GraphFunction> frozen;
    // The arguments a caller passes (without self).
    FunctionSchema publicSchema;
    const FunctionSchema& schema() const { return publicSchema; }
  };

  // Compiles `source`. Compile errors are InvalidArgument with the
  // compiler's message (line and caret); an unknown entry is InvalidArgument.
  static absl::StatusOr<std::shared_ptr<Model>> fromSource(std::string name, std::string version,
                                                           std::string_view source, std::string_view entry = "",
                                                           Options options = {});
  // A torch.jit.save archive; a bad archive is InvalidArgument naming the
  // problem (the importer's message). `entry` picks the default method;
  // `info`, when given, receives what the import saw (archive_check.h).
  static absl::StatusOr<std::shared_ptr<Model>> fromArchive(std::string name, std::string version, std::string bytes,
                                                            std::string_view entry = "", Options options = {},
                                                            ArchiveImportInfo* info = nullptr);

  ~Model();
  Model(const Model&) = delete;
  Model& operator=(const Model&) = delete;

  const std::string& name() const { return name_; }
  const std::string& version() const { return version_; }
  Format format() const { return format_; }
  const char* formatName() const { return format_ == Format::kSource ? "source" : "archive"; }
  // Whether its methods run frozen (ModelOptions::freeze).
  bool frozen() const { return frozen_; }
  // Where it runs (ModelOptions::device).
  Device device() const { return device_; }
  // The operators its plans run on the CPU by fallback (ModelOptions::
  // cpuFallback), sorted; empty on the CPU or when the device serves all.
  const std::vector<std::string>& cpuFallbackOperators() const { return cpuFallbackOps_; }

  // The compilation unit holding every function and class the model
  // compiled (for reports such as archive_check.h).
  const frontend::CompilationUnit& unit() const { return *unit_; }

  // The default method first, then the others in source order.
  const std::vector<Method>& methods() const { return methods_; }
  const Method& defaultMethod() const { return methods_.front(); }
  // nullptr if there is no such method; "" is the default method.
  const Method* findMethod(std::string_view name) const;

  // Runs `method` on `stack` (arguments in, returns out).
  absl::Status run(const Method& method, Stack& stack, const InterpreterOptions& options) const;

  // The executor currently serving `method` (kept alive by the pointer even
  // if setOptimize replaces it meanwhile).
  std::shared_ptr<GraphExecutor> executor(const Method& method) const;

  bool optimize() const;
  // Replaces every method's executor by a fresh one with optimizations on or
  // off; a no-op when the setting is already `on`.
  void setOptimize(bool on);

  // A copy of the method's emitted graph after each pass of the pipeline the
  // executors use (when optimizing), in order: (pass name, graph text).
  // Internal when a pass fails (a compiler bug).
  absl::StatusOr<std::vector<std::pair<std::string, std::string>>> graphAfterEachPass(const Method& method) const;

  // Points every method's statistics at its cell in `stats`; only before
  // the model is shared (ServingCore::addModel).
  void useStats(ServingStats& stats);

 private:
  Model(std::string name, std::string version, Format format);
  // Swaps every method for its frozen graph (all or none); during load.
  void freezeMethods(const Module& module);
  // How methods_ run with optimizations `on` (compiler/executor/serving_executor.h).
  ServingExecutorConfig executorConfig(bool on) const;
  // Builds the executors for methods_ with `on`; mu_ held or not yet shared.
  std::vector<std::shared_ptr<GraphExecutor>> makeExecutors(bool on) const;
  // The end of every load: options applied, executors built, warm-up run.
  absl::Status finishLoad(Options options);
  // `values` with their tensors on device_ (themselves on the CPU).
  Stack toModelDevice(Stack values) const;
  // Runs warmup_ on `executors` (one per method).
  absl::Status warmUp(const std::vector<std::shared_ptr<GraphExecutor>>& executors) const;

  std::string name_;
  std::string version_;
  Format format_;
  // Owns the functions: the source's unit, or the archive module's.
  std::shared_ptr<frontend::CompilationUnit> unit_;
  IValue self_;  // the module object of an archive (None for source)
  std::vector<Method> methods_;
  CodeOptions codeOptions_;
  mutable std::mutex mu_;
  bool optimize_ = true;                                  // guarded by mu_
  std::vector<std::shared_ptr<GraphExecutor>> executors_;  // per method; guarded by mu_
  bool backgroundCompile_ = true;
  bool frozen_ = false;
  Device device_ = Device::cpu();
  bool cpuFallback_ = false;
  std::vector<std::string> cpuFallbackOps_;
  std::vector<WarmupSample> warmup_;
};

}  // namespace jitserve::server
