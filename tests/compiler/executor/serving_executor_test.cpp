// The serving executor configuration (compiler/executor/serving_executor.h):
// what each setting turns on, the generic plan built at creation, and the
// load-time warm-up samples with their errors.
#include "compiler/executor/serving_executor.h"

#include <gtest/gtest.h>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {
namespace {

std::shared_ptr<Graph> square() {
  auto g = parseIR(R"IR(
graph(%x : Tensor):
  %y : Tensor = aten::mul(%x, %x)
  return (%y)
)IR");
  EXPECT_TRUE(g.ok()) << g.status();
  return std::shared_ptr<Graph>(std::move(*g));
}

TEST(ServingExecutor, OptionsFollowTheConfig) {
  ServingExecutorConfig config;  // jitserved's defaults
  GraphExecutorOptions o = servingExecutorOptions(config);
  EXPECT_TRUE(static_cast<bool>(o.pipeline));
  EXPECT_TRUE(o.profiling.enabled);
  EXPECT_TRUE(o.code.planMemory);
  EXPECT_TRUE(o.compileInBackground);

  config.planMemory = false;
  config.backgroundCompile = false;
  o = servingExecutorOptions(config);
  EXPECT_FALSE(o.code.planMemory);
  EXPECT_FALSE(o.compileInBackground);

  config.optimize = false;
  config.planMemory = true;
  o = servingExecutorOptions(config);
  EXPECT_FALSE(static_cast<bool>(o.pipeline));
  EXPECT_FALSE(o.profiling.enabled);
  EXPECT_FALSE(o.code.planMemory) << "memory planning comes with the optimizations";
}

TEST(ServingExecutor, BackgroundCompileServesTheGenericPlanFirst) {
  ensureOperatorsRegistered();
  std::shared_ptr<GraphExecutor> e = makeServingExecutor(square(), ServingExecutorConfig{});
  Stack s{IValue(full({2}, Scalar(3.0), ScalarType::Float))};
  ASSERT_TRUE(e->runStatus(s).ok());
  EXPECT_FLOAT_EQ(s[0].toTensor().data<float>()[0], 9.0f);
  EXPECT_EQ(e->stats().generic, 1u);
  e->waitForBackgroundCompiles();
}

TEST(ServingExecutor, WarmUpSamplesOptimizeBeforeTheFirstCall) {
  ensureOperatorsRegistered();
  std::shared_ptr<GraphExecutor> e = makeServingExecutor(square(), ServingExecutorConfig{});
  Stack sample{IValue(zeros({2, 2}))};
  ASSERT_TRUE(warmUpServingExecutor(*e, std::span<const Stack>(&sample, 1)).ok());
  GraphExecutorStats st = e->stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  Stack s{IValue(ones({3, 1}))};  // the same ArgumentSpec
  ASSERT_TRUE(e->runStatus(s).ok());
  EXPECT_EQ(e->stats().generic, 0u);

  std::vector<Stack> samples{{IValue(zeros({2}))}, {IValue(zeros({2})), IValue(zeros({2}))}};
  absl::Status bad = warmUpServingExecutor(*e, samples);
  EXPECT_EQ(bad.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(bad.message().rfind("warm-up sample 1: ", 0), 0u) << bad.message();
}

}  // namespace
}  // namespace jitserve
