// The pass pipeline plugged into the GraphExecutor (GraphExecutorOptions::
// pipeline, off by default): every graph.ir of the conformance corpus's ops/
// and lang/ runs through an executor whose specialized plans are optimized
// by specializedPipeline(), and must give the results (or the error) of the
// unoptimized graph; a second call hits the cached plan.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/ir/ir_parser.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string firstLine(const absl::Status& st) {
  std::string s(st.message());
  return s.substr(0, s.find('\n'));
}

absl::StatusOr<Stack> loadInputs(const fs::path& dir) {
  auto inputs = loadTorchSaveFile((dir / "inputs.pt").string());
  if (!inputs.ok()) return inputs.status();
  if (!inputs->isList()) return absl::InvalidArgumentError("inputs.pt is not a list");
  return Stack(inputs->toListRef().elements.begin(), inputs->toListRef().elements.end());
}

TEST(ExecutorPipeline, UnknownPassIsRefusedUpFront) {
  EXPECT_EQ(makePassPipeline({"dead_code_elimination", "no_such_pass"}).status().code(),
            absl::StatusCode::kNotFound);
}

// Every corpus graph through an optimizing executor; with `profiling`, the
// first call profiles and later calls run the guarded plan.
void runCorpus(bool profiling) {
  ensureOperatorsRegistered();
  auto pipeline = makePassPipeline(specializedPipeline());
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().message();
  size_t ran = 0;
  std::vector<std::string> failures;
  for (const char* suite : {"ops", "lang"}) {
    std::error_code ec;
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(fs::path(JITSERVE_CONFORMANCE_DIR) / suite, ec)) dirs.push_back(e.path());
    std::sort(dirs.begin(), dirs.end());
    for (const fs::path& dir : dirs) {
      const std::string name = std::string(suite) + "/" + dir.filename().string();
      if (name.find("rand") != std::string::npos || name.find("dropout") != std::string::npos ||
          name.find("bernoulli") != std::string::npos || name.find("multinomial") != std::string::npos)
        continue;
      auto graph = parseIR(readFile(dir / "graph.ir"));
      if (!graph.ok()) continue;
      auto args = loadInputs(dir);
      if (!args.ok()) continue;
      std::shared_ptr<Graph> shared(std::move(*graph));
      absl::StatusOr<Stack> before = runGraph(*shared, *args);
      if (!before.ok() && firstLine(before.status()).find("unsupported operator") != std::string::npos) continue;
      GraphExecutorOptions options;
      options.pipeline = *pipeline;
      options.profiling.enabled = profiling;
      // As jitserved runs optimized plans: intermediates from the memory
      // planner's arena from the second call on.
      options.code.planMemory = true;
      GraphExecutor executor(shared, options);
      for (int call = 0; call < (profiling ? 3 : 2); ++call) {
        args = loadInputs(dir);  // runs may write their inputs
        Stack stack = *args;
        absl::Status st = executor.runStatus(stack);
        std::optional<std::string> diff;
        if (before.ok() != st.ok()) {
          diff = "unoptimized: " + (before.ok() ? std::string("ok") : firstLine(before.status())) +
                 "; optimized: " + (st.ok() ? std::string("ok") : firstLine(st));
        } else if (st.ok()) {
          if (before->size() != stack.size()) diff = "different numbers of outputs";
          for (size_t i = 0; !diff && i < stack.size(); ++i)
            diff = conform::compareValues((*before)[i], stack[i], conform::Tolerance{1e-6, 1e-7});
        }
        if (diff) {
          failures.push_back(name + " (call " + std::to_string(call + 1) + "): " + *diff);
          break;
        }
      }
      ++ran;
    }
  }
  std::cout << "ran " << ran << " graphs through optimized executors\n";
  EXPECT_GT(ran, 800u);
  for (size_t i = 0; i < failures.size() && i < 20; ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(failures.size(), 0u);
}

TEST(ExecutorPipeline, OptimizedPlansKeepResults) { runCorpus(false); }

TEST(ExecutorPipeline, ProfiledAndGuardedPlansKeepResults) { runCorpus(true); }

}  // namespace
}  // namespace jitserve
