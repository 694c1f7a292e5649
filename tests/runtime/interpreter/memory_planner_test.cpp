// The memory planner (runtime/interpreter/memory_planner.h): IR in, run
// several times with planning on, outputs compared with an unplanned run,
// and the planner's observations checked: slots reuse each other's bytes
// when their lifetimes are disjoint, escaping values are never planned
// again, and whatever a run does (grow, keep a value longer, throw, run on
// four threads at once) no value is ever overwritten while alive.
#include <gtest/gtest.h>

#include <algorithm>
#include <thread>
#include <vector>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/memory_planner.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

class MemoryPlannerTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  static CodePtr build(std::string_view ir, bool plan) {
    auto g = parseIR(ir);
    EXPECT_TRUE(g.ok()) << g.status();
    CodeOptions o;
    o.planMemory = plan;
    return Code::create(**g, o);
  }

  static Stack run(const CodePtr& code, Stack inputs) {
    runCode(code, inputs);
    return inputs;
  }

  static Tensor ramp(int64_t n, float scale = 1.0f) {
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = scale * static_cast<float>(i % 97) - 40.0f;
    return from_vector(v, {n});
  }

  static void expectSame(const Tensor& a, const Tensor& b) {
    ASSERT_TRUE(std::equal(a.sizes().begin(), a.sizes().end(), b.sizes().begin(), b.sizes().end()));
    Tensor ca = a.contiguous(), cb = b.contiguous();
    const float* pa = ca.data<float>();
    const float* pb = cb.data<float>();
    for (int64_t i = 0; i < ca.numel(); ++i) ASSERT_EQ(pa[i], pb[i]) << "at " << i;
  }
};

// a, b, c, d each live two steps: a and c can share bytes, b and d too.
constexpr const char* kChain = R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %two)
  %b : Tensor = aten::add(%a, %one, %one)
  %c : Tensor = aten::relu(%b)
  %d : Tensor = aten::sigmoid(%c)
  %e : Tensor = aten::mul(%d, %x)
  return (%e)
)IR";

TEST_F(MemoryPlannerTest, DisjointLifetimesShareBytes) {
  CodePtr planned = build(kChain, true);
  CodePtr plain = build(kChain, false);
  ASSERT_NE(planned->memoryPlanner(), nullptr);
  EXPECT_EQ(plain->memoryPlanner(), nullptr);
  EXPECT_NE(planned->dump().find("PLAN slot=0"), std::string::npos) << planned->dump();
  const int64_t n = 4096;
  for (int run_i = 0; run_i < 4; ++run_i) {
    Tensor x = ramp(n);
    Stack want = run(plain, {IValue(x)});
    Stack got = run(planned, {IValue(x)});
    expectSame(got[0].toTensor(), want[0].toTensor());
  }
  MemoryPlannerStats st = planned->memoryPlanner()->stats();
  EXPECT_EQ(st.slots, 5u);
  EXPECT_EQ(st.escaped, 1u);  // %e is returned
  EXPECT_EQ(st.laidOut, 4u);
  const size_t bytes = n * sizeof(float);
  EXPECT_EQ(st.plannedBytes, 4 * bytes);
  EXPECT_EQ(st.arenaBytes, 2 * bytes);  // a/c and b/d pairs
  // The first run observes; the later ones take all four from the arena.
  EXPECT_GE(st.served, 4u * 2);
  EXPECT_EQ(st.runs, 4u);
}

TEST_F(MemoryPlannerTest, ReturnedViewOfAnIntermediateKeepsItsValues) {
  // %a is only returned through a view: its bytes outlive the run, so its
  // slot must never be reused under the caller's feet.
  const char* ir = R"IR(
graph(%x : Tensor):
  %two : int = prim::Constant[value=2]()
  %m1 : int = prim::Constant[value=-1]()
  %a : Tensor = aten::mul(%x, %two)
  %shape : int[] = prim::ListConstruct(%m1)
  %v : Tensor = aten::view(%a, %shape)
  %b : Tensor = aten::sigmoid(%x)
  %c : Tensor = aten::relu(%b)
  return (%v, %c)
)IR";
  CodePtr planned = build(ir, true);
  CodePtr plain = build(ir, false);
  std::vector<Stack> kept, want;
  for (int i = 0; i < 5; ++i) {
    Tensor x = ramp(1000, 0.5f + static_cast<float>(i));
    kept.push_back(run(planned, {IValue(x)}));
    want.push_back(run(plain, {IValue(x)}));
  }
  for (size_t i = 0; i < kept.size(); ++i) {
    expectSame(kept[i][0].toTensor(), want[i][0].toTensor());
    expectSame(kept[i][1].toTensor(), want[i][1].toTensor());
  }
  MemoryPlannerStats st = planned->memoryPlanner()->stats();
  EXPECT_EQ(st.escaped, 2u);  // %a (through %v) and %c
  EXPECT_EQ(st.laidOut, 1u);  // %b
}

TEST_F(MemoryPlannerTest, GrowingInputsAreLaidOutAgain) {
  CodePtr planned = build(kChain, true);
  CodePtr plain = build(kChain, false);
  for (int64_t n : {64, 64, 100000, 100000, 64, 300000}) {
    Tensor x = ramp(n);
    expectSame(run(planned, {IValue(x)})[0].toTensor(), run(plain, {IValue(x)})[0].toTensor());
  }
  MemoryPlannerStats st = planned->memoryPlanner()->stats();
  EXPECT_GE(st.layouts, 3u);
  EXPECT_EQ(st.arenaBytes, 2 * 300000 * sizeof(float));
}

TEST_F(MemoryPlannerTest, ValueKeptLongerDownAnotherBranchIsNotOverwritten) {
  // With %flag false, %a dies at once and %c reuses its bytes. With %flag
  // true, %a lives to the end: %c must then not take %a's bytes.
  const char* ir = R"IR(
graph(%x : Tensor, %flag : bool):
  %two : int = prim::Constant[value=2]()
  %one : int = prim::Constant[value=1]()
  %a : Tensor = aten::mul(%x, %two)
  %b : Tensor = aten::add(%a, %one, %one)
  %keep : Tensor = prim::If(%flag)
    block0():
      -> (%a)
    block1():
      -> (%x)
  %c : Tensor = aten::sigmoid(%b)
  %d : Tensor = aten::relu(%c)
  %s : Tensor = aten::add(%d, %keep, %one)
  return (%s)
)IR";
  CodePtr planned = build(ir, true);
  CodePtr plain = build(ir, false);
  for (bool flag : {false, false, false, true, true, false, true}) {
    Tensor x = ramp(2048);
    Stack in{IValue(x), IValue(flag)};
    expectSame(run(planned, in)[0].toTensor(), run(plain, in)[0].toTensor());
  }
  EXPECT_GE(planned->memoryPlanner()->stats().layouts, 2u);
}

TEST_F(MemoryPlannerTest, AnErrorMidRunReleasesTheArena) {
  const char* ir = R"IR(
graph(%x : Tensor, %y : Tensor):
  %two : int = prim::Constant[value=2]()
  %a : Tensor = aten::mul(%x, %two)
  %b : Tensor = aten::sigmoid(%a)
  %c : Tensor = aten::mul(%b, %y)
  %d : Tensor = aten::relu(%c)
  return (%d)
)IR";
  CodePtr planned = build(ir, true);
  CodePtr plain = build(ir, false);
  for (int i = 0; i < 6; ++i) {
    Tensor x = ramp(512);
    Tensor y = ramp(i % 2 ? 7 : 512);  // odd runs: shapes do not broadcast
    Stack in{IValue(x), IValue(y)};
    if (i % 2) {
      EXPECT_THROW(run(planned, in), std::exception);
    } else {
      expectSame(run(planned, in)[0].toTensor(), run(plain, in)[0].toTensor());
    }
  }
  // The next allocation on this thread is not the failed operator's slot.
  Tensor z = ramp(16);
  EXPECT_EQ(z.numel(), 16);
  MemoryPlannerStats st = planned->memoryPlanner()->stats();
  EXPECT_EQ(st.runs, 6u);
  EXPECT_EQ(st.escaped, 1u);  // %d
}

TEST_F(MemoryPlannerTest, ConcurrentRunsUseTheirOwnArenas) {
  CodePtr planned = build(kChain, true);
  CodePtr plain = build(kChain, false);
  constexpr int kThreads = 4;
  std::vector<Tensor> inputs, expected;
  for (int t = 0; t < kThreads; ++t) {
    inputs.push_back(ramp(8192, 1.0f + static_cast<float>(t)));
    expected.push_back(run(plain, {IValue(inputs.back())})[0].toTensor());
  }
  std::vector<std::thread> threads;
  std::vector<int> bad(kThreads, 0);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        Tensor got = run(planned, {IValue(inputs[t])})[0].toTensor();
        const float* p = got.data<float>();
        const float* q = expected[t].data<float>();
        for (int64_t k = 0; k < got.numel(); ++k) bad[t] += p[k] != q[k];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(bad[t], 0) << "thread " << t;
  EXPECT_EQ(planned->memoryPlanner()->stats().runs, 200u * kThreads);
}

}  // namespace
}  // namespace jitserve
