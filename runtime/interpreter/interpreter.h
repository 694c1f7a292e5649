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
// Fork/wait (docs/parallelism.md): FORK creates a state for the forked call
// and schedules it on the inter-op pool (runtime/support/thread_pool.h),
// pushing an incomplete Future. A forked state that reaches WAIT on an
// incomplete Future suspends; a callback on that Future schedules it again,
// so no pool thread blocks on a wait. The forked state completes its Future
// with the result, or with the ScriptError it raised (message, source range
// and frames), which WAIT rethrows in the waiter, adding the waiter's frames.
// Forked states share the root's options (cancellation flag, deadline, print
// sink). The root (a state not created by FORK) owns a fork scope: its
// destructor waits until every state forked under it, transitively, has
// finished, so the options' pointers outlive the forked work; if the root
// failed or was abandoned while suspended, the forked work is told to stop
// (it fails with CANCELLED at its next check).
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
#include "runtime/core/run_counters.h"
#include "runtime/core/stack.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/memory_planner.h"
#include "runtime/support/error.h"

namespace jitserve {

struct InterpreterOptions {
  using Clock = std::chrono::steady_clock;
  // Set to true (by any thread) to stop the run, and the work it forked,
  // at its next check.
  const std::atomic<bool>* cancelled = nullptr;
  std::optional<Clock::time_point> deadline;
  // Checks (back-edges and calls) between reads of the flag and the clock.
  uint32_t checkInterval = 1024;
  // Where prim::Print writes; nullptr means std::cout.
  std::ostream* printSink = nullptr;
  // Where the run's work is counted (run_counters.h): installed on every
  // thread that runs this state or the work it forks; must outlive the run.
  RunCounters* counters = nullptr;
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
  // A root state waits here for the work it forked (see above).
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
  const InterpreterOptions& options() const { return options_; }

  // The state running on this thread (innermost), or null. Nested runs
  // (a kernel calling a function) inherit its options through runCode.
  static const InterpreterState* current();

 private:
  struct ForkScope;
  struct ForkedRun;
  struct Frame {
    const Code* code;
    size_t pc;
    size_t base;          // first register of this frame in registers_
    const Function* fn;   // null for the entry code
    // The frame's memory-planner arena (a Code with PLAN slots); released
    // after the frame's registers, when the frame is popped.
    MemoryPlanner::Lease lease;
  };

  Status runLoop();
  void pushFrame(const Code& code, const Function* fn);
  void checkInterrupts();
  [[noreturn]] void rethrowWithContext(const std::exception& e, size_t failingPc);
  void unwindEntered();
  // Calls fn on its N arguments on top of the stack; pushes a frame if it is
  // a GraphFunction, else runs it to completion. Returns true if a frame was pushed.
  bool call(Function* fn);
  // FORK: runs fn on `args` on the inter-op pool, completing `fut`.
  void fork(Function* fn, Stack args, const intrusive_ptr<FutureImpl>& fut);
  // Runs a forked call until it finishes or suspends (a pool task).
  static void stepForked(const std::shared_ptr<ForkedRun>& run);

  CodePtr code_;
  InterpreterOptions options_;
  std::vector<Frame> frames_;
  std::vector<IValue> registers_;
  Stack stack_;
  // Objects entered by prim::Enter and not yet exited, outermost first, so
  // an error can still run their __exit__.
  std::vector<IValue> entered_;
  intrusive_ptr<FutureImpl> suspendedOn_;
  // Shared by a root and every state forked under it; created by the first FORK.
  std::shared_ptr<ForkScope> scope_;
  uint32_t countdown_;
  bool started_ = false;
  bool finished_ = false;
  bool failed_ = false;
  bool forked_ = false;  // created by FORK (not a root)
};

// Runs `code` to completion on `stack` on this thread, and waits for the
// work it forked. Throws like InterpreterState::run. When `options` sets
// no flag, deadline or sink and a state is running on this thread (a kernel
// calling a function), the run inherits that state's.
void runCode(const CodePtr& code, Stack& stack, const InterpreterOptions& options = {});

// Blocks until `fut` completes. On an inter-op pool worker it runs queued
// pool tasks meanwhile (ThreadPool::helpUntil), so it cannot starve the pool.
void waitForFuture(FutureImpl& fut);

}  // namespace jitserve
