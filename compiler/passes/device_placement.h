// Device placement: which operators of a graph will run on a device, and
// whether that device has a kernel for each of them.
//
// A model served on a device (ModelOptions::device) gets its tensor inputs
// and its module state there, so the analysis starts from that: every
// tensor-carrying graph input and every attribute read from a module is on
// `device`, a tensor constant is where its value is, and a node's tensor
// results are on the device its tensor inputs are on (the first one off the
// CPU; a 0-dim CPU operand beside it is a scalar, as at run time), except
// where the node says otherwise: a constant `device=` argument or one read
// from a tensor (x.device), aten::to(other) / type_as, aten::cpu and
// aten::cuda; a factory with neither tensors nor device= makes CPU tensors.
// Control flow joins what its branches and loop bodies produce; a value the
// rules cannot place is unknown, and its users are not judged.
//
// An operator "runs on" device D when its tensor inputs are placed on D.
// It is served there when D's slot of its record has a kernel or the
// operator is device-generic (metadata only, kAnyDevice). Nodes the
// interpreter runs itself (control flow, constants, attributes, calls) are
// not operators. Calls left in the graph (not inlined) are not followed: what
// they run is checked when their own graphs are planned.
//
// PlaceOnDevice (the pass) either reports the unserved operators as one
// FailedPrecondition naming each (operator, device, source location), or,
// with `cpuFallback`, runs each on the CPU: its device tensor inputs pass
// through jitserve::fallback_to_cpu and its tensor results come back through
// jitserve::fallback_to_device, copies counted per request
// (runtime/core/run_counters.h):
//
//   %y : Tensor = aten::erfinv(%x)          (no cuda kernel; %x on cuda:0)
//     -->
//   %h : Tensor = jitserve::fallback_to_cpu(%x)
//   %c : Tensor = aten::erfinv(%h)
//   %d : Device = prim::Constant[value="cuda:0"]()
//   %y : Tensor = jitserve::fallback_to_device(%c, %d)
//
// An operator that writes to an argument or returns a view of one cannot
// run on copies (the write or the aliasing would be lost), nor can one whose
// tensors travel in a tuple, dict or object; those stay errors, saying so.
#pragma once

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "runtime/ir/ir.h"
#include "runtime/tensor/device.h"

namespace jitserve {

class Operator;
class OperatorRegistry;

struct DevicePlacementOptions {
  Device device;                               // where inputs and module state live
  const OperatorRegistry* registry = nullptr;  // nullptr: currentOperatorRegistry()
  bool cpuFallback = false;                    // run unserved operators on the CPU
  // Take tensor constants to be on `device` too: checking, on a machine
  // without it, a frozen graph whose weights would move there at load.
  bool tensorConstantsOnDevice = false;
};

// One operator that would run on a device without a kernel there.
struct UnservedOperator {
  Node* node;
  const Operator* op;
  Device device;
  std::string describe() const;  // "aten::erfinv (at model.py:12:8)"
};

// The unserved operators of `graph`, in graph order (nested blocks too).
std::vector<UnservedOperator> FindUnservedOperators(Graph& graph, const DevicePlacementOptions& options);

// The pass (see above): true when fallbacks were inserted; an error when an
// operator cannot be served (without cpuFallback, every unserved one).
// On a CPU `device` nothing runs elsewhere: false, unchanged.
absl::StatusOr<bool> PlaceOnDevice(Graph& graph, const DevicePlacementOptions& options);

// The operators a placed graph runs on the CPU by fallback (those reading a
// jitserve::fallback_to_cpu result), each named once, sorted.
std::vector<std::string> CpuFallbackOperators(const Graph& graph);

}  // namespace jitserve
