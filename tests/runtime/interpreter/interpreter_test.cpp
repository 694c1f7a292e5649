// Interpreter tests: IR text in, inputs, outputs checked.
#include <gtest/gtest.h>

#include <atomic>
#include <sstream>
#include <thread>

#include "runtime/interpreter/code.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/interpreter/interpreter.h"
#include "tests/runtime/interpreter/test_ops.h"

namespace jitserve {
namespace {

using testing::parseGraph;
using testing::runIR;
using testing::testRegistry;

Stack runOk(std::string_view ir, Stack inputs, RunOptions options = {}) {
  auto out = runIR(ir, std::move(inputs), std::move(options));
  EXPECT_TRUE(out.ok()) << out.status();
  return out.ok() ? *out : Stack{};
}

std::vector<int64_t> ints(const IValue& v) { return v.toIntVector(); }

// A stack whose values nothing else references (an initializer list would
// keep a second reference alive for the whole call).
template <typename... Args>
Stack ownedStack(Args&&... args) {
  Stack s;
  (s.emplace_back(std::forward<Args>(args)), ...);
  return s;
}

// Control flow ----------------------------------------------------------------------

TEST(Interpreter, StraightLine) {
  auto out = runOk(R"IR(
graph(%a : int, %b : int):
  %2 : int = prim::Constant[value=10]()
  %c : int = aten::add(%a, %b)
  %d : int = aten::mul(%c, %2)
  return (%d)
)IR",
                   {IValue(int64_t{2}), IValue(int64_t{3})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toInt(), 50);
}

TEST(Interpreter, IfWithOutputsBothBranches) {
  const char* ir = R"IR(
graph(%x : int):
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=100]()
  %c : bool = aten::gt(%x, %0)
  %r : int = prim::If(%c)
    block0():
      %y : int = aten::add(%x, %1)
      -> (%y)
    block1():
      %z : int = aten::sub(%x, %1)
      -> (%z)
  return (%r)
)IR";
  EXPECT_EQ(runOk(ir, {IValue(int64_t{5})})[0].toInt(), 105);
  EXPECT_EQ(runOk(ir, {IValue(int64_t{-5})})[0].toInt(), -105);
}

TEST(Interpreter, ForLoopWithCarriedValues) {
  // for i in range(n): s += i; p *= 2
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %s : int, %p : int = prim::Loop(%n, %true, %0, %1)
    block0(%i : int, %s.1 : int, %p.1 : int):
      %s.2 : int = aten::add(%s.1, %i)
      %p.2 : int = aten::mul(%p.1, %2)
      -> (%true, %s.2, %p.2)
  %t : (int, int) = prim::TupleConstruct(%s, %p)
  return (%t)
)IR";
  auto out = runOk(ir, {IValue(int64_t{10})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toTupleRef().elements[0].toInt(), 45);
  EXPECT_EQ(out[0].toTupleRef().elements[1].toInt(), 1024);
  // Zero trips: the carried values are the initial ones.
  auto zero = runOk(ir, {IValue(int64_t{0})});
  EXPECT_EQ(zero[0].toTupleRef().elements[0].toInt(), 0);
  EXPECT_EQ(zero[0].toTupleRef().elements[1].toInt(), 1);
}

TEST(Interpreter, WhileLoopWithCondition) {
  // i = 0; s = 0; while i < n: s += i; i += 1
  const char* ir = R"IR(
graph(%n : int):
  %max : int = prim::Constant[value=9223372036854775807]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %c0 : bool = aten::lt(%0, %n)
  %i : int, %s : int = prim::Loop(%max, %c0, %0, %0)
    block0(%_ : int, %i.1 : int, %s.1 : int):
      %s.2 : int = aten::add(%s.1, %i.1)
      %i.2 : int = aten::add(%i.1, %1)
      %c : bool = aten::lt(%i.2, %n)
      -> (%c, %i.2, %s.2)
  return (%s)
)IR";
  EXPECT_EQ(runOk(ir, {IValue(int64_t{100})})[0].toInt(), 4950);
  EXPECT_EQ(runOk(ir, {IValue(int64_t{0})})[0].toInt(), 0);
}

TEST(Interpreter, LoopCarriedSwap) {
  // a, b = b, a each iteration: block outputs read the parameters in the
  // other order, which needs a parallel assignment.
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %a : int, %b : int = prim::Loop(%n, %true, %1, %2)
    block0(%i : int, %a.1 : int, %b.1 : int):
      -> (%true, %b.1, %a.1)
  %t : (int, int) = prim::TupleConstruct(%a, %b)
  return (%t)
)IR";
  auto odd = runOk(ir, {IValue(int64_t{3})});
  EXPECT_EQ(odd[0].toTupleRef().elements[0].toInt(), 2);
  EXPECT_EQ(odd[0].toTupleRef().elements[1].toInt(), 1);
  auto even = runOk(ir, {IValue(int64_t{4})});
  EXPECT_EQ(even[0].toTupleRef().elements[0].toInt(), 1);
}

TEST(Interpreter, LoopResultNotCoalescedWhileParameterIsStillRead) {
  // a, b = a + b, 2 * a: %t must not overwrite a's register before %u reads a.
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %2 : int = prim::Constant[value=2]()
  %a : int, %b : int = prim::Loop(%n, %true, %1, %0)
    block0(%i : int, %a.1 : int, %b.1 : int):
      %t : int = aten::add(%a.1, %b.1)
      %u : int = aten::mul(%a.1, %2)
      -> (%true, %t, %u)
  %r : (int, int) = prim::TupleConstruct(%a, %b)
  return (%r)
)IR";
  auto out = runOk(ir, {IValue(int64_t{3})});
  EXPECT_EQ(out[0].toTupleRef().elements[0].toInt(), 5);
  EXPECT_EQ(out[0].toTupleRef().elements[1].toInt(), 6);
}

TEST(Interpreter, NestedLoopsAndIf) {
  // count pairs (i, j), i < n, j < n, with i < j
  const char* ir = R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %1 : int = prim::Constant[value=1]()
  %r : int = prim::Loop(%n, %true, %0)
    block0(%i : int, %acc.1 : int):
      %acc.3 : int = prim::Loop(%n, %true, %acc.1)
        block0(%j : int, %acc.2 : int):
          %lt : bool = aten::lt(%i, %j)
          %acc.4 : int = prim::If(%lt)
            block0():
              %inc : int = aten::add(%acc.2, %1)
              -> (%inc)
            block1():
              -> (%acc.2)
          -> (%true, %acc.4)
      -> (%true, %acc.3)
  return (%r)
)IR";
  EXPECT_EQ(runOk(ir, {IValue(int64_t{5})})[0].toInt(), 10);
}

// The early-return shape the frontend produces (corpus early_return_in_loop):
// a flag carried through the loop and an If after it.
TEST(Interpreter, EarlyReturnInLoop) {
  const char* ir = R"IR(
graph(%xs.1 : int[], %target : int):
  %9 : bool = prim::Constant[value=1]()
  %10 : bool = prim::Constant[value=0]()
  %11 : int = prim::Constant[value=-1]()
  %12 : int = prim::Constant[value=0]()
  %13 : int = prim::Constant[value=1]()
  %14 : int = prim::Constant[value=9223372036854775807]()
  %15 : int = prim::Uninitialized()
  %16 : int = aten::len(%xs.1)
  %17 : bool = aten::gt(%16, %12)
  %18 : bool, %19 : int, %20 : int = prim::Loop(%14, %17, %10, %15, %12)
    block0(%21 : int, %22 : bool, %23 : int, %24 : int):
      %25 : int = aten::__getitem__(%xs.1, %24)
      %26 : bool = aten::eq(%25, %target)
      %27 : bool, %28 : int = prim::If(%26)
        block0():
          -> (%10, %24)
        block1():
          -> (%9, %15)
      %29 : int = aten::add(%24, %13)
      %30 : bool = aten::lt(%29, %16)
      %31 : bool = aten::__and__(%30, %27)
      -> (%31, %26, %28, %29)
  %32 : int = prim::If(%18)
    block0():
      -> (%19)
    block1():
      -> (%11)
  return (%32)
)IR";
  IValue xs = IValue::intList({4, 7, 9, 7});
  EXPECT_EQ(runOk(ir, {xs, IValue(int64_t{7})})[0].toInt(), 1);
  EXPECT_EQ(runOk(ir, {xs, IValue(int64_t{9})})[0].toInt(), 2);
  EXPECT_EQ(runOk(ir, {xs, IValue(int64_t{5})})[0].toInt(), -1);
  EXPECT_EQ(runOk(ir, {IValue::intList({}), IValue(int64_t{5})})[0].toInt(), -1);
}

// Containers --------------------------------------------------------------------------

TEST(Interpreter, ListsTuplesDicts) {
  const char* ir = R"IR(
graph(%a : int, %b : int):
  %k1 : str = prim::Constant[value="one"]()
  %k2 : str = prim::Constant[value="two"]()
  %l : int[] = prim::ListConstruct(%a, %b)
  %l2 : int[] = aten::append(%l, %a)
  %x : int, %y : int, %z : int = prim::ListUnpack(%l)
  %t : (int, int, int) = prim::TupleConstruct(%z, %y, %x)
  %u0 : int, %u1 : int, %u2 : int = prim::TupleUnpack(%t)
  %m1 : int = prim::Constant[value=-1]()
  %last : int = prim::TupleIndex(%t, %m1)
  %d : Dict(str, int) = prim::DictConstruct(%k1, %u0, %k2, %u1)
  %v : int = aten::__getitem__(%d, %k2)
  %s : (int, int) = prim::TupleSlice[beg=1, end=3](%t)
  %out : (int[], int, int, Dict(str, int), (int, int)) = prim::TupleConstruct(%l, %last, %v, %d, %s)
  return (%out)
)IR";
  auto out = runOk(ir, {IValue(int64_t{1}), IValue(int64_t{2})});
  ASSERT_EQ(out.size(), 1u);
  const auto& e = out[0].toTupleRef().elements;
  EXPECT_EQ(ints(e[0]), (std::vector<int64_t>{1, 2, 1}));
  EXPECT_EQ(e[1].toInt(), 1);
  EXPECT_EQ(e[2].toInt(), 2);
  EXPECT_EQ(e[3].toDictRef().size(), 2u);
  EXPECT_EQ(e[3].toDictRef().entries()[0].key.toStringRef(), "one");
  EXPECT_EQ(e[3].toDictRef().entries()[0].value.toInt(), 1);
  EXPECT_EQ(e[4].toTupleRef().elements[0].toInt(), 2);
  EXPECT_EQ(e[4].toTupleRef().elements[1].toInt(), 1);
}

TEST(Interpreter, ListUnpackSizeMismatchIsAnError) {
  auto out = runIR(R"IR(
graph(%l : int[]):
  %x : int, %y : int = prim::ListUnpack(%l)
  return (%x)
)IR",
                   {IValue::intList({1, 2, 3})});
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("Expected 2 elements in a list but found 3"), std::string::npos);
}

TEST(Interpreter, TupleAndListConstants) {
  auto out = runOk(R"IR(
graph():
  %1 : (int, int) = prim::Constant[value=(-1, -1)]()
  %2 : int[] = prim::Constant[value=[0, 1]]()
  %3 : float = prim::Constant[value=inf]()
  %4 : str = prim::Constant[value="a\"b"]()
  %5 : NoneType = prim::Constant()
  %6 : Device = prim::Constant[value="cpu"]()
  %t : ((int, int), int[], float, str, NoneType, Device) = prim::TupleConstruct(%1, %2, %3, %4, %5, %6)
  return (%t)
)IR",
                   {});
  ASSERT_EQ(out.size(), 1u);
  const auto& e = out[0].toTupleRef().elements;
  EXPECT_EQ(e[0].toTupleRef().elements[1].toInt(), -1);
  EXPECT_EQ(ints(e[1]), (std::vector<int64_t>{0, 1}));
  EXPECT_TRUE(std::isinf(e[2].toDouble()));
  EXPECT_EQ(e[3].toStringRef(), "a\"b");
  EXPECT_TRUE(e[4].isNone());
  EXPECT_TRUE(e[5].toDevice().isCPU());
}

TEST(Interpreter, ObjectsFromOpenClasses) {
  // class_counter_mutation shape: attributes appear through SetAttr.
  const char* ir = R"IR(
graph(%start.1 : int, %steps.1 : int[]):
  %2 : bool = prim::Constant[value=1]()
  %c.1 : __torch__.Counter = prim::CreateObject()
   = prim::SetAttr[name="count"](%c.1, %start.1)
  %13 : int[] = prim::ListConstruct()
   = prim::SetAttr[name="history"](%c.1, %13)
  %5 : int = aten::len(%steps.1)
   = prim::Loop(%5, %2)
    block0(%6 : int):
      %s.1 : int = aten::__getitem__(%steps.1, %6)
      %count.1 : int = prim::GetAttr[name="count"](%c.1)
      %15 : int = aten::add(%count.1, %s.1)
       = prim::SetAttr[name="count"](%c.1, %15)
      %history : int[] = prim::GetAttr[name="history"](%c.1)
      %count.3 : int = prim::GetAttr[name="count"](%c.1)
      %18 : int[] = aten::append(%history, %count.3)
      -> (%2)
  %count.2 : int = prim::GetAttr[name="count"](%c.1)
  %history.1 : int[] = prim::GetAttr[name="history"](%c.1)
  %11 : (int, int[]) = prim::TupleConstruct(%count.2, %history.1)
  return (%11)
)IR";
  auto out = runOk(ir, {IValue(int64_t{10}), IValue::intList({1, 2, 3})});
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toTupleRef().elements[0].toInt(), 16);
  EXPECT_EQ(ints(out[0].toTupleRef().elements[1]), (std::vector<int64_t>{11, 13, 16}));
}

TEST(Interpreter, IsInstanceAndUncheckedCast) {
  const char* ir = R"IR(
graph(%x : int?):
  %0 : int = prim::Constant[value=0]()
  %b : bool = prim::isinstance[types=[int]](%x)
  %r : int = prim::If(%b)
    block0():
      %y : int = prim::unchecked_cast(%x)
      -> (%y)
    block1():
      -> (%0)
  return (%r)
)IR";
  EXPECT_EQ(runOk(ir, {IValue(int64_t{7})})[0].toInt(), 7);
  EXPECT_EQ(runOk(ir, {IValue()})[0].toInt(), 0);
}

TEST(Interpreter, VarargFormatAndPrint) {
  std::ostringstream printed;
  RunOptions opts;
  opts.interpreter.printSink = &printed;
  auto out = runOk(R"IR(
graph(%x : int):
  %f : str = prim::Constant[value="x={} y={}"]()
  %5 : int = prim::Constant[value=5]()
  %s : str = aten::format(%f, %x, %5)
   = prim::Print(%s, %x)
  return (%s)
)IR",
                   {IValue(int64_t{3})}, opts);
  EXPECT_EQ(out[0].toStringRef(), "x=3 y=5");
  EXPECT_EQ(printed.str(), "x=3 y=5 3\n");
}

// Errors ---------------------------------------------------------------------------------

TEST(Interpreter, RaiseExceptionCarriesClassMessageAndLocation) {
  const char* ir = R"IR(
graph(%x.1 : int):
  %5 : int = prim::Constant[value=10]() # <string>:3:11
  %6 : str = prim::Constant[value="value {} exceeds limit {}"]() # <string>:4:25
  %7 : str = prim::Constant[value="builtins.ValueError"]() # <string>:4:14
  %8 : bool = aten::gt(%x.1, %5) # <string>:3:7
   = prim::If(%8) # <string>:3:4
    block0():
      %9 : str = aten::format(%6, %x.1, %5) # <string>:4:25
       = prim::RaiseException(%9, %7) # <string>:4:8
      -> ()
    block1():
      -> ()
  return (%x.1)
)IR";
  EXPECT_EQ(runOk(ir, {IValue(int64_t{3})})[0].toInt(), 3);
  auto out = runIR(ir, {IValue(int64_t{12})});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  const std::string msg(out.status().message());
  EXPECT_EQ(msg.rfind("builtins.ValueError: value 12 exceeds limit 10", 0), 0u) << msg;
  EXPECT_NE(msg.find("<string>:4:8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("prim::RaiseException"), std::string::npos) << msg;
}

TEST(Interpreter, KernelErrorCarriesLocation) {
  auto out = runIR(R"IR(
graph(%l : int[]):
  %9 : int = prim::Constant[value=9]()
  %x : int = aten::__getitem__(%l, %9) # <string>:2:11
  return (%x)
)IR",
                   {IValue::intList({1})});
  ASSERT_FALSE(out.ok());
  const std::string msg(out.status().message());
  EXPECT_EQ(msg.rfind("list index out of range", 0), 0u) << msg;
  EXPECT_NE(msg.find("<string>:2:11"), std::string::npos) << msg;
}

TEST(Interpreter, UnsupportedOperatorFailsAtBuild) {
  auto g = parseGraph(R"IR(
graph(%x : int, %s : str):
  %y : int = aten::foo(%x, %s)
  return (%y)
)IR");
  CodeOptions opts;
  opts.registry = &testRegistry();
  auto code = compileGraph(*g, opts);
  ASSERT_FALSE(code.ok());
  EXPECT_NE(code.status().message().find("unsupported operator aten::foo(int, str) -> int"), std::string::npos)
      << code.status();
}

TEST(Interpreter, UnknownFunctionFailsAtBuildOnlyWhenCalled) {
  // A dead function constant (left by inlining) is harmless.
  auto ok = runOk(R"IR(
graph(%x : int):
  %1 : Function = prim::Constant[name="helper"]()
  return (%x)
)IR",
                  {IValue(int64_t{1})});
  EXPECT_EQ(ok[0].toInt(), 1);
  auto bad = runIR(R"IR(
graph(%x : int):
  %1 : Function = prim::Constant[name="helper"]()
  %2 : int = prim::CallFunction(%1, %x)
  return (%2)
)IR",
                   {IValue(int64_t{1})});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("cannot call function 'helper'"), std::string::npos) << bad.status();
}

// Calls, fork/wait, with ----------------------------------------------------------------

class CallsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    CodeOptions opts;
    opts.registry = &testRegistry();
    // double(x) = x * 2, raising for negative input.
    twice_ = std::make_unique<GraphFunction>("__torch__.twice", parseGraph(R"IR(
graph(%x : int):
  %0 : int = prim::Constant[value=0]()
  %2 : int = prim::Constant[value=2]()
  %msg : str = prim::Constant[value="negative input"]()
  %neg : bool = aten::lt(%x, %0) # <string>:2:7
   = prim::If(%neg)
    block0():
       = prim::RaiseException(%msg) # <string>:3:8
      -> ()
    block1():
      -> ()
  %y : int = aten::mul(%x, %2) # <string>:4:11
  return (%y)
)IR"),
                                             std::nullopt, opts);
    options_.code.registry = &testRegistry();
    options_.code.functionResolver = [this](std::string_view name) -> Function* {
      return name == "twice" ? twice_.get() : nullptr;
    };
  }
  std::unique_ptr<GraphFunction> twice_;
  RunOptions options_;
};

// A function whose graph does not compile throws from code() every time.
// The first std::call_once-based code() left the once flag taken after the
// throw under ThreadSanitizer, and the second call waited forever.
TEST(GraphFunctionCode, FailedCompileThrowsAgainOnTheNextCall) {
  CodeOptions opts;
  opts.registry = &testRegistry();
  GraphFunction f("__torch__.broken", parseGraph(R"IR(
graph(%x : int):
  %y : int = aten::no_such_operator(%x)
  return (%y)
)IR"),
                  std::nullopt, opts);
  for (int call = 0; call < 2; ++call) {
    try {
      f.code();
      ADD_FAILURE() << "call " << call << ": code() compiled an unknown operator";
    } catch (const std::exception& e) {
      EXPECT_NE(std::string(e.what()).find("unsupported operator"), std::string::npos) << e.what();
    }
  }
}

TEST_F(CallsTest, CallFunctionRunsInANewFrame) {
  auto out = runIR(R"IR(
graph(%x : int):
  %f : Function = prim::Constant[name="twice"]()
  %y : int = prim::CallFunction(%f, %x)
  %z : int = prim::CallFunction(%f, %y)
  return (%z)
)IR",
                   {IValue(int64_t{3})}, options_);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].toInt(), 12);
}

TEST_F(CallsTest, ErrorInCalleeHasTraceback) {
  auto out = runIR(R"IR(
graph(%x : int):
  %f : Function = prim::Constant[name="twice"]()
  %y : int = prim::CallFunction(%f, %x) # <string>:9:4
  return (%y)
)IR",
                   {IValue(int64_t{-3})}, options_);
  ASSERT_FALSE(out.ok());
  const std::string msg(out.status().message());
  EXPECT_EQ(msg.rfind("negative input", 0), 0u) << msg;
  EXPECT_NE(msg.find("<string>:3:8"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Traceback"), std::string::npos) << msg;
  EXPECT_NE(msg.find("<string>:9:4"), std::string::npos) << msg;
  EXPECT_NE(msg.find("__torch__.twice"), std::string::npos) << msg;
}

TEST_F(CallsTest, ForkAndWait) {
  auto out = runIR(R"IR(
graph(%x.1 : int):
  %1 : int = prim::Constant[value=1]()
  %fut.1 : Future[int] = prim::fork_0(%x.1)
  %y.1 : int = aten::sub(%x.1, %1)
  %5 : int = aten::wait(%fut.1)
  %6 : int = aten::add(%5, %y.1)
  return (%6)
with prim::fork_0 = graph(%x.1 : int):
  %2 : Function = prim::Constant[name="twice"]()
  %3 : int = prim::CallFunction(%2, %x.1)
  return (%3)
)IR",
                   {IValue(int64_t{5})}, options_);
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].toInt(), 14);
}

TEST_F(CallsTest, ErrorInForkSurfacesAtWait) {
  auto out = runIR(R"IR(
graph(%x.1 : int):
  %fut.1 : Future[int] = prim::fork_0(%x.1)
  %5 : int = aten::wait(%fut.1) # <string>:7:11
  return (%5)
with prim::fork_0 = graph(%x.1 : int):
  %2 : Function = prim::Constant[name="twice"]()
  %3 : int = prim::CallFunction(%2, %x.1)
  return (%3)
)IR",
                   {IValue(int64_t{-5})}, options_);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(std::string(out.status().message()).rfind("negative input", 0), 0u) << out.status();
}

TEST(Interpreter, WaitOnIncompleteFutureSuspendsAndResumes) {
  auto g = parseGraph(R"IR(
graph(%f : Future[int], %x : int):
  %v : int = aten::wait(%f)
  %r : int = aten::add(%v, %x)
  return (%r)
)IR");
  CodeOptions opts;
  opts.registry = &testRegistry();
  CodePtr code = Code::create(*g, opts);
  auto fut = FutureImpl::create(IntType::get());
  InterpreterState state(code);
  Stack stack{IValue(fut), IValue(int64_t{1})};
  ASSERT_EQ(state.run(stack), InterpreterState::Status::kSuspended);
  EXPECT_TRUE(stack.empty());
  EXPECT_EQ(state.suspendedOn().get(), fut.get());
  // Complete on another thread, resume there: frames live in the state.
  std::thread t([&] {
    fut->markCompleted(IValue(int64_t{41}));
    Stack out;
    ASSERT_EQ(state.run(out), InterpreterState::Status::kDone);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0].toInt(), 42);
  });
  t.join();
  EXPECT_TRUE(state.finished());
}

TEST(Interpreter, EnterExitWithoutMethodsAreNoOps) {
  auto out = runOk(R"IR(
graph(%x.1 : int):
  %2 : int = prim::Constant[value=2]()
  %3 : __torch__.torch.autograd.grad_mode.no_grad = prim::CreateObject()
  %11 : bool = prim::Constant[value=0]()
   = prim::SetAttr[name="prev"](%3, %11)
  %5 : NoneType = prim::Enter(%3)
  %y.1 : int = aten::mul(%x.1, %2)
  %8 : Tensor = prim::Exit(%3)
  return (%y.1)
)IR",
                   {IValue(int64_t{4})});
  EXPECT_EQ(out[0].toInt(), 8);
}

// Moves -----------------------------------------------------------------------------------

TEST(Interpreter, LastUseIsMoved) {
  // The first refcount() call is not the last use (copy: 2 references); the
  // second is (move: the kernel holds the only one).
  auto out = runOk(R"IR(
graph(%t : Tensor):
  %a : int = test::refcount(%t)
  %b : int = test::refcount(%t)
  %r : (int, int) = prim::TupleConstruct(%a, %b)
  return (%r)
)IR",
                   ownedStack(zeros({2})));
  EXPECT_EQ(out[0].toTupleRef().elements[0].toInt(), 2);
  EXPECT_EQ(out[0].toTupleRef().elements[1].toInt(), 1);
}

TEST(Interpreter, InPlaceOnLastUseInBranchAndLoop) {
  // Used in one branch only: moved there (refcount 1), released on entry to
  // the other. Used inside a loop: never moved (the next iteration needs it).
  const char* ir = R"IR(
graph(%t : Tensor, %c : bool, %n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %u : Tensor = test::inplace_(%t, %0)
  %inloop : int = prim::Loop(%n, %true, %0)
    block0(%i : int, %acc : int):
      %rc : int = test::refcount(%u)
      -> (%true, %rc)
  %r : int = prim::If(%c)
    block0():
      %rc2 : int = test::refcount(%u)
      -> (%rc2)
    block1():
      -> (%0)
  %out : (int, int) = prim::TupleConstruct(%inloop, %r)
  return (%out)
)IR";
  auto out = runOk(ir, ownedStack(zeros({2}), true, int64_t{3}));
  EXPECT_EQ(out[0].toTupleRef().elements[0].toInt(), 2);
  EXPECT_EQ(out[0].toTupleRef().elements[1].toInt(), 1);
}

// Interrupts ------------------------------------------------------------------------------

const char* kInfiniteLoop = R"IR(
graph(%x : int):
  %true : bool = prim::Constant[value=1]()
  %max : int = prim::Constant[value=9223372036854775807]()
  %1 : int = prim::Constant[value=1]()
  %r : int = prim::Loop(%max, %true, %x) # <string>:2:4
    block0(%i : int, %a : int):
      %b : int = aten::add(%a, %1)
      -> (%true, %b)
  return (%r)
)IR";

TEST(Interpreter, CancelFlagStopsWhileTrue) {
  std::atomic<bool> cancel{false};
  RunOptions opts;
  opts.interpreter.cancelled = &cancel;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    cancel.store(true);
  });
  auto out = runIR(kInfiniteLoop, {IValue(int64_t{0})}, opts);
  canceller.join();
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kCancelled) << out.status();
}

TEST(Interpreter, DeadlineStopsWhileTrue) {
  RunOptions opts;
  opts.interpreter.deadline = InterpreterOptions::Clock::now() + std::chrono::milliseconds(20);
  const auto start = InterpreterOptions::Clock::now();
  auto out = runIR(kInfiniteLoop, {IValue(int64_t{0})}, opts);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kDeadlineExceeded) << out.status();
  EXPECT_LT(InterpreterOptions::Clock::now() - start, std::chrono::seconds(2));
  EXPECT_NE(std::string(out.status().message()).find("<string>:2:4"), std::string::npos) << out.status();
}

// Concurrency: one Code, many states ------------------------------------------------------

TEST(Interpreter, ConcurrentRunsShareCode) {
  auto g = parseGraph(R"IR(
graph(%n : int):
  %true : bool = prim::Constant[value=1]()
  %0 : int = prim::Constant[value=0]()
  %l0 : int[] = prim::ListConstruct()
  %s : int = prim::Loop(%n, %true, %0)
    block0(%i : int, %s.1 : int):
      %s.2 : int = aten::add(%s.1, %i)
      %x : int[] = aten::append(%l0, %i)
      -> (%true, %s.2)
  %len : int = aten::len(%l0)
  %r : int = aten::add(%s, %len)
  return (%r)
)IR");
  CodeOptions opts;
  opts.registry = &testRegistry();
  CodePtr code = Code::create(*g, opts);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int k = 0; k < 200; ++k) {
        const int64_t n = t * 10 + k % 7;
        Stack s{IValue(n)};
        runCode(code, s);
        if (s.size() != 1 || s[0].toInt() != n * (n - 1) / 2 + n) failures.fetch_add(1);
      }
    });
  }
  for (auto& th : threads) th.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(Interpreter, DumpNamesInstructions) {
  auto g = parseGraph(R"IR(
graph(%a : int, %b : int):
  %c : int = aten::add(%a, %b)
  return (%c)
)IR");
  CodeOptions opts;
  opts.registry = &testRegistry();
  const std::string d = Code::create(*g, opts)->dump();
  EXPECT_NE(d.find("STOREN r0..r1"), std::string::npos) << d;
  EXPECT_NE(d.find("MOVE r0"), std::string::npos) << d;
  EXPECT_NE(d.find("OP aten::add.int"), std::string::npos) << d;
  EXPECT_NE(d.find("RET"), std::string::npos) << d;
}

}  // namespace
}  // namespace jitserve
