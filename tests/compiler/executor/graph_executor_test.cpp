// ArgumentSpec and GraphExecutor: specialization keys, the plan cache and
// its bound, stats, and concurrent runs.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "runtime/ir/ir.h"
#include "compiler/executor/argument_spec.h"
#include "compiler/executor/graph_executor.h"
#include "tests/runtime/interpreter/test_ops.h"

namespace jitserve {
namespace {

ArgumentSpec specOf(const Stack& s) { return ArgumentSpec::compute(s); }

TEST(ArgumentSpec, DistinguishesTensorProperties) {
  const ArgumentSpec f2 = specOf({IValue(zeros({2, 3}))});
  EXPECT_EQ(f2, specOf({IValue(zeros({4, 5}))})) << "sizes are not part of the spec";
  EXPECT_NE(f2, specOf({IValue(zeros({2, 3}, ScalarType::Double))}));
  EXPECT_NE(f2, specOf({IValue(zeros({2}))}));
  EXPECT_NE(f2, specOf({IValue(Tensor())}));
  Tensor g = zeros({2, 3});
  g.set_requires_grad(true);
  EXPECT_NE(f2, specOf({IValue(g)}));
  EXPECT_EQ(f2.hash(), specOf({IValue(zeros({7, 1}))}).hash());
}

TEST(ArgumentSpec, NestedTuplesAndNonTensorStructure) {
  const ArgumentSpec a = specOf({IValue::tuple({IValue(int64_t{1}), IValue(zeros({2}))}), IValue()});
  const ArgumentSpec b = specOf({IValue::tuple({IValue(int64_t{9}), IValue(zeros({5}))}), IValue()});
  EXPECT_EQ(a, b) << "int values and sizes do not matter";
  EXPECT_NE(a, specOf({IValue::tuple({IValue(int64_t{1}), IValue(zeros({2, 2}))}), IValue()}))
      << "a nested tensor's rank matters";
  EXPECT_NE(a, specOf({IValue::tuple({IValue(int64_t{1}), IValue(zeros({2}))}), IValue(zeros({1}))}))
      << "None vs Tensor for an optional input";
  EXPECT_EQ(a.numTensors(), 1u);
  EXPECT_EQ(a.str(), "[(int, Float(dim=1, cpu)), None]");
}

TEST(ArgumentSpec, RefinedInputTypes) {
  const ArgumentSpec s = specOf({IValue::tuple({IValue(zeros({2, 2}, ScalarType::Long))})});
  size_t word = 0;
  TypePtr t = refinedInputType(s, word, TupleType::create({TensorType::get()}));
  EXPECT_EQ(word, s.numWords());
  const auto& elem = t->expect<TupleType>().elements()[0]->expect<TensorType>();
  EXPECT_EQ(elem.dtype(), ScalarType::Long);
  EXPECT_EQ(elem.dim(), 2u);
}

const char* kRankGraph = R"IR(
graph(%x : Tensor, %n : int):
  %1 : int = prim::Constant[value=1]()
  %r : int = aten::add(%n, %1)
  return (%r)
)IR";

GraphExecutorOptions testOptions() {
  GraphExecutorOptions o;
  o.code.registry = &testing::testRegistry();
  return o;
}

TEST(GraphExecutor, CachesPlansPerSpec) {
  GraphExecutor ex(testing::parseGraph(kRankGraph), testOptions());
  auto runWith = [&](Tensor t) {
    Stack s;
    s.emplace_back(std::move(t));
    s.emplace_back(int64_t{41});
    ex.run(s);
    ASSERT_EQ(s.size(), 1u);
    EXPECT_EQ(s[0].toInt(), 42);
  };
  runWith(zeros({2}));                      // miss
  runWith(zeros({3}));                      // hit: same rank and dtype
  runWith(zeros({2}, ScalarType::Double));  // miss: dtype
  runWith(zeros({2, 2}));                   // miss: rank
  runWith(zeros({9, 9}));                   // hit
  const GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.misses, 3u);
  EXPECT_EQ(st.hits, 2u);
  EXPECT_EQ(st.fallbacks, 0u);
  ASSERT_EQ(st.plans.size(), 3u);
  uint64_t planHits = 0;
  for (const auto& p : st.plans) planHits += p.hits;
  EXPECT_EQ(planHits, 2u);
}

TEST(GraphExecutor, PlanGraphHasRefinedInputTypes) {
  GraphExecutor ex(testing::parseGraph(kRankGraph), testOptions());
  Stack s;
  s.emplace_back(zeros({2, 3}, ScalarType::Double));
  s.emplace_back(int64_t{1});
  auto plan = ex.planFor(s);
  const auto& t = plan->graph->inputs()[0]->type()->expect<TensorType>();
  EXPECT_EQ(t.dtype(), ScalarType::Double);
  EXPECT_EQ(t.dim(), 2u);
  // The executor's own graph is unchanged.
  EXPECT_TRUE(ex.graph().inputs()[0]->type()->expect<TensorType>().isUnrefined());
}

TEST(GraphExecutor, PlansListsTheCachedSpecializedPlans) {
  GraphExecutor ex(testing::parseGraph(kRankGraph), testOptions());
  EXPECT_TRUE(ex.plans().empty());
  for (auto dtype : {ScalarType::Double, ScalarType::Float, ScalarType::Double}) {
    Stack s;
    s.emplace_back(zeros({2}, dtype));
    s.emplace_back(int64_t{1});
    ex.run(s);
  }
  const auto plans = ex.plans();
  ASSERT_EQ(plans.size(), 2u);
  EXPECT_LT(plans[0]->spec.str(), plans[1]->spec.str());
  uint64_t hits = 0;
  for (const auto& p : plans) {
    ASSERT_NE(p->graph, nullptr);
    EXPECT_FALSE(p->graph->inputs()[0]->type()->expect<TensorType>().isUnrefined());
    hits += p->hits.load();
  }
  EXPECT_EQ(hits, 1u);
}

TEST(GraphExecutor, PipelineHookRunsOnEachNewPlan) {
  GraphExecutorOptions o = testOptions();
  std::atomic<int> calls{0};
  o.pipeline = [&](Graph&) { calls.fetch_add(1); };
  GraphExecutor ex(testing::parseGraph(kRankGraph), o);
  for (int i = 0; i < 3; ++i) {
    Stack s;
    s.emplace_back(zeros({2}));
    s.emplace_back(int64_t{1});
    ex.run(s);
  }
  EXPECT_EQ(calls.load(), 1);
}

// compileInBackground: after warmup(), a new spec's first call runs the
// generic plan while its plan compiles off-thread; later calls hit it.
TEST(GraphExecutor, BackgroundCompilationKeepsCompilesOffTheCall) {
  GraphExecutorOptions o = testOptions();
  o.compileInBackground = true;
  std::atomic<int> pipelineRuns{0};
  o.pipeline = [&](Graph&) { pipelineRuns.fetch_add(1); };
  GraphExecutor ex(testing::parseGraph(kRankGraph), o);
  ex.warmup();
  EXPECT_EQ(pipelineRuns.load(), 1) << "warmup builds the generic plan";
  auto runWith = [&](Tensor t) {
    Stack s;
    s.emplace_back(std::move(t));
    s.emplace_back(int64_t{1});
    ex.run(s);
    EXPECT_EQ(s[0].toInt(), 2);
  };
  runWith(zeros({2}));
  ex.waitForBackgroundCompiles();
  runWith(zeros({3}));
  runWith(zeros({2}, ScalarType::Double));
  ex.waitForBackgroundCompiles();
  runWith(zeros({2}, ScalarType::Double));
  const GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.generic, 2u);
  EXPECT_EQ(st.backgroundCompiles, 2u);
  EXPECT_EQ(st.hits, 2u);
  EXPECT_EQ(st.misses, 0u);
  EXPECT_EQ(st.plans.size(), 2u);
  EXPECT_EQ(pipelineRuns.load(), 3);
}

// Destroying an executor with compiles queued or running neither crashes nor
// leaves the compiler thread touching it (ASan/TSan builds check).
TEST(GraphExecutor, DestroyedWithBackgroundCompilesPending) {
  for (int i = 0; i < 20; ++i) {
    GraphExecutorOptions o = testOptions();
    o.compileInBackground = true;
    auto ex = std::make_unique<GraphExecutor>(testing::parseGraph(kRankGraph), o);
    for (auto dtype : {ScalarType::Float, ScalarType::Double, ScalarType::Long}) {
      Stack s;
      s.emplace_back(zeros({2}, dtype));
      s.emplace_back(int64_t{1});
      ex->run(s);
    }
    ex.reset();
  }
}

TEST(GraphExecutor, BoundedPlansFallBackToGeneric) {
  GraphExecutorOptions o = testOptions();
  o.maxPlans = 2;
  GraphExecutor ex(testing::parseGraph(kRankGraph), o);
  for (int rank = 0; rank < 5; ++rank) {
    Stack s;
    s.emplace_back(zeros(std::vector<int64_t>(static_cast<size_t>(rank), 1)));
    s.emplace_back(int64_t{1});
    ex.run(s);
    EXPECT_EQ(s[0].toInt(), 2);
  }
  const GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.plans.size(), 2u);
  EXPECT_EQ(st.misses, 2u);
  EXPECT_EQ(st.fallbacks, 3u);
}

TEST(GraphExecutor, ErrorsAsStatus) {
  GraphExecutor ex(testing::parseGraph(R"IR(
graph(%l : int[]):
  %9 : int = prim::Constant[value=9]()
  %x : int = aten::__getitem__(%l, %9) # <string>:2:11
  return (%x)
)IR"),
                   testOptions());
  Stack s{IValue::intList({1})};
  absl::Status st = ex.runStatus(s);
  ASSERT_FALSE(st.ok());
  EXPECT_NE(st.message().find("list index out of range"), std::string::npos) << st;
}

TEST(GraphExecutor, ConcurrentRunsAcrossSpecs) {
  GraphExecutor ex(testing::parseGraph(kRankGraph), testOptions());
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 300; ++k) {
        Stack s;
        // Four specs shared by all threads: ranks 1-2, float/double.
        const size_t rank = 1 + static_cast<size_t>((t + k) % 2);
        const ScalarType dt = (k % 3 == 0) ? ScalarType::Double : ScalarType::Float;
        s.emplace_back(zeros(std::vector<int64_t>(rank, 2), dt));
        s.emplace_back(int64_t{k});
        ex.run(s);
        if (s.size() != 1 || s[0].toInt() != k + 1) failures.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
  const GraphExecutorStats st = ex.stats();
  EXPECT_EQ(st.plans.size(), 4u);
  EXPECT_EQ(st.hits + st.misses, 6u * 300u);
  EXPECT_EQ(st.misses, 4u);
}

}  // namespace
}  // namespace jitserve
