// The out= overloads (`torch.mul(a, b, out=o)`) end to end, against what
// PyTorch 1.13 computed for the same TorchScript (data/out_variants/, made by
// its make_cases.py): every case_* function checks the values, that the
// returned tensor is `out` itself, resizing, a non-contiguous out, aliasing
// an input and the out dtypes PyTorch accepts; every error_* function passes
// an out dtype PyTorch rejects and must fail with PyTorch's message. Each
// function runs as the frontend compiled it and through an optimizing,
// profiling, memory-planning GraphExecutor (the passes must keep the writes
// into `out`, the planner must not reuse its memory).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve {
namespace {

const std::string kDir = std::string(JITSERVE_SOURCE_DIR) + "/tests/runtime/ops/data/out_variants/";

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Case {
  std::string name;
  Stack inputs;
  IValue expected;
  std::string error;  // empty for a value case
};

// cases.pt: {name: (inputs, expected, error)}. Loaded afresh for every run,
// since the programs write into their inputs.
std::vector<Case> loadCases() {
  auto table = loadTorchSaveFile(kDir + "cases.pt");
  EXPECT_TRUE(table.ok()) << table.status().message();
  std::vector<Case> cases;
  if (!table.ok()) return cases;
  for (const auto& entry : table->toDictRef().entries()) {
    const auto& fields = entry.value.toTupleRef().elements;
    const auto& inputs = fields.at(0).toListRef().elements;
    cases.push_back({std::string(entry.key.toStringView()), Stack(inputs.begin(), inputs.end()), fields.at(1),
                     std::string(fields.at(2).toStringView())});
  }
  return cases;
}

// "" when the outcome matches the case, else what differs.
std::string check(const Case& c, const absl::Status& status, const Stack& outputs) {
  if (!c.error.empty()) {
    if (status.ok()) return "ran to completion; expected the error: " + c.error;
    const std::string message(status.message());
    if (message.find(c.error) == std::string::npos)
      return "error \"" + message.substr(0, message.find('\n')) + "\"; expected \"" + c.error + "\"";
    return "";
  }
  if (!status.ok()) return "failed: " + std::string(status.message());
  if (outputs.size() != 1) return "returned " + std::to_string(outputs.size()) + " values";
  if (auto diff = conform::compareValues(c.expected, outputs[0], conform::Tolerance{1e-5, 1e-6})) return *diff;
  return "";
}

absl::Status runFunction(GraphFunction& fn, Stack& stack) {
  try {
    fn.run(stack);
  } catch (const std::exception& e) {
    return absl::InvalidArgumentError(e.what());
  }
  return absl::OkStatus();
}

class OutVariants : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    ensurePassesRegistered();
    absl::Status st = cu_.define(readFile(kDir + "cases.py"), "cases.py");
    ASSERT_TRUE(st.ok()) << st.message();
  }
  frontend::CompilationUnit cu_;
};

TEST_F(OutVariants, CompiledFunctionsMatchPyTorch) {
  std::vector<Case> cases = loadCases();
  ASSERT_GT(cases.size(), 100u);
  for (Case& c : cases) {
    GraphFunction* fn = cu_.findFunction(c.name);
    ASSERT_NE(fn, nullptr) << c.name;
    Stack stack = c.inputs;
    absl::Status st = runFunction(*fn, stack);
    EXPECT_EQ(check(c, st, stack), "") << c.name;
  }
}

// Through the serving configuration: optimizing pipeline, profiling
// executor, memory planner (whose arena must never hand out an out tensor's
// memory while the caller still holds it).
TEST_F(OutVariants, OptimizedProfiledPlannedPlansMatchPyTorch) {
  auto pipeline = makePassPipeline(specializedPipeline());
  ASSERT_TRUE(pipeline.ok()) << pipeline.status().message();
  const size_t n = loadCases().size();
  ASSERT_GT(n, 100u);
  std::vector<std::unique_ptr<GraphExecutor>> executors;
  // Four calls: profiling, then the optimized, guarded plan three times (the
  // planner settles its layout after a run or two).
  for (int call = 0; call < 4; ++call) {
    std::vector<Case> cases = loadCases();
    ASSERT_EQ(cases.size(), n);
    for (size_t i = 0; i < n; ++i) {
      const Case& c = cases[i];
      if (call == 0) {
        GraphFunction* fn = cu_.findFunction(c.name);
        ASSERT_NE(fn, nullptr) << c.name;
        GraphExecutorOptions options;
        options.pipeline = *pipeline;
        options.profiling.enabled = true;
        options.code.planMemory = true;
        executors.push_back(std::make_unique<GraphExecutor>(std::shared_ptr<Graph>(fn->graph().copy()), options));
      }
      Stack stack = c.inputs;
      absl::Status st = executors[i]->runStatus(stack);
      EXPECT_EQ(check(c, st, stack), "") << c.name << " (call " << call + 1 << ")";
    }
  }
}

}  // namespace
}  // namespace jitserve
