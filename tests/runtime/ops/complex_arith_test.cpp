// Complex tensors through the arithmetic kernels: what the conformance
// cases cannot pin down against PyTorch 1.13 (its conj views are saved
// unconjugated by torch.save, and Debian's build returns 0 for complex dot
// and vdot), and the numeric corners of complex division.
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <limits>

#include "op_test_util.h"
#include "runtime/ops/complex_math.h"

namespace jitserve::ops::testing {
namespace {

using C = std::complex<double>;
using CV = std::vector<C>;

Tensor complexTensor(const CV& v, IntArrayRef sizes, ScalarType dtype = ScalarType::ComplexFloat) {
  Tensor t = empty(sizes, ScalarType::ComplexDouble);
  std::copy(v.begin(), v.end(), t.data<C>());
  return t.to(dtype);
}

CV complexValues(const Tensor& t) {
  Tensor c = t.to(ScalarType::ComplexDouble, true).contiguous();
  const C* p = c.data<C>();
  return CV(p, p + c.numel());
}

void expectNear(const CV& a, const CV& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_LE(std::abs(a[i] - b[i]), tol) << "at " << i << ": " << a[i] << " vs " << b[i];
}

// conj must read conjugated, whatever the input's layout (a transposed
// view included), and resolve_conj must keep those values.
TEST(ComplexArith, ConjReadsConjugatedValues) {
  const CV v{{1, 2}, {3, -4}, {-5, 6}, {0, -1}, {7, 0}, {-8, -9}};
  Tensor z = complexTensor(v, {2, 3});
  Tensor zt = z.t();
  CV expect;
  for (int64_t j = 0; j < 3; ++j)
    for (int64_t i = 0; i < 2; ++i) expect.push_back(std::conj(v[static_cast<size_t>(i * 3 + j)]));
  Tensor c = callT("aten::conj", {zt});
  expectNear(complexValues(c), expect, 0);
  expectNear(complexValues(callT("aten::resolve_conj", {c})), expect, 0);
  expectNear(complexValues(callT("aten::conj_physical", {zt})), expect, 0);
  expectNear(complexValues(callT("aten::mH", {z})), expect, 0);
  // The input is left as it was.
  expectNear(complexValues(z), v, 0);
  // Real tensors are their own conjugate.
  Tensor r = floats({1, -2});
  EXPECT_TRUE(callT("aten::conj", {r}).is_same(r));
}

TEST(ComplexArith, DotAndVdotConjugateTheFirstArgument) {
  const CV a{{1, 2}, {3, -1}, {0, 4}}, b{{2, -1}, {-1, 1}, {5, 2}};
  C dot = 0, vdot = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    dot += a[i] * b[i];
    vdot += std::conj(a[i]) * b[i];
  }
  for (ScalarType t : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    Tensor x = complexTensor(a, {3}, t), y = complexTensor(b, {3}, t);
    Tensor d = callT("aten::dot", {x, y}), vd = callT("aten::vdot", {x, y});
    EXPECT_EQ(d.dim(), 0);
    EXPECT_EQ(vd.dtype(), t);
    expectNear(complexValues(d), {dot}, 1e-5);
    expectNear(complexValues(vd), {vdot}, 1e-5);
    expectNear(complexValues(callT("aten::matmul", {x, y})), {dot}, 1e-5);
  }
  EXPECT_THROW(call("aten::vdot", {complexTensor(a, {3}), floats({1, 2, 3})}), Error);
}

// Complex GEMMs take BLAS with transposed operands read in place: the
// results must be those of the plain triple loop.
TEST(ComplexArith, MatrixProductsMatchTheLoop) {
  CV av, bv;
  for (int i = 0; i < 12; ++i) av.emplace_back(0.5 * i - 2, 1.0 - 0.25 * i);
  for (int i = 0; i < 8; ++i) bv.emplace_back(1.0 - 0.5 * i, 0.125 * i);
  Tensor a = complexTensor(av, {3, 4}, ScalarType::ComplexDouble);
  Tensor bt = complexTensor(bv, {2, 4}, ScalarType::ComplexDouble);
  CV expect;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 2; ++j) {
      C s = 0;
      for (int k = 0; k < 4; ++k) s += av[static_cast<size_t>(i * 4 + k)] * bv[static_cast<size_t>(j * 4 + k)];
      expect.push_back(s);
    }
  expectNear(complexValues(callT("aten::mm", {a, bt.t()})), expect, 1e-12);
  expectNear(complexValues(callT("aten::matmul", {a.unsqueeze(0), bt.t()})), expect, 1e-12);
  EXPECT_THROW(call("aten::mm", {a, floats({1, 2, 3, 4}, {4, 1})}), Error);
}

// Smith's division neither overflows where |y|^2 would nor underflows where
// it would vanish; a zero divisor gives NaN parts.
TEST(ComplexArith, DivisionScalesAndZeroDivisorIsNan) {
  using F = std::complex<float>;
  const F big = cmath::div(F(1e30f, 1e30f), F(2e30f, 2e30f));
  EXPECT_NEAR(big.real(), 0.5f, 1e-6f);
  EXPECT_NEAR(big.imag(), 0.0f, 1e-6f);
  const F tiny = cmath::div(F(1e-30f, 0), F(1e-30f, 1e-30f));
  EXPECT_NEAR(tiny.real(), 0.5f, 1e-6f);
  EXPECT_NEAR(tiny.imag(), -0.5f, 1e-6f);
  const F z = cmath::div(F(1, 2), F(0, 0));
  EXPECT_TRUE(std::isnan(z.real()) && std::isnan(z.imag()));
  EXPECT_EQ(cmath::sgn(F(0, 0)), F(0, 0));
  EXPECT_EQ(cmath::sgn(F(3, -4)), F(0.6f, -0.8f));
}

TEST(ComplexArith, AbsAndAngleAreReal) {
  Tensor z = complexTensor({{3, 4}, {-1, 0}, {0, -2}}, {3}, ScalarType::ComplexDouble);
  Tensor a = callT("aten::abs", {z});
  EXPECT_EQ(a.dtype(), ScalarType::Double);
  EXPECT_EQ(values(a), (std::vector<double>{5, 1, 2}));
  Tensor t = callT("aten::angle", {z});
  EXPECT_EQ(t.dtype(), ScalarType::Double);
  EXPECT_NEAR(values(t)[1], M_PI, 1e-15);
  EXPECT_NEAR(values(t)[2], -M_PI / 2, 1e-15);
  EXPECT_THROW(call("aten::abs_", {z}), Error);
  EXPECT_THROW(call("aten::lt.Tensor", {z, z}), Error);
  EXPECT_THROW(call("aten::sign", {z}), Error);
}

// randn draws each part with variance 1/2, so that E|z|^2 is 1.
TEST(ComplexArith, RandnPartsHaveVarianceOneHalf) {
  Tensor z = callT("aten::randn", {IValue::intList({20000}), IValue(ScalarType::ComplexDouble), IValue(), IValue(),
                                   IValue()});
  EXPECT_EQ(z.dtype(), ScalarType::ComplexDouble);
  double re2 = 0, im2 = 0;
  for (const C& v : complexValues(z)) {
    re2 += v.real() * v.real();
    im2 += v.imag() * v.imag();
  }
  EXPECT_NEAR(re2 / 20000, 0.5, 0.03);
  EXPECT_NEAR(im2 / 20000, 0.5, 0.03);
}

}  // namespace
}  // namespace jitserve::ops::testing
