// The Python printer: functions compiled from source, printed, compiled
// again through the archive importer's resolver, give the same results; and
// the printed text has the shapes PyTorch's importer expects.
#include "compiler/archive/python_printer.h"

#include <gtest/gtest.h>

#include "compiler/archive/source_importer.h"
#include "compiler/frontend/compilation_unit.h"
#include "runtime/interpreter/graph_function.h"
#include "runtime/ops/register_all.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve::archive {
namespace {

const char kSource[] = R"(
def loops(n: int, x: float) -> float:
    s = 0.0
    for i in range(n):
        if i % 2 == 0:
            s = s + x * i
        else:
            s = s - 1.0
    k = 0
    while s > 10.0:
        s = s / 2.0
        k += 1
    return s + k

def early(xs: List[int], t: int) -> int:
    for i in range(len(xs)):
        if xs[i] == t:
            return i
    return -1

def containers(a: int, b: str) -> Tuple[List[int], Dict[str, int], Optional[int]]:
    l: List[int] = []
    l.append(a)
    d: Dict[str, int] = {}
    d[b] = a * 2
    o: Optional[int] = None
    if a > 1:
        o = a
    return l, d, o

def forked(x: Tensor, k: int) -> Tensor:
    def __forked_function():
        return x * k
    fut = torch.jit.fork(__forked_function)
    return torch.jit.wait(fut) + torch.zeros([2], dtype=torch.float32)

def strings(s: str) -> str:
    return s + "\n\"quoted\"\t" + str(len(s))

def raises(x: int) -> int:
    if x < 0:
        raise ValueError("negative: " + str(x))
    return x
)";

class PythonPrinterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ensureOperatorsRegistered();
    ASSERT_TRUE(original_.define(kSource).ok());
    std::vector<IValue> constants;
    PythonPrinter p(constants);
    p.resolveFunction = [this](const std::string& key) -> const GraphFunction* { return original_.findFunction(key); };
    for (GraphFunction* f : original_.functions()) p.printFunction(*f, f->name());
    printed_ = p.source();
    auto unit = std::make_shared<frontend::CompilationUnit>();
    importer_ = std::make_unique<SourceImporter>(unit, std::map<std::string, std::string>{{"__torch__", printed_}},
                                                 std::map<std::string, std::string>{{"__torch__", "code/__torch__.py"}},
                                                 constants);
    reprinted_ = unit;
  }

  // Runs `name` in the original unit and in the one compiled from the print.
  std::pair<IValue, IValue> both(const std::string& name, const Stack& args) {
    Stack a = args, b = args;
    original_.findFunction(name)->run(a);
    auto def = importer_->lookup("__torch__." + name);
    EXPECT_TRUE(def && def->function) << name << " not found in:\n" << printed_;
    importer_->compileAll();
    def->function->run(b);
    return {a.back(), b.back()};
  }

  frontend::CompilationUnit original_;
  std::shared_ptr<frontend::CompilationUnit> reprinted_;
  std::unique_ptr<SourceImporter> importer_;
  std::string printed_;
};

TEST_F(PythonPrinterTest, LoopsAndBranchesRunTheSame) {
  for (int64_t n : {0, 1, 5, 40}) {
    auto [a, b] = both("loops", {IValue(n), IValue(1.5)});
    EXPECT_DOUBLE_EQ(a.toDouble(), b.toDouble()) << n << "\n" << printed_;
  }
  EXPECT_EQ(filecheck::runFileCheck("CHECK: def loops(n: int,\n"
                                    "CHECK: for {{[_a-z0-9]+}} in range(n):\n"
                                    "CHECK: while ",
                                    printed_)
                .message,
            "");
}

TEST_F(PythonPrinterTest, EarlyReturnFromALoop) {
  auto list = IValue(ListImpl::create(IntType::get(), {IValue(int64_t{4}), IValue(int64_t{7})}));
  for (int64_t t : {4, 7, 9}) {
    auto [a, b] = both("early", {list, IValue(t)});
    EXPECT_EQ(a.toInt(), b.toInt()) << t << "\n" << printed_;
  }
}

TEST_F(PythonPrinterTest, ContainersKeepTheirTypes) {
  auto [a, b] = both("containers", {IValue(int64_t{3}), IValue(std::string("k"))});
  EXPECT_EQ(a.type()->annotationStr(), b.type()->annotationStr());
  EXPECT_EQ(b.toTupleRef().elements[1].toDictRef().entries()[0].value.toInt(), 6);
  EXPECT_EQ(b.toTupleRef().elements[2].toInt(), 3);
  EXPECT_EQ(filecheck::runFileCheck("CHECK: annotate(List[int], [])\n"
                                    "CHECK: annotate(Dict[str, int], {})",
                                    printed_)
                .message,
            "");
}

TEST_F(PythonPrinterTest, ForkIsAClosure) {
  Tensor x = full({2}, 2.0, ScalarType::Float);
  auto [a, b] = both("forked", {IValue(x), IValue(int64_t{3})});
  EXPECT_FLOAT_EQ(b.toTensor().data<float>()[1], 6.0f);
  EXPECT_EQ(filecheck::runFileCheck("CHECK: def __forked_function{{[0-9]*}}():\n"
                                    "CHECK: = fork(__forked_function{{[0-9]*}})\n"
                                    "CHECK: torch.wait(",
                                    printed_)
                .message,
            "")
      << printed_;
  // zeros takes dtype by keyword; the trailing arguments left at their
  // defaults (layout, device, pin_memory; add's alpha=1) are not printed,
  // as PyTorch prints them.
  EXPECT_EQ(filecheck::runFileCheck("CHECK: torch.zeros({{[_0-9]+}}, dtype=6)\n"
                                    "CHECK: torch.add({{[_0-9]+}}, {{[_0-9]+}})\n",
                                    printed_)
                .message,
            "")
      << printed_;
}

TEST_F(PythonPrinterTest, StringsAreEscaped) {
  auto [a, b] = both("strings", {IValue(std::string("ab"))});
  EXPECT_EQ(a.toStringRef(), b.toStringRef());
  EXPECT_NE(printed_.find(R"("\n\"quoted\"\t")"), std::string::npos) << printed_;
}

TEST_F(PythonPrinterTest, RaiseKeepsItsMessage) {
  Stack s{IValue(int64_t{-2})};
  both("raises", {IValue(int64_t{1})});
  try {
    importer_->lookup("__torch__.raises")->function->run(s);
    FAIL() << "expected an exception";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("negative: -2"), std::string::npos) << e.what();
  }
  EXPECT_NE(printed_.find("ops.prim.RaiseException("), std::string::npos);
}

TEST(PythonPrinterLiterals, Constants) {
  EXPECT_EQ(PythonPrinter::literal(IValue(1.0)), "1.");
  EXPECT_EQ(PythonPrinter::literal(IValue(std::numeric_limits<double>::infinity())), "inf");
  EXPECT_EQ(PythonPrinter::literal(IValue(-std::numeric_limits<double>::infinity())), "-inf");
  EXPECT_EQ(PythonPrinter::literal(IValue(std::numeric_limits<int64_t>::min())), "-9223372036854775807 - 1");
  EXPECT_EQ(PythonPrinter::literal(IValue::tuple({IValue(int64_t{1})})), "(1,)");
  EXPECT_EQ(PythonPrinter::functionName("f"), "__torch__.f");
  EXPECT_EQ(PythonPrinter::functionName("__torch__.m.g"), "__torch__.m.g");
  EXPECT_EQ(PythonPrinter::functionName("__torch__.X.forward.__forked_function.0"), "");
}

}  // namespace
}  // namespace jitserve::archive
