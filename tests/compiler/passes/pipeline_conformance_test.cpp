// The standard pipeline on the conformance corpus: every graph.ir of
// ops/ and lang/ that parses is optimized by standardPipeline() (inline,
// constant propagation and pooling, peephole, CSE, DCE); the result must
// pass the verifier after every pass, and running it on the case's inputs
// must give the same result as running the unoptimized graph (or the same
// error).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "compiler/passes/pass_registry.h"
#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/register_all.h"
#include "tools/conform/compare.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> caseDirs() {
  std::vector<std::string> dirs;
  for (const char* suite : {"ops", "lang"}) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(fs::path(JITSERVE_CONFORMANCE_DIR) / suite, ec))
      if (fs::exists(e.path() / "graph.ir")) dirs.push_back(std::string(suite) + "/" + e.path().filename().string());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

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

// nullopt when both runs agree: the same values (conformance comparison,
// tight tolerance) or errors with the same first line.
std::optional<std::string> difference(const absl::StatusOr<Stack>& a, const absl::StatusOr<Stack>& b) {
  if (!a.ok() || !b.ok()) {
    if (!a.ok() && !b.ok() && firstLine(a.status()) == firstLine(b.status())) return std::nullopt;
    return "unoptimized: " + (a.ok() ? std::string("ok") : firstLine(a.status())) +
           "; optimized: " + (b.ok() ? std::string("ok") : firstLine(b.status()));
  }
  if (a->size() != b->size()) return "different numbers of outputs";
  for (size_t i = 0; i < a->size(); ++i)
    if (auto d = conform::compareValues((*a)[i], (*b)[i], conform::Tolerance{1e-6, 1e-7})) return *d;
  return std::nullopt;
}

// Gives tensor inputs the types of the case's actual inputs (dtype, sizes,
// device), as the GraphExecutor does for a specialization.
void specializeInputs(Graph& g, const Stack& inputs) {
  for (size_t i = 0; i < g.inputs().size() && i < inputs.size(); ++i) {
    if (!inputs[i].isTensor() || !g.inputs()[i]->type()->isa<TensorType>()) continue;
    const Tensor& t = inputs[i].toTensor();
    if (!t.defined()) continue;
    TensorType::SizeVec sizes;
    for (int64_t s : t.sizes()) sizes.emplace_back(s);
    g.inputs()[i]->setType(TensorType::create(t.dtype(), t.device(), std::move(sizes), std::nullopt, std::nullopt));
  }
}

void checkCorpus(const std::vector<std::string>& pipeline, bool specialize = false) {
  ensureOperatorsRegistered();
  ensurePassesRegistered();
  std::vector<std::string> dirs = caseDirs();
  if (dirs.empty()) GTEST_SKIP() << "no conformance corpus at " << JITSERVE_CONFORMANCE_DIR;
  size_t parsed = 0, changed = 0, ran = 0;
  std::vector<std::string> failures;
  for (const std::string& d : dirs) {
    const fs::path dir = fs::path(JITSERVE_CONFORMANCE_DIR) / d;
    auto original = parseIR(readFile(dir / "graph.ir"));
    if (!original.ok()) continue;
    ++parsed;
    std::unique_ptr<Graph> optimized = (*original)->copy();
    if (specialize) {
      auto inputs = loadTorchSaveFile((dir / "inputs.pt").string());
      if (!inputs.ok() || !inputs->isList()) continue;
      Stack s(inputs->toListRef().elements.begin(), inputs->toListRef().elements.end());
      specializeInputs(*optimized, s);
    }
    absl::StatusOr<bool> r = runPasses(*optimized, pipeline);
    if (!r.ok()) {
      failures.push_back(d + ": " + std::string(r.status().message()));
      continue;
    }
    if (*r) ++changed;
    // Same results on the case's inputs. Skipped where the inputs cannot be
    // read or the original graph cannot run (gaps, not pass bugs).
    auto inputs = loadTorchSaveFile((dir / "inputs.pt").string());
    if (!inputs.ok() || !inputs->isList()) continue;
    auto args = [&] {
      Stack s;
      for (const IValue& v : inputs->toListRef().elements) s.push_back(v);
      return s;
    };
    absl::StatusOr<Stack> before = runGraph(**original, args());
    if (!before.ok() && std::string(before.status().message()).find("unsupported operator") != std::string::npos) continue;
    // Reload: a graph may have written its inputs in place.
    inputs = loadTorchSaveFile((dir / "inputs.pt").string());
    Stack again;
    for (const IValue& v : inputs->toListRef().elements) again.push_back(v);
    absl::StatusOr<Stack> after = runGraph(*optimized, std::move(again));
    ++ran;
    const std::optional<std::string> diff = difference(before, after);
    const bool random = d.find("rand") != std::string::npos || d.find("dropout") != std::string::npos ||
                        d.find("bernoulli") != std::string::npos || d.find("multinomial") != std::string::npos;
    if (diff && !random) {
      failures.push_back(d + ": results differ: " + *diff + "\n--- optimized graph:\n" +
                         graphToString(*optimized, {.sourceLocations = false}));
    }
  }
  EXPECT_GT(parsed, 1000u);
  EXPECT_GT(ran, 800u);
  std::cout << "parsed " << parsed << ", changed by the pipeline " << changed << ", ran " << ran << "\n";
  for (size_t i = 0; i < failures.size() && i < 20; ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(failures.size(), 0u);
}

TEST(PipelineConformance, StandardPipelineKeepsGraphsValidAndResultsEqual) { checkCorpus(standardPipeline()); }

// Every pass (mutation removal, tuple lowering, loop unrolling too), then
// the cleanup again.
TEST(PipelineConformance, AllPassesKeepResultsEqual) {
  std::vector<std::string> all = standardPipeline();
  for (const char* p : {"remove_mutation", "lower_tuples", "loop_unrolling", "constant_propagation", "peephole", "constant_pooling",
                        "common_subexpression_elimination", "dead_code_elimination"})
    all.emplace_back(p);
  checkCorpus(all);
}

// Specialized to the case's input types, type propagation and the folding
// it enables (aten::size, aten::dim, prim::dtype) must not change results.
TEST(PipelineConformance, SpecializedTypesKeepResultsEqual) {
  std::vector<std::string> pipeline{"propagate_tensor_types", "peephole", "constant_propagation",
                                    "constant_pooling", "common_subexpression_elimination",
                                    "dead_code_elimination"};
  checkCorpus(pipeline, /*specialize=*/true);
}

}  // namespace
}  // namespace jitserve
