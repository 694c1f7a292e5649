// JitservedProcess: the real jitserved binary run as a child process for
// end-to-end tests: started on port 0, its stderr collected, the chosen port
// parsed from its "jitserved: grpc listening on HOST:PORT" line, ready once
// grpc.health.v1 answers SERVING.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <grpcpp/grpcpp.h>

#include "tests/support/temp_dir.h"

namespace jitserve::testing {

class JitservedProcess {
 public:
  // Starts `bin/jitserved --grpc-host 127.0.0.1 --grpc-port 0
  // --metrics-port 0 --admin-port 0 <args>` and
  // waits (up to `timeout`) until its health service says SERVING.
  // ok() is false (and log() says why) if it did not.
  JitservedProcess(const std::vector<std::string>& args,
                   std::chrono::milliseconds timeout = std::chrono::seconds(30));
  ~JitservedProcess();

  bool ok() const { return ready_; }
  int port() const { return port_; }
  int metricsPort() const { return metricsPort_; }
  // 0 unless started with an admin token file.
  int adminPort() const { return adminPort_; }
  pid_t pid() const { return pid_; }
  std::shared_ptr<grpc::Channel> channel() const { return channel_; }
  // Everything the daemon wrote to stderr so far.
  std::string log() const;

  // Sends `signal` and waits for the exit; returns the exit status
  // (WEXITSTATUS) or -signal if it was killed, or -1000 on timeout.
  int signalAndWait(int signal, std::chrono::milliseconds timeout = std::chrono::seconds(30));

 private:
  void readLoop(int fd);

  pid_t pid_ = -1;
  int port_ = 0;
  int metricsPort_ = 0;
  int adminPort_ = 0;
  bool ready_ = false;
  bool exited_ = false;
  std::thread reader_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::string log_;
  bool eof_ = false;
  std::shared_ptr<grpc::Channel> channel_;
};

// The body of an HTTP/1.0 GET of 127.0.0.1:port/path ("" on failure).
std::string httpGet(int port, const std::string& path);

}  // namespace jitserve::testing
