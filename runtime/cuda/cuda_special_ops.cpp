// CUDA kernels, host half, for torch.special's K_n / Airy / Hurwitz zeta
// functions, frexp, and building complex tensors (complex, polar): the CPU
// twins' argument rules, dtypes and messages (bessel_ops.cpp, zeta_ops.cpp,
// unary_ops.cpp, complex_ops.cpp), the output on the inputs' device, the
// launch on the calling thread's stream. The device code is
// kernels/special.cu; the special functions are the CPU's own
// (runtime/ops/bessel_k_airy.h, runtime/ops/hurwitz_zeta.h).
#include <tuple>
#include <utility>

#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/special.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::cuda {
namespace {

const char* nameOf(SpecialUnaryOp op) {
  switch (op) {
    case SpecialUnaryOp::ModifiedBesselK0: return "special_modified_bessel_k0";
    case SpecialUnaryOp::ModifiedBesselK1: return "special_modified_bessel_k1";
    case SpecialUnaryOp::ScaledModifiedBesselK0: return "special_scaled_modified_bessel_k0";
    case SpecialUnaryOp::ScaledModifiedBesselK1: return "special_scaled_modified_bessel_k1";
    case SpecialUnaryOp::AiryAi: return "special_airy_ai";
  }
  return "special";
}

// The CPU's Promotion::IntToFloat: integers and bool compute in the default
// float dtype; complex (no kernel on either device) is the CPU's dispatch
// error.
ScalarType floatingResult(ScalarType t, const char* name) {
  const ScalarType dt = toFloatingIfIntegral(t);
  if (!isFloatingType(dt)) detail::throwUnsupportedDtype(name, dt);
  return dt;
}

// A CPU 0-dim number beside a CUDA tensor, moved over (one element).
Tensor onDevice(const Tensor& t, Device dev) { return isCpuScalar(t) ? toDevice(t, dev) : t; }

template <SpecialUnaryOp Op>
Tensor specialUnary(const Tensor& self) {
  const char* name = nameOf(Op);
  const Device dev = deviceOf({&self}, name);
  const ScalarType dt = floatingResult(self.dtype(), name);
  OnDevice on(dev);
  const Tensor in = castOnDevice(onDevice(self, dev), dt, on);
  Tensor out = emptyOnDevice(self.sizes(), dt, dev);
  launchSpecialUnary(Op, launchShape(self.sizes(), name), operandOf(out, self.sizes()), operandOf(in, self.sizes()),
                     on.stream);
  return out;
}

// zeta(x, q) with broadcasting and PyTorch's type promotion (a CPU 0-dim
// tensor, or a Scalar overload's number, is a wrapped number).
Tensor zeta(const Tensor& x, const Tensor& q) {
  const char* name = "special_zeta";
  const Device dev = deviceOf({&x, &q}, name);
  const ScalarType dt = floatingResult(result_type(x, q), name);
  OnDevice on(dev);
  const Tensor xd = onDevice(x, dev), qd = onDevice(q, dev);
  const DimVector shape = infer_size(xd.sizes(), qd.sizes());
  const Tensor xc = castOnDevice(xd, dt, on), qc = castOnDevice(qd, dt, on);
  Tensor out = emptyOnDevice(shape, dt, dev);
  launchHurwitzZeta(launchShape(shape, name), operandOf(out, shape), operandOf(xc, shape), operandOf(qc, shape),
                    on.stream);
  return out;
}
Tensor zetaOtherScalar(const Tensor& self, const Scalar& other) { return zeta(self, wrapped_scalar_tensor(other)); }
Tensor zetaSelfScalar(const Scalar& self, const Tensor& other) { return zeta(wrapped_scalar_tensor(self), other); }

// frexp: mantissa in self's floating dtype, exponent int32, both contiguous.
std::tuple<Tensor, Tensor> frexp(const Tensor& self) {
  JS_CHECK(isFloatingType(self.dtype()), "torch.frexp() only supports floating-point dtypes");
  const Device dev = deviceOf({&self}, "frexp");
  OnDevice on(dev);
  const Tensor in = onDevice(self, dev);
  Tensor mantissa = emptyOnDevice(self.sizes(), self.dtype(), dev);
  Tensor exponent = emptyOnDevice(self.sizes(), ScalarType::Int, dev);
  launchFrexp(launchShape(self.sizes(), "frexp"), operandOf(mantissa, self.sizes()),
              operandOf(exponent, self.sizes()), operandOf(in, self.sizes()), on.stream);
  return {std::move(mantissa), std::move(exponent)};
}

// complex(real, imag) and polar(abs, angle): both Float or both Double (the
// CPU's checks and messages), broadcast together, ComplexFloat /
// ComplexDouble out, written as (re, im) pairs of the real type.
Tensor fromPair(ComplexFromPairOp op, const Tensor& a, const Tensor& b, const char* name) {
  const ScalarType t = a.dtype();
  JS_CHECK(t == ScalarType::Float || t == ScalarType::Double, name,
           ": expected both inputs to be Float or Double tensors but got ", scalarTypeName(t), " and ",
           scalarTypeName(b.dtype()));
  JS_CHECK(b.dtype() == t, name, ": expected both inputs to be Float or Double tensors but got ", scalarTypeName(t),
           " and ", scalarTypeName(b.dtype()));
  const Device dev = deviceOf({&a, &b}, name);
  OnDevice on(dev);
  const Tensor ad = onDevice(a, dev), bd = onDevice(b, dev);
  const DimVector shape = broadcastShapes(ad.sizes(), bd.sizes());
  Tensor out = emptyOnDevice(shape, t == ScalarType::Double ? ScalarType::ComplexDouble : ScalarType::ComplexFloat,
                             dev);
  // out as its real view (view_as_real without the trailing pair dim):
  // element strides doubled, the dtype the parts'.
  Operand pairs;
  pairs.data = out.unsafeGetImpl()->deviceData();
  pairs.dtype = t;
  for (int64_t d = 0; d < out.dim(); ++d) pairs.strides[d] = out.stride(d) * 2;
  launchComplexFromPair(op, launchShape(shape, name), pairs, operandOf(ad, shape), operandOf(bd, shape), on.stream);
  return out;
}
Tensor complex(const Tensor& real, const Tensor& imag) {
  return fromPair(ComplexFromPairOp::Complex, real, imag, "complex");
}
Tensor polar(const Tensor& abs, const Tensor& angle) { return fromPair(ComplexFromPairOp::Polar, abs, angle, "polar"); }

}  // namespace

const CudaTable kCudaSpecialOps = {
    row<specialUnary<SpecialUnaryOp::ModifiedBesselK0>>("aten::special_modified_bessel_k0"),
    row<specialUnary<SpecialUnaryOp::ModifiedBesselK1>>("aten::special_modified_bessel_k1"),
    row<specialUnary<SpecialUnaryOp::ScaledModifiedBesselK0>>("aten::special_scaled_modified_bessel_k0"),
    row<specialUnary<SpecialUnaryOp::ScaledModifiedBesselK1>>("aten::special_scaled_modified_bessel_k1"),
    row<specialUnary<SpecialUnaryOp::AiryAi>>("aten::special_airy_ai"),
    row<zeta>("aten::special_zeta"),
    row<zetaOtherScalar>("aten::special_zeta.other_scalar"),
    row<zetaSelfScalar>("aten::special_zeta.self_scalar"),
    row<frexp>("aten::frexp.Tensor"),
    row<complex>("aten::complex"),
    row<polar>("aten::polar"),
};

}  // namespace jitserve::cuda
