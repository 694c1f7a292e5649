// IR emitter text tests: TorchScript source in, printed SSA graph checked
// with FileCheck, and the compiled function run where the value matters.
#include <gtest/gtest.h>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir.h"
#include "runtime/ir/verifier.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/tensor.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve::frontend {
namespace {

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
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::mul(%a, %b)\n"
                                    "CHECK-NEXT: prim::Constant[value=1]\n"
                                    "CHECK-NEXT: aten::add\n"
                                    "CHECK-NOT: prim::Load", g).message, "");
  EXPECT_EQ(run("f", {IValue(int64_t{3}), IValue(int64_t{4})}).toInt(), 13);
}

// Regression: `a, b = xs` read xs[0] and xs[1] and ignored extra elements.
TEST_F(IrEmitterTest, ListUnpackChecksLengthAtRunTime) {
  graphOf("def f(xs: List[int]) -> int:\n    a, b = xs\n    return a - b\n");
  auto list = [](std::vector<int64_t> v) {
    std::vector<IValue> e(v.begin(), v.end());
    return IValue(ListImpl::create(IntType::get(), std::move(e)));
  };
  EXPECT_EQ(run("f", {list({5, 2})}).toInt(), 3);
  try {
    run("f", {list({5, 2, 9})});
    ADD_FAILURE() << "no error for a list of 3";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("Expected 2 elements in a list but found 3"), std::string::npos) << e.what();
  }
}

// Regression: 2.0 / t matched the float overload and failed at run time.
TEST_F(IrEmitterTest, NumberOverTensorDividesElementwise) {
  graphOf("def f(t: Tensor):\n    return 2.0 / t, 2 - t, 3 < t\n");
  Tensor t = full({1}, Scalar(4.0), ScalarType::Float);
  auto out = run("f", {IValue(t)}).toTupleRef().elements;
  EXPECT_FLOAT_EQ(out[0].toTensor().item().toDouble(), 0.5);
  EXPECT_FLOAT_EQ(out[1].toTensor().item().toDouble(), -2.0);
  EXPECT_TRUE(out[2].toTensor().item().toBool());
}

TEST_F(IrEmitterTest, IfBranchesBecomeOutputs) {
  std::string g = graphOf(
      "def f(c: bool) -> int:\n"
      "    if c:\n"
      "        x = 1\n"
      "    else:\n"
      "        x = 2\n"
      "    return x\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: : int = prim::If(%c)\n"
                                    "CHECK-COUNT-2: -> (\n"
                                    "CHECK-NOT: prim::Store", g).message, "");
  EXPECT_EQ(run("f", {IValue(false)}).toInt(), 2);
}

TEST_F(IrEmitterTest, LoopCarriedVariable) {
  std::string g = graphOf(
      "def f(n: int) -> int:\n"
      "    s = 0\n"
      "    for i in range(n):\n"
      "        s += i\n"
      "    return s\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: prim::Loop(%n\n"
                                    "CHECK: block0(\n"
                                    "CHECK: aten::add\n"
                                    "CHECK: -> (", g).message, "");
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
  EXPECT_EQ(filecheck::runFileCheck("CHECK-NOT: BreakStmt\n"
                                    "CHECK-NOT: ContinueStmt\n"
                                    "CHECK-NOT: LoopCond", text).message, "");
}

TEST_F(IrEmitterTest, OptionalRefinement) {
  std::string g = graphOf(
      "def f(x: Optional[int]) -> int:\n"
      "    if x is None:\n"
      "        return 0\n"
      "    return x + 1\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::__is__\n"
                                    "CHECK: prim::unchecked_cast\n"
                                    "CHECK: aten::add", g).message, "");
  EXPECT_EQ(run("f", {IValue()}).toInt(), 0);
  EXPECT_EQ(run("f", {IValue(int64_t{4})}).toInt(), 5);
}

TEST_F(IrEmitterTest, UserFunctionsAndDefaults) {
  std::string g = graphOf(
      "def f(a: int) -> int:\n"
      "    return h(a) + h(a, k=10)\n"
      "def h(x: int, k: int = 1) -> int:\n"
      "    return x * k\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK-COUNT-2: prim::CallFunction\n"
                                    "CHECK-NOT: prim::CallFunction", g).message, "");
  EXPECT_EQ(run("f", {IValue(int64_t{2})}).toInt(), 22);
}

TEST_F(IrEmitterTest, VarargsPackIntoList) {
  std::string g = graphOf("def f(x: Tensor) -> Tensor:\n    return x.view(2, 3)\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: prim::ListConstruct\n"
                                    "CHECK-NEXT: aten::view", g).message, "");
}

TEST_F(IrEmitterTest, ClassAttributesAndMethods) {
  std::string g = graphOf(
      "class Counter:\n"
      "    def __init__(self, start: int):\n"
      "        self.count = start\n"
      "    def step(self, k: int) -> int:\n"
      "        self.count += k\n"
      "        return self.count\n"
      "def f(n: int) -> int:\n"
      "    c = Counter(n)\n"
      "    c.step(2)\n"
      "    return c.step(3)\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: __torch__.Counter = prim::CreateObject()\n"
                                    "CHECK: prim::CallMethod[name=\"__init__\"]\n"
                                    "CHECK: prim::CallMethod[name=\"step\"]", g).message,
            "");
  EXPECT_EQ(run("f", {IValue(int64_t{1})}).toInt(), 6);
  ClassTypePtr cls = cu_.findClass("__torch__.Counter");
  ASSERT_NE(cls, nullptr);
  EXPECT_TRUE(cls->findAttributeSlot("count").has_value());
  EXPECT_NE(cls->findMethod("step"), nullptr);
}

TEST_F(IrEmitterTest, ClassStaticFactoryAndMagicMethods) {
  graphOf(
      "class V:\n"
      "    def __init__(self, x: float):\n"
      "        self.x = x\n"
      "    @staticmethod\n"
      "    def make(x: float) -> 'V':\n"
      "        return V(x)\n"
      "    def __add__(self, o: 'V') -> 'V':\n"
      "        return V(self.x + o.x)\n"
      "    def __len__(self) -> int:\n"
      "        return 7\n"
      "def f(a: float) -> float:\n"
      "    v = V.make(a) + V(1.0)\n"
      "    return v.x + len(v)\n");
  EXPECT_DOUBLE_EQ(run("f", {IValue(2.0)}).toDouble(), 10.0);
}

TEST_F(IrEmitterTest, WithCallsEnterAndExit) {
  std::string g = graphOf(
      "class T:\n"
      "    def __init__(self):\n"
      "        self.log: List[str] = []\n"
      "    def __enter__(self) -> int:\n"
      "        self.log.append('enter')\n"
      "        return 5\n"
      "    def __exit__(self, a: Any, b: Any, c: Any):\n"
      "        self.log.append('exit')\n"
      "def f() -> int:\n"
      "    t = T()\n"
      "    with t as k:\n"
      "        t.log.append('body')\n"
      "    return k + len(t.log)\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: prim::Enter\n"
                                    "CHECK: aten::append\n"
                                    "CHECK: prim::Exit", g).message, "");
  EXPECT_EQ(run("f", {}).toInt(), 8);
}

TEST_F(IrEmitterTest, EnumMembersNamesValuesAndIteration) {
  std::string g = graphOf(
      "class Color(Enum):\n"
      "    RED = -1\n"
      "    BLUE = 3\n"
      "def f(c: Color) -> int:\n"
      "    s = 0\n"
      "    for m in Color:\n"
      "        if m == c:\n"
      "            s += m.value * 10 + len(m.name)\n"
      "    return s\n"
      "def g() -> int:\n"
      "    return f(Color.BLUE)\n"
      "def h() -> int:\n"
      "    return f(Color.RED)\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::eq\n"
                                    "CHECK: prim::EnumValue\n"
                                    "CHECK: prim::EnumName", g).message, "");
  EXPECT_EQ(run("g", {}).toInt(), 34);
  EXPECT_EQ(run("h", {}).toInt(), -7);
}

TEST_F(IrEmitterTest, ForkMakesSubgraphAndWaitUnwrapsFuture) {
  std::string g = graphOf(
      "def work(x: int, k: int = 2) -> int:\n"
      "    return x * k\n"
      "def f(x: int) -> int:\n"
      "    fut = torch.jit.fork(work, x)\n"
      "    return torch.jit.wait(fut) + 1\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: Future[int] = prim::fork_0(%x\n"
                                    "CHECK: aten::wait\n"
                                    "CHECK: with prim::fork_0 = graph\n"
                                    "CHECK: prim::CallFunction", g).message, "");
  EXPECT_EQ(run("f", {IValue(int64_t{4})}).toInt(), 9);
}

TEST_F(IrEmitterTest, TolistTakesItsTypeFromTheAnnotation) {
  std::string g = graphOf(
      "def f(x: Tensor) -> List[List[float]]:\n"
      "    r: List[List[float]] = x.tolist()\n"
      "    return r\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: float[][] = prim::tolist(%x", g).message, "");
}

TEST_F(IrEmitterTest, MemoryFormatsAndLayoutsAreIntConstants) {
  std::string g = graphOf(
      "def f() -> List[int]:\n"
      "    return [torch.contiguous_format, torch.preserve_format, torch.channels_last, torch.channels_last_3d, "
      "torch.strided]\n");
  auto v = run("f", {}).toIntVector();
  EXPECT_EQ(v, (std::vector<int64_t>{0, 1, 2, 3, 0}));
}

TEST_F(IrEmitterTest, IsNoneRefinesUnionWithNone) {
  graphOf(
      "def f(x: Union[int, float, None]) -> float:\n"
      "    if x is None:\n"
      "        return 0.0\n"
      "    if isinstance(x, int):\n"
      "        return float(x * 2)\n"
      "    return x / 2\n");
  EXPECT_DOUBLE_EQ(run("f", {IValue(3.0)}).toDouble(), 1.5);
  EXPECT_DOUBLE_EQ(run("f", {IValue(int64_t{3})}).toDouble(), 6.0);
  EXPECT_DOUBLE_EQ(run("f", {IValue()}).toDouble(), 0.0);
}

// The functional library compiles in the middle of a unit (F.relu below);
// the unit's class names must still resolve in annotations afterwards.
TEST_F(IrEmitterTest, ClassNamesResolveAfterANestedLibraryCompile) {
  graphOf(
      "class P:\n"
      "    def __init__(self, x: float):\n"
      "        self.x = x\n"
      "def f(a: float) -> float:\n"
      "    b = torch.nn.functional.relu(torch.tensor(a))\n"
      "    return g(P(a))\n"
      "def g(p: 'P') -> float:\n"
      "    return p.x\n");
  EXPECT_DOUBLE_EQ(run("f", {IValue(2.0)}).toDouble(), 2.0);
}

// return / break / continue inside a with block run __exit__ first.
TEST_F(IrEmitterTest, EarlyExitsFromWithRunExit) {
  graphOf(
      "class T:\n"
      "    def __init__(self):\n"
      "        self.n = 0\n"
      "    def __enter__(self):\n"
      "        self.n += 1\n"
      "    def __exit__(self, a: Any, b: Any, c: Any):\n"
      "        self.n += 100\n"
      "def g(t: T, x: int) -> int:\n"
      "    with t:\n"
      "        if x > 0:\n"
      "            return t.n\n"
      "    return -t.n\n"
      "def f(x: int) -> int:\n"
      "    t = T()\n"
      "    for i in range(3):\n"
      "        with t:\n"
      "            if i == 1:\n"
      "                continue\n"
      "            if i == 2:\n"
      "                break\n"
      "    return g(t, x) * 1000 + t.n\n");
  // The loop enters and exits three times (n = 303); g enters once more.
  EXPECT_EQ(run("f", {IValue(int64_t{1})}).toInt(), 304 * 1000 + 404);
  EXPECT_EQ(run("f", {IValue(int64_t{0})}).toInt(), -404 * 1000 + 404);
}

TEST_F(IrEmitterTest, ObjectsInContainersOptionalsAndKeywordConstruction) {
  graphOf(
      "class P:\n"
      "    def __init__(self, x: int, scale: int = 1):\n"
      "        self.x = x * scale\n"
      "    def __eq__(self, o: 'P') -> bool:\n"
      "        return self.x == o.x\n"
      "    def __str__(self) -> str:\n"
      "        return 'P' + str(self.x)\n"
      "def pick(d: Dict[str, P], k: str) -> Optional[P]:\n"
      "    if k in d:\n"
      "        return d[k]\n"
      "    return None\n"
      "def f(n: int) -> str:\n"
      "    ps = [P(i, scale=2) for i in range(n)]\n"
      "    d: Dict[str, P] = {}\n"
      "    for p in ps:\n"
      "        d[str(p.x)] = p\n"
      "    q = pick(d, '2')\n"
      "    s = ''\n"
      "    if q is not None and isinstance(q, P) and q == P(1, 2):\n"
      "        s = str(q)\n"
      "    return s + str(len(ps))\n");
  EXPECT_EQ(run("f", {IValue(int64_t{3})}).toStringRef(), "P23");
}

// PyTorch 2.x prints a 0-dim tensor used as an int (nn.LSTM's
// max_batch_size) as annotate(int, t); annotate converts as arguments do.
TEST_F(IrEmitterTest, AnnotateConvertsATensorToTheAnnotatedNumber) {
  std::string g = graphOf("def f(t: Tensor) -> List[int]:\n    return [2, annotate(int, t), 3]\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::IntImplicit(%t)\nCHECK: prim::ListConstruct", g).message, "");
  IValue out = run("f", {IValue(scalar_tensor(Scalar(int64_t{5}), ScalarType::Long))});
  ASSERT_EQ(out.toListRef().elements.size(), 3u);
  EXPECT_EQ(out.toListRef().elements[1].toInt(), 5);
  graphOf("def g(t: Tensor) -> float:\n    return annotate(float, t)\n", "g");
  EXPECT_EQ(run("g", {IValue(scalar_tensor(Scalar(2.5), ScalarType::Double))}).toDouble(), 2.5);
  CompilationUnit bad;
  absl::Status st = bad.define("def h(s: str) -> int:\n    return annotate(int, s)\n");
  EXPECT_NE(st.message().find("a value of type str does not match the annotated type int"), std::string::npos)
      << st.message();
}

// The Tensor and Device attributes TorchScript exposes as values (values as
// PyTorch 1.13 / 2.x's TorchScript gives them for a CPU inference tensor).
TEST_F(IrEmitterTest, TensorAndDeviceAttributesAreValues) {
  graphOf(
      "def f(x: Tensor) -> Tuple[bool, bool, bool, int, int, str, Optional[int], bool, Optional[str], bool]:\n"
      "    return (x.grad is None, x.is_meta or x.is_quantized or x.is_mkldnn or x.is_nested or x.is_xpu,\n"
      "            x.is_cpu, x.itemsize, x.nbytes, x.device.type, x.device.index, x.retains_grad, x.name,\n"
      "            bool(x.real.eq(x).all()) and x.data.equal(x))\n");
  IValue out = run("f", {IValue(zeros({2, 3}, ScalarType::Float))});
  const auto& e = out.toTupleRef().elements;
  ASSERT_EQ(e.size(), 10u);
  EXPECT_FALSE(e[0].toBool());  // a Tensor is never None to the compiler (PyTorch 1.13 agrees)
  EXPECT_FALSE(e[1].toBool());
  EXPECT_TRUE(e[2].toBool());
  EXPECT_EQ(e[3].toInt(), 4);
  EXPECT_EQ(e[4].toInt(), 24);
  EXPECT_EQ(e[5].toStringRef(), "cpu");
  EXPECT_TRUE(e[6].isNone());
  EXPECT_FALSE(e[7].toBool());
  EXPECT_TRUE(e[8].isNone());
  EXPECT_TRUE(e[9].toBool());
  // imag of a real tensor is an error, as in PyTorch.
  graphOf("def g(x: Tensor) -> Tensor:\n    return x.imag\n", "g");
  try {
    run("g", {IValue(zeros({2}, ScalarType::Float))});
    ADD_FAILURE() << "no error for imag of a real tensor";
  } catch (const std::exception& ex) {
    EXPECT_NE(std::string(ex.what()).find("imag is not implemented for tensors with non-complex dtypes"),
              std::string::npos)
        << ex.what();
  }
}

}  // namespace
}  // namespace jitserve::frontend
