#include <gtest/gtest.h>

#include <cmath>
#include <complex>

#include "op_test_util.h"

namespace jitserve::ops::testing {
namespace {

using V = std::vector<double>;
using C = std::complex<double>;

std::vector<C> complexValues(const Tensor& t) {
  Tensor c = t.to(ScalarType::ComplexDouble, true).contiguous();
  const C* p = c.data<C>();
  return std::vector<C>(p, p + c.numel());
}

void expectAllNear(const V& a, const V& b, double tol) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], tol) << "at " << i;
}

TEST(LinalgLapackOps, EigOfRotationHasConjugateEigenpairs) {
  Tensor A = floats({0, -1, 1, 0}, {2, 2});
  Stack r = call("aten::linalg_eig", {A});
  std::vector<C> w = complexValues(r[0].toTensor()), v = complexValues(r[1].toTensor());
  EXPECT_EQ(r[0].toTensor().dtype(), ScalarType::ComplexFloat);
  EXPECT_NEAR(std::abs(w[0] - C(0, 1)) * std::abs(w[0] - C(0, -1)), 0, 1e-6);
  EXPECT_NEAR(std::abs(w[1] - std::conj(w[0])), 0, 1e-6);
  // A v_j = w_j v_j for each column j.
  for (int j = 0; j < 2; ++j) {
    const C v0 = v[0 * 2 + j], v1 = v[1 * 2 + j];
    EXPECT_LT(std::abs(C(0) * v0 - C(1) * v1 - w[j] * v0), 1e-5);
    EXPECT_LT(std::abs(C(1) * v0 + C(0) * v1 - w[j] * v1), 1e-5);
  }
  EXPECT_THROW(call("aten::linalg_eigvals", {floats({1, 2, 3, 4, 5, 6}, {2, 3})}), Error);
}

TEST(LinalgLapackOps, LdlFactorThenSolveRecoversTheSolution) {
  // Symmetric indefinite: needs pivoting.
  Tensor A = empty({3, 3}, ScalarType::Double);
  const V a = {0, 1, 2, 1, -3, 4, 2, 4, 1};
  std::copy(a.begin(), a.end(), A.data<double>());
  Stack f = call("aten::linalg_ldl_factor", {A, IValue(false)});
  EXPECT_EQ(f[1].toTensor().dtype(), ScalarType::Int);
  Tensor x = empty({3, 1}, ScalarType::Double);
  const V xv = {1, -2, 0.5};
  std::copy(xv.begin(), xv.end(), x.data<double>());
  Tensor b = callT("aten::mm", {A, x});
  Tensor got = callT("aten::linalg_ldl_solve", {f[0], f[1], b, IValue(false)});
  expectAllNear(values(got), xv, 1e-10);
}

TEST(LinalgLapackOps, HouseholderProductAndOrmqrRebuildQ) {
  Tensor A = empty({3, 2}, ScalarType::Double);
  const V a = {2, 1, 1, 3, 2, -1};
  std::copy(a.begin(), a.end(), A.data<double>());
  Stack qr = call("aten::geqrf", {A});
  Tensor Q = callT("aten::linalg_householder_product", {qr[0], qr[1]});
  Stack ref = call("aten::linalg_qr", {A, IValue("reduced")});
  expectAllNear(values(Q), values(ref[0].toTensor()), 1e-10);
  // Q^T applied to A from the left gives R (zeros below the diagonal).
  Tensor R = callT("aten::ormqr", {qr[0], qr[1], A, IValue(true), IValue(true)});
  V rv = values(R);
  EXPECT_NEAR(rv[2], 0, 1e-10);
  EXPECT_NEAR(rv[4], 0, 1e-10);
  EXPECT_NEAR(rv[5], 0, 1e-10);
  EXPECT_NEAR(std::abs(rv[0]), 3, 1e-10);
}

TEST(LinalgLapackOps, LstsqGelsFitsALineWithResiduals) {
  // y = 1 + 2 t at t = 0, 1, 2, plus a perturbation at t = 3.
  Tensor A = floats({1, 0, 1, 1, 1, 2, 1, 3}, {4, 2});
  Tensor y = floats({1, 3, 5, 8}, {4, 1});
  Stack r = call("aten::linalg_lstsq", {A, y, IValue(), IValue("gels")});
  V sol = values(r[0].toTensor());
  EXPECT_NEAR(sol[0], 0.8, 1e-5);
  EXPECT_NEAR(sol[1], 2.3, 1e-5);
  EXPECT_NEAR(values(r[1].toTensor())[0], 0.3, 1e-5);  // errors 0.2, -0.1, -0.4, 0.3
  EXPECT_EQ(r[2].toTensor().numel(), 0);
  // gelsy reports the rank.
  Stack g = call("aten::linalg_lstsq", {A, y, IValue(), IValue()});
  EXPECT_EQ(values(g[2].toTensor()), (V{2}));
  EXPECT_THROW(call("aten::linalg_lstsq", {A, y, IValue(), IValue("qr")}), Error);
}

TEST(LinalgTensorOps, TensorinvTensorsolveMatrixExp) {
  Tensor A = floats({2, 0, 0, 4}, {2, 2, 1});
  Tensor inv = callT("aten::linalg_tensorinv", {A, IValue(int64_t{1})});
  EXPECT_EQ(IntArrayRef(inv.sizes()), IntArrayRef({2, 1, 2}));
  expectAllNear(values(inv), {0.5, 0, 0, 0.25}, 1e-7);
  Tensor x = callT("aten::linalg_tensorsolve", {floats({2, 0, 0, 4}, {2, 2}), floats({2, 8}), IValue()});
  expectAllNear(values(x), {1, 2}, 1e-6);
  // exp of a nilpotent matrix is I + N; of a rotation generator, a rotation.
  expectAllNear(values(callT("aten::linalg_matrix_exp", {floats({0, 1, 0, 0}, {2, 2})})), {1, 1, 0, 1}, 1e-7);
  Tensor r = callT("aten::linalg_matrix_exp", {floats({0, -3, 3, 0}, {2, 2})});
  expectAllNear(values(r), {std::cos(3.0), -std::sin(3.0), std::sin(3.0), std::cos(3.0)}, 1e-6);
}

}  // namespace
}  // namespace jitserve::ops::testing
