// Load-time warm-up (config.json "warmup", ModelOptions::warmup): samples
// are parsed with errors that name the entry, run at load so the first
// matching request takes the optimized plan, and a failing sample fails the
// load, naming the sample and the method.
#include <filesystem>

#include <gtest/gtest.h>

#include "runtime/ops/register_all.h"
#include "server/core/model.h"
#include "server/core/model_repository.h"
#include "tests/support/temp_dir.h"

namespace jitserve::server {
namespace {

using jitserve::testing::TempDir;

absl::Status parseError(const std::string& json) {
  auto r = parseWarmupSamples(json, "config.json");
  return r.ok() ? absl::OkStatus() : r.status();
}

TEST(WarmupConfig, ParsesTensorsAndPlainValues) {
  auto r = parseWarmupSamples(R"([
    {"inputs": [{"datatype": "FP32", "shape": [2, 3], "fill": 0.5}, 3, 1.5, true, "s", [1, 2], [1.0, 2]]},
    {"method": "other", "inputs": [{"datatype": "INT64", "shape": []}]}])",
                              "config.json");
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->size(), 2u);
  const WarmupSample& a = (*r)[0];
  EXPECT_EQ(a.method, "");
  ASSERT_EQ(a.inputs.size(), 7u);
  const Tensor t = a.inputs[0].toTensor();
  EXPECT_EQ(t.dtype(), ScalarType::Float);
  EXPECT_EQ(t.dim(), 2);
  EXPECT_EQ(t.size(1), 3);
  EXPECT_EQ(t.data<float>()[5], 0.5f);
  EXPECT_EQ(a.inputs[1].toInt(), 3);
  EXPECT_EQ(a.inputs[2].toDouble(), 1.5);
  EXPECT_TRUE(a.inputs[3].toBool());
  EXPECT_EQ(a.inputs[4].toStringRef(), "s");
  EXPECT_TRUE(a.inputs[5].isIntList());
  EXPECT_TRUE(a.inputs[6].isDoubleList());
  EXPECT_EQ((*r)[1].method, "other");
  EXPECT_EQ((*r)[1].inputs[0].toTensor().dim(), 0);
  EXPECT_EQ((*r)[1].inputs[0].toTensor().dtype(), ScalarType::Long);
}

TEST(WarmupConfig, BadEntriesAreNamed) {
  struct Case {
    const char* json;
    const char* message;
  } cases[] = {
      {R"({"inputs": []})", "config.json: \"warmup\" is a list of requests"},
      {R"([{"inputs": [{"datatype": "FP33", "shape": [1]}]}])", "config.json: warmup[0].inputs[0]: unknown datatype 'FP33'"},
      {R"([{"inputs": [1, {"datatype": "FP32", "shape": [-1]}]}])", "warmup[0].inputs[1]: shape entries are sizes"},
      {R"([{"inputs": [{"datatype": "FP32"}]}])", "warmup[0].inputs[0]: a tensor needs \"shape\""},
      {R"([{"inputs": [{"shape": [1]}]}])", "warmup[0].inputs[0]: a tensor needs \"datatype\""},
      {R"([{"inputs": [{"datatype": "FP32", "shape": [1], "value": 2}]}])", "unknown key 'value'"},
      {R"([{"inputs": [{"datatype": "FP32", "shape": [1], "fill": "x"}]}])", "\"fill\" is a number"},
      {R"([{"inputs": [{"datatype": "FP64", "shape": [65536, 65536]}]}])", "larger than the 1024 MiB"},
      {R"([{"inputs": [["a"]]}])", "a list input holds numbers only"},
      {R"([{"inputs": [null]}])", "warmup[0].inputs[0]: expected a tensor"},
      {R"([{}, {"inputs": 1}])", "warmup[0]: \"inputs\" is a list"},
      {R"([{"inputs": [], "batch": 2}])", "warmup[0]: unknown key 'batch'"},
      {R"([{"inputs": [], "method": 2}])", "warmup[0].method: expected a method name"},
      {R"([3])", "warmup[0]: expected {\"inputs\""},
  };
  for (const Case& c : cases) {
    absl::Status s = parseError(c.json);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << c.json;
    EXPECT_NE(s.message().find(c.message), std::string_view::npos) << c.json << "\n" << s.message();
  }
}

class WarmupLoadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    repo_.write("loop/1/model.py",
                "def forward(x: Tensor, n: int) -> Tensor:\n"
                "    y = x\n"
                "    for i in range(n):\n"
                "        y = torch.relu(y * 2.0 - 1.0)\n"
                "    return y.sum(dim=1)\n");
    std::filesystem::create_directories(repo_.path() / "traced_mlp" / "1");
    std::filesystem::copy_file(std::string(JITSERVE_SOURCE_DIR) + "/examples/models/traced_mlp/1/model.pt",
                               repo_.path() / "traced_mlp" / "1" / "model.pt");
  }

  absl::StatusOr<std::shared_ptr<Model>> load(const std::string& name, const std::string& config) {
    repo_.write(name + "/config.json", config);
    auto specs = ModelRepository(repo_.path()).find(name);
    if (!specs.ok()) return specs.status();
    return loadModel(specs->front());
  }

  TempDir repo_;
};

TEST_F(WarmupLoadTest, FirstMatchingCallRunsTheOptimizedPlan) {
  auto m = load("loop", R"({"warmup": [{"inputs": [{"datatype": "FP32", "shape": [2, 8], "fill": 0.75}, 3]}]})");
  ASSERT_TRUE(m.ok()) << m.status().message();
  const Model::Method& fwd = (*m)->defaultMethod();
  GraphExecutorStats st = (*m)->executor(fwd)->stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  EXPECT_EQ(st.generic, 0u);
  ASSERT_EQ(st.plans.size(), 1u);
  EXPECT_FALSE(st.plans[0].profiling);

  // Other values, same ArgumentSpec: served by the warmed plan at once.
  Stack s{IValue(full({2, 8}, Scalar(1.0), ScalarType::Float)), IValue(int64_t{2})};
  ASSERT_TRUE((*m)->run(fwd, s, {}).ok());
  EXPECT_FLOAT_EQ(s[0].toTensor().data<float>()[0], 8.0f);  // relu(2*1-1)=1 twice, summed over 8
  GraphExecutorStats after = (*m)->executor(fwd)->stats();
  EXPECT_EQ(after.generic, 0u);
  EXPECT_EQ(after.hits, st.hits + 1);
  EXPECT_EQ(after.guardFailures, 0u);
}

TEST_F(WarmupLoadTest, ArchivesGetSelfAndTheirSamplesWarmed) {
  auto m = load("traced_mlp", R"({"warmup": [{"method": "forward", "inputs": [{"datatype": "FP32", "shape": [3, 4, 16]}]}]})");
  ASSERT_TRUE(m.ok()) << m.status().message();
  GraphExecutorStats st = (*m)->executor((*m)->defaultMethod())->stats();
  EXPECT_EQ(st.optimizedPlans, 1u);
  EXPECT_EQ(st.generic, 0u);
}

TEST_F(WarmupLoadTest, ASampleThatFailsFailsTheLoad) {
  struct Case {
    const char* model;
    const char* config;
    const char* message;
  } cases[] = {
      {"loop", R"({"warmup": [{"inputs": [{"datatype": "FP32", "shape": [2]}]}]})",
       "warm-up sample 0 (method 'forward'): the method takes 2 argument(s) (x, n) but the sample gives 1"},
      {"loop", R"({"warmup": [{"inputs": [{"datatype": "FP32", "shape": [2, 2]}, 1]}, {"method": "nope", "inputs": []}]})",
       "warm-up sample 1 (method 'nope'): the model serves no such method; it serves: forward"},
      // sum(dim=1) of a 1-d tensor: a runtime error inside the model.
      {"loop", R"({"warmup": [{"inputs": [{"datatype": "FP32", "shape": [4]}, 1]}]})",
       "warm-up sample 0 (method 'forward'): "},
      {"traced_mlp", R"({"warmup": [{"inputs": [{"datatype": "FP32", "shape": [3, 5, 16]}]}]})",
       "warm-up sample 0 (method 'forward'): "},
      {"loop", R"({"warmup": [{"inputs": [{"datatype": "BF17", "shape": [4]}, 1]}]})",
       "warmup[0].inputs[0]: unknown datatype 'BF17'"},
  };
  for (const Case& c : cases) {
    auto m = load(c.model, c.config);
    ASSERT_FALSE(m.ok()) << c.config;
    EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument) << m.status().message();
    EXPECT_NE(m.status().message().find(c.message), std::string_view::npos) << c.config << "\n" << m.status().message();
  }
}

TEST_F(WarmupLoadTest, InputsTheModelWritesDoNotChangeTheSample) {
  ModelOptions options;
  Tensor x = full({2}, Scalar(0.0), ScalarType::Float);
  options.warmup.push_back(WarmupSample{"", {IValue(x)}});
  auto m = Model::fromSource("inplace", "1",
                             "def forward(x: Tensor) -> Tensor:\n"
                             "    x.add_(1.0)\n"
                             "    return x * 1.0\n",
                             "", options);
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_EQ(x.data<float>()[0], 0.0f);  // other versions share the sample
}

}  // namespace
}  // namespace jitserve::server
