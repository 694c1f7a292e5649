// Running one conformance case in-process: load inputs, build the program
// (from graph.ir in IR mode; from source or archive in auto mode), run it,
// and compare with the expectation. Called inside an isolated child.
#pragma once

#include <string>

#include "tools/conform/case.h"
#include "tools/conform/isolation.h"

namespace jitserve::conform {

// Frozen: as Auto, but an archive case's entry method is frozen first
// (compiler/archive/module_freezing.h) and the frozen graph runs.
enum class Mode { Auto, IR, Frozen };

// Work done once in the parent before forking (operator registration, ...).
void initializeRuntime();

ItemResult runCase(const Case& c, Mode mode);

}  // namespace jitserve::conform
