// dispatch.h: each typed call names a registered overload, passes every
// argument its schema takes, and gives what the operator gives when called
// by name. A typo in an overload name or a missing argument fails here, not
// in the first composite a user's model reaches.
#include <gtest/gtest.h>

#include "op_test_util.h"
#include "runtime/ops/dispatch.h"
#include "runtime/ops/register_all.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;

class DispatchParts : public ::testing::Test {
 protected:
  void SetUp() override { ensureOperatorsRegistered(); }
  const Tensor a = floats({1, 2, 3, 4, 5, 6}, {2, 3});
  const Tensor b = floats({6, 5, 4, 3, 2, 1}, {2, 3});
};

TEST_F(DispatchParts, ElementwiseAndMatrixParts) {
  const IValue one(int64_t{1});
  EXPECT_EQ(values(dispatch::add(a, b)), values(callT("aten::add.Tensor", {a, b, one})));
  EXPECT_EQ(values(dispatch::sub(a, b)), values(callT("aten::sub.Tensor", {a, b, one})));
  EXPECT_EQ(values(dispatch::mul(a, b)), values(callT("aten::mul.Tensor", {a, b})));
  EXPECT_EQ(values(dispatch::div(a, b)), values(callT("aten::div.Tensor", {a, b})));
  EXPECT_EQ(values(dispatch::ne(a, b)), (V{1, 1, 1, 1, 1, 1}));
  EXPECT_EQ(values(dispatch::mm(a, b.transpose(0, 1))), (V{28, 10, 73, 28}));
}

TEST_F(DispatchParts, ReductionsAndNorms) {
  EXPECT_EQ(values(dispatch::sum(a, {1}, false)), (V{6, 15}));
  EXPECT_EQ(IntArrayRef(dispatch::sum(a, {0}, true).sizes()), IntArrayRef({1, 3}));
  EXPECT_NEAR(values(dispatch::vectorNorm(floats({3, 4}), 2.0, {0}, false))[0], 5.0, 1e-6);
  EXPECT_NEAR(values(dispatch::vectorNorm(floats({3, -4}), 1.0, {0}, false))[0], 7.0, 1e-6);
}

TEST_F(DispatchParts, ShapeAndFactoryParts) {
  EXPECT_EQ(IntArrayRef(dispatch::cat({a, b}, 0).sizes()), IntArrayRef({4, 3}));
  EXPECT_EQ(IntArrayRef(dispatch::stack({a, b}, -1).sizes()), IntArrayRef({2, 3, 2}));
  EXPECT_EQ(values(dispatch::flip(a, {1})), (V{3, 2, 1, 6, 5, 4}));
  Tensor c = dispatch::clone(a);
  EXPECT_FALSE(c.is_alias_of(a));
  EXPECT_EQ(values(c), values(a));
  Tensor f = dispatch::fullLike(longs({1, 2}), Scalar(int64_t{7}));
  EXPECT_EQ(f.dtype(), ScalarType::Long);
  EXPECT_EQ(values(f), (V{7, 7}));
}

// The composites built on them keep their results (values pinned against
// PyTorch in the conformance corpus; these are the quick local check).
TEST_F(DispatchParts, CompositesThatUseThem) {
  Tensor x = floats({1, 0, 0}), y = floats({0, 1, 0});
  EXPECT_EQ(values(callT("aten::linalg_cross", {x, y, IValue(int64_t{-1})})), (V{0, 0, 1}));
  EXPECT_EQ(values(callT("aten::linalg_vecdot", {a, b, IValue(int64_t{-1})})), (V{28, 28}));
  EXPECT_EQ(values(callT("aten::kron", {floats({1, 2}), floats({1, 10})})), (V{1, 10, 2, 20}));
  EXPECT_EQ(values(callT("aten::trace", {floats({1, 2, 3, 4}, {2, 2})})), (V{5}));
  EXPECT_EQ(values(callT("aten::diff", {floats({1, 4, 9}), IValue(int64_t{1}), IValue(int64_t{-1}), IValue(),
                                         IValue()})),
            (V{3, 5}));
}

}  // namespace
}  // namespace jitserve::ops::testing
