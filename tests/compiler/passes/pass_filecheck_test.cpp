// Pass text tests: every tests/compiler/passes/<pass>/*.ir holds an input
// graph, the passes to run (`# PASSES: a,b`) and `# CHECK` directives
// (tools/filecheck/filecheck.h) matched against the printed result, exactly
// what `jit-opt FILE.ir | jit-filecheck FILE.ir` does. The result must pass
// the verifier (runPasses checks after every pass). One test per file, named
// <pass>_<file>.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/passes/opt_input.h"
#include "compiler/passes/pass_registry.h"
#include "runtime/ops/register_all.h"
#include "tests/support/file_test_name.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(JITSERVE_SOURCE_DIR) / "tests/compiler/passes";

std::vector<std::string> testFiles() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::recursive_directory_iterator(kDir, ec))
    if (entry.path().extension() == ".ir") names.push_back(fs::relative(entry.path(), kDir).string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(PassFileCheck, EveryPassHasTests) {
  ensurePassesRegistered();
  std::vector<std::string> files = testFiles();
  for (const std::string& pass : globalPassRegistry().names()) {
    if (pass == "alias_analysis") continue;  // unit-tested in alias_analysis_test
    const bool found = std::any_of(files.begin(), files.end(), [&](const std::string& f) {
      return f.starts_with(pass + "/");
    });
    EXPECT_TRUE(found) << "no text tests in tests/compiler/passes/" << pass << "/";
  }
}

class PassFile : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    ensurePassesRegistered();
  }
};

TEST_P(PassFile, OutputMatchesChecks) {
  const std::string text = readFile(kDir / GetParam());
  ASSERT_FALSE(text.empty()) << GetParam();
  absl::StatusOr<OptInput> input = parseOptInput(text);
  ASSERT_TRUE(input.ok()) << input.status().message();
  ASSERT_FALSE(input->passes.empty()) << "missing `# PASSES:` line";
  absl::StatusOr<std::string> out = runOptInput(*input, input->passes);
  ASSERT_TRUE(out.ok()) << out.status().message();
  filecheck::Options options;
  options.checkFileName = "tests/compiler/passes/" + GetParam();
  options.inputName = "<jit-opt output>";
  filecheck::Result r = filecheck::runFileCheck(text, *out, options);
  EXPECT_TRUE(r.ok) << r.message;
}

INSTANTIATE_TEST_SUITE_P(Files, PassFile, ::testing::ValuesIn(testFiles()), testing_support::fileTestName);

}  // namespace
}  // namespace jitserve
