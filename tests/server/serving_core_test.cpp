// ServingCore (gRPC-free): which calls run on the calling thread and which
// go through the worker pool. The inline time bound is set huge so these
// checks never depend on how fast the machine is.
#include "server/core/serving_core.h"

#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::server {
namespace {

constexpr const char* kSource =
    "def forward(x: Tensor) -> Tensor:\n"
    "    return x + 1\n"
    "\n"
    "def looped(x: Tensor, n: int) -> Tensor:\n"
    "    for _ in range(n):\n"
    "        x = x + 1\n"
    "    return x\n";

class ServingCoreTest : public ::testing::Test {
 protected:
  void start(int64_t inlineMaxUs) {
    ensureOperatorsRegistered();
    ServingOptions config;
    config.workers = 1;
    config.inlineMaxUs = inlineMaxUs;
    core_ = std::make_unique<ServingCore>(config);
    auto m = Model::fromSource("m", "1", kSource);
    ASSERT_TRUE(m.ok()) << m.status();
    model_ = *m;
    core_->addModel(model_, std::chrono::nanoseconds(0));
  }

  // Submits one call of `method` and reports whether `done` ran on this
  // thread before submit() returned.
  bool runsOnCaller(const std::string& method, Stack inputs) {
    InferCall call;
    call.model = model_;
    call.method = model_->findMethod(method);
    EXPECT_NE(call.method, nullptr);
    call.inputs = std::move(inputs);
    std::promise<std::thread::id> ranOn;
    call.done = [&](absl::Status s, Stack out) {
      EXPECT_TRUE(s.ok()) << s;
      EXPECT_EQ(out.size(), 1u);
      ranOn.set_value(std::this_thread::get_id());
    };
    auto future = ranOn.get_future();
    EXPECT_TRUE(core_->submit(std::move(call)).ok());
    const bool readyAtReturn = future.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
    const std::thread::id id = future.get();
    return readyAtReturn && id == std::this_thread::get_id();
  }

  static Stack small() { return {IValue(zeros({4}))}; }

  std::unique_ptr<ServingCore> core_;
  std::shared_ptr<Model> model_;
};

TEST_F(ServingCoreTest, StraightLineMethodsRunInlineOnceWarm) {
  start(/*inlineMaxUs=*/1'000'000);
  EXPECT_TRUE(model_->findMethod("forward")->straightLine);
  for (uint64_t i = 0; i < ServingCore::kInlineWarmRuns; ++i) EXPECT_FALSE(runsOnCaller("forward", small())) << i;
  EXPECT_TRUE(runsOnCaller("forward", small()));
  // Large inputs go to the pool whatever the method's history.
  EXPECT_FALSE(runsOnCaller("forward", {IValue(zeros({ServingCore::kInlineMaxInputBytes}))}));
  EXPECT_TRUE(runsOnCaller("forward", small()));
}

TEST_F(ServingCoreTest, MethodsWithLoopsAlwaysUseThePool) {
  start(/*inlineMaxUs=*/1'000'000);
  EXPECT_FALSE(model_->findMethod("looped")->straightLine);
  for (uint64_t i = 0; i < ServingCore::kInlineWarmRuns + 4; ++i) {
    EXPECT_FALSE(runsOnCaller("looped", {IValue(zeros({4})), IValue(int64_t{2})})) << i;
  }
}

TEST_F(ServingCoreTest, ZeroTurnsInliningOff) {
  start(/*inlineMaxUs=*/0);
  for (uint64_t i = 0; i < ServingCore::kInlineWarmRuns + 4; ++i) EXPECT_FALSE(runsOnCaller("forward", small())) << i;
}

}  // namespace
}  // namespace jitserve::server
