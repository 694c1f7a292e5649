// The serving core without any front end: models loaded from
// examples/models and from source, requests resolved, bound by the one
// binder, run on the worker pool, and counted once in ServingStats;
// deadlines, cancellation, a full queue, draining and model control.
#include "server/core/serving_core.h"

#include <cmath>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "runtime/core/ivalue_containers.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"

namespace jitserve::server {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

constexpr const char* kSource =
    "def forward(x: Tensor, n: int = 2) -> Tensor:\n"
    "    return x * n\n"
    "\n"
    "def spin(x: int) -> int:\n"
    "    i = x\n"
    "    while True:\n"
    "        i += 1\n"
    "    return i\n";

// Inputs given as IValues: what a front end decodes from its wire form.
struct Inputs {
  std::vector<IValue> values;
  RequestInputs inputs;
  Inputs(ArgumentMatching matching, std::vector<std::pair<std::string_view, IValue>> given) {
    inputs.matching = matching;
    for (auto& [name, v] : given) {
      inputs.names.push_back(name);
      values.push_back(std::move(v));
    }
    inputs.decode = [this](size_t i, const Argument&) -> absl::StatusOr<IValue> { return values[i]; };
  }
};

// What `done` reports.
struct Outcome {
  absl::Status status;
  Stack outputs;
};

class ServingInferenceTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  void start(ServingOptions options = {}) {
    if (options.workers == 0) options.workers = 2;
    auto core = ServingCore::Create(std::move(options));
    ASSERT_TRUE(core.ok()) << core.status();
    core_ = std::move(*core);
  }

  void addSource(const std::string& name = "m") {
    auto m = Model::fromSource(name, "1", kSource, "", core_->modelOptions());
    ASSERT_TRUE(m.ok()) << m.status();
    core_->addModel(*m, 1ms);
  }

  // startInference + bind + submit, waiting for the answer.
  Outcome infer(const char* api, std::string_view model, std::string_view method, const Inputs& in,
                Deadline deadline = std::nullopt, const std::atomic<bool>* cancelled = nullptr) {
    auto call = core_->startInference(api, model, "", method);
    if (!call.ok()) return {call.status(), {}};
    auto args = call->bind(in.inputs);
    if (!args.ok()) return {args.status(), {}};
    std::promise<Outcome> answer;
    absl::Status s = call->submit(std::move(*args), deadline, cancelled, [&](absl::Status st, Stack out) {
      answer.set_value({std::move(st), std::move(out)});
    });
    if (!s.ok()) return {s, {}};
    return answer.get_future().get();
  }

  CodeCounts answers(std::string_view model, std::string_view version, std::string_view method,
                     std::string_view api) const {
    for (const auto& [key, s] : core_->stats().methods()) {
      if (key.model != model || key.version != version || key.method != method) continue;
      for (const auto& [a, counts] : s.answers)
        if (a == api) return counts;
    }
    return {};
  }
  static uint64_t total(const CodeCounts& c) {
    uint64_t n = 0;
    for (uint64_t x : c) n += x;
    return n;
  }
  static size_t code(absl::StatusCode c) { return static_cast<size_t>(c); }

  std::unique_ptr<ServingCore> core_;
};

TEST_F(ServingInferenceTest, RunsTheExampleRepositoryThroughTheWorkers) {
  ServingOptions options;
  options.modelRepository = std::string(JITSERVE_SOURCE_DIR) + "/examples/models";
  start(options);
  ASSERT_TRUE(core_->registry().get("mlp").ok());
  ASSERT_TRUE(core_->registry().get("traced_mlp").ok());

  // mlp's forward on [[1, 0, 0, 0]]: h = relu([0.6, -1.2, 0.55]), logits
  // [0.875, -0.0625], softmax.
  Tensor x = zeros({1, 4});
  x.data<float>()[0] = 1.0f;
  const double p0 = 1.0 / (1.0 + std::exp(-0.9375));
  for (ArgumentMatching matching : {ArgumentMatching::kCall, ArgumentMatching::kModelInputs}) {
    Inputs in(matching, {{matching == ArgumentMatching::kCall ? "" : "x", IValue(x)}});
    Outcome out = infer("native", "mlp", "", in);
    ASSERT_TRUE(out.status.ok()) << out.status;
    ASSERT_EQ(out.outputs.size(), 1u);
    const Tensor y = out.outputs[0].toTensor();
    ASSERT_EQ(y.numel(), 2);
    EXPECT_NEAR(y.data<float>()[0], p0, 1e-6);
    EXPECT_NEAR(y.data<float>()[1], 1.0 - p0, 1e-6);
  }
  // The archive: forward(self, x) with self supplied by the model.
  Inputs in(ArgumentMatching::kModelInputs, {{"x", IValue(zeros({2, 4, 16}))}});
  Outcome out = infer("kserve", "traced_mlp", "", in);
  ASSERT_TRUE(out.status.ok()) << out.status;
  EXPECT_EQ(out.outputs[0].toTensor().dim(), 2);
}

TEST_F(ServingInferenceTest, EachRequestIsCountedOnce) {
  start();
  addSource();
  Outcome ok = infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({3}))}}));
  ASSERT_TRUE(ok.status.ok()) << ok.status;
  EXPECT_FLOAT_EQ(ok.outputs[0].toTensor().data<float>()[2], 2.0f);  // n's default
  ok = infer("kserve", "m", "", Inputs(ArgumentMatching::kModelInputs, {{"n", IValue(int64_t{3})}, {"x", IValue(ones({3}))}}));
  ASSERT_TRUE(ok.status.ok()) << ok.status;
  EXPECT_FLOAT_EQ(ok.outputs[0].toTensor().data<float>()[0], 3.0f);

  // Refused before running: by the binder, for an unknown method, for an
  // unknown model.
  Outcome missing = infer("native", "m", "", Inputs(ArgumentMatching::kCall, {}));
  EXPECT_EQ(missing.status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(missing.status.message(), "forward() is missing argument 'x' (Tensor)");
  Outcome noMethod = infer("native", "m", "nope", Inputs(ArgumentMatching::kCall, {}));
  EXPECT_EQ(noMethod.status.code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(noMethod.status.message(), "model 'm' has no method 'nope' (methods: forward, spin)");
  Outcome noModel = infer("native", "secret-name", "", Inputs(ArgumentMatching::kCall, {}));
  EXPECT_EQ(noModel.status.code(), absl::StatusCode::kNotFound);

  const CodeCounts native = answers("m", "1", "forward", "native");
  EXPECT_EQ(native[code(absl::StatusCode::kOk)], 1u);
  EXPECT_EQ(native[code(absl::StatusCode::kInvalidArgument)], 1u);
  EXPECT_EQ(total(native), 2u);
  const CodeCounts kserve = answers("m", "1", "forward", "kserve");
  EXPECT_EQ(kserve[code(absl::StatusCode::kOk)], 1u);
  EXPECT_EQ(total(kserve), 1u);
  EXPECT_EQ(answers("m", "1", "", "native")[code(absl::StatusCode::kNotFound)], 1u);
  // The unknown name is not a cell: it counts under "".
  EXPECT_EQ(answers("", "", "", "native")[code(absl::StatusCode::kNotFound)], 1u);
  for (const auto& [key, s] : core_->stats().methods()) EXPECT_NE(key.model, "secret-name");

  // The model's totals (what KServe's ModelStatistics reports): the two
  // runs only, each queued and run once.
  MethodStats::Snapshot m = core_->stats().model("m", "1");
  EXPECT_EQ(m.success.count, 2u);
  EXPECT_EQ(m.fail.count, 0u);
  EXPECT_EQ(m.queue.count, 2u);
  EXPECT_EQ(m.run.count, 2u);
  EXPECT_GT(m.success.ns, 0u);
  EXPECT_GT(m.lastInferenceMs, 0u);
  uint64_t inBuckets = 0;
  for (uint64_t b : m.run.buckets) inBuckets += b;
  EXPECT_EQ(inBuckets, 2u);
  // The model's load time, once.
  const auto loads = core_->stats().loads();
  ASSERT_EQ(loads.size(), 1u);
  EXPECT_EQ(loads[0].first, "m");
  EXPECT_EQ(loads[0].second.count, 1u);
}

TEST_F(ServingInferenceTest, ReloadingKeepsCountingInTheSameCell) {
  start();
  addSource();
  ASSERT_TRUE(infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({1}))}})).status.ok());
  addSource();  // the same name and version again
  ASSERT_TRUE(infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({1}))}})).status.ok());
  EXPECT_EQ(answers("m", "1", "forward", "native")[code(absl::StatusCode::kOk)], 2u);
  EXPECT_EQ(core_->stats().model("m", "1").success.count, 2u);
}

TEST_F(ServingInferenceTest, TheDeadlineStopsARunningProgram) {
  start();
  addSource();
  const auto t0 = Clock::now();
  Outcome out = infer("native", "m", "spin", Inputs(ArgumentMatching::kCall, {{"", IValue(int64_t{0})}}),
                      Clock::now() + 100ms);
  EXPECT_EQ(out.status.code(), absl::StatusCode::kDeadlineExceeded) << out.status;
  EXPECT_LT(Clock::now() - t0, 10s);
  EXPECT_EQ(answers("m", "1", "spin", "native")[code(absl::StatusCode::kDeadlineExceeded)], 1u);
  MethodStats::Snapshot s = core_->stats().model("m", "1");
  EXPECT_EQ(s.fail.count, 1u);
  EXPECT_EQ(s.run.count, 1u);
}

TEST_F(ServingInferenceTest, ExpiredOrCancelledCallsAreAnsweredWithoutRunning) {
  start();
  addSource();
  Outcome late = infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({1}))}}),
                       Clock::now() - 1ms);
  EXPECT_EQ(late.status.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_EQ(late.status.message(), "the request's deadline passed while it waited in the queue");
  std::atomic<bool> cancelled{true};
  Outcome gone = infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({1}))}}), std::nullopt,
                       &cancelled);
  EXPECT_EQ(gone.status.code(), absl::StatusCode::kCancelled);
  MethodStats::Snapshot s = core_->stats().model("m", "1");
  EXPECT_EQ(s.fail.count, 2u);
  EXPECT_EQ(s.queue.count, 2u);
  EXPECT_EQ(s.run.count, 0u);  // neither ran
}

TEST_F(ServingInferenceTest, AFullQueueIsResourceExhausted) {
  ServingOptions options;
  options.workers = 1;
  options.maxQueue = 1;
  start(options);
  addSource();
  // One spin runs on the worker, one waits; the third is refused.
  std::vector<std::promise<absl::Status>> outcomes(2);
  for (int i = 0; i < 2; ++i) {
    auto call = core_->startInference("native", "m", "", "spin");
    ASSERT_TRUE(call.ok());
    ASSERT_TRUE(call->submit({IValue(int64_t{0})}, Clock::now() + 300ms, nullptr,
                             [&outcomes, i](absl::Status s, Stack) { outcomes[i].set_value(s); })
                    .ok());
    if (i == 0) {
      while (core_->pool().queueDepth() != 0) std::this_thread::sleep_for(1ms);  // the worker took it
    }
  }
  auto third = core_->startInference("native", "m", "", "spin");
  ASSERT_TRUE(third.ok());
  absl::Status refused = third->submit({IValue(int64_t{0})}, std::nullopt, nullptr, [](absl::Status, Stack) {
    ADD_FAILURE() << "a refused call must not be answered";
  });
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  for (auto& o : outcomes) EXPECT_EQ(o.get_future().get().code(), absl::StatusCode::kDeadlineExceeded);
  const CodeCounts c = answers("m", "1", "spin", "native");
  EXPECT_EQ(c[code(absl::StatusCode::kResourceExhausted)], 1u);
  EXPECT_EQ(c[code(absl::StatusCode::kDeadlineExceeded)], 2u);
}

TEST_F(ServingInferenceTest, DrainingRefusesNewRequestsAndWaitsForAdmittedOnes) {
  start();
  addSource();
  // An admitted request that runs until its deadline.
  auto call = core_->startInference("native", "m", "", "spin");
  ASSERT_TRUE(call.ok());
  std::atomic<bool> finished{false};
  ASSERT_TRUE(call->submit({IValue(int64_t{0})}, Clock::now() + 300ms, nullptr,
                           [&](absl::Status, Stack) { finished.store(true); })
                  .ok());
  core_->beginDrain();
  EXPECT_TRUE(core_->draining());
  auto refused = core_->startInference("native", "m", "", "");
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kUnavailable);
  core_->waitDrained(Clock::now() + 10s, 20ms);
  EXPECT_TRUE(finished.load());
  EXPECT_EQ(answers("", "", "", "native")[code(absl::StatusCode::kUnavailable)], 1u);
  // Once drained, waiting returns at once.
  const auto t0 = Clock::now();
  core_->waitDrained(Clock::now() + 10s, 0ms);
  EXPECT_LT(Clock::now() - t0, 1s);
}

TEST_F(ServingInferenceTest, ModelControlNeedsRemoteLoad) {
  start();
  ModelSource src;
  src.name = "m";
  src.version = "1";
  src.program = kSource;
  EXPECT_EQ(core_->loadModel(src).status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(core_->unloadModel("m").code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(core_->loadFromRepository("m").code(), absl::StatusCode::kFailedPrecondition);

  ServingOptions options;
  options.allowRemoteLoad = true;
  start(options);
  auto m = core_->loadModel(src);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ((*m)->methods().size(), 2u);
  EXPECT_TRUE(core_->registry().get("m", "1").ok());
  src.program = "def forward(x: Tensor) -> Tensor:\n    return x +\n";
  EXPECT_EQ(core_->loadModel(src).status().code(), absl::StatusCode::kInvalidArgument);
  // The failed load is counted under its model (jitserve_model_load_failures_total).
  const auto failures = core_->stats().loadFailures();
  ASSERT_EQ(failures.size(), 1u);
  EXPECT_EQ(failures[0].first, "m");
  EXPECT_EQ(failures[0].second, 1u);
  EXPECT_TRUE(core_->unloadModel("m").ok());
  EXPECT_EQ(core_->registry().get("m").status().code(), absl::StatusCode::kNotFound);
}

TEST_F(ServingInferenceTest, ExecutorStatsCoverEveryServedMethod) {
  start();
  addSource();
  ASSERT_TRUE(infer("native", "m", "", Inputs(ArgumentMatching::kCall, {{"", IValue(ones({2}))}})).status.ok());
  auto all = core_->executorStats();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].method->name, "forward");
  EXPECT_EQ((*all)[0].stats.hits + (*all)[0].stats.misses + (*all)[0].stats.generic, 1u);
  EXPECT_EQ(core_->executorStats("nope").status().code(), absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace jitserve::server
