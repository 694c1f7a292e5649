// Fast paths in nn_ops.cpp against slower references on random inputs:
// aten::max_pool2d (values only, row-folding kernel) against the values of
// aten::max_pool2d_with_indices (the general kernel), and float batch_norm
// (x * scale + shift in float) against the same computation in double.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

std::vector<float> randomVector(int64_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> d(-2.f, 2.f);
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = d(rng);
  return v;
}

TEST(MaxPool2dFastPath, MatchesTheIndexTrackingKernel) {
  struct Case {
    std::vector<int64_t> shape, kernel, stride, padding, dilation;
    bool ceil;
  };
  const Case cases[] = {
      {{1, 4, 16, 16}, {3, 3}, {2, 2}, {1, 1}, {1, 1}, false},  // resnet's stem pool
      {{2, 3, 13, 11}, {3, 3}, {2, 2}, {0, 0}, {1, 1}, true},   // squeezenet's, ceil_mode
      {{1, 2, 9, 10}, {2, 3}, {1, 2}, {1, 1}, {2, 1}, false},   // dilation, rectangular
      {{3, 7, 7}, {2, 2}, {2, 2}, {0, 0}, {1, 1}, true},        // unbatched
      {{1, 1, 5, 5}, {5, 5}, {1, 1}, {2, 2}, {1, 1}, false},    // window larger than the input
  };
  std::mt19937 rng(5);
  for (const Case& c : cases) {
    int64_t n = 1;
    for (int64_t s : c.shape) n *= s;
    std::vector<float> v = randomVector(n, rng);
    v[3] = std::numeric_limits<float>::quiet_NaN();
    v[static_cast<size_t>(n / 2)] = -std::numeric_limits<float>::infinity();
    for (ScalarType dt : {ScalarType::Float, ScalarType::Double}) {
      Tensor x = floats(v, c.shape).to(dt);
      Stack args{x, IValue::intList(c.kernel), IValue::intList(c.stride), IValue::intList(c.padding),
                 IValue::intList(c.dilation), IValue(c.ceil)};
      Tensor fast = callT("aten::max_pool2d", args);
      Tensor ref = call("aten::max_pool2d_with_indices", args)[0].toTensor();
      ASSERT_EQ(std::vector<int64_t>(fast.sizes().begin(), fast.sizes().end()),
                std::vector<int64_t>(ref.sizes().begin(), ref.sizes().end()));
      const std::vector<double> a = values(fast), b = values(ref);
      for (size_t i = 0; i < a.size(); ++i) {
        if (std::isnan(b[i])) {
          EXPECT_TRUE(std::isnan(a[i])) << "at " << i;
        } else {
          EXPECT_EQ(a[i], b[i]) << "at " << i;
        }
      }
    }
  }
}

TEST(BatchNormFloat, MatchesDoubleComputation) {
  std::mt19937 rng(9);
  const int64_t N = 2, C = 5, H = 6, W = 7;
  Tensor x = floats(randomVector(N * C * H * W, rng), {N, C, H, W});
  Tensor w = floats(randomVector(C, rng), {C});
  Tensor b = floats(randomVector(C, rng), {C});
  Tensor mean = floats(randomVector(C, rng), {C});
  std::vector<float> var = randomVector(C, rng);
  for (float& v : var) v = std::abs(v) + 0.1f;
  Tensor rv = floats(var, {C});
  Stack args{x, w, b, mean, rv, IValue(false), IValue(0.1), IValue(1e-5), IValue(false)};
  Tensor got = callT("aten::batch_norm", args);
  Stack dargs{x.to(ScalarType::Double), w.to(ScalarType::Double), b.to(ScalarType::Double),
              mean.to(ScalarType::Double), rv.to(ScalarType::Double), IValue(false), IValue(0.1), IValue(1e-5),
              IValue(false)};
  Tensor ref = callT("aten::batch_norm", dargs);
  EXPECT_EQ(got.dtype(), ScalarType::Float);
  const std::vector<double> a = values(got), r = values(ref);
  ASSERT_EQ(a.size(), r.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], r[i], 1e-5 * (1 + std::abs(r[i]))) << "at " << i;
}

}  // namespace
}  // namespace jitserve::ops::testing
