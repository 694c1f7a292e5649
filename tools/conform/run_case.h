// Running one conformance case in-process: load inputs, build the program
// (from graph.ir in IR mode; from source or archive in auto mode), run it,
// and compare with the expectation. Called inside an isolated child.
#pragma once

#include <string>

#include "runtime/tensor/device.h"
#include "tools/conform/case.h"
#include "tools/conform/isolation.h"

namespace jitserve::conform {

// Frozen: as Auto, but an archive case's entry method is frozen first
// (compiler/archive/module_freezing.h) and the frozen graph runs.
enum class Mode { Auto, IR, Frozen };

// Work done once in the parent before forking (operator registration, the
// backend of `device`). Errors when `device` cannot be served by this build.
absl::Status initializeRuntime(Device device = Device::cpu());

// executor: run the entry through a GraphExecutor as jitserved does
// (compiler/executor/serving_executor.h: the specialized pass pipeline,
// profiling then the optimized plan, memory planning) instead of
// the interpreter on the unoptimized graph; the first (profiling) call and
// the second (optimized) call must each give the expected result. IR-mode
// cases run as they would without it.
//
// device: where the program runs. Inputs (and an archive's parameters and
// buffers) are moved there, the outputs back to the host for comparison;
// ops without a kernel there fail the case naming the op and the device.
// placementOnly: run nothing; plan the entry as jitserved would on
// `device` and fail the case when an operator there has no kernel
// (compiler/passes/device_placement.h), naming them. Needs no device.
ItemResult runCase(const Case& c, Mode mode, bool executor = false, Device device = Device::cpu(),
                   bool placementOnly = false);

}  // namespace jitserve::conform
