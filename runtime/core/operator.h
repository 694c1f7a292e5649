// Operator: one registered overload: its schema (parsed once, at
// registration), one kernel slot per device type, its doc line and flags.
//
// Operators are data (docs/architecture.md): each overload is declared by an
// OperatorDef holding the PyTorch schema string, a kernel and a one-line doc,
// and added to an OperatorRegistry by explicit registration calls at
// start-up (registerAllOps, runtime/ops/register_all.h). A kernel for another device is added to the same record, in that
// device's slot (OperatorRegistry::addKernel); a slot is filled once.
//
// Kernel calling convention: the kernel finds its inputs as the last N stack
// entries (first argument deepest), pops them and pushes its returns (a
// schema with k returns pushes k values; a single tuple return pushes one
// tuple). N is the schema's argument count; for a vararg schema the
// interpreter pushes N (the node's input count, as an int) on top of the
// inputs and the kernel pops it first. Errors are jitserve::Error exceptions.
// Most kernels are written as typed C++ functions and boxed into this form
// by runtime/core/boxing.h.
//
// Two kernel forms:
//  - Kernel: `void(Stack&)`, a plain function pointer: the common, fastest form.
//  - KernelWithCtx: `void(Stack&, const void* ctx)` for kernels that need
//    state fixed at registration (e.g. one generic kernel serving several
//    overloads, told which by ctx). ctx must outlive the registry.
// Exactly one of the two is set in a filled slot.
//
// Which slot runs: the plan builder picks it from the static device of the
// node's tensor inputs when the types say (a specialized plan); otherwise
// run() picks it from the tensor arguments on the stack, and an operator
// with a CPU kernel only runs it directly (that kernel fails cleanly on a
// tensor in another device's memory: TensorImpl::data()). A device-generic
// operator (kAnyDevice: views, shape queries, ops with no tensor data) serves
// every device with its CPU-slot kernel, which touches metadata only.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "runtime/core/function_schema.h"
#include "runtime/core/stack.h"
#include "runtime/tensor/device.h"

namespace jitserve {

struct KernelSignature;

using Kernel = void (*)(Stack&);
using KernelWithCtx = void (*)(Stack&, const void* ctx);

// One device's kernel of an operator; empty when the device has none.
struct KernelSlot {
  Kernel fn = nullptr;
  KernelWithCtx fnWithCtx = nullptr;
  const void* ctx = nullptr;

  explicit operator bool() const { return fn != nullptr || fnWithCtx != nullptr; }
  void run(Stack& stack) const {
    if (fn) {
      fn(stack);
    } else {
      fnWithCtx(stack, ctx);
    }
  }
};

// Properties of an operator that passes and the dispatcher read.
enum OperatorFlags : uint8_t {
  kNoFlags = 0,
  // Elementwise over broadcast inputs with no state: a fuser may merge it
  // into a single loop with its neighbours.
  kFusible = 1 << 0,
  // The CPU-slot kernel touches metadata only (views, sizes, list and number
  // builtins), so it serves tensors on every device.
  kAnyDevice = 1 << 1,
};

struct OperatorDef {
  std::string schema;  // e.g. "aten::add.int(int a, int b) -> int"
  Kernel kernel = nullptr;
  const char* doc = "";
  KernelWithCtx kernelWithCtx = nullptr;
  const void* ctx = nullptr;
  // A typed kernel's parameter and return kinds (boxing.h), checked against
  // the schema at registration; null for a hand-boxed kernel.
  const KernelSignature* signature = nullptr;
  DeviceType device = DeviceType::CPU;
  uint8_t flags = kNoFlags;

  OperatorDef() = default;
  OperatorDef(std::string s, Kernel k, const char* d) : schema(std::move(s)), kernel(k), doc(d) {}
  OperatorDef(std::string s, KernelWithCtx k, const void* c, const char* d)
      : schema(std::move(s)), doc(d), kernelWithCtx(k), ctx(c) {}

  KernelSlot slot() const { return KernelSlot{kernel, kernelWithCtx, ctx}; }
};

class Operator {
 public:
  Operator(FunctionSchema schema, const OperatorDef& def)
      : schema_(std::move(schema)), schemaString_(schema_.str()), doc_(def.doc ? def.doc : ""), flags_(def.flags) {
    setKernel(def.device, def.slot());
  }

  const FunctionSchema& schema() const { return schema_; }
  // The canonical schema string (schema().str(), computed once).
  const std::string& schemaString() const { return schemaString_; }
  const char* doc() const { return doc_; }
  bool isFusible() const { return (flags_ & kFusible) != 0; }
  bool isDeviceGeneric() const { return (flags_ & kAnyDevice) != 0; }

  // The kernel that runs for tensors of device type t (a device-generic
  // operator's CPU kernel when t has no slot of its own); empty if none.
  const KernelSlot& kernelFor(DeviceType t) const {
    const KernelSlot& own = slots_[static_cast<size_t>(t)];
    if (own || !isDeviceGeneric()) return own;
    return slots_[0];
  }
  bool hasKernelFor(DeviceType t) const { return static_cast<bool>(kernelFor(t)); }
  // True when some device other than the CPU has a kernel of its own: then
  // the kernel to run depends on where the arguments live.
  bool dispatchesByDevice() const { return dispatches_; }
  // "cpu, cuda": the device types with a kernel, for error messages.
  std::string kernelDevices() const;

  // The CPU kernel in its plain form, or nullptr (ctx form, or no CPU
  // kernel); the interpreter may cache it to call without the branch in run().
  Kernel kernel() const { return slots_[0].fn; }

  // Runs the kernel for the device of the tensor arguments on top of the
  // stack (the CPU's when none is elsewhere).
  void run(Stack& stack) const {
    if (!dispatches_) [[likely]] {
      runOn(DeviceType::CPU, stack);
    } else {
      runOn(deviceOfArguments(stack), stack);
    }
  }
  void runOn(DeviceType t, Stack& stack) const {
    const KernelSlot& k = kernelFor(t);
    if (!k) [[unlikely]] throwNoKernel(t);
    k.run(stack);
  }
  // Where the tensor arguments on top of the stack live: the first device
  // other than the CPU among them (a 0-dim CPU tensor beside a CUDA one is
  // a scalar, as in PyTorch), else the CPU.
  DeviceType deviceOfArguments(const Stack& stack) const;
  [[noreturn]] void throwNoKernel(DeviceType t) const;

 private:
  friend class OperatorRegistry;
  // Fills an empty slot (the registry checks and locks).
  void setKernel(DeviceType t, KernelSlot k) {
    slots_[static_cast<size_t>(t)] = k;
    if (t != DeviceType::CPU) dispatches_ = true;
  }

  FunctionSchema schema_;
  std::string schemaString_;
  std::array<KernelSlot, kNumDeviceTypes> slots_{};
  const char* doc_;
  uint8_t flags_;
  bool dispatches_ = false;
};

}  // namespace jitserve
