// Per-instruction overhead of the interpreter, measured on the two loops the
// project's performance bar names (PyTorch 1.13: ~110 ns per iteration of an
// int-only loop, ~2.1 us per `x = x + 1.0` on a one-element tensor). The
// ceilings here are loose (several times the targets, for shared and debug
// machines); the printed numbers are what to compare.
#include <gtest/gtest.h>

#include <time.h>

#include <chrono>
#include <cstdio>

#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/ops/register_ops.h"
#include "tests/runtime/interpreter/test_ops.h"

namespace jitserve {
namespace {

// Thread CPU time: the build machine is shared, and wall time would count
// the time other processes hold the core.
double threadCpuNs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e9 + static_cast<double>(ts.tv_nsec);
}

double nsPerIteration(const CodePtr& code, int64_t n, Stack inputsTemplate) {
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    Stack s = inputsTemplate;
    s.emplace_back(n);
    const double start = threadCpuNs();
    runCode(code, s);
    best = std::min(best, (threadCpuNs() - start) / static_cast<double>(n));
  }
  return best;
}

TEST(InterpreterPerf, IntWhileLoop) {
  // i = 0; s = 0; while i < n: s += i; i += 1
  auto g = testing::parseGraph(R"IR(
graph(%n : int):
  %max : int = prim::Constant[value=9223372036854775807]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %c0 : bool = aten::lt(%0, %n)
  %i : int, %s : int = prim::Loop(%max, %c0, %0, %0)
    block0(%_ : int, %i.1 : int, %s.1 : int):
      %s.2 : int = aten::add(%s.1, %i.1)
      %i.2 : int = aten::add(%i.1, %1)
      %c : bool = aten::lt(%i.2, %n)
      -> (%c, %i.2, %s.2)
  return (%s)
)IR");
  CodeOptions opts;
  opts.registry = &testing::testRegistry();
  CodePtr code = Code::create(*g, opts);
  const double ns = nsPerIteration(code, 2'000'000, {});
  std::printf("int while loop: %.1f ns/iteration (%zu instructions)\n%s", ns, code->instructions().size(),
              code->dump().c_str());
  EXPECT_LT(ns, 1000.0);
}

TEST(InterpreterPerf, TensorAddScalarLoop) {
  OperatorRegistry registry;
  registerAllTensorOps(registry);
  auto g = testing::parseGraph(R"IR(
graph(%x.1 : Tensor, %n : int):
  %true : bool = prim::Constant[value=1]()
  %one : float = prim::Constant[value=1.]()
  %alpha : int = prim::Constant[value=1]()
  %x : Tensor = prim::Loop(%n, %true, %x.1)
    block0(%i : int, %x.2 : Tensor):
      %x.3 : Tensor = aten::add(%x.2, %one, %alpha)
      -> (%true, %x.3)
  return (%x)
)IR");
  CodeOptions opts;
  opts.registry = &registry;
  CodePtr code = Code::create(*g, opts);
  const double ns = nsPerIteration(code, 200'000, {IValue(zeros({1}))});
  std::printf("tensor x = x + 1.0 loop: %.1f ns/iteration\n", ns);
  EXPECT_LT(ns, 20000.0);
}

}  // namespace
}  // namespace jitserve
