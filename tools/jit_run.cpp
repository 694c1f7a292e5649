// jit-run: runs a program and prints its result.
//
//   jit-run FILE.ir [ARG...] [--inputs FILE.pt] [--threads N]
//
// FILE.ir is a graph in PyTorch's textual IR. Arguments are Python-like
// literals (see tools/common/value_literal.h: 3, 2.5, True, 'text', [1, 2],
// zeros(2, 3), rand(4, 8), ...) or, with --inputs, a torch.save file holding
// the list of arguments. The program runs through a GraphExecutor, as the
// server will run it. Exit code: 0 on success, 1 when the program fails,
// 2 for usage errors.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/parallel.h"
#include "runtime/tensor/tensor.h"
#include "tools/common/value_literal.h"

using namespace jitserve;

namespace {

int usage(const std::string& msg) {
  if (!msg.empty()) std::fprintf(stderr, "jit-run: %s\n", msg.c_str());
  std::fprintf(stderr, "usage: jit-run FILE.ir [ARG...] [--inputs FILE.pt] [--threads N]\n");
  return 2;
}

void print(const IValue& v) {
  if (v.isTensor()) std::cout << toString(v.toTensor()) << "\n";
  else std::cout << v.repr() << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  std::string file, inputsFile;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help") return usage(""), 0;
    if (a == "--inputs" || a == "--threads") {
      if (i + 1 >= argc) return usage(a + " needs a value");
      std::string v = argv[++i];
      if (a == "--inputs") inputsFile = v;
      else {
        int n = std::atoi(v.c_str());
        if (n < 1) return usage("bad --threads '" + v + "'");
        set_num_threads(n);
      }
    } else if (file.empty()) {
      file = a;
    } else {
      args.push_back(a);
    }
  }
  if (file.empty()) return usage("no program given");

  std::ifstream in(file, std::ios::binary);
  if (!in) return usage("cannot open " + file);
  std::stringstream text;
  text << in.rdbuf();

  ensureOperatorsRegistered();
  auto graph = parseIR(text.str());
  if (!graph.ok()) {
    std::fprintf(stderr, "jit-run: %s: %s\n", file.c_str(), std::string(graph.status().message()).c_str());
    return 1;
  }

  Stack stack;
  if (!inputsFile.empty()) {
    auto v = loadTorchSaveFile(inputsFile);
    if (!v.ok()) {
      std::fprintf(stderr, "jit-run: %s: %s\n", inputsFile.c_str(), std::string(v.status().message()).c_str());
      return 1;
    }
    if (v->isList()) stack = v->toList()->elements;
    else if (v->isTuple()) stack = v->toTuple()->elements;
    else stack.push_back(std::move(*v));
  }
  for (const auto& a : args) {
    auto v = tools::parseValueLiteral(a);
    if (!v.ok()) return usage(std::string(v.status().message()));
    stack.push_back(std::move(*v));
  }

  GraphExecutor executor(std::shared_ptr<Graph>(std::move(*graph)));
  absl::Status st = executor.runStatus(stack);
  if (!st.ok()) {
    std::fprintf(stderr, "jit-run: %s\n", std::string(st.message()).c_str());
    return 1;
  }
  for (const auto& v : stack) print(v);
  return 0;
}
