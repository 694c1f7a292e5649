// jit-conform: runs the conformance corpus (../shared/conformance, see its
// FORMAT.md) and reports which cases pass.
//
//   jit-conform [--mode=auto|ir|frozen] [--json FILE] [--timeout SEC] [-j N]
//               [--tol-scale X] [--executor] [--device cpu|cuda[:N]] [--placement] DIR...
//
// Every folder with a case.json under the DIRs is one case, run in its own
// child process so a crash or hang fails that case only. Prints
// "FAIL <suite>/<case>: <reason>" per failing case and last "N passed, M failed".
// --executor runs each entry as jitserved does, on a GraphExecutor (the
// specialized pass pipeline; a profiling call, then the optimized plan),
// and checks both calls, instead of the interpreter on the unoptimized graph.
// --device runs the programs there: inputs and an archive's parameters are
// moved to the device, outputs back to the host for the comparison.
// --placement (with --device) runs nothing: each case's entry is planned as
// jitserved plans it and fails when an operator it would run on the device
// has no kernel there, naming them: which cases a device could pass, on a
// machine without one.
// --trace prints "ok|FAIL <case dir> <seconds>" on stderr as each case ends.
// --batch N runs up to N cases per child, one after another until one fails
// (the rest go to a fresh child): on a GPU each child's CUDA start costs
// seconds, so the device suites run with a batch.
// --tol-scale multiplies every case's rtol and atol: 0.1 shows which cases
// pass with a tenfold margin (how numerics changes are judged).
// Exits 0 whatever the counts (the test suite asserts the thresholds); non-zero
// only for usage errors.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tools/conform/case.h"
#include "tools/conform/isolation.h"
#include "tools/conform/run_case.h"

using namespace jitserve::conform;

namespace {

int usage(const char* msg) {
  if (msg) std::fprintf(stderr, "jit-conform: %s\n", msg);
  std::fprintf(stderr,
               "usage: jit-conform [--mode=auto|ir|frozen] [--json FILE] [--timeout SEC] [-j N] [--progress] [--trace] [--batch N]\n"
               "                   [--tol-scale X] [--executor] [--device cpu|cuda[:N]] [--placement] DIR...\n");
  return 2;
}

std::string firstLine(const std::string& s) {
  auto nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl);
}

}  // namespace

int main(int argc, char** argv) {
  Mode mode = Mode::Auto;
  std::string jsonPath;
  bool trace = false;
  IsolationOptions iso;
  iso.jobs = static_cast<int>(std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)));
  std::vector<std::string> dirs;
  double tolScale = 1.0;
  bool executor = false;
  bool placementOnly = false;
  jitserve::Device device = jitserve::Device::cpu();

  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const std::string& flag) -> std::string {
      if (a.rfind(flag + "=", 0) == 0) return a.substr(flag.size() + 1);
      if (i + 1 >= argc) { usage((flag + " needs a value").c_str()); std::exit(2); }
      return argv[++i];
    };
    if (a == "-h" || a == "--help") return usage(nullptr), 0;
    if (a.rfind("--mode", 0) == 0) {
      std::string m = value("--mode");
      if (m == "auto") mode = Mode::Auto;
      else if (m == "ir") mode = Mode::IR;
      else if (m == "frozen") mode = Mode::Frozen;
      else return usage(("unknown mode '" + m + "' (expected auto, ir or frozen)").c_str());
    } else if (a.rfind("--json", 0) == 0) {
      jsonPath = value("--json");
    } else if (a.rfind("--timeout", 0) == 0) {
      char* end = nullptr;
      std::string v = value("--timeout");
      double s = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end || s <= 0) return usage(("bad --timeout '" + v + "'").c_str());
      iso.timeout = std::chrono::milliseconds(static_cast<long>(s * 1000));
    } else if (a == "-j" || a.rfind("--jobs", 0) == 0 || a.rfind("-j", 0) == 0) {
      std::string v = (a == "-j" || a.rfind("--jobs", 0) == 0) ? value(a == "-j" ? "-j" : "--jobs") : a.substr(2);
      iso.jobs = std::atoi(v.c_str());
      if (iso.jobs < 1) return usage(("bad job count '" + v + "'").c_str());
    } else if (a.rfind("--tol-scale", 0) == 0) {
      char* end = nullptr;
      std::string v = value("--tol-scale");
      tolScale = std::strtod(v.c_str(), &end);
      if (end == v.c_str() || *end || !(tolScale > 0)) return usage(("bad --tol-scale '" + v + "'").c_str());
    } else if (a == "--executor") {
      executor = true;
    } else if (a.rfind("--device", 0) == 0) {
      const std::string v = value("--device");
      const std::optional<jitserve::Device> d = jitserve::Device::parse(v);
      if (!d) return usage(("bad --device '" + v + "' (expected cpu, cuda or cuda:N)").c_str());
      device = *d;
    } else if (a == "--placement") {
      placementOnly = true;
    } else if (a == "--progress") {
      iso.progress = true;
    } else if (a == "--trace") {
      trace = true;
    } else if (a.rfind("--batch", 0) == 0) {
      const std::string v = value("--batch");
      iso.batch = std::atoi(v.c_str());
      if (iso.batch < 1) return usage(("bad --batch '" + v + "'").c_str());
    } else if (!a.empty() && a[0] == '-') {
      return usage(("unknown option " + a).c_str());
    } else {
      dirs.push_back(a);
    }
  }
  if (dirs.empty()) return usage("no case folders given");
  if (placementOnly && device.type == jitserve::DeviceType::CPU) return usage("--placement needs --device");

  std::vector<std::string> caseDirs = findCaseDirs(dirs);
  if (caseDirs.empty()) {
    std::fprintf(stderr, "jit-conform: no case.json found under the given folders\n");
  }

  if (absl::Status st = initializeRuntime(device); !st.ok()) {
    std::fprintf(stderr, "jit-conform: %s\n", std::string(st.message()).c_str());
    return 2;
  }
  // --trace: one line per case on stderr as it finishes, flushed, so a run
  // killed from outside (a device lease ending) still says what ran.
  if (trace)
    iso.onResult = [&](size_t i, const ItemResult& r) {
      std::fprintf(stderr, "%s %s %.2fs%s%s\n", r.passed ? "ok" : "FAIL", caseDirs[i].c_str(), r.seconds,
                   r.passed ? "" : ": ", r.passed ? "" : firstLine(r.reason).c_str());
      std::fflush(stderr);
    };
  auto results = runIsolated(
      caseDirs.size(),
      [&](size_t i) -> ItemResult {
        auto c = loadCase(caseDirs[i]);
        if (!c.ok()) return ItemResult{false, std::string(c.status().message())};
        c->rtol *= tolScale;
        c->atol *= tolScale;
        return runCase(*c, mode, executor, device, placementOnly);
      },
      iso);

  size_t passed = 0, failed = 0;
  std::map<std::string, std::pair<size_t, size_t>> bySuite;
  nlohmann::json cases = nlohmann::json::array();
  for (size_t i = 0; i < caseDirs.size(); ++i) {
    std::filesystem::path p(caseDirs[i]);
    std::string suite = p.parent_path().filename().string();
    std::string name = suite + "/" + p.filename().string();
    const ItemResult& r = results[i];
    auto& counts = bySuite[suite];
    if (r.passed) {
      ++passed;
      ++counts.first;
    } else {
      ++failed;
      ++counts.second;
      std::printf("FAIL %s: %s\n", name.c_str(), firstLine(r.reason).c_str());
    }
    cases.push_back({{"name", name}, {"passed", r.passed}, {"reason", r.reason}, {"seconds", r.seconds}});
  }
  std::printf("%zu passed, %zu failed\n", passed, failed);
  std::fflush(stdout);

  if (!jsonPath.empty()) {
    nlohmann::json suites = nlohmann::json::object();
    for (auto& [s, c] : bySuite) suites[s] = {{"passed", c.first}, {"failed", c.second}};
    nlohmann::json out = {{"mode", mode == Mode::IR ? "ir" : mode == Mode::Frozen ? "frozen" : "auto"},
                          {"passed", passed},
                          {"failed", failed},
                          {"suites", suites},
                          {"cases", cases}};
    std::ofstream f(jsonPath);
    if (!f) {
      std::fprintf(stderr, "jit-conform: cannot write %s\n", jsonPath.c_str());
      return 1;
    }
    f << out.dump(1) << "\n";
  }
  return 0;
}
