// InterpreterState: one execution of a Code.
//
// The state holds everything an execution needs: a stack of call frames
// (code, pc, register window), one register file shared by the frames, and
// the operand stack. Nothing lives on the C++ stack between instructions, so
// an execution that reaches `wait` on an incomplete Future can return
// kSuspended and be resumed later, on any thread, by calling run() again.
//
// Reentrancy: Code is shared and immutable; each concurrent execution uses
// its own InterpreterState. A state is used by one thread at a time.
//
// Interrupts: the options carry a cancellation flag and a deadline. They are
// checked at loop back-edges and calls, cheaply: a countdown is decremented
// and the flag and clock are read only every `checkInterval` checks. An
// interrupted run throws jitserve::Error with code CANCELLED or
// DEADLINE_EXCEEDED.
//
// Errors raised by the program (prim::RaiseException, a kernel's JS_CHECK)
// propagate as ScriptError: the original message first, then the failing
// node's source location and a traceback of the call frames.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/core/ivalue.h"
#include "runtime/core/stack.h"
#include "runtime/interpreter/code.h"
#include "runtime/support/error.h"

namespace jitserve {

struct InterpreterOptions {
  using Clock = std::chrono::steady_clock;
  // Set to true (by any thread) to stop the run at its next check.
  const std::atomic<bool>* cancelled = nullptr;
  std::optional<Clock::time_point> deadline;
  // Checks (back-edges and calls) between reads of the flag and the clock.
  uint32_t checkInterval = 1024;
  // Where prim::Print writes; nullptr means std::cout.
  std::ostream* printSink = nullptr;
};

// An error raised while running TorchScript: the program's message plus
// where it happened. what() is "message\n<location>\nTraceback ...".
class ScriptError : public Error {
 public:
  struct FrameInfo {
    std::string function;  // "" for the entry graph
    std::string nodeKind;
    std::string location;
  };
  ScriptError(std::string message, absl::StatusCode code, std::vector<FrameInfo> frames);
  // The message without location or traceback ("builtins.ValueError: x").
  const std::string& scriptMessage() const { return scriptMessage_; }
  // Innermost frame first.
  const std::vector<FrameInfo>& frames() const { return frames_; }

 private:
  static std::string format(const std::string& message, const std::vector<FrameInfo>& frames);
  std::string scriptMessage_;
  std::vector<FrameInfo> frames_;
};

class InterpreterState {
 public:
  enum class Status { kDone, kSuspended };

  explicit InterpreterState(CodePtr code, InterpreterOptions options = {});
  ~InterpreterState();
  InterpreterState(const InterpreterState&) = delete;
  InterpreterState& operator=(const InterpreterState&) = delete;

  // First call: `stack` holds the inputs, which are consumed. Returns kDone
  // with the outputs pushed on `stack`, or kSuspended (stack left empty)
  // while waiting on suspendedOn(); call run() again once it completed.
  // Throws ScriptError / Error on failure; the state is then finished.
  Status run(Stack& stack);

  // The future a suspended run waits for (null otherwise).
  const intrusive_ptr<FutureImpl>& suspendedOn() const { return suspendedOn_; }
  bool finished() const { return finished_; }

 private:
  struct Frame {
    const Code* code;
    size_t pc;
    size_t base;          // first register of this frame in registers_
    const Function* fn;   // null for the entry code
  };

  Status runLoop();
  void pushFrame(const Code& code, const Function* fn);
  void checkInterrupts();
  [[noreturn]] void rethrowWithContext(const std::exception& e, size_t failingPc);
  void unwindEntered();
  // Calls fn on its N arguments on top of the stack; pushes a frame if it is
  // a GraphFunction, else runs it to completion. Returns true if a frame was pushed.
  bool call(Function* fn);

  CodePtr code_;
  InterpreterOptions options_;
  std::vector<Frame> frames_;
  std::vector<IValue> registers_;
  Stack stack_;
  // Objects entered by prim::Enter and not yet exited, outermost first, so
  // an error can still run their __exit__.
  std::vector<IValue> entered_;
  intrusive_ptr<FutureImpl> suspendedOn_;
  uint32_t countdown_;
  bool started_ = false;
  bool finished_ = false;
};

// Runs `code` to completion on `stack` on this thread (blocking on any
// Future it waits for). Throws like InterpreterState::run.
void runCode(const CodePtr& code, Stack& stack, const InterpreterOptions& options = {});

}  // namespace jitserve
