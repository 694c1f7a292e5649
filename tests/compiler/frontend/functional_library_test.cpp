// The functional library (compiler/frontend/functional/*.py) compiles, names
// its functions by Python's qualified names, and its functions, inlined at a
// call site, call the operators PyTorch's Python calls and compute what
// PyTorch computes (values below from torch 1.13).
#include "compiler/frontend/functional_library.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "compiler/frontend/compilation_unit.h"
#include "runtime/ir/ir.h"
#include "runtime/ops/register_all.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve::frontend {
namespace {

class FunctionalLibraryTest : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }

  // Compiles src and returns the printed graph of `f`.
  std::string define(const std::string& src) {
    absl::Status st = cu_.define(src);
    EXPECT_TRUE(st.ok()) << st.message();
    GraphFunction* f = cu_.findFunction("f");
    return f ? f->graph().toString(false) : "";
  }
  IValue run(Stack args = {}) {
    cu_.findFunction("f")->run(args);
    return args.back();
  }
  CompilationUnit cu_;
};

TEST_F(FunctionalLibraryTest, CompilesAndNamesFunctionsByQualifiedName) {
  for (const char* name :
       {"torch.nn.functional.interpolate", "torch.nn.functional.upsample_nearest", "torch.nn.functional.batch_norm",
        "torch.nn.functional.cross_entropy", "torch.nn.functional.max_unpool2d", "torch.nn.functional.dropout",
        "torch.nn.functional.logsigmoid", "torch.functional._return_counts", "torch.functional._lu_no_infos",
        "torch.cdist", "torch.norm"})
    EXPECT_NE(findLibraryFunction(name), nullptr) << name;
  // Dispatches are data, not functions (no `-> Any` stand-ins).
  EXPECT_EQ(findLibraryFunction("torch.unique"), nullptr);
  EXPECT_EQ(findLibraryFunction("torch.nn.functional.no_such_function"), nullptr);
  // Helpers are not public names.
  EXPECT_EQ(findLibraryFunction("_pair"), nullptr);
  EXPECT_NE(findLibraryHelper("_pair"), nullptr);
}

TEST_F(FunctionalLibraryTest, InterpolateInlinesToTheUpsampleOperator) {
  std::string g = define(
      "def f() -> bool:\n"
      "    x = torch.tensor([[[1.0, 2.0]]])\n"
      "    y = F.interpolate(x, size=4, mode='linear', align_corners=True)\n"
      "    e = torch.tensor([[[1.0, 4.0 / 3.0, 5.0 / 3.0, 2.0]]])\n"
      "    return bool(torch.allclose(y, e))\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::upsample_linear1d\n"
                                    "CHECK-NOT: prim::CallFunction", g).message, "");
  EXPECT_TRUE(run().toBool());
}

TEST_F(FunctionalLibraryTest, InterpolateAreaWithScaleFactorPoolsToTheComputedSize) {
  define(
      "def f() -> List[int]:\n"
      "    x = torch.ones([1, 1, 4, 4])\n"
      "    return F.interpolate(x, scale_factor=0.5, mode='area').size()\n");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{1, 1, 2, 2}));
}

TEST_F(FunctionalLibraryTest, InterpolateRejectsAlignCornersForNearest) {
  define(
      "def f(x: Tensor) -> Tensor:\n"
      "    return F.interpolate(x, size=[2], align_corners=True)\n");
  Stack args{IValue(Tensor())};
  EXPECT_ANY_THROW(cu_.findFunction("f")->run(args));
}

TEST_F(FunctionalLibraryTest, MaxUnpoolTakesIntOrTupleKernelSizes) {
  define(
      "def f() -> List[int]:\n"
      "    x = torch.ones([1, 1, 2, 2])\n"
      "    i = torch.zeros([1, 1, 2, 2], dtype=torch.long)\n"
      "    a = F.max_unpool2d(x, i, 2)\n"
      "    b = F.max_unpool2d(x, i, kernel_size=(3, 2), stride=2)\n"
      "    return a.size() + b.size()\n");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{1, 1, 4, 4, 1, 1, 5, 4}));
}

TEST_F(FunctionalLibraryTest, LossReductionStringsBecomeOperatorInts) {
  std::string g = define(
      "def f() -> List[float]:\n"
      "    x = torch.tensor([1.0, 2.0, 4.0])\n"
      "    t = torch.zeros([3])\n"
      "    r = 'sum'\n"
      "    return [float(F.mse_loss(x, t)), float(F.mse_loss(x, t, reduction=r)),\n"
      "            float(F.l1_loss(x, t, size_average=False))]\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK-COUNT-2: aten::mse_loss\n"
                                    "CHECK: aten::l1_loss", g).message, "");
  EXPECT_EQ(run().toDoubleVector(), (std::vector<double>{7.0, 21.0, 7.0}));
}

TEST_F(FunctionalLibraryTest, BatchNormPassesStatisticsInTheOperatorsOrder) {
  define(
      "def f() -> List[float]:\n"
      "    x = torch.tensor([[1.0], [3.0]])\n"
      "    y = F.batch_norm(x, torch.tensor([1.0]), torch.tensor([4.0]), bias=torch.tensor([10.0]), eps=0.0)\n"
      "    return [float(y[0][0]), float(y[1][0])]\n");
  EXPECT_EQ(run().toDoubleVector(), (std::vector<double>{10.0, 11.0}));
}

TEST_F(FunctionalLibraryTest, UniqueReturnsWhatItsFlagsAskFor) {
  // Constant flags pick the typed function: a Tensor, or a tuple to unpack.
  std::string g = define(
      "def f() -> List[int]:\n"
      "    x = torch.tensor([3, 1, 3, 2])\n"
      "    u = torch.unique(x)\n"
      "    v, c = torch.unique(x, return_counts=True)\n"
      "    w, inv, c2 = torch.unique(x, sorted=True, return_inverse=True, return_counts=True)\n"
      "    k, kc = torch.unique_consecutive(x, return_counts=True)\n"
      "    out: List[int] = []\n"
      "    for t in [u, c, inv, kc]:\n"
      "        for i in range(t.size(0)):\n"
      "            out.append(int(t[i]))\n"
      "    return out\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::_unique2\nCHECK-NOT: prim::CallFunction", g).message, "");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{1, 2, 3, 1, 1, 2, 2, 0, 2, 1, 1, 1, 1, 1}));
}

TEST_F(FunctionalLibraryTest, DispatchFlagMustBeConstant) {
  // The flag decides the result's type: a run-time bool is a compile error
  // naming it, as in PyTorch.
  CompilationUnit cu;
  absl::Status s = cu.define(
      "def f(x: Tensor, b: bool):\n"
      "    return torch.unique(x, return_inverse=b)\n",
      "t.py");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(std::string(s.message()).find("'return_inverse' must be a constant bool"), std::string::npos)
      << s.message();
}

TEST_F(FunctionalLibraryTest, NormSpellsMatrixNormsAsStrings) {
  define(
      "def f() -> List[float]:\n"
      "    x = torch.tensor([[3.0, 0.0], [0.0, 4.0]])\n"
      "    return [float(torch.norm(x)), float(torch.norm(x, 'nuc')), float(torch.norm(x, 1)),\n"
      "            float(torch.norm(x, math.inf, 1)[1])]\n");
  EXPECT_EQ(run().toDoubleVector(), (std::vector<double>{5.0, 7.0, 7.0, 4.0}));
}

TEST_F(FunctionalLibraryTest, InplaceActivationsCallTheInplaceOperator) {
  std::string g = define(
      "def f() -> List[float]:\n"
      "    x = torch.tensor([-1.0, 2.0])\n"
      "    F.relu(x, inplace=True)\n"
      "    y = F.leaky_relu(torch.tensor([-1.0]), 0.5)\n"
      "    return [float(x[0]), float(x[1]), float(y[0])]\n");
  EXPECT_EQ(filecheck::runFileCheck("CHECK: aten::relu_\n"
                                    "CHECK: aten::leaky_relu(", g).message, "");
  EXPECT_EQ(run().toDoubleVector(), (std::vector<double>{0.0, 2.0, -0.5}));
}

TEST_F(FunctionalLibraryTest, SoftmaxWithoutDimPicksPyTorchsImplicitDim) {
  define(
      "def f() -> List[float]:\n"
      "    y = F.softmax(torch.zeros([2, 4]))\n"  // 2-D: dim 1
      "    return [float(y[0][0]), float(y.sum())]\n");
  EXPECT_EQ(run().toDoubleVector(), (std::vector<double>{0.25, 2.0}));
}

TEST_F(FunctionalLibraryTest, StftCentersFramesByReflectPadding) {
  define(
      "def f() -> List[int]:\n"
      "    x = torch.ones([32])\n"
      "    a = torch.stft(x, 8, hop_length=4, return_complex=True)\n"
      "    b = torch.stft(x, 8, hop_length=4, center=False, return_complex=True)\n"
      "    return a.size() + b.size()\n");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{5, 9, 5, 7}));
}

// Every branch of a dispatch is a library function or another dispatch, and
// every function reached takes the deciding argument where the dispatch
// says, with the same default.
void checkDispatch(std::string_view name, std::vector<const LibraryDispatch*> outer = {}) {
  SCOPED_TRACE(std::string(name));
  if (const LibraryDispatch* d = findLibraryDispatch(name)) {
    outer.push_back(d);
    checkDispatch(d->ifTrue, outer);
    checkDispatch(d->ifFalse, outer);
    return;
  }
  const GraphFunction* f = findLibraryFunction(name);
  ASSERT_NE(f, nullptr);
  for (const LibraryDispatch* d : outer) {
    const auto& args = f->schema().arguments;
    ASSERT_LT(d->argIndex, args.size());
    EXPECT_EQ(args[d->argIndex].name, d->argName);
    ASSERT_TRUE(args[d->argIndex].defaultValue.has_value());
    EXPECT_EQ(args[d->argIndex].defaultValue->toBool(), d->defaultValue);
  }
}

TEST_F(FunctionalLibraryTest, DispatchesReachTypedFunctionsTakingTheDecidingArgument) {
  for (const char* name :
       {"torch.nn.functional.max_pool1d", "torch.nn.functional.max_pool2d", "torch.nn.functional.max_pool3d",
        "torch.nn.functional.adaptive_max_pool1d", "torch.nn.functional.adaptive_max_pool2d",
        "torch.nn.functional.adaptive_max_pool3d", "torch.nn.functional.fractional_max_pool2d",
        "torch.nn.functional.fractional_max_pool3d", "torch.unique", "torch.unique_consecutive", "torch.lu"}) {
    ASSERT_NE(findLibraryDispatch(name), nullptr) << name;
    checkDispatch(name);
  }
  EXPECT_EQ(findLibraryDispatch("torch.nn.functional.relu"), nullptr);
}

TEST_F(FunctionalLibraryTest, DispatchBranchesAreTyped) {
  define(
      "def f() -> List[int]:\n"
      "    x = torch.tensor([[[1.0, 5.0, 2.0, 0.0]]])\n"
      "    y, i = F.max_pool1d_with_indices(x, 2)\n"
      "    return [int(i[0][0][0]), int(i[0][0][1])]\n");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{1, 2}));
  // torch.unique(x, return_counts=True) is (output, counts).
  const GraphFunction* counts = findLibraryFunction("torch.functional._return_counts");
  ASSERT_NE(counts, nullptr);
  EXPECT_EQ(counts->schema().returns.at(0).type->annotationStr(), "Tuple[Tensor, Tensor]");
}

TEST_F(FunctionalLibraryTest, TensordotTakesACountOrTwoDimLists) {
  define(
      "def f() -> List[int]:\n"
      "    a = torch.ones([2, 3, 4])\n"
      "    b = torch.ones([3, 4, 5])\n"
      "    c = torch.tensordot(a, b, dims=2)\n"
      "    d = torch.tensordot(a, b, dims=([1], [0]))\n"
      "    return c.size() + d.size() + [int(c[0][0])]\n");
  EXPECT_EQ(run().toIntVector(), (std::vector<int64_t>{2, 5, 2, 4, 4, 5, 12}));
}

TEST_F(FunctionalLibraryTest, UnfoldAndFoldRoundTripNonOverlappingBlocks) {
  define(
      "def f() -> bool:\n"
      "    x = torch.arange(16.0).view([1, 1, 4, 4])\n"
      "    cols = F.unfold(x, kernel_size=2, stride=2)\n"
      "    return cols.size() == [1, 4, 4] and bool(torch.equal(F.fold(cols, (4, 4), 2, stride=2), x))\n");
  EXPECT_TRUE(run().toBool());
}

// Functions whose operators the runtime does not have yet are left out, and
// only those: any other omission is a library bug (a misspelt operator).
TEST_F(FunctionalLibraryTest, LeavesOutOnlyFunctionsAwaitingOperators) {
  const std::set<std::string> awaiting = {
      "torch__nn__functional__embedding",      // aten::embedding
      "torch__nn__functional__embedding_bag",  // aten::embedding_bag
      "torch__nn__functional__ctc_loss",     // aten::ctc_loss
      "torch__nn__functional__grid_sample",  // aten::grid_sampler
      "torch__nn__functional__affine_grid",  // aten::affine_grid_generator
  };
  findLibraryFunction("torch.nn.functional.relu");  // compiles the library
  for (const LibraryOmission& o : libraryOmissions()) {
    EXPECT_TRUE(awaiting.count(o.def)) << o.def << ": " << o.reason;
    EXPECT_NE(o.reason.find("Unknown builtin op"), std::string::npos) << o.reason;
    EXPECT_EQ(findLibraryHelper(o.def), nullptr);
  }
}

}  // namespace
}  // namespace jitserve::frontend
