// A model on a device that lacks kernels for its operators, end to end
// through the serving core, on the fake device (tests/support/fake_device.h:
// a backend whose memory is host memory, with no kernel of its own): the
// load fails naming each operator and the device, and says how to opt in;
// with config "cpu_fallback" the model loads, answers what the CPU answers,
// reports the operators it runs on the CPU, and counts each request's
// copies.
#include <filesystem>
#include <fstream>
#include <future>

#include <gtest/gtest.h>

#include "runtime/ops/register_all.h"
#include "server/core/model.h"
#include "server/core/model_repository.h"
#include "server/core/serving_core.h"
#include "tests/support/fake_device.h"

namespace jitserve::server {
namespace {

namespace fs = std::filesystem;

constexpr const char* kSource =
    "def forward(x: Tensor) -> Tensor:\n"
    "    return torch.exp(x) * 2.0\n";

class ModelPlacementTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    testing::ensureFakeBackend();
  }
  static ModelOptions onFake(bool fallback) {
    ModelOptions o;
    o.device = testing::kFakeDevice;
    o.cpuFallback = fallback;
    return o;
  }
};

TEST_F(ModelPlacementTest, AnOperatorWithoutAKernelFailsTheLoadNamingIt) {
  auto m = Model::fromSource("m", "1", kSource, "", onFake(false));
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kFailedPrecondition);
  const std::string msg(m.status().message());
  EXPECT_NE(msg.find("method 'forward' cannot run on privateuseone:0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("aten::exp"), std::string::npos) << msg;
  EXPECT_NE(msg.find("aten::mul"), std::string::npos) << msg;
  EXPECT_NE(msg.find("\"cpu_fallback\": true"), std::string::npos) << msg;
}

TEST_F(ModelPlacementTest, TheConfigOptsIntoTheFallbackAndEachCopyIsCounted) {
  const fs::path root = fs::temp_directory_path() / ("jitserve_placement_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "m" / "1");
  std::ofstream(root / "m" / "1" / "model.py") << kSource;
  std::ofstream(root / "m" / "config.json") << R"({"device": "privateuseone:0", "cpu_fallback": true})";
  ModelRepository repo(root);
  auto specs = repo.find("m");
  ASSERT_TRUE(specs.ok()) << specs.status();
  EXPECT_TRUE(specs->front().cpuFallback);
  auto model = loadModel(specs->front(), ModelOptions{});
  ASSERT_TRUE(model.ok()) << model.status();
  EXPECT_EQ((*model)->device(), testing::kFakeDevice);
  EXPECT_EQ((*model)->cpuFallbackOperators(), (std::vector<std::string>{"aten::exp", "aten::mul"}));

  ServingOptions config;
  config.workers = 1;
  ServingCore core(config);
  core.addModel(*model, std::chrono::nanoseconds(0));
  for (int request = 0; request < 2; ++request) {
    InferCall call;
    call.model = *model;
    call.method = (*model)->findMethod("");
    call.inputs = {IValue(arange(0, 3, 1, ScalarType::Float))};
    std::promise<Stack> answer;
    call.done = [&](absl::Status s, Stack out) {
      EXPECT_TRUE(s.ok()) << s;
      answer.set_value(std::move(out));
    };
    ASSERT_TRUE(core.submit(std::move(call)).ok());
    Stack out = answer.get_future().get();
    ASSERT_EQ(out.size(), 1u);
    const Tensor y = out[0].toTensor();
    EXPECT_TRUE(y.is_cpu()) << "answers leave in host memory";
    for (int i = 0; i < 3; ++i) EXPECT_FLOAT_EQ(y.data<float>()[i], 2.0f * std::exp(static_cast<float>(i)));
  }
  // Per request: exp's input to the host and result back, the same for mul.
  EXPECT_EQ((*model)->findMethod("")->stats->snapshot().cpuFallbackCopies, 8u);
  fs::remove_all(root);

  fs::create_directories(root / "m");
  std::ofstream(root / "m" / "config.json") << R"({"cpu_fallback": "yes"})";
  auto refused = ModelRepository(root).find("m");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.status().message().find("\"cpu_fallback\" must be true or false"), std::string_view::npos)
      << refused.status();
  fs::remove_all(root);
}

}  // namespace
}  // namespace jitserve::server
