#include "runtime/interpreter/interpreter.h"

#include <condition_variable>
#include <iostream>
#include <limits>
#include <mutex>
#include <sstream>

#include "runtime/core/operator.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/profiling_record.h"
#include "runtime/support/thread_pool.h"
#include "runtime/tensor/backend.h"

namespace jitserve {

namespace {

// Frames deeper than this mean runaway recursion (TorchScript itself rejects
// recursion, but graphs built by hand or imported may call in a cycle).
constexpr size_t kMaxFrames = 2048;

thread_local const InterpreterState* t_current = nullptr;

// Forked executions may print at once; one sink write at a time.
std::mutex& printMutex() {
  static std::mutex mu;
  return mu;
}

}  // namespace

// Fork scopes ----------------------------------------------------------------------

// The forked work of one root execution: how many forked calls have not
// finished, and whether the root gave up on them.
struct InterpreterState::ForkScope {
  std::atomic<int64_t> outstanding{0};
  std::atomic<bool> abandoned{false};
  std::mutex mu;
  std::condition_variable cv;

  // The last thing a forked call does: after this the root may return and
  // the options' pointers may dangle.
  void taskDone() {
    if (outstanding.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
    {
      std::lock_guard<std::mutex> g(mu);
    }
    cv.notify_all();
    interOpPool().wake();
  }

  void waitIdle() {
    if (outstanding.load(std::memory_order_acquire) == 0) return;
    ThreadPool& pool = interOpPool();
    if (pool.onWorkerThread()) {
      pool.helpUntil([this] { return outstanding.load(std::memory_order_acquire) == 0; });
      return;
    }
    std::unique_lock<std::mutex> lk(mu);
    cv.wait(lk, [this] { return outstanding.load(std::memory_order_acquire) == 0; });
  }
};

// One forked call: its state (or a non-graph function), arguments, result.
struct InterpreterState::ForkedRun {
  std::unique_ptr<InterpreterState> state;  // for a GraphFunction
  Function* fn = nullptr;                   // otherwise, run to completion
  Stack stack;
  intrusive_ptr<FutureImpl> result;
  std::shared_ptr<ForkScope> scope;
};

void waitForFuture(FutureImpl& fut) {
  if (fut.completed()) return;
  ThreadPool& pool = interOpPool();
  if (!pool.onWorkerThread()) {
    fut.wait();
    return;
  }
  fut.addCallback([&pool](FutureImpl&) { pool.wake(); });
  pool.helpUntil([&fut] { return fut.completed(); });
}

// ScriptError --------------------------------------------------------------------

ScriptError::ScriptError(std::string message, absl::StatusCode code, std::vector<FrameInfo> frames)
    : Error(format(message, frames), code), scriptMessage_(std::move(message)), frames_(std::move(frames)) {}

std::string ScriptError::format(const std::string& message, const std::vector<FrameInfo>& frames) {
  std::ostringstream os;
  os << message;
  if (frames.empty()) return os.str();
  const FrameInfo& inner = frames.front();
  if (!inner.location.empty()) os << "\n" << inner.location;
  if (!inner.nodeKind.empty()) os << "\n(in " << inner.nodeKind << ")";
  if (frames.size() > 1) {
    os << "\nTraceback of TorchScript (most recent call last):";
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
      os << "\n  " << (it->function.empty() ? "<graph>" : it->function);
      if (!it->location.empty()) {
        // Multi-line locations (source excerpts) are indented under the frame.
        std::string loc = it->location;
        for (size_t p = loc.find('\n'); p != std::string::npos; p = loc.find('\n', p + 3)) loc.replace(p, 1, "\n  ");
        os << ": " << loc;
      }
    }
  }
  return os.str();
}

// InterpreterState ---------------------------------------------------------------

namespace {

// Register files kept per thread between runs. A run's registers are one
// allocation of 16 bytes per value of its graph (several KB for a model);
// glibc serves that size from its large bins, which after a model load has
// freed tens of thousands of objects can take ~1 ms to search (measured:
// a transformer encoder's first call after another model's import took
// 2.4 ms instead of 0.3, most of it in that one malloc). Reusing the
// storage takes the allocator off the path of every run, the first
// included.
constexpr size_t kMaxPooledRegisterFiles = 4;
constexpr size_t kMaxPooledRegisters = size_t{1} << 16;  // 1 MiB of IValues
thread_local std::vector<std::vector<IValue>> t_registerFiles;

std::vector<IValue> takeRegisterFile() {
  if (t_registerFiles.empty()) return {};
  std::vector<IValue> v = std::move(t_registerFiles.back());
  t_registerFiles.pop_back();
  return v;
}

void returnRegisterFile(std::vector<IValue>&& v) {
  v.clear();
  if (v.capacity() == 0 || v.capacity() > kMaxPooledRegisters || t_registerFiles.size() >= kMaxPooledRegisterFiles) {
    return;
  }
  t_registerFiles.push_back(std::move(v));
}

}  // namespace

InterpreterState::InterpreterState(CodePtr code, InterpreterOptions options)
    : code_(std::move(code)), options_(options), registers_(takeRegisterFile()) {
  JS_INTERNAL_ASSERT(code_ != nullptr, "InterpreterState needs Code");
  const bool interruptible = options_.cancelled != nullptr || options_.deadline.has_value();
  if (options_.checkInterval == 0) options_.checkInterval = 1;
  // Without a flag or a deadline there is nothing to check; never count down to zero.
  countdown_ = interruptible ? options_.checkInterval : std::numeric_limits<uint32_t>::max();
}

InterpreterState::~InterpreterState() {
  if (!forked_ && scope_) {
    // Stop forked work nobody will wait for; let it finish otherwise (its
    // results are simply dropped).
    if (failed_ || !finished_) scope_->abandoned.store(true, std::memory_order_relaxed);
    scope_->waitIdle();
  }
  // Values first, then the frames' arenas they may live in.
  registers_.clear();
  stack_.clear();
  frames_.clear();
  returnRegisterFile(std::move(registers_));
}

const InterpreterState* InterpreterState::current() { return t_current; }

void InterpreterState::fork(Function* fn, Stack args, const intrusive_ptr<FutureImpl>& fut) {
  if (!scope_) scope_ = std::make_shared<ForkScope>();
  auto run = std::make_shared<ForkedRun>();
  if (auto* gf = dynamic_cast<GraphFunction*>(fn)) {
    run->state = std::make_unique<InterpreterState>(gf->code(), options_);
    InterpreterState& child = *run->state;
    child.forked_ = true;
    child.scope_ = scope_;
    // Always interruptible: it must notice an abandoned scope.
    child.countdown_ = child.options_.checkInterval;
  } else {
    run->fn = fn;
  }
  run->stack = std::move(args);
  run->result = fut;
  run->scope = scope_;
  scope_->outstanding.fetch_add(1, std::memory_order_relaxed);
  // The forked call runs on another thread (its own device streams): what
  // this one queued for its arguments must be done first.
  synchronizeThreadDeviceWork();
  interOpPool().schedule([run] { stepForked(run); });
}

void InterpreterState::stepForked(const std::shared_ptr<ForkedRun>& run) {
  std::exception_ptr error;
  try {
    if (run->state) {
      if (run->state->run(run->stack) == Status::kSuspended) {
        // Resumed by whichever thread completes the future, as a new task
        // (on that thread's streams).
        synchronizeThreadDeviceWork();
        intrusive_ptr<FutureImpl> on = run->state->suspendedOn();
        on->addCallback([run](FutureImpl&) { interOpPool().schedule([run] { stepForked(run); }); });
        return;
      }
    } else {
      // No state of its own: a run it nests must not inherit the options of
      // whatever state this worker is helping from.
      const InterpreterState* outer = t_current;
      t_current = nullptr;
      struct Restore {
        const InterpreterState* outer;
        ~Restore() { t_current = outer; }
      } restore{outer};
      run->fn->run(run->stack);
    }
    JS_INTERNAL_ASSERT(run->stack.size() == 1, "forked function returned ", run->stack.size(), " values");
  } catch (...) {
    error = std::current_exception();
  }
  // The waiter reads the result on its own thread.
  try {
    synchronizeThreadDeviceWork();
  } catch (...) {
    if (!error) error = std::current_exception();
  }
  if (error) {
    run->result->setError(std::move(error));
  } else {
    IValue v = std::move(run->stack.back());
    run->stack.clear();
    run->result->markCompleted(std::move(v));
  }
  run->scope->taskDone();
}

void InterpreterState::pushFrame(const Code& code, const Function* fn) {
  if (frames_.size() >= kMaxFrames) {
    JS_ERROR("maximum recursion depth exceeded (", kMaxFrames, " nested calls) calling ",
             fn ? fn->qualifiedName() : std::string("<graph>"));
  }
  const size_t base = registers_.size();
  registers_.resize(base + code.numRegisters());
  frames_.push_back(Frame{&code, 0, base, fn, {}});
  if (MemoryPlanner* planner = code.memoryPlanner()) frames_.back().lease = planner->acquire();
}

void InterpreterState::checkInterrupts() {
  countdown_ = options_.checkInterval;
  if (options_.cancelled && options_.cancelled->load(std::memory_order_relaxed)) {
    throw Error("TorchScript execution was cancelled", absl::StatusCode::kCancelled);
  }
  if (forked_ && scope_->abandoned.load(std::memory_order_relaxed)) {
    throw Error("forked TorchScript call stopped: the execution that forked it failed",
                absl::StatusCode::kCancelled);
  }
  if (options_.deadline && InterpreterOptions::Clock::now() >= *options_.deadline) {
    throw Error("TorchScript execution exceeded its deadline", absl::StatusCode::kDeadlineExceeded);
  }
}

InterpreterState::Status InterpreterState::run(Stack& stack) {
  JS_CHECK(!finished_, "InterpreterState::run called on a finished execution");
  if (!started_) {
    started_ = true;
    JS_CHECK(stack.size() == code_->numInputs(), "expected ", code_->numInputs(), " inputs but got ",
             stack.size());
    stack_.swap(stack);
    stack_.reserve(stack_.size() + code_->maxStackDepth() + 8);
    pushFrame(*code_, nullptr);
  } else {
    JS_CHECK(suspendedOn_ != nullptr, "InterpreterState::run: nothing to resume");
    JS_CHECK(suspendedOn_->completed(), "InterpreterState resumed before its future completed");
    suspendedOn_.reset();
  }
  const InterpreterState* outer = t_current;
  t_current = this;
  struct Restore {
    const InterpreterState* outer;
    ~Restore() { t_current = outer; }
  } restore{outer};
  RunCountersScope counting(options_.counters);
  const Status s = runLoop();
  if (s == Status::kDone) {
    stack.clear();
    stack.swap(stack_);
  }
  return s;
}

bool InterpreterState::call(Function* fn) {
  if (auto* gf = dynamic_cast<GraphFunction*>(fn)) {
    const Code& code = *gf->code();
    pushFrame(code, fn);
    return true;
  }
  fn->run(stack_);
  return false;
}

void InterpreterState::unwindEntered() {
  // Run __exit__ of objects still entered, innermost first; an error inside
  // an __exit__ must not hide the original one.
  while (!entered_.empty()) {
    IValue obj = std::move(entered_.back());
    entered_.pop_back();
    try {
      if (Function* exitFn = obj.toObjectRef().type->findMethod("__exit__")) {
        Stack s{obj, IValue(), IValue(), IValue()};
        exitFn->run(s);
      }
    } catch (const std::exception&) {
    }
  }
}

void InterpreterState::rethrowWithContext(const std::exception& e, size_t failingPc) {
  finished_ = true;
  failed_ = true;
  std::vector<ScriptError::FrameInfo> frames;
  std::string message;
  absl::StatusCode code = absl::StatusCode::kInvalidArgument;
  if (auto* se = dynamic_cast<const ScriptError*>(&e)) {
    // Raised in a nested execution (a function run by a kernel, a fork):
    // keep its frames and add ours outside them.
    frames = se->frames();
    message = se->scriptMessage();
    code = se->code();
  } else if (auto* err = dynamic_cast<const Error*>(&e)) {
    message = err->message();
    code = err->code();
    // The tensor check cannot know which operator read it; the failing
    // instruction does.
    if (dynamic_cast<const NotOnHostError*>(&e) && !frames_.empty()) {
      const InstructionSource* src = frames_.back().code->sourceOf(failingPc);
      if (src && !src->nodeKind.empty()) message = src->nodeKind + ": " + message;
    }
  } else {
    // std::bad_alloc and the like: statusFromException says what they are.
    const absl::Status st = statusFromException(e);
    message = std::string(st.message());
    code = st.code();
  }
  for (size_t i = frames_.size(); i-- > 0;) {
    const Frame& f = frames_[i];
    const size_t pc = (i + 1 == frames_.size()) ? failingPc : (f.pc == 0 ? 0 : f.pc - 1);
    ScriptError::FrameInfo info;
    if (f.fn) info.function = f.fn->qualifiedName();
    if (const InstructionSource* src = f.code->sourceOf(pc)) {
      info.nodeKind = src->nodeKind;
      info.location = src->location;
    }
    frames.push_back(std::move(info));
  }
  unwindEntered();
  // Values first, then the frames' arenas they may live in.
  registers_.clear();
  stack_.clear();
  frames_.clear();
  throw ScriptError(std::move(message), code, std::move(frames));
}

InterpreterState::Status InterpreterState::runLoop() {
  Frame* frame = &frames_.back();
  const Code* code = frame->code;
  const Instruction* insts = code->instructions().data();
  const Code::Kernel* kernels = code->kernels().data();
  const IValue* constants = code->constants().data();
  IValue* regs = registers_.data() + frame->base;
  size_t pc = frame->pc;
  Stack& stack = stack_;

  // After a call or return the frame, its tables and the register window move.
  auto reload = [&] {
    frame = &frames_.back();
    code = frame->code;
    insts = code->instructions().data();
    kernels = code->kernels().data();
    constants = code->constants().data();
    regs = registers_.data() + frame->base;
    pc = frame->pc;
  };
  // OP, OPN and OPX; PLAN runs the one that follows it the same way.
  auto callOperator = [&](const Instruction& in) {
    if (in.op == OpCode::OP) {
      kernels[in.X](stack);
    } else if (in.op == OpCode::OPN) {
      stack.emplace_back(static_cast<int64_t>(in.N));
      kernels[in.X](stack);
    } else {
      if (in.Y) stack.emplace_back(static_cast<int64_t>(in.N));
      code->operators()[in.X]->run(stack);
    }
  };

  try {
    // A forked call checks before it starts and whenever it resumes: it may
    // have been queued past the deadline, or its root may have failed.
    if (forked_) checkInterrupts();
    for (;;) {
      const Instruction& in = insts[pc++];
      switch (in.op) {
        case OpCode::OP:
        case OpCode::OPN:
        case OpCode::OPX:
          callOperator(in);
          break;
        case OpCode::LOAD:
          stack.push_back(regs[in.X]);
          break;
        case OpCode::MOVE:
          stack.push_back(std::move(regs[in.X]));
          break;
        case OpCode::STORE:
          regs[in.X] = std::move(stack.back());
          stack.pop_back();
          break;
        case OpCode::STOREN: {
          IValue* src = stack.data() + stack.size() - in.N;
          for (uint32_t i = 0; i < in.N; ++i) regs[in.X + i] = std::move(src[i]);
          stack.resize(stack.size() - in.N);
          break;
        }
        case OpCode::LOADC:
          stack.push_back(constants[in.X]);
          break;
        case OpCode::DROP:
          stack.pop_back();
          break;
        case OpCode::DROPR:
          regs[in.X] = IValue();
          break;
        case OpCode::JMP:
          pc += in.X;
          break;
        case OpCode::JF: {
          const bool c = stack.back().toBool();
          stack.pop_back();
          if (!c) pc += in.X;
          break;
        }
        case OpCode::LOOP: {
          IValue* r = regs + in.X;
          const int64_t i = r[0].toInt();
          if (!r[2].toBool() || i >= r[1].toInt()) {
            pc += in.Y;
            break;
          }
          if (in.N) stack.emplace_back(i);
          r[0] = IValue(i + 1);
          break;
        }
        case OpCode::LOOP_BACK:
          if (--countdown_ == 0) {
            frame->pc = pc;
            checkInterrupts();
          }
          pc += in.X;
          break;
        case OpCode::LIST_CONSTRUCT: {
          std::vector<IValue> elems(std::make_move_iterator(stack.end() - in.N), std::make_move_iterator(stack.end()));
          stack.resize(stack.size() - in.N);
          stack.emplace_back(ListImpl::create(code->types()[in.X], std::move(elems)));
          break;
        }
        case OpCode::LIST_UNPACK: {
          IValue listv = std::move(stack.back());
          stack.pop_back();
          ListImpl& list = listv.toListRef();
          JS_CHECK(list.size() == in.N, "Expected ", in.N, " elements in a list but found ", list.size());
          const bool steal = listv.internalPointer()->refcount() == 1;
          for (IValue& e : list.elements) stack.push_back(steal ? std::move(e) : e);
          break;
        }
        case OpCode::TUPLE_CONSTRUCT: {
          std::vector<IValue> elems(std::make_move_iterator(stack.end() - in.N), std::make_move_iterator(stack.end()));
          stack.resize(stack.size() - in.N);
          stack.emplace_back(TupleImpl::create(std::move(elems), in.X >= 0 ? code->types()[in.X] : nullptr));
          break;
        }
        case OpCode::TUPLE_UNPACK: {
          IValue tv = std::move(stack.back());
          stack.pop_back();
          TupleImpl& t = tv.toTupleRef();
          JS_CHECK(t.size() == in.N, "Expected a tuple of ", in.N, " elements but found ", t.size());
          const bool steal = tv.internalPointer()->refcount() == 1;
          for (IValue& e : t.elements) stack.push_back(steal ? std::move(e) : e);
          break;
        }
        case OpCode::TUPLE_INDEX: {
          int64_t idx = stack.back().toInt();
          stack.pop_back();
          IValue tv = std::move(stack.back());
          stack.pop_back();
          TupleImpl& t = tv.toTupleRef();
          const int64_t n = static_cast<int64_t>(t.size());
          if (idx < 0) idx += n;
          JS_CHECK(idx >= 0 && idx < n, "tuple index out of range");
          stack.push_back(t.elements[idx]);
          break;
        }
        case OpCode::TUPLE_SLICE: {
          IValue tv = std::move(stack.back());
          stack.pop_back();
          TupleImpl& t = tv.toTupleRef();
          const size_t end = std::min<size_t>(in.N, t.size());
          const size_t begin = std::min<size_t>(static_cast<size_t>(in.X), end);
          stack.emplace_back(TupleImpl::create(std::vector<IValue>(t.elements.begin() + begin, t.elements.begin() + end)));
          break;
        }
        case OpCode::DICT_CONSTRUCT: {
          const auto& dt = code->types()[in.X]->expect<DictType>();
          auto dict = DictImpl::create(dt.keyType(), dt.valueType());
          IValue* kv = stack.data() + stack.size() - in.N;
          for (uint32_t i = 0; i < in.N; i += 2) dict->insertOrAssign(std::move(kv[i]), std::move(kv[i + 1]));
          stack.resize(stack.size() - in.N);
          stack.emplace_back(std::move(dict));
          break;
        }
        case OpCode::CREATE_OBJECT: {
          auto cls = std::static_pointer_cast<const ClassType>(code->types()[in.X]);
          stack.emplace_back(ObjectImpl::create(std::move(cls)));
          break;
        }
        case OpCode::GET_SLOT: {
          IValue obj = std::move(stack.back());
          stack.pop_back();
          stack.push_back(obj.toObjectRef().getSlot(static_cast<size_t>(in.X)));
          break;
        }
        case OpCode::SET_SLOT: {
          IValue v = std::move(stack.back());
          stack.pop_back();
          stack.back().toObjectRef().setSlot(static_cast<size_t>(in.X), std::move(v));
          stack.pop_back();
          break;
        }
        case OpCode::GET_ATTR: {
          IValue obj = std::move(stack.back());
          stack.pop_back();
          stack.push_back(obj.toObjectRef().getAttr(code->names()[in.X]));
          break;
        }
        case OpCode::SET_ATTR: {
          IValue v = std::move(stack.back());
          stack.pop_back();
          stack.back().toObjectRef().setAttr(code->names()[in.X], std::move(v));
          stack.pop_back();
          break;
        }
        case OpCode::ISINSTANCE: {
          bool result = false;
          const IValue& v = stack.back();
          for (uint32_t i = 0; i < in.N && !result; ++i) result = isInstanceOf(v, *code->types()[in.X + i]);
          stack.back() = IValue(result);
          break;
        }
        case OpCode::RAISE_EXCEPTION: {
          std::string cls;
          if (in.N) {
            IValue c = std::move(stack.back());
            stack.pop_back();
            if (!c.isNone()) cls = c.toStringRef();
          }
          std::string msg = stack.back().toStringRef();
          stack.pop_back();
          throw Error(cls.empty() ? std::move(msg) : cls + ": " + msg);
        }
        case OpCode::PRINT: {
          std::ostringstream os;
          IValue* args = stack.data() + stack.size() - in.N;
          for (uint32_t i = 0; i < in.N; ++i) os << (i ? " " : "") << args[i].str();
          os << "\n";
          stack.resize(stack.size() - in.N);
          std::ostream& sink = options_.printSink ? *options_.printSink : std::cout;
          std::lock_guard<std::mutex> g(printMutex());
          sink << os.str() << std::flush;
          break;
        }
        case OpCode::CALL:
        case OpCode::CALL_METHOD: {
          Function* fn;
          if (in.op == OpCode::CALL) {
            fn = code->functions()[in.X];
          } else {
            const IValue& self = stack[stack.size() - in.N];
            const auto& cls = self.toObjectRef().type;
            fn = cls->findMethod(code->names()[in.X]);
            JS_CHECK(fn != nullptr, "'", cls->name(), "' object has no method '", code->names()[in.X], "'");
          }
          if (--countdown_ == 0) {
            frame->pc = pc;
            checkInterrupts();
          }
          frame->pc = pc;
          if (call(fn)) reload();
          break;
        }
        case OpCode::FORK: {
          // Scheduled on the inter-op pool; the Future completes later.
          Function* fn = code->functions()[in.X];
          auto fut = FutureImpl::create(code->types()[in.Y]);
          Stack args(std::make_move_iterator(stack.end() - in.N), std::make_move_iterator(stack.end()));
          stack.resize(stack.size() - in.N);
          frame->pc = pc;
          fork(fn, std::move(args), fut);
          stack.emplace_back(std::move(fut));
          break;
        }
        case OpCode::WAIT: {
          FutureImpl& fut = stack.back().toFutureRef();
          if (!fut.completed()) {
            // Re-executes this WAIT when resumed.
            suspendedOn_ = stack.back().toFuture();
            frame->pc = pc - 1;
            return Status::kSuspended;
          }
          IValue v = fut.value();  // rethrows the forked function's error
          stack.back() = std::move(v);
          break;
        }
        case OpCode::ENTER: {
          IValue obj = std::move(stack.back());
          stack.pop_back();
          entered_.push_back(obj);
          Function* fn = obj.isObject() ? obj.toObjectRef().type->findMethod("__enter__") : nullptr;
          if (!fn) {
            stack.emplace_back();
            break;
          }
          stack.push_back(std::move(obj));
          frame->pc = pc;
          if (call(fn)) reload();
          break;
        }
        case OpCode::EXIT: {
          IValue obj = std::move(stack.back());
          stack.pop_back();
          JS_INTERNAL_ASSERT(!entered_.empty(), "prim::Exit without a matching prim::Enter");
          entered_.pop_back();
          Function* fn = obj.isObject() ? obj.toObjectRef().type->findMethod("__exit__") : nullptr;
          if (!fn) {
            stack.emplace_back();
            break;
          }
          stack.push_back(std::move(obj));
          stack.emplace_back();
          stack.emplace_back();
          stack.emplace_back();
          frame->pc = pc;
          if (call(fn)) reload();
          break;
        }
        case OpCode::PLAN: {
          // The operator that follows runs with its CPU allocations going
          // through the arena slot, which serves the one that is its output.
          frame->lease.arm(in.X);
          callOperator(insts[pc++]);
          frame->lease.finish(in.X, &stack.back());
          break;
        }
        case OpCode::PROFILE:
          code->profile()->record(static_cast<size_t>(in.X), stack.back());
          stack.pop_back();
          break;
        case OpCode::GUARD: {
          if (satisfiesGuard(stack[stack.size() - in.N], static_cast<const TensorType&>(*code->types()[in.X]))) {
            stack.resize(stack.size() - (in.N - 1));
            ++pc;  // over the bail-out's RET
            break;
          }
          // Bail out: the continuation takes the N values and its results
          // return through the RET that follows.
          GuardContext* guards = code->guards();
          guards->failed(static_cast<size_t>(in.Y));
          Function* fn = guards->continuation(static_cast<size_t>(in.Y));
          frame->pc = pc;
          if (call(fn)) reload();
          break;
        }
        case OpCode::RET: {
          if (frames_.size() == 1) {
            frame->pc = pc;
            registers_.clear();
            frames_.clear();
            finished_ = true;
            return Status::kDone;
          }
          const size_t base = frame->base;
          registers_.resize(base);
          frames_.pop_back();
          reload();
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    setCpuAllocationTarget(nullptr);  // a PLANned operator may have thrown
    rethrowWithContext(e, pc == 0 ? 0 : pc - 1);
  }
}

void runCode(const CodePtr& code, Stack& stack, const InterpreterOptions& options) {
  InterpreterOptions effective = options;
  const InterpreterState* outer = InterpreterState::current();
  if (outer && !options.cancelled && !options.deadline && !options.printSink) {
    const InterpreterOptions& o = outer->options();
    effective.cancelled = o.cancelled;
    effective.deadline = o.deadline;
    effective.printSink = o.printSink;
  }
  InterpreterState state(code, effective);
  while (state.run(stack) == InterpreterState::Status::kSuspended) waitForFuture(*state.suspendedOn());
}

}  // namespace jitserve
