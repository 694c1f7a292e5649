// Runs work items in forked child processes (one each, or a batch each),
// several at a time, so that a crash, an abort or a hang fails that item
// only.
//
// The parent forks before it starts any thread of its own, so children begin
// single-threaded with the parent's initialized state (e.g. the operator
// registry) already in memory. A child reports through a pipe; one that dies
// without reporting is described by how it died.
#pragma once

#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace jitserve::conform {

struct ItemResult {
  bool passed = false;
  std::string reason;  // why it failed (empty when passed)
  double seconds = 0;
};

struct IsolationOptions {
  int jobs = 1;                        // children at a time
  std::chrono::milliseconds timeout{60000};
  bool progress = false;               // a status line on stderr
  // Items per child, run one after another until one fails (the rest go to
  // a fresh child): fewer process starts where each start is dear (a CUDA
  // context is ~3 s on an H100 with 16 at a time). 1: a child per item.
  int batch = 1;
  // Called in the parent as each item finishes (in finishing order), so a
  // run that is cut short still leaves a record of what finished.
  std::function<void(size_t item, const ItemResult&)> onResult;
};

// body(i) runs in the child and returns the item's result. Returns one result
// per item, in item order.
std::vector<ItemResult> runIsolated(size_t count, const std::function<ItemResult(size_t)>& body,
                                    const IsolationOptions& options);

}  // namespace jitserve::conform
