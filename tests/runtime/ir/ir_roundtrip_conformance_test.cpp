// Every graph.ir in the conformance corpus (printed by PyTorch 1.13) must
// parse, pass the verifier, print back byte for byte, and survive a second
// parse/print and a Graph::copy unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/ir/ir_parser.h"
#include "runtime/ir/ir_printer.h"
#include "runtime/ir/verifier.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> corpusGraphs() {
  std::vector<fs::path> out;
  fs::path root(JITSERVE_CONFORMANCE_DIR);
  if (!fs::exists(root)) return out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file() && e.path().filename() == "graph.ir") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(IRConformance, EveryCorpusGraphRoundTrips) {
  auto files = corpusGraphs();
  if (files.empty()) GTEST_SKIP() << "no conformance corpus at " << JITSERVE_CONFORMANCE_DIR;
  size_t parsed = 0, verified = 0, exact = 0, stable = 0;
  std::vector<std::string> failures;
  for (const auto& f : files) {
    std::string text = readFile(f);
    auto g = parseIR(text);
    if (!g.ok()) {
      failures.push_back(f.string() + ": parse: " + std::string(g.status().message()));
      continue;
    }
    ++parsed;
    absl::Status lint = verifyGraph(**g);
    if (lint.ok()) ++verified;
    else failures.push_back(f.string() + ": verify: " + std::string(lint.message()));
    std::string printed = graphToString(**g);
    if (printed == text) {
      ++exact;
    } else {
      // Report the first differing line.
      std::istringstream a(text), b(printed);
      std::string la, lb;
      size_t line = 0;
      while (std::getline(a, la) && std::getline(b, lb) && la == lb) ++line;
      failures.push_back(f.string() + ": line " + std::to_string(line + 1) + " differs:\n  want: " + la +
                         "\n  got:  " + lb);
    }
    auto again = parseIR(printed);
    auto copy = (*g)->copy();
    if (again.ok() && graphToString(**again) == printed && graphToString(*copy) == printed &&
        verifyGraph(*copy).ok())
      ++stable;
    else
      failures.push_back(f.string() + ": second parse or copy does not print identically");
  }
  std::cout << "[ corpus ] " << files.size() << " graphs: " << parsed << " parsed, " << verified
            << " verified, " << exact << " printed identically, " << stable << " stable under reparse+copy\n";
  for (size_t i = 0; i < std::min<size_t>(failures.size(), 20); ++i) ADD_FAILURE() << failures[i];
  EXPECT_EQ(parsed, files.size());
  EXPECT_EQ(verified, files.size());
  EXPECT_EQ(exact, files.size());
  EXPECT_EQ(stable, files.size());
}

}  // namespace
}  // namespace jitserve
