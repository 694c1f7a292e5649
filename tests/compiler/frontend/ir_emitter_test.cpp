// IR emitter text tests: TorchScript source in, printed SSA graph checked
// with FileCheck, and the compiled function run where the value matters.
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/verifier.h"
#include "runtime/ops/register_all.h"
#include "tests/support/filecheck.h"

namespace jitserve::frontend {
namespace {

using testing::FileCheck;

class IrEmitterTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  std::string graphOf(const std::string& src, const std::string& fn = "f") {
    absl::Status st = cu_.define(src);
    EXPECT_TRUE(st.ok()) << st.message();
    GraphFunction* f = cu_.findFunction(fn);
    if (!f) return "";
    return f->graph().toString(false);
  }
  IValue run(const std::string& fn, Stack args) {
    cu_.findFunction(fn)->run(args);
    return args.back();
  }
  CompilationUnit cu_;
};

TEST_F(IrEmitterTest, ArithmeticPicksIntOverloads) {
  std::string g = graphOf("def f(a: int, b: int) -> int:\n    return a * b + 1\n");
  EXPECT_EQ(FileCheck().check("aten::mul(%a, %b)").check_next("prim::Constant[value=1]").check_next("aten::add").check_not("prim::Load").run(g), "");
  EXPECT_EQ(run("f", {IValue(int64_t{3}), IValue(int64_t{4})}).toInt(), 13);
}

TEST_F(IrEmitterTest, IfBranchesBecomeOutputs) {
  std::string g = graphOf(
      "def f(c: bool) -> int:\n"
      "    if c:\n"
      "        x = 1\n"
      "    else:\n"
      "        x = 2\n"
      "    return x\n");
  EXPECT_EQ(FileCheck().check(": int = prim::If(%c)").check_count("-> (", 2).check_not("prim::Store").run(g), "");
  EXPECT_EQ(run("f", {IValue(false)}).toInt(), 2);
}

TEST_F(IrEmitterTest, LoopCarriedVariable) {
  std::string g = graphOf(
      "def f(n: int) -> int:\n"
      "    s = 0\n"
      "    for i in range(n):\n"
      "        s += i\n"
      "    return s\n");
  EXPECT_EQ(FileCheck().check("prim::Loop(%n").check("block0(").check("aten::add").check("-> (").run(g), "");
  EXPECT_EQ(run("f", {IValue(int64_t{5})}).toInt(), 10);
}

TEST_F(IrEmitterTest, EarlyReturnAndBreakInLoops) {
  graphOf(
      "def f(xs: List[int], t: int) -> int:\n"
      "    for i in range(len(xs)):\n"
      "        if xs[i] == t:\n"
      "            return i\n"
      "    return -1\n"
      "def g(n: int) -> int:\n"
      "    i = 0\n"
      "    while True:\n"
      "        i += 1\n"
      "        if i >= n:\n"
      "            break\n"
      "        if i % 2 == 0:\n"
      "            continue\n"
      "    return i\n");
  auto list = IValue::list(IntType::get(), {IValue(int64_t{4}), IValue(int64_t{7}), IValue(int64_t{9})});
  EXPECT_EQ(run("f", {list, IValue(int64_t{7})}).toInt(), 1);
  EXPECT_EQ(run("f", {list, IValue(int64_t{8})}).toInt(), -1);
  EXPECT_EQ(run("g", {IValue(int64_t{5})}).toInt(), 5);
  std::string text = cu_.findFunction("g")->graph().toString(false);
  EXPECT_EQ(FileCheck().check_not("BreakStmt").check_not("ContinueStmt").check_not("LoopCond").run(text), "");
}

TEST_F(IrEmitterTest, OptionalRefinement) {
  std::string g = graphOf(
      "def f(x: Optional[int]) -> int:\n"
      "    if x is None:\n"
      "        return 0\n"
      "    return x + 1\n");
  EXPECT_EQ(FileCheck().check("aten::__is__").check("prim::unchecked_cast").check("aten::add").run(g), "");
  EXPECT_EQ(run("f", {IValue()}).toInt(), 0);
  EXPECT_EQ(run("f", {IValue(int64_t{4})}).toInt(), 5);
}

TEST_F(IrEmitterTest, UserFunctionsAndDefaults) {
  std::string g = graphOf(
      "def f(a: int) -> int:\n"
      "    return h(a) + h(a, k=10)\n"
      "def h(x: int, k: int = 1) -> int:\n"
      "    return x * k\n");
  EXPECT_EQ(FileCheck().check_count("prim::CallFunction", 2, true).run(g), "");
  EXPECT_EQ(run("f", {IValue(int64_t{2})}).toInt(), 22);
}

TEST_F(IrEmitterTest, VarargsPackIntoList) {
  std::string g = graphOf("def f(x: Tensor) -> Tensor:\n    return x.view(2, 3)\n");
  EXPECT_EQ(FileCheck().check("prim::ListConstruct").check_next("aten::view").run(g), "");
}

}  // namespace
}  // namespace jitserve::frontend
