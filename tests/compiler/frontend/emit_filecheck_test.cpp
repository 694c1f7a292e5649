// Frontend text tests: each tests/compiler/frontend/emit/*.py is TorchScript
// source whose `# CHECK...` comments (tools/filecheck/filecheck.h) are
// checked against the printed Graph IR of the functions it defines:
//
//   def NAME                 <- one header line per function, in source order,
//   graph(%x : int, ...):       so `# CHECK-LABEL: def NAME` anchors per function
//     ...
//
// Graphs print without source locations and must pass the verifier. One
// test per file, named after it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/verifier.h"
#include "runtime/ops/register_all.h"
#include "tests/support/file_test_name.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve::frontend {
namespace {

namespace fs = std::filesystem;

const fs::path kDir = fs::path(JITSERVE_SOURCE_DIR) / "tests/compiler/frontend/emit";

std::vector<std::string> featureFiles() {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(kDir, ec))
    if (entry.path().extension() == ".py") names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string readFile(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(EmitFileCheck, DirectoryHasFiles) { EXPECT_GE(featureFiles().size(), 25u) << kDir; }

class EmitFile : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
};

TEST_P(EmitFile, IRMatchesChecks) {
  const fs::path path = kDir / GetParam();
  std::string source = readFile(path);
  ASSERT_FALSE(source.empty()) << path;
  CompilationUnit cu;
  absl::Status st = cu.define(source, GetParam());
  ASSERT_TRUE(st.ok()) << st.message();
  std::string printed;
  for (GraphFunction* f : cu.functions()) {
    absl::Status valid = verifyGraph(f->graph());
    EXPECT_TRUE(valid.ok()) << f->name() << ": " << valid.message();
    printed += "def " + f->name() + "\n" + f->graph().toString(false);
  }
  filecheck::Options options;
  options.checkFileName = "tests/compiler/frontend/emit/" + GetParam();
  options.inputName = "<IR of " + GetParam() + ">";
  filecheck::Result r = filecheck::runFileCheck(source, printed, options);
  EXPECT_TRUE(r.ok) << r.message;
}

INSTANTIATE_TEST_SUITE_P(Features, EmitFile, ::testing::ValuesIn(featureFiles()), testing_support::fileTestName);

}  // namespace
}  // namespace jitserve::frontend
