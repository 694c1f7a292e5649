// Every operator the conformance corpus's models (models/, models_torch2/)
// run, as jitserved plans them (frozen, the serving pass pipeline), has a
// CUDA kernel or serves every device: checked statically with device
// placement (compiler/passes/device_placement.h), so it holds on machines
// without a GPU, where the CUDA kernels are registered all the same.
#include <filesystem>
#include <iostream>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "absl/strings/str_join.h"
#include "compiler/executor/serving_executor.h"
#include "compiler/passes/device_placement.h"
#include "runtime/core/operator_registry.h"
#include "runtime/cuda/cuda_backend.h"
#include "runtime/ops/register_all.h"
#include "server/core/model.h"

namespace jitserve::server {
namespace {

namespace fs = std::filesystem;

std::string readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// "op (at ...)" per unserved operator of each method of the case's archive,
// planned as jitserved plans it; the load's error when it does not load (on
// the CPU either: then there is nothing to place).
absl::StatusOr<std::vector<std::string>> unservedOnCuda(const fs::path& dir) {
  auto model = Model::fromArchive(dir.filename().string(), "1", readBytes(dir / "model.pt"));
  if (!model.ok()) return model.status();
  std::vector<std::string> out;
  for (const Model::Method& m : (*model)->methods()) {
    ServingExecutorConfig config;
    config.functionResolver = [fn = m.function](std::string_view) -> Function* { return nullptr; };
    GraphExecutorOptions exec = servingExecutorOptions(config);
    std::shared_ptr<Graph> g(m.function->graph().copy());
    exec.pipeline(*g);
    DevicePlacementOptions placement;
    placement.device = Device(DeviceType::CUDA, 0);
    placement.tensorConstantsOnDevice = true;
    for (const UnservedOperator& u : FindUnservedOperators(*g, placement)) {
      out.push_back(m.name + ": " + u.describe());
    }
  }
  return out;
}

class CudaPlacement : public ::testing::TestWithParam<std::string> {
 protected:
  static void SetUpTestSuite() {
    ensureOperatorsRegistered();
    cuda::ensureCudaSupport();
  }
};

TEST_P(CudaPlacement, EveryOperatorOfTheModelsHasACudaKernel) {
  const fs::path suite = fs::path(JITSERVE_CONFORMANCE_DIR) / GetParam();
  if (!fs::is_directory(suite)) GTEST_SKIP() << "no corpus suite at " << suite;
  std::vector<std::string> failures;
  size_t checked = 0;
  for (const auto& e : fs::directory_iterator(suite)) {
    if (!fs::exists(e.path() / "model.pt")) continue;
    auto unserved = unservedOnCuda(e.path());
    if (!unserved.ok()) {
      // Not a device question: the CPU cannot load it either (what the
      // conformance suites count as that case's failure).
      std::cout << "not checked (does not load): " << e.path().filename().string() << "\n";
      continue;
    }
    ++checked;
    for (const std::string& u : *unserved) failures.push_back(e.path().filename().string() + " " + u);
  }
  std::sort(failures.begin(), failures.end());
  EXPECT_GT(checked, 0u);
  EXPECT_TRUE(failures.empty()) << failures.size() << " unserved:\n" << absl::StrJoin(failures, "\n");
}

INSTANTIATE_TEST_SUITE_P(Suites, CudaPlacement, ::testing::Values("models", "models_torch2"));

}  // namespace
}  // namespace jitserve::server
