// Models on a device (ModelOptions::device, config.json "device",
// jitserved --device): a device the machine cannot serve fails the load
// naming it, a bad device string is refused where it is written, and on a
// GPU a frozen conv+bn archive served on cuda:0 answers in host memory with
// the module's results.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

#include <gtest/gtest.h>

#include "compiler/serialization/torch_save.h"
#include "runtime/ops/register_all.h"
#include "server/core/model.h"
#include "server/core/model_repository.h"
#include "runtime/tensor/backend.h"
#include "server/core/serving_core.h"
#include "tools/conform/compare.h"
#if JITSERVE_HAVE_CUDA
#include "runtime/cuda/cuda_backend.h"
#include "runtime/cuda/cuda_device.h"
#endif

namespace jitserve::server {
namespace {

namespace fs = std::filesystem;

// The checkout, or JITSERVE_SOURCE_DIR when the binary runs elsewhere (the
// GPU machine: scripts/gpu_checks.sh).
std::string caseDir(const std::string& name) {
  const char* root = std::getenv("JITSERVE_SOURCE_DIR");
  return std::string(root ? root : JITSERVE_SOURCE_DIR) + "/tests/compiler/archive/data/" + name;
}

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

constexpr const char* kSource = R"(
def forward(x: Tensor) -> Tensor:
    return x * 2 + 1
)";

class ModelDeviceTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
};

// No backend is registered for privateuseone in this process: the loads
// fail, naming the device, whether the model is an archive or source.
TEST_F(ModelDeviceTest, ADeviceTheMachineCannotServeFailsTheLoad) {
  ModelOptions options;
  options.device = Device(DeviceType::PrivateUse1, 0);
  auto archive = Model::fromArchive("bn", "1", readBytes(caseDir("freeze_conv_bn") + "/model.pt"), "", options);
  ASSERT_FALSE(archive.ok());
  EXPECT_EQ(archive.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(archive.status().message().find("cannot place the model on privateuseone:0"), std::string_view::npos)
      << archive.status();
  auto source = Model::fromSource("src", "1", kSource, "", options);
  ASSERT_FALSE(source.ok());
  EXPECT_NE(source.status().message().find("privateuseone:0"), std::string_view::npos) << source.status();
}

TEST_F(ModelDeviceTest, TheConfigNamesTheDevice) {
  const fs::path root = fs::temp_directory_path() / ("jitserve_device_" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "m" / "1");
  std::ofstream(root / "m" / "1" / "model.py") << kSource;
  std::ofstream(root / "m" / "config.json") << R"({"device": "cuda:1"})";
  ModelRepository repo(root);
  auto specs = repo.find("m");
  ASSERT_TRUE(specs.ok()) << specs.status();
  ASSERT_TRUE(specs->front().device.has_value());
  EXPECT_EQ(*specs->front().device, Device(DeviceType::CUDA, 1));
  std::ofstream(root / "m" / "config.json") << R"({"device": "gpu0"})";
  auto bad = repo.find("m");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("\"device\" must be cpu, cuda or cuda:N, got 'gpu0'"), std::string_view::npos)
      << bad.status();
  fs::remove_all(root);
}

TEST_F(ModelDeviceTest, TheServerDefaultIsChecked) {
  ServingOptions options;
  options.device = "tpu";
  auto core = ServingCore::Create(options);
  ASSERT_FALSE(core.ok());
  EXPECT_NE(core.status().message().find("--device must be cpu, cuda or cuda:N, got 'tpu'"), std::string_view::npos)
      << core.status();
  options.device = "cpu";
  auto ok = ServingCore::Create(options);
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ((*ok)->modelOptions().device, Device::cpu());
}

#if JITSERVE_HAVE_CUDA
TEST_F(ModelDeviceTest, AFrozenArchiveServedOnTheGpuAnswersOnTheHost) {
  cuda::ensureCudaSupport();
  if (!cuda::available()) GTEST_SKIP() << "no GPU: " << cuda::unavailableReason();
  ModelOptions options;
  options.device = Device(DeviceType::CUDA, 0);
  options.backgroundCompile = false;
  auto m = Model::fromArchive("bn", "1", readBytes(caseDir("freeze_conv_bn") + "/model.pt"), "", options);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ((*m)->device(), Device(DeviceType::CUDA, 0));
  auto in = loadTorchSaveFile(caseDir("freeze_conv_bn") + "/inputs.pt");
  ASSERT_TRUE(in.ok()) << in.status();
  auto expected = loadTorchSaveFile(caseDir("freeze_conv_bn") + "/expected.pt");
  ASSERT_TRUE(expected.ok()) << expected.status();
  for (int call = 0; call < 3; ++call) {  // the profiling and the optimized plans
    Stack stack(in->toList()->elements);
    absl::Status s = (*m)->run((*m)->defaultMethod(), stack, {});
    ASSERT_TRUE(s.ok()) << s;
    ASSERT_EQ(stack.size(), 1u);
    EXPECT_TRUE(stack[0].toTensor().is_cpu());
    auto diff = conform::compareValues(*expected, stack[0], conform::Tolerance{1e-4, 1e-4});
    EXPECT_FALSE(diff) << *diff;
  }
}

// Triton's complaint #5841: GPU memory grows over load / infer / unload
// cycles. 100 cycles through the serving core (the daemon's path, server
// default device cuda:0); the caching allocator's bytes in use and reserved
// after the last cycle stay within 5% of after the first.
TEST_F(ModelDeviceTest, GpuMemoryStaysFlatOverLoadInferUnloadCycles) {
  cuda::ensureCudaSupport();
  if (!cuda::available()) GTEST_SKIP() << "no GPU: " << cuda::unavailableReason();
  ServingOptions options;
  options.device = "cuda:0";
  options.workers = 1;
  options.allowRemoteLoad = true;  // loadModel / unloadModel are the admin API's
  auto core = ServingCore::Create(options);
  ASSERT_TRUE(core.ok()) << core.status();
  const std::string bytes = readBytes(caseDir("freeze_conv_bn") + "/model.pt");
  auto in = loadTorchSaveFile(caseDir("freeze_conv_bn") + "/inputs.pt");
  ASSERT_TRUE(in.ok()) << in.status();
  Backend* gpu = findBackend(DeviceType::CUDA);
  ASSERT_NE(gpu, nullptr);
  std::optional<DeviceMemoryStats> first;
  for (int cycle = 0; cycle < 100; ++cycle) {
    auto m = (*core)->loadModel(ModelSource{"bn", "1", Model::Format::kArchive, bytes, ""});
    ASSERT_TRUE(m.ok()) << "cycle " << cycle << ": " << m.status();
    Stack stack(in->toList()->elements);
    absl::Status s = (*m)->run((*m)->defaultMethod(), stack, {});
    ASSERT_TRUE(s.ok()) << "cycle " << cycle << ": " << s;
    m->reset();
    ASSERT_TRUE((*core)->unloadModel("bn").ok()) << "cycle " << cycle;
    auto now = gpu->memoryStats(0);
    ASSERT_TRUE(now.has_value());
    if (cycle == 0) first = now;
  }
  const DeviceMemoryStats last = *gpu->memoryStats(0);
  std::cout << "after cycle 1: in use " << first->inUseBytes << ", reserved " << first->reservedBytes
            << "; after cycle 100: in use " << last.inUseBytes << ", reserved " << last.reservedBytes << "\n";
  EXPECT_LE(last.inUseBytes, first->inUseBytes + first->inUseBytes / 20 + 4096);
  EXPECT_LE(last.reservedBytes, first->reservedBytes + first->reservedBytes / 20);
}
#endif

}  // namespace
}  // namespace jitserve::server
