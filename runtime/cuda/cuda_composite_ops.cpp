// CUDA kernels built from other CUDA kernels, called through the dispatcher
// (runtime/ops/dispatch.h): each part runs as its own launch on the calling
// thread's stream, so these are correct first and as fast as their parts.
//  - jitserve::conv2d_clamp / conv2d_add: what fuse_conv_clamp and
//    fuse_conv_add make of conv + relu/hardtanh (+ residual add) in frozen
//    models. The CPU runs them as one oneDNN primitive; here cuDNN's conv
//    then the add and clamp kernels. channels_last only asks the CPU kernel
//    for a layout (values are the same), so it is ignored.
//  - baddbmm: beta * self + alpha * (batch1 @ batch2).
//  - prelu: x > 0 ? x : slope * x, the slope per channel (dim 1) or one.
//  - the vector norms (norm.Scalar, norm.ScalarOpt_dim, linalg_vector_norm)
//    from abs, pow, sum, sqrt and amax/amin;
//  - where/masked_fill with scalar operands, clamp with tensor bounds,
//    addcmul/addcdiv, lerp, isnan/isinf/isfinite and nan_to_num.
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::cuda {
namespace {

using IntList = std::vector<int64_t>;
using OptScalar = std::optional<Scalar>;

IValue optScalar(const OptScalar& s) { return s ? IValue(*s) : IValue(); }
IValue optTensor(const std::optional<Tensor>& t) { return t && t->defined() ? IValue(*t) : IValue(); }

Tensor conv2d(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
              IntList padding, IntList dilation, int64_t groups) {
  return callOp<"aten::conv2d", Tensor>(input, weight, optTensor(bias), IValue::intList(std::move(stride)),
                                        IValue::intList(std::move(padding)), IValue::intList(std::move(dilation)),
                                        groups);
}

Tensor clampBounds(Tensor r, const OptScalar& min, const OptScalar& max) {
  if (!min && !max) return r;
  return callOp<"aten::clamp_", Tensor>(r, optScalar(min), optScalar(max));
}

Tensor conv2dClamp(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                   IntList padding, IntList dilation, int64_t groups, OptScalar min, OptScalar max,
                   bool /*channels_last*/) {
  // The convolution's result is fresh: clamping it in place is safe.
  return clampBounds(conv2d(input, weight, bias, std::move(stride), std::move(padding), std::move(dilation), groups),
                     min, max);
}

Tensor conv2dAdd(const Tensor& input, const Tensor& weight, const std::optional<Tensor>& bias, IntList stride,
                 IntList padding, IntList dilation, int64_t groups, const Tensor& other, const Scalar& alpha,
                 bool inPlace, OptScalar min, OptScalar max, bool /*channels_last*/) {
  Tensor r = conv2d(input, weight, bias, std::move(stride), std::move(padding), std::move(dilation), groups);
  // add_ keeps the convolution's dtype and shape (the fused x.add_(y)); add
  // promotes and broadcasts (x + y), as the unfused graph did.
  r = inPlace ? callOp<"aten::add_.Tensor", Tensor>(r, other, IValue(alpha))
              : callOp<"aten::add.Tensor", Tensor>(r, other, IValue(alpha));
  return clampBounds(std::move(r), min, max);
}

Tensor baddbmm(const Tensor& self, const Tensor& b1, const Tensor& b2, const Scalar& beta, const Scalar& alpha) {
  Tensor r = callOp<"aten::bmm", Tensor>(b1, b2);
  if (!(alpha.isIntegral() && alpha.toLong() == 1)) r = callOp<"aten::mul.Scalar", Tensor>(r, IValue(alpha));
  // beta 0 ignores self, NaN and inf included, but its shape still must
  // broadcast.
  const bool betaZero = !beta.isComplex() && beta.toDouble() == 0.0;
  if (betaZero) {
    JS_CHECK(self.dim() <= r.dim(), "baddbmm: self of shape ", shapeToString(self.sizes()),
             " does not broadcast to ", shapeToString(r.sizes()));
    return r;
  }
  Tensor s = beta.isIntegral() && beta.toLong() == 1 ? self : callOp<"aten::mul.Scalar", Tensor>(self, IValue(beta));
  return callOp<"aten::add.Tensor", Tensor>(r, s, IValue(int64_t{1}));
}

Tensor prelu(const Tensor& x, const Tensor& w) {
  JS_CHECK(w.dim() <= 1, "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = ", w.dim());
  const int64_t nw = w.numel();
  const int64_t channels = x.dim() >= 2 ? x.size(1) : 1;
  JS_CHECK(nw == 1 || nw == channels, "Mismatch of parameter numbers and input channel size. Found parameter numbers "
           "= ", nw, " and channel size = ", channels, ".");
  Tensor slope = nw == 1 ? w.reshape(DimVector{}) : w.reshape({nw});
  if (nw > 1) {
    DimVector shape(static_cast<size_t>(x.dim()), 1);
    shape[1] = nw;
    slope = slope.view(shape);
  }
  const Tensor positive = callOp<"aten::gt.Scalar", Tensor>(x, IValue(Scalar(int64_t{0})));
  const Tensor scaled = callOp<"aten::mul.Tensor", Tensor>(x, slope);
  return callOp<"aten::where.self", Tensor>(positive, x, scaled);
}

// ||x||_p over dims (empty: all), as linalg_vector_norm computes it.
Tensor vectorNorm(const Tensor& self, double p, IntList dims, bool keepdim, std::optional<ScalarType> dtype) {
  Tensor x = dtype ? callOp<"aten::to.dtype", Tensor>(self, *dtype, false, false, IValue()) : self;
  JS_CHECK(isFloatingType(x.dtype()), "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ",
           scalarTypeName(x.dtype()));
  auto sum = [&](const Tensor& t) {
    return callOp<"aten::sum.dim_IntList", Tensor>(t, IValue::intList(dims), keepdim, IValue());
  };
  const Tensor a = callOp<"aten::abs", Tensor>(x);
  if (p == 2) return callOp<"aten::sqrt", Tensor>(sum(callOp<"aten::mul.Tensor", Tensor>(a, a)));
  if (p == 1) return sum(a);
  if (std::isinf(p)) {
    JS_CHECK(x.numel() > 0 || !dims.empty(), "linalg.vector_norm cannot compute the ", p > 0 ? "inf" : "-inf",
             " norm on an empty tensor because the operation does not have an identity");
    return p > 0 ? callOp<"aten::amax", Tensor>(a, IValue::intList(dims), keepdim)
                 : callOp<"aten::amin", Tensor>(a, IValue::intList(dims), keepdim);
  }
  if (p == 0) {
    const Tensor nonzero = callOp<"aten::ne.Scalar", Tensor>(x, IValue(Scalar(int64_t{0})));
    return callOp<"aten::to.dtype", Tensor>(sum(nonzero), x.dtype(), false, false, IValue());
  }
  const Tensor powered = callOp<"aten::pow.Tensor_Scalar", Tensor>(a, IValue(Scalar(p)));
  return callOp<"aten::pow.Tensor_Scalar", Tensor>(sum(powered), IValue(Scalar(1.0 / p)));
}

Tensor normScalar(const Tensor& self, const Scalar& p) { return vectorNorm(self, p.toDouble(), {}, false, std::nullopt); }
Tensor normDims(const Tensor& self, OptScalar p, IntList dim, bool keepdim) {
  return vectorNorm(self, p ? p->toDouble() : 2.0, std::move(dim), keepdim, std::nullopt);
}
Tensor linalgVectorNorm(const Tensor& self, const Scalar& ord, std::optional<IntList> dim, bool keepdim,
                        std::optional<ScalarType> dtype) {
  return vectorNorm(self, ord.toDouble(), dim.value_or(IntList{}), keepdim, dtype);
}

// ---- selections and blends over the elementwise kernels ----

Tensor full0(const Tensor& like, const Scalar& v, ScalarType dt) {
  return toDevice(full({}, v, dt), like.device());
}

Tensor maskedFillTensor(const Tensor& self, const Tensor& mask, const Tensor& value) {
  JS_CHECK(value.dim() == 0, "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ",
           value.dim(), " dimension(s).");
  return callOp<"aten::masked_fill.Scalar", Tensor>(self, mask, IValue(value.item()));
}
Tensor whereScalarOther(const Tensor& cond, const Tensor& self, const Scalar& other) {
  return callOp<"aten::where.self", Tensor>(cond, self, full0(self, other, result_type(self, other)));
}
Tensor whereScalarSelf(const Tensor& cond, const Scalar& self, const Tensor& other) {
  return callOp<"aten::where.self", Tensor>(cond, full0(other, self, result_type(other, self)), other);
}
Tensor whereScalars(const Tensor& cond, const Scalar& self, const Scalar& other) {
  const ScalarType dt = self.isFloatingPoint() || other.isFloatingPoint() ? ScalarType::Float
                        : self.isBoolean() && other.isBoolean()          ? ScalarType::Bool
                                                                          : ScalarType::Long;
  return callOp<"aten::where.self", Tensor>(cond, full0(cond, self, dt), full0(cond, other, dt));
}

Tensor clampTensor(const Tensor& self, const std::optional<Tensor>& min, const std::optional<Tensor>& max) {
  JS_CHECK((min && min->defined()) || (max && max->defined()), "torch.clamp: At least one of 'min' or 'max' must "
           "not be None");
  Tensor r = self;
  if (min && min->defined()) r = callOp<"aten::maximum", Tensor>(r, *min);
  if (max && max->defined()) r = callOp<"aten::minimum", Tensor>(r, *max);
  return r;
}
Tensor clampMinTensor(const Tensor& self, const Tensor& min) { return callOp<"aten::maximum", Tensor>(self, min); }
Tensor clampMaxTensor(const Tensor& self, const Tensor& max) { return callOp<"aten::minimum", Tensor>(self, max); }
Tensor clampMax(const Tensor& self, const Scalar& max) {
  return callOp<"aten::clamp", Tensor>(self, IValue(), IValue(max));
}

// self + value * t1 * t2 and self + value * t1 / t2.
template <bool Div>
Tensor addcOp(const Tensor& self, const Tensor& t1, const Tensor& t2, const Scalar& value) {
  if constexpr (Div) {
    JS_CHECK(isFloatingType(t1.dtype()) || isFloatingType(t2.dtype()), "Integer division with addcdiv is no longer "
             "supported, and in a future release addcdiv will perform a true division of tensor1 and tensor2.");
  }
  Tensor prod = Div ? callOp<"aten::div.Tensor", Tensor>(t1, t2) : callOp<"aten::mul.Tensor", Tensor>(t1, t2);
  return callOp<"aten::add.Tensor", Tensor>(self, prod, IValue(value));
}

// self + weight * (end - self).
Tensor lerpScalar(const Tensor& self, const Tensor& end, const Scalar& weight) {
  const Tensor diff = callOp<"aten::sub.Tensor", Tensor>(end, self, IValue(int64_t{1}));
  return callOp<"aten::add.Tensor", Tensor>(self, diff, IValue(weight));
}
Tensor lerpTensor(const Tensor& self, const Tensor& end, const Tensor& weight) {
  const Tensor diff = callOp<"aten::sub.Tensor", Tensor>(end, self, IValue(int64_t{1}));
  return callOp<"aten::add.Tensor", Tensor>(self, callOp<"aten::mul.Tensor", Tensor>(weight, diff),
                                            IValue(int64_t{1}));
}

// The floating-point classes; integers are never NaN or infinite.
Tensor isnan(const Tensor& self) { return callOp<"aten::ne.Tensor", Tensor>(self, self); }
Tensor isinf(const Tensor& self) {
  if (!isFloatingType(self.dtype())) return callOp<"aten::ne.Tensor", Tensor>(self, self);  // all false
  return callOp<"aten::eq.Scalar", Tensor>(callOp<"aten::abs", Tensor>(self),
                                           IValue(Scalar(std::numeric_limits<double>::infinity())));
}
Tensor isfinite(const Tensor& self) {
  if (!isFloatingType(self.dtype())) return callOp<"aten::eq.Tensor", Tensor>(self, self);  // all true
  // x - x is 0 exactly for finite x, NaN for NaN and the infinities.
  const Tensor d = callOp<"aten::sub.Tensor", Tensor>(self, self, IValue(int64_t{1}));
  return callOp<"aten::eq.Scalar", Tensor>(d, IValue(Scalar(int64_t{0})));
}
Tensor nanToNum(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                std::optional<double> neginf) {
  if (!isFloatingType(self.dtype())) return callOp<"aten::clone", Tensor>(self, IValue());
  double hi = std::numeric_limits<double>::max();
  if (self.dtype() == ScalarType::Float) hi = std::numeric_limits<float>::max();
  if (self.dtype() == ScalarType::Half) hi = 65504.0;
  if (self.dtype() == ScalarType::BFloat16) hi = 3.3895313892515355e38;
  const double inf = std::numeric_limits<double>::infinity();
  Tensor r = callOp<"aten::masked_fill.Scalar", Tensor>(self, isnan(self), IValue(Scalar(nan.value_or(0.0))));
  r = callOp<"aten::masked_fill.Scalar", Tensor>(r, callOp<"aten::eq.Scalar", Tensor>(r, IValue(Scalar(inf))),
                                                 IValue(Scalar(posinf.value_or(hi))));
  return callOp<"aten::masked_fill.Scalar", Tensor>(r, callOp<"aten::eq.Scalar", Tensor>(r, IValue(Scalar(-inf))),
                                                    IValue(Scalar(neginf.value_or(-hi))));
}

}  // namespace

const CudaTable kCudaCompositeOps = {
    row<maskedFillTensor>("aten::masked_fill.Tensor"),
    row<whereScalarOther>("aten::where.ScalarOther"),
    row<whereScalarSelf>("aten::where.ScalarSelf"),
    row<whereScalars>("aten::where.Scalar"),
    row<clampTensor>("aten::clamp.Tensor"),
    row<clampMinTensor>("aten::clamp_min.Tensor"),
    row<clampMaxTensor>("aten::clamp_max.Tensor"),
    row<clampMax>("aten::clamp_max"),
    row<addcOp<false>>("aten::addcmul"),
    row<addcOp<true>>("aten::addcdiv"),
    row<lerpScalar>("aten::lerp.Scalar"),
    row<lerpTensor>("aten::lerp.Tensor"),
    row<isnan>("aten::isnan"),
    row<isinf>("aten::isinf"),
    row<isfinite>("aten::isfinite"),
    row<nanToNum>("aten::nan_to_num"),
    row<conv2dClamp>("jitserve::conv2d_clamp"),
    row<conv2dAdd>("jitserve::conv2d_add"),
    row<baddbmm>("aten::baddbmm"),
    row<prelu>("aten::prelu"),
    row<normScalar>("aten::norm.Scalar"),
    row<normDims>("aten::norm.ScalarOpt_dim"),
    row<linalgVectorNorm>("aten::linalg_vector_norm"),
};

}  // namespace jitserve::cuda
