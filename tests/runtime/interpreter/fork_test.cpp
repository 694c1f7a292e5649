// fork/wait on the inter-op pool, end to end from TorchScript source: many
// tiny forks on a bounded pool, nested forks on a pool of one, errors and
// interrupts crossing the fork, structured completion of the forked work.
// (Results against PyTorch: the conformance corpus' fork cases.)
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "absl/status/statusor.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/ops/register_all.h"
#include "runtime/support/thread_pool.h"
#include "runtime/tensor/backend.h"

namespace jitserve {
namespace {

// The most inter-op threads any test here configures; every test runs with
// the pool at most this big, so peakThreads is bounded by it.
constexpr int kMaxPool = 3;

class ForkTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    setInterOpPoolSize(kMaxPool);
  }

  GraphFunction* define(std::string_view source, std::string_view name) {
    absl::Status st = cu_.define(source);
    EXPECT_TRUE(st.ok()) << st.message();
    GraphFunction* fn = cu_.findFunction(name);
    EXPECT_NE(fn, nullptr) << name;
    return fn;
  }

  static absl::StatusOr<Stack> run(GraphFunction* fn, Stack inputs, const InterpreterOptions& options = {}) {
    try {
      runCode(fn->code(), inputs, options);
      return inputs;
    } catch (const std::exception& e) {
      return statusFromException(e);
    }
  }

  frontend::CompilationUnit cu_;
};

constexpr const char* kTinyForks = R"(
def twice(x: int) -> int:
    return x * 2

def many(n: int) -> int:
    futs: List[Future[int]] = []
    for i in range(n):
        futs.append(torch.jit.fork(twice, i))
    total = 0
    for f in futs:
        total += torch.jit.wait(f)
    return total
)";

TEST_F(ForkTest, TenThousandTinyForksOnABoundedPool) {
  GraphFunction* fn = define(kTinyForks, "many");
  auto out = run(fn, {IValue(int64_t{10000})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].toInt(), 10000 * 9999);  // sum of 2i for i < 10000
  const ThreadPool::Stats after = interOpPool().stats();
  EXPECT_GE(after.peakThreads, 1);  // the forks ran on the pool...
  EXPECT_LE(after.peakThreads, kMaxPool);  // ...on at most its size in threads
}

// TorchScript has no recursion: three levels, each forking three of the one below.
constexpr const char* kNested = R"(
def leaf(x: int) -> int:
    return x + 1

def level1(x: int) -> int:
    a = torch.jit.fork(leaf, x)
    b = torch.jit.fork(leaf, x + 1)
    c = torch.jit.fork(leaf, x + 2)
    return torch.jit.wait(a) + torch.jit.wait(b) + torch.jit.wait(c)

def level2(x: int) -> int:
    a = torch.jit.fork(level1, x)
    b = torch.jit.fork(level1, x + 1)
    c = torch.jit.fork(level1, x + 2)
    return torch.jit.wait(a) + torch.jit.wait(b) + torch.jit.wait(c)

def tree(x: int) -> int:
    a = torch.jit.fork(level2, x)
    b = torch.jit.fork(level2, x + 1)
    c = torch.jit.fork(level2, x + 2)
    return torch.jit.wait(a) + torch.jit.wait(b) + torch.jit.wait(c)
)";

// tree(x) computed serially: each level sums its parts at x, x+1, x+2.
int64_t level(int64_t x, int depth) {
  if (depth == 0) return x + 1;
  return level(x, depth - 1) + level(x + 1, depth - 1) + level(x + 2, depth - 1);
}

TEST_F(ForkTest, NestedForksOnAPoolOfOne) {
  // Every forked call waits on forks of its own: with one worker this only
  // finishes if a wait suspends instead of holding the worker.
  GraphFunction* fn = define(kNested, "tree");
  setInterOpPoolSize(1);
  auto out = run(fn, {IValue(int64_t{5})});
  setInterOpPoolSize(kMaxPool);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].toInt(), level(5, 3));
}

TEST_F(ForkTest, NestedForksOnAPoolOfSeveral) {
  GraphFunction* fn = define(kNested, "tree");
  for (int i = 0; i < 20; ++i) {
    auto out = run(fn, {IValue(int64_t{i})});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ((*out)[0].toInt(), level(i, 3));
  }
}

TEST_F(ForkTest, RunOnAPoolWorkerHelpsInsteadOfBlocking) {
  // A blocking run (a kernel calling a function) on the only worker: it
  // must run its own forks while it waits.
  GraphFunction* fn = define(kNested, "tree");
  (void)fn->code();
  setInterOpPoolSize(1);
  std::atomic<int> done{0};
  absl::StatusOr<Stack> out;
  interOpPool().schedule([&] {
    out = run(fn, {IValue(int64_t{2})});
    done.store(1);
    interOpPool().wake();
  });
  interOpPool().helpUntil([&] { return done.load() == 1; });
  setInterOpPoolSize(kMaxPool);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].toInt(), level(2, 3));
}

// test::rendezvous() counts its arrival, then spins until two calls have
// arrived (giving up after 20 s, returning -1, so a failure cannot hang).
std::atomic<int> g_arrived{0};

void rendezvousKernel(Stack& stack) {
  g_arrived.fetch_add(1);
  const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  int64_t result = 1;
  while (g_arrived.load() < 2) {
    if (std::chrono::steady_clock::now() > giveUp) {
      result = -1;
      break;
    }
    std::this_thread::yield();
  }
  stack.emplace_back(result);
}

TEST_F(ForkTest, TwoForksRunAtTheSameTime) {
  // Each fork waits inside a kernel until the other has started: only a
  // pool that runs them at once gets both to return 1.
  static const bool registered = [] {
    absl::Status st = globalOperatorRegistry().add(
        OperatorDef("test::rendezvous() -> int", &rendezvousKernel, "fork_test: wait until two calls arrived"));
    EXPECT_TRUE(st.ok()) << st.message();
    return true;
  }();
  (void)registered;
  auto graph = parseIR(R"IR(
graph():
  %a : Future[int] = prim::fork_0()
  %b : Future[int] = prim::fork_1()
  %x : int = aten::wait(%a)
  %y : int = aten::wait(%b)
  %r : int = aten::add(%x, %y)
  return (%r)
with prim::fork_0 = graph():
  %v : int = test::rendezvous()
  return (%v)
with prim::fork_1 = graph():
  %v : int = test::rendezvous()
  return (%v)
)IR");
  ASSERT_TRUE(graph.ok()) << graph.status();
  CodePtr code = Code::create(**graph);
  g_arrived.store(0);
  setInterOpPoolSize(2);
  Stack stack;
  runCode(code, stack);
  setInterOpPoolSize(kMaxPool);
  ASSERT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack[0].toInt(), 2);
}

constexpr const char* kRaises = R"(
def check(x: int) -> int:
    if x < 0:
        raise ValueError("negative input")
    return x

def outer(x: int) -> int:
    fut = torch.jit.fork(check, x)
    return torch.jit.wait(fut)
)";

TEST_F(ForkTest, ErrorInForkReachesWaitWithItsSourceRange) {
  GraphFunction* fn = define(kRaises, "outer");
  auto ok = run(fn, {IValue(int64_t{4})});
  ASSERT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ((*ok)[0].toInt(), 4);
  auto out = run(fn, {IValue(int64_t{-1})});
  ASSERT_FALSE(out.ok());
  const std::string msg(out.status().message());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument) << msg;
  // The program's message first, then where the raise is (line 4 of the
  // source), then a traceback that passes through the wait (line 9).
  EXPECT_EQ(msg.rfind("builtins.ValueError: negative input", 0), 0u) << msg;
  EXPECT_NE(msg.find("line 4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Traceback"), std::string::npos) << msg;
  EXPECT_NE(msg.find("line 9"), std::string::npos) << msg;
}

constexpr const char* kSpins = R"(
def spin(x: int) -> int:
    i = 0
    while x >= 0:
        i += 1
    return i

def outer(x: int) -> int:
    fut = torch.jit.fork(spin, x)
    return torch.jit.wait(fut)

def abandon(x: int) -> int:
    fut = torch.jit.fork(spin, x)
    if x >= 0:
        raise ValueError("gave up")
    return torch.jit.wait(fut)
)";

// The caller only waits (no loop of its own checks the clock), so these
// finish only because the forked call sees the deadline / the flag.
TEST_F(ForkTest, DeadlineReachesForkedWork) {
  GraphFunction* fn = define(kSpins, "outer");
  InterpreterOptions options;
  options.deadline = InterpreterOptions::Clock::now() + std::chrono::milliseconds(50);
  auto out = run(fn, {IValue(int64_t{1})}, options);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kDeadlineExceeded) << out.status();
  EXPECT_NE(std::string(out.status().message()).find("spin"), std::string::npos) << out.status();
}

TEST_F(ForkTest, CancellationReachesForkedWork) {
  GraphFunction* fn = define(kSpins, "outer");
  std::atomic<bool> cancelled{false};
  InterpreterOptions options;
  options.cancelled = &cancelled;
  options.checkInterval = 64;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancelled.store(true);
  });
  auto out = run(fn, {IValue(int64_t{1})}, options);
  canceller.join();
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kCancelled) << out.status();
}

TEST_F(ForkTest, ForkQueuedAfterCancellationDoesNotStart) {
  GraphFunction* fn = define(kRaises, "outer");
  std::atomic<bool> cancelled{true};
  InterpreterOptions options;
  options.cancelled = &cancelled;
  auto out = run(fn, {IValue(int64_t{1})}, options);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kCancelled) << out.status();
}

TEST_F(ForkTest, FailedCallerStopsTheForksItLeftBehind) {
  // `abandon` raises without waiting for its never-ending fork: the run
  // returns its own error once the fork has stopped.
  GraphFunction* fn = define(kSpins, "abandon");
  auto out = run(fn, {IValue(int64_t{1})});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(std::string(out.status().message()).rfind("builtins.ValueError: gave up", 0), 0u) << out.status();
}

constexpr const char* kFireAndForget = R"(
def fill(xs: List[int], n: int) -> int:
    for i in range(n):
        xs.append(i)
    return n

def outer(xs: List[int], n: int) -> int:
    fut = torch.jit.fork(fill, xs, n)
    return n
)";

TEST_F(ForkTest, RunReturnsAfterItsForksFinish) {
  // The fork is never waited for, yet it has finished when run returns:
  // the caller's options (flag, deadline, sink) outlive every forked call.
  GraphFunction* fn = define(kFireAndForget, "outer");
  auto list = ListImpl::create(IntType::get(), {});
  auto out = run(fn, {IValue(list), IValue(int64_t{5000})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(list->size(), 5000u);
}

// A device backend that only counts synchronizeThread calls, to see the
// interpreter hand device work across threads at fork boundaries.
class CountingBackend final : public Backend {
 public:
  DeviceType deviceType() const override { return DeviceType::PrivateUse1; }
  int deviceCount() const override { return 0; }
  Allocator* allocator() override { return getCPUAllocator(); }
  void copyFromHost(void*, Device, const void*, size_t) override {}
  void copyToHost(void*, const void*, Device, size_t) override {}
  void copyOnDevice(void*, Device, const void*, Device, size_t) override {}
  void synchronize(Device) override {}
  void synchronizeThread() override { syncs.fetch_add(1); }
  std::atomic<int> syncs{0};
};

// Each fork synchronizes the forking thread before it starts and the forked
// thread when it finishes, so device streams on either side see the other's
// work (docs/cuda.md, "Streams and threads").
TEST_F(ForkTest, ForksSynchronizeDeviceWorkAcrossThreads) {
  static CountingBackend* backend = [] {
    auto* b = new CountingBackend();
    registerBackend(b);
    return b;
  }();
  GraphFunction* fn = define(kTinyForks, "many");
  const int before = backend->syncs.load();
  auto out = run(fn, {IValue(int64_t{10})});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_GE(backend->syncs.load() - before, 20);
}

}  // namespace
}  // namespace jitserve
