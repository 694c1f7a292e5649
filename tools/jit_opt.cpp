// jit-opt: runs optimization passes on a graph read from IR text and prints
// the result; the driver of the pass text tests (tests/compiler/passes).
//
//   jit-opt --passes=constant_propagation,dead_code_elimination FILE.ir
//   jit-opt FILE.ir                 # the passes named by "# PASSES:" in FILE
//   jit-opt --list                  # registered passes
//   jit-opt --list-ops              # registered operator schemas, sorted
//   jit-opt --time-passes ...       # each pass's wall time, to stderr
//   jit-opt --log='>peephole' ...   # PYTORCH_JIT_LOG_LEVEL syntax, to stderr
//   jit-opt --opt-limit='peephole=1' ...   # PYTORCH_JIT_OPT_LIMIT syntax
//
// FILE may also hold "# FUNCTION name" graphs that `inline` resolves by name
// (compiler/passes/opt_input.h). "-" reads stdin. Exit status: 0 ok, 1 a
// pass or the input failed, 2 usage.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "compiler/passes/jit_log.h"
#include "compiler/passes/opt_input.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/core/operator_registry.h"
#include "runtime/ops/register_all.h"

namespace {

int usage() {
  std::cerr << "usage: jit-opt [--passes=a,b,...] [--log=SPEC] [--opt-limit=SPEC] [--time-passes] FILE.ir | --list | "
               "--list-ops\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace jitserve;
  std::string passList, file, logSpec, limitSpec;
  bool havePasses = false, list = false, listOps = false, haveLog = false, haveLimit = false, timePasses = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a.starts_with("--passes=")) {
      passList = a.substr(9);
      havePasses = true;
    } else if (a.starts_with("--log=")) {
      logSpec = a.substr(6);
      haveLog = true;
    } else if (a.starts_with("--opt-limit=")) {
      limitSpec = a.substr(12);
      haveLimit = true;
    } else if (a == "--time-passes") {
      timePasses = true;
    } else if (a == "--list") {
      list = true;
    } else if (a == "--list-ops") {
      listOps = true;
    } else if (a == "-h" || a == "--help") {
      return usage();
    } else if (a.starts_with("--") || !file.empty()) {
      return usage();
    } else {
      file = a;
    }
  }
  ensurePassesRegistered();
  if (haveLog) jitlog::setLogLevels(logSpec);
  if (haveLimit && !jitlog::setOptLimits(limitSpec)) {
    std::cerr << "jit-opt: malformed --opt-limit (want name=N[:name=N...])\n";
    return 2;
  }
  if (list) {
    for (const PassInfo& p : globalPassRegistry().passes()) std::cout << p.name << "\t" << p.doc << "\n";
    return 0;
  }
  if (listOps) {
    ensureOperatorsRegistered();
    std::vector<std::string> schemas;
    for (const Operator* op : globalOperatorRegistry().all()) schemas.push_back(op->schemaString());
    std::sort(schemas.begin(), schemas.end());
    for (const std::string& sc : schemas) std::cout << sc << "\n";
    return 0;
  }
  if (file.empty()) return usage();
  std::stringstream text;
  if (file == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "jit-opt: cannot read " << file << "\n";
      return 1;
    }
    text << in.rdbuf();
  }
  ensureOperatorsRegistered();
  absl::StatusOr<OptInput> input = parseOptInput(text.str());
  if (!input.ok()) {
    std::cerr << "jit-opt: " << input.status().message() << "\n";
    return 1;
  }
  std::vector<std::string> passes = havePasses ? splitPassList(passList) : input->passes;
  std::vector<std::pair<std::string, double>> timings;
  absl::StatusOr<std::string> out = runOptInput(*input, passes, timePasses ? &timings : nullptr);
  for (const auto& [name, ms] : timings) std::cerr << "jit-opt: " << name << ": " << ms << " ms\n";
  if (!out.ok()) {
    std::cerr << "jit-opt: " << out.status().message() << "\n";
    return 1;
  }
  std::cout << *out;
  return 0;
}
