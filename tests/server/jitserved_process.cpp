#include "tests/server/jitserved_process.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <regex>

#include "proto/grpc/health/v1/health.grpc.pb.h"

namespace jitserve::testing {

JitservedProcess::JitservedProcess(const std::vector<std::string>& args, std::chrono::milliseconds timeout) {
  int fds[2];
  if (pipe(fds) != 0) return;
  std::vector<std::string> argv = {JITSERVED_PATH, "--grpc-host", "127.0.0.1", "--grpc-port", "0",
                                   "--metrics-port", "0", "--admin-port", "0"};
  argv.insert(argv.end(), args.begin(), args.end());
  pid_ = fork();
  if (pid_ == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    std::vector<char*> cargv;
    for (auto& a : argv) cargv.push_back(a.data());
    cargv.push_back(nullptr);
    execv(cargv[0], cargv.data());
    _exit(127);
  }
  close(fds[1]);
  reader_ = std::thread([this, fd = fds[0]] { readLoop(fd); });

  const auto until = std::chrono::steady_clock::now() + timeout;
  {
    std::unique_lock<std::mutex> lock(mu_);
    const std::regex listening("jitserved: grpc listening on [^\\s:]+:([0-9]+)");
    std::smatch m;
    cv_.wait_until(lock, until, [&] { return eof_ || std::regex_search(log_, m, listening); });
    if (!std::regex_search(log_, m, listening)) return;
    port_ = std::stoi(m[1]);
    const std::regex metrics("jitserved: metrics listening on [^\\s:]+:([0-9]+)");
    if (std::regex_search(log_, m, metrics)) metricsPort_ = std::stoi(m[1]);
    const std::regex admin("jitserved: admin listening on [^\\s:]+:([0-9]+)");
    if (std::regex_search(log_, m, admin)) adminPort_ = std::stoi(m[1]);
  }
  channel_ = grpc::CreateChannel("127.0.0.1:" + std::to_string(port_), grpc::InsecureChannelCredentials());
  auto health = grpc::health::v1::Health::NewStub(channel_);
  while (std::chrono::steady_clock::now() < until) {
    grpc::ClientContext ctx;
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
    grpc::health::v1::HealthCheckRequest req;
    grpc::health::v1::HealthCheckResponse resp;
    if (health->Check(&ctx, req, &resp).ok() && resp.status() == grpc::health::v1::HealthCheckResponse::SERVING) {
      ready_ = true;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

JitservedProcess::~JitservedProcess() {
  if (pid_ > 0 && !exited_) {
    kill(pid_, SIGKILL);
    int status;
    waitpid(pid_, &status, 0);
  }
  if (reader_.joinable()) reader_.join();
}

void JitservedProcess::readLoop(int fd) {
  char buf[4096];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) break;
    std::lock_guard<std::mutex> lock(mu_);
    log_.append(buf, static_cast<size_t>(n));
    cv_.notify_all();
  }
  close(fd);
  std::lock_guard<std::mutex> lock(mu_);
  eof_ = true;
  cv_.notify_all();
}

std::string JitservedProcess::log() const {
  std::lock_guard<std::mutex> lock(mu_);
  return log_;
}

int JitservedProcess::signalAndWait(int signal, std::chrono::milliseconds timeout) {
  if (pid_ <= 0 || exited_) return -1000;
  kill(pid_, signal);
  const auto until = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < until) {
    int status = 0;
    pid_t r = waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
      exited_ = true;
      if (WIFEXITED(status)) return WEXITSTATUS(status);
      if (WIFSIGNALED(status)) return -WTERMSIG(status);
      return -1001;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1000;
}

std::string httpGet(int port, const std::string& path) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return "";
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string out;
  if (connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
    const std::string req = "GET " + path + " HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n";
    if (write(fd, req.data(), req.size()) == static_cast<ssize_t>(req.size())) {
      char buf[4096];
      ssize_t n;
      while ((n = read(fd, buf, sizeof buf)) > 0) out.append(buf, static_cast<size_t>(n));
    }
  }
  close(fd);
  const size_t body = out.find("\r\n\r\n");
  return body == std::string::npos ? "" : out.substr(body + 4);
}

}  // namespace jitserve::testing
