// Every model of the conformance corpus through the GraphExecutor as the
// server runs it: the specialized pipeline and the profiling executor (the
// first call profiles, later calls run the guarded plan), unfrozen and
// frozen. Outputs must match expected.pt on every call. The guard counts are
// printed: they show what profiling pins down in real models.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "compiler/archive/archive_import.h"
#include "compiler/archive/module_freezing.h"
#include "compiler/frontend/compilation_unit.h"
#include "compiler/passes/inliner.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "compiler/executor/graph_executor.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  std::string failure;  // empty: every call matched
  GraphExecutorStats stats;
};

Outcome runModel(const fs::path& dir, bool freeze) {
  std::ifstream cj(dir / "case.json");
  const nlohmann::json meta = nlohmann::json::parse(cj);
  if (meta.value("expect", "") != "value") return {"skip", {}};
  auto module = importModuleFile((dir / "model.pt").string());
  if (!module.ok()) return {"load: " + std::string(module.status().message()), {}};
  auto inputs = loadTorchSaveFile((dir / "inputs.pt").string());
  auto expected = loadTorchSaveFile((dir / "expected.pt").string());
  if (!inputs.ok() || !expected.ok()) return {"inputs.pt / expected.pt do not load", {}};
  const std::string entry = meta.value("entry", "forward");

  std::shared_ptr<Graph> graph;
  bool takesSelf = true;
  FunctionSchema schema;  // what the graph takes, self included if it does
  if (freeze) {
    auto frozen = freezeMethods(*module, std::span<const std::string>(&entry, 1));
    if (!frozen.ok()) return {"freeze: " + std::string(frozen.status().message()), {}};
    graph = frozen->front().graph;
    takesSelf = frozen->front().takesSelf;
    schema = frozen->front().schema;
  } else {
    auto* fn = dynamic_cast<GraphFunction*>(module->findMethod(entry));
    if (!fn) return {"no method " + entry, {}};
    graph = fn->graphPtr();
    schema = fn->schema();
  }
  auto unit = module->unit();
  GraphExecutorOptions options;
  options.code.functionResolver = [unit](std::string_view n) -> Function* { return unit->resolve(n); };
  auto passes = makePassPipeline(specializedPipeline());
  if (!passes.ok()) return {std::string(passes.status().message()), {}};
  options.pipeline = [unit, run = *passes](Graph& g) {
    InlineLookupScope scope([unit](std::string_view name) -> const Graph* {
      auto* f = dynamic_cast<GraphFunction*>(unit->resolve(name));
      return f ? &f->graph() : nullptr;
    });
    run(g);
  };
  options.profiling.enabled = true;
  options.code.planMemory = true;  // as jitserved runs them
  GraphExecutor executor(graph, options);
  const conform::Tolerance tol{meta.value("rtol", 1e-5), meta.value("atol", 1e-5)};
  // Call 1 profiles, call 2 runs the guarded plan and its memory planner
  // observes, calls 3 and 4 take the intermediates from the arena.
  for (int call = 0; call < 4; ++call) {
    Stack stack;
    if (takesSelf) stack.push_back(module->asIValue());
    for (const IValue& v : inputs->toList()->elements) stack.push_back(v);
    // inputs.pt holds the positional arguments given; the rest take their
    // defaults, as a call through the method would.
    for (size_t i = stack.size(); i < schema.arguments.size() && schema.arguments[i].defaultValue; ++i) {
      stack.push_back(*schema.arguments[i].defaultValue);
    }
    absl::Status st = executor.runStatus(stack);
    if (!st.ok()) return {"call " + std::to_string(call + 1) + ": " + std::string(st.message()), executor.stats()};
    if (auto diff = conform::compareValues(*expected, stack.back(), tol)) {
      return {"call " + std::to_string(call + 1) + ": " + *diff, executor.stats()};
    }
  }
  return {"", executor.stats()};
}

void runCorpus(bool freeze) {
  ensureOperatorsRegistered();
  std::vector<fs::path> dirs;
  for (const auto& e : fs::directory_iterator(fs::path(JITSERVE_CONFORMANCE_DIR) / "models")) dirs.push_back(e.path());
  std::sort(dirs.begin(), dirs.end());
  size_t ran = 0, planned = 0, servedModels = 0;
  for (const fs::path& dir : dirs) {
    Outcome o = runModel(dir, freeze);
    if (o.failure == "skip") continue;
    ++ran;
    EXPECT_EQ(o.failure, "") << dir.filename();
    uint64_t guards = 0, eliminated = 0, compileUs = 0, arenaValues = 0, served = 0, unshared = 0;
    for (const auto& p : o.stats.plans) {
      guards += p.guards;
      eliminated += p.guardsEliminated;
      compileUs += static_cast<uint64_t>(p.compileTime.count() / 1000);
      arenaValues += p.memory.laidOut;
      served += p.memory.served;
      unshared += p.memory.plannedBytes;
    }
    planned += arenaValues > 0;
    servedModels += served > 0;
    EXPECT_EQ(o.stats.optimizedPlans, 1u) << dir.filename() << ": the first call's profile optimizes the plan";
    EXPECT_EQ(o.stats.guardFailures, 0u) << dir.filename() << ": same inputs, no guard may fail";
    std::cout << dir.filename().string() << (freeze ? " (frozen)" : "") << ": guards " << guards << ", eliminated "
              << eliminated << ", compile " << compileUs << " us, arena " << o.stats.arenaBytes << " B for "
              << arenaValues << " values (" << unshared << " B unshared)\n";
  }
  EXPECT_GE(ran, 17u);
  // All but the recurrent models (one fused operator returning a tuple) have
  // intermediates in an arena.
  EXPECT_GE(planned, 15u);
  // Lifetimes are observed (a tensor an intra-op worker frees dies when that
  // thread lets go of it), so a model with one or two small planned values
  // may see them relaid out and served from the heap on calls 3 and 4; the
  // models with real activations are served from their arenas.
  EXPECT_GE(servedModels, 12u);
}

TEST(ProfiledModels, UnfrozenMatchExpected) { runCorpus(false); }
TEST(ProfiledModels, FrozenMatchExpected) { runCorpus(true); }

}  // namespace
}  // namespace jitserve
