#include "tools/conform/run_case.h"

#include <algorithm>
#include <cstdlib>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/archive/archive_import.h"
#include "compiler/archive/module_freezing.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "compiler/executor/graph_executor.h"
#include "compiler/executor/serving_executor.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/core/value_device.h"
#include "compiler/passes/device_placement.h"
#include "runtime/core/operator.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"
#if JITSERVE_HAVE_CUDA
#include "runtime/cuda/cuda_backend.h"
#endif

namespace jitserve::conform {
namespace fs = std::filesystem;

namespace {

// Set by runCase for the case at hand (one case per child process).
bool gExecutor = false;
Device gDevice = Device::cpu();

bool onHost() { return gDevice.type == DeviceType::CPU; }

// The arguments moved to the case's device, the results back to the host.
Stack toCaseDevice(Stack values) {
  if (!onHost())
    for (IValue& v : values) v = valueToDevice(v, gDevice);
  return values;
}
Stack toHost(Stack values) {
  if (!onHost())
    for (IValue& v : values) v = valueToDevice(v, Device::cpu());
  return values;
}

ItemResult pass() { return ItemResult{true, {}}; }
ItemResult fail(std::string why) { return ItemResult{false, std::move(why)}; }

// A result that does not match. With JITSERVE_CONFORM_DUMP=DIR set, ours is
// also written to DIR/<suite>__<case>.pt (torch.save format) to compare
// with expected.pt in Python.
ItemResult mismatch(const Case& c, const IValue& actual, std::string why) {
  if (const char* dir = std::getenv("JITSERVE_CONFORM_DUMP")) {
    std::string file = c.name;
    std::replace(file.begin(), file.end(), '/', '_');
    absl::Status st = saveTorchSaveFile(actual, std::string(dir) + "/" + file + ".pt");
    if (!st.ok()) why += " (dump failed: " + std::string(st.message()) + ")";
  }
  return fail(std::move(why));
}

absl::StatusOr<std::string> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return absl::NotFoundError("cannot open " + path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// inputs.pt holds the positional arguments as a list (or tuple).
absl::StatusOr<Stack> loadInputs(const Case& c) {
  auto v = loadTorchSaveFile(c.path("inputs.pt"));
  if (!v.ok()) return absl::Status(v.status().code(), "inputs.pt: " + std::string(v.status().message()));
  if (v->isList()) return Stack(v->toList()->elements);
  if (v->isTuple()) return Stack(v->toTuple()->elements);
  return absl::InvalidArgumentError(std::string("inputs.pt: expected a list of arguments, got ") + v->tagKind());
}

// The result PyTorch returned: a single output, or several as a tuple.
IValue resultOf(Stack& outputs) {
  if (outputs.size() == 1) return std::move(outputs[0]);
  return IValue::tuple(std::move(outputs));
}

ItemResult runIR(const Case& c) {
  if (c.expect == Expect::CompileError)
    return fail("IR mode cannot check a compile_error case (no graph.ir; needs the frontend)");
  if (!fs::exists(c.path("graph.ir"))) return fail("no graph.ir in the case folder");
  if (c.kind == CaseKind::Archive)
    return fail("IR mode cannot run an archive method: its module (self) comes from model.pt (archive loading)");

  auto text = readFile(c.path("graph.ir"));
  if (!text.ok()) return fail(std::string(text.status().message()));
  auto graph = parseIR(*text);
  if (!graph.ok()) return fail("graph.ir: " + std::string(graph.status().message()));

  auto inputs = loadInputs(c);
  if (!inputs.ok()) return fail(std::string(inputs.status().message()));

  absl::StatusOr<Stack> outputs = absl::UnknownError("not run");
  try {
    outputs = runGraph(**graph, toCaseDevice(std::move(*inputs)));
    if (outputs.ok()) outputs = toHost(std::move(*outputs));
  } catch (const std::exception& e) {
    outputs = statusFromException(e);  // moving values between devices
  }
  if (c.expect == Expect::RuntimeError) {
    if (outputs.ok()) return fail("expected a runtime error (" + c.error + ") but the program ran to completion");
    // A graph we cannot run is a gap, not the expected error.
    if (outputs.status().code() == absl::StatusCode::kUnimplemented)
      return fail(std::string(outputs.status().message()));
    return pass();
  }
  if (!outputs.ok()) return fail(std::string(outputs.status().message()));

  auto expected = loadTorchSaveFile(c.path("expected.pt"));
  if (!expected.ok()) return fail("expected.pt: " + std::string(expected.status().message()));
  IValue actual = resultOf(*outputs);
  if (auto diff = compareValues(*expected, actual, Tolerance{c.rtol, c.atol})) return mismatch(c, actual, *diff);
  return pass();
}

// One checked call: `run` on `leading` (the module, for a method) then
// inputs.pt (loaded afresh: a case may write to its inputs), with defaults
// for the rest; the result or the error the case expects. `label` prefixes
// failures ("" for none).
ItemResult checkedCall(const Case& c, const FunctionSchema& schema, const Stack& leading,
                       const std::function<absl::Status(Stack&)>& run, const std::string& label) {
  auto inputs = loadInputs(c);
  if (!inputs.ok()) return fail(std::string(inputs.status().message()));
  Stack stack = leading;
  try {
    for (IValue& v : toCaseDevice(std::move(*inputs))) stack.push_back(std::move(v));
  } catch (const std::exception& e) {
    return fail("moving the inputs to " + gDevice.str() + ": " + e.what());
  }
  const auto& params = schema.arguments;
  for (size_t i = stack.size(); i < params.size(); ++i) {
    if (!params[i].defaultValue) return fail("inputs.pt lacks argument " + params[i].name + ", which has no default");
    stack.push_back(*params[i].defaultValue);
  }
  absl::Status st = run(stack);
  if (st.ok()) {
    try {
      stack = toHost(std::move(stack));
    } catch (const std::exception& e) {
      st = statusFromException(e);
    }
  }
  if (c.expect == Expect::RuntimeError) {
    if (st.ok()) return fail(label + "expected a runtime error (" + c.error + ") but the program ran to completion");
    return pass();
  }
  if (!st.ok()) return fail(label + "run: " + std::string(st.message()));
  auto expected = loadTorchSaveFile(c.path("expected.pt"));
  if (!expected.ok()) return fail("expected.pt: " + std::string(expected.status().message()));
  IValue actual = resultOf(stack);
  if (auto diff = compareValues(*expected, actual, Tolerance{c.rtol, c.atol})) return mismatch(c, actual, label + *diff);
  return pass();
}

// Executor mode (runCase's `executor`): fn's graph on a GraphExecutor
// configured as jitserved serves a method (compiler/executor/
// serving_executor.h), calls resolved through the function's resolver, with
// plans compiled on the calling thread so that the first (profiling) and
// the second (optimized) call are both checked.
ItemResult runOnExecutor(const Case& c, GraphFunction& fn, const Stack& leading) {
  ServingExecutorConfig config;
  config.functionResolver = fn.codeOptions().functionResolver;
  config.backgroundCompile = false;
  std::shared_ptr<GraphExecutor> executor = makeServingExecutor(fn.graphPtr(), config);
  auto run = [&](Stack& stack) { return executor->runStatus(stack); };
  for (const char* call : {"first (profiling) call: ", "second (optimized) call: "}) {
    ItemResult r = checkedCall(c, fn.schema(), leading, run, call);
    if (!r.passed) return r;
  }
  return pass();
}

// Runs fn (on the interpreter, or in executor mode on a GraphExecutor) and
// checks the result or the error the case expects.
ItemResult runAndCompare(const Case& c, Function& fn, Stack leading) {
  if (gExecutor) {
    if (auto* gf = dynamic_cast<GraphFunction*>(&fn)) return runOnExecutor(c, *gf, leading);
  }
  auto run = [&](Stack& stack) -> absl::Status {
    try {
      fn.run(stack);
    } catch (const std::exception& e) {
      return absl::InternalError(e.what());
    }
    return absl::OkStatus();
  };
  return checkedCall(c, fn.schema(), leading, run, "");
}

// Auto mode for kind=source: compile source.py with the frontend and run the
// entry function. A compile_error case passes only when compiling fails with
// a message that points at a line of the source.
ItemResult runSource(const Case& c) {
  auto text = readFile(c.path("source.py"));
  if (!text.ok()) return fail(std::string(text.status().message()));
  frontend::CompilationUnit cu;
  absl::Status st = cu.define(*text);
  if (c.expect == Expect::CompileError) {
    if (st.ok()) return fail("expected a compile error (" + c.error + ") but the source compiled");
    if (st.message().find("line ") == std::string_view::npos)
      return fail("compile error does not name the offending line: " + std::string(st.message()));
    return pass();
  }
  if (!st.ok()) return fail("compile: " + std::string(st.message()));
  GraphFunction* fn = cu.findFunction(c.entry);
  if (!fn) return fail("no function named " + c.entry + " in source.py");

  return runAndCompare(c, *fn, {});
}

// Frozen mode: the entry method frozen, run with self only if it kept it.
ItemResult runFrozen(const Case& c, const Module& module) {
  const std::string entry = c.entry;
  auto frozen = freezeMethods(module, std::span<const std::string>(&entry, 1));
  if (!frozen.ok()) return fail("freeze: " + std::string(frozen.status().message()));
  FrozenMethod& m = frozen->front();
  CodeOptions code;
  code.functionResolver = [unit = module.unit()](std::string_view n) -> Function* { return unit->resolve(n); };
  GraphFunction fn(m.name, m.graph, m.schema, code);
  return runAndCompare(c, fn, m.takesSelf ? Stack{module.asIValue()} : Stack{});
}

// Auto mode for kind=archive: load model.pt and run the entry method on the
// module (frozen first in Frozen mode).
ItemResult runArchive(const Case& c, bool freeze) {
  auto module = importModuleFile(c.path("model.pt"));
  if (c.expect == Expect::CompileError) {
    if (module.ok()) return fail("expected a compile error (" + c.error + ") but the archive loaded");
    return pass();
  }
  if (!module.ok()) return fail("load: " + std::string(module.status().message()));
  if (!onHost()) {
    try {
      moveObjectTensors(module->asIValue(), gDevice);
    } catch (const std::exception& e) {
      return fail("moving the module to " + gDevice.str() + ": " + e.what());
    }
  }
  Function* fn = module->findMethod(c.entry);
  if (!fn) return fail("the module has no method " + c.entry);
  if (freeze) return runFrozen(c, *module);
  return runAndCompare(c, *fn, {module->asIValue()});
}

}  // namespace

// Placement only (runCase's `placementOnly`): fn's graph planned as
// jitserved plans it (the serving pass pipeline, calls inlined), then device
// placement for gDevice: the case "passes" when every operator it would run
// there has a kernel. Nothing runs, so no device is needed.
ItemResult placementOf(GraphFunction& fn, bool constantsOnDevice) {
  ServingExecutorConfig config;
  config.functionResolver = fn.codeOptions().functionResolver;
  GraphExecutorOptions exec = servingExecutorOptions(config);
  std::shared_ptr<Graph> g(fn.graph().copy());
  exec.pipeline(*g);
  DevicePlacementOptions placement;
  placement.device = gDevice;
  placement.tensorConstantsOnDevice = constantsOnDevice;
  std::vector<std::string> names;
  for (const UnservedOperator& u : FindUnservedOperators(*g, placement)) {
    names.emplace_back(u.op->schema().operatorName());
  }
  if (names.empty()) return pass();
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  std::string msg = "no " + std::string(deviceTypeName(gDevice.type)) + " kernel:";
  for (const std::string& n : names) msg += " " + n;
  return fail(msg);
}

ItemResult runPlacement(const Case& c, Mode mode) {
  if (c.expect == Expect::CompileError) return pass();  // nothing to place
  if (c.kind == CaseKind::Source) {
    auto text = readFile(c.path("source.py"));
    if (!text.ok()) return fail(std::string(text.status().message()));
    frontend::CompilationUnit cu;
    if (absl::Status st = cu.define(*text); !st.ok()) return fail("compile: " + std::string(st.message()));
    GraphFunction* fn = cu.findFunction(c.entry);
    if (!fn) return fail("no function named " + c.entry + " in source.py");
    return placementOf(*fn, false);
  }
  auto module = importModuleFile(c.path("model.pt"));
  if (!module.ok()) return fail("load: " + std::string(module.status().message()));
  if (mode == Mode::Frozen) {
    const std::string entry = c.entry;
    auto frozen = freezeMethods(*module, std::span<const std::string>(&entry, 1));
    if (!frozen.ok()) return fail("freeze: " + std::string(frozen.status().message()));
    FrozenMethod& m = frozen->front();
    CodeOptions code;
    code.functionResolver = [unit = module->unit()](std::string_view n) -> Function* { return unit->resolve(n); };
    GraphFunction fn(m.name, m.graph, m.schema, code);
    return placementOf(fn, /*constantsOnDevice=*/true);  // the module would have moved before freezing
  }
  auto* fn = dynamic_cast<GraphFunction*>(module->findMethod(c.entry));
  if (!fn) return fail("the module has no scripted method " + c.entry);
  return placementOf(*fn, false);
}

absl::Status initializeRuntime(Device device) {
  ensureOperatorsRegistered();
  if (device.type == DeviceType::CPU) return absl::OkStatus();
#if JITSERVE_HAVE_CUDA
  // Registration only: the parent must not touch the driver, or the forked
  // children could not use CUDA.
  if (device.type == DeviceType::CUDA) {
    cuda::ensureCudaSupport();
    return absl::OkStatus();
  }
#endif
  return absl::InvalidArgumentError("this build of jit-conform cannot run on " + device.str() +
                                    (device.type == DeviceType::CUDA ? " (built without JITSERVE_CUDA)" : ""));
}

ItemResult runCase(const Case& c, Mode mode, bool executor, Device device, bool placementOnly) {
  gExecutor = executor;
  gDevice = device;
  try {
    if (placementOnly) return runPlacement(c, mode);
    if (mode == Mode::IR) return runIR(c);
    if (c.kind == CaseKind::Source) return runSource(c);
    return runArchive(c, mode == Mode::Frozen);
  } catch (const std::exception& e) {
    return fail(std::string("error escaped the runtime: ") + e.what());
  }
}

}  // namespace jitserve::conform
