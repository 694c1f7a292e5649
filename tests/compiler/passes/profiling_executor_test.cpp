// The profiling executor (GraphExecutorOptions::profiling): profiling plans
// record types, optimized plans guard them, failing guards bail out to the
// unoptimized rest of the graph with the right results, and stats() counts
// guards, eliminated guards and failures.
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/core/ivalue_containers.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/interpreter/code.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

// reshape's output rank depends on the shape list's length, which no
// static type says: profiling sees it, a guard pins it, and peephole folds
// aten::dim of what follows.
constexpr const char* kReshape = R"IR(
graph(%x : Tensor, %shape : int[]):
  %y : Tensor = aten::reshape(%x, %shape)
  %z : Tensor = aten::relu(%y)
  %d : int = aten::dim(%z)
  %t : (Tensor, int) = prim::TupleConstruct(%z, %d)
  return (%t)
)IR";

std::shared_ptr<Graph> parse(const char* text) {
  auto g = parseIR(text);
  EXPECT_TRUE(g.ok()) << g.status().message();
  return std::shared_ptr<Graph>(std::move(*g));
}

GraphExecutorOptions profilingOptions() {
  ensureOperatorsRegistered();
  auto pipeline = makePassPipeline(specializedPipeline());
  EXPECT_TRUE(pipeline.ok());
  GraphExecutorOptions o;
  o.pipeline = *pipeline;
  o.profiling.enabled = true;
  o.profiling.runs = 1;
  return o;
}

// Runs the reshape graph on 6 floats reshaped to `shape`; returns dim.
int64_t runReshape(GraphExecutor& ex, std::vector<int64_t> shape) {
  Stack s{IValue(arange(6, ScalarType::Float)), IValue::intList(std::move(shape))};
  ex.run(s);
  EXPECT_EQ(s.size(), 1u);
  const auto& elems = s[0].toTupleRef().elements;
  return elems[1].toInt();
}

size_t countKind(const Graph& g, Symbol k) {
  size_t n = 0;
  for (const Node* node : g.nodes()) n += node->kind() == k;
  return n;
}

TEST(ProfilingExecutor, ProfilesThenGuards) {
  GraphExecutor ex(parse(kReshape), profilingOptions());
  EXPECT_EQ(runReshape(ex, {6}), 1);  // profiling run
  auto plans = ex.plans();
  ASSERT_EQ(plans.size(), 1u);
  EXPECT_EQ(plans[0]->guards != nullptr, true) << "one profiled run (runs = 1) optimizes the plan";
  // %y is guarded; %z (relu of a guarded Float[*]) is proven by propagation.
  EXPECT_EQ(countKind(*plans[0]->graph, prim::Guard), 1u) << plans[0]->graph->toString();
  EXPECT_EQ(countKind(*plans[0]->graph, Symbol::aten("dim")), 0u) << "dim folded: " << plans[0]->graph->toString();
  EXPECT_EQ(runReshape(ex, {6}), 1);
  GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  ASSERT_EQ(st.plans.size(), 1u);
  EXPECT_FALSE(st.plans[0].profiling);
  EXPECT_EQ(st.plans[0].profiledRuns, 1u);
  EXPECT_EQ(st.plans[0].guards, 1u);
  EXPECT_GE(st.plans[0].guardsEliminated, 1u);
  EXPECT_EQ(st.plans[0].guardFailures, 0u);
}

TEST(ProfilingExecutor, ShapeChangeFailsTheGuardAndBailsOut) {
  GraphExecutor ex(parse(kReshape), profilingOptions());
  EXPECT_EQ(runReshape(ex, {6}), 1);
  EXPECT_EQ(runReshape(ex, {2, 3}), 2) << "the bail-out computes dim on the unoptimized rest";
  EXPECT_EQ(runReshape(ex, {1, 2, 3}), 3);
  EXPECT_EQ(runReshape(ex, {3, 2}), 2);
  EXPECT_EQ(runReshape(ex, {6}), 1);
  GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.guardFailures, 3u);
  ASSERT_EQ(st.plans.size(), 1u) << "same ArgumentSpec: the same plan, its guard failing";
  EXPECT_EQ(st.plans[0].guardFailures, 3u);
}

TEST(ProfilingExecutor, BailOutKeepsEarlierSideEffects) {
  // The list is appended to before the guarded value; a bail-out must not
  // append again (the continuation starts after the guard).
  constexpr const char* kText = R"IR(
graph(%x : Tensor, %shape : int[], %log : int[]):
  %one : int = prim::Constant[value=1]()
  %a : int[] = aten::append(%log, %one)
  %y : Tensor = aten::reshape(%x, %shape)
  %b : int[] = aten::append(%log, %one)
  %d : int = aten::dim(%y)
  %n : int = aten::len(%log)
  %t : (int, int) = prim::TupleConstruct(%d, %n)
  return (%t)
)IR";
  GraphExecutor ex(parse(kText), profilingOptions());
  for (std::vector<int64_t> shape : {std::vector<int64_t>{6}, {6}, {2, 3}}) {
    Stack s{IValue(arange(6, ScalarType::Float)), IValue::intList(shape), IValue::intList({})};
    ex.run(s);
    const auto& e = s[0].toTupleRef().elements;
    EXPECT_EQ(e[0].toInt(), static_cast<int64_t>(shape.size()));
    EXPECT_EQ(e[1].toInt(), 2) << "appended exactly twice";
  }
  EXPECT_EQ(ex.stats().guardFailures, 1u);
}

TEST(ProfilingExecutor, DtypeFromAnArgument) {
  // aten::to(Tensor, int dtype): the output dtype is a run-time value.
  constexpr const char* kText = R"IR(
graph(%x : Tensor, %dtype : int):
  %f : bool = prim::Constant[value=0]()
  %none : NoneType = prim::Constant()
  %y : Tensor = aten::to(%x, %dtype, %f, %f, %none)
  %z : Tensor = aten::neg(%y)
  %dt : int = prim::dtype(%z)
  return (%dt)
)IR";
  GraphExecutor ex(parse(kText), profilingOptions());
  auto run = [&](ScalarType t) {
    Stack s{IValue(arange(4, ScalarType::Float)), IValue(static_cast<int64_t>(t))};
    ex.run(s);
    return s[0].toInt();
  };
  EXPECT_EQ(run(ScalarType::Double), static_cast<int64_t>(ScalarType::Double));
  EXPECT_EQ(run(ScalarType::Double), static_cast<int64_t>(ScalarType::Double));
  EXPECT_EQ(run(ScalarType::Int), static_cast<int64_t>(ScalarType::Int));
  EXPECT_EQ(ex.stats().guardFailures, 1u);
}

TEST(ProfilingExecutor, SizeGuardsCatchSizeChanges) {
  GraphExecutorOptions o = profilingOptions();
  o.profiling.guards.sizes = true;
  constexpr const char* kText = R"IR(
graph(%x : Tensor):
  %s : int[] = aten::size(%x)
  return (%s)
)IR";
  GraphExecutor ex(parse(kText), o);
  for (int64_t n : {4, 4, 5, 4}) {
    Stack s{IValue(arange(n, ScalarType::Float))};
    ex.run(s);
    ASSERT_EQ(s[0].toListRef().elements.size(), 1u);
    EXPECT_EQ(s[0].toListRef().elements[0].toInt(), n);
  }
  EXPECT_EQ(ex.stats().guardFailures, 1u) << "the input's size guard failed once (n = 5)";
}

TEST(ProfilingExecutor, ManyThreadsMixedShapes) {
  GraphExecutor ex(parse(kReshape), profilingOptions());
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 200; ++i) {
        std::vector<int64_t> shape = (i + t) % 3 == 0 ? std::vector<int64_t>{6}
                                     : (i + t) % 3 == 1 ? std::vector<int64_t>{2, 3}
                                                        : std::vector<int64_t>{1, 1, 6};
        const int64_t want = static_cast<int64_t>(shape.size());
        if (runReshape(ex, shape) != want) wrong.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(ex.stats().optimizedPlans, 1u);
}

TEST(ProfilingExecutor, BackgroundOptimization) {
  GraphExecutorOptions o = profilingOptions();
  o.compileInBackground = true;
  GraphExecutor ex(parse(kReshape), o);
  ex.warmup();
  EXPECT_EQ(runReshape(ex, {6}), 1);  // generic plan; the profiling plan compiles off-thread
  ex.waitForBackgroundCompiles();
  EXPECT_EQ(runReshape(ex, {6}), 1);  // profiling run; optimization goes off-thread
  ex.waitForBackgroundCompiles();
  EXPECT_EQ(runReshape(ex, {2, 3}), 2);
  GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  EXPECT_EQ(st.guardFailures, 1u);
}

TEST(ProfilingExecutor, WarmupWithSamplesOptimizesBeforeTheFirstCall) {
  GraphExecutorOptions o = profilingOptions();
  o.compileInBackground = true;  // warm-up compiles in the foreground anyway
  o.code.planMemory = true;
  GraphExecutor ex(parse(kReshape), o);
  std::vector<Stack> samples{{IValue(arange(6, ScalarType::Float)), IValue::intList({6})}};
  ASSERT_TRUE(ex.warmup(samples).ok());
  GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  EXPECT_EQ(st.generic, 0u);
  ASSERT_EQ(st.plans.size(), 1u);
  EXPECT_FALSE(st.plans[0].profiling);
  EXPECT_EQ(st.plans[0].profiledRuns, 1u);
  const uint64_t hits = st.hits;
  // The first call matching the sample runs the optimized plan: no generic
  // run, no new compile.
  EXPECT_EQ(runReshape(ex, {6}), 1);
  st = ex.stats();
  EXPECT_EQ(st.generic, 0u);
  EXPECT_EQ(st.hits, hits + 1);
  EXPECT_EQ(st.optimizedPlans, 1u);
  // Another spec still takes the background route.
  EXPECT_EQ(runReshape(ex, {2, 3}), 2);
  EXPECT_EQ(ex.stats().guardFailures + ex.stats().generic, 1u);
}

TEST(ProfilingExecutor, WarmupSampleErrorsNameTheSample) {
  GraphExecutor ex(parse(kReshape), profilingOptions());
  std::vector<Stack> samples{{IValue(arange(6, ScalarType::Float)), IValue::intList({6})},
                             {IValue(arange(6, ScalarType::Float)), IValue::intList({4})}};
  absl::Status s = ex.warmup(samples);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("warm-up sample 1: "), std::string_view::npos) << s.message();
  EXPECT_NE(s.message().find("shape"), std::string_view::npos) << s.message();
  std::vector<Stack> arity{{IValue(arange(6, ScalarType::Float))}};
  s = ex.warmup(arity);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("warm-up sample 0: expected 2 inputs but got 1"), std::string_view::npos) << s.message();
  // The good sample stays compiled and optimized.
  EXPECT_EQ(ex.stats().optimizedPlans, 1u);
  EXPECT_EQ(runReshape(ex, {6}), 1);
}

TEST(ProfilingExecutor, NeverRunSlotsAreNotGuarded) {
  // The else branch never runs while profiling: values after it that only
  // it would define keep their static types, and no guard is made from an
  // empty slot.
  constexpr const char* kText = R"IR(
graph(%x : Tensor, %c : bool):
  %y : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::relu(%x)
      -> (%a)
    block1():
      %b : Tensor = aten::neg(%x)
      -> (%b)
  %d : int = aten::dim(%y)
  return (%d)
)IR";
  GraphExecutor ex(parse(kText), profilingOptions());
  for (bool c : {true, true, false}) {
    Stack s{IValue(arange(3, ScalarType::Float)), IValue(c)};
    ex.run(s);
    EXPECT_EQ(s[0].toInt(), 1);
  }
  EXPECT_EQ(ex.stats().guardFailures, 0u);
}

TEST(ProfilingExecutor, CodeDumpShowsGuards) {
  GraphExecutor ex(parse(kReshape), profilingOptions());
  runReshape(ex, {6});
  const std::string dump = ex.plans()[0]->code->dump();
  // The GUARD, then the bail-out's RET.
  std::istringstream lines(dump);
  std::string line, prev;
  bool found = false;
  while (std::getline(lines, line)) {
    if (prev.ends_with("GUARD Float(*, device=cpu) n=1 guard=0")) {
      found = line.ends_with(": RET");
      break;
    }
    prev = line;
  }
  EXPECT_TRUE(found) << dump;
}

}  // namespace
}  // namespace jitserve
