// End-to-end tests of jitserved: the real binary as a child process on port
// 0 with a temporary model repository, called through gRPC stubs generated
// from our protos (jitserve.v1, KServe v2, grpc.health.v1).
#include <signal.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <mutex>
#include <thread>

#include <gtest/gtest.h>

#include "proto/grpc/health/v1/health.grpc.pb.h"
#include "proto/inference/grpc_service.grpc.pb.h"
#include "proto/jitserve/admin/v1/admin.grpc.pb.h"
#include "proto/jitserve/v1/jitserve.grpc.pb.h"
#include "tests/server/jitserved_process.h"

namespace jitserve::testing {
namespace {

namespace pb = ::jitserve::v1;
using Clock = std::chrono::steady_clock;

void writeRepository(const TempDir& repo) {
  repo.write("adder/1/model.py",
             "def forward(x: Tensor, y: Tensor) -> Tensor:\n"
             "    return x + y\n");
  repo.write("scaler/config.json", R"({"entry": "scale"})");
  repo.write("scaler/1/model.py",
             "def scale(x: Tensor, n: int) -> Tensor:\n"
             "    return x * n\n"
             "\n"
             "def twice(v: float, names: List[str]) -> Tuple[float, int]:\n"
             "    return v * 2.0, len(names)\n");
  repo.write("spin/1/model.py",
             "def forward(x: int) -> int:\n"
             "    i = x\n"
             "    while True:\n"
             "        i += 1\n"
             "    return i\n");
  repo.write("count/1/model.py",
             "def forward(n: int) -> int:\n"
             "    s = 0\n"
             "    for i in range(n):\n"
             "        s += i\n"
             "    return s\n");
  repo.write("broken/1/model.py", "def forward(x: Tensor) -> Tensor:\n    return x +* 2\n");
  std::filesystem::create_directories(repo.path() / "traced_mlp" / "1");
  std::filesystem::copy_file(std::string(JITSERVE_SOURCE_DIR) + "/examples/models/traced_mlp/1/model.pt",
                             repo.path() / "traced_mlp" / "1" / "model.pt");
}

pb::Value floatTensor(const std::vector<float>& data, const std::vector<int64_t>& shape) {
  pb::Value v;
  auto* t = v.mutable_tensor();
  t->set_dtype(pb::DTYPE_FLOAT32);
  for (int64_t s : shape) t->add_shape(s);
  t->set_data(std::string(reinterpret_cast<const char*>(data.data()), data.size() * sizeof(float)));
  return v;
}

pb::Value intValue(int64_t i) {
  pb::Value v;
  v.set_int_value(i);
  return v;
}

std::vector<float> floatsOf(const std::string& bytes) {
  std::vector<float> out(bytes.size() / sizeof(float));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(float));
  return out;
}

std::string rawFloats(const std::vector<float>& v) {
  return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}

class JitservedTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    repo_ = new TempDir();
    writeRepository(*repo_);
    repo_->write("admin-token", "t0ken\n");
    // Plans compile on the call that needs them (not in the background), so
    // the plan and hit counts these tests check are exact.
    daemon_ = new JitservedProcess({"--model-repository", repo_->path().string(), "--allow-remote-load",
                                    "--background-compile=false", "--workers",
                                    "4", "--inter-op-threads", "3", "--admin-token-file",
                                    (repo_->path() / "admin-token").string()});
  }
  static void TearDownTestSuite() {
    delete daemon_;
    delete repo_;
  }
  void SetUp() override {
    ASSERT_TRUE(daemon_->ok()) << daemon_->log();
    native_ = pb::JitServe::NewStub(daemon_->channel());
    kserve_ = inference::GRPCInferenceService::NewStub(daemon_->channel());
  }

  grpc::Status infer(const pb::InferRequest& req, pb::InferResponse* resp,
                     std::chrono::milliseconds deadline = std::chrono::seconds(20)) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + deadline);
    return native_->Infer(&ctx, req, resp);
  }

  grpc::Status loadSource(const std::string& name, const std::string& source, pb::LoadModelResponse* resp) {
    grpc::ClientContext ctx;
    auto writer = native_->LoadModel(&ctx, resp);
    pb::LoadModelRequest req;
    req.mutable_header()->set_name(name);
    req.mutable_header()->set_source(source);
    writer->Write(req);
    writer->WritesDone();
    return writer->Finish();
  }

  static TempDir* repo_;
  static JitservedProcess* daemon_;
  std::unique_ptr<pb::JitServe::Stub> native_;
  std::unique_ptr<inference::GRPCInferenceService::Stub> kserve_;
};

TempDir* JitservedTest::repo_ = nullptr;
JitservedProcess* JitservedTest::daemon_ = nullptr;

TEST_F(JitservedTest, RepositoryModelsLoadAtStartAndBrokenOnesAreSkipped) {
  grpc::ClientContext ctx;
  pb::ListModelsResponse resp;
  ASSERT_TRUE(native_->ListModels(&ctx, pb::ListModelsRequest(), &resp).ok());
  std::vector<std::string> names;
  for (const auto& m : resp.models()) names.push_back(m.name());
  EXPECT_NE(std::find(names.begin(), names.end(), "adder"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "scaler"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "broken"), names.end());
  EXPECT_NE(daemon_->log().find("broken"), std::string::npos) << daemon_->log();
}

TEST_F(JitservedTest, LoadSourceAndInferThroughNativeApi) {
  pb::LoadModelResponse loaded;
  grpc::Status s = loadSource("fma", "def forward(x: Tensor, y: Tensor, c: float = 1.0) -> Tensor:\n"
                                     "    return x * y + c\n",
                              &loaded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(loaded.model().name(), "fma");
  EXPECT_EQ(loaded.model().version(), "1");
  EXPECT_EQ(loaded.model().state(), "READY");

  pb::InferRequest req;
  req.set_model_name("fma");
  *req.add_inputs() = floatTensor({1, 2, 3, 4}, {2, 2});
  *req.add_inputs() = floatTensor({2, 2, 2, 2}, {2, 2});
  pb::InferResponse resp;
  s = infer(req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_TRUE(resp.output().has_tensor());
  EXPECT_EQ(resp.output().tensor().dtype(), pb::DTYPE_FLOAT32);
  EXPECT_EQ(std::vector<int64_t>(resp.output().tensor().shape().begin(), resp.output().tensor().shape().end()),
            (std::vector<int64_t>{2, 2}));
  EXPECT_EQ(floatsOf(resp.output().tensor().data()), (std::vector<float>{3, 5, 7, 9}));

  // A keyword argument overrides the default.
  pb::Value c;
  c.set_float_value(0.5);
  (*req.mutable_named_inputs())["c"] = c;
  s = infer(req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(floatsOf(resp.output().tensor().data()), (std::vector<float>{2.5, 4.5, 6.5, 8.5}));
}

TEST_F(JitservedTest, DescribeAndOtherMethods) {
  grpc::ClientContext ctx;
  pb::DescribeModelRequest req;
  req.set_name("scaler");
  pb::DescribeModelResponse resp;
  ASSERT_TRUE(native_->DescribeModel(&ctx, req, &resp).ok());
  ASSERT_EQ(resp.methods_size(), 2);
  EXPECT_EQ(resp.methods(0).name(), "scale");  // the entry from config.json comes first
  ASSERT_EQ(resp.methods(0).arguments_size(), 2);
  EXPECT_EQ(resp.methods(0).arguments(0).name(), "x");
  EXPECT_EQ(resp.methods(0).arguments(0).type(), "Tensor");
  EXPECT_EQ(resp.methods(0).arguments(1).type(), "int");
  EXPECT_EQ(resp.methods(1).name(), "twice");
  EXPECT_EQ(resp.methods(1).arguments(1).type(), "List[str]");
  EXPECT_EQ(resp.methods(1).returns(0).type(), "Tuple[float, int]");

  pb::InferRequest ir;
  ir.set_model_name("scaler");
  ir.set_method("twice");
  ir.add_inputs()->set_int_value(3);  // an int is accepted for a float
  auto* names = ir.add_inputs()->mutable_list();
  names->add_items()->set_string_value("a");
  names->add_items()->set_string_value("b");
  pb::InferResponse out;
  grpc::Status s = infer(ir, &out);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_TRUE(out.output().has_tuple());
  EXPECT_EQ(out.output().tuple().items(0).float_value(), 6.0);
  EXPECT_EQ(out.output().tuple().items(1).int_value(), 2);
}

TEST_F(JitservedTest, KServeModelInferWithRawContents) {
  inference::ModelInferRequest req;
  req.set_model_name("adder");
  req.set_id("req-1");
  for (const char* name : {"x", "y"}) {
    auto* in = req.add_inputs();
    in->set_name(name);
    in->set_datatype("FP32");
    in->add_shape(3);
  }
  req.add_raw_input_contents(rawFloats({1, 2, 3}));
  req.add_raw_input_contents(rawFloats({10, 20, 30}));
  inference::ModelInferResponse resp;
  grpc::ClientContext ctx;
  grpc::Status s = kserve_->ModelInfer(&ctx, req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.model_name(), "adder");
  EXPECT_EQ(resp.model_version(), "1");
  EXPECT_EQ(resp.id(), "req-1");
  ASSERT_EQ(resp.outputs_size(), 1);
  EXPECT_EQ(resp.outputs(0).name(), "output__0");
  EXPECT_EQ(resp.outputs(0).datatype(), "FP32");
  ASSERT_EQ(resp.outputs(0).shape_size(), 1);
  EXPECT_EQ(resp.outputs(0).shape(0), 3);
  ASSERT_EQ(resp.raw_output_contents_size(), 1);
  EXPECT_EQ(floatsOf(resp.raw_output_contents(0)), (std::vector<float>{11, 22, 33}));
}

TEST_F(JitservedTest, KServeModelInferWithTypedContentsAndScalarInput) {
  inference::ModelInferRequest req;
  req.set_model_name("scaler");
  auto* x = req.add_inputs();
  x->set_name("x");
  x->set_datatype("FP32");
  x->add_shape(2);
  x->mutable_contents()->add_fp32_contents(1.5f);
  x->mutable_contents()->add_fp32_contents(-2.0f);
  auto* n = req.add_inputs();
  n->set_name("n");
  n->set_datatype("INT64");
  n->add_shape(1);
  n->mutable_contents()->add_int64_contents(3);
  inference::ModelInferResponse resp;
  grpc::ClientContext ctx;
  grpc::Status s = kserve_->ModelInfer(&ctx, req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(resp.raw_output_contents_size(), 1);
  EXPECT_EQ(floatsOf(resp.raw_output_contents(0)), (std::vector<float>{4.5f, -6.0f}));
}

TEST_F(JitservedTest, KServeModelMetadataFollowsTheForwardSignature) {
  inference::ModelMetadataRequest req;
  req.set_name("scaler");
  inference::ModelMetadataResponse resp;
  grpc::ClientContext ctx;
  ASSERT_TRUE(kserve_->ModelMetadata(&ctx, req, &resp).ok());
  EXPECT_EQ(resp.name(), "scaler");
  EXPECT_EQ(std::vector<std::string>(resp.versions().begin(), resp.versions().end()),
            (std::vector<std::string>{"1"}));
  EXPECT_EQ(resp.platform(), "jitserve_torchscript");
  ASSERT_EQ(resp.inputs_size(), 2);
  EXPECT_EQ(resp.inputs(0).name(), "x");
  EXPECT_EQ(resp.inputs(0).datatype(), "FP32");
  EXPECT_EQ(std::vector<int64_t>(resp.inputs(0).shape().begin(), resp.inputs(0).shape().end()),
            (std::vector<int64_t>{-1}));
  EXPECT_EQ(resp.inputs(1).name(), "n");
  EXPECT_EQ(resp.inputs(1).datatype(), "INT64");
  EXPECT_EQ(std::vector<int64_t>(resp.inputs(1).shape().begin(), resp.inputs(1).shape().end()),
            (std::vector<int64_t>{1}));
  ASSERT_EQ(resp.outputs_size(), 1);
  EXPECT_EQ(resp.outputs(0).name(), "output__0");
  EXPECT_EQ(resp.outputs(0).datatype(), "FP32");
}

TEST_F(JitservedTest, KServeServerAndRepositoryEndpoints) {
  for (const char* service : {"", "inference.GRPCInferenceService", "jitserve.v1.JitServe"}) {
    auto health = grpc::health::v1::Health::NewStub(daemon_->channel());
    grpc::ClientContext ctx;
    grpc::health::v1::HealthCheckRequest q;
    q.set_service(service);
    grpc::health::v1::HealthCheckResponse r;
    ASSERT_TRUE(health->Check(&ctx, q, &r).ok()) << service;
    EXPECT_EQ(r.status(), grpc::health::v1::HealthCheckResponse::SERVING) << service;
  }
  {
    grpc::ClientContext ctx;
    inference::ServerLiveResponse r;
    ASSERT_TRUE(kserve_->ServerLive(&ctx, {}, &r).ok());
    EXPECT_TRUE(r.live());
  }
  {
    grpc::ClientContext ctx;
    inference::ServerReadyResponse r;
    ASSERT_TRUE(kserve_->ServerReady(&ctx, {}, &r).ok());
    EXPECT_TRUE(r.ready());
  }
  {
    grpc::ClientContext ctx;
    inference::ModelReadyRequest q;
    q.set_name("nope");
    inference::ModelReadyResponse r;
    ASSERT_TRUE(kserve_->ModelReady(&ctx, q, &r).ok());
    EXPECT_FALSE(r.ready());
  }
  {
    grpc::ClientContext ctx;
    inference::ServerMetadataResponse r;
    ASSERT_TRUE(kserve_->ServerMetadata(&ctx, {}, &r).ok());
    EXPECT_EQ(r.name(), "jitserve");
  }
  {
    grpc::ClientContext ctx;
    inference::RepositoryIndexResponse r;
    ASSERT_TRUE(kserve_->RepositoryIndex(&ctx, {}, &r).ok());
    bool sawBroken = false, sawAdder = false;
    for (const auto& m : r.models()) {
      if (m.name() == "broken") sawBroken = m.state() == "UNAVAILABLE";
      if (m.name() == "adder") sawAdder = m.state() == "READY";
    }
    EXPECT_TRUE(sawBroken);
    EXPECT_TRUE(sawAdder);
  }
  // Unload, then load back from the repository.
  auto modelReady = [&](const std::string& name) {
    grpc::ClientContext ctx;
    inference::ModelReadyRequest q;
    q.set_name(name);
    inference::ModelReadyResponse r;
    EXPECT_TRUE(kserve_->ModelReady(&ctx, q, &r).ok());
    return r.ready();
  };
  EXPECT_TRUE(modelReady("count"));
  {
    grpc::ClientContext ctx;
    inference::RepositoryModelUnloadRequest q;
    q.set_model_name("count");
    inference::RepositoryModelUnloadResponse r;
    ASSERT_TRUE(kserve_->RepositoryModelUnload(&ctx, q, &r).ok());
  }
  EXPECT_FALSE(modelReady("count"));
  {
    grpc::ClientContext ctx;
    inference::RepositoryModelLoadRequest q;
    q.set_model_name("count");
    inference::RepositoryModelLoadResponse r;
    grpc::Status s = kserve_->RepositoryModelLoad(&ctx, q, &r);
    ASSERT_TRUE(s.ok()) << s.error_message();
  }
  EXPECT_TRUE(modelReady("count"));
  {
    grpc::ClientContext ctx;
    inference::RepositoryModelLoadRequest q;
    q.set_model_name("../etc");
    inference::RepositoryModelLoadResponse r;
    EXPECT_EQ(kserve_->RepositoryModelLoad(&ctx, q, &r).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  }
  {
    grpc::ClientContext ctx;
    inference::RepositoryModelLoadRequest q;
    q.set_model_name("broken");
    inference::RepositoryModelLoadResponse r;
    grpc::Status s = kserve_->RepositoryModelLoad(&ctx, q, &r);
    EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_NE(s.error_message().find("line 2"), std::string::npos) << s.error_message();
  }
}

TEST_F(JitservedTest, ModelStatisticsCountInferences) {
  pb::InferRequest req;
  req.set_model_name("adder");
  *req.add_inputs() = floatTensor({1}, {1});
  *req.add_inputs() = floatTensor({2}, {1});
  pb::InferResponse resp;
  ASSERT_TRUE(infer(req, &resp).ok());
  grpc::ClientContext ctx;
  inference::ModelStatisticsRequest q;
  q.set_name("adder");
  inference::ModelStatisticsResponse r;
  ASSERT_TRUE(kserve_->ModelStatistics(&ctx, q, &r).ok());
  ASSERT_EQ(r.model_stats_size(), 1);
  EXPECT_GE(r.model_stats(0).inference_count(), 1u);
  EXPECT_GE(r.model_stats(0).inference_stats().success().count(), 1u);
  EXPECT_GT(r.model_stats(0).last_inference(), 0u);
}

TEST_F(JitservedTest, PrometheusMetricsCountRequests) {
  ASSERT_GT(daemon_->metricsPort(), 0) << daemon_->log();
  pb::InferRequest req;
  req.set_model_name("adder");
  *req.add_inputs() = floatTensor({1}, {1});
  *req.add_inputs() = floatTensor({2}, {1});
  pb::InferResponse resp;
  ASSERT_TRUE(infer(req, &resp).ok());
  req.mutable_inputs()->RemoveLast();
  EXPECT_EQ(infer(req, &resp).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const std::string text = httpGet(daemon_->metricsPort(), "/metrics");
  EXPECT_NE(text.find("jitserve_requests_total{api=\"native\",code=\"OK\",method=\"forward\",model=\"adder\"}"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("jitserve_requests_total{api=\"native\",code=\"INVALID_ARGUMENT\",method=\"forward\","
                      "model=\"adder\"} 1"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("jitserve_request_execute_seconds_count{method=\"forward\",model=\"adder\"}"),
            std::string::npos);
  EXPECT_NE(text.find("jitserve_plan_cache_misses_total{method=\"forward\",model=\"adder\",version=\"1\"}"),
            std::string::npos);
  EXPECT_NE(text.find("jitserve_worker_queue_depth"), std::string::npos);
  // The repository's broken model failed its load at start (and again if
  // RepositoryModelLoad tried it); names that were never loaded are not labels.
  EXPECT_NE(text.find("\njitserve_model_load_failures_total{model=\"broken\"} "), std::string::npos) << text;
  EXPECT_EQ(text.find("jitserve_model_load_failures_total{model=\"../etc\"}"), std::string::npos) << text;
  // A model that loaded starts at 0.
  EXPECT_NE(text.find("\njitserve_model_load_failures_total{model=\"adder\"} 0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("jitserve_cpu_bytes_in_use"), std::string::npos);
  // The pool sizes: --inter-op-threads as given, the intra-op default.
  EXPECT_NE(text.find("\njitserve_inter_op_threads 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\njitserve_intra_op_threads "), std::string::npos) << text;
}

TEST_F(JitservedTest, AdminApiNeedsTheTokenAndShowsGraphsAndExecutorStats) {
  ASSERT_GT(daemon_->adminPort(), 0) << daemon_->log();
  // Both side ports bind loopback by default.
  EXPECT_NE(daemon_->log().find("admin listening on 127.0.0.1:"), std::string::npos);
  EXPECT_NE(daemon_->log().find("metrics listening on 127.0.0.1:"), std::string::npos);
  auto admin = jitserve::admin::v1::Admin::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon_->adminPort()), grpc::InsecureChannelCredentials()));
  jitserve::admin::v1::GetGraphRequest gr;
  gr.set_model("adder");
  jitserve::admin::v1::GetGraphResponse graph;
  for (const char* token : {"", "Bearer wrong", "t0ken"}) {
    grpc::ClientContext ctx;
    if (*token) ctx.AddMetadata("authorization", token);
    EXPECT_EQ(admin->GetGraph(&ctx, gr, &graph).error_code(), grpc::StatusCode::UNAUTHENTICATED) << token;
  }
  auto call = [&](auto method, const auto& req, auto* resp) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("authorization", "Bearer t0ken");
    return (admin.get()->*method)(&ctx, req, resp);
  };
  grpc::Status s = call(&jitserve::admin::v1::Admin::Stub::GetGraph, gr, &graph);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(graph.dumps_size(), 1);
  EXPECT_NE(graph.dumps(0).text().find("aten::add"), std::string::npos) << graph.dumps(0).text();
  gr.set_stage("code");
  ASSERT_TRUE(call(&jitserve::admin::v1::Admin::Stub::GetGraph, gr, &graph).ok());
  EXPECT_NE(graph.dumps(0).text().find("OP aten::add"), std::string::npos) << graph.dumps(0).text();
  gr.set_stage("nope");
  EXPECT_EQ(call(&jitserve::admin::v1::Admin::Stub::GetGraph, gr, &graph).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);

  pb::InferRequest req;
  req.set_model_name("adder");
  *req.add_inputs() = floatTensor({1}, {1});
  *req.add_inputs() = floatTensor({2}, {1});
  pb::InferResponse resp;
  ASSERT_TRUE(infer(req, &resp).ok());
  ASSERT_TRUE(infer(req, &resp).ok());
  jitserve::admin::v1::GetExecutorStatsRequest sr;
  sr.set_model("adder");
  jitserve::admin::v1::GetExecutorStatsResponse stats;
  ASSERT_TRUE(call(&jitserve::admin::v1::Admin::Stub::GetExecutorStats, sr, &stats).ok());
  ASSERT_EQ(stats.methods_size(), 1);
  EXPECT_EQ(stats.methods(0).method(), "forward");
  EXPECT_GE(stats.methods(0).misses(), 1u);
  EXPECT_GE(stats.methods(0).hits(), 1u);
  ASSERT_GE(stats.methods(0).plans_size(), 1);
  EXPECT_NE(stats.methods(0).plans(0).argument_spec().find("Float"), std::string::npos);

  jitserve::admin::v1::LogLevel level;
  level.set_spec(">dead_code_elimination");
  jitserve::admin::v1::LogLevel got;
  s = call(&jitserve::admin::v1::Admin::Stub::SetLogLevel, level, &got);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_NE(got.spec().find("dead_code_elimination"), std::string::npos) << got.spec();
  level.set_spec("");
  ASSERT_TRUE(call(&jitserve::admin::v1::Admin::Stub::SetLogLevel, level, &got).ok());
}

namespace apb = ::jitserve::admin::v1;

// The profiling executor behind the daemon: reshape's result rank depends on
// the shape argument's length; the first call profiles it, the plan guards
// it, and a call with another rank fails the guard, bails out with the
// right answer and shows in the admin statistics.
TEST_F(JitservedTest, GuardFailuresBailOutAndShowInAdminStats) {
  pb::LoadModelResponse loaded;
  grpc::Status s = loadSource("reshaper",
                              "def forward(x: Tensor, shape: List[int]) -> int:\n"
                              "    return x.reshape(shape).relu().dim()\n",
                              &loaded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  auto dimFor = [&](std::vector<int64_t> shape) -> int64_t {
    pb::InferRequest req;
    req.set_model_name("reshaper");
    *req.add_inputs() = floatTensor({1, 2, 3, 4, 5, 6}, {6});
    pb::Value list;
    for (int64_t d : shape) list.mutable_list()->add_items()->set_int_value(d);
    *req.add_inputs() = list;
    pb::InferResponse resp;
    grpc::Status st = infer(req, &resp);
    EXPECT_TRUE(st.ok()) << st.error_message();
    return resp.output().int_value();
  };
  EXPECT_EQ(dimFor({6}), 1);     // profiles, then the plan is rebuilt with a guard
  EXPECT_EQ(dimFor({6}), 1);     // the guarded plan
  EXPECT_EQ(dimFor({2, 3}), 2);  // the guard fails: bail-out
  EXPECT_EQ(dimFor({3, 1, 2}), 3);

  auto admin = apb::Admin::NewStub(
      grpc::CreateChannel("127.0.0.1:" + std::to_string(daemon_->adminPort()), grpc::InsecureChannelCredentials()));
  grpc::ClientContext ctx;
  ctx.AddMetadata("authorization", "Bearer t0ken");
  apb::GetExecutorStatsRequest sr;
  sr.set_model("reshaper");
  apb::GetExecutorStatsResponse stats;
  ASSERT_TRUE(admin->GetExecutorStats(&ctx, sr, &stats).ok());
  ASSERT_EQ(stats.methods_size(), 1);
  const auto& m = stats.methods(0);
  EXPECT_EQ(m.optimized_plans(), 1u);
  EXPECT_EQ(m.guards(), 1u);
  EXPECT_EQ(m.guard_failures(), 2u);
  ASSERT_EQ(m.plans_size(), 1);
  EXPECT_FALSE(m.plans(0).profiling());
  EXPECT_EQ(m.plans(0).profiled_runs(), 1u);
  EXPECT_EQ(m.plans(0).guard_failures(), 2u);
  EXPECT_GE(m.plans(0).guards_eliminated(), 1u);
}

// A model whose forward calls a helper: the pipeline's inliner removes the
// call, so optimized and unoptimized plans differ visibly.
constexpr const char* kCallsSource =
    "def helper(x: Tensor) -> Tensor:\n"
    "    return x * 2\n"
    "\n"
    "def forward(x: Tensor) -> Tensor:\n"
    "    return helper(x) + 1\n";

class AdminCaller {
 public:
  explicit AdminCaller(int port)
      : stub_(apb::Admin::NewStub(
            grpc::CreateChannel("127.0.0.1:" + std::to_string(port), grpc::InsecureChannelCredentials()))) {}
  template <typename Method, typename Req, typename Resp>
  grpc::Status operator()(Method method, const Req& req, Resp* resp) {
    grpc::ClientContext ctx;
    ctx.AddMetadata("authorization", "Bearer t0ken");
    return (stub_.get()->*method)(&ctx, req, resp);
  }
  apb::GetGraphResponse graph(const std::string& model, const std::string& stage, grpc::Status* status) {
    apb::GetGraphRequest req;
    req.set_model(model);
    req.set_stage(stage);
    apb::GetGraphResponse resp;
    *status = (*this)(&apb::Admin::Stub::GetGraph, req, &resp);
    return resp;
  }

 private:
  std::unique_ptr<apb::Admin::Stub> stub_;
};

TEST_F(JitservedTest, AdminGraphStagesFollowThePipelineAndPlans) {
  pb::LoadModelResponse loaded;
  ASSERT_TRUE(loadSource("calls", kCallsSource, &loaded).ok());
  AdminCaller admin(daemon_->adminPort());
  grpc::Status s;

  apb::GetGraphResponse g = admin.graph("calls", "emitted", &s);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(g.dumps_size(), 1);
  EXPECT_NE(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();
  // The stages list names every pass of the pipeline, then plan and code.
  std::vector<std::string> stages(g.stages().begin(), g.stages().end());
  for (const char* st : {"emitted", "after:propagate_tensor_types", "after:inline", "after:dead_code_elimination",
                         "plan", "code"}) {
    EXPECT_NE(std::find(stages.begin(), stages.end(), st), stages.end()) << st;
  }
  // Every after: stage answers with one graph; inlining removes the call.
  for (const std::string& st : stages) {
    if (st.rfind("after:", 0) != 0) continue;
    g = admin.graph("calls", st, &s);
    ASSERT_TRUE(s.ok()) << st << ": " << s.error_message();
    ASSERT_EQ(g.dumps_size(), 1) << st;
    EXPECT_EQ(g.dumps(0).stage(), st);
    const bool inlined = st != "after:propagate_tensor_types" && st != "after:eliminate_guards";
    EXPECT_EQ(g.dumps(0).text().find("prim::CallFunction") == std::string::npos, inlined) << st << g.dumps(0).text();
    if (inlined) {
      EXPECT_NE(g.dumps(0).text().find("aten::mul"), std::string::npos) << st << g.dumps(0).text();
    }
  }
  g = admin.graph("calls", "after:nope", &s);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("after:inline"), std::string::npos) << s.error_message();
  EXPECT_NE(s.error_message().find("plan"), std::string::npos) << s.error_message();

  // No plan before the first request; then one per ArgumentSpec, optimized.
  g = admin.graph("calls", "plan", &s);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(g.dumps_size(), 0);
  auto inferCalls = [&](std::vector<float> x, const std::vector<int64_t>& shape) {
    pb::InferRequest req;
    req.set_model_name("calls");
    *req.add_inputs() = floatTensor(x, shape);
    pb::InferResponse resp;
    grpc::Status st = infer(req, &resp);
    ASSERT_TRUE(st.ok()) << st.error_message();
    std::vector<float> want;
    for (float v : x) want.push_back(v * 2 + 1);
    EXPECT_EQ(floatsOf(resp.output().tensor().data()), want);
  };
  inferCalls({1, 2}, {2});
  inferCalls({3, 4, 5, 6}, {2, 2});
  inferCalls({7}, {1});
  g = admin.graph("calls", "plan", &s);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(g.dumps_size(), 2);  // rank 1 and rank 2
  uint64_t hits = 0;
  for (const auto& d : g.dumps()) {
    EXPECT_EQ(d.stage(), "plan");
    EXPECT_NE(d.argument_spec().find("Float"), std::string::npos) << d.argument_spec();
    EXPECT_EQ(d.text().find("prim::CallFunction"), std::string::npos) << d.text();
    EXPECT_NE(d.text().find("aten::mul"), std::string::npos) << d.text();
    hits += d.hits();
  }
  EXPECT_EQ(hits, 1u);
}

TEST_F(JitservedTest, AdminOptimizationSwitchTakesEffectOnNewPlans) {
  pb::LoadModelResponse loaded;
  ASSERT_TRUE(loadSource("calls2", kCallsSource, &loaded).ok());
  AdminCaller admin(daemon_->adminPort());
  apb::Optimization state;
  grpc::Status s = admin(&apb::Admin::Stub::GetOptimization, apb::GetOptimizationRequest(), &state);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_TRUE(state.enabled());
  ASSERT_GT(state.passes_size(), 0);
  EXPECT_EQ(state.passes(0), "propagate_tensor_types");

  pb::InferRequest req;
  req.set_model_name("calls2");
  *req.add_inputs() = floatTensor({1, 2}, {2});
  pb::InferResponse resp;
  ASSERT_TRUE(infer(req, &resp).ok());
  apb::GetGraphResponse g = admin.graph("calls2", "plan", &s);
  ASSERT_TRUE(s.ok() && g.dumps_size() == 1) << s.error_message();
  EXPECT_EQ(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();

  // Off: the cached plans go with their executor; the next request compiles
  // an unoptimized plan (the call stays) and still answers correctly.
  apb::Optimization off;
  off.set_enabled(false);
  ASSERT_TRUE(admin(&apb::Admin::Stub::SetOptimization, off, &state).ok());
  EXPECT_FALSE(state.enabled());
  g = admin.graph("calls2", "plan", &s);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(g.dumps_size(), 0);
  ASSERT_TRUE(infer(req, &resp).ok());
  EXPECT_EQ(floatsOf(resp.output().tensor().data()), (std::vector<float>{3, 5}));
  g = admin.graph("calls2", "plan", &s);
  ASSERT_TRUE(s.ok() && g.dumps_size() == 1) << s.error_message();
  EXPECT_NE(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();
  // A model loaded while optimization is off serves unoptimized plans too.
  ASSERT_TRUE(loadSource("calls3", kCallsSource, &loaded).ok());
  req.set_model_name("calls3");
  ASSERT_TRUE(infer(req, &resp).ok());
  g = admin.graph("calls3", "plan", &s);
  ASSERT_TRUE(s.ok() && g.dumps_size() == 1) << s.error_message();
  EXPECT_NE(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();

  // On again (the daemon is shared with the other tests).
  apb::Optimization on;
  on.set_enabled(true);
  ASSERT_TRUE(admin(&apb::Admin::Stub::SetOptimization, on, &state).ok());
  EXPECT_TRUE(state.enabled());
  req.set_model_name("calls2");
  ASSERT_TRUE(infer(req, &resp).ok());
  g = admin.graph("calls2", "plan", &s);
  ASSERT_TRUE(s.ok() && g.dumps_size() == 1) << s.error_message();
  EXPECT_EQ(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();
}

TEST(JitservedOptimizeFlagTest, OptimizeFalseServesUnoptimizedPlans) {
  TempDir repo;
  repo.write("calls/1/model.py", kCallsSource);
  repo.write("admin-token", "t0ken\n");
  JitservedProcess daemon({"--model-repository", repo.path().string(), "--optimize=false",
                           "--background-compile=false", "--admin-token-file",
                           (repo.path() / "admin-token").string()});
  ASSERT_TRUE(daemon.ok()) << daemon.log();
  AdminCaller admin(daemon.adminPort());
  apb::Optimization state;
  ASSERT_TRUE(admin(&apb::Admin::Stub::GetOptimization, apb::GetOptimizationRequest(), &state).ok());
  EXPECT_FALSE(state.enabled());
  auto native = pb::JitServe::NewStub(daemon.channel());
  pb::InferRequest req;
  req.set_model_name("calls");
  *req.add_inputs() = floatTensor({1}, {1});
  pb::InferResponse resp;
  grpc::ClientContext ctx;
  ASSERT_TRUE(native->Infer(&ctx, req, &resp).ok());
  EXPECT_EQ(floatsOf(resp.output().tensor().data()), (std::vector<float>{3}));
  grpc::Status s;
  apb::GetGraphResponse g = admin.graph("calls", "plan", &s);
  ASSERT_TRUE(s.ok() && g.dumps_size() == 1) << s.error_message();
  EXPECT_NE(g.dumps(0).text().find("prim::CallFunction"), std::string::npos) << g.dumps(0).text();
}

// The default warm-up policy: generic plans built at load, a new spec's
// first call served by the generic plan while its plan compiles off the
// request path; the admin stats and metrics show both.
TEST(JitservedBackgroundCompileTest, FirstCallRunsGenericAndThePlanCompilesOffThePath) {
  TempDir repo;
  repo.write("calls/1/model.py", kCallsSource);
  repo.write("admin-token", "t0ken\n");
  JitservedProcess daemon({"--model-repository", repo.path().string(), "--admin-token-file",
                           (repo.path() / "admin-token").string()});
  ASSERT_TRUE(daemon.ok()) << daemon.log();
  auto native = pb::JitServe::NewStub(daemon.channel());
  auto call = [&] {
    pb::InferRequest req;
    req.set_model_name("calls");
    *req.add_inputs() = floatTensor({1}, {1});
    pb::InferResponse resp;
    grpc::ClientContext ctx;
    grpc::Status s = native->Infer(&ctx, req, &resp);
    ASSERT_TRUE(s.ok()) << s.error_message();
    EXPECT_EQ(floatsOf(resp.output().tensor().data()), (std::vector<float>{3}));
  };
  call();
  AdminCaller admin(daemon.adminPort());
  apb::GetExecutorStatsRequest sr;
  sr.set_model("calls");
  apb::GetExecutorStatsResponse stats;
  // The model's methods: forward (the default) and helper.
  auto forward = [&]() -> const apb::MethodStats& {
    for (const auto& m : stats.methods())
      if (m.method() == "forward") return m;
    ADD_FAILURE() << "no stats for forward";
    return stats.methods(0);
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  do {
    ASSERT_TRUE(admin(&apb::Admin::Stub::GetExecutorStats, sr, &stats).ok());
    ASSERT_GE(stats.methods_size(), 1);
    if (forward().background_compiles() >= 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  } while (std::chrono::steady_clock::now() < deadline);
  EXPECT_EQ(forward().generic_runs(), 1u);
  EXPECT_EQ(forward().background_compiles(), 1u);
  EXPECT_EQ(forward().misses(), 0u) << "no call compiled";
  ASSERT_EQ(forward().plans_size(), 1);
  call();
  ASSERT_TRUE(admin(&apb::Admin::Stub::GetExecutorStats, sr, &stats).ok());
  EXPECT_EQ(forward().hits(), 1u);
  EXPECT_NE(httpGet(daemon.metricsPort(), "/metrics").find("jitserve_plan_generic_runs_total{method=\"forward\",model=\"calls\",version=\"1\"} 1"),
            std::string::npos);
}

TEST_F(JitservedTest, CompileErrorsAreInvalidArgumentWithTheCompilerMessage) {
  pb::LoadModelResponse loaded;
  grpc::Status s = loadSource("bad", "def forward(x: Tensor) -> Tensor:\n    return y\n", &loaded);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(s.error_message().find("line 2"), std::string::npos) << s.error_message();
  s = loadSource("bad name/x", "def forward(x: int) -> int:\n    return x\n", &loaded);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

// Issue 26: a compile error quoting a huge line (100k nested parentheses)
// reached the client as RESOURCE_EXHAUSTED "received initial metadata size
// exceeds limit"; it is the compiler's error, cut to a bounded length.
TEST_F(JitservedTest, HugeErrorMessagesAreCutNotLost) {
  pb::LoadModelResponse loaded;
  const std::string deep = "def forward(x: int) -> int:\n    return " + std::string(100000, '(') + "x" +
                           std::string(99999, ')') + "\n";
  grpc::Status s = loadSource("deep", deep, &loaded);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message().substr(0, 300);
  EXPECT_LE(s.error_message().size(), 4096u);
  // The compiler bounds what it quotes (a window around the error), so the
  // message arrives whole: the error, where, and the marker.
  EXPECT_NE(s.error_message().find("'(' was never closed"), std::string::npos) << s.error_message().substr(0, 300);
  EXPECT_NE(s.error_message().find("<--- HERE"), std::string::npos) << s.error_message().substr(0, 300);
}

// A runtime error's own text is the model's to choose: the server cuts it
// to fit the status (gRPC refuses oversized metadata), saying so.
TEST_F(JitservedTest, HugeRuntimeErrorMessagesAreCutNotLost) {
  pb::LoadModelResponse loaded;
  grpc::Status s = loadSource("loud",
                              "def forward(n: int) -> int:\n"
                              "    s = 'x'\n"
                              "    while len(s) < n:\n"
                              "        s = s + s\n"
                              "    if n > 0:\n"
                              "        raise ValueError('boom ' + s)\n"
                              "    return n\n",
                              &loaded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  pb::InferRequest req;
  req.set_model_name("loud");
  req.add_inputs()->set_int_value(200000);
  pb::InferResponse resp;
  s = infer(req, &resp);
  EXPECT_NE(s.error_code(), grpc::StatusCode::OK);
  EXPECT_LE(s.error_message().size(), 4096u);
  EXPECT_NE(s.error_message().find("boom"), std::string::npos) << s.error_message().substr(0, 300);
  EXPECT_NE(s.error_message().find("bytes cut"), std::string::npos) << s.error_message().substr(0, 300);
}

// Issue 26: [1] * (1 << 40) answered INTERNAL std::bad_alloc; asking for
// more memory than there is is RESOURCE_EXHAUSTED, and the server goes on.
TEST_F(JitservedTest, OutOfMemoryIsResourceExhausted) {
#if JITSERVE_SANITIZE
  // AddressSanitizer aborts on an allocation it cannot serve (operator new
  // does not return to throw std::bad_alloc), so the daemon would die here.
  GTEST_SKIP() << "out-of-memory behaviour is not testable under AddressSanitizer";
#endif
  pb::LoadModelResponse loaded;
  grpc::Status s = loadSource("greedy", "def forward(n: int) -> int:\n    return len([1] * n)\n", &loaded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  pb::InferRequest req;
  req.set_model_name("greedy");
  req.add_inputs()->set_int_value(int64_t{1} << 40);
  pb::InferResponse resp;
  s = infer(req, &resp);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
  req.mutable_inputs(0)->set_int_value(3);
  s = infer(req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.output().int_value(), 3);
}

// Streams an archive through LoadModel in `chunk`-byte pieces.
grpc::Status loadArchive(pb::JitServe::Stub& stub, const std::string& name, const std::string& bytes, size_t chunk,
                         pb::LoadModelResponse* resp, int64_t announced = -1) {
  grpc::ClientContext ctx;
  auto writer = stub.LoadModel(&ctx, resp);
  pb::LoadModelRequest req;
  req.mutable_header()->set_name(name);
  req.mutable_header()->set_archive_size(announced >= 0 ? announced : static_cast<int64_t>(bytes.size()));
  writer->Write(req);
  for (size_t off = 0; off < bytes.size(); off += chunk) {
    pb::LoadModelRequest c;
    c.set_archive_chunk(bytes.substr(off, chunk));
    writer->Write(c);
  }
  writer->WritesDone();
  return writer->Finish();
}

std::string readCorpusFile(const std::string& rel) {
  std::ifstream in(std::string(JITSERVE_CONFORMANCE_DIR) + "/" + rel, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// lang/module_final_constants: forward(x) = (x * 3 + 2.5, "cst3"), a module
// whose Final constants and attribute come from the archive.
TEST_F(JitservedTest, ArchiveLoadsOverGrpcInChunksAndInfers) {
  std::string bytes = readCorpusFile("lang/module_final_constants/model.pt");
  ASSERT_GT(bytes.size(), 100u);
  pb::LoadModelResponse loaded;
  grpc::Status s = loadArchive(*native_, "finalconst", bytes, 97, &loaded);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(loaded.model().state(), "READY");

  // The methods clients see take no self.
  grpc::ClientContext dctx;
  pb::DescribeModelRequest dreq;
  dreq.set_name("finalconst");
  pb::DescribeModelResponse described;
  ASSERT_TRUE(native_->DescribeModel(&dctx, dreq, &described).ok());
  ASSERT_EQ(described.methods_size(), 1);
  EXPECT_EQ(described.methods(0).name(), "forward");
  ASSERT_EQ(described.methods(0).arguments_size(), 1);
  EXPECT_EQ(described.methods(0).arguments(0).name(), "x");
  EXPECT_EQ(described.methods(0).arguments(0).type(), "Tensor");

  pb::InferRequest req;
  req.set_model_name("finalconst");
  *req.add_inputs() = floatTensor({1, -2}, {2});
  pb::InferResponse resp;
  s = infer(req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_TRUE(resp.output().has_tuple()) << resp.DebugString();
  ASSERT_EQ(resp.output().tuple().items_size(), 2);
  EXPECT_EQ(floatsOf(resp.output().tuple().items(0).tensor().data()), (std::vector<float>{5.5f, -3.5f}));
  EXPECT_EQ(resp.output().tuple().items(1).string_value(), "cst3");
}

TEST_F(JitservedTest, RepositoryArchiveServesThroughKServe) {
  // examples' traced_mlp, copied into the repository as NAME/1/model.pt.
  inference::ModelReadyRequest ready;
  ready.set_name("traced_mlp");
  inference::ModelReadyResponse readyResp;
  grpc::ClientContext rctx;
  ASSERT_TRUE(kserve_->ModelReady(&rctx, ready, &readyResp).ok());
  EXPECT_TRUE(readyResp.ready()) << daemon_->log();

  inference::ModelInferRequest req;
  req.set_model_name("traced_mlp");
  auto* in = req.add_inputs();
  in->set_name("input");
  in->set_datatype("FP32");
  for (int64_t d : {2, 4, 16}) in->add_shape(d);
  std::vector<float> x(2 * 4 * 16, 0.25f);
  req.add_raw_input_contents(std::string(reinterpret_cast<const char*>(x.data()), x.size() * sizeof(float)));
  inference::ModelInferResponse resp;
  grpc::ClientContext ctx;
  grpc::Status s = kserve_->ModelInfer(&ctx, req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  ASSERT_EQ(resp.outputs_size(), 1);
  EXPECT_EQ(resp.outputs(0).datatype(), "FP32");
  EXPECT_EQ(resp.outputs(0).shape(0), 2);
}

TEST_F(JitservedTest, BadArchivesAreInvalidArgumentNamingTheProblem) {
  pb::LoadModelResponse loaded;
  // Not a zip at all.
  grpc::Status s = loadArchive(*native_, "notzip", std::string("PK\x03\x04", 4), 4, &loaded);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  EXPECT_NE(s.error_message().find("model.pt"), std::string::npos) << s.error_message();
  // A torch.save file is not a TorchScript archive.
  s = loadArchive(*native_, "tensors", readCorpusFile("models/traced_mlp/inputs.pt"), 1000, &loaded);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  EXPECT_NE(s.error_message().find("not a TorchScript archive"), std::string::npos) << s.error_message();
  // Truncated in transit: fewer bytes than announced.
  std::string bytes = readCorpusFile("lang/module_final_constants/model.pt");
  s = loadArchive(*native_, "short", bytes.substr(0, 200), 64, &loaded, static_cast<int64_t>(bytes.size()));
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  EXPECT_NE(s.error_message().find("announced"), std::string::npos) << s.error_message();
  // An entry the module does not have.
  grpc::ClientContext ctx;
  pb::LoadModelResponse resp;
  auto writer = native_->LoadModel(&ctx, &resp);
  pb::LoadModelRequest req;
  req.mutable_header()->set_name("noentry");
  req.mutable_header()->set_entry("predict");
  req.mutable_header()->set_archive_size(static_cast<int64_t>(bytes.size()));
  writer->Write(req);
  pb::LoadModelRequest c;
  c.set_archive_chunk(bytes);
  writer->Write(c);
  writer->WritesDone();
  s = writer->Finish();
  EXPECT_EQ(s.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << s.error_message();
  EXPECT_NE(s.error_message().find("no method 'predict'"), std::string::npos) << s.error_message();
}

struct BadCase {
  const char* what;
  std::function<void(pb::InferRequest&)> mutate;
  grpc::StatusCode code;
  const char* message;
};

TEST_F(JitservedTest, BadNativeInputsGiveClearErrors) {
  const std::vector<BadCase> cases = {
      {"wrong byte count", [](pb::InferRequest& r) { r.mutable_inputs(0)->mutable_tensor()->set_data("abc"); },
       grpc::StatusCode::INVALID_ARGUMENT, "needs 16 bytes of data, got 3"},
      {"dtype unset", [](pb::InferRequest& r) { r.mutable_inputs(0)->mutable_tensor()->set_dtype(pb::DTYPE_UNSPECIFIED); },
       grpc::StatusCode::INVALID_ARGUMENT, "dtype is not set"},
      {"unknown dtype",
       [](pb::InferRequest& r) { r.mutable_inputs(0)->mutable_tensor()->set_dtype(static_cast<pb::DType>(99)); },
       grpc::StatusCode::INVALID_ARGUMENT, "unknown tensor dtype 99"},
      {"negative dim", [](pb::InferRequest& r) { r.mutable_inputs(0)->mutable_tensor()->set_shape(0, -4); },
       grpc::StatusCode::INVALID_ARGUMENT, "negative dimension"},
      {"huge shape",
       [](pb::InferRequest& r) {
         auto* t = r.mutable_inputs(0)->mutable_tensor();
         t->clear_shape();
         t->add_shape(int64_t{1} << 40);
         t->add_shape(int64_t{1} << 40);
       },
       grpc::StatusCode::INVALID_ARGUMENT, "too large"},
      {"wrong type", [](pb::InferRequest& r) { r.mutable_inputs(1)->set_int_value(3); },
       grpc::StatusCode::INVALID_ARGUMENT, "expected a value of type Tensor, got int"},
      {"missing argument", [](pb::InferRequest& r) { r.mutable_inputs()->RemoveLast(); },
       grpc::StatusCode::INVALID_ARGUMENT, "missing argument 'y'"},
      {"too many", [](pb::InferRequest& r) { *r.add_inputs() = r.inputs(0); }, grpc::StatusCode::INVALID_ARGUMENT,
       "positional arguments"},
      {"shape mismatch in the program", [](pb::InferRequest& r) { *r.mutable_inputs(1) = floatTensor({1, 2, 3}, {3}); },
       grpc::StatusCode::INVALID_ARGUMENT, ""},
      {"unknown model", [](pb::InferRequest& r) { r.set_model_name("nope"); }, grpc::StatusCode::NOT_FOUND,
       "model 'nope' is not loaded"},
      {"unknown version", [](pb::InferRequest& r) { r.set_model_version("7"); }, grpc::StatusCode::NOT_FOUND,
       "no version '7'"},
      {"unknown method", [](pb::InferRequest& r) { r.set_method("backward"); }, grpc::StatusCode::NOT_FOUND,
       "has no method 'backward'"},
  };
  for (const BadCase& c : cases) {
    pb::InferRequest req;
    req.set_model_name("adder");
    *req.add_inputs() = floatTensor({1, 2, 3, 4}, {4});
    *req.add_inputs() = floatTensor({1, 2, 3, 4}, {4});
    c.mutate(req);
    pb::InferResponse resp;
    grpc::Status s = infer(req, &resp);
    EXPECT_EQ(s.error_code(), c.code) << c.what << ": " << s.error_message();
    EXPECT_NE(s.error_message().find(c.message), std::string::npos) << c.what << ": " << s.error_message();
  }
}

TEST_F(JitservedTest, BadKServeInputsGiveClearErrors) {
  auto base = [] {
    inference::ModelInferRequest req;
    req.set_model_name("adder");
    for (const char* name : {"x", "y"}) {
      auto* in = req.add_inputs();
      in->set_name(name);
      in->set_datatype("FP32");
      in->add_shape(2);
    }
    req.add_raw_input_contents(rawFloats({1, 2}));
    req.add_raw_input_contents(rawFloats({3, 4}));
    return req;
  };
  struct Case {
    const char* what;
    std::function<void(inference::ModelInferRequest&)> mutate;
    grpc::StatusCode code;
    const char* message;
  };
  const std::vector<Case> cases = {
      {"short raw", [](auto& r) { r.set_raw_input_contents(1, "xyz"); }, grpc::StatusCode::INVALID_ARGUMENT,
       "needs 8 bytes of data, got 3"},
      {"raw count", [](auto& r) { r.mutable_raw_input_contents()->RemoveLast(); }, grpc::StatusCode::INVALID_ARGUMENT,
       "raw_input_contents has 1 entries"},
      {"datatype", [](auto& r) { r.mutable_inputs(0)->set_datatype("UINT16"); }, grpc::StatusCode::INVALID_ARGUMENT,
       "unsupported datatype 'UINT16'"},
      {"negative", [](auto& r) { r.mutable_inputs(0)->set_shape(0, -1); }, grpc::StatusCode::INVALID_ARGUMENT,
       "negative dimension"},
      {"missing", [](auto& r) {
         r.mutable_inputs()->RemoveLast();
         r.mutable_raw_input_contents()->RemoveLast();
       },
       grpc::StatusCode::INVALID_ARGUMENT, "missing input 'y'"},
      {"unknown model", [](auto& r) { r.set_model_name("nope"); }, grpc::StatusCode::NOT_FOUND, "not loaded"},
      {"unknown output", [](auto& r) { r.add_outputs()->set_name("logits"); }, grpc::StatusCode::INVALID_ARGUMENT,
       "requested output 'logits'"},
  };
  for (const Case& c : cases) {
    auto req = base();
    c.mutate(req);
    inference::ModelInferResponse resp;
    grpc::ClientContext ctx;
    grpc::Status s = kserve_->ModelInfer(&ctx, req, &resp);
    EXPECT_EQ(s.error_code(), c.code) << c.what << ": " << s.error_message();
    EXPECT_NE(s.error_message().find(c.message), std::string::npos) << c.what << ": " << s.error_message();
  }
}

TEST_F(JitservedTest, WhileTrueStopsAtItsDeadline) {
  for (int round = 0; round < 2; ++round) {
    const auto start = Clock::now();
    grpc::Status s;
    if (round == 0) {
      pb::InferRequest req;
      req.set_model_name("spin");
      *req.add_inputs() = intValue(0);
      pb::InferResponse resp;
      s = infer(req, &resp, std::chrono::milliseconds(200));
    } else {
      inference::ModelInferRequest req;
      req.set_model_name("spin");
      auto* in = req.add_inputs();
      in->set_name("x");
      in->set_datatype("INT64");
      in->add_shape(1);
      in->mutable_contents()->add_int64_contents(0);
      inference::ModelInferResponse resp;
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(200));
      s = kserve_->ModelInfer(&ctx, req, &resp);
    }
    const auto took = Clock::now() - start;
    EXPECT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << s.error_message();
    EXPECT_LT(took, std::chrono::milliseconds(1500));
  }
  // The workers were freed: several more spins in a row, then a real call,
  // all prompt (4 workers; a spin that never stopped would hold one forever).
  for (int i = 0; i < 6; ++i) {
    pb::InferRequest req;
    req.set_model_name("spin");
    *req.add_inputs() = intValue(0);
    pb::InferResponse resp;
    EXPECT_EQ(infer(req, &resp, std::chrono::milliseconds(100)).error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  }
  pb::InferRequest req;
  req.set_model_name("count");
  *req.add_inputs() = intValue(10);
  pb::InferResponse resp;
  grpc::Status s = infer(req, &resp, std::chrono::seconds(5));
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.output().int_value(), 45);
}

TEST_F(JitservedTest, OneMillisecondDeadlinesNeverHurtTheServer) {
  int ok = 0, expired = 0;
  for (int i = 0; i < 50; ++i) {
    pb::InferRequest req;
    req.set_model_name(i % 2 ? "count" : "spin");
    *req.add_inputs() = intValue(i % 2 ? 1000 : 0);
    pb::InferResponse resp;
    const grpc::Status s = infer(req, &resp, std::chrono::milliseconds(1));
    if (s.ok()) {
      ++ok;
    } else {
      EXPECT_EQ(s.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED) << s.error_message();
      ++expired;
    }
  }
  EXPECT_GE(expired, 25);  // every spin at least
  pb::InferRequest req;
  req.set_model_name("count");
  *req.add_inputs() = intValue(4);
  pb::InferResponse resp;
  grpc::Status s = infer(req, &resp, std::chrono::seconds(5));
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.output().int_value(), 6);
}

// A daemon with one worker, a queue of one, 64 KiB messages and remote
// loading off.
class JitservedSmallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    writeRepository(repo_);
    daemon_ = std::make_unique<JitservedProcess>(std::vector<std::string>{
        "--model-repository", repo_.path().string(), "--workers", "1", "--max-queue", "1", "--max-message-bytes",
        "65536"});
    ASSERT_TRUE(daemon_->ok()) << daemon_->log();
    native_ = pb::JitServe::NewStub(daemon_->channel());
    kserve_ = inference::GRPCInferenceService::NewStub(daemon_->channel());
  }
  TempDir repo_;
  std::unique_ptr<JitservedProcess> daemon_;
  std::unique_ptr<pb::JitServe::Stub> native_;
  std::unique_ptr<inference::GRPCInferenceService::Stub> kserve_;
};

TEST_F(JitservedSmallTest, RemoteLoadingIsOffByDefault) {
  {
    grpc::ClientContext ctx;
    pb::LoadModelResponse resp;
    auto writer = native_->LoadModel(&ctx, &resp);
    pb::LoadModelRequest req;
    req.mutable_header()->set_name("m");
    req.mutable_header()->set_source("def forward(x: int) -> int:\n    return x\n");
    writer->Write(req);
    writer->WritesDone();
    grpc::Status s = writer->Finish();
    EXPECT_EQ(s.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
    EXPECT_NE(s.error_message().find("--allow-remote-load"), std::string::npos) << s.error_message();
  }
  {
    grpc::ClientContext ctx;
    inference::RepositoryModelUnloadRequest q;
    q.set_model_name("adder");
    inference::RepositoryModelUnloadResponse r;
    EXPECT_EQ(kserve_->RepositoryModelUnload(&ctx, q, &r).error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  }
}

TEST_F(JitservedSmallTest, MessagesOverTheLimitAreRefused) {
  pb::InferRequest req;
  req.set_model_name("adder");
  *req.add_inputs() = floatTensor(std::vector<float>(32768, 1.0f), {32768});
  *req.add_inputs() = floatTensor(std::vector<float>(32768, 1.0f), {32768});
  pb::InferResponse resp;
  grpc::ClientContext ctx;
  grpc::Status s = native_->Infer(&ctx, req, &resp);
  EXPECT_EQ(s.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << s.error_message();
}

TEST_F(JitservedSmallTest, OverloadIsResourceExhaustedAndCancellationFreesTheWorker) {
  // One spin runs, one waits, the rest are refused.
  std::atomic<int> exhausted{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 4; ++i) {
    clients.emplace_back([&] {
      pb::InferRequest req;
      req.set_model_name("spin");
      *req.add_inputs() = intValue(0);
      pb::InferResponse resp;
      grpc::ClientContext ctx;
      ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(800));
      grpc::Status s = native_->Infer(&ctx, req, &resp);
      if (s.error_code() == grpc::StatusCode::RESOURCE_EXHAUSTED) ++exhausted;
    });
  }
  for (auto& t : clients) t.join();
  EXPECT_GE(exhausted.load(), 1);
  // Calls that expired while queued still hold their queue slot until the
  // worker reaches them (and drops them without running): wait until idle.
  for (int i = 0; i < 100; ++i) {
    pb::InferRequest req;
    req.set_model_name("count");
    *req.add_inputs() = intValue(1);
    pb::InferResponse resp;
    grpc::ClientContext ctx;
    if (native_->Infer(&ctx, req, &resp).ok()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }

  // A client that cancels a spin frees the only worker.
  {
    pb::InferRequest req;
    req.set_model_name("spin");
    *req.add_inputs() = intValue(0);
    pb::InferResponse resp;
    grpc::ClientContext ctx;
    std::thread canceller([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      ctx.TryCancel();
    });
    grpc::Status s = native_->Infer(&ctx, req, &resp);
    canceller.join();
    EXPECT_EQ(s.error_code(), grpc::StatusCode::CANCELLED);
  }
  pb::InferRequest req;
  req.set_model_name("count");
  *req.add_inputs() = intValue(100);
  pb::InferResponse resp;
  grpc::ClientContext ctx;
  ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  grpc::Status s = native_->Infer(&ctx, req, &resp);
  ASSERT_TRUE(s.ok()) << s.error_message();
  EXPECT_EQ(resp.output().int_value(), 4950);
}

TEST_F(JitservedSmallTest, SigtermDrainsInFlightRequestsAndExitsZero) {
  // Find a loop count that keeps the worker busy for a while.
  int64_t n = 100000;
  for (;;) {
    pb::InferRequest req;
    req.set_model_name("count");
    *req.add_inputs() = intValue(n);
    pb::InferResponse resp;
    grpc::ClientContext ctx;
    const auto start = Clock::now();
    ASSERT_TRUE(native_->Infer(&ctx, req, &resp).ok());
    if (Clock::now() - start > std::chrono::milliseconds(400) || n > (int64_t{1} << 34)) break;
    n *= 4;
  }
  grpc::Status inflight;
  int64_t result = -1;
  std::thread client([&] {
    pb::InferRequest req;
    req.set_model_name("count");
    *req.add_inputs() = intValue(n);
    pb::InferResponse resp;
    grpc::ClientContext ctx;
    inflight = native_->Infer(&ctx, req, &resp);
    result = resp.output().int_value();
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const int code = daemon_->signalAndWait(SIGTERM);
  client.join();
  EXPECT_EQ(code, 0) << daemon_->log();
  ASSERT_TRUE(inflight.ok()) << inflight.error_message();
  EXPECT_EQ(result, n * (n - 1) / 2);
  EXPECT_NE(daemon_->log().find("draining"), std::string::npos);
}

// SIGTERM while 8 clients keep calling: every admitted request completes;
// the rest are refused with UNAVAILABLE; nothing is cancelled.
TEST(JitservedLoadTest, SigtermUnderLoadFailsNoInFlightRequest) {
  TempDir repo;
  writeRepository(repo);
  JitservedProcess daemon({"--model-repository", repo.path().string(), "--workers", "2"});
  ASSERT_TRUE(daemon.ok()) << daemon.log();
  std::atomic<bool> stop{false};
  std::atomic<int> ok{0}, refused{0}, failed{0};
  std::string firstFailure;
  std::mutex mu;
  std::vector<std::thread> clients;
  for (int i = 0; i < 8; ++i) {
    clients.emplace_back([&] {
      auto stub = pb::JitServe::NewStub(daemon.channel());
      while (!stop.load()) {
        pb::InferRequest req;
        req.set_model_name("count");
        *req.add_inputs() = intValue(20000);
        pb::InferResponse resp;
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
        const grpc::Status s = stub->Infer(&ctx, req, &resp);
        if (s.ok() && resp.output().int_value() == int64_t{20000} * 19999 / 2) {
          ++ok;
        } else if (s.error_code() == grpc::StatusCode::UNAVAILABLE) {
          // Arrived while draining: refused at the door, never run. A real
          // client now goes to another server; this one stops.
          ++refused;
          return;
        } else {
          std::lock_guard<std::mutex> lock(mu);
          if (failed++ == 0) firstFailure = std::to_string(s.error_code()) + ": " + s.error_message();
        }
      }
    });
  }
  // Let the load build up, then stop the server under it.
  while (ok.load() < 50) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const int code = daemon.signalAndWait(SIGTERM);
  stop.store(true);
  for (auto& t : clients) t.join();
  EXPECT_EQ(code, 0) << daemon.log();
  EXPECT_EQ(failed.load(), 0) << firstFailure;
  EXPECT_GE(ok.load(), 50);
}

// Issue 26: clients that retry at once after UNAVAILABLE kept the daemon up
// for the whole drain grace period (each refusal restarted the quiet timer).
// Refused calls are not arrivals: with nothing admitted running, the drain
// ends well before a 10 s grace period.
TEST(JitservedLoadTest, RetryingClientsDoNotHoldTheDrainOpen) {
  TempDir repo;
  writeRepository(repo);
  JitservedProcess daemon({"--model-repository", repo.path().string(), "--workers", "2", "--drain-grace-ms", "10000"});
  ASSERT_TRUE(daemon.ok()) << daemon.log();
  std::atomic<bool> stop{false};
  std::atomic<int> refused{0};
  std::vector<std::thread> clients;
  for (int i = 0; i < 4; ++i) {
    clients.emplace_back([&] {
      auto stub = pb::JitServe::NewStub(daemon.channel());
      while (!stop.load()) {
        pb::InferRequest req;
        req.set_model_name("count");
        *req.add_inputs() = intValue(100);
        pb::InferResponse resp;
        grpc::ClientContext ctx;
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
        if (stub->Infer(&ctx, req, &resp).error_code() == grpc::StatusCode::UNAVAILABLE) ++refused;
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const auto start = std::chrono::steady_clock::now();
  const int code = daemon.signalAndWait(SIGTERM);
  const auto took = std::chrono::steady_clock::now() - start;
  stop.store(true);
  for (auto& t : clients) t.join();
  EXPECT_EQ(code, 0) << daemon.log();
  EXPECT_GT(refused.load(), 0);  // they did keep retrying during the drain
  EXPECT_LT(took, std::chrono::seconds(5)) << "drain took "
                                           << std::chrono::duration_cast<std::chrono::milliseconds>(took).count() << " ms";
}

// --shutdown-delay-ms: on SIGTERM health says NOT_SERVING at once, but
// requests arriving while load balancers notice are still served; then the
// drain runs as usual and the daemon exits 0.
TEST(JitservedLoadTest, ShutdownDelayKeepsServingWhileHealthSaysNotServing) {
  TempDir repo;
  writeRepository(repo);
  JitservedProcess daemon({"--model-repository", repo.path().string(), "--workers", "2", "--shutdown-delay-ms",
                           "1500", "--drain-grace-ms", "5000"});
  ASSERT_TRUE(daemon.ok()) << daemon.log();
  int code = -1;
  std::thread stopper([&] { code = daemon.signalAndWait(SIGTERM); });
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  auto health = grpc::health::v1::Health::NewStub(daemon.channel());
  grpc::health::v1::HealthCheckRequest q;
  grpc::health::v1::HealthCheckResponse hr;
  grpc::ClientContext hctx;
  ASSERT_TRUE(health->Check(&hctx, q, &hr).ok());
  EXPECT_EQ(hr.status(), grpc::health::v1::HealthCheckResponse::NOT_SERVING);
  auto stub = pb::JitServe::NewStub(daemon.channel());
  pb::InferRequest req;
  req.set_model_name("count");
  *req.add_inputs() = intValue(10);
  pb::InferResponse resp;
  grpc::ClientContext ctx;
  const grpc::Status s = stub->Infer(&ctx, req, &resp);
  EXPECT_TRUE(s.ok()) << s.error_code() << ": " << s.error_message();
  EXPECT_EQ(resp.output().int_value(), 45);
  stopper.join();
  EXPECT_EQ(code, 0) << daemon.log();
}

}  // namespace
}  // namespace jitserve::testing
