// Malformed IR must give an error, never a crash or an internal error:
// deterministic mutations (truncation, deleted/duplicated/replaced bytes) of
// corpus graphs are parsed, and whatever parses must also print and verify
// without crashing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

TEST(IRParserFuzz, MutatedCorpusGraphsNeverCrash) {
  std::vector<std::string> seeds;
  fs::path root(JITSERVE_CONFORMANCE_DIR);
  if (!fs::exists(root)) GTEST_SKIP() << "no conformance corpus";
  for (const char* name : {"lang/binary_search", "lang/fork_returns_tuple", "lang/any_with_jit_isinstance"}) {
    std::ifstream in(root / name / "graph.ir", std::ios::binary);
    if (!in) continue;
    std::ostringstream ss;
    ss << in.rdbuf();
    seeds.push_back(ss.str());
  }
  if (seeds.empty()) GTEST_SKIP() << "seed graphs missing";
  std::mt19937 rng(1234);
  const std::string alphabet = "%:=()[]{},.#\"\\\n -0123456789abcxyzgraphblock->returnwith";
  size_t ok = 0, rejected = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text = seeds[iter % seeds.size()];
    int edits = 1 + static_cast<int>(rng() % 3);
    for (int e = 0; e < edits && !text.empty(); ++e) {
      size_t at = rng() % text.size();
      switch (rng() % 4) {
        case 0: text.resize(at); break;
        case 1: text.erase(at, 1 + rng() % 8); break;
        case 2: text.insert(at, text.substr(rng() % text.size(), 1 + rng() % 12)); break;
        default: text[at] = alphabet[rng() % alphabet.size()]; break;
      }
    }
    auto g = parseIR(text);
    if (!g.ok()) {
      EXPECT_EQ(g.status().code(), absl::StatusCode::kInvalidArgument) << g.status() << "\n--- input:\n" << text;
      ++rejected;
      continue;
    }
    ++ok;
    (void)verifyGraph(**g);  // may fail (e.g. scoping), must not crash
    std::string printed = graphToString(**g);
    auto again = parseIR(printed);
    EXPECT_TRUE(again.ok()) << "printed form does not parse:\n" << printed;
  }
  std::cout << "[ fuzz ] " << ok << " mutants parsed, " << rejected << " rejected\n";
}

}  // namespace
}  // namespace jitserve
