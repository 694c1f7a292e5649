// The model repository serves its own files: a symbolic link out of it (a
// model.py pointing at /etc/passwd, issue 26) is refused without reading
// the target, and nothing of it reaches the error; links inside it work.
#include "server/core/model_repository.h"

#include <filesystem>

#include <gtest/gtest.h>

#include "runtime/ops/register_all.h"
#include "tests/support/temp_dir.h"

namespace jitserve::server {
namespace {

namespace fs = std::filesystem;
using jitserve::testing::TempDir;

class ModelRepositoryTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { ensureOperatorsRegistered(); }
};

TEST_F(ModelRepositoryTest, SymlinksOutOfTheRepositoryAreNotRead) {
  TempDir outside, repo;
  outside.write("secret.py", "def forward(x: Tensor) -> Tensor:\n    return x  # TOP-SECRET\n");
  repo.write("good/1/model.py", "def forward(x: Tensor) -> Tensor:\n    return x + 1\n");
  fs::create_directories(repo.path() / "leak" / "1");
  fs::create_symlink(outside.path() / "secret.py", repo.path() / "leak" / "1" / "model.py");
  // A link that stays inside the repository is the repository's own file.
  fs::create_directories(repo.path() / "alias" / "1");
  fs::create_symlink(repo.path() / "good" / "1" / "model.py", repo.path() / "alias" / "1" / "model.py");

  ModelRepository r(repo.path());
  auto leak = r.find("leak");
  ASSERT_TRUE(leak.ok()) << leak.status();
  auto m = loadModel(leak->front(), {});
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_NE(m.status().message().find("resolves outside the model repository"), std::string::npos) << m.status();
  EXPECT_EQ(m.status().message().find("TOP-SECRET"), std::string::npos) << m.status();

  auto alias = r.find("alias");
  ASSERT_TRUE(alias.ok()) << alias.status();
  EXPECT_TRUE(loadModel(alias->front(), {}).ok());
}

TEST_F(ModelRepositoryTest, AConfigLinkedFromOutsideIsRefused) {
  TempDir outside, repo;
  outside.write("config.json", "{\"entry\": \"TOP-SECRET\"}");
  repo.write("m/1/model.py", "def forward(x: Tensor) -> Tensor:\n    return x\n");
  fs::create_symlink(outside.path() / "config.json", repo.path() / "m" / "config.json");
  auto specs = ModelRepository(repo.path()).find("m");
  ASSERT_FALSE(specs.ok());
  EXPECT_EQ(specs.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_EQ(specs.status().message().find("TOP-SECRET"), std::string::npos) << specs.status();
}

}  // namespace
}  // namespace jitserve::server
