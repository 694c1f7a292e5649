#include "runtime/ops/linalg_ops.h"
#include "runtime/ops/op_tables.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "runtime/ops/binary_ops.h"
#include "runtime/ops/blas_gemm.h"
#include "runtime/ops/linalg_decomp_ops.h"
#include "runtime/ops/kernel_utils.h"
#include "runtime/ops/op_registration.h"
#include "runtime/ops/out_variants.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/parallel.h"

namespace jitserve::ops {
namespace {

// How BLAS can read a rows x cols matrix with strides (s0, s1) in row-major
// terms: as is (unit column stride) or as the transpose of a row-major
// cols x rows matrix (unit row stride). Size-1 dims may have any stride.
struct BlasView {
  bool ok = false;
  bool trans = false;
  int64_t ld = 1;
};

BlasView blasView(int64_t rows, int64_t cols, int64_t s0, int64_t s1) {
  if ((s1 == 1 || cols <= 1) && (rows <= 1 || s0 >= std::max<int64_t>(1, cols)))
    return {true, false, rows <= 1 ? std::max<int64_t>(1, cols) : s0};
  if ((s0 == 1 || rows <= 1) && (cols <= 1 || s1 >= std::max<int64_t>(1, rows)))
    return {true, true, cols <= 1 ? std::max<int64_t>(1, rows) : s1};
  return {};
}

bool isZero(const Scalar& s) { return s.toComplexDouble() == std::complex<double>(0, 0); }

// c[b] = alpha * a[b] @ bm[b] + beta * c[b] for a (B, m, k), bm (B, k, n) and a
// contiguous c (B, m, n) of the same dtype. With beta == 0 the old contents of
// c are ignored (NaN in them does not propagate), as BLAS specifies.
void gemmInto(Tensor a, Tensor bm, Tensor& c, const Scalar& alpha, const Scalar& beta) {
  const int64_t B = c.size(0), m = c.size(1), n = c.size(2), k = a.size(2);
  if (c.numel() == 0) return;
  const bool beta_zero = isZero(beta);
  if (k == 0) {
    // Empty inner dimension: the product is all zeros.
    if (beta_zero) {
      c.zero_();
    } else {
      JS_DISPATCH_ALL_TYPES_AND_COMPLEX(c.dtype(), "addmm", [&] {
        using acc_t = opmath_t<scalar_t>;
        const acc_t b = beta.to<acc_t>();
        scalar_t* p = c.data<scalar_t>();
        for (int64_t i = 0; i < c.numel(); ++i) p[i] = static_cast<scalar_t>(b * static_cast<acc_t>(p[i]));
      });
    }
    return;
  }
  const ScalarType dt = c.dtype();
  if (dt == ScalarType::Float || dt == ScalarType::Double || dt == ScalarType::ComplexFloat ||
      dt == ScalarType::ComplexDouble) {
    BlasView va = blasView(m, k, a.stride(1), a.stride(2));
    if (!va.ok) {
      a = a.contiguous();
      va = blasView(m, k, a.stride(1), a.stride(2));
    }
    BlasView vb = blasView(k, n, bm.stride(1), bm.stride(2));
    if (!vb.ok) {
      bm = bm.contiguous();
      vb = blasView(k, n, bm.stride(1), bm.stride(2));
    }
    const int64_t sa = a.stride(0), sb = bm.stride(0), sc = m * n;
    JS_DISPATCH_SWITCH(dt, "addmm", JS_CASES_FLOAT_AND_DOUBLE([&] {
      const scalar_t al = static_cast<scalar_t>(alpha.toDouble()), be = static_cast<scalar_t>(beta.toDouble());
      const scalar_t* pa = a.data<scalar_t>();
      const scalar_t* pb = bm.data<scalar_t>();
      scalar_t* pc = c.data<scalar_t>();
      for (int64_t i = 0; i < B; ++i)
        gemm(va.trans, vb.trans, m, n, k, al, pa + i * sa, va.ld, pb + i * sb, vb.ld, be, pc + i * sc, n);
    }) JS_CASES_COMPLEX([&] {
      const scalar_t al = alpha.to<scalar_t>(), be = beta.to<scalar_t>();
      const scalar_t* pa = a.data<scalar_t>();
      const scalar_t* pb = bm.data<scalar_t>();
      scalar_t* pc = c.data<scalar_t>();
      for (int64_t i = 0; i < B; ++i)
        gemm(va.trans, vb.trans, m, n, k, al, pa + i * sa, va.ld, pb + i * sb, vb.ld, be, pc + i * sc, n);
    }));
    return;
  }
  // Other dtypes: a row-at-a-time loop in the accumulation type, i-p-j order
  // so the innermost loop walks a row of bm and of the accumulator.
  JS_DISPATCH_ALL_TYPES(dt, "addmm_impl_cpu_", [&] {
    using acc_t = opmath_t<scalar_t>;
    const acc_t al = alpha.to<acc_t>(), be = beta_zero ? acc_t(0) : beta.to<acc_t>();
    const scalar_t* pa = a.data<scalar_t>();
    const scalar_t* pb = bm.data<scalar_t>();
    scalar_t* pc = c.data<scalar_t>();
    const int64_t sa0 = a.stride(0), sa1 = a.stride(1), sa2 = a.stride(2);
    const int64_t sb0 = bm.stride(0), sb1 = bm.stride(1), sb2 = bm.stride(2);
    parallel_for(0, B * m, std::max<int64_t>(1, kGrainSize / std::max<int64_t>(1, n * k)), [&](int64_t r0, int64_t r1) {
      std::vector<acc_t> acc(static_cast<size_t>(n));
      for (int64_t r = r0; r < r1; ++r) {
        const int64_t bi = r / m, i = r % m;
        std::fill(acc.begin(), acc.end(), acc_t(0));
        const scalar_t* arow = pa + bi * sa0 + i * sa1;
        const scalar_t* bmat = pb + bi * sb0;
        for (int64_t p = 0; p < k; ++p) {
          const acc_t av = static_cast<acc_t>(arow[p * sa2]);
          const scalar_t* brow = bmat + p * sb1;
          for (int64_t j = 0; j < n; ++j) acc[j] += av * static_cast<acc_t>(brow[j * sb2]);
        }
        scalar_t* crow = pc + r * n;
        for (int64_t j = 0; j < n; ++j) {
          acc_t v = al * acc[j];
          if (!beta_zero) v += be * static_cast<acc_t>(crow[j]);
          crow[j] = static_cast<scalar_t>(v);
        }
      }
    });
  });
}

void checkMatmulDtypes(const Tensor& a, const Tensor& b) {
  JS_CHECK(a.dtype() == b.dtype(), "expected scalar type ", scalarTypeName(a.dtype()), " but found ",
           scalarTypeName(b.dtype()));
  JS_CHECK(a.dtype() != ScalarType::ComplexHalf, "matrix products of ComplexHalf tensors are not supported");
}

// Starts a product output: beta * self broadcast to `shape`, or uninitialized
// when beta is zero (the GEMM then ignores it).
Tensor initAddOutput(const Tensor& self, IntArrayRef shape, ScalarType dtype, const Scalar& beta) {
  JS_CHECK(self.dtype() == dtype, "expected scalar type ", scalarTypeName(dtype), " but found ",
           scalarTypeName(self.dtype()));
  Tensor out = empty(shape, dtype);
  if (!isZero(beta)) out.copy_(self.expand(shape));
  else (void)self.expand(shape);  // still reject shapes that cannot broadcast
  return out;
}

std::string matShape(const Tensor& t) { return std::to_string(t.size(0)) + "x" + std::to_string(t.size(1)); }

void checkMm(const Tensor& a, const Tensor& b) {
  JS_CHECK(a.dim() == 2, "self must be a matrix");
  JS_CHECK(b.dim() == 2, "mat2 must be a matrix");
  JS_CHECK(a.size(1) == b.size(0), "mat1 and mat2 shapes cannot be multiplied (", matShape(a), " and ", matShape(b),
           ")");
  checkMatmulDtypes(a, b);
}

void checkBmm(const Tensor& a, const Tensor& b) {
  JS_CHECK(a.dim() == 3, "batch1 must be a 3D tensor");
  JS_CHECK(b.dim() == 3, "batch2 must be a 3D tensor");
  JS_CHECK(b.size(0) == a.size(0) && b.size(1) == a.size(2),
           "Expected size for first two dimensions of batch2 tensor to be: [", a.size(0), ", ", a.size(2),
           "] but got: [", b.size(0), ", ", b.size(1), "].");
  checkMatmulDtypes(a, b);
}

Tensor mmImpl(const Tensor& a, const Tensor& b, Tensor out, const Scalar& beta, const Scalar& alpha) {
  Tensor c = out.unsqueeze(0);
  gemmInto(a.unsqueeze(0), b.unsqueeze(0), c, alpha, beta);
  return out;
}

// The tensor a product's out= form computes into: `out` itself (resized to
// `shape`) when it is contiguous and shares no memory with the operands, so
// the GEMM writes straight into it; otherwise a temporary that finishOut
// copies over. out must have the result's dtype, as in PyTorch.
Tensor productTarget(Tensor& out, IntArrayRef shape, ScalarType dtype, std::initializer_list<Tensor> operands) {
  checkStructuredOutDtype(out, dtype);
  resizeOut(out, shape);
  bool direct = out.is_contiguous();
  for (const Tensor& t : operands) direct = direct && !out.is_alias_of(t);
  return direct ? out : empty(shape, dtype);
}

void finishOut(Tensor& out, const Tensor& target) {
  if (!target.is_same(out)) out.copy_(target);
}

}  // namespace

Tensor mmOut(const Tensor& self, const Tensor& mat2, Tensor out) {
  checkMm(self, mat2);
  Tensor c = productTarget(out, {self.size(0), mat2.size(1)}, self.dtype(), {self, mat2});
  mmImpl(self, mat2, c, 0, 1);
  finishOut(out, c);
  return out;
}

Tensor addmmOut(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha,
                Tensor out) {
  checkMm(mat1, mat2);
  JS_CHECK(self.dtype() == mat1.dtype(), "expected scalar type ", scalarTypeName(mat1.dtype()), " but found ",
           scalarTypeName(self.dtype()));
  const DimVector shape{mat1.size(0), mat2.size(1)};
  Tensor bias = self.expand(shape);  // rejects shapes that cannot broadcast before out is touched
  Tensor c = productTarget(out, shape, mat1.dtype(), {self, mat1, mat2});
  if (!isZero(beta)) c.copy_(bias);
  mmImpl(mat1, mat2, c, beta, alpha);
  finishOut(out, c);
  return out;
}

Tensor bmmOut(const Tensor& self, const Tensor& mat2, Tensor out) {
  checkBmm(self, mat2);
  Tensor c = productTarget(out, {self.size(0), self.size(1), mat2.size(2)}, self.dtype(), {self, mat2});
  gemmInto(self, mat2, c, 1, 0);
  finishOut(out, c);
  return out;
}

Tensor baddbmmOut(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha,
                  Tensor out) {
  checkBmm(b1, b2);
  JS_CHECK(self.dtype() == b1.dtype(), "expected scalar type ", scalarTypeName(b1.dtype()), " but found ",
           scalarTypeName(self.dtype()));
  const DimVector shape{b1.size(0), b1.size(1), b2.size(2)};
  Tensor bias = self.expand(shape);
  Tensor c = productTarget(out, shape, b1.dtype(), {self, b1, b2});
  if (!isZero(beta)) c.copy_(bias);
  gemmInto(b1, b2, c, alpha, beta);
  finishOut(out, c);
  return out;
}

Tensor mm(const Tensor& self, const Tensor& mat2) {
  checkMm(self, mat2);
  return mmImpl(self, mat2, empty({self.size(0), mat2.size(1)}, self.dtype()), 0, 1);
}

Tensor addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2, const Scalar& beta, const Scalar& alpha) {
  checkMm(mat1, mat2);
  Tensor out = initAddOutput(self, {mat1.size(0), mat2.size(1)}, mat1.dtype(), beta);
  return mmImpl(mat1, mat2, out, beta, alpha);
}

Tensor bmm(const Tensor& self, const Tensor& mat2) {
  checkBmm(self, mat2);
  Tensor out = empty({self.size(0), self.size(1), mat2.size(2)}, self.dtype());
  gemmInto(self, mat2, out, 1, 0);
  return out;
}

Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  checkBmm(b1, b2);
  Tensor out = initAddOutput(self, {b1.size(0), b1.size(1), b2.size(2)}, b1.dtype(), beta);
  gemmInto(b1, b2, out, alpha, beta);
  return out;
}

Tensor addbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  checkBmm(b1, b2);
  // sum_b b1[b] @ b2[b] is one product of b1 laid out as (m, B*k) with b2 as (B*k, n).
  const int64_t B = b1.size(0), m = b1.size(1), k = b1.size(2), n = b2.size(2);
  Tensor lhs = b1.permute({1, 0, 2}).reshape({m, B * k});
  Tensor rhs = b2.reshape({B * k, n});
  Tensor out = initAddOutput(self, {m, n}, b1.dtype(), beta);
  return mmImpl(lhs, rhs, out, beta, alpha);
}

Tensor mv(const Tensor& self, const Tensor& vec) {
  JS_CHECK(self.dim() == 2 && vec.dim() == 1, "vector + matrix @ vector expected, got 1, ", self.dim(), ", ",
           vec.dim());
  JS_CHECK(self.size(1) == vec.size(0), "size mismatch, got ", self.size(0), ", ", self.size(0), "x", self.size(1),
           ",", vec.size(0));
  checkMatmulDtypes(self, vec);
  Tensor out = empty({self.size(0)}, self.dtype());
  mmImpl(self, vec.unsqueeze(1), out.unsqueeze(1), 0, 1);
  return out;
}

Tensor addmv(const Tensor& self, const Tensor& mat, const Tensor& vec, const Scalar& beta, const Scalar& alpha) {
  JS_CHECK(mat.dim() == 2 && vec.dim() == 1, "vector + matrix @ vector expected, got ", self.dim(), ", ",
           mat.dim(), ", ", vec.dim());
  JS_CHECK(mat.size(1) == vec.size(0), "size mismatch, got ", self.size(0), ", ", mat.size(0), "x", mat.size(1), ",",
           vec.size(0));
  checkMatmulDtypes(mat, vec);
  Tensor out = initAddOutput(self, {mat.size(0)}, mat.dtype(), beta);
  mmImpl(mat, vec.unsqueeze(1), out.unsqueeze(1), beta, alpha);
  return out;
}

namespace {
void checkDot(const Tensor& self, const Tensor& other) {
  JS_CHECK(self.dim() == 1 && other.dim() == 1, "1D tensors expected, but got ", self.dim(), "D and ", other.dim(),
           "D tensors");
  JS_CHECK(self.dtype() == other.dtype(), "dot : expected both vectors to have same dtype, but found ",
           scalarTypeName(self.dtype()), " and ", scalarTypeName(other.dtype()));
  JS_CHECK(self.size(0) == other.size(0), "inconsistent tensor size, expected tensor [", self.size(0),
           "] and src [", other.size(0), "] to have the same number of elements, but got ", self.size(0), " and ",
           other.size(0), " elements respectively");
  checkMatmulDtypes(self, other);
}
}  // namespace

Tensor dot(const Tensor& self, const Tensor& other) {
  checkDot(self, other);
  Tensor out = empty({1, 1}, self.dtype());
  mmImpl(self.unsqueeze(0), other.unsqueeze(1), out, 0, 1);
  return out.view({});
}

namespace {
// vdot(a, b) = sum(conj(a) * b); dot for real tensors. Accumulates in
// complex<double>, as the real reductions accumulate in double.
Tensor vdot(const Tensor& self, const Tensor& other) {
  if (!self.is_complex()) return dot(self, other);
  checkDot(self, other);
  Tensor out = empty({}, self.dtype());
  JS_DISPATCH_COMPLEX_TYPES(self.dtype(), "vdot", [&] {
    const Tensor a = self.contiguous(), b = other.contiguous();
    const scalar_t* pa = a.data<scalar_t>();
    const scalar_t* pb = b.data<scalar_t>();
    double re = 0, im = 0;
    for (int64_t i = 0, n = a.numel(); i < n; ++i) {
      const double ar = pa[i].real(), ai = pa[i].imag(), br = pb[i].real(), bi = pb[i].imag();
      re += ar * br + ai * bi;  // (ar - i ai)(br + i bi)
      im += ar * bi - ai * br;
    }
    *out.data<scalar_t>() = scalar_t(std::complex<double>(re, im));
  });
  return out;
}
}  // namespace

// A broadcast product, as PyTorch computes it: the operands promote (int x
// float is float) and bool works.
Tensor outer(const Tensor& self, const Tensor& vec2) {
  JS_CHECK(self.dim() == 1, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
  JS_CHECK(vec2.dim() == 1, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
  return mul(self.unsqueeze(1), vec2);
}

Tensor addr(const Tensor& self, const Tensor& v1, const Tensor& v2, const Scalar& beta, const Scalar& alpha) {
  JS_CHECK(v1.dim() == 1, "addr: Expected 1-D argument vec1, but got ", v1.dim(), "-D");
  JS_CHECK(v2.dim() == 1, "addr: Expected 1-D argument vec2, but got ", v2.dim(), "-D");
  checkMatmulDtypes(v1, v2);
  Tensor out = initAddOutput(self, {v1.size(0), v2.size(0)}, v1.dtype(), beta);
  return mmImpl(v1.unsqueeze(1), v2.unsqueeze(0), out, beta, alpha);
}

Tensor matmul(const Tensor& a, const Tensor& b) {
  const int64_t da = a.dim(), db = b.dim();
  JS_CHECK(da > 0 && db > 0, "both arguments to matmul need to be at least 1D, but they are ", da, "D and ", db,
           "D");
  if (da == 1 && db == 1) return dot(a, b);
  if (da == 2 && db == 1) return mv(a, b);
  if (da == 1 && db == 2) return mm(a.unsqueeze(0), b).squeeze(0);
  if (da == 2 && db == 2) return mm(a, b);
  if (da >= 3 && (db == 1 || db == 2)) {
    // Fold the batch dims of `a` into its rows: one GEMM instead of many.
    DimVector out_shape(a.sizes().begin(), a.sizes().end() - 1);
    Tensor b2 = db == 1 ? b.unsqueeze(1) : b;
    if (db == 2) out_shape.push_back(b.size(1));
    Tensor a2 = a.reshape({-1, a.size(-1)});
    return mm(a2, b2).view(out_shape);
  }
  // General case: broadcast the batch dims and run a batched GEMM over
  // (expanded, uncopied) views.
  const int64_t n = a.size(-2 + (da == 1 ? 1 : 0));
  const int64_t m1 = a.size(-1);
  const int64_t m2 = db == 1 ? b.size(0) : b.size(-2);
  const int64_t p = db == 1 ? 1 : b.size(-1);
  JS_CHECK(m1 == m2, "mat1 and mat2 shapes cannot be multiplied (", da == 1 ? 1 : n, "x", m1, " and ", m2, "x", p,
           ")");
  checkMatmulDtypes(a, b);
  IntArrayRef batch_a(a.sizes().data(), da >= 2 ? static_cast<size_t>(da - 2) : 0);
  IntArrayRef batch_b(b.sizes().data(), db >= 2 ? static_cast<size_t>(db - 2) : 0);
  DimVector batch = infer_size(batch_a, batch_b);
  int64_t nb = 1;
  for (int64_t s : batch) nb *= s;
  Tensor a3 = da == 1 ? a.unsqueeze(0) : a;
  Tensor b3 = db == 1 ? b.unsqueeze(1) : b;
  const int64_t rows = a3.size(-2);
  DimVector ea(batch), eb(batch);
  ea.push_back(rows);
  ea.push_back(m1);
  eb.push_back(m2);
  eb.push_back(p);
  // reshape keeps the expanded (stride 0) batch dims as views when it can.
  Tensor ae = a3.expand(ea).reshape({nb, rows, m1});
  Tensor be = b3.expand(eb).reshape({nb, m2, p});
  Tensor out = empty({nb, rows, p}, a.dtype());
  gemmInto(ae, be, out, 1, 0);
  DimVector out_shape(batch);
  if (da > 1) out_shape.push_back(rows);
  if (db > 1) out_shape.push_back(p);
  return out.view(out_shape);
}

// matmul into out: the products that are one GEMM (2-D @ 2-D, 1-D @ 2-D and
// batched @ 2-D folded into rows) write into out through mmOut; the other
// ranks (dot, mv, broadcast batches) compute, then copy into out.
Tensor matmulOut(const Tensor& a, const Tensor& b, Tensor out) {
  const int64_t da = a.dim(), db = b.dim();
  JS_CHECK(da > 0 && db > 0, "both arguments to matmul need to be at least 1D, but they are ", da, "D and ", db,
           "D");
  if (da == 2 && db == 2) return mmOut(a, b, out);
  if (da == 1 && db == 2) {
    // As in PyTorch: mm into out as a (1, p) matrix, then out becomes (p),
    // so an out of another shape ends up contiguous.
    resizeOut(out, {1, b.size(1)});
    mmOut(a.unsqueeze(0), b, out);
    out.resize_({b.size(1)});
    return out;
  }
  if (da >= 3 && db == 2 && a.size(-1) == b.size(0)) {
    DimVector shape(a.sizes().begin(), a.sizes().end() - 1);
    shape.push_back(b.size(1));
    checkStructuredOutDtype(out, a.dtype());
    resizeOut(out, shape);
    if (out.is_contiguous()) {
      Tensor rows = out.view({-1, b.size(1)});
      mmOut(a.reshape({-1, a.size(-1)}), b, rows);
      return out;
    }
  }
  Tensor r = matmul(a, b);
  checkStructuredOutDtype(out, r.dtype());
  copyToOut(out, r);
  return out;
}

// linear into out: input of 2 or more dims with a bias is one addmm over
// input's rows, written into out (viewed as rows) when out is contiguous;
// other shapes compute, then copy.
Tensor linearOut(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, Tensor out) {
  if (weight.dim() == 2 && input.dim() >= 2 && input.size(-1) == weight.size(1)) {
    DimVector shape(input.sizes().begin(), input.sizes().end() - 1);
    shape.push_back(weight.size(0));
    checkStructuredOutDtype(out, input.dtype());
    resizeOut(out, shape);
    if (out.is_contiguous()) {
      Tensor rows = out.view({-1, weight.size(0)});
      Tensor x2 = input.reshape({-1, input.size(-1)});
      if (bias) addmmOut(*bias, x2, weight.t(), 1, 1, rows);
      else mmOut(x2, weight.t(), rows);
      return out;
    }
  }
  Tensor r = linear(input, weight, bias);
  checkStructuredOutDtype(out, r.dtype());
  copyToOut(out, r);
  return out;
}

Tensor linear(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias) {
  JS_CHECK(weight.dim() == 2 || weight.dim() == 1, "linear: weight must be 1-D or 2-D, got ", weight.dim(), "-D");
  if (weight.dim() == 2 && input.dim() >= 2) {
    JS_CHECK(input.size(-1) == weight.size(1), "mat1 and mat2 shapes cannot be multiplied (",
             input.numel() / std::max<int64_t>(1, input.size(-1)), "x", input.size(-1), " and ", weight.size(1), "x",
             weight.size(0), ")");
    DimVector out_shape(input.sizes().begin(), input.sizes().end() - 1);
    out_shape.push_back(weight.size(0));
    Tensor x2 = input.reshape({-1, input.size(-1)});
    Tensor r = bias ? addmm(*bias, x2, weight.t(), 1, 1) : mm(x2, weight.t());
    return r.view(out_shape);
  }
  Tensor r = matmul(input, weight.t());
  if (bias) {
    Tensor out = empty(r.sizes(), r.dtype());
    out.copy_(bias->expand(r.sizes()));
    // r + bias, done through addmm's machinery would need a matrix; a
    // plain elementwise loop suffices for this rare vector case.
    JS_DISPATCH_ALL_TYPES(r.dtype(), "linear", [&] {
      Tensor rc = r.contiguous();
      const scalar_t* pr = rc.data<scalar_t>();
      scalar_t* po = out.data<scalar_t>();
      for (int64_t i = 0; i < out.numel(); ++i)
        po[i] = static_cast<scalar_t>(static_cast<opmath_t<scalar_t>>(po[i]) + static_cast<opmath_t<scalar_t>>(pr[i]));
    });
    return out;
  }
  return r;
}

namespace {

Tensor inner(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0) {
    Tensor s = a.dim() == 0 ? a : b, t = a.dim() == 0 ? b : a;
    checkMatmulDtypes(a, b);
    Tensor out = empty(t.sizes(), t.dtype());
    JS_DISPATCH_ALL_TYPES(t.dtype(), "inner", [&] {
      Tensor tc = t.contiguous();
      const opmath_t<scalar_t> sv = static_cast<opmath_t<scalar_t>>(s.data<scalar_t>()[0]);
      const scalar_t* pt = tc.data<scalar_t>();
      scalar_t* po = out.data<scalar_t>();
      for (int64_t i = 0; i < out.numel(); ++i) po[i] = static_cast<scalar_t>(sv * static_cast<opmath_t<scalar_t>>(pt[i]));
    });
    return out;
  }
  JS_CHECK(a.size(-1) == b.size(-1), "inner() the last dimension must match on both input tensors but got shapes ",
           shapeToString(a.sizes()), " and ", shapeToString(b.sizes()));
  DimVector shape(a.sizes().begin(), a.sizes().end() - 1);
  shape.insert(shape.end(), b.sizes().begin(), b.sizes().end() - 1);
  const int64_t k = a.size(-1);
  return mm(a.reshape({-1, k}), b.reshape({-1, k}).t()).view(shape);
}

// matrix_power: A^n by repeated squaring for n >= 0 (identity for 0); a
// negative n inverts first (linalg_inv).
Tensor matrixPower(const Tensor& a, int64_t n) {
  JS_CHECK(a.dim() >= 2 && a.size(-1) == a.size(-2), "linalg.matrix_power: A must be batches of square matrices, but "
           "they are ", a.dim() >= 2 ? a.size(-2) : 0, " by ", a.dim() >= 1 ? a.size(-1) : 0, " matrices");
  if (n == 0) {
    Tensor eye = zeros(a.sizes(), a.dtype());
    eye.diagonal(0, -2, -1).fill_(Scalar(1));
    return eye;
  }
  Tensor base = a;
  if (n < 0) {
    JS_CHECK(isFloatingType(a.dtype()) || isComplexType(a.dtype()),
             "linalg.matrix_power: inverse of an integer matrix is not supported (a negative n needs a floating dtype)");
    base = linalg_inv(a);
    n = -n;
  }
  Tensor result;
  while (n > 0) {
    if (n & 1) result = result.defined() ? matmul(result, base) : base.clone();
    n >>= 1;
    if (n > 0) base = matmul(base, base);
  }
  return result;
}
// mv, addmv and dot into out: the (vector or scalar) result is computed, then
// copied; out must have its dtype, as in PyTorch.
template <auto F, typename... A>
Tensor structuredOut(A... a, Tensor out) {
  Tensor r = F(a...);
  checkStructuredOutDtype(out, r.dtype());
  copyToOut(out, r);
  return out;
}
Tensor dotOut(const Tensor& self, const Tensor& tensor, Tensor out) {
  Tensor r = dot(self, tensor);
  JS_CHECK(out.dtype() == r.dtype(), "result dtype ", scalarTypeName(out.dtype()), " does not match input dtype ",
           scalarTypeName(r.dtype()));
  copyToOut(out, r);
  return out;
}

using AddFn = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&);
// The in-place form computes out of place, then copies into self; self must
// already have the result's shape (it is not resized).
template <AddFn F>
Tensor addProduct_(Tensor self, const Tensor& m1, const Tensor& m2, const Scalar& beta, const Scalar& alpha) {
  Tensor r = F(self, m1, m2, beta, alpha);
  JS_CHECK(IntArrayRef(r.sizes()) == IntArrayRef(self.sizes()), "output with shape ", shapeToString(self.sizes()),
           " doesn't match the broadcast shape ", shapeToString(r.sizes()));
  self.copy_(r);
  return self;
}

}  // namespace

const OpTable kLinalgOps = {
    op<mm>("aten::mm(Tensor self, Tensor mat2) -> Tensor", "Matrix product of two 2-D tensors."),
    op<bmm>("aten::bmm(Tensor self, Tensor mat2) -> Tensor", "Batched matrix product of two 3-D tensors."),
    op<matrixPower>("aten::matrix_power(Tensor self, int n) -> Tensor",
                    "A^n by repeated squaring (identity for 0, the inverse's power for n < 0)."),
    op<matrixPower>("aten::linalg_matrix_power(Tensor self, int n) -> Tensor", "matrix_power."),
    op<matmul>("aten::matmul(Tensor self, Tensor other) -> Tensor",
               "Matrix product with NumPy rules: dot, mv, mm or broadcast batched mm by rank."),
    op<mmOut>("aten::mm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)",
              "mm written into out (directly when out is contiguous)."),
    op<bmmOut>("aten::bmm.out(Tensor self, Tensor mat2, *, Tensor(a!) out) -> Tensor(a!)", "bmm into out."),
    op<matmulOut>("aten::matmul.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)", "matmul into out."),
    op<addmmOut>("aten::addmm.out(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) "
                 "out) -> Tensor(a!)",
                 "addmm into out."),
    op<linearOut>("aten::linear.out(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor(a!) out) -> Tensor(a!)",
                  "linear into out (one addmm into out's rows when it is contiguous)."),
    op<baddbmmOut>("aten::baddbmm.out(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, "
                   "Tensor(a!) out) -> Tensor(a!)",
                   "baddbmm into out."),
    op<structuredOut<mv, const Tensor&, const Tensor&>>(
        "aten::mv.out(Tensor self, Tensor vec, *, Tensor(a!) out) -> Tensor(a!)",
        "mv into out."),
    op<structuredOut<addmv, const Tensor&, const Tensor&, const Tensor&, const Scalar&, const Scalar&>>(
        "aten::addmv.out(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor(a!) out) -> "
        "Tensor(a!)",
        "addmv into out."),
    op<dotOut>("aten::dot.out(Tensor self, Tensor tensor, *, Tensor(a!) out) -> Tensor(a!)", "dot into out."),
    op<mv>("aten::mv(Tensor self, Tensor vec) -> Tensor", "Matrix-vector product."),
    op<dot>("aten::dot(Tensor self, Tensor tensor) -> Tensor", "Inner product of two 1-D tensors."),
    op<vdot>("aten::vdot(Tensor self, Tensor other) -> Tensor", "Conjugating inner product (real tensors: dot)."),
    op<inner>("aten::inner(Tensor self, Tensor other) -> Tensor", "Inner product over the last dims."),
    op<outer>("aten::outer(Tensor self, Tensor vec2) -> Tensor", "Outer product of two vectors."),
    op<outer>("aten::ger(Tensor self, Tensor vec2) -> Tensor", "Outer product of two vectors (old name)."),
    op<linear>("aten::linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor", "input @ weight.T + bias."),
    op<addmm>("aten::addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
              "beta * self + alpha * (mat1 @ mat2)."),
    op<addProduct_<addmm>>("aten::addmm_(Tensor(a!) self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) "
                           "-> Tensor(a!)",
                           "In-place addmm."),
    op<baddbmm>("aten::baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
                "beta * self + alpha * bmm(batch1, batch2)."),
    op<addProduct_<baddbmm>>("aten::baddbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar "
                             "alpha=1) -> Tensor(a!)",
                             "In-place baddbmm."),
    op<addbmm>("aten::addbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
               "beta * self + alpha * sum over the batch of batch1[i] @ batch2[i]."),
    op<addProduct_<addbmm>>("aten::addbmm_(Tensor(a!) self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar "
                            "alpha=1) -> Tensor(a!)",
                            "In-place addbmm."),
    op<addmv>("aten::addmv(Tensor self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
              "beta * self + alpha * (mat @ vec)."),
    op<addProduct_<addmv>>("aten::addmv_(Tensor(a!) self, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1) -> "
                           "Tensor(a!)",
                           "In-place addmv."),
    op<addr>("aten::addr(Tensor self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
             "beta * self + alpha * outer(vec1, vec2)."),
    op<addProduct_<addr>>("aten::addr_(Tensor(a!) self, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1) -> "
                          "Tensor(a!)",
                          "In-place addr."),
};

}  // namespace jitserve::ops
