// MetricsHttpServer: the /metrics listener. Answers GET and HEAD of
// /metrics with the collector's families in Prometheus text, refuses other
// paths, methods, malformed and oversized requests with the right status,
// and a client that connects and says nothing holds it for the read
// deadline only.
#include "server/metrics_http.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "prometheus/metric_family.h"

namespace jitserve::server {
namespace {

class OneGauge final : public prometheus::Collectable {
 public:
  std::vector<prometheus::MetricFamily> Collect() const override {
    prometheus::MetricFamily f;
    f.name = "test_gauge";
    f.help = "A gauge for the test";
    f.type = prometheus::MetricType::Gauge;
    prometheus::ClientMetric m;
    m.gauge.value = 42;
    f.metric.push_back(m);
    return {f};
  }
};

int connectTo(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(static_cast<uint16_t>(port));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  EXPECT_EQ(::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
  return fd;
}

// Sends `request` and reads the whole answer (the server closes).
std::string exchange(int port, const std::string& request) {
  const int fd = connectTo(port);
  (void)::send(fd, request.data(), request.size(), MSG_NOSIGNAL);
  std::string out;
  char buf[4096];
  for (ssize_t n; (n = ::recv(fd, buf, sizeof buf, 0)) > 0;) out.append(buf, static_cast<size_t>(n));
  ::close(fd);
  return out;
}

class MetricsHttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = MetricsHttpServer::Start("127.0.0.1", 0, std::make_shared<OneGauge>());
    ASSERT_TRUE(s.ok()) << s.status();
    server_ = std::move(*s);
    ASSERT_GT(server_->port(), 0);
  }
  std::unique_ptr<MetricsHttpServer> server_;
};

TEST_F(MetricsHttpTest, GetMetricsAnswersPrometheusText) {
  const std::string r = exchange(server_->port(), "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(r.rfind("HTTP/1.1 200 OK\r\n", 0), 0u) << r;
  EXPECT_NE(r.find("Content-Type: text/plain; version=0.0.4"), std::string::npos) << r;
  EXPECT_NE(r.find("# TYPE test_gauge gauge\ntest_gauge 42"), std::string::npos) << r;
  // A query string is ignored; HEAD has the headers only.
  EXPECT_EQ(exchange(server_->port(), "GET /metrics?x=1 HTTP/1.0\r\n\r\n").rfind("HTTP/1.1 200", 0), 0u);
  const std::string head = exchange(server_->port(), "HEAD /metrics HTTP/1.1\r\n\r\n");
  EXPECT_EQ(head.rfind("HTTP/1.1 200", 0), 0u);
  EXPECT_EQ(head.find("test_gauge"), std::string::npos) << head;
}

TEST_F(MetricsHttpTest, OtherRequestsGetTheirStatus) {
  EXPECT_EQ(exchange(server_->port(), "GET / HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 404", 0), 0u);
  EXPECT_EQ(exchange(server_->port(), "POST /metrics HTTP/1.1\r\n\r\n").rfind("HTTP/1.1 405", 0), 0u);
  EXPECT_EQ(exchange(server_->port(), "garbage\r\n\r\n").rfind("HTTP/1.1 400", 0), 0u);
  EXPECT_EQ(exchange(server_->port(), "GET /metrics HTTP/1.1\r\nX: " + std::string(20000, 'a')).rfind("HTTP/1.1 400", 0),
            0u);
}

TEST_F(MetricsHttpTest, ASilentClientDelaysOthersByTheDeadlineOnly) {
  const int idle = connectTo(server_->port());  // says nothing
  const auto start = std::chrono::steady_clock::now();
  const std::string r = exchange(server_->port(), "GET /metrics HTTP/1.1\r\n\r\n");
  const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.rfind("HTTP/1.1 200", 0), 0u) << r;
  EXPECT_LT(waited, 30.0);  // the 5 s read deadline, with room for a loaded machine
  ::close(idle);
}

TEST(MetricsHttpStart, AnAddressInUseIsAClearError) {
  auto first = MetricsHttpServer::Start("127.0.0.1", 0, std::make_shared<OneGauge>());
  ASSERT_TRUE(first.ok()) << first.status();
  auto second = MetricsHttpServer::Start("127.0.0.1", (*first)->port(), std::make_shared<OneGauge>());
  ASSERT_FALSE(second.ok());
  EXPECT_NE(second.status().message().find("cannot serve metrics on 127.0.0.1:"), std::string_view::npos)
      << second.status();
}

}  // namespace
}  // namespace jitserve::server
