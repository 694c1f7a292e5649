// Loads every inputs.pt / expected.pt of the conformance corpus, and compares
// a sample with what torch.load returned for it (data/corpus_summary.txt,
// written by data/make_corpus_summary.py).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "compiler/serialization/torch_save.h"
#include "tests/compiler/serialization/ivalue_summary.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  fs::path root(JITSERVE_CONFORMANCE_DIR);
  if (!fs::exists(root)) return files;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    std::string name = e.path().filename().string();
    if (name == "inputs.pt" || name == "expected.pt") files.push_back(fs::relative(e.path(), root).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(TorchSaveCorpus, EveryFileLoads) {
  std::vector<std::string> files = corpusFiles();
  if (files.empty()) GTEST_SKIP() << "no conformance corpus at " << JITSERVE_CONFORMANCE_DIR;
  size_t failures = 0;
  for (const std::string& f : files) {
    absl::StatusOr<IValue> v = loadTorchSaveFile(std::string(JITSERVE_CONFORMANCE_DIR) + "/" + f);
    if (!v.ok()) {
      if (++failures <= 20) ADD_FAILURE() << f << ": " << v.status();
    }
  }
  EXPECT_EQ(failures, 0u) << "of " << files.size() << " files";
  std::printf("loaded %zu corpus files, %zu failures\n", files.size(), failures);
}

TEST(TorchSaveCorpus, MatchesTorchLoadSummary) {
  std::ifstream in(std::string(JITSERVE_SOURCE_DIR) + "/tests/compiler/serialization/data/corpus_summary.txt");
  ASSERT_TRUE(in) << "missing corpus_summary.txt";
  std::map<std::string, std::vector<std::string>> expected;
  std::string line, current;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.rfind("= ", 0) == 0) {
      current = line.substr(2);
      expected[current];
    } else {
      expected[current].push_back(line);
    }
  }
  ASSERT_GT(expected.size(), 100u);
  if (!fs::exists(JITSERVE_CONFORMANCE_DIR)) GTEST_SKIP() << "no conformance corpus";
  size_t compared = 0;
  for (const auto& [file, want] : expected) {
    absl::StatusOr<IValue> v = loadTorchSaveFile(std::string(JITSERVE_CONFORMANCE_DIR) + "/" + file);
    ASSERT_TRUE(v.ok()) << file << ": " << v.status();
    std::vector<std::string> got;
    testing::describeIValue(*v, "$", got);
    EXPECT_EQ(got, want) << file;
    ++compared;
  }
  std::printf("compared %zu files with torch.load\n", compared);
}

}  // namespace
}  // namespace jitserve
