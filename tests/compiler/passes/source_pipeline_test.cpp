// The passes on graphs as the frontend emits them (calls not yet inlined):
// every source case of the conformance corpus (ops/ and lang/) is compiled
// with a CompilationUnit; its entry's graph is copied and optimized by
// every pass with the unit's functions visible to `inline`; the copy must
// verify and give the same results (or the same error) as the unit's own
// function on the case's inputs.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir_printer.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
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
  Stack s;
  for (const IValue& v : inputs->toListRef().elements) s.push_back(v);
  return s;
}

TEST(SourcePipeline, PassesKeepResultsOfEmittedGraphs) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  std::vector<std::string> pipeline = standardPipeline();
  for (const char* p : {"remove_mutation", "lower_tuples", "loop_unrolling", "constant_propagation", "peephole",
                        "constant_pooling", "common_subexpression_elimination", "dead_code_elimination"})
    pipeline.emplace_back(p);
  size_t compiled = 0, inlined = 0, ran = 0, succeeded = 0;
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
      frontend::CompilationUnit cu;
      if (!cu.define(readFile(dir / "source.py")).ok()) continue;
      GraphFunction* entry = cu.findFunction(jsonString(json, "entry"));
      if (entry == nullptr) continue;
      ++compiled;
      std::unique_ptr<Graph> optimized = entry->graph().copy();
      const bool hadCalls = optimized->toString(false).find("prim::Call") != std::string::npos;
      absl::StatusOr<bool> r;
      {
        InlineLookupScope scope([&](std::string_view fn) -> const Graph* {
          GraphFunction* f = cu.findFunction(fn);
          return f ? &f->graph() : nullptr;
        });
        r = runPasses(*optimized, pipeline);
      }
      if (!r.ok()) {
        failures.push_back(name + ": " + std::string(r.status().message()));
        continue;
      }
      if (hadCalls && optimized->toString(false).find("prim::CallFunction") == std::string::npos) ++inlined;
      auto args = loadInputs(dir);
      if (!args.ok()) continue;
      absl::StatusOr<Stack> before = [&]() -> absl::StatusOr<Stack> {
        Stack s = *args;
        try {
          entry->run(s);
        } catch (const std::exception& e) {
          return absl::InvalidArgumentError(e.what());
        }
        return s;
      }();
      if (!before.ok() && firstLine(before.status()).find("unsupported operator") != std::string::npos) continue;
      args = loadInputs(dir);  // the first run may have written its inputs
      RunOptions options;
      options.code.functionResolver = [&](std::string_view fn) -> Function* { return cu.findFunction(fn); };
      absl::StatusOr<Stack> after = runGraph(*optimized, *args, options);
      ++ran;
      if (before.ok()) ++succeeded;
      std::optional<std::string> diff;
      if (before.ok() != after.ok()) {
        diff = "unoptimized: " + (before.ok() ? std::string("ok") : firstLine(before.status())) +
               "; optimized: " + (after.ok() ? std::string("ok") : firstLine(after.status()));
      } else if (before.ok()) {
        if (before->size() != after->size()) diff = "different numbers of outputs";
        for (size_t i = 0; !diff && i < before->size(); ++i)
          diff = conform::compareValues((*before)[i], (*after)[i], conform::Tolerance{1e-6, 1e-7});
      }
      const bool random = name.find("rand") != std::string::npos || name.find("dropout") != std::string::npos ||
                          name.find("bernoulli") != std::string::npos ||
                          name.find("multinomial") != std::string::npos;
      if (diff && !random)
        failures.push_back(name + ": results differ: " + *diff + "\n--- optimized graph:\n" +
                           graphToString(*optimized, {.sourceLocations = false}));
    }
  }
  std::cout << "compiled " << compiled << ", calls fully inlined in " << inlined << ", ran " << ran << " (" << succeeded << " without error)\n";
  if (compiled == 0) GTEST_SKIP() << "no source cases compiled";
  EXPECT_GT(succeeded, ran / 2);
  for (size_t i = 0; i < failures.size() && i < 20; ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(failures.size(), 0u);
}

}  // namespace
}  // namespace jitserve
