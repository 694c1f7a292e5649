#include "server/metrics_http.h"

#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>
#include <string_view>

#include "absl/strings/str_cat.h"
#include "prometheus/text_serializer.h"

namespace jitserve::server {
namespace {

constexpr size_t kMaxRequestBytes = 8 * 1024;
constexpr int kTimeoutSeconds = 5;

void setTimeouts(int fd) {
  timeval tv{};
  tv.tv_sec = kTimeoutSeconds;
  (void)setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  (void)setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
}

void sendAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the client went away or stalled past the deadline
    data.remove_prefix(static_cast<size_t>(n));
  }
}

void respond(int fd, int status, const char* reason, std::string_view body, bool head,
             const char* type = "text/plain; charset=utf-8") {
  sendAll(fd, absl::StrCat("HTTP/1.1 ", status, " ", reason, "\r\nContent-Type: ", type,
                           "\r\nContent-Length: ", body.size(), "\r\nConnection: close\r\n\r\n"));
  if (!head) sendAll(fd, body);
}

}  // namespace

absl::StatusOr<std::unique_ptr<MetricsHttpServer>> MetricsHttpServer::Start(
    const std::string& host, int port, std::shared_ptr<prometheus::Collectable> collector) {
  const std::string where = absl::StrCat(host, ":", port);
  if (port < 0 || port > 65535) return absl::InvalidArgumentError(absl::StrCat("bad metrics port ", port));
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (int rc = getaddrinfo(host.empty() ? nullptr : host.c_str(), service.c_str(), &hints, &found); rc != 0) {
    return absl::UnavailableError(absl::StrCat("cannot serve metrics on ", where, ": ", gai_strerror(rc)));
  }
  std::string error = "no address";
  int fd = -1;
  for (addrinfo* a = found; a != nullptr && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) {
      error = std::strerror(errno);
      continue;
    }
    const int one = 1;
    (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 64) != 0) {
      error = std::strerror(errno);
      ::close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd < 0) return absl::UnavailableError(absl::StrCat("cannot serve metrics on ", where, ": ", error));
  sockaddr_storage bound{};
  socklen_t len = sizeof bound;
  int actual = port;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len) == 0) {
    actual = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                         : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  }
  return std::unique_ptr<MetricsHttpServer>(new MetricsHttpServer(fd, actual, std::move(collector)));
}

MetricsHttpServer::MetricsHttpServer(int fd, int port, std::shared_ptr<prometheus::Collectable> collector)
    : listenFd_(fd), port_(port), collector_(std::move(collector)) {
  thread_ = std::thread([this] { acceptLoop(); });
}

MetricsHttpServer::~MetricsHttpServer() {
  stopping_.store(true);
  ::shutdown(listenFd_, SHUT_RDWR);  // wakes the poll below
  if (thread_.joinable()) thread_.join();
  ::close(listenFd_);
}

void MetricsHttpServer::acceptLoop() {
  while (!stopping_.load()) {
    pollfd p{listenFd_, POLLIN, 0};
    // A bounded wait, so that stopping is noticed even where shutdown() of a
    // listening socket does not wake poll.
    const int ready = ::poll(&p, 1, 500);
    if (ready <= 0 || stopping_.load()) continue;
    const int fd = ::accept4(listenFd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    setTimeouts(fd);
    serve(fd);
    ::close(fd);
  }
}

std::string MetricsHttpServer::body() const {
  std::ostringstream out;
  prometheus::TextSerializer().Serialize(out, collector_->Collect());
  return out.str();
}

void MetricsHttpServer::serve(int fd) const {
  std::string request;
  char buf[1024];
  while (request.find("\r\n\r\n") == std::string::npos && request.find("\n\n") == std::string::npos) {
    if (request.size() > kMaxRequestBytes) return respond(fd, 400, "Bad Request", "request too large\n", false);
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // closed, or silent past the deadline
    request.append(buf, static_cast<size_t>(n));
  }
  // "METHOD TARGET HTTP/x.y"
  const size_t lineEnd = request.find_first_of("\r\n");
  const std::string_view line(request.data(), lineEnd);
  const size_t sp1 = line.find(' '), sp2 = line.rfind(' ');
  if (sp1 == std::string_view::npos || sp2 == sp1 || line.substr(sp2 + 1).rfind("HTTP/", 0) != 0)
    return respond(fd, 400, "Bad Request", "malformed request line\n", false);
  const std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  target = target.substr(0, target.find('?'));
  const bool head = method == "HEAD";
  if (method != "GET" && !head) return respond(fd, 405, "Method Not Allowed", "only GET and HEAD\n", false);
  if (target != "/metrics") return respond(fd, 404, "Not Found", "metrics are at /metrics\n", head);
  std::string text;
  try {
    text = body();
  } catch (const std::exception& e) {
    return respond(fd, 500, "Internal Server Error", absl::StrCat("collecting metrics: ", e.what(), "\n"), head);
  }
  respond(fd, 200, "OK", text, head, "text/plain; version=0.0.4; charset=utf-8");
}

}  // namespace jitserve::server
