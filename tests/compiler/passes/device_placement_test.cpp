// Device placement (compiler/passes/device_placement.h) on the fake device
// (tests/support/fake_device.h), which has kernels for aten::add.Tensor and
// aten::mul.Tensor only: which operators it finds unserved, the error that
// names them, and the CPU fallback, rewritten (FileCheck) and run end to end
// with its copies counted.
#include <gtest/gtest.h>

#include <cmath>

#include "compiler/passes/device_placement.h"
#include "runtime/core/operator_registry.h"
#include "runtime/core/run_counters.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/device_copy.h"
#include "tests/support/fake_device.h"
#include "tools/filecheck/filecheck.h"

namespace jitserve {
namespace {

using testing::kFakeDevice;

// The CPU kernel of the record in ctx, on host views of the fake tensors,
// its tensor result moved back to the fake device.
void hostBacked(Stack& s, const void* ctx) {
  const auto* op = static_cast<const Operator*>(ctx);
  const size_t n = op->schema().arguments.size();
  for (size_t i = s.size() - n; i < s.size(); ++i) {
    if (s[i].isTensor() && s[i].toTensor().device() == kFakeDevice) s[i] = IValue(testing::hostView(s[i].toTensor()));
  }
  op->runOn(DeviceType::CPU, s);
  s.back() = IValue(toDevice(s.back().toTensor(), kFakeDevice));
}

const OperatorRegistry& fakeRegistry() {
  static OperatorRegistry* r = [] {
    testing::ensureFakeBackend();
    auto* reg = new OperatorRegistry();
    EXPECT_TRUE(registerAllOps(*reg).ok());
    for (const char* name : {"aten::add.Tensor", "aten::mul.Tensor"}) {
      const Operator* op = reg->findByName(name);
      OperatorDef def(op->schemaString(), &hostBacked, op, "on the fake device");
      def.device = DeviceType::PrivateUse1;
      EXPECT_TRUE(reg->add(def).ok()) << name;
    }
    return reg;
  }();
  return *r;
}

std::shared_ptr<Graph> parse(std::string_view ir) {
  auto g = std::make_shared<Graph>();
  absl::Status st = parseIR(ir, *g);
  EXPECT_TRUE(st.ok()) << st;
  return g;
}

DevicePlacementOptions onFake(bool fallback = false) {
  DevicePlacementOptions o;
  o.device = kFakeDevice;
  o.registry = &fakeRegistry();
  o.cpuFallback = fallback;
  return o;
}

std::vector<std::string> unservedNames(Graph& g) {
  std::vector<std::string> out;
  for (const UnservedOperator& u : FindUnservedOperators(g, onFake())) out.emplace_back(u.op->schema().operatorName());
  return out;
}

// add has a fake kernel, exp does not, size is metadata (kAnyDevice).
constexpr std::string_view kAddExp = R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::add(%x, %x, %one)
  %z : Tensor = aten::exp(%y)
  %s : int[] = aten::size(%z)
  return (%z, %s)
)IR";

TEST(DevicePlacement, FindsOnlyTheOperatorWithoutAKernel) {
  auto g = parse(kAddExp);
  EXPECT_EQ(unservedNames(*g), std::vector<std::string>{"aten::exp"});
}

TEST(DevicePlacement, OnTheCpuNothingIsUnserved) {
  auto g = parse(kAddExp);
  DevicePlacementOptions o = onFake();
  o.device = Device::cpu();
  EXPECT_TRUE(FindUnservedOperators(*g, o).empty());
  absl::StatusOr<bool> changed = PlaceOnDevice(*g, o);
  ASSERT_TRUE(changed.ok());
  EXPECT_FALSE(*changed);
}

TEST(DevicePlacement, TheErrorNamesEachOperatorAndTheDevice) {
  auto g = parse(kAddExp);
  const std::string before = g->toString();
  absl::StatusOr<bool> r = PlaceOnDevice(*g, onFake());
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(r.status().message().find("1 operator(s) have no privateuseone:0 kernel: aten::exp"), std::string_view::npos)
      << r.status();
  EXPECT_EQ(g->toString(), before) << "a refused placement changes nothing";
}

// Tensors the rules put on the CPU: a factory without device=, x.cpu(); and
// on the device: a factory given x.device, a tensor typed as there.
TEST(DevicePlacement, FollowsWhereEachTensorIs) {
  auto g = parse(R"IR(
graph(%x : Tensor, %h : Float(2, strides=[1], device=cpu)):
  %n : NoneType = prim::Constant()
  %sz : int[] = prim::Constant[value=[2]]()
  %zeros : Tensor = aten::zeros(%sz, %n, %n, %n, %n)
  %a : Tensor = aten::exp(%zeros)
  %c : Tensor = aten::cpu(%x)
  %b : Tensor = aten::sin(%c)
  %hh : Tensor = aten::cos(%h)
  %d : Device = prim::device(%x)
  %ones : Tensor = aten::ones(%sz, %n, %n, %d, %n)
  %e : Tensor = aten::tanh(%ones)
  return (%a, %b, %hh, %e)
)IR");
  EXPECT_EQ(unservedNames(*g), std::vector<std::string>{"aten::tanh"});
}

TEST(DevicePlacement, ControlFlowJoinsItsBranches) {
  auto g = parse(R"IR(
graph(%x : Tensor, %c : bool):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = prim::If(%c)
    block0():
      %a : Tensor = aten::add(%x, %x, %one)
      -> (%a)
    block1():
      -> (%x)
  %n : int = prim::Constant[value=3]()
  %t : bool = prim::Constant[value=1]()
  %w : Tensor = prim::Loop(%n, %t, %y)
    block0(%i : int, %acc : Tensor):
      %m : Tensor = aten::mul(%acc, %acc)
      %s : Tensor = aten::sigmoid(%m)
      -> (%t, %s)
  %r : Tensor = aten::relu(%w)
  return (%r)
)IR");
  EXPECT_EQ(unservedNames(*g), (std::vector<std::string>{"aten::sigmoid", "aten::relu"}));
}

TEST(DevicePlacement, FallbackCopiesAroundTheOperator) {
  auto g = parse(kAddExp);
  absl::StatusOr<bool> r = PlaceOnDevice(*g, onFake(/*fallback=*/true));
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(*r);
  filecheck::Result check = filecheck::runFileCheck(R"(
# CHECK: %[[Y:.*]] : Tensor = aten::add(
# CHECK: %[[H:.*]] : Tensor = jitserve::fallback_to_cpu(%[[Y]])
# CHECK: %[[C:.*]] : Tensor = aten::exp(%[[H]])
# CHECK: %[[D:.*]] : Device = prim::Constant[value="privateuseone:0"]()
# CHECK: %[[Z:.*]] : Tensor = jitserve::fallback_to_device(%[[C]], %[[D]])
# CHECK: aten::size(%[[Z]])
# CHECK: return (%[[Z]],
)",
                                                    g->toString(false));
  EXPECT_TRUE(check.ok) << check.message << "\n" << g->toString(false);
  EXPECT_EQ(CpuFallbackOperators(*g), std::vector<std::string>{"aten::exp"});
  EXPECT_TRUE(unservedNames(*g).empty()) << "the placed graph is served";
}

Tensor fakeInput() { return toDevice(arange(0, 4, 1, ScalarType::Float).reshape({2, 2}), kFakeDevice); }

TEST(DevicePlacement, FallbackRunsAndCountsItsCopies) {
  auto g = parse(kAddExp);
  ASSERT_TRUE(PlaceOnDevice(*g, onFake(true)).ok());
  RunCounters counters;
  RunOptions o;
  o.code.registry = &fakeRegistry();
  o.interpreter.counters = &counters;
  auto out = runGraph(*g, {IValue(fakeInput())}, o);
  ASSERT_TRUE(out.ok()) << out.status();
  const Tensor z = (*out)[0].toTensor();
  EXPECT_EQ(z.device(), kFakeDevice) << "the result is back on the model's device";
  const Tensor host = toDevice(z, Device::cpu()).contiguous();
  for (int i = 0; i < 4; ++i) EXPECT_FLOAT_EQ(host.data<float>()[i], std::exp(2.0f * static_cast<float>(i)));
  EXPECT_EQ(counters.cpuFallbackCopies.load(), 2u) << "one copy to the host, one back";
}

TEST(DevicePlacement, ListArgumentsFallBackToo) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %zero : int = prim::Constant[value=0]()
  %l : Tensor[] = prim::ListConstruct(%x, %x)
  %c : Tensor = aten::cat(%l, %zero)
  return (%c)
)IR");
  EXPECT_EQ(unservedNames(*g), std::vector<std::string>{"aten::cat"});
  ASSERT_TRUE(PlaceOnDevice(*g, onFake(true)).ok());
  RunCounters counters;
  RunOptions o;
  o.code.registry = &fakeRegistry();
  o.interpreter.counters = &counters;
  auto out = runGraph(*g, {IValue(fakeInput())}, o);
  ASSERT_TRUE(out.ok()) << out.status() << "\n" << g->toString(false);
  EXPECT_EQ((*out)[0].toTensor().device(), kFakeDevice);
  const Tensor c = (*out)[0].toTensor();
  EXPECT_EQ(std::vector<int64_t>(c.sizes().begin(), c.sizes().end()), (std::vector<int64_t>{4, 2}));
  // Both list elements to the host, the result back.
  EXPECT_EQ(counters.cpuFallbackCopies.load(), 3u);
}

TEST(DevicePlacement, AnOperatorThatWritesCannotFallBack) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %one : int = prim::Constant[value=1]()
  %y : Tensor = aten::add(%x, %x, %one)
  %z : Tensor = aten::exp_(%y)
  return (%z)
)IR");
  absl::StatusOr<bool> r = PlaceOnDevice(*g, onFake(true));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("aten::exp_: it writes to its argument 'self'"), std::string_view::npos)
      << r.status();
  EXPECT_NE(r.status().message().find("cannot fall back to the CPU"), std::string_view::npos) << r.status();
}

}  // namespace
}  // namespace jitserve
