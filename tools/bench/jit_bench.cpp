// jit-bench: runs the benchmark workloads and, with --torch, the same
// workloads in PyTorch 1.13 (Debian's python3-torch, torch.jit.CompilationUnit,
// same thread count) in the same run, and prints
//   NAME: ours X ms, torch Y ms, ratio R        (R = ours / torch)
// per workload, then "geomean ratio R".
//
//   jit-bench [--torch] [--freeze] [--cpu-time] [--no-memory-plan] [--threads N] [--min-seconds S]
//             [--reps N] [--conformance DIR] [--device D] [FILTER]
//
// --device cuda[:N] runs the workloads there on both sides: modules and
// inputs moved to the device (map_location), every timed call followed by a
// synchronize of the device, so a sample is the call's whole latency. The
// PyTorch side is the python named by JITSERVE_TORCH_PYTHON (default
// /usr/bin/python3; PyTorch 2.11 on the GPU machine is
// /opt/torch/.venv/bin/python3), with TF32 off as ours.
//
// A workload is workloads/NAME.{py,json,ir}: the TorchScript source (what
// PyTorch runs), its inputs and entry (.json), and the graph PyTorch's
// frontend makes of the source (.ir; ours runs it until our frontend lands).
// Times are the median of per-call wall times after a warm-up (process CPU
// times with --cpu-time, for a box busy with other work).
//
// A workload whose .json names an "archive" (a case folder of the
// conformance corpus, e.g. "models/resnet18"; "large/resnet50" and
// "large/bert_base_encoder" are made on each machine by
// tools/bench/make_large_cases.py into DIR/large, and skipped when absent)
// runs that torch.jit.save
// archive instead: its forward on the case's first input with the batch
// dimension set to "batch" (filled with 0.5; without "batch", the case's
// inputs.pt as they are), through a GraphExecutor; with
// "measure": "load" it times loading the archive (ours: importModuleFile;
// PyTorch: torch.jit.load); with "measure": "first" it times the first call
// of a freshly loaded module (the warm-up a server's first request pays;
// the median over fresh loads). Ours runs as the server does, with the
// server's own executor configuration (compiler/executor/serving_executor.h:
// the specialized pass pipeline and the profiling executor; the timed steady
// state runs the guarded plan, its intermediates from the memory planner's
// arena unless --no-memory-plan); for "first", the generic plan built at load
// (GraphExecutor::warmup, not timed) and specialized plans compiled in the
// background; with "warmup": true, a load-time warm-up request on the same
// inputs (GraphExecutor::warmup with samples, not timed: the specialized
// plan profiled and optimized at load) — PyTorch then gets as many untimed
// calls after its load (K_WARMUP_CALLS in torch_bench.py); with "evict":
// true, both sides load the archive once more (untimed) before the timed
// call, so it starts with caches and free lists that other work has used;
// with "frozen": true, both sides freeze the fresh module at load (ours:
// freezeMethods; PyTorch: optimize_for_inference(freeze(...))), untimed.
//
// Frozen: a workload with "frozen": true, or every archive workload under
// --freeze, runs frozen on both sides: ours freezes forward
// (compiler/archive/module_freezing.h: attributes folded, batch_norm and
// dropout folded away) and runs the frozen graph; PyTorch runs
// torch.jit.optimize_for_inference(torch.jit.freeze(module.eval())), the
// baseline issue 7 sets. Steady state only: "measure" workloads ignore it.
//
// The built-in workload `compile` times the frontend instead: every source
// case of the conformance corpus's lang/ and ops/ suites compiled by a fresh
// CompilationUnit (ours: frontend::CompilationUnit::define; PyTorch:
// torch.jit.CompilationUnit(src), which also emits every function's graph at
// definition). Each source's time is the best of --reps passes over the whole
// list (after one warm-up pass); the totals add up the sources that both
// sides compile.
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "compiler/archive/archive_import.h"
#include "compiler/archive/module_freezing.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "compiler/executor/graph_executor.h"
#include "compiler/executor/serving_executor.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/onednn_conv.h"
#include "runtime/ops/register_all.h"
#include "runtime/core/value_device.h"
#include "runtime/tensor/backend.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/tensor.h"
#if JITSERVE_HAVE_CUDA
#include "runtime/cuda/cuda_backend.h"
#endif

using namespace jitserve;
namespace fs = std::filesystem;

namespace {

struct Workload {
  std::string name;
  nlohmann::json spec;
  std::string ir;
  bool frozen() const { return spec.value("frozen", false); }
};

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

IValue makeInput(const nlohmann::json& s) {
  if (s.contains("tensor")) {
    const auto& t = s["tensor"];
    std::vector<int64_t> shape = t["shape"].get<std::vector<int64_t>>();
    std::string dtype = t.value("dtype", "float32");
    auto st = scalarTypeFromTorchName(dtype);
    if (!st) throw std::runtime_error("unknown dtype " + dtype);
    return IValue(full(shape, Scalar(t.value("fill", 0.0)), *st));
  }
  if (s.contains("int")) return IValue(s["int"].get<int64_t>());
  if (s.contains("float")) return IValue(s["float"].get<double>());
  throw std::runtime_error("unknown input spec " + s.dump());
}

// --cpu-time: per-call samples measure the process's CPU time instead of
// wall time. On a shared box whose other cores are busy, a single-threaded
// run's wall time counts the time slices it waited for; its CPU time does
// not. Both sides switch together.
bool gCpuTime = false;
// --no-memory-plan: archive workloads allocate every intermediate afresh.
bool gMemoryPlan = true;
// The bench folder (workloads/, torch_bench.py): the checkout's, or
// JITSERVE_BENCH_DIR when the binary runs elsewhere (the GPU machine).
std::string benchDir() {
  const char* env = std::getenv("JITSERVE_BENCH_DIR");
  return env && *env ? env : JITSERVE_BENCH_DIR;
}

// The python whose PyTorch is the reference: JITSERVE_TORCH_PYTHON, else
// Debian's (1.13).
std::string torchPython() {
  const char* env = std::getenv("JITSERVE_TORCH_PYTHON");
  return env && *env ? env : "/usr/bin/python3";
}

// --device: where workloads run.
Device gDevice = Device::cpu();

bool onHost() { return gDevice.type == DeviceType::CPU; }
// Waits for the device's queued work (a timed call ends with it).
void syncDevice() {
  if (!onHost()) backendFor(gDevice.type).synchronize(gDevice);
}
Stack argsOnDevice(Stack s) {
  if (!onHost())
    for (IValue& v : s) v = valueToDevice(v, gDevice);
  return s;
}
void moduleOnDevice(const Module& m) {
  if (!onHost()) moveObjectTensors(m.asIValue(), gDevice);
}

double sampleClockMs() {
  if (!gCpuTime)
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
  timespec ts;
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) * 1e-6;
}

// Median ms of fn over at least minSeconds (and 5 calls), after `warmup` calls.
template <typename F>
double medianMs(F&& fn, double minSeconds, int warmup) {
  for (int i = 0; i < warmup; ++i) fn();
  // Frozen convolutions' Winograd weights are made in the background
  // during the warm-up (onednn_conv.h); the steady state has them.
  ops::onednnWaitForWeightPacks();
  std::vector<double> samples;
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < minSeconds ||
         samples.size() < 5) {
    const double t0 = sampleClockMs();
    fn();
    samples.push_back(sampleClockMs() - t0);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// The executor configuration jitserved serves a method with
// (compiler/executor/serving_executor.h), calls resolved in the module's
// unit; --no-memory-plan turns the memory planner off.
ServingExecutorConfig servingConfig(const Module& m, bool background) {
  ServingExecutorConfig config;
  config.functionResolver = [unit = m.unit()](std::string_view n) -> Function* { return unit->resolve(n); };
  config.planMemory = gMemoryPlan;
  config.backgroundCompile = background;
  return config;
}

// forward frozen (module_freezing.h); drops self from `args` when the
// frozen method no longer takes it.
std::shared_ptr<Graph> freezeForward(const Workload& w, const Module& m, Stack& args) {
  const std::string forwardName = "forward";
  auto frozen = freezeMethods(m, std::span<const std::string>(&forwardName, 1));
  if (!frozen.ok()) throw std::runtime_error(w.name + ": freeze: " + std::string(frozen.status().message()));
  if (!frozen->front().takesSelf) args.erase(args.begin());
  return frozen->front().graph;
}

double timeOursArchive(const Workload& w, double minSeconds, const std::string& conformanceDir) {
  fs::path caseDir = fs::path(conformanceDir) / w.spec["archive"].get<std::string>();
  std::string path = (caseDir / "model.pt").string();
  if (w.spec.value("measure", std::string()) == "load") {
    return medianMs(
        [&] {
          auto m = importModuleFile(path);
          if (!m.ok()) throw std::runtime_error(w.name + ": " + std::string(m.status().message()));
        },
        minSeconds, 2);
  }
  auto m = importModuleFile(path);
  if (!m.ok()) throw std::runtime_error(w.name + ": " + std::string(m.status().message()));
  moduleOnDevice(*m);
  auto inputs = loadTorchSaveFile((caseDir / "inputs.pt").string());
  if (!inputs.ok() || !inputs->isList() || inputs->toList()->elements.empty() ||
      !inputs->toList()->elements[0].isTensor())
    throw std::runtime_error(w.name + ": inputs.pt must be a list whose first element is a tensor");
  Tensor first = inputs->toList()->elements[0].toTensor();
  std::vector<int64_t> shape(first.sizes().begin(), first.sizes().end());
  if (w.spec.contains("batch")) shape[0] = w.spec["batch"].get<int64_t>();
  Function* forward = m->findMethod("forward");
  auto* gf = dynamic_cast<GraphFunction*>(forward);
  if (!gf) throw std::runtime_error(w.name + ": no forward method");
  // With a batch: the first input, resized and filled; without: inputs.pt as is.
  Stack args{m->asIValue()};
  if (w.spec.contains("batch")) {
    args.emplace_back(full(shape, Scalar(0.5), first.dtype()));
  } else {
    for (const IValue& v : inputs->toList()->elements) args.push_back(v);
  }
  const auto& params = gf->schema().arguments;
  for (size_t i = args.size(); i < params.size(); ++i) {
    if (!params[i].defaultValue) throw std::runtime_error(w.name + ": no value for argument " + params[i].name);
    args.push_back(*params[i].defaultValue);
  }
  args = argsOnDevice(std::move(args));
  if (w.spec.value("measure", std::string()) == "first") {
    std::vector<double> samples;
    for (int i = 0; i < 5; ++i) {
      auto fresh = importModuleFile(path);
      if (!fresh.ok()) throw std::runtime_error(w.name + ": " + std::string(fresh.status().message()));
      moduleOnDevice(*fresh);  // map_location, part of the load: not timed
      auto* ff = dynamic_cast<GraphFunction*>(fresh->findMethod("forward"));
      std::shared_ptr<Graph> graph = ff->graphPtr();
      Stack stack = args;
      stack[0] = fresh->asIValue();
      if (w.frozen()) graph = freezeForward(w, *fresh, stack);  // at load (jitserved's default), not timed
      // The serving policy: the generic plan is built at load (not timed
      // here), specialized plans compile in the background.
      std::shared_ptr<GraphExecutor> executor = makeServingExecutor(graph, servingConfig(*fresh, /*background=*/true));
      if (w.spec.value("warmup", false)) {
        // A load-time warm-up request with the same inputs (jitserved's
        // config.json "warmup"), not timed.
        absl::Status st = warmUpServingExecutor(*executor, std::span<const Stack>(&stack, 1));
        if (!st.ok()) throw std::runtime_error(w.name + ": " + std::string(st.message()));
      }
      if (w.spec.value("evict", false)) {
        // Another load between the warm-up and the first call, as when a
        // server loads other models before the first request: the CPU caches
        // and the allocator's free lists are as that load left them.
        auto other = importModuleFile(path);
        if (!other.ok()) throw std::runtime_error(w.name + ": " + std::string(other.status().message()));
      }
      syncDevice();
      auto t0 = std::chrono::steady_clock::now();
      absl::Status st = executor->runStatus(stack);
      syncDevice();
      samples.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      if (!st.ok()) throw std::runtime_error(w.name + ": " + std::string(st.message()));
    }
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
  }
  std::shared_ptr<Graph> graph = gf->graphPtr();
  if (w.frozen()) graph = freezeForward(w, *m, args);
  // Warm-up calls compile, profile and optimize the plan (in the
  // foreground), so the timed calls run the guarded plan jitserved serves.
  std::shared_ptr<GraphExecutor> executor = makeServingExecutor(graph, servingConfig(*m, /*background=*/false));
  return medianMs(
      [&] {
        Stack stack = args;
        absl::Status st = executor->runStatus(stack);
        if (!st.ok()) throw std::runtime_error(w.name + ": " + std::string(st.message()));
        syncDevice();
      },
      minSeconds, 5);
}

double timeOurs(const Workload& w, double minSeconds, const std::string& conformanceDir) {
  if (w.spec.contains("archive")) return timeOursArchive(w, minSeconds, conformanceDir);
  auto graph = parseIR(w.ir);
  if (!graph.ok()) throw std::runtime_error(w.name + ".ir: " + std::string(graph.status().message()));
  GraphExecutor executor(std::shared_ptr<Graph>(std::move(*graph)));
  Stack inputs;
  for (const auto& s : w.spec["inputs"]) inputs.push_back(makeInput(s));
  inputs = argsOnDevice(std::move(inputs));
  auto once = [&] {
    Stack stack = inputs;
    absl::Status st = executor.runStatus(stack);
    if (!st.ok()) throw std::runtime_error(w.name + ": " + std::string(st.message()));
    syncDevice();
  };
  for (int i = 0; i < 20; ++i) once();
  std::vector<double> samples;
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < minSeconds ||
         samples.size() < 5) {
    const double t0 = sampleClockMs();
    once();
    samples.push_back(sampleClockMs() - t0);
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

// Runs tools/bench/torch_bench.py for the selected workloads; name -> ms.
std::map<std::string, double> timeTorch(const std::vector<Workload>& ws, int threads, double minSeconds,
                                        const std::string& dir, const std::string& conformanceDir) {
  std::string cmd = "'" + torchPython() + "' '" + benchDir() + "/torch_bench.py' --threads " + std::to_string(threads) +
                    " --min-seconds " + std::to_string(minSeconds) + " --conformance '" + conformanceDir + "'" +
                    (gCpuTime ? " --cpu-time" : "") + " --device " + gDevice.str() + " '" + dir + "'";
  for (const auto& w : ws) cmd += " " + w.name + (w.frozen() ? ":frozen" : "");
  std::map<std::string, double> out;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("cannot start " + cmd);
  char line[4096];
  while (std::fgets(line, sizeof line, p)) {
    try {
      auto j = nlohmann::json::parse(line);
      out[j["name"].get<std::string>()] = j["ms"].get<double>();
    } catch (const std::exception&) {
      std::fprintf(stderr, "jit-bench: unexpected output from torch_bench.py: %s", line);
    }
  }
  int rc = ::pclose(p);
  if (rc != 0) std::fprintf(stderr, "jit-bench: torch_bench.py exited with status %d\n", rc);
  return out;
}

// The `compile` workload: one source file per conformance case.
struct CompileCase {
  std::string name;  // suite/case
  fs::path path;
  std::string source;
};

std::vector<CompileCase> loadCompileCases(const std::string& conformanceDir) {
  std::vector<CompileCase> out;
  for (const char* suite : {"lang", "ops"}) {
    fs::path dir = fs::path(conformanceDir) / suite;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
      fs::path caseJson = e.path() / "case.json", src = e.path() / "source.py";
      if (!fs::exists(caseJson) || !fs::exists(src)) continue;
      if (nlohmann::json::parse(readFile(caseJson)).value("kind", std::string()) != "source") continue;
      out.push_back({std::string(suite) + "/" + e.path().filename().string(), src, readFile(src)});
    }
    if (ec) throw std::runtime_error("cannot read " + dir.string() + ": " + ec.message());
  }
  std::sort(out.begin(), out.end(), [](const CompileCase& a, const CompileCase& b) { return a.name < b.name; });
  return out;
}

// Per case: best compile time in ms, or a negative value if compiling fails.
std::vector<double> timeOursCompile(const std::vector<CompileCase>& cases, int reps) {
  std::vector<double> best(cases.size(), 1e300);
  for (int rep = 0; rep <= reps; ++rep) {  // pass 0 warms up
    for (size_t i = 0; i < cases.size(); ++i) {
      if (best[i] < 0) continue;
      auto t0 = std::chrono::steady_clock::now();
      bool ok;
      {
        frontend::CompilationUnit cu;
        ok = cu.define(cases[i].source).ok();
      }  // destroying the unit counts too, as Python frees PyTorch's
      double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (!ok) best[i] = -1;
      else if (rep > 0) best[i] = std::min(best[i], ms);
    }
  }
  return best;
}

// The same through torch_bench.py --compile; -1 where PyTorch rejects a case.
std::vector<double> timeTorchCompile(const std::vector<CompileCase>& cases, int reps) {
  char listPath[] = "/tmp/jit-bench-compile-XXXXXX";
  int fd = ::mkstemp(listPath);
  if (fd < 0) throw std::runtime_error("cannot create a temporary file");
  {
    std::ofstream list(listPath);
    for (const auto& c : cases) list << c.path.string() << "\n";
  }
  ::close(fd);
  std::string cmd = "'" + torchPython() + "' '" + benchDir() + "/torch_bench.py' --compile '" +
                    listPath + "' --reps " + std::to_string(reps);
  std::map<std::string, double> byPath;
  FILE* p = ::popen(cmd.c_str(), "r");
  if (!p) throw std::runtime_error("cannot start " + cmd);
  char line[8192];
  while (std::fgets(line, sizeof line, p)) {
    try {
      auto j = nlohmann::json::parse(line);
      byPath[j["path"].get<std::string>()] = j["ok"].get<bool>() ? j["ms"].get<double>() : -1.0;
    } catch (const std::exception&) {
      std::fprintf(stderr, "jit-bench: unexpected output from torch_bench.py: %s", line);
    }
  }
  int rc = ::pclose(p);
  ::unlink(listPath);
  if (rc != 0) std::fprintf(stderr, "jit-bench: torch_bench.py exited with status %d\n", rc);
  std::vector<double> out;
  for (const auto& c : cases) {
    auto it = byPath.find(c.path.string());
    out.push_back(it == byPath.end() ? -1.0 : it->second);
  }
  return out;
}

// Runs the compile workload; returns ours / torch (0 without --torch).
double runCompileWorkload(const std::string& conformanceDir, int reps, bool torch) {
  std::vector<CompileCase> cases = loadCompileCases(conformanceDir);
  if (cases.empty()) throw std::runtime_error("no source cases under " + conformanceDir + "/{lang,ops}");
  auto t0 = std::chrono::steady_clock::now();
  std::vector<double> ours = timeOursCompile(cases, reps);
  double oursWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::vector<double> theirs;
  double theirsWall = 0;
  if (torch) {
    t0 = std::chrono::steady_clock::now();
    theirs = timeTorchCompile(cases, reps);
    theirsWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  size_t oursRejects = 0, theirsRejects = 0, both = 0;
  double oursTotal = 0, theirsTotal = 0, oursAll = 0;
  std::vector<std::string> onlyOursRejects;
  for (size_t i = 0; i < cases.size(); ++i) {
    bool o = ours[i] >= 0, t = !torch || theirs[i] >= 0;
    oursRejects += !o;
    theirsRejects += !t;
    if (o) oursAll += ours[i];
    if (o && !t) continue;
    if (!o && t) onlyOursRejects.push_back(cases[i].name);
    if (!o || !t) continue;
    ++both;
    oursTotal += ours[i];
    if (torch) theirsTotal += theirs[i];
  }
  std::printf("compile: %zu sources (lang + ops), best of %d; ours rejects %zu", cases.size(), reps, oursRejects);
  if (torch) std::printf(", torch rejects %zu, both compile %zu", theirsRejects, both);
  std::printf("\n");
  if (torch && !onlyOursRejects.empty()) {
    std::printf("compile: only ours rejects %zu:", onlyOursRejects.size());
    for (size_t i = 0; i < onlyOursRejects.size() && i < 8; ++i) std::printf(" %s", onlyOursRejects[i].c_str());
    std::printf("%s\n", onlyOursRejects.size() > 8 ? " ..." : "");
  }
  if (!torch) {
    std::printf("compile: ours %.2f ms for %zu sources (%.1f us each) [%.1f s wall]\n", oursAll,
                cases.size() - oursRejects, 1e3 * oursAll / std::max<size_t>(1, cases.size() - oursRejects),
                oursWall);
    return 0;
  }
  double r = oursTotal / theirsTotal;
  std::printf("compile: ours %.2f ms, torch %.2f ms, ratio %.3f   [per source: ours %.1f us, torch %.1f us; "
              "%.1f s / %.1f s wall]\n",
              oursTotal, theirsTotal, r, 1e3 * oursTotal / std::max<size_t>(1, both),
              1e3 * theirsTotal / std::max<size_t>(1, both), oursWall, theirsWall);
  return r;
}

int usage(const std::string& msg) {
  if (!msg.empty()) std::fprintf(stderr, "jit-bench: %s\n", msg.c_str());
  std::fprintf(stderr,
               "usage: jit-bench [--torch] [--freeze] [--cpu-time] [--no-memory-plan] [--threads N] [--min-seconds S] [--reps N] [--conformance DIR] "
               "[--device D] [FILTER]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  bool torch = false;
  bool freezeAll = false;
  int threads = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  double minSeconds = 1.0;
  int reps = 5;
  std::string conformanceDir = JITSERVE_CONFORMANCE_DIR;
  std::string filter;
  std::string dir = benchDir() + "/workloads";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help") return usage(""), 0;
    if (a == "--torch") torch = true;
    else if (a == "--freeze") freezeAll = true;
    else if (a == "--cpu-time") gCpuTime = true;
    else if (a == "--no-memory-plan") gMemoryPlan = false;
    else if (a == "--device") {
      if (i + 1 >= argc) return usage(a + " needs a value");
      const std::optional<Device> d = Device::parse(argv[++i]);
      if (!d) return usage(std::string("bad --device '") + argv[i] + "' (expected cpu, cuda or cuda:N)");
      gDevice = *d;
    } else if (a == "--threads" || a == "--min-seconds" || a == "--workloads" || a == "--reps" ||
             a == "--conformance") {
      if (i + 1 >= argc) return usage(a + " needs a value");
      std::string v = argv[++i];
      if (a == "--threads") threads = std::atoi(v.c_str());
      else if (a == "--min-seconds") minSeconds = std::atof(v.c_str());
      else if (a == "--reps") reps = std::atoi(v.c_str());
      else if (a == "--conformance") conformanceDir = v;
      else dir = v;
      if (threads < 1 || minSeconds <= 0 || reps < 1) return usage("bad value for " + a);
    } else if (!a.empty() && a[0] == '-') return usage("unknown option " + a);
    else filter = a;
  }

  std::vector<Workload> ws;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".json") continue;
    std::string name = e.path().stem().string();
    if (!filter.empty() && name.find(filter) == std::string::npos) continue;
    Workload w{name, nlohmann::json::parse(readFile(e.path())), ""};
    if (!w.spec.contains("archive")) w.ir = readFile(fs::path(dir) / (name + ".ir"));
    if (freezeAll && w.spec.contains("archive") && !w.spec.contains("measure")) w.spec["frozen"] = true;
    ws.push_back(std::move(w));
  }
  if (ec) return usage("cannot read workloads in " + dir + ": " + ec.message());
  std::sort(ws.begin(), ws.end(), [](const Workload& a, const Workload& b) { return a.name < b.name; });
  // The large models are made per machine (tools/bench/make_large_cases.py),
  // not shipped: a workload whose archive is absent is skipped, saying so.
  std::erase_if(ws, [&](const Workload& w) {
    if (!w.spec.contains("archive")) return false;
    const fs::path caseDir = fs::path(conformanceDir) / w.spec["archive"].get<std::string>();
    if (fs::exists(caseDir / "model.pt")) return false;
    std::printf("%s: skipped, no archive at %s (tools/bench/make_large_cases.py makes the large ones)\n",
                w.name.c_str(), caseDir.string().c_str());
    return true;
  });
  const bool compile = std::string("compile").find(filter) != std::string::npos;
  if (ws.empty() && !compile) return usage("no workload matches '" + filter + "'");

  set_num_threads(threads);
  ensureOperatorsRegistered();
  if (!onHost()) {
#if JITSERVE_HAVE_CUDA
    if (gDevice.type == DeviceType::CUDA) cuda::ensureCudaSupport();
#endif
    if (!findBackend(gDevice.type)) return usage("this build cannot run on " + gDevice.str());
  }
  std::printf("jit-bench: %zu workload(s), %d thread(s)\n", ws.size() + compile, threads);
  std::fflush(stdout);

  std::map<std::string, double> ours;
  for (const auto& w : ws) {
    try {
      ours[w.name] = timeOurs(w, minSeconds, conformanceDir);
    } catch (const std::exception& e) {
      std::printf("%s: ours failed: %s\n", w.name.c_str(), e.what());
    }
  }
  std::map<std::string, double> theirs;
  if (torch && !ws.empty()) theirs = timeTorch(ws, threads, minSeconds, dir, conformanceDir);

  double logSum = 0;
  int n = 0;
  for (const auto& w : ws) {
    if (!ours.count(w.name)) continue;
    double o = ours[w.name];
    // Per-unit time, e.g. per loop iteration, makes the numbers comparable to
    // the issue's targets.
    double per = w.spec.value("per", 0.0);
    std::string unit = w.spec.value("unit", std::string());
    std::string detail;
    if (per > 0) {
      char buf[128];
      std::snprintf(buf, sizeof buf, "   [ours %.1f ns per %s", o * 1e6 / per, unit.c_str());
      detail = buf;
      if (theirs.count(w.name)) {
        std::snprintf(buf, sizeof buf, ", torch %.1f ns", theirs[w.name] * 1e6 / per);
        detail += buf;
      }
      detail += "]";
    }
    if (torch && theirs.count(w.name)) {
      double r = o / theirs[w.name];
      std::printf("%s: ours %.4f ms, torch %.4f ms, ratio %.3f%s\n", w.name.c_str(), o, theirs[w.name], r,
                  detail.c_str());
      logSum += std::log(r);
      ++n;
    } else {
      std::printf("%s: ours %.4f ms%s\n", w.name.c_str(), o, detail.c_str());
    }
  }
  if (compile) {
    try {
      double r = runCompileWorkload(conformanceDir, reps, torch);
      if (r > 0) {
        logSum += std::log(r);
        ++n;
      }
    } catch (const std::exception& e) {
      std::printf("compile: failed: %s\n", e.what());
    }
  }
  if (n > 0) std::printf("geomean ratio %.3f\n", std::exp(logSum / n));
  return 0;
}
