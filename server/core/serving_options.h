// ServingOptions: what the serving core is configured with: where models
// come from, how they are compiled and run, and the limits of what a
// request may ask. The front ends' own settings (addresses, ports, the
// admin token, the drain grace) are in server/server_config.h, whose
// ServerConfig extends this struct; the flags that set each field are
// listed there.
#pragma once

#include <cstdint>
#include <string>

namespace jitserve::server {

struct ServingOptions {
  // Models loaded at start (ModelRepository layout); "" for none.
  std::string modelRepository;
  // Whether the front ends may load and unload models (LoadModel,
  // UnloadModel, RepositoryModelLoad/Unload); ServingCore refuses them with
  // FAILED_PRECONDITION otherwise.
  bool allowRemoteLoad = false;
  int workers = 0;         // inference worker threads; 0: hardware threads
  int intraOpThreads = 0;  // 0: the runtime's default (runtime/tensor/parallel.h)
  int interOpThreads = 0;  // 0: the runtime's default
  // Requests waiting for a worker before RESOURCE_EXHAUSTED.
  int64_t maxQueue = 1024;
  // The largest request message the front ends accept or answer; also the
  // most bytes one decoded tensor may hold.
  int64_t maxMessageBytes = int64_t{64} << 20;
  // The largest archive a remote load may send.
  int64_t maxArchiveBytes = int64_t{1} << 30;
  // How models are compiled (ModelOptions): the pass pipeline on every plan
  // (switchable at run time: ServingCore::setOptimize), generic plans at load
  // with specialized plans compiled in the background, eval-mode archives
  // frozen.
  bool optimize = true;
  bool backgroundCompile = true;
  bool freeze = true;
  // Where models run unless their config.json names a device: "cpu",
  // "cuda" or "cuda:N" (ServingCore::create refuses anything else).
  std::string device = "cpu";
  // Tiny requests run on the calling thread (ServingCore::submit); 0: every
  // request goes through the worker pool.
  int64_t inlineMaxUs = 50;
};

}  // namespace jitserve::server
