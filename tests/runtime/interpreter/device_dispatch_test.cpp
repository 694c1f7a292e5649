// A second device, end to end, without a GPU: a fake backend on host memory
// tagged "privateuseone" and kernels for aten::add.Tensor, mul.Tensor and
// sum.dim_IntList in that device's slots of their operator records. Graphs on its tensors run that kernel
// (chosen when the plan is built if the types name the device, at run time
// otherwise); the CPU plan of the same graph is unchanged; an operator with
// no kernel there fails with an error naming the device, never a wild read.
#include <gtest/gtest.h>

#include <atomic>

#include "runtime/ir/ir.h"
#include "runtime/ir/ir_parser.h"
#include "runtime/core/op_call.h"
#include "runtime/core/operator_context.h"
#include "runtime/core/operator_registry.h"
#include "runtime/interpreter/code.h"
#include "runtime/interpreter/run_graph.h"
#include "runtime/ops/register_all.h"
#include "runtime/tensor/backend.h"
#include "runtime/tensor/device_copy.h"
#include "tests/support/fake_device.h"

namespace jitserve {
namespace {

using testing::ensureFakeBackend;
using testing::hostView;
constexpr Device kFake = testing::kFakeDevice;

// One operator the fake device has a kernel for, and how often it ran.
struct FakeOp {
  const char* name;
  size_t numArgs;
  const Operator* op = nullptr;  // the record, whose CPU slot does the work
  std::atomic<int> calls{0};
};
FakeOp g_add{"aten::add.Tensor", 3};
FakeOp g_mul{"aten::mul.Tensor", 2};
FakeOp g_sum{"aten::sum.dim_IntList", 4};

// F on the fake device: the CPU kernel on host views, the result copied
// back onto the device.
template <FakeOp& F>
void fakeKernel(Stack& s) {
  ++F.calls;
  for (size_t i = s.size() - F.numArgs; i < s.size(); ++i) {
    // A CPU 0-dim operand of a mixed call stays as it is.
    if (s[i].isTensor() && s[i].toTensor().device() == kFake) s[i] = IValue(hostView(s[i].toTensor()));
  }
  F.op->runOn(DeviceType::CPU, s);
  s.back() = IValue(toDevice(s.back().toTensor(), kFake));
}

// A composite kernel: written in terms of aten::add.Tensor called through the
// dispatcher, so it serves every device add has a kernel for.
Tensor twice(const Tensor& x) {
  static const OpCall kAdd("aten::add.Tensor");
  return kAdd.call<Tensor>(x, x, IValue(int64_t{1}));
}

class DeviceDispatch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    ensureFakeBackend();
    ASSERT_TRUE(registerAllOps(cpuOnly()).ok());
    ASSERT_TRUE(registerAllOps(twoDevices()).ok());
    addFakeKernel<g_add>();
    addFakeKernel<g_mul>();
    addFakeKernel<g_sum>();
    OperatorDef composite("test::twice(Tensor x) -> Tensor", &boxed<twice>, "x + x through the dispatcher.");
    composite.signature = &kernelSignatureOf<twice>;
    composite.flags = kAnyDevice;
    ASSERT_TRUE(twoDevices().add(composite).ok());
  }
  template <FakeOp& F>
  static void addFakeKernel() {
    F.op = twoDevices().findByName(F.name);
    ASSERT_NE(F.op, nullptr) << F.name;
    OperatorDef def(F.op->schemaString(), &fakeKernel<F>, "on the fake device");
    def.device = DeviceType::PrivateUse1;
    ASSERT_TRUE(twoDevices().add(def).ok()) << F.name;
  }
  static OperatorRegistry& cpuOnly() {
    static OperatorRegistry* r = new OperatorRegistry();
    return *r;
  }
  static OperatorRegistry& twoDevices() {
    static OperatorRegistry* r = new OperatorRegistry();
    return *r;
  }
  static std::shared_ptr<Graph> parse(std::string_view ir) {
    auto g = std::make_shared<Graph>();
    absl::Status st = parseIR(ir, *g);
    EXPECT_TRUE(st.ok()) << st;
    return g;
  }
  static std::string dump(const Graph& g, const OperatorRegistry& r) {
    CodeOptions o;
    o.registry = &r;
    return Code::create(g, o)->dump();
  }
  static Stack run(const Graph& g, Stack in, const OperatorRegistry& r) {
    RunOptions o;
    o.code.registry = &r;
    auto out = runGraph(g, std::move(in), o);
    EXPECT_TRUE(out.ok()) << out.status();
    return out.ok() ? *out : Stack{};
  }
};

constexpr std::string_view kAddUntyped = R"IR(
graph(%x : Tensor, %y : Tensor):
  %one : int = prim::Constant[value=1]()
  %z : Tensor = aten::add(%x, %y, %one)
  return (%z)
)IR";

Tensor hostValues() { return arange(0, 6, 1, ScalarType::Float).reshape({2, 3}); }

// A host tensor's values in row-major order.
std::vector<float> values(const Tensor& t) {
  EXPECT_TRUE(t.is_cpu());
  Tensor c = t.contiguous();
  return std::vector<float>(c.data<float>(), c.data<float>() + c.numel());
}
const std::vector<float> kDoubled = {0, 2, 4, 6, 8, 10};

TEST_F(DeviceDispatch, RegisteringASecondCpuKernelFailsNamingTheSchema) {
  OperatorDef def(g_add.op->schemaString(), &fakeKernel<g_add>, "again");
  absl::Status st = twoDevices().add(def);
  EXPECT_EQ(st.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(st.message().find("aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"),
            std::string_view::npos)
      << st;
  EXPECT_NE(st.message().find("cpu kernel"), std::string_view::npos) << st;
  def.device = DeviceType::PrivateUse1;
  st = twoDevices().add(def);
  EXPECT_EQ(st.code(), absl::StatusCode::kAlreadyExists) << st;
  EXPECT_NE(st.message().find("privateuseone kernel"), std::string_view::npos) << st;
}

TEST_F(DeviceDispatch, TheOneRecordHasBothSlots) {
  EXPECT_TRUE(g_add.op->hasKernelFor(DeviceType::CPU));
  EXPECT_TRUE(g_add.op->hasKernelFor(DeviceType::PrivateUse1));
  EXPECT_FALSE(g_add.op->hasKernelFor(DeviceType::CUDA));
  EXPECT_TRUE(g_add.op->dispatchesByDevice());
  // One record per schema: the fake kernel added no operator (test::twice,
  // the composite below, is the one more).
  EXPECT_EQ(twoDevices().size(), cpuOnly().size() + 1);
  auto fakeOps = twoDevices().operatorsFor(DeviceType::PrivateUse1);
  bool found = false;
  for (const Operator* op : fakeOps) found |= op == g_add.op;
  EXPECT_TRUE(found);
}

TEST_F(DeviceDispatch, UntypedGraphOnFakeTensorsRunsTheFakeKernel) {
  auto g = parse(kAddUntyped);
  const int before = g_add.calls;
  Stack out = run(*g, {IValue(toDevice(hostValues(), kFake)), IValue(toDevice(hostValues(), kFake))}, twoDevices());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(g_add.calls, before + 1);
  const Tensor& z = out[0].toTensor();
  EXPECT_EQ(z.device(), kFake);
  EXPECT_EQ(values(toDevice(z, Device::cpu())), kDoubled);
}

TEST_F(DeviceDispatch, UntypedGraphOnCpuTensorsRunsTheCpuKernel) {
  auto g = parse(kAddUntyped);
  const int before = g_add.calls;
  Stack out = run(*g, {IValue(hostValues()), IValue(hostValues())}, twoDevices());
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(g_add.calls, before);
  EXPECT_TRUE(out[0].toTensor().is_cpu());
  EXPECT_EQ(values(out[0].toTensor()), kDoubled);
}

TEST_F(DeviceDispatch, SpecializedPlansChooseTheKernelWhenBuilt) {
  auto onCpu = parse(R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu), %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=cpu)):
  %one : int = prim::Constant[value=1]()
  %z : Tensor = aten::add(%x, %y, %one)
  return (%z)
)IR");
  // The CPU plan is the same instruction for instruction whether or not
  // another device has a kernel: a direct call of the CPU kernel.
  const std::string cpuPlan = dump(*onCpu, twoDevices());
  EXPECT_EQ(cpuPlan, dump(*onCpu, cpuOnly()));
  EXPECT_NE(cpuPlan.find("OP aten::add.Tensor"), std::string::npos) << cpuPlan;

  auto onFake = parse(R"IR(
graph(%x : Float(2, 3, strides=[3, 1], requires_grad=0, device=privateuseone:0), %y : Float(2, 3, strides=[3, 1], requires_grad=0, device=privateuseone:0)):
  %one : int = prim::Constant[value=1]()
  %z : Tensor = aten::add(%x, %y, %one)
  return (%z)
)IR");
  const std::string fakePlan = dump(*onFake, twoDevices());
  EXPECT_NE(fakePlan.find("OP aten::add.Tensor"), std::string::npos) << fakePlan;
  const int before = g_add.calls;
  Stack out = run(*onFake, {IValue(toDevice(hostValues(), kFake)), IValue(toDevice(hostValues(), kFake))},
                  twoDevices());
  EXPECT_EQ(g_add.calls, before + 1);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toTensor().device(), kFake);
}

TEST_F(DeviceDispatch, AnOperatorWithoutAKernelThereFailsNamingTheDevice) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %z : Tensor = aten::atan2(%x, %y)
  return (%z)
)IR");
  RunOptions o;
  o.code.registry = &twoDevices();
  auto out = runGraph(*g, {IValue(toDevice(hostValues(), kFake)), IValue(toDevice(hostValues(), kFake))}, o);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("privateuseone"), std::string_view::npos) << out.status();
}

// A CPU kernel that reads the device tensor's memory without a check of its
// own fails in the tensor, which cannot know the operator: the interpreter
// names it on the first line (the line logs and jit-conform show).
TEST_F(DeviceDispatch, ACpuKernelReadingDeviceMemoryIsNamedFirst) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %m : Tensor, %e : Tensor = aten::frexp(%x)
  return (%m, %e)
)IR");
  RunOptions o;
  o.code.registry = &twoDevices();
  auto out = runGraph(*g, {IValue(toDevice(hostValues(), kFake))}, o);
  ASSERT_FALSE(out.ok());
  const std::string msg(out.status().message());
  EXPECT_EQ(msg.substr(0, msg.find('\n')).find("aten::frexp: expected a tensor in host memory, but this one is on "
                                                "privateuseone:0"),
            0u)
      << out.status();
}

// rand_like reads only self's metadata: drawn on the host, the result is on
// self's device (as in PyTorch), and device= still wins.
TEST_F(DeviceDispatch, RandLikeFollowsSelfsDevice) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %none : NoneType = prim::Constant()
  %cpu : Device = prim::Constant[value="cpu"]()
  %high : int = prim::Constant[value=5]()
  %a : Tensor = aten::rand_like(%x, %none, %none, %none, %none, %none)
  %b : Tensor = aten::randint_like(%x, %high, %none, %none, %cpu, %none, %none)
  return (%a, %b)
)IR");
  Stack out = run(*g, {IValue(toDevice(hostValues(), kFake))}, twoDevices());
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].toTensor().device(), kFake);
  EXPECT_EQ(IntArrayRef(out[0].toTensor().sizes()), IntArrayRef(hostValues().sizes()));
  EXPECT_TRUE(out[1].toTensor().is_cpu());
}

TEST_F(DeviceDispatch, MixedDevicesDispatchToTheDeviceOne) {
  // A CPU 0-dim tensor beside a device tensor is a scalar, as in PyTorch:
  // the device's kernel runs.
  auto g = parse(kAddUntyped);
  const int before = g_add.calls;
  Stack out = run(*g, {IValue(toDevice(hostValues(), kFake)), IValue(scalar_tensor(Scalar(1.0)))}, twoDevices());
  EXPECT_EQ(g_add.calls, before + 1);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(values(toDevice(out[0].toTensor(), Device::cpu())), (std::vector<float>{1, 2, 3, 4, 5, 6}));
}

TEST_F(DeviceDispatch, CompositesCallTheirPartsThroughTheDispatcher) {
  auto g = parse(R"IR(
graph(%x : Tensor):
  %z : Tensor = test::twice(%x)
  return (%z)
)IR");
  OperatorRegistryScope scope(twoDevices());
  int before = g_add.calls;
  Stack out = run(*g, {IValue(toDevice(hostValues(), kFake))}, twoDevices());
  EXPECT_EQ(g_add.calls, before + 1);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toTensor().device(), kFake);
  EXPECT_EQ(values(toDevice(out[0].toTensor(), Device::cpu())), kDoubled);
  before = g_add.calls;
  out = run(*g, {IValue(hostValues())}, twoDevices());
  EXPECT_EQ(g_add.calls, before);
  EXPECT_EQ(values(out[0].toTensor()), kDoubled);
}

// aten::linalg_vecdot (runtime/ops/linalg_product_ops.cpp) is mul then sum
// through the dispatcher: on the fake device's tensors it runs the device's
// mul and sum kernels and leaves its result there.
TEST_F(DeviceDispatch, ALibraryCompositeRunsTheDevicesKernelsForItsParts) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %dim : int = prim::Constant[value=-1]()
  %z : Tensor = aten::linalg_vecdot(%x, %y, %dim)
  return (%z)
)IR");
  OperatorRegistryScope scope(twoDevices());
  const int muls = g_mul.calls, sums = g_sum.calls;
  Stack out = run(*g, {IValue(toDevice(hostValues(), kFake)), IValue(toDevice(hostValues(), kFake))}, twoDevices());
  EXPECT_EQ(g_mul.calls, muls + 1);
  EXPECT_EQ(g_sum.calls, sums + 1);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0].toTensor().device(), kFake);
  // Rows [0, 1, 2] and [3, 4, 5], each dotted with itself.
  EXPECT_EQ(values(toDevice(out[0].toTensor(), Device::cpu())), (std::vector<float>{5, 50}));
}

// A composite whose part the device lacks fails naming the part, the device
// and the composite (linalg_cross needs sub, which the fake device has not).
TEST_F(DeviceDispatch, ACompositeWhosePartIsMissingNamesIt) {
  auto g = parse(R"IR(
graph(%x : Tensor, %y : Tensor):
  %dim : int = prim::Constant[value=-1]()
  %z : Tensor = aten::linalg_cross(%x, %y, %dim)
  return (%z)
)IR");
  OperatorRegistryScope scope(twoDevices());
  RunOptions o;
  o.code.registry = &twoDevices();
  Tensor v = toDevice(arange(0, 3, 1, ScalarType::Float), kFake);
  auto out = runGraph(*g, {IValue(v), IValue(v)}, o);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.status().message().find("privateuseone"), std::string_view::npos) << out.status();
  // The CPU-only part's kernel refuses the device's tensor, naming itself;
  // the composite is named as the op that was running.
  EXPECT_NE(out.status().message().find("sub"), std::string_view::npos) << out.status();
  EXPECT_NE(out.status().message().find("aten::linalg_cross"), std::string_view::npos) << out.status();
}

TEST(DeviceCopy, RoundTripsThroughTheBackendKeepingValuesAndViews) {
  ensureFakeBackend();
  Tensor h = hostValues();
  Tensor d = toDevice(h, kFake);
  EXPECT_EQ(d.device(), kFake);
  EXPECT_EQ(values(toDevice(d, Device::cpu())), values(h));
  // A strided view on the device comes back with the view's values.
  Tensor view = d.transpose(0, 1);
  EXPECT_FALSE(view.is_contiguous());
  EXPECT_EQ(values(toDevice(view, Device::cpu())), values(h.transpose(0, 1)));
  // Same device: itself, or a copy when asked.
  EXPECT_TRUE(toDevice(d, kFake).is_same(d));
  Tensor copy = toDevice(d, kFake, /*copy=*/true);
  EXPECT_FALSE(copy.is_alias_of(d));
  EXPECT_EQ(copy.device(), kFake);
  EXPECT_EQ(values(toDevice(copy, Device::cpu())), values(h));
}

// Code that only copies (dropout in eval clones, reshape of a view makes
// it contiguous) works on a device's tensors through its backend.
TEST(DeviceCopy, CloneAndContiguousOfADeviceTensorStayOnTheDevice) {
  ensureFakeBackend();
  Tensor d = toDevice(hostValues(), kFake);
  Tensor c = d.clone();
  EXPECT_EQ(c.device(), kFake);
  EXPECT_FALSE(c.is_alias_of(d));
  EXPECT_EQ(values(toDevice(c, Device::cpu())), values(hostValues()));
  Tensor t = d.transpose(0, 1).contiguous();
  EXPECT_EQ(t.device(), kFake);
  EXPECT_TRUE(t.is_contiguous());
  EXPECT_EQ(values(toDevice(t, Device::cpu())), values(hostValues().transpose(0, 1)));
  EXPECT_EQ(values(toDevice(d.transpose(0, 1).reshape({6}), Device::cpu())),
            values(hostValues().transpose(0, 1).reshape({6})));
}

TEST(DeviceCopy, DevicesWithoutABackendAreAClearError) {
  try {
    toDevice(hostValues(), Device(DeviceType::CUDA, 0));
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no backend for device cuda"), std::string::npos) << e.what();
  }
}

TEST(DeviceCopy, HostAccessToDeviceMemoryIsAnError) {
  ensureFakeBackend();
  Tensor d = toDevice(hostValues(), kFake);
  try {
    d.data_ptr();
    FAIL() << "expected an error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("expected a tensor in host memory, but this one is on privateuseone:0"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NE(d.unsafeGetImpl()->deviceData(), nullptr);
}

}  // namespace
}  // namespace jitserve
