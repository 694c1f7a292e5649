// The dense linear algebra (cuSOLVER / cuBLAS) and FFT (cuFFT) kernels
// against the CPU kernels of the same operators: batched, strided, empty
// batches and 0 x 0 matrices, float and double, singular and
// non-positive-definite inputs (errors and _ex statuses).
//
// Both sides compute in double, by different algorithms (LAPACK's blocked
// routines against cuSOLVER's, pocketfft-style plans against cuFFT), so
// results agree to rounding, not bit for bit: float results to 1e-4
// relative, double to 1e-9. Eigen- and singular vectors are unique only up
// to sign: each is scaled so its largest entry is positive on both sides
// before comparing (the inputs have distinct eigen / singular values).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <string>
#include <vector>

#include "cuda_test_util.h"
#include "runtime/core/operator_registry.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda::testing {
namespace {

const Device kCuda0(DeviceType::CUDA, 0);
const ScalarType kFloats[] = {ScalarType::Float, ScalarType::Double};

// Deterministic values in [-3, 3) as dtype dt.
Tensor sample(IntArrayRef sizes, ScalarType dt, int seed) {
  Tensor t = empty(sizes, ScalarType::Double);
  double* p = t.data<double>();
  uint64_t x = 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(seed + 1);
  for (int64_t i = 0; i < t.numel(); ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    p[i] = static_cast<double>(x % 6000) / 1000.0 - 3.0;
  }
  return t.to(dt);
}
// Well-conditioned square matrices: sample + n * I.
Tensor wellConditioned(IntArrayRef sizes, ScalarType dt, int seed) {
  Tensor t = sample(sizes, ScalarType::Double, seed);
  const int64_t n = sizes.back();
  const int64_t B = n == 0 ? 0 : t.numel() / (n * n);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t i = 0; i < n; ++i) t.data<double>()[b * n * n + i * n + i] += 2.0 * static_cast<double>(n);
  return t.to(dt);
}
// Symmetric positive-definite: M M^T + n I.
Tensor spd(IntArrayRef sizes, ScalarType dt, int seed) {
  const Tensor m = sample(sizes, ScalarType::Double, seed);
  Tensor t = zeros(sizes, ScalarType::Double);
  const int64_t n = sizes.back();
  const int64_t B = n == 0 ? 0 : t.numel() / (n * n);
  for (int64_t b = 0; b < B; ++b) {
    const double* x = m.data<double>() + b * n * n;
    double* y = t.data<double>() + b * n * n;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        for (int64_t k = 0; k < n; ++k) y[i * n + j] += x[i * n + k] * x[j * n + k];
        if (i == j) y[i * n + j] += static_cast<double>(n);
      }
  }
  return t.to(dt);
}
// Complex values from two samples.
Tensor complexSample(IntArrayRef sizes, ScalarType dt, int seed) {
  const Tensor re = sample(sizes, ScalarType::Double, seed), im = sample(sizes, ScalarType::Double, seed + 1000);
  Tensor c = empty(sizes, ScalarType::ComplexDouble);
  for (int64_t i = 0; i < c.numel(); ++i)
    c.data<std::complex<double>>()[i] = {re.data<double>()[i], im.data<double>()[i]};
  return c.to(dt);
}

Stack runOn(DeviceType device, const char* overload, Stack args) {
  const Operator* op = globalOperatorRegistry().findByName(overload);
  EXPECT_NE(op, nullptr) << overload;
  op->runOn(device, args);
  return args;
}

Stack onCuda(const Stack& args) {
  Stack out;
  for (const IValue& v : args) out.push_back(v.isTensor() ? IValue(toDevice(v.toTensor(), kCuda0)) : v);
  return out;
}

// Components as doubles (complex: re, im interleaved), contiguous.
std::vector<double> components(const Tensor& t) {
  std::vector<double> v;
  if (t.is_complex()) {
    const Tensor c = t.to(ScalarType::ComplexDouble).contiguous();
    for (int64_t i = 0; i < c.numel(); ++i) {
      v.push_back(c.data<std::complex<double>>()[i].real());
      v.push_back(c.data<std::complex<double>>()[i].imag());
    }
  } else {
    const Tensor d = t.to(ScalarType::Double).contiguous();
    v.assign(d.data<double>(), d.data<double>() + d.numel());
  }
  return v;
}

void expectClose(const Tensor& cpu, const Tensor& gpuOnHost, const std::string& what, double scale) {
  ASSERT_EQ(gpuOnHost.dtype(), cpu.dtype()) << what;
  ASSERT_EQ(IntArrayRef(gpuOnHost.sizes()), IntArrayRef(cpu.sizes())) << what;
  const bool single = cpu.dtype() == ScalarType::Float || cpu.dtype() == ScalarType::ComplexFloat;
  const double rel = scale * (single ? 1e-4 : 1e-9);
  const std::vector<double> a = components(cpu), b = components(gpuOnHost);
  double mag = 1;
  for (double x : a) mag = std::max(mag, std::abs(x));
  int bad = 0;
  for (size_t i = 0; i < a.size() && bad < 5; ++i) {
    const double x = a[i], y = b[i];
    const bool ok = (std::isnan(x) && std::isnan(y)) || x == y || std::abs(x - y) <= rel * mag;
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

// The outputs of both sides, the CUDA ones (checked to be on cuda:0) moved
// to the host.
std::pair<Stack, Stack> runBoth(const char* overload, const Stack& args) {
  Stack gpuArgs = onCuda(args);
  Stack cpu = runOn(DeviceType::CPU, overload, args);
  Stack gpu = runOn(DeviceType::CUDA, overload, std::move(gpuArgs));
  EXPECT_EQ(cpu.size(), gpu.size()) << overload;
  for (IValue& v : gpu) {
    EXPECT_EQ(v.toTensor().device(), kCuda0) << overload;
    v = IValue(toDevice(v.toTensor(), Device::cpu()));
  }
  return {cpu, gpu};
}

// Every output compared; `skip` lists outputs not compared (unspecified
// values, e.g. the factors of a failed factorization).
void check(const char* overload, const Stack& args, double scale = 1, std::vector<size_t> skip = {}) {
  const std::string what = describe(overload, args);
  auto [cpu, gpu] = runBoth(overload, args);
  for (size_t i = 0; i < std::min(cpu.size(), gpu.size()); ++i)
    if (std::find(skip.begin(), skip.end(), i) == skip.end())
      expectClose(cpu[i].toTensor(), gpu[i].toTensor(), what + " output " + std::to_string(i), scale);
}

// Scales each column of the matrices of `vecs` (columns: dim -1 of the
// last two; rows: dim -2 when byRows) so its largest |entry| is positive;
// `alsoRows`, when given, has its matching rows scaled alike (Vh with U).
Tensor signNormalized(const Tensor& vecs, bool byRows, Tensor* alsoRows = nullptr) {
  Tensor v = vecs.to(ScalarType::Double).contiguous().clone();
  const int64_t r = v.size(-2), c = v.size(-1), B = r * c == 0 ? 0 : v.numel() / (r * c);
  const int64_t count = byRows ? r : c, len = byRows ? c : r;
  Tensor other = alsoRows ? alsoRows->to(ScalarType::Double).contiguous().clone() : Tensor();
  for (int64_t b = 0; b < B; ++b)
    for (int64_t j = 0; j < count; ++j) {
      double* base = v.data<double>() + b * r * c;
      auto at = [&](int64_t i) -> double& { return byRows ? base[j * c + i] : base[i * c + j]; };
      int64_t best = 0;
      for (int64_t i = 1; i < len; ++i)
        if (std::abs(at(i)) > std::abs(at(best)) + 1e-12) best = i;
      if (at(best) >= 0) continue;
      for (int64_t i = 0; i < len; ++i) at(i) = -at(i);
      if (other.defined()) {
        const int64_t oc = other.size(-1);
        double* row = other.data<double>() + b * other.size(-2) * oc + j * oc;
        for (int64_t i = 0; i < oc; ++i) row[i] = -row[i];
      }
    }
  if (alsoRows) *alsoRows = other.to(alsoRows->dtype());
  return v.to(vecs.dtype());
}

class CudaLinalgKernels : public ::testing::Test {
 protected:
  void SetUp() override {
    setUpCuda();
    JS_SKIP_WITHOUT_GPU();
  }
};

IValue ints(std::vector<int64_t> v) { return IValue::intList(std::move(v)); }
IValue str(const char* s) { return IValue(std::string(s)); }
IValue num(double v) { return IValue(v); }
const IValue kNone;
const IValue kTrue(true), kFalse(false);

TEST_F(CudaLinalgKernels, DeterminantsInversesAndSolves) {
  for (ScalarType dt : kFloats) {
    const Tensor shapes[] = {wellConditioned({4, 4}, dt, 1), wellConditioned({2, 3, 5, 5}, dt, 2),
                             wellConditioned({3, 4, 4}, dt, 3).transpose(-2, -1), wellConditioned({0, 3, 3}, dt, 4),
                             wellConditioned({2, 0, 0}, dt, 5), sample({3, 3}, dt, 6)};
    for (const Tensor& A : shapes) {
      check("aten::linalg_det", {A});
      check("aten::det", {A});
      check("aten::linalg_slogdet", {A});
      check("aten::logdet", {A});
      check("aten::linalg_inv", {A});
      check("aten::inverse", {A});
      check("aten::linalg_inv_ex", {A, kFalse});
      check("aten::linalg_lu_factor", {A, kTrue});
      check("aten::linalg_lu_factor_ex", {A, kTrue, kFalse});
      check("aten::_lu_with_info", {A, kTrue, kFalse});
      check("aten::linalg_lu", {A, kTrue});
    }
    const Tensor A = wellConditioned({2, 4, 4}, dt, 7);
    check("aten::linalg_solve", {A, sample({2, 4, 3}, dt, 8), kTrue});
    check("aten::linalg_solve", {A, sample({4}, dt, 9), kTrue});                      // vector
    check("aten::linalg_solve", {A, sample({3, 1, 4, 2}, dt, 10), kTrue});            // broadcast
    check("aten::linalg_solve", {A, sample({2, 3, 4}, dt, 11), kFalse});              // XA = B
    check("aten::linalg_solve", {A, sample({2, 3, 4}, dt, 12).transpose(-2, -1), kTrue});  // strided
    check("aten::linalg_solve_ex", {A, sample({2, 4, 3}, dt, 13), kTrue, kFalse});
    check("aten::linalg_solve", {wellConditioned({0, 4, 4}, dt, 14), sample({0, 4, 2}, dt, 15), kTrue});
    // Rectangular LU, unpacking and solves from the factors.
    for (const Tensor& R : {sample({3, 5}, dt, 16), sample({2, 5, 3}, dt, 17)}) {
      check("aten::linalg_lu_factor", {R, kTrue});
      check("aten::linalg_lu", {R, kTrue});
    }
    Stack f = runOn(DeviceType::CPU, "aten::linalg_lu_factor", {A, kTrue});
    const Tensor LU = f[0].toTensor(), piv = f[1].toTensor();
    check("aten::lu_unpack", {LU, piv, kTrue, kTrue});
    check("aten::lu_unpack", {LU, piv, kFalse, kTrue});
    check("aten::lu_unpack", {LU, piv, kTrue, kFalse});
    check("aten::lu_solve", {sample({2, 4, 3}, dt, 18), LU, piv});
    for (bool left : {true, false})
      for (bool adjoint : {false, true})
        check("aten::linalg_lu_solve", {LU, piv, sample({2, 4, 4}, dt, 19), IValue(left), IValue(adjoint)});
    for (int64_t n : {0, 1, 3, -2}) {
      check("aten::linalg_matrix_power", {A, IValue(n)}, 10);
      check("aten::matrix_power", {A.transpose(-2, -1), IValue(n)}, 10);
    }
    check("aten::linalg_tensorinv", {wellConditioned({6, 6}, dt, 20).reshape({6, 2, 3}), IValue(int64_t{1})});
    check("aten::linalg_tensorsolve", {wellConditioned({6, 6}, dt, 21).reshape({2, 3, 6}), sample({2, 3}, dt, 22),
                                       kNone});
  }
  check("aten::linalg_matrix_power", {sample({3, 3}, ScalarType::Long, 23).to(ScalarType::Long), IValue(int64_t{0})});
}

TEST_F(CudaLinalgKernels, SingularInputsGiveErrorsOrStatuses) {
  for (ScalarType dt : kFloats) {
    Tensor S = sample({2, 3, 3}, dt, 30).contiguous();
    S.select(0, 1).select(0, 2).copy_(S.select(0, 1).select(0, 0));  // matrix 1: rows 0 and 2 equal
    check("aten::linalg_det", {S});
    check("aten::linalg_slogdet", {S});
    check("aten::logdet", {S});
    check("aten::linalg_lu_factor_ex", {S, kTrue, kFalse}, 1, {0});
    check("aten::linalg_inv_ex", {S, kFalse}, 1, {0});
    check("aten::linalg_solve_ex", {S, sample({2, 3, 2}, dt, 31), kTrue, kFalse});
    const Tensor gS = toDevice(S, kCuda0);
    EXPECT_THROW(runOn(DeviceType::CUDA, "aten::linalg_inv", {gS}), Error);
    EXPECT_THROW(runOn(DeviceType::CUDA, "aten::linalg_solve", {gS, toDevice(sample({2, 3}, dt, 32), kCuda0), kTrue}),
                 Error);
    EXPECT_THROW(runOn(DeviceType::CUDA, "aten::linalg_lu_factor_ex", {gS, kTrue, kTrue}), Error);
    // Not positive-definite: the statuses, and the error naming the minor.
    const Tensor notPd = sample({2, 4, 4}, dt, 33);
    check("aten::linalg_cholesky_ex", {notPd, kFalse, kFalse}, 1, {0});
    try {
      runOn(DeviceType::CUDA, "aten::linalg_cholesky", {toDevice(notPd, kCuda0), kFalse});
      ADD_FAILURE() << "expected an error";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("not positive-definite"), std::string::npos) << e.what();
    }
    // Pivots out of range are an error, not a device fault.
    Tensor badPiv = full({3}, Scalar(int64_t{7}), ScalarType::Int);
    EXPECT_THROW(runOn(DeviceType::CUDA, "aten::lu_solve", {toDevice(sample({3, 1}, dt, 34), kCuda0),
                                                            toDevice(sample({3, 3}, dt, 35), kCuda0),
                                                            toDevice(badPiv, kCuda0)}),
                 Error);
  }
}

TEST_F(CudaLinalgKernels, TriangularAndCholesky) {
  for (ScalarType dt : kFloats) {
    const Tensor T = wellConditioned({2, 4, 4}, dt, 40), B = sample({2, 4, 3}, dt, 41);
    for (bool upper : {true, false})
      for (bool trans : {false, true})
        for (bool unit : {false, true}) check("aten::triangular_solve", {B, T, IValue(upper), IValue(trans), IValue(unit)});
    check("aten::triangular_solve", {sample({3, 1, 4, 2}, dt, 42), T.transpose(-2, -1), kTrue, kFalse, kFalse});
    for (bool left : {true, false})
      check("aten::linalg_solve_triangular", {T, sample({2, 4, 4}, dt, 43), kFalse, IValue(left), kFalse});
    for (const Tensor& A : {spd({5, 5}, dt, 44), spd({2, 3, 4, 4}, dt, 45), spd({0, 3, 3}, dt, 46)}) {
      for (bool upper : {false, true}) {
        check("aten::linalg_cholesky", {A, IValue(upper)});
        check("aten::cholesky", {A, IValue(upper)});
        check("aten::linalg_cholesky_ex", {A, IValue(upper), kFalse});
        Stack f = runOn(DeviceType::CPU, "aten::linalg_cholesky", {A, IValue(upper)});
        const Tensor F = f[0].toTensor();
        DimVector bs(A.sizes().begin(), A.sizes().end());
        bs.back() = 2;
        check("aten::cholesky_solve", {sample(bs, dt, 47), F, IValue(upper)});
        check("aten::cholesky_inverse", {F, IValue(upper)}, 10);
      }
    }
    check("aten::linalg_cholesky", {spd({3, 3}, dt, 48).transpose(0, 1), kFalse});
  }
}

TEST_F(CudaLinalgKernels, QrAndHouseholder) {
  for (ScalarType dt : kFloats) {
    for (const Tensor& A : {sample({5, 3}, dt, 50), sample({3, 5}, dt, 51), sample({2, 4, 4}, dt, 52),
                            sample({2, 3, 5}, dt, 53).transpose(-2, -1), sample({0, 3, 2}, dt, 54)}) {
      for (const char* mode : {"reduced", "complete", "r"}) check("aten::linalg_qr", {A, str(mode)}, 10);
      check("aten::qr", {A, kFalse}, 10);
      check("aten::geqrf", {A}, 10);
    }
    Stack g = runOn(DeviceType::CPU, "aten::geqrf", {sample({2, 5, 3}, dt, 55)});
    const Tensor refl = g[0].toTensor(), tau = g[1].toTensor();
    check("aten::linalg_householder_product", {refl, tau}, 10);
    check("aten::linalg_householder_product", {refl.narrow(-1, 0, 2), tau.narrow(-1, 0, 1)}, 10);
    check("aten::linalg_householder_product", {refl, tau.narrow(-1, 0, 0)});  // no reflectors: identity columns
    for (bool left : {true, false})
      for (bool trans : {false, true}) {
        const Tensor C = left ? sample({2, 5, 2}, dt, 56) : sample({2, 2, 5}, dt, 57);
        check("aten::ormqr", {refl, tau, C, IValue(left), IValue(trans)}, 10);
      }
  }
}

TEST_F(CudaLinalgKernels, SymmetricEigen) {
  for (ScalarType dt : kFloats) {
    for (const Tensor& A : {spd({4, 4}, dt, 60), sample({2, 3, 5, 5}, dt, 61), spd({0, 3, 3}, dt, 62)}) {
      for (const char* uplo : {"L", "U"}) {
        check("aten::linalg_eigvalsh", {A, str(uplo)}, 10);
        auto [cpu, gpu] = runBoth("aten::linalg_eigh", {A, str(uplo)});
        const std::string what = describe("aten::linalg_eigh", {A});
        expectClose(cpu[0].toTensor(), gpu[0].toTensor(), what + " values", 10);
        expectClose(signNormalized(cpu[1].toTensor(), false), signNormalized(gpu[1].toTensor(), false),
                    what + " vectors", 100);
      }
      check("aten::symeig", {A, kFalse, kTrue}, 10);
    }
  }
}

TEST_F(CudaLinalgKernels, SingularValuesAndWhatIsBuiltOnThem) {
  for (ScalarType dt : kFloats) {
    for (const Tensor& A : {sample({5, 3}, dt, 70), sample({3, 5}, dt, 71), sample({2, 4, 4}, dt, 72),
                            sample({2, 3, 6}, dt, 73).transpose(-2, -1), sample({0, 2, 3}, dt, 74),
                            sample({2, 0, 3}, dt, 75)}) {
      const std::string what = describe("aten::linalg_svd", {A});
      check("aten::linalg_svdvals", {A, kNone}, 10);
      for (bool fullMatrices : {false, true}) {
        auto [cpu, gpu] = runBoth("aten::linalg_svd", {A, IValue(fullMatrices), kNone});
        expectClose(cpu[1].toTensor(), gpu[1].toTensor(), what + " S", 10);
        // Only the first k columns of U / rows of Vh are determined.
        const int64_t k = std::min(A.size(-2), A.size(-1));
        Tensor vc = cpu[2].toTensor().narrow(-2, 0, k), vg = gpu[2].toTensor().narrow(-2, 0, k);
        const Tensor uc = signNormalized(cpu[0].toTensor().narrow(-1, 0, k), false, &vc);
        const Tensor ug = signNormalized(gpu[0].toTensor().narrow(-1, 0, k), false, &vg);
        expectClose(uc, ug, what + " U", 100);
        expectClose(vc, vg, what + " Vh", 100);
      }
      check("aten::svd", {A, kTrue, kFalse}, 10);
      check("aten::linalg_pinv.atol_rtol_float", {A, kNone, kNone, kFalse}, 100);
      check("aten::pinverse", {A, num(1e-15)}, 100);
      check("aten::linalg_matrix_rank.atol_rtol_float", {A, kNone, kNone, kFalse});
    }
    // Rank-deficient, tolerances as tensors and floats, hermitian forms.
    const Tensor u = sample({2, 5, 2}, dt, 76);
    const Tensor low = runOn(DeviceType::CPU, "aten::matmul", {u, u.transpose(-2, -1)})[0].toTensor();
    const Tensor rtol = full({2}, Scalar(0.01), dt);
    check("aten::linalg_matrix_rank.atol_rtol_tensor", {low, kNone, IValue(rtol), kFalse});
    check("aten::linalg_matrix_rank.atol_rtol_tensor", {low, kNone, kNone, kTrue});
    check("aten::linalg_matrix_rank", {low, num(0.5), kFalse});
    check("aten::linalg_matrix_rank.tol_tensor", {low, IValue(full({}, Scalar(0.5), dt)), kTrue});
    check("aten::linalg_pinv.atol_rtol_tensor", {low, kNone, IValue(rtol), kFalse}, 100);
    check("aten::linalg_pinv.atol_rtol_tensor", {low, kNone, kNone, kTrue}, 100);
    check("aten::linalg_pinv", {low, num(1e-6), kFalse}, 100);
    check("aten::linalg_pinv.rcond_tensor", {low, IValue(rtol), kFalse}, 100);
    const Tensor A = wellConditioned({2, 4, 4}, dt, 77);
    for (double p : {2.0, -2.0, 1.0, -1.0, double{INFINITY}, -double{INFINITY}})
      check("aten::linalg_cond", {A, IValue(Scalar(p))}, 100);
    check("aten::linalg_cond", {A, kNone}, 100);
    for (const char* p : {"fro", "nuc"}) check("aten::linalg_cond.p_str", {A, str(p)}, 100);
    check("aten::nuclear_norm", {sample({4, 3}, dt, 78), kFalse}, 10);
    check("aten::nuclear_norm.dim", {sample({2, 4, 3}, dt, 79), ints({0, 2}), kTrue}, 10);
    check("aten::linalg_matrix_norm.str_ord", {sample({2, 4, 3}, dt, 80), str("nuc"), ints({-2, -1}), kFalse, kNone},
          10);
    for (double p : {2.0, -2.0})
      check("aten::linalg_matrix_norm", {sample({2, 4, 3}, dt, 81), IValue(Scalar(p)), ints({-1, -2}), kTrue, kNone},
            10);
    // Least squares: tall (residuals), wide (minimum norm), vector right-hand side, every driver.
    for (const char* driver : {"gels", "gelsy", "gelsd", "gelss"}) {
      check("aten::linalg_lstsq", {sample({2, 6, 3}, dt, 82), sample({2, 6, 2}, dt, 83), kNone, str(driver)}, 100);
      check("aten::linalg_lstsq", {sample({6, 3}, dt, 84), sample({6}, dt, 85), kNone, str(driver)}, 100);
      check("aten::linalg_lstsq", {sample({3, 5}, dt, 86), sample({3, 2}, dt, 87), kNone, str(driver)}, 100);
    }
    check("aten::linalg_lstsq", {low, sample({2, 5, 1}, dt, 88), num(1e-3), str("gelsd")}, 100);
  }
}

TEST_F(CudaLinalgKernels, GeneralEigenOnAHostCopy) {
  for (ScalarType dt : kFloats) {
    check("aten::linalg_eig", {sample({2, 4, 4}, dt, 90)});
    check("aten::linalg_eigvals", {sample({3, 3}, dt, 91).transpose(0, 1)});
  }
}

TEST_F(CudaLinalgKernels, FourierTransforms) {
  for (ScalarType dt : kFloats) {
    const ScalarType ct = dt == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat;
    const Tensor real = sample({3, 4, 6}, dt, 100), cplx = complexSample({3, 4, 6}, ct, 101);
    const Tensor strided = sample({6, 4, 3}, dt, 102).transpose(0, 2);
    for (const char* norm : {"backward", "forward", "ortho"}) {
      for (const char* op : {"aten::fft_fft", "aten::fft_ifft", "aten::fft_rfft", "aten::fft_ihfft",
                             "aten::fft_irfft", "aten::fft_hfft"}) {
        const std::string name(op);
        const bool realIn = name == "aten::fft_rfft" || name == "aten::fft_ihfft";
        const Tensor x = realIn ? real : cplx;
        check(op, {x, kNone, IValue(int64_t{-1}), str(norm)}, 10);
        check(op, {x, IValue(int64_t{10}), IValue(int64_t{1}), str(norm)}, 10);  // padded, a middle dim
        check(op, {x, IValue(int64_t{3}), IValue(int64_t{0}), str(norm)}, 10);   // trimmed, the outer dim
        if (realIn) check(op, {strided, kNone, IValue(int64_t{-1}), str(norm)}, 10);
        const std::string two = name + "2", nd = name + "n";
        check(two.c_str(), {x, ints({3, 10}), ints({1, 2}), str(norm)}, 10);
        check(two.c_str(), {x, kNone, ints({-2, -1}), str(norm)}, 10);
        check(nd.c_str(), {x, ints({2, 5, 4}), kNone, str(norm)}, 10);
        check(nd.c_str(), {x, kNone, ints({0, 2}), str(norm)}, 10);
        check(nd.c_str(), {x, kNone, kNone, str(norm)}, 10);
      }
    }
    // Real inputs to the complex transforms, integers, an empty batch.
    check("aten::fft_fft", {real, kNone, IValue(int64_t{-1}), kNone}, 10);
    check("aten::fft_fft", {sample({0, 4}, dt, 103), kNone, IValue(int64_t{-1}), kNone}, 10);
    check("aten::fft_irfft", {complexSample({0, 5}, ct, 104), kNone, IValue(int64_t{-1}), kNone}, 10);
  }
  check("aten::fft_fft", {sample({5}, ScalarType::Long, 105), kNone, IValue(int64_t{-1}), kNone}, 10);
}

// conj of a complex tensor must read conjugated on the device as on the
// CPU (it returned its input once), isreal must look at the imaginary part.
TEST_F(CudaLinalgKernels, ConjugatesOfComplexTensors) {
  for (ScalarType ct : {ScalarType::ComplexFloat, ScalarType::ComplexDouble}) {
    const Tensor z = complexSample({3, 4}, ct, 106);
    for (const char* op : {"aten::conj", "aten::conj_physical", "aten::isreal"}) {
      check(op, {z}, 1);
      check(op, {z.transpose(0, 1)}, 1);
    }
  }
}

}  // namespace
}  // namespace jitserve::cuda::testing
