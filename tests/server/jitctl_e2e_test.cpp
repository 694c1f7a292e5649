// End to end: the real jitctl binary against the real jitserved (port 0,
// temporary repository): inputs from torch.save files, graph stages and the
// optimization switch through the admin API.
#include <sys/wait.h>

#include <cstdio>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "compiler/serialization/torch_save.h"
#include "runtime/core/ivalue_containers.h"
#include "runtime/tensor/tensor.h"
#include "tests/server/jitserved_process.h"

namespace jitserve::testing {
namespace {

struct CommandResult {
  int code = -1;
  std::string out;  // stdout and stderr together
};

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

class JitctlTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    repo_ = new TempDir();
    repo_->write("adder/1/model.py",
                 "def forward(x: Tensor, y: Tensor) -> Tensor:\n"
                 "    return x + y\n");
    repo_->write("calls/1/model.py",
                 "def helper(x: Tensor) -> Tensor:\n"
                 "    return x * 2\n"
                 "\n"
                 "def forward(x: Tensor) -> Tensor:\n"
                 "    return helper(x) + 1\n");
    repo_->write("admin-token", "t0ken\n");
    daemon_ = new JitservedProcess({"--model-repository", repo_->path().string(), "--workers", "2",
                                    "--allow-remote-load", "--background-compile=false",
                                    "--admin-token-file", (repo_->path() / "admin-token").string()});
  }
  static void TearDownTestSuite() {
    delete daemon_;
    delete repo_;
  }
  void SetUp() override { ASSERT_TRUE(daemon_->ok()) << daemon_->log(); }

  // Runs jitctl with the daemon's addresses and `args`.
  static CommandResult jitctl(const std::vector<std::string>& args) {
    std::string cmd = std::string(JITCTL_PATH) + " --server 127.0.0.1:" + std::to_string(daemon_->port()) +
                      " --admin-server 127.0.0.1:" + std::to_string(daemon_->adminPort()) + " --token-file " +
                      quote((repo_->path() / "admin-token").string()) + " --timeout 30";
    for (const std::string& a : args) cmd += " " + quote(a);
    cmd += " 2>&1";
    CommandResult r;
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
  }

  static std::string saved(const IValue& v, const std::string& name) {
    const std::string path = (repo_->path() / name).string();
    absl::Status s = saveTorchSaveFile(v, path);
    EXPECT_TRUE(s.ok()) << s;
    return path;
  }

  static TempDir* repo_;
  static JitservedProcess* daemon_;
};

TempDir* JitctlTest::repo_ = nullptr;
JitservedProcess* JitctlTest::daemon_ = nullptr;

TEST_F(JitctlTest, InferWithInputsFromATorchSaveList) {
  auto args = ListImpl::create(AnyType::get(), {IValue(full({2}, Scalar(1.0), ScalarType::Float)),
                                                IValue(full({2}, Scalar(2.5), ScalarType::Float))});
  CommandResult r = jitctl({"infer", "adder", "--inputs", saved(IValue(args), "args.pt")});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"data\":[3.5,3.5]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"float32\""), std::string::npos) << r.out;
}

// An archive uploaded with jitctl load, called with the corpus case's own
// torch.save inputs.
TEST_F(JitctlTest, LoadAnArchiveAndInferWithTorchSaveInputs) {
  const std::string dir = std::string(JITSERVE_CONFORMANCE_DIR) + "/models/traced_mlp/";
  CommandResult r = jitctl({"load", "tmlp", dir + "model.pt"});
  ASSERT_EQ(r.code, 0) << r.out;
  r = jitctl({"describe", "tmlp"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("forward"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("self"), std::string::npos) << r.out;
  r = jitctl({"infer", "tmlp", "--inputs", dir + "inputs.pt"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"shape\":[5,"), std::string::npos) << r.out;
  // A file that is not an archive: one line, non-zero exit.
  repo_->write("notanarchive.pt", "PK but not really");
  r = jitctl({"load", "bad", (repo_->path() / "notanarchive.pt").string()});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("INVALID_ARGUMENT"), std::string::npos) << r.out;
}

// The container health check: grpc.health.v1 through jitctl, exit 0 only
// when SERVING.
TEST_F(JitctlTest, HealthSaysServing) {
  CommandResult r = jitctl({"health"});
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out, "SERVING\n");
  r = jitctl({"health", "inference.GRPCInferenceService"});
  EXPECT_EQ(r.code, 0) << r.out;
  r = jitctl({"health", "no.such.Service"});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("NOT_FOUND"), std::string::npos) << r.out;
  // Nothing listening: one line, exit 1.
  FILE* p = popen((std::string(JITCTL_PATH) + " --server 127.0.0.1:1 --timeout 2 health 2>&1").c_str(), "r");
  ASSERT_NE(p, nullptr);
  char buf[512];
  std::string out;
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  const int status = pclose(p);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << out;
  EXPECT_NE(out.find("jitctl: "), std::string::npos) << out;
}

TEST_F(JitctlTest, InferWithASingleTensorFile) {
  CommandResult r = jitctl({"infer", "calls", "--inputs", saved(IValue(full({3}, Scalar(2.0), ScalarType::Float)), "x.pt")});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("\"data\":[5.0,5.0,5.0]"), std::string::npos) << r.out;
}

TEST_F(JitctlTest, BadTorchSaveInputsFailClearly) {
  repo_->write("junk.pt", "not a zip");
  CommandResult r = jitctl({"infer", "calls", "--inputs", (repo_->path() / "junk.pt").string()});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("jitctl: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("junk.pt"), std::string::npos) << r.out;
  // Well-formed file, wrong arguments for the method: the server's message.
  r = jitctl({"infer", "calls", "--inputs", saved(IValue(int64_t{3}), "int.pt")});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("INVALID_ARGUMENT"), std::string::npos) << r.out;
}

TEST_F(JitctlTest, GraphStagesAndTheOptimizationSwitch) {
  CommandResult r = jitctl({"graph", "calls", "--stage", "after:inline"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_EQ(r.out.find("prim::CallFunction"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("aten::mul"), std::string::npos) << r.out;

  r = jitctl({"graph", "calls", "--stage", "bogus"});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("after:dead_code_elimination"), std::string::npos) << r.out;

  r = jitctl({"optimize"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("optimization on; passes: propagate_tensor_types eliminate_guards inline"), std::string::npos) << r.out;
  r = jitctl({"optimize", "off"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("optimization off"), std::string::npos) << r.out;
  r = jitctl({"infer", "calls", R"([{"dtype": "float32", "shape": [1], "data": [1]}])"});
  ASSERT_EQ(r.code, 0) << r.out;
  r = jitctl({"graph", "calls", "--stage", "plan"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("# plan for "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("prim::CallFunction"), std::string::npos) << r.out;  // not inlined: off
  r = jitctl({"optimize", "on"});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("optimization on"), std::string::npos) << r.out;
  r = jitctl({"optimize", "sideways"});
  EXPECT_EQ(r.code, 2) << r.out;
}

// "Will my model run?" through the admin API: the server's answer, and the
// load it predicts.
TEST_F(JitctlTest, CheckSaysWhetherAnArchiveWillLoad) {
  const std::string good = std::string(JITSERVE_CONFORMANCE_DIR) + "/models_torch2/lstm/model.pt";
  CommandResult r = jitctl({"check", good});
  ASSERT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("will run on cpu"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("PyTorch 2.1 or later"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("aten::lstm"), std::string::npos) << r.out;
  EXPECT_EQ(jitctl({"load", "lstm2", good}).code, 0);

  repo_->write("junk-archive.pt", "not a zip at all");
  const std::string bad = (repo_->path() / "junk-archive.pt").string();
  r = jitctl({"check", bad});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("will NOT run"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Not a zip archive"), std::string::npos) << r.out;
  EXPECT_EQ(jitctl({"load", "junk", bad}).code, 1);

  r = jitctl({"check", good, "--device", "tpu"});
  EXPECT_EQ(r.code, 1) << r.out;
  EXPECT_NE(r.out.find("device must be cpu, cuda or cuda:N"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace jitserve::testing
