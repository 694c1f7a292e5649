// The composite CUDA kernels of cuda_statistics_ops.cpp (cov, corrcoef,
// cumulative_trapezoid, pdist, the margin losses, masked_scatter, index_put,
// renorm) against the CPU kernels of the same operators on the same inputs,
// as cuda_kernels_test.cpp: weights and options, strided views, empty
// inputs, and the errors the CPU raises for bad data. Both sides compute in
// double where the CPU does, so float results agree to a few ulps.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cuda_test_util.h"
#include "runtime/core/operator_registry.h"
#include "runtime/core/type.h"
#include "runtime/core/value_device.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda::testing {
namespace {

const Device kCuda0(DeviceType::CUDA, 0);
const ScalarType kFloats[] = {ScalarType::Float, ScalarType::Double};

// Deterministic values in [-3, 3) (integers in [-3, 3]) as dtype dt.
Tensor sample(IntArrayRef sizes, ScalarType dt, int seed) {
  Tensor t = empty(sizes, ScalarType::Double);
  double* p = t.data<double>();
  uint64_t x = 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(seed + 1);
  for (int64_t i = 0; i < t.numel(); ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const double v = static_cast<double>(x % 6000) / 1000.0 - 3.0;
    p[i] = isFloatingType(dt) ? v : std::round(v);
  }
  return t.to(dt);
}
// |sample|: weights that must not be negative.
Tensor nonnegative(IntArrayRef sizes, ScalarType dt, int seed) {
  Tensor t = sample(sizes, ScalarType::Double, seed);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<double>()[i] = std::abs(t.data<double>()[i]);
  return t.to(dt);
}
Tensor longs(const std::vector<int64_t>& v, IntArrayRef shape) { return from_vector(v, shape); }
Tensor bools(const std::vector<int64_t>& v, IntArrayRef shape) { return longs(v, shape).to(ScalarType::Bool); }
IValue optList(std::vector<IValue> v) { return IValue::list(OptionalType::create(TensorType::get()), std::move(v)); }
IValue num(double v) { return IValue(Scalar(v)); }
IValue num(int64_t v) { return IValue(Scalar(v)); }

Stack runOn(DeviceType device, const char* overload, Stack args) {
  const Operator* op = globalOperatorRegistry().findByName(overload);
  EXPECT_NE(op, nullptr) << overload;
  op->runOn(device, args);
  return args;
}

void expectSame(const Tensor& cpu, const Tensor& gpu, const std::string& what) {
  ASSERT_EQ(gpu.device(), kCuda0) << what;
  const Tensor back = toDevice(gpu, Device::cpu());
  ASSERT_EQ(back.dtype(), cpu.dtype()) << what;
  ASSERT_EQ(IntArrayRef(back.sizes()), IntArrayRef(cpu.sizes())) << what;
  const Tensor a = cpu.to(ScalarType::Double).contiguous(), b = back.to(ScalarType::Double).contiguous();
  const double rel = cpu.dtype() == ScalarType::Float ? 4e-6 : 1e-11;
  int bad = 0;
  for (int64_t i = 0; i < a.numel() && bad < 5; ++i) {
    const double x = a.data<double>()[i], y = b.data<double>()[i];
    const bool ok = (std::isnan(x) && std::isnan(y)) || x == y ||
                    (isFloatingType(cpu.dtype()) && std::abs(x - y) <= rel * std::max(1.0, std::abs(x)));
    if (!ok) ADD_FAILURE() << what << ": element " << i << " cpu " << x << " cuda " << y, ++bad;
  }
}

// The CUDA kernel gets every tensor on cuda:0 (lists' too); the CPU kernel
// the originals. In-place operators: the written argument is compared too.
void check(const char* overload, const Stack& args) {
  std::string what = std::string(overload) + "(";
  for (const IValue& v : args)
    what += v.isTensor() ? std::string(scalarTypeName(v.toTensor().dtype())) + shapeToString(v.toTensor().sizes()) + ", "
                         : std::string("_, ");
  what += ")";
  Stack gpuArgs;
  for (const IValue& v : args) gpuArgs.push_back(valueToDevice(v, kCuda0));
  Stack cpu = runOn(DeviceType::CPU, overload, args);
  Stack gpu = runOn(DeviceType::CUDA, overload, std::move(gpuArgs));
  ASSERT_EQ(cpu.size(), gpu.size()) << what;
  for (size_t i = 0; i < cpu.size(); ++i) {
    ASSERT_TRUE(cpu[i].isTensor() && gpu[i].isTensor()) << what;
    expectSame(cpu[i].toTensor(), gpu[i].toTensor(), what);
  }
}

// Both kernels reject the arguments with the same message.
void checkError(const char* overload, const Stack& args) {
  std::string cpuMsg, gpuMsg;
  Stack gpuArgs;
  for (const IValue& v : args) gpuArgs.push_back(valueToDevice(v, kCuda0));
  try {
    runOn(DeviceType::CPU, overload, args);
  } catch (const Error& e) {
    cpuMsg = e.what();
  }
  try {
    runOn(DeviceType::CUDA, overload, std::move(gpuArgs));
  } catch (const Error& e) {
    gpuMsg = e.what();
  }
  EXPECT_FALSE(cpuMsg.empty()) << overload << ": the CPU kernel accepted it";
  EXPECT_EQ(cpuMsg, gpuMsg) << overload;
}

class CudaCompositeKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    setUpCuda();
    JS_SKIP_WITHOUT_GPU();
  }
};

TEST_F(CudaCompositeKernels, CovAndCorrcoefMatchTheCpu) {
  const IValue none;
  for (ScalarType dt : kFloats) {
    const Tensor x = sample({3, 7}, dt, 1);
    check("aten::cov", {x, num(int64_t{1}), none, none});
    check("aten::cov", {x.transpose(0, 1), num(int64_t{0}), none, none});  // strided
    check("aten::cov", {sample({7}, dt, 2), num(int64_t{1}), none, none});  // one variable: 0-dim
    const Tensor fw = longs({1, 2, 0, 3, 1, 1, 2}, {7});
    const Tensor aw = nonnegative({7}, dt, 3);
    check("aten::cov", {x, num(int64_t{1}), fw, none});
    check("aten::cov", {x, num(int64_t{1}), none, aw});
    check("aten::cov", {x, num(int64_t{2}), fw, aw});
    check("aten::cov", {sample({2, 1}, dt, 4), num(int64_t{1}), none, none});  // dof 0: inf / NaN
    check("aten::corrcoef", {x});
    check("aten::corrcoef", {sample({5}, dt, 5)});
    check("aten::corrcoef", {sample({4, 6}, dt, 6).transpose(0, 1)});
  }
  check("aten::cov", {sample({2, 5}, ScalarType::Long, 7), num(int64_t{1}), none, none});  // Float result
  check("aten::cov", {sample({2, 5}, ScalarType::Float, 8), num(int64_t{1}), none, nonnegative({5}, ScalarType::Double, 9)});
  check("aten::corrcoef", {sample({3, 4}, ScalarType::Int, 10)});
  checkError("aten::cov", {sample({2, 3}, ScalarType::Float, 11), num(int64_t{1}), longs({1, -1, 2}, {3}), none});
  checkError("aten::cov", {sample({2, 3}, ScalarType::Float, 11), num(int64_t{1}), longs({0, 0, 0}, {3}), none});
  checkError("aten::cov", {sample({2, 3}, ScalarType::Float, 11), num(int64_t{1}), longs({1, 1}, {2}), none});
  checkError("aten::cov", {sample({2, 3, 1}, ScalarType::Float, 11), num(int64_t{1}), none, none});
}

TEST_F(CudaCompositeKernels, CumulativeTrapezoidMatchesTheCpu) {
  for (ScalarType dt : kFloats) {
    const Tensor y = sample({3, 6}, dt, 20);
    check("aten::cumulative_trapezoid.x", {y, sample({6}, dt, 21), num(int64_t{-1})});
    check("aten::cumulative_trapezoid.x", {y, sample({3, 6}, dt, 22), num(int64_t{1})});
    check("aten::cumulative_trapezoid.x", {y, sample({3}, dt, 23), num(int64_t{0})});
    check("aten::cumulative_trapezoid.x", {y.transpose(0, 1), sample({6, 3}, dt, 24), num(int64_t{0})});
    check("aten::cumulative_trapezoid.dx", {y, num(0.5), num(int64_t{-1})});
    check("aten::cumulative_trapezoid.dx", {y, num(int64_t{2}), num(int64_t{0})});
    check("aten::cumulative_trapezoid.dx", {sample({4, 0}, dt, 25), num(1.0), num(int64_t{1})});  // empty
  }
  check("aten::cumulative_trapezoid.dx", {sample({2, 5}, ScalarType::Long, 26), num(int64_t{1}), num(int64_t{1})});
  checkError("aten::cumulative_trapezoid.dx", {sample({2, 5}, ScalarType::Float, 27), num(1.0), num(int64_t{2})});
  checkError("aten::cumulative_trapezoid.x",
             {sample({2, 5}, ScalarType::Float, 27), sample({4}, ScalarType::Float, 28), num(int64_t{1})});
}

TEST_F(CudaCompositeKernels, PdistMatchesTheCpu) {
  for (ScalarType dt : kFloats) {
    const Tensor x = sample({6, 4}, dt, 30);
    for (double p : {2.0, 1.0, 0.0, 3.5, 0.5, std::numeric_limits<double>::infinity()}) check("aten::pdist", {x, num(p)});
    check("aten::pdist", {x.transpose(0, 1), num(2.0)});
    check("aten::pdist", {sample({1, 4}, dt, 31), num(2.0)});  // no pairs
    check("aten::pdist", {sample({3, 0}, dt, 32), num(2.0)});  // no features: zeros
  }
  checkError("aten::pdist", {sample({3, 2}, ScalarType::Float, 33), num(-1.0)});
  checkError("aten::pdist", {sample({3, 2}, ScalarType::Long, 33), num(2.0)});
}

TEST_F(CudaCompositeKernels, MarginLossesMatchTheCpu) {
  const IValue none;
  for (ScalarType dt : kFloats) {
    const Tensor x = sample({4, 5}, dt, 40), t = longs({0, 4, 2, 2}, {4});
    for (int64_t red : {0, 1, 2}) {
      check("aten::multi_margin_loss", {x, t, num(int64_t{1}), num(1.0), none, num(red)});
      check("aten::multi_margin_loss", {x, t, num(int64_t{2}), num(0.5), nonnegative({5}, dt, 41), num(red)});
    }
    check("aten::multi_margin_loss", {sample({5}, dt, 42), longs({3}, {1}), num(int64_t{1}), num(1.0), none,
                                      num(int64_t{0})});
    check("aten::multi_margin_loss", {sample({0, 5}, dt, 43), longs(std::vector<int64_t>{}, {0}), num(int64_t{1}), num(1.0), none,
                                      num(int64_t{1})});
    // Targets up to the first -1, repeats counted.
    const Tensor mt = longs({3, 0, -1, 1, 1, 4, 2, 1, 0, -1, 0, -1, -1, -1, -1}, {3, 5});
    for (int64_t red : {0, 1, 2}) check("aten::multilabel_margin_loss", {sample({3, 5}, dt, 44), mt, num(red)});
    check("aten::multilabel_margin_loss", {sample({5}, dt, 45), longs({2, 4, -1, 0, 0}, {5}), num(int64_t{0})});
    check("aten::multilabel_margin_loss", {sample({0, 5}, dt, 46), longs(std::vector<int64_t>{}, {0, 5}), num(int64_t{1})});
  }
  const Tensor x = sample({2, 3}, ScalarType::Float, 47);
  checkError("aten::multi_margin_loss", {x, longs({0, 3}, {2}), num(int64_t{1}), num(1.0), none, num(int64_t{1})});
  checkError("aten::multi_margin_loss", {x, longs({0, 1}, {2}), num(int64_t{3}), num(1.0), none, num(int64_t{1})});
  checkError("aten::multilabel_margin_loss", {x, longs({0, 5, -1, 1, -1, 0}, {2, 3}), num(int64_t{1})});
}

TEST_F(CudaCompositeKernels, MaskedScatterMatchesTheCpu) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Long, ScalarType::Bool}) {
    const Tensor self = sample({3, 4}, dt, 50), src = sample({20}, dt, 51);
    const Tensor mask = bools({1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 1}, {3, 4});
    check("aten::masked_scatter", {self, mask, src});
    check("aten::masked_scatter", {self, bools({0, 1, 1, 0}, {4}), src});  // mask broadcast
    check("aten::masked_scatter", {sample({4}, dt, 52), mask, src});       // self broadcast
    check("aten::masked_scatter", {self, bools({0, 0, 0, 0}, {4}), src});  // nothing written
    check("aten::masked_scatter_", {sample({3, 4}, dt, 53), mask, src.reshape({4, 5})});
  }
  checkError("aten::masked_scatter", {sample({3}, ScalarType::Float, 54), bools({1, 1, 1}, {3}),
                                      sample({2}, ScalarType::Float, 55)});
}

TEST_F(CudaCompositeKernels, IndexPutMatchesTheCpu) {
  const IValue none;
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double, ScalarType::Long}) {
    const Tensor self = sample({4, 5, 3}, dt, 60);
    const Tensor rows = longs({0, -1, 2}, {3}), cols = longs({4, 1, 0}, {3});
    for (bool acc : {false, true}) {
      check("aten::index_put.hacked_twin", {self, IValue::tensorList({rows}), sample({3, 5, 3}, dt, 61), acc});
      check("aten::index_put.hacked_twin", {self, IValue::tensorList({rows, cols}), sample({3}, dt, 62), acc});
      check("aten::index_put", {self, optList({none, cols}), sample({4, 1, 3}, dt, 63), acc});
      check("aten::index_put", {self, optList({rows, none, longs({2, 0, 1}, {3})}), sample({3, 5}, dt, 64), acc});
      check("aten::index_put", {self.transpose(0, 2), optList({longs({1, 0}, {2, 1})}), sample({5, 4}, dt, 65), acc});
      check("aten::index_put_.hacked_twin", {sample({4, 5}, dt, 66), IValue::tensorList({longs({1, 1, 3}, {3})}),
                                             sample({5}, dt, 67), true});  // repeats accumulate
      check("aten::index_put_", {sample({4, 5}, dt, 68), optList({bools({1, 0, 1, 1}, {4})}), sample({1}, dt, 69), acc});
    }
    check("aten::index_put", {self, optList({bools({0, 0, 0, 0}, {4})}), sample({1}, dt, 70), false});  // empty
  }
  const Tensor self = sample({4, 5}, ScalarType::Float, 71);
  checkError("aten::index_put.hacked_twin",
             {self, IValue::tensorList({longs({4}, {1})}), sample({1}, ScalarType::Float, 72), false});
  checkError("aten::index_put.hacked_twin",
             {self, IValue::tensorList({longs({0, 1}, {2})}), sample({3}, ScalarType::Float, 73), false});
  checkError("aten::index_put", {self, optList({bools({1, 0}, {2})}), sample({1}, ScalarType::Float, 74), false});
}

TEST_F(CudaCompositeKernels, RenormMatchesTheCpu) {
  for (ScalarType dt : kFloats) {
    const Tensor x = sample({4, 3, 2}, dt, 80);
    check("aten::renorm", {x, num(2.0), num(int64_t{0}), num(1.5)});
    check("aten::renorm", {x, num(int64_t{1}), num(int64_t{-1}), num(3.0)});
    check("aten::renorm", {x.transpose(0, 1), num(3.0), num(int64_t{1}), num(0.0)});
    check("aten::renorm", {x, num(2.0), num(int64_t{1}), num(100.0)});  // nothing scaled
    check("aten::renorm_", {sample({3, 5}, dt, 81), num(2.0), num(int64_t{0}), num(1.0)});
  }
  checkError("aten::renorm", {sample({3}, ScalarType::Float, 82), num(2.0), num(int64_t{0}), num(1.0)});
  checkError("aten::renorm", {sample({3, 2}, ScalarType::Float, 82), num(0.0), num(int64_t{0}), num(1.0)});
}

}  // namespace
}  // namespace jitserve::cuda::testing
