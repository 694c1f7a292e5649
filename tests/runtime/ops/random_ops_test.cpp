#include <gtest/gtest.h>

#include <algorithm>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

TEST(RandomOps, RandLikeIsUniformInUnitInterval) {
  Tensor r = callT("aten::rand_like", {empty({1000}), IValue(), IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  V v = values(r);
  EXPECT_TRUE(std::all_of(v.begin(), v.end(), [](double x) { return x >= 0 && x < 1; }));
  double mean = 0;
  for (double x : v) mean += x / 1000;
  EXPECT_NEAR(mean, 0.5, 0.1);
  // Not a constant fill.
  EXPECT_NE(*std::min_element(v.begin(), v.end()), *std::max_element(v.begin(), v.end()));
}

TEST(RandomOps, RandintLikeStaysInRangeAndKeepsDtype) {
  Tensor r = callT("aten::randint_like.low_dtype",
                   {empty({200}), IValue(int64_t{3}), IValue(int64_t{6}), IValue(), IValue(), IValue(), IValue(), IValue()});
  EXPECT_EQ(r.dtype(), ScalarType::Float);
  for (double x : values(r)) EXPECT_TRUE(x == 3 || x == 4 || x == 5) << x;
  EXPECT_THROW(call("aten::randint_like", {empty({2}), IValue(int64_t{0}), IValue(), IValue(), IValue(), IValue(), IValue()}),
               Error);
}

TEST(RandomOps, BernoulliOfZeroAndOneIsExact) {
  Tensor p = floats({0, 1, 1, 0});
  EXPECT_EQ(values(callT("aten::bernoulli", {p, IValue()})), (V{0, 1, 1, 0}));
  EXPECT_THROW(call("aten::bernoulli", {floats({2}), IValue()}), Error);
}

TEST(RandomOps, MultinomialWithoutReplacementIsAPermutationOfNonzeroWeights) {
  Tensor w = floats({0.2f, 0, 5, 1});
  V v = values(callT("aten::multinomial", {w, IValue(int64_t{3}), IValue(false), IValue()}));
  std::sort(v.begin(), v.end());
  EXPECT_EQ(v, (V{0, 2, 3}));
  EXPECT_THROW(call("aten::multinomial", {w, IValue(int64_t{5}), IValue(false), IValue()}), Error);
}

TEST(RandomOps, TrainingDropoutWithPOneZeroesAndOtherwiseScales) {
  Tensor x = floats({1, -2, 3, 4});
  EXPECT_EQ(values(callT("aten::dropout", {x, IValue(1.0), IValue(true)})), (V{0, 0, 0, 0}));
  for (double v : values(callT("aten::dropout", {x, IValue(0.5), IValue(true)}))) EXPECT_TRUE(v == 0 || std::abs(v) >= 2);
  // Feature dropout keeps or drops whole channels.
  Tensor f = callT("aten::feature_dropout", {empty({1, 8, 5}).fill_(1), IValue(0.5), IValue(true)});
  V fv = values(f);
  for (size_t c = 0; c < 8; ++c)
    for (size_t j = 1; j < 5; ++j) EXPECT_EQ(fv[c * 5 + j], fv[c * 5]);
}

}  // namespace
}  // namespace jitserve::ops::testing
