// The CUDA kernels of cuda_special_ops.cpp (K_n and their scaled forms, Airy
// Ai, Hurwitz zeta, frexp, complex, polar) against the CPU kernels of the
// same operators on the same inputs: broadcast and strided operands, every
// floating dtype, integer inputs (promoted), CPU 0-dim numbers and Scalar
// overloads, and the special values (0, -0, +-inf, NaN, subnormals, the
// domain edges and each method's switch-over points). Both sides evaluate
// the same code in double (runtime/ops/bessel_k_airy.h,
// runtime/ops/hurwitz_zeta.h), so results agree to the last bits of the
// device's exp / cosh / pow: float results to a few ulps, double to 1e-11
// relative. Errors must be the CPU's, word for word.
#include <gtest/gtest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "cuda_test_util.h"
#include "runtime/core/op_call.h"
#include "runtime/core/operator_registry.h"
#include "runtime/core/value_device.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda::testing {
namespace {

const Device kCuda0(DeviceType::CUDA, 0);
const ScalarType kFloatTypes[] = {ScalarType::Float, ScalarType::Double, ScalarType::Half, ScalarType::BFloat16};

// Deterministic values in [-3, 3) (strictly positive, in [0.5, 3.5), when
// `positive`), times `scale`, as dtype dt (integers rounded).
Tensor sample(IntArrayRef sizes, ScalarType dt, int seed, bool positive = false, double scale = 1) {
  Tensor t = empty(sizes, ScalarType::Double);
  double* p = t.data<double>();
  uint64_t x = 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(seed + 1);
  for (int64_t i = 0; i < t.numel(); ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    double v = static_cast<double>(x % 6000) / 1000.0 - 3.0;
    if (positive) v = std::abs(v) + 0.5;
    v *= scale;
    p[i] = isFloatingType(dt) ? v : std::round(v);
  }
  return t.to(dt);
}
Tensor positive(IntArrayRef sizes, ScalarType dt, int seed, double scale = 1) {
  return sample(sizes, dt, seed, true, scale);
}
Tensor values(std::initializer_list<double> vs, ScalarType dt) {
  Tensor t = empty({static_cast<int64_t>(vs.size())}, ScalarType::Double);
  int64_t i = 0;
  for (double v : vs) t.data<double>()[i++] = v;
  return t.to(dt);
}
IValue num(double v) { return IValue(Scalar(v)); }

Stack runOn(DeviceType device, const char* overload, Stack args) {
  const Operator* op = globalOperatorRegistry().findByName(overload);
  EXPECT_NE(op, nullptr) << overload;
  op->runOn(device, args);
  return args;
}

// Tensors moved to cuda:0, except top-level CPU 0-dim ones when
// keepCpuScalars (they stand for numbers).
Stack onCuda(const Stack& args, bool keepCpuScalars) {
  Stack out;
  for (const IValue& v : args) {
    const bool keep = v.isTensor() && keepCpuScalars && v.toTensor().dim() == 0;
    out.push_back(keep ? v : valueToDevice(v, kCuda0));
  }
  return out;
}

// Complex tensors compared as their (re, im) pairs.
Tensor asDoubles(const Tensor& t) {
  const Tensor real = t.is_complex() ? callOp<"aten::view_as_real", Tensor>(t) : t;
  return real.to(ScalarType::Double).contiguous();
}

void expectSame(const Tensor& cpu, const Tensor& gpu, const std::string& what, double tolScale) {
  ASSERT_EQ(gpu.device(), kCuda0) << what;
  const Tensor back = toDevice(gpu, Device::cpu());
  ASSERT_EQ(back.dtype(), cpu.dtype()) << what;
  ASSERT_EQ(IntArrayRef(back.sizes()), IntArrayRef(cpu.sizes())) << what;
  const Tensor a = asDoubles(cpu), b = asDoubles(back);
  const double* pa = a.data<double>();
  const double* pb = b.data<double>();
  const ScalarType real = cpu.is_complex() ? toRealValueType(cpu.dtype()) : cpu.dtype();
  const double rel = tolScale * (real == ScalarType::Half       ? 2e-3
                                 : real == ScalarType::BFloat16 ? 1.6e-2
                                 : real == ScalarType::Float    ? 2e-6
                                                                : 1e-12);
  const bool floating = isFloatingType(real);
  int bad = 0;
  for (int64_t i = 0; i < a.numel() && bad < 5; ++i) {
    const double x = pa[i], y = pb[i];
    const bool ok = (std::isnan(x) && std::isnan(y)) || x == y ||
                    (floating && std::isfinite(x) && std::abs(x - y) <= rel * std::max(1.0, std::abs(x)));
    if (!ok) {
      ++bad;
      ADD_FAILURE() << what << ": element " << i << " cpu " << x << " cuda " << y;
    }
  }
}

std::string describe(const char* overload, const Stack& args) {
  std::string what = std::string(overload) + "(";
  for (const IValue& v : args)
    what += v.isTensor() ? std::string(scalarTypeName(v.toTensor().dtype())) + shapeToString(v.toTensor().sizes()) +
                               (v.toTensor().is_contiguous() ? "" : "(strided)") + ", "
                         : std::string("_, ");
  return what + ")";
}

// The CUDA kernel against the CPU one; every tensor result compared (frexp
// returns two).
void check(const char* overload, const Stack& args, bool keepCpuScalars = false, double tolScale = 4) {
  const std::string what = describe(overload, args);
  Stack cpu = runOn(DeviceType::CPU, overload, args);
  Stack gpu = runOn(DeviceType::CUDA, overload, onCuda(args, keepCpuScalars));
  ASSERT_EQ(cpu.size(), gpu.size()) << what;
  for (size_t i = 0; i < cpu.size(); ++i) {
    if (cpu[i].isTuple()) {
      ASSERT_TRUE(gpu[i].isTuple()) << what;
      const auto& a = cpu[i].toTuple()->elements;
      const auto& b = gpu[i].toTuple()->elements;
      ASSERT_EQ(a.size(), b.size()) << what;
      for (size_t k = 0; k < a.size(); ++k)
        expectSame(a[k].toTensor(), b[k].toTensor(), what + "[" + std::to_string(k) + "]", tolScale);
    } else {
      expectSame(cpu[i].toTensor(), gpu[i].toTensor(), what, tolScale);
    }
  }
}

// Both kernels fail, with the same message.
void checkSameError(const char* overload, const Stack& args) {
  std::string cpuMessage, gpuMessage;
  try {
    runOn(DeviceType::CPU, overload, args);
  } catch (const Error& e) {
    cpuMessage = e.what();
  }
  try {
    runOn(DeviceType::CUDA, overload, onCuda(args, false));
  } catch (const Error& e) {
    gpuMessage = e.what();
  }
  EXPECT_FALSE(cpuMessage.empty()) << overload << ": the CPU kernel did not fail";
  EXPECT_EQ(gpuMessage, cpuMessage) << overload;
}

class CudaSpecialKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    setUpCuda();
    JS_SKIP_WITHOUT_GPU();
  }
};

const char* const kBesselKAiry[] = {"aten::special_modified_bessel_k0", "aten::special_modified_bessel_k1",
                                    "aten::special_scaled_modified_bessel_k0",
                                    "aten::special_scaled_modified_bessel_k1", "aten::special_airy_ai"};

// Registration runs everywhere: the placement check relies on it.
TEST(CudaSpecialRegistration, EveryOverloadHasACudaKernel) {
  setUpCuda();
  std::vector<const char*> names(std::begin(kBesselKAiry), std::end(kBesselKAiry));
  for (const char* n : {"aten::special_zeta", "aten::special_zeta.other_scalar", "aten::special_zeta.self_scalar",
                        "aten::frexp.Tensor", "aten::complex", "aten::polar"})
    names.push_back(n);
  for (const char* n : names) {
    const Operator* op = globalOperatorRegistry().findByName(n);
    ASSERT_NE(op, nullptr) << n;
    EXPECT_TRUE(op->hasKernelFor(DeviceType::CUDA)) << n;
  }
}

TEST_F(CudaSpecialKernels, BesselKAndAiryMatchTheCpu) {
  for (ScalarType dt : kFloatTypes) {
    const Tensor x = sample({4, 9}, dt, 1);                // negatives: NaN for K
    const Tensor p = positive({4, 9}, dt, 2);              // the quadrature's usual range
    const Tensor wide = sample({6, 7}, dt, 3, false, 6);   // Airy's three methods: < -7, [-7, 1], > 1
    const Tensor large = positive({5}, dt, 4, 60);         // K near underflow
    const Tensor tiny = positive({5}, dt, 5, 1e-3);        // K's log singularity, many quadrature nodes
    for (const char* op : kBesselKAiry) {
      check(op, {x});
      check(op, {p});
      check(op, {p.transpose(0, 1)});  // strided
      check(op, {wide});
      check(op, {large});
      check(op, {tiny});
    }
  }
  const Tensor edges = values({0.0, -0.0, INFINITY, -INFINITY, NAN, 1e-300, 5e-324, 700, 745, 751, 800, -7, -7.0001,
                               -6.9999, 1, 1.0001, 0.9999, -30, 30, 110},
                              ScalarType::Double);
  for (const char* op : kBesselKAiry) {
    check(op, {edges});
    check(op, {edges.to(ScalarType::Float)});
    check(op, {sample({7}, ScalarType::Long, 6)});  // integers compute in float
    check(op, {values({0, 1}, ScalarType::Bool)});
    check(op, {positive({}, ScalarType::Double, 7)});  // 0-dim
    check(op, {positive({0, 3}, ScalarType::Float, 8)});  // empty
  }
}

TEST_F(CudaSpecialKernels, HurwitzZetaMatchesTheCpu) {
  const IValue two(Scalar(int64_t{2}));
  for (ScalarType dt : kFloatTypes) {
    const Tensor x = positive({3, 8}, dt, 10, 2);  // [1, 7)
    const Tensor q = positive({3, 8}, dt, 11);
    check("aten::special_zeta", {x, q});
    check("aten::special_zeta", {x.transpose(0, 1), q.transpose(0, 1)});                  // strided
    check("aten::special_zeta", {positive({3, 1}, dt, 12, 2), positive({8}, dt, 13)});    // broadcast
    check("aten::special_zeta", {sample({5, 5}, dt, 14, false, 3), sample({5, 5}, dt, 15, false, 3)});  // NaN, inf
    check("aten::special_zeta.other_scalar", {x, num(1.5)});
    check("aten::special_zeta.other_scalar", {x, two});
    check("aten::special_zeta.self_scalar", {num(3.25), q});
    check("aten::special_zeta.self_scalar", {two, q});
    check("aten::special_zeta", {x, positive({}, dt, 16)}, /*keepCpuScalars=*/true);  // a CPU 0-dim number
    check("aten::special_zeta", {positive({}, ScalarType::Double, 17, 3), q}, true);
  }
  // The domain's edges: x == 1 and x < 1, q a non-positive integer, q < 0
  // with integer and non-integer x, large x and q (the direct sum stops
  // early), NaN on either side.
  const Tensor xs = values({1, 0.5, 2, 2, 2.5, 3, 60, 2, NAN, 2, 1.0000001, 4, INFINITY, 2}, ScalarType::Double);
  const Tensor qs = values({1, 1, -2, -1.5, -1.5, 0, 2, 1e6, 1, NAN, 1, 1e-8, 2, INFINITY}, ScalarType::Double);
  check("aten::special_zeta", {xs, qs});
  check("aten::special_zeta", {xs.to(ScalarType::Float), qs.to(ScalarType::Float)});
  // Promotion: integers to float, float with double to double.
  check("aten::special_zeta", {positive({6}, ScalarType::Long, 18, 2), positive({6}, ScalarType::Int, 19)});
  check("aten::special_zeta", {positive({6}, ScalarType::Float, 20, 2), positive({6}, ScalarType::Double, 21)});
  check("aten::special_zeta.other_scalar", {positive({6}, ScalarType::Long, 22, 2), num(0.5)});
  check("aten::special_zeta", {positive({0}, ScalarType::Float, 23), positive({0}, ScalarType::Float, 24)});
}

TEST_F(CudaSpecialKernels, FrexpMatchesTheCpu) {
  for (ScalarType dt : kFloatTypes) {
    const Tensor x = sample({6, 5}, dt, 30, false, 1000);
    check("aten::frexp.Tensor", {x}, false, 0);  // exact: mantissa and exponent
    check("aten::frexp.Tensor", {x.transpose(0, 1)}, false, 0);
    check("aten::frexp.Tensor", {values({0.0, -0.0, INFINITY, -INFINITY, NAN, 1, -1, 0.5, 3, -0.75, 65504, 6e-8},
                                        dt)},
          false, 0);
    check("aten::frexp.Tensor", {positive({}, dt, 31)}, false, 0);
    check("aten::frexp.Tensor", {positive({0, 2}, dt, 32)}, false, 0);
  }
  // Subnormals of float and double; the largest values.
  check("aten::frexp.Tensor", {values({1e-40, -1e-45, 3.4e38, 1.2e-38}, ScalarType::Float)}, false, 0);
  check("aten::frexp.Tensor", {values({5e-324, -1e-310, 1.7e308, 2.2e-308}, ScalarType::Double)}, false, 0);
}

TEST_F(CudaSpecialKernels, ComplexAndPolarMatchTheCpu) {
  for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
    const Tensor a = sample({4, 6}, dt, 40), b = sample({4, 6}, dt, 41, false, 3);
    for (const char* op : {"aten::complex", "aten::polar"}) {
      check(op, {a, b});
      check(op, {a.transpose(0, 1), b.transpose(0, 1)});                       // strided
      check(op, {sample({4, 1}, dt, 42), sample({6}, dt, 43)});                // broadcast
      check(op, {a, sample({}, dt, 44)}, /*keepCpuScalars=*/true);             // a CPU 0-dim number
      check(op, {sample({}, dt, 45), sample({}, dt, 46)});                     // 0-dim
      check(op, {sample({0, 2}, dt, 47), sample({2}, dt, 48)});                // empty
      check(op, {values({0, -0.0, INFINITY, NAN, 2, -1, 1e30}, dt), values({1, NAN, 0, 2, INFINITY, -0.0, 1e30}, dt)});
    }
  }
}

TEST_F(CudaSpecialKernels, ErrorsAreTheCpus) {
  const Tensor f = sample({3}, ScalarType::Float, 50), d = sample({3}, ScalarType::Double, 51);
  const Tensor l = sample({3}, ScalarType::Long, 52);
  checkSameError("aten::frexp.Tensor", {l});
  checkSameError("aten::complex", {f, d});
  checkSameError("aten::polar", {l, l});
  checkSameError("aten::complex", {sample({3}, ScalarType::Half, 53), sample({3}, ScalarType::Half, 54)});
  checkSameError("aten::special_zeta", {sample({3}, ScalarType::Float, 55), sample({4}, ScalarType::Float, 56)});
  const Tensor c = callOp<"aten::complex", Tensor>(f, f);
  checkSameError("aten::special_modified_bessel_k0", {c});
  checkSameError("aten::special_zeta", {c, f});
}

}  // namespace
}  // namespace jitserve::cuda::testing
