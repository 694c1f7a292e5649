// Code: a Graph linearized into the interpreter's instructions (opcodes.h).
//
// Every non-constant Value of the graph gets a frame register; constants live
// in a table and are pushed at each use. An instruction's operands index into
// the tables below (kernels, constants, types, names, functions), so the hot
// loop never looks anything up by name and never allocates for itself.
//
// Building a Code resolves every node to an operator or an interpreter
// instruction; a node with no matching operator fails here, at build time,
// with "unsupported operator aten::foo(Tensor, int)", never at run time.
//
// Code is immutable once built and shared by every InterpreterState that
// runs it, across threads. The Graph is not referenced after building, but
// the Functions named by CALL/FORK (owned by their compilation unit, or by
// this Code for fork subgraphs) must outlive it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/core/function.h"
#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"
#include "runtime/interpreter/opcodes.h"

namespace jitserve {

class Graph;
class OperatorRegistry;
class GraphFunction;
class Operator;
class ProfilingRecord;
class GuardContext;
class MemoryPlanner;

// What the builder needs from outside the graph.
struct CodeOptions {
  // Where operators are found; nullptr means the process-wide registry.
  const OperatorRegistry* registry = nullptr;
  // Resolves a function constant (prim::Constant[name="f"]) that is called;
  // IR text only names the function. Returns nullptr when unknown, which is
  // an error only if the constant is actually called.
  std::function<Function*(std::string_view name)> functionResolver;
  // Where PROFILE instructions record (a profiling plan) and GUARD
  // instructions count failures (an optimized plan); see
  // profiling_record.h. Needed only by graphs with prim::profile / prim::Guard.
  std::shared_ptr<ProfilingRecord> profile;
  std::shared_ptr<GuardContext> guards;
  // Plan the memory of the top block's tensor-producing operators
  // (memory_planner.h): each gets a slot and a PLAN instruction.
  bool planMemory = false;
};

// Where an instruction came from, for error messages and tracebacks.
struct InstructionSource {
  std::string nodeKind;  // "aten::add"
  // "<string>:3:5", or the "  File ..., line 3" block with the source line
  // and "~~~ <--- HERE" when the source text is known; "" if unknown.
  std::string location;
};

class Code {
 public:
  using Kernel = void (*)(Stack&);

  // Linearizes `graph`. Throws jitserve::Error naming the first node that
  // cannot be run (unsupported operator, malformed control flow).
  static std::shared_ptr<const Code> create(const Graph& graph, const CodeOptions& options = {});

  Code(const Code&) = delete;
  Code& operator=(const Code&) = delete;
  ~Code();

  size_t numInputs() const { return numInputs_; }
  size_t numOutputs() const { return numOutputs_; }
  size_t numRegisters() const { return numRegisters_; }
  // The deepest the operand stack gets inside this code (callees excluded).
  size_t maxStackDepth() const { return maxStackDepth_; }

  const std::vector<Instruction>& instructions() const { return instructions_; }
  const std::vector<Kernel>& kernels() const { return kernels_; }
  // Operators whose kernels take a registration context (OPX).
  const std::vector<const Operator*>& operators() const { return operators_; }
  const std::vector<IValue>& constants() const { return constants_; }
  const std::vector<TypePtr>& types() const { return types_; }
  const std::vector<std::string>& names() const { return names_; }
  const std::vector<Function*>& functions() const { return functions_; }
  ProfilingRecord* profile() const { return profile_.get(); }
  GuardContext* guards() const { return guards_.get(); }
  // The planner of this Code's PLAN slots (null without planMemory or slots).
  // Shared by every run; it keeps its own (synchronized) state.
  MemoryPlanner* memoryPlanner() const { return memoryPlanner_.get(); }
  // The node behind instruction `pc` (nullptr for bookkeeping instructions).
  const InstructionSource* sourceOf(size_t pc) const;

  // A human-readable listing: one instruction per line with its operands
  // resolved ("OP aten::add", "LOADC 1"), for tests and debugging.
  std::string dump() const;

 private:
  friend class CodeBuilder;
  Code() = default;

  size_t numInputs_ = 0;
  size_t numOutputs_ = 0;
  size_t numRegisters_ = 0;
  size_t maxStackDepth_ = 0;
  std::vector<Instruction> instructions_;
  std::vector<Kernel> kernels_;
  std::vector<std::string> kernelNames_;  // for dump()
  std::vector<const Operator*> operators_;
  std::vector<IValue> constants_;
  std::vector<TypePtr> types_;
  std::vector<std::string> names_;
  std::vector<Function*> functions_;
  std::shared_ptr<ProfilingRecord> profile_;
  std::shared_ptr<GuardContext> guards_;
  std::unique_ptr<MemoryPlanner> memoryPlanner_;
  // Fork subgraphs become functions owned here.
  std::vector<std::unique_ptr<GraphFunction>> ownedFunctions_;
  // instructionSource_[pc] indexes sources_, or -1.
  std::vector<int32_t> instructionSource_;
  std::vector<InstructionSource> sources_;
};

using CodePtr = std::shared_ptr<const Code>;

}  // namespace jitserve
