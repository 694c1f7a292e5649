// insert_fork on whole programs (its text tests are in insert_fork/*.ir):
//  - an ensemble of four sub-models written without fork gets three forks
//    and the serial program's result, on inter-op pools of 1 and 2;
//  - every source case of the conformance corpus (lang/ and ops/), inlined
//    and optimized with and without insert_fork, gives the same results or
//    the same error, and some of them do get forks.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir_printer.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/insert_fork.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/parallel.h"
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

size_t countForks(const Graph& g) {
  const std::string text = g.toString(false);
  size_t n = 0;
  for (size_t p = 0; (p = text.find("= prim::fork", p)) != std::string::npos; ++p) ++n;
  return n;
}

// The cleanup pipeline with the callee bodies inlined, optionally followed
// by insert_fork.
absl::StatusOr<std::unique_ptr<Graph>> optimize(frontend::CompilationUnit& cu, const Graph& g, bool fork) {
  std::unique_ptr<Graph> copy = g.copy();
  std::vector<std::string> names = standardPipeline();
  if (fork) names.emplace_back("insert_fork");
  InlineLookupScope scope([&](std::string_view fn) -> const Graph* {
    GraphFunction* f = cu.findFunction(fn);
    return f ? &f->graph() : nullptr;
  });
  absl::StatusOr<bool> r = runPasses(*copy, names);
  if (!r.ok()) return r.status();
  return copy;
}

// Deterministic values in [-scale, scale).
Tensor values(int64_t rows, int64_t cols, float scale, uint32_t seed) {
  std::vector<float> v(static_cast<size_t>(rows * cols));
  for (float& x : v) {
    seed = seed * 1664525u + 1013904223u;
    x = scale * (static_cast<float>(seed >> 8) / static_cast<float>(1u << 23) - 1.0f);
  }
  return from_vector(v, {rows, cols});
}

constexpr const char* kEnsemble = R"(
def sub_model(x: Tensor, w: Tensor, depth: int) -> Tensor:
    y = x
    for _ in range(depth):
        y = torch.tanh(torch.mm(y, w))
    return y

def ensemble(x: Tensor, w0: Tensor, w1: Tensor, w2: Tensor, w3: Tensor, depth: int) -> Tensor:
    return sub_model(x, w0, depth) + sub_model(x, w1, depth) + sub_model(x, w2, depth) + sub_model(x, w3, depth)
)";

TEST(InsertFork, EnsembleWrittenWithoutForkGetsThreeForksAndTheSameResult) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  frontend::CompilationUnit cu;
  ASSERT_TRUE(cu.define(kEnsemble).ok());
  const Graph& serial = cu.findFunction("ensemble")->graph();
  auto forked = optimize(cu, serial, true);
  ASSERT_TRUE(forked.ok()) << forked.status().message();
  // Three sub-models forked, the fourth in the caller beside them.
  EXPECT_EQ(countForks(**forked), 3u) << graphToString(**forked, {.sourceLocations = false});
  auto plain = optimize(cu, serial, false);
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(countForks(**plain), 0u);

  Stack inputs{IValue(values(16, 16, 1.0f, 1))};
  for (int k = 0; k < 4; ++k) inputs.emplace_back(values(16, 16, 0.25f / 16, 2 + k));
  inputs.emplace_back(int64_t{3});
  absl::StatusOr<Stack> expected = runGraph(**plain, inputs);
  ASSERT_TRUE(expected.ok()) << expected.status().message();
  const int before = get_num_interop_threads();
  for (int pool : {1, 2}) {
    set_num_interop_threads(pool);
    for (int rep = 0; rep < 20; ++rep) {
      absl::StatusOr<Stack> got = runGraph(**forked, inputs);
      ASSERT_TRUE(got.ok()) << got.status().message();
      std::optional<std::string> diff =
          conform::compareValues((*expected)[0], (*got)[0], conform::Tolerance{1e-6, 1e-7});
      ASSERT_FALSE(diff) << *diff;
    }
  }
  set_num_interop_threads(before);
}

TEST(InsertFork, ErrorInForkedRegionReachesTheCaller) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  frontend::CompilationUnit cu;
  ASSERT_TRUE(cu.define(kEnsemble).ok());
  auto forked = optimize(cu, cu.findFunction("ensemble")->graph(), true);
  ASSERT_TRUE(forked.ok());
  // w0's inner size does not match x: the forked first sub-model fails.
  Stack inputs{IValue(values(16, 16, 1.0f, 1)), IValue(values(8, 16, 1.0f, 2))};
  for (int k = 0; k < 3; ++k) inputs.emplace_back(values(16, 16, 1.0f, 3 + k));
  inputs.emplace_back(int64_t{1});
  absl::StatusOr<Stack> got = runGraph(**forked, inputs);
  ASSERT_FALSE(got.ok());
  EXPECT_NE(std::string(got.status().message()).find("mm"), std::string::npos) << got.status().message();
}

// The value of `"key": "value"` in a flat JSON object (case.json).
std::string jsonString(const std::string& json, const std::string& key) {
  size_t k = json.find("\"" + key + "\"");
  if (k == std::string::npos) return "";
  size_t q1 = json.find('"', json.find(':', k) + 1);
  size_t q2 = json.find('"', q1 + 1);
  return q1 == std::string::npos || q2 == std::string::npos ? "" : json.substr(q1 + 1, q2 - q1 - 1);
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

TEST(InsertFork, CorpusSourceCasesKeepTheirResults) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  size_t ran = 0, withForks = 0;
  std::vector<std::string> failures;
  for (const char* suite : {"lang", "ops"}) {
    std::error_code ec;
    std::vector<fs::path> dirs;
    for (const auto& e : fs::directory_iterator(fs::path(JITSERVE_CONFORMANCE_DIR) / suite, ec)) dirs.push_back(e.path());
    std::sort(dirs.begin(), dirs.end());
    for (const fs::path& dir : dirs) {
      const std::string json = readFile(dir / "case.json");
      if (jsonString(json, "kind") != "source" || jsonString(json, "expect") == "compile_error") continue;
      const std::string name = std::string(suite) + "/" + dir.filename().string();
      if (name.find("rand") != std::string::npos || name.find("dropout") != std::string::npos ||
          name.find("bernoulli") != std::string::npos || name.find("multinomial") != std::string::npos)
        continue;
      frontend::CompilationUnit cu;
      if (!cu.define(readFile(dir / "source.py")).ok()) continue;
      GraphFunction* entry = cu.findFunction(jsonString(json, "entry"));
      if (entry == nullptr) continue;
      auto plain = optimize(cu, entry->graph(), false);
      auto forked = optimize(cu, entry->graph(), true);
      if (!plain.ok() || !forked.ok()) {
        failures.push_back(name + ": " + std::string((plain.ok() ? forked : plain).status().message()));
        continue;
      }
      if (countForks(**forked) > countForks(**plain)) ++withForks;
      RunOptions options;
      options.code.functionResolver = [&](std::string_view fn) -> Function* { return cu.findFunction(fn); };
      auto args = loadInputs(dir);
      if (!args.ok()) continue;
      absl::StatusOr<Stack> before = runGraph(**plain, *args, options);
      if (!before.ok() && firstLine(before.status()).find("unsupported operator") != std::string::npos) continue;
      args = loadInputs(dir);  // the first run may have written its inputs
      absl::StatusOr<Stack> after = runGraph(**forked, *args, options);
      ++ran;
      std::optional<std::string> diff;
      if (before.ok() != after.ok()) {
        diff = "without: " + (before.ok() ? std::string("ok") : firstLine(before.status())) +
               "; with insert_fork: " + (after.ok() ? std::string("ok") : firstLine(after.status()));
      } else if (before.ok()) {
        if (before->size() != after->size()) diff = "different numbers of outputs";
        for (size_t i = 0; !diff && i < before->size(); ++i)
          diff = conform::compareValues((*before)[i], (*after)[i], conform::Tolerance{1e-6, 1e-7});
      }
      if (diff)
        failures.push_back(name + ": " + *diff + "\n--- with insert_fork:\n" +
                           graphToString(**forked, {.sourceLocations = false}));
    }
  }
  std::cout << "ran " << ran << " source cases, " << withForks << " with forks inserted\n";
  if (ran == 0) GTEST_SKIP() << "no conformance corpus";
  EXPECT_GT(withForks, 0u);
  for (size_t i = 0; i < failures.size() && i < 20; ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(failures.size(), 0u);
}

}  // namespace
}  // namespace jitserve
