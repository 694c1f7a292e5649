// The generic elementwise loops (runtime/tensor/cpu_loops.h) run an AVX2
// build on CPUs that have it. These ops go through that build here (and the
// baseline one under JITSERVE_CPU_CAPABILITY=default); either must equal a
// scalar reference bit for bit: NaN, signed zeros, infinities, denormals,
// every length around the vector widths, unaligned starts, strided and
// broadcast operands, and in-place updates. Each test runs twice: with
// every output stored normally and with every contiguous output streamed
// (cpu_loops.h's non-temporal stores, normally only past the last-level
// cache).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "runtime/tensor/cpu_loops.h"
#include "tests/runtime/ops/op_test_util.h"

namespace jitserve::ops {
namespace {

using testing::callT;
using testing::floats;
using testing::values;

const float kInf = std::numeric_limits<float>::infinity();
const float kNan = std::numeric_limits<float>::quiet_NaN();

// n values: the specials first, then random ones of both signs.
std::vector<float> mixed(int64_t n, uint32_t seed) {
  static const std::vector<float> specials = {kNan, -0.0f, 0.0f, kInf, -kInf, 1e-40f, -1e-40f, 0.5f, -0.5f,
                                              0.4999f, -3e38f, 3e38f, 1.0f, -1.0f};
  std::mt19937 g(seed);
  std::normal_distribution<float> d(0, 2);
  std::vector<float> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v[i] = (i * 7 + seed) % 3 == 0 ? specials[(i + seed) % specials.size()] : d(g);
  return v;
}

// got (a double copy of a float result) equals want bit for bit, NaN = NaN.
::testing::AssertionResult sameFloat(double got, float want) {
  const float g = static_cast<float>(got);
  if (std::isnan(want) ? std::isnan(g) : (g == want && std::signbit(g) == std::signbit(want)))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got " << g << ", want " << want;
}

struct Unary {
  std::string name;
  std::function<Tensor(const Tensor&)> op;
  std::function<float(float)> ref;
};

struct Binary {
  std::string name;
  std::function<Tensor(const Tensor&, const Tensor&)> op;
  std::function<float(float, float)> ref;
};

float clampRef(float x) { return std::isnan(x) ? x : std::min(std::max(x, -0.5f), 0.5f); }

class ElementwiseSimd : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    saved_ = streamingThresholdBytes();
    setStreamingThresholdBytes(GetParam() ? 0 : SIZE_MAX);
  }
  void TearDown() override { setStreamingThresholdBytes(saved_); }

 private:
  size_t saved_ = 0;
};

INSTANTIATE_TEST_SUITE_P(Stores, ElementwiseSimd, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& p) { return p.param ? "Streamed" : "Plain"; });

TEST_P(ElementwiseSimd, UnaryOpsMatchScalarReference) {
  const std::vector<Unary> ops = {
      {"relu", [](const Tensor& x) { return callT("aten::relu", {x}); },
       [](float x) { return x > 0 ? x : (std::isnan(x) ? x : 0.0f); }},
      {"clamp", [](const Tensor& x) { return callT("aten::clamp", {x, IValue(-0.5), IValue(0.5)}); }, clampRef},
      {"neg", [](const Tensor& x) { return callT("aten::neg", {x}); }, [](float x) { return -x; }},
      {"abs", [](const Tensor& x) { return callT("aten::abs", {x}); }, [](float x) { return std::fabs(x); }},
      {"mul_scalar", [](const Tensor& x) { return callT("aten::mul.Scalar", {x, IValue(1.5)}); },
       [](float x) { return x * 1.5f; }},
      {"floor", [](const Tensor& x) { return callT("aten::floor", {x}); }, [](float x) { return std::floor(x); }},
      {"pow_2", [](const Tensor& x) { return callT("aten::pow.Tensor_Scalar", {x, IValue(2.0)}); },
       [](float x) { return x * x; }},
  };
  for (const Unary& u : ops) {
    for (int64_t n : {1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 1027, 3001}) {
      // Contiguous, and starting one element in (unaligned).
      const std::vector<float> v = mixed(n + 1, static_cast<uint32_t>(n));
      const Tensor full = floats(v);
      for (int64_t start : {0, 1}) {
        const Tensor x = full.narrow(0, start, n);
        const std::vector<double> got = values(u.op(x));
        for (int64_t i = 0; i < n; ++i)
          ASSERT_TRUE(sameFloat(got[i], u.ref(v[start + i])))
              << u.name << " n=" << n << " i=" << i << " x=" << v[start + i];
      }
    }
    // Strided (a transposed matrix).
    const std::vector<float> m = mixed(13 * 11, 5);
    const Tensor t = floats(m, {13, 11}).transpose(0, 1);
    const std::vector<double> in = values(t), got = values(u.op(t));
    for (size_t i = 0; i < in.size(); ++i)
      ASSERT_TRUE(sameFloat(got[i], u.ref(static_cast<float>(in[i])))) << u.name << " strided i=" << i;
  }
}

TEST_P(ElementwiseSimd, BinaryOpsMatchScalarReference) {
  auto b = [](const char* overload) {
    return [overload](const Tensor& x, const Tensor& y) { return callT(overload, {x, y, IValue(int64_t{1})}); };
  };
  auto b2 = [](const char* overload) {
    return [overload](const Tensor& x, const Tensor& y) { return callT(overload, {x, y}); };
  };
  const std::vector<Binary> ops = {
      {"add", b("aten::add.Tensor"), [](float x, float y) { return x + y; }},
      {"sub", b("aten::sub.Tensor"), [](float x, float y) { return x - y; }},
      {"mul", b2("aten::mul.Tensor"), [](float x, float y) { return x * y; }},
      {"div", b2("aten::div.Tensor"), [](float x, float y) { return x / y; }},
      // binary_ops' formula: NaN propagates, maximum(0, -0) = -0.
      {"maximum", b2("aten::maximum"),
       [](float x, float y) { return std::isnan(x) || std::isnan(y) ? kNan : (x > y ? x : y); }},
      {"lt", b2("aten::lt.Tensor"), [](float x, float y) { return x < y ? 1.0f : 0.0f; }},
      {"eq", b2("aten::eq.Tensor"), [](float x, float y) { return x == y ? 1.0f : 0.0f; }},
      {"ne", b2("aten::ne.Tensor"), [](float x, float y) { return x != y ? 1.0f : 0.0f; }},
  };
  for (const Binary& o : ops) {
    for (int64_t n : {1, 7, 8, 9, 16, 17, 33, 100, 1027, 3001}) {
      const std::vector<float> a = mixed(n + 1, static_cast<uint32_t>(n));
      const std::vector<float> c = mixed(n + 1, static_cast<uint32_t>(n + 77));
      const Tensor ta = floats(a).narrow(0, 1, n), tc = floats(c).narrow(0, 0, n);
      const std::vector<double> got = values(o.op(ta, tc));
      for (int64_t i = 0; i < n; ++i)
        ASSERT_TRUE(sameFloat(got[i], o.ref(a[i + 1], c[i]))) << o.name << " n=" << n << " i=" << i << " " << a[i + 1]
                                                              << ", " << c[i];
      // One operand broadcast as a scalar (0-dim tensor), on either side.
      const Tensor s = floats({-0.0f});
      const std::vector<double> left = values(o.op(s, tc)), right = values(o.op(ta, s));
      for (int64_t i = 0; i < n; ++i) {
        ASSERT_TRUE(sameFloat(left[i], o.ref(-0.0f, c[i]))) << o.name << " scalar-left n=" << n << " i=" << i;
        ASSERT_TRUE(sameFloat(right[i], o.ref(a[i + 1], -0.0f))) << o.name << " scalar-right n=" << n << " i=" << i;
      }
    }
    // A row broadcast over a contiguous matrix (rows long enough to stream).
    {
      const std::vector<float> m2 = mixed(3 * 1500, 6), r2 = mixed(1500, 7);
      const Tensor tm2 = floats(m2, {3, 1500}), tr2 = floats(r2, {1, 1500});
      const std::vector<double> got2 = values(o.op(tm2, tr2));
      for (int64_t i = 0; i < 3 * 1500; ++i)
        ASSERT_TRUE(sameFloat(got2[i], o.ref(m2[i], r2[i % 1500]))) << o.name << " row broadcast " << i;
    }
    // A row broadcast over a strided matrix.
    const std::vector<float> m = mixed(9 * 19, 3), r = mixed(9, 4);
    const Tensor tm = floats(m, {19, 9}).transpose(0, 1), tr = floats(r, {9, 1});
    const std::vector<double> in = values(tm), got = values(o.op(tm, tr));
    for (int64_t i = 0; i < 9; ++i)
      for (int64_t j = 0; j < 19; ++j)
        ASSERT_TRUE(sameFloat(got[i * 19 + j], o.ref(static_cast<float>(in[i * 19 + j]), r[i])))
            << o.name << " broadcast " << i << "," << j;
  }
}

TEST_P(ElementwiseSimd, InPlaceAndIntegerLoops) {
  // In place: out aliases the input.
  const std::vector<float> v = mixed(2041, 9);
  Tensor x = floats(v);
  callT("aten::clamp_", {x, IValue(-0.5), IValue(0.5)});
  const std::vector<double> got = values(x);
  for (size_t i = 0; i < v.size(); ++i) ASSERT_TRUE(sameFloat(got[i], clampRef(v[i]))) << "clamp_ i=" << i;
  // int64 and int32 arithmetic (wrapping) go through the same loops.
  const int64_t n = 1037;
  Tensor a64 = empty({n}, ScalarType::Long), c64 = empty({n}, ScalarType::Long);
  Tensor a32 = empty({n}, ScalarType::Int), c32 = empty({n}, ScalarType::Int);
  for (int64_t i = 0; i < n; ++i) {
    a64.data<int64_t>()[i] = i % 5 == 0 ? std::numeric_limits<int64_t>::max() - i : i * 1000003 - 17;
    c64.data<int64_t>()[i] = i % 3 == 0 ? 7 : -i;
    const int32_t i32 = static_cast<int32_t>(i);
    a32.data<int32_t>()[i] = i % 5 == 0 ? std::numeric_limits<int32_t>::max() - i32 : i32 * 1003 - 17;
    c32.data<int32_t>()[i] = i % 3 == 0 ? 7 : static_cast<int32_t>(-i);
  }
  const Tensor p64 = callT("aten::mul.Tensor", {a64, c64}).contiguous();
  const Tensor s32 = callT("aten::add.Tensor", {a32, c32, IValue(int64_t{1})}).contiguous();
  ASSERT_EQ(p64.dtype(), ScalarType::Long);
  ASSERT_EQ(s32.dtype(), ScalarType::Int);
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t w64 = static_cast<uint64_t>(a64.data<int64_t>()[i]) * static_cast<uint64_t>(c64.data<int64_t>()[i]);
    ASSERT_EQ(p64.data<int64_t>()[i], static_cast<int64_t>(w64)) << i;
    const uint32_t w32 = static_cast<uint32_t>(a32.data<int32_t>()[i]) + static_cast<uint32_t>(c32.data<int32_t>()[i]);
    ASSERT_EQ(s32.data<int32_t>()[i], static_cast<int32_t>(w32)) << i;
  }
}

}  // namespace
}  // namespace jitserve::ops
