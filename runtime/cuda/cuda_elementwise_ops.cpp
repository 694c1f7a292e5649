// Elementwise CUDA kernels, host half: PyTorch's argument rules
// (broadcasting, type promotion, a CPU 0-dim tensor beside a CUDA one is a
// number), the output on the inputs' device, the launch on the calling
// thread's stream. The device code is kernels/elementwise.cu.
#include <cmath>
#include <iterator>
#include <optional>
#include <string>

#include "runtime/core/op_call.h"
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/cuda/kernels/reduce.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve::cuda {
namespace {

const char* nameOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "add";
    case BinaryOp::Sub: return "sub";
    case BinaryOp::Mul: return "mul";
    case BinaryOp::Div: return "div";
    case BinaryOp::Maximum: return "maximum";
    case BinaryOp::Minimum: return "minimum";
    case BinaryOp::Fmax: return "fmax";
    case BinaryOp::Fmin: return "fmin";
    case BinaryOp::Remainder: return "remainder";
    case BinaryOp::Fmod: return "fmod";
    case BinaryOp::FloorDivide: return "floor_divide";
    case BinaryOp::DivTrunc: return "div";
    case BinaryOp::Pow: return "pow";
    case BinaryOp::Heaviside: return "heaviside";
    case BinaryOp::Atan2: return "atan2";
    case BinaryOp::Hypot: return "hypot";
    case BinaryOp::Copysign: return "copysign";
    case BinaryOp::Xlogy: return "xlogy";
    case BinaryOp::Xlog1py: return "xlog1py";
    case BinaryOp::LogAddExp: return "logaddexp";
    case BinaryOp::LogAddExp2: return "logaddexp2";
    case BinaryOp::NextAfter: return "nextafter";
    case BinaryOp::Igamma: return "igamma";
    case BinaryOp::Igammac: return "igammac";
    default: return "special polynomial";
  }
}

// The ops that compute in floating point whatever their inputs.
bool floatOnly(BinaryOp op) {
  return op == BinaryOp::Div || op == BinaryOp::Atan2 || op == BinaryOp::Hypot || op == BinaryOp::Copysign ||
         op == BinaryOp::Xlogy || op == BinaryOp::Xlog1py || op == BinaryOp::LogAddExp ||
         op == BinaryOp::LogAddExp2 || op >= BinaryOp::ChebyshevT;
}

ScalarType binaryResultType(BinaryOp op, ScalarType promoted, bool alphaGiven, const Scalar& alpha) {
  const char* name = nameOf(op);
  if (floatOnly(op)) return toFloatingIfIntegral(promoted);
  if (op == BinaryOp::NextAfter) {
    JS_CHECK(promoted == ScalarType::Float || promoted == ScalarType::Double, "nextafter: \"nextafter_cuda\" not "
             "implemented for '", scalarTypeName(promoted), "'");
    return promoted;
  }
  if (op != BinaryOp::Add && op != BinaryOp::Sub && op != BinaryOp::Mul) {
    JS_CHECK(promoted != ScalarType::Bool || op == BinaryOp::Maximum || op == BinaryOp::Minimum ||
                 op == BinaryOp::Fmax || op == BinaryOp::Fmin || op == BinaryOp::Heaviside,
             name, ": \"", name, "_cuda\" not implemented for 'Bool'");
    checkDtype(promoted, name);
    return promoted;
  }
  JS_CHECK(!(op == BinaryOp::Sub && promoted == ScalarType::Bool),
           "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` "
           "operator instead.");
  JS_CHECK(!alphaGiven || isFloatingType(promoted) || alpha.isIntegral(true), "For integral input tensors, argument "
           "alpha must not be a floating point number.");
  checkDtype(promoted, name);
  return promoted;
}

Tensor binaryTensor(BinaryOp op, const Tensor& a, const Tensor& b, const Scalar& alpha) {
  const char* name = nameOf(op);
  const Device dev = deviceOf({&a, &b}, name);
  const bool hasAlpha = op == BinaryOp::Add || op == BinaryOp::Sub;
  const ScalarType dt = binaryResultType(op, result_type(a, b), hasAlpha, alpha);
  checkDtype(dt, name);
  OnDevice on(dev);
  if (isCpuScalar(b) && !isCpuScalar(a)) {
    // A number on the right: a op (alpha * b) in one pass.
    const double s = scalarValue(b.item()) * (hasAlpha ? scalarValue(alpha) : 1.0);
    const Tensor ac = castOnDevice(a, dt, on);
    Tensor out = emptyOnDevice(a.sizes(), dt, dev);
    launchBinaryScalar(op, launchShape(a.sizes(), name), operandOf(out, a.sizes()), operandOf(ac, a.sizes()), s,
                       false, on.stream);
    return out;
  }
  const Tensor ad = isCpuScalar(a) ? toDevice(a, dev) : a;
  const Tensor bd = isCpuScalar(b) ? toDevice(b, dev) : b;
  const DimVector shape = infer_size(ad.sizes(), bd.sizes());
  const Tensor ac = castOnDevice(ad, dt, on), bc = castOnDevice(bd, dt, on);
  Tensor out = emptyOnDevice(shape, dt, dev);
  launchBinary(op, launchShape(shape, name), operandOf(out, shape), operandOf(ac, shape), operandOf(bc, shape),
               hasAlpha ? scalarValue(alpha) : 1.0, on.stream);
  return out;
}

Tensor binaryScalar(BinaryOp op, const Tensor& a, const Scalar& other, const Scalar& alpha) {
  const char* name = nameOf(op);
  const Device dev = deviceOf({&a}, name);
  const bool hasAlpha = op == BinaryOp::Add || op == BinaryOp::Sub;
  const ScalarType dt = binaryResultType(op, result_type(a, other), hasAlpha, alpha);
  OnDevice on(dev);
  const Tensor ac = castOnDevice(a, dt, on);
  Tensor out = emptyOnDevice(a.sizes(), dt, dev);
  const double s = scalarValue(other) * (hasAlpha ? scalarValue(alpha) : 1.0);
  launchBinaryScalar(op, launchShape(a.sizes(), name), operandOf(out, a.sizes()), operandOf(ac, a.sizes()), s, false,
                     on.stream);
  return out;
}

template <BinaryOp Op>
Tensor binaryAlpha(const Tensor& a, const Tensor& b, const Scalar& alpha) {
  return binaryTensor(Op, a, b, alpha);
}
template <BinaryOp Op>
Tensor binaryNoAlpha(const Tensor& a, const Tensor& b) {
  return binaryTensor(Op, a, b, Scalar(int64_t{1}));
}
template <BinaryOp Op>
Tensor scalarAlpha(const Tensor& a, const Scalar& other, const Scalar& alpha) {
  return binaryScalar(Op, a, other, alpha);
}
template <BinaryOp Op>
Tensor scalarNoAlpha(const Tensor& a, const Scalar& other) {
  return binaryScalar(Op, a, other, Scalar(int64_t{1}));
}

// Indexed by UnaryOp, in its declaration order (kernels/elementwise.h).
constexpr const char* kUnaryNames[] = {
    "neg", "abs", "relu", "exp", "log", "sqrt", "tanh", "sigmoid", "hardtanh", "hardsigmoid", "hardswish", "gelu",
    "silu", "clamp_min", "clamp_max", "pow", "sign", "floor", "ceil", "round", "trunc", "square", "threshold", "sin",
    "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "exp2", "expm1", "log2", "log10",
    "log1p", "rsqrt", "reciprocal", "frac", "erf", "erfc", "erfinv", "lgamma", "i0", "sinc", "rad2deg", "deg2rad",
    "log_sigmoid", "softplus", "elu", "leaky_relu", "mish", "softshrink", "hardshrink", "logit", "bessel_j0",
    "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1", "i0e", "i1e", "ndtr", "ndtri",
    "log_ndtr", "erfcx", "entr", "spherical_bessel_j0", "digamma", "angle"};
static_assert(std::size(kUnaryNames) == static_cast<size_t>(UnaryOp::Angle) + 1, "a UnaryOp without a name");

const char* nameOf(UnaryOp op) { return kUnaryNames[static_cast<size_t>(op)]; }

// Neg, Abs, Relu, Hardtanh, the clamps, Sign, the roundings, Square and
// Threshold keep the dtype; the rest compute in floating point (integers
// and bool promote to the default float, as in PyTorch). In place
// (`inplace`), the result must fit self's dtype and is written through
// self's strides.
Tensor unaryOp(UnaryOp op, const Tensor& self, double p0, double p1, bool inplace, double p2 = 0) {
  const char* name = nameOf(op);
  const Device dev = deviceOf({&self}, name);
  const bool keepsDtype = op == UnaryOp::Neg || op == UnaryOp::Abs || op == UnaryOp::Relu ||
                          op == UnaryOp::Hardtanh || op == UnaryOp::ClampMin || op == UnaryOp::ClampMax ||
                          op == UnaryOp::Sign || op == UnaryOp::Floor || op == UnaryOp::Ceil || op == UnaryOp::Round ||
                          op == UnaryOp::Trunc || op == UnaryOp::Square || op == UnaryOp::Threshold;
  const ScalarType dt = keepsDtype ? self.dtype() : toFloatingIfIntegral(self.dtype());
  JS_CHECK(!(op == UnaryOp::Neg && dt == ScalarType::Bool),
           "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
           "the `~` or `logical_not()` operator instead.");
  JS_CHECK(!((op == UnaryOp::Relu || op == UnaryOp::Hardtanh) && dt == ScalarType::Bool), name,
           ": not implemented for 'Bool'");
  JS_CHECK(keepsDtype || isFloatingType(dt), name, ": not implemented for '", scalarTypeName(dt), "'");
  JS_CHECK(!inplace || dt == self.dtype(), "result type ", scalarTypeName(dt),
           " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
  checkDtype(dt, name);
  OnDevice on(dev);
  const Tensor in = castOnDevice(self, dt, on);
  Tensor out = inplace ? self : emptyOnDevice(self.sizes(), dt, dev);
  launchUnary(op, launchShape(self.sizes(), name), operandOf(out, self.sizes()), operandOf(in, self.sizes()),
              on.stream, p0, p1, p2);
  return out;
}

// angle of a real tensor (pi below 0, else 0; integers promote); complex
// tensors have no CUDA kernels yet.
Tensor angle(const Tensor& self) {
  JS_CHECK(!isComplexType(self.dtype()), "angle: no CUDA kernel for ", scalarTypeName(self.dtype()),
           " tensors yet (real dtypes only)");
  return unaryOp(UnaryOp::Angle, self, 0, 0, false);
}

// pow(Tensor, Scalar): a floating self keeps its dtype; an integral self
// keeps it for an integral exponent (which must not be negative) and goes
// to the default float for a floating one, as in PyTorch.
Tensor powTensorScalar(const Tensor& self, const Scalar& exponent) {
  const bool floatExp = exponent.isFloatingPoint();
  const Device dev = deviceOf({&self}, "pow");
  JS_CHECK(!exponent.isComplex(), "pow: complex exponents have no CUDA kernel");
  ScalarType dt = self.dtype();
  if (!isFloatingType(dt) && floatExp) dt = ScalarType::Float;
  if (dt == ScalarType::Bool) dt = ScalarType::Long;
  if (!isFloatingType(dt)) {
    JS_CHECK(exponent.toLong() >= 0, "Integers to negative integer powers are not allowed.");
  }
  checkDtype(dt, "pow");
  OnDevice on(dev);
  const Tensor in = castOnDevice(self, dt, on);
  Tensor out = emptyOnDevice(self.sizes(), dt, dev);
  launchUnary(UnaryOp::PowScalar, launchShape(self.sizes(), "pow"), operandOf(out, self.sizes()),
              operandOf(in, self.sizes()), on.stream, floatExp ? exponent.toDouble() : static_cast<double>(exponent.toLong()));
  return out;
}

template <UnaryOp Op>
Tensor unary(const Tensor& self) {
  return unaryOp(Op, self, 0, 0, false);
}
template <UnaryOp Op>
Tensor unaryInplace(Tensor self) {
  return unaryOp(Op, self, 0, 0, true);
}
Tensor hardtanh(const Tensor& self, const Scalar& lo, const Scalar& hi) {
  return unaryOp(UnaryOp::Hardtanh, self, scalarValue(lo), scalarValue(hi), false);
}
Tensor hardtanhInplace(Tensor self, const Scalar& lo, const Scalar& hi) {
  return unaryOp(UnaryOp::Hardtanh, self, scalarValue(lo), scalarValue(hi), true);
}
Tensor gelu(const Tensor& self, std::string_view approximate) {
  JS_CHECK(approximate == "none" || approximate == "tanh", "approximate argument must be either none or tanh.");
  return unaryOp(UnaryOp::Gelu, self, approximate == "tanh" ? 1 : 0, 0, false);
}

// clamp with either bound optional: the dtype is self's, or a floating one
// when self is integral and a bound is not (PyTorch's promotion).
Tensor clampOp(const Tensor& self, const std::optional<Scalar>& lo, const std::optional<Scalar>& hi, bool inplace) {
  JS_CHECK(lo || hi, "torch.clamp: At least one of 'min' or 'max' must not be None");
  const bool floatBound = (lo && !lo->isIntegral(true)) || (hi && !hi->isIntegral(true));
  JS_CHECK(!(inplace && floatBound && !isFloatingType(self.dtype())), "result type Float can't be cast to the ",
           "desired output type ", scalarTypeName(self.dtype()));
  Tensor x = self;
  if (!inplace && floatBound && !isFloatingType(self.dtype())) {
    OnDevice on(deviceOf({&self}, "clamp"));
    x = castOnDevice(self, kDefaultDtype, on);
  }
  if (lo && hi) return unaryOp(UnaryOp::Hardtanh, x, scalarValue(*lo), scalarValue(*hi), inplace);
  return lo ? unaryOp(UnaryOp::ClampMin, x, scalarValue(*lo), 0, inplace)
            : unaryOp(UnaryOp::ClampMax, x, scalarValue(*hi), 0, inplace);
}
Tensor clamp(const Tensor& self, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  return clampOp(self, lo, hi, false);
}
Tensor clampInplace(Tensor self, std::optional<Scalar> lo, std::optional<Scalar> hi) {
  return clampOp(self, lo, hi, true);
}
Tensor clampMin(const Tensor& self, const Scalar& lo) { return clampOp(self, lo, std::nullopt, false); }

// self op= other (in place): computed in self's dtype, which the promoted
// type must be castable to.
Tensor binaryInplace(BinaryOp op, Tensor self, const Tensor& other, const Scalar& alpha) {
  const char* name = nameOf(op);
  const Device dev = deviceOf({&self, &other}, name);
  const bool hasAlpha = op == BinaryOp::Add || op == BinaryOp::Sub;
  const ScalarType promoted = binaryResultType(op, result_type(self, other), hasAlpha, alpha);
  JS_CHECK(canCast(promoted, self.dtype()), "result type ", scalarTypeName(promoted),
           " can't be cast to the desired output type ", scalarTypeName(self.dtype()));
  JS_CHECK(is_expandable_to(other.sizes(), self.sizes()), "output with shape ", shapeToString(self.sizes()),
           " doesn't match the broadcast shape ", shapeToString(infer_size(self.sizes(), other.sizes())));
  checkDtype(self.dtype(), name);
  OnDevice on(dev);
  const LaunchShape shape = launchShape(self.sizes(), name);
  if (isCpuScalar(other)) {
    const double s = scalarValue(other.item()) * (hasAlpha ? scalarValue(alpha) : 1.0);
    launchBinaryScalar(op, shape, operandOf(self, self.sizes()), operandOf(self, self.sizes()), s, false, on.stream);
    return self;
  }
  const Tensor o = castOnDevice(other, self.dtype(), on);
  launchBinary(op, shape, operandOf(self, self.sizes()), operandOf(self, self.sizes()), operandOf(o, self.sizes()),
               hasAlpha ? scalarValue(alpha) : 1.0, on.stream);
  return self;
}

template <BinaryOp Op>
Tensor inplaceAlpha(Tensor self, const Tensor& other, const Scalar& alpha) {
  return binaryInplace(Op, std::move(self), other, alpha);
}
template <BinaryOp Op>
Tensor inplaceNoAlpha(Tensor self, const Tensor& other) {
  return binaryInplace(Op, std::move(self), other, Scalar(int64_t{1}));
}
template <BinaryOp Op>
Tensor inplaceScalarAlpha(Tensor self, const Scalar& other, const Scalar& alpha) {
  return binaryInplace(Op, std::move(self), scalar_tensor(other), alpha);
}
template <BinaryOp Op>
Tensor inplaceScalarNoAlpha(Tensor self, const Scalar& other) {
  return binaryInplace(Op, std::move(self), scalar_tensor(other), Scalar(int64_t{1}));
}

// cat: every input copied (with conversion to the promoted dtype) into its
// slice of the output along dim. 1-D empty inputs are skipped, as PyTorch's
// legacy rule has it.
Tensor cat(std::vector<Tensor> tensors, int64_t dim) {
  JS_CHECK(!tensors.empty(), "torch.cat(): expected a non-empty list of Tensors");
  std::vector<const Tensor*> ptrs;
  for (const Tensor& t : tensors) ptrs.push_back(&t);
  Device dev = Device::cpu();
  for (const Tensor* t : ptrs)
    if (t->device().type == DeviceType::CUDA) dev = t->device();
  for (const Tensor* t : ptrs)
    JS_CHECK(t->device() == dev, "Expected all tensors to be on the same device, but found at least two devices, ",
             dev.str(), " and ", t->device().str(), "!");
  std::vector<Tensor> parts;
  for (const Tensor& t : tensors)
    if (!(t.dim() == 1 && t.numel() == 0)) parts.push_back(t);
  if (parts.empty()) return tensors.front();
  const Tensor& ref = parts.front();
  const int64_t d = maybe_wrap_dim(dim, ref.dim());
  DimVector shape(ref.sizes().begin(), ref.sizes().end());
  shape[d] = 0;
  for (const Tensor& t : parts) {
    JS_CHECK(t.dim() == ref.dim(), "Tensors must have same number of dimensions: got ", ref.dim(), " and ", t.dim());
    for (int64_t i = 0; i < ref.dim(); ++i)
      JS_CHECK(i == d || t.size(i) == ref.size(i), "Sizes of tensors must match except in dimension ", d,
               ". Expected size ", ref.size(i), " but got size ", t.size(i), " for tensor number in the list.");
    shape[d] += t.size(d);
  }
  const ScalarType dt = result_type(std::span<const Tensor>(parts));
  checkDtype(dt, "cat");
  OnDevice on(dev);
  Tensor out = emptyOnDevice(shape, dt, dev);
  int64_t at = 0;
  for (const Tensor& t : parts) {
    checkDtype(t.dtype(), "cat");
    const Tensor slice = out.narrow(d, at, t.size(d));
    launchCopy(launchShape(t.sizes(), "cat"), operandOf(slice, t.sizes()), operandOf(t, t.sizes()), on.stream);
    at += t.size(d);
  }
  return out;
}

Tensor cloneOp(const Tensor& self, std::optional<int64_t> /*memory_format*/) {
  OnDevice on(deviceOf({&self}, "clone"));
  return cloneOnDevice(self, on);
}

Tensor contiguousOp(const Tensor& self, int64_t /*memory_format*/) {
  OnDevice on(deviceOf({&self}, "contiguous"));
  return contiguousOnDevice(self, on);
}

// ---- comparisons, where, masked_fill ----

const char* nameOf(CompareOp op) {
  switch (op) {
    case CompareOp::Eq: return "eq";
    case CompareOp::Ne: return "ne";
    case CompareOp::Lt: return "lt";
    case CompareOp::Le: return "le";
    case CompareOp::Gt: return "gt";
    case CompareOp::Ge: return "ge";
    case CompareOp::LogicalAnd: return "logical_and";
    case CompareOp::LogicalOr: return "logical_or";
    default: return "logical_xor";
  }
}

// Compared in the promoted dtype; the result is bool.
Tensor compareTensors(CompareOp op, const Tensor& a, const Tensor& b) {
  const char* name = nameOf(op);
  const Device dev = deviceOf({&a, &b}, name);
  const ScalarType dt = result_type(a, b);
  checkDtype(dt, name);
  OnDevice on(dev);
  if (isCpuScalar(b) && !isCpuScalar(a)) {
    const Tensor ac = castOnDevice(a, dt, on);
    Tensor out = emptyOnDevice(a.sizes(), ScalarType::Bool, dev);
    launchCompareScalar(op, launchShape(a.sizes(), name), operandOf(out, a.sizes()), operandOf(ac, a.sizes()),
                        scalarValue(b.item()), on.stream);
    return out;
  }
  const Tensor ad = isCpuScalar(a) ? toDevice(a, dev) : a;
  const Tensor bd = isCpuScalar(b) ? toDevice(b, dev) : b;
  const DimVector shape = infer_size(ad.sizes(), bd.sizes());
  const Tensor ac = castOnDevice(ad, dt, on), bc = castOnDevice(bd, dt, on);
  Tensor out = emptyOnDevice(shape, ScalarType::Bool, dev);
  launchCompare(op, launchShape(shape, name), operandOf(out, shape), operandOf(ac, shape), operandOf(bc, shape),
                on.stream);
  return out;
}
Tensor compareScalar(CompareOp op, const Tensor& a, const Scalar& s) {
  const char* name = nameOf(op);
  OnDevice on(deviceOf({&a}, name));
  const ScalarType dt = result_type(a, s);
  checkDtype(dt, name);
  const Tensor ac = castOnDevice(a, dt, on);
  Tensor out = emptyOnDevice(a.sizes(), ScalarType::Bool, on.device);
  launchCompareScalar(op, launchShape(a.sizes(), name), operandOf(out, a.sizes()), operandOf(ac, a.sizes()),
                      scalarValue(s), on.stream);
  return out;
}
template <CompareOp Op>
Tensor compareT(const Tensor& a, const Tensor& b) {
  return compareTensors(Op, a, b);
}
template <CompareOp Op>
Tensor compareS(const Tensor& a, const Scalar& s) {
  return compareScalar(Op, a, s);
}
Tensor logicalNot(const Tensor& self) { return compareScalar(CompareOp::Eq, self, Scalar(int64_t{0})); }

void checkMask(const Tensor& mask, const char* op) {
  JS_CHECK(mask.dtype() == ScalarType::Bool, op, ": expected a bool mask, got ", scalarTypeName(mask.dtype()));
}

Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b) {
  const Device dev = deviceOf({&cond, &a, &b}, "where");
  checkMask(cond, "where");
  const ScalarType dt = result_type(a, b);
  checkDtype(dt, "where");
  OnDevice on(dev);
  const Tensor c = isCpuScalar(cond) ? toDevice(cond, dev) : cond;
  const Tensor ad = isCpuScalar(a) ? toDevice(a, dev) : a, bd = isCpuScalar(b) ? toDevice(b, dev) : b;
  const DimVector shape = infer_size(c.sizes(), infer_size(ad.sizes(), bd.sizes()));
  const Tensor ac = castOnDevice(ad, dt, on), bc = castOnDevice(bd, dt, on);
  Tensor out = emptyOnDevice(shape, dt, dev);
  launchWhere(launchShape(shape, "where"), operandOf(out, shape), operandOf(c, shape), operandOf(ac, shape),
              operandOf(bc, shape), on.stream);
  return out;
}

Tensor maskedFill(const Tensor& self, const Tensor& mask, const Scalar& value, bool inplace) {
  const Device dev = deviceOf({&self, &mask}, "masked_fill");
  checkMask(mask, "masked_fill");
  checkDtype(self.dtype(), "masked_fill");
  JS_CHECK(isFloatingType(self.dtype()) || value.isIntegral(true) || std::isfinite(value.toDouble()),
           "masked_fill: value cannot be converted to type ", scalarTypeName(self.dtype()), " without overflow");
  const DimVector shape = inplace ? DimVector(self.sizes().begin(), self.sizes().end())
                                  : infer_size(self.sizes(), mask.sizes());
  JS_CHECK(is_expandable_to(mask.sizes(), shape), "masked_fill: the mask of shape ", shapeToString(mask.sizes()),
           " cannot be broadcast to ", shapeToString(shape));
  OnDevice on(dev);
  const Tensor m = isCpuScalar(mask) ? toDevice(mask, dev) : mask;
  Tensor out = inplace ? self : emptyOnDevice(shape, self.dtype(), dev);
  launchMaskedFill(launchShape(shape, "masked_fill"), operandOf(out, shape), operandOf(m, shape),
                   operandOf(self, shape), scalarValue(value), on.stream);
  return out;
}
Tensor maskedFillOp(const Tensor& self, const Tensor& mask, const Scalar& value) {
  return maskedFill(self, mask, value, false);
}
Tensor maskedFillInplace(Tensor self, const Tensor& mask, const Scalar& value) {
  return maskedFill(self, mask, value, true);
}

// stack: each input copied into its slice of the output (promoted dtype).
Tensor stack(std::vector<Tensor> tensors, int64_t dim) {
  JS_CHECK(!tensors.empty(), "stack expects a non-empty TensorList");
  const Tensor& ref = tensors.front();
  for (size_t i = 0; i < tensors.size(); ++i)
    JS_CHECK(IntArrayRef(tensors[i].sizes()) == IntArrayRef(ref.sizes()), "stack expects each tensor to be equal size, but got ",
             shapeToString(ref.sizes()), " at entry 0 and ", shapeToString(tensors[i].sizes()), " at entry ", i);
  const Device dev = ref.device();
  for (const Tensor& t : tensors)
    JS_CHECK(t.device() == dev, "Expected all tensors to be on the same device, but found at least two devices, ",
             dev.str(), " and ", t.device().str(), "!");
  const int64_t d = maybe_wrap_dim(dim, ref.dim() + 1);
  const ScalarType dt = result_type(std::span<const Tensor>(tensors));
  checkDtype(dt, "stack");
  DimVector shape(ref.sizes().begin(), ref.sizes().end());
  shape.insert(shape.begin() + d, static_cast<int64_t>(tensors.size()));
  OnDevice on(deviceOf({&ref}, "stack"));
  Tensor out = emptyOnDevice(shape, dt, dev);
  for (size_t i = 0; i < tensors.size(); ++i) {
    checkDtype(tensors[i].dtype(), "stack");
    const Tensor slice = out.select(d, static_cast<int64_t>(i));
    launchCopy(launchShape(ref.sizes(), "stack"), operandOf(slice, ref.sizes()),
               operandOf(tensors[i], ref.sizes()), on.stream);
  }
  return out;
}

// The smallest and largest index, on the host (two one-element copies): an
// index out of range is a clear error, not a device-side fault.
std::pair<int64_t, int64_t> indexRange(const Tensor& index, const OnDevice& on) {
  const Tensor flat = contiguousOnDevice(index, on);
  Tensor lo = emptyOnDevice({}, ScalarType::Long, on.device), hi = emptyOnDevice({}, ScalarType::Long, on.device);
  launchRowReduce(ReduceOp::Min, 1, flat.numel(), flat.unsafeGetImpl()->deviceData(), flat.dtype(),
                  lo.unsafeGetImpl()->deviceData(), ScalarType::Long, on.stream);
  launchRowReduce(ReduceOp::Max, 1, flat.numel(), flat.unsafeGetImpl()->deviceData(), flat.dtype(),
                  hi.unsafeGetImpl()->deviceData(), ScalarType::Long, on.stream);
  return {lo.item().toLong(), hi.item().toLong()};
}

Tensor indexSelect(const Tensor& self, int64_t dim, const Tensor& index) {
  OnDevice on(deviceOf({&self, &index}, "index_select"));
  JS_CHECK(index.dtype() == ScalarType::Long || index.dtype() == ScalarType::Int,
           "index_select(): Expected dtype int32 or int64 for index");
  JS_CHECK(index.dim() <= 1, "index_select(): Index is supposed to be a vector");
  checkDtype(self.dtype(), "index_select");
  const int64_t d = maybe_wrap_dim(dim, self.dim());
  const int64_t inDim = self.dim() == 0 ? 1 : self.size(d);
  const Tensor idx = isCpuScalar(index) ? toDevice(index, on.device) : contiguousOnDevice(index, on);
  const int64_t count = idx.numel();
  if (count > 0) {
    const auto [lo, hi] = indexRange(idx, on);
    JS_CHECK(lo >= 0 && hi < inDim, "index out of range in self: index ", lo < 0 ? lo : hi,
             " is out of bounds for dimension ", d, " with size ", inDim);
  }
  DimVector shape(self.sizes().begin(), self.sizes().end());
  if (self.dim() > 0) shape[d] = count;
  int64_t outer = 1, inner = 1;
  for (int64_t i = 0; i < d; ++i) outer *= self.size(i);
  for (int64_t i = d + 1; i < self.dim(); ++i) inner *= self.size(i);
  const Tensor x = contiguousOnDevice(self, on);
  Tensor out = emptyOnDevice(shape, self.dtype(), on.device);
  launchIndexSelect(x.unsafeGetImpl()->deviceData(), out.unsafeGetImpl()->deviceData(), elementSize(self.dtype()),
                    outer, inDim, inner, idx.unsafeGetImpl()->deviceData(), idx.dtype() == ScalarType::Long, count,
                    on.stream);
  return out;
}

// embedding: the weight's rows at the indices, shaped indices.shape + [D].
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t /*paddingIdx*/, bool /*scaleGradByFreq*/,
                 bool /*sparse*/) {
  JS_CHECK(weight.dim() == 2, "'weight' must be 2-D");
  OnDevice on(deviceOf({&weight, &indices}, "embedding"));
  const Tensor flat = contiguousOnDevice(indices, on).reshape({indices.numel()});
  DimVector shape(indices.sizes().begin(), indices.sizes().end());
  shape.push_back(weight.size(1));
  return indexSelect(weight, 0, flat).view(shape);
}

// Conversions of a CUDA tensor (a host tensor going to a device converts
// on the host, in the CPU kernel): the dtype changes on the device, then
// the bytes move if another device is asked for.
Tensor convert(const Tensor& self, std::optional<Device> device, ScalarType dtype, bool copy) {
  OnDevice on(deviceOf({&self}, "to"));
  const bool sameDevice = !device || isOnDevice(self, *device);
  Tensor t = self.dtype() == dtype ? (copy && sameDevice ? cloneOnDevice(self, on) : self)
                                   : castOnDevice(self, dtype, on);
  return sameDevice ? t : toDevice(t, *device);
}
Tensor toDtype(const Tensor& self, ScalarType dtype, bool /*nonBlocking*/, bool copy,
               std::optional<int64_t> /*memoryFormat*/) {
  return convert(self, std::nullopt, dtype, copy);
}
Tensor toDeviceDtype(const Tensor& self, Device device, ScalarType dtype, bool /*nonBlocking*/, bool copy,
                     std::optional<int64_t> /*memoryFormat*/) {
  return convert(self, device, dtype, copy);
}
Tensor toOther(const Tensor& self, const Tensor& other, bool /*nonBlocking*/, bool copy,
               std::optional<int64_t> /*memoryFormat*/) {
  return convert(self, other.device(), other.dtype(), copy);
}
Tensor toPrimDevice(const Tensor& self, std::optional<Device> device, std::optional<ScalarType> dtype,
                    bool /*nonBlocking*/, bool copy) {
  return convert(self, device, dtype.value_or(self.dtype()), copy);
}
Tensor toPrimDtype(const Tensor& self, std::optional<ScalarType> dtype, bool /*nonBlocking*/, bool copy) {
  return convert(self, std::nullopt, dtype.value_or(self.dtype()), copy);
}
Tensor toCopy(const Tensor& self, std::optional<ScalarType> dtype, std::optional<int64_t> /*layout*/,
              std::optional<Device> device, std::optional<bool> /*pinMemory*/, bool /*nonBlocking*/,
              std::optional<int64_t> /*memoryFormat*/) {
  return convert(self, device, dtype.value_or(self.dtype()), /*copy=*/true);
}
Tensor typeAs(const Tensor& self, const Tensor& other) { return convert(self, other.device(), other.dtype(), false); }

// x (a number) op n (a tensor): the special polynomials' .x_scalar forms.
template <BinaryOp Op>
Tensor scalarFirst(const Scalar& x, const Tensor& n) {
  const char* name = nameOf(Op);
  const Device dev = deviceOf({&n}, name);
  const ScalarType dt = binaryResultType(Op, result_type(n, x), false, Scalar(int64_t{1}));
  OnDevice on(dev);
  const Tensor nc = castOnDevice(n, dt, on);
  Tensor out = emptyOnDevice(n.sizes(), dt, dev);
  launchBinaryScalar(Op, launchShape(n.sizes(), name), operandOf(out, n.sizes()), operandOf(nc, n.sizes()),
                     scalarValue(x), true, on.stream);
  return out;
}

// mvlgamma(x, p) = p(p-1)/4 log(pi) + sum_{i<p} lgamma(x - i/2), for x > (p-1)/2.
Tensor mvlgamma(const Tensor& self, int64_t p) {
  JS_CHECK(p >= 1, "p has to be greater than or equal to 1");
  OnDevice on(deviceOf({&self}, "mvlgamma"));
  const Tensor x = castOnDevice(self, toFloatingIfIntegral(self.dtype()), on);
  if (x.numel() > 0) {
    const double lo = callOp<"aten::min", Tensor>(x).item().toDouble();
    JS_CHECK(lo > static_cast<double>(p - 1) / 2, "All elements must be greater than (p-1)/2");
  }
  Tensor sum = unaryOp(UnaryOp::Lgamma, x, 0, 0, false);
  for (int64_t i = 1; i < p; ++i) {
    const Tensor shifted = binaryScalar(BinaryOp::Sub, x, Scalar(static_cast<double>(i) / 2), Scalar(int64_t{1}));
    sum = binaryTensor(BinaryOp::Add, sum, unaryOp(UnaryOp::Lgamma, shifted, 0, 0, false), Scalar(int64_t{1}));
  }
  const double c = static_cast<double>(p) * static_cast<double>(p - 1) / 4 * std::log(3.14159265358979323846);
  return binaryScalar(BinaryOp::Add, sum, Scalar(c), Scalar(int64_t{1}));
}

// div with rounding_mode: None is true division, "trunc" and "floor" round
// (integers stay integers).
Tensor divMode(const Tensor& a, const Tensor& b, std::optional<std::string> mode) {
  if (!mode) return binaryTensor(BinaryOp::Div, a, b, Scalar(int64_t{1}));
  JS_CHECK(*mode == "trunc" || *mode == "floor", "div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
           "found '", *mode, "'");
  return binaryTensor(*mode == "trunc" ? BinaryOp::DivTrunc : BinaryOp::FloorDivide, a, b, Scalar(int64_t{1}));
}
Tensor divScalarMode(const Tensor& a, const Scalar& b, std::optional<std::string> mode) {
  if (!mode) return binaryScalar(BinaryOp::Div, a, b, Scalar(int64_t{1}));
  JS_CHECK(*mode == "trunc" || *mode == "floor", "div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
           "found '", *mode, "'");
  return binaryScalar(*mode == "trunc" ? BinaryOp::DivTrunc : BinaryOp::FloorDivide, a, b, Scalar(int64_t{1}));
}
// rsub: other - alpha * self.
Tensor rsubTensor(const Tensor& self, const Tensor& other, const Scalar& alpha) {
  return binaryTensor(BinaryOp::Sub, other, self, alpha);
}

template <UnaryOp Op>
Tensor unaryWith1(const Tensor& self, const Scalar& p0) {
  return unaryOp(Op, self, scalarValue(p0), 0, false);
}
Tensor threshold(const Tensor& self, const Scalar& threshold, const Scalar& value) {
  return unaryOp(UnaryOp::Threshold, self, scalarValue(threshold), scalarValue(value), false);
}
Tensor softplus(const Tensor& self, const Scalar& beta, const Scalar& threshold) {
  return unaryOp(UnaryOp::Softplus, self, scalarValue(beta), scalarValue(threshold), false);
}
Tensor elu(const Tensor& self, const Scalar& alpha, const Scalar& scale, const Scalar& inputScale) {
  return unaryOp(UnaryOp::Elu, self, scalarValue(alpha), scalarValue(scale), false, scalarValue(inputScale));
}
Tensor eluInplace(Tensor self, const Scalar& alpha, const Scalar& scale, const Scalar& inputScale) {
  return unaryOp(UnaryOp::Elu, self, scalarValue(alpha), scalarValue(scale), true, scalarValue(inputScale));
}
Tensor selu(const Tensor& self) {
  return unaryOp(UnaryOp::Elu, self, 1.6732632423543772848170429916717, 1.0507009873554804934193349852946, false, 1.0);
}
Tensor celu(const Tensor& self, const Scalar& alpha) {
  const double a = scalarValue(alpha);
  JS_CHECK(a != 0, "ZeroDivisionError from celu: alpha cannot be 0");
  return unaryOp(UnaryOp::Elu, self, a, 1.0, false, 1.0 / a);
}
Tensor leakyReluInplace(Tensor self, const Scalar& slope) {
  return unaryOp(UnaryOp::LeakyRelu, self, scalarValue(slope), 0, true);
}
Tensor logit(const Tensor& self, std::optional<double> eps) {
  return unaryOp(UnaryOp::Logit, self, eps ? *eps : -1.0, 0, false);
}
Tensor relu6(const Tensor& self) { return unaryOp(UnaryOp::Hardtanh, self, 0, 6, false); }

// reshape and its spellings: a view when the strides allow, else a copy
// made on the device (Tensor::reshape copies through the backend's
// contiguousCopy, the strided copy kernel).
Tensor reshapeOp(const Tensor& self, std::vector<int64_t> shape) { return self.reshape(shape); }
Tensor flattenOp(const Tensor& self, int64_t startDim, int64_t endDim) { return self.flatten(startDim, endDim); }
Tensor ravelOp(const Tensor& self) { return self.reshape({-1}); }

}  // namespace

const CudaTable kCudaElementwiseOps = {
    row<compareT<CompareOp::Eq>>("aten::eq.Tensor"),
    row<compareT<CompareOp::Ne>>("aten::ne.Tensor"),
    row<compareT<CompareOp::Lt>>("aten::lt.Tensor"),
    row<compareT<CompareOp::Le>>("aten::le.Tensor"),
    row<compareT<CompareOp::Gt>>("aten::gt.Tensor"),
    row<compareT<CompareOp::Ge>>("aten::ge.Tensor"),
    row<compareS<CompareOp::Eq>>("aten::eq.Scalar"),
    row<compareS<CompareOp::Ne>>("aten::ne.Scalar"),
    row<compareS<CompareOp::Lt>>("aten::lt.Scalar"),
    row<compareS<CompareOp::Le>>("aten::le.Scalar"),
    row<compareS<CompareOp::Gt>>("aten::gt.Scalar"),
    row<compareS<CompareOp::Ge>>("aten::ge.Scalar"),
    row<compareT<CompareOp::LogicalAnd>>("aten::logical_and"),
    row<compareT<CompareOp::LogicalOr>>("aten::logical_or"),
    row<compareT<CompareOp::LogicalXor>>("aten::logical_xor"),
    row<logicalNot>("aten::logical_not"),
    row<where>("aten::where.self"),
    row<maskedFillOp>("aten::masked_fill.Scalar"),
    row<maskedFillInplace>("aten::masked_fill_.Scalar"),
    row<toDtype>("aten::to.dtype"),
    row<toDeviceDtype>("aten::to.device"),
    row<toOther>("aten::to.other"),
    row<toPrimDevice>("aten::to.prim_Device"),
    row<toPrimDtype>("aten::to.prim_dtype"),
    row<toCopy>("aten::_to_copy"),
    row<typeAs>("aten::type_as"),
    row<binaryAlpha<BinaryOp::Add>>("aten::add.Tensor"),
    row<binaryAlpha<BinaryOp::Sub>>("aten::sub.Tensor"),
    row<binaryNoAlpha<BinaryOp::Mul>>("aten::mul.Tensor"),
    row<binaryNoAlpha<BinaryOp::Div>>("aten::div.Tensor"),
    row<scalarAlpha<BinaryOp::Add>>("aten::add.Scalar"),
    row<scalarAlpha<BinaryOp::Sub>>("aten::sub.Scalar"),
    row<scalarNoAlpha<BinaryOp::Mul>>("aten::mul.Scalar"),
    row<scalarNoAlpha<BinaryOp::Div>>("aten::div.Scalar"),
    row<unary<UnaryOp::Neg>>("aten::neg"),
    row<unary<UnaryOp::Abs>>("aten::abs"),
    row<unary<UnaryOp::Relu>>("aten::relu"),
    row<unary<UnaryOp::Exp>>("aten::exp"),
    row<unary<UnaryOp::Log>>("aten::log"),
    row<unary<UnaryOp::Sqrt>>("aten::sqrt"),
    row<unary<UnaryOp::Tanh>>("aten::tanh"),
    row<unary<UnaryOp::Sigmoid>>("aten::sigmoid"),
    row<unary<UnaryOp::Hardsigmoid>>("aten::hardsigmoid"),
    row<unary<UnaryOp::Hardswish>>("aten::hardswish"),
    row<unary<UnaryOp::Silu>>("aten::silu"),
    row<powTensorScalar>("aten::pow.Tensor_Scalar"),
    row<unary<UnaryOp::BesselJ0>>("aten::special_bessel_j0"),
    row<unary<UnaryOp::BesselJ1>>("aten::special_bessel_j1"),
    row<unary<UnaryOp::BesselY0>>("aten::special_bessel_y0"),
    row<unary<UnaryOp::BesselY1>>("aten::special_bessel_y1"),
    row<unary<UnaryOp::ModifiedBesselI0>>("aten::special_modified_bessel_i0"),
    row<unary<UnaryOp::ModifiedBesselI1>>("aten::special_modified_bessel_i1"),
    row<unary<UnaryOp::ModifiedBesselI1>>("aten::special_i1"),
    row<unary<UnaryOp::I0e>>("aten::special_i0e"),
    row<unary<UnaryOp::I1e>>("aten::special_i1e"),
    row<unary<UnaryOp::Ndtr>>("aten::special_ndtr"),
    row<unary<UnaryOp::Ndtri>>("aten::special_ndtri"),
    row<unary<UnaryOp::LogNdtr>>("aten::special_log_ndtr"),
    row<unary<UnaryOp::Erfcx>>("aten::special_erfcx"),
    row<unary<UnaryOp::Entr>>("aten::special_entr"),
    row<unary<UnaryOp::SphericalBesselJ0>>("aten::special_spherical_bessel_j0"),
    row<unary<UnaryOp::Digamma>>("aten::digamma"),
    row<angle>("aten::angle"),
    row<binaryNoAlpha<BinaryOp::Igamma>>("aten::igamma"),
    row<binaryNoAlpha<BinaryOp::Igammac>>("aten::igammac"),
    row<inplaceNoAlpha<BinaryOp::Igamma>>("aten::igamma_"),
    row<inplaceNoAlpha<BinaryOp::Igammac>>("aten::igammac_"),
    row<binaryNoAlpha<BinaryOp::ChebyshevT>>("aten::special_chebyshev_polynomial_t"),
    row<scalarNoAlpha<BinaryOp::ChebyshevT>>("aten::special_chebyshev_polynomial_t.n_scalar"),
    row<scalarFirst<BinaryOp::ChebyshevT>>("aten::special_chebyshev_polynomial_t.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ChebyshevU>>("aten::special_chebyshev_polynomial_u"),
    row<scalarNoAlpha<BinaryOp::ChebyshevU>>("aten::special_chebyshev_polynomial_u.n_scalar"),
    row<scalarFirst<BinaryOp::ChebyshevU>>("aten::special_chebyshev_polynomial_u.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ChebyshevV>>("aten::special_chebyshev_polynomial_v"),
    row<scalarNoAlpha<BinaryOp::ChebyshevV>>("aten::special_chebyshev_polynomial_v.n_scalar"),
    row<scalarFirst<BinaryOp::ChebyshevV>>("aten::special_chebyshev_polynomial_v.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ChebyshevW>>("aten::special_chebyshev_polynomial_w"),
    row<scalarNoAlpha<BinaryOp::ChebyshevW>>("aten::special_chebyshev_polynomial_w.n_scalar"),
    row<scalarFirst<BinaryOp::ChebyshevW>>("aten::special_chebyshev_polynomial_w.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ShiftedChebyshevT>>("aten::special_shifted_chebyshev_polynomial_t"),
    row<scalarNoAlpha<BinaryOp::ShiftedChebyshevT>>("aten::special_shifted_chebyshev_polynomial_t.n_scalar"),
    row<scalarFirst<BinaryOp::ShiftedChebyshevT>>("aten::special_shifted_chebyshev_polynomial_t.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ShiftedChebyshevU>>("aten::special_shifted_chebyshev_polynomial_u"),
    row<scalarNoAlpha<BinaryOp::ShiftedChebyshevU>>("aten::special_shifted_chebyshev_polynomial_u.n_scalar"),
    row<scalarFirst<BinaryOp::ShiftedChebyshevU>>("aten::special_shifted_chebyshev_polynomial_u.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ShiftedChebyshevV>>("aten::special_shifted_chebyshev_polynomial_v"),
    row<scalarNoAlpha<BinaryOp::ShiftedChebyshevV>>("aten::special_shifted_chebyshev_polynomial_v.n_scalar"),
    row<scalarFirst<BinaryOp::ShiftedChebyshevV>>("aten::special_shifted_chebyshev_polynomial_v.x_scalar"),
    row<binaryNoAlpha<BinaryOp::ShiftedChebyshevW>>("aten::special_shifted_chebyshev_polynomial_w"),
    row<scalarNoAlpha<BinaryOp::ShiftedChebyshevW>>("aten::special_shifted_chebyshev_polynomial_w.n_scalar"),
    row<scalarFirst<BinaryOp::ShiftedChebyshevW>>("aten::special_shifted_chebyshev_polynomial_w.x_scalar"),
    row<binaryNoAlpha<BinaryOp::HermiteH>>("aten::special_hermite_polynomial_h"),
    row<scalarNoAlpha<BinaryOp::HermiteH>>("aten::special_hermite_polynomial_h.n_scalar"),
    row<scalarFirst<BinaryOp::HermiteH>>("aten::special_hermite_polynomial_h.x_scalar"),
    row<binaryNoAlpha<BinaryOp::HermiteHe>>("aten::special_hermite_polynomial_he"),
    row<scalarNoAlpha<BinaryOp::HermiteHe>>("aten::special_hermite_polynomial_he.n_scalar"),
    row<scalarFirst<BinaryOp::HermiteHe>>("aten::special_hermite_polynomial_he.x_scalar"),
    row<binaryNoAlpha<BinaryOp::LaguerreL>>("aten::special_laguerre_polynomial_l"),
    row<scalarNoAlpha<BinaryOp::LaguerreL>>("aten::special_laguerre_polynomial_l.n_scalar"),
    row<scalarFirst<BinaryOp::LaguerreL>>("aten::special_laguerre_polynomial_l.x_scalar"),
    row<binaryNoAlpha<BinaryOp::LegendreP>>("aten::special_legendre_polynomial_p"),
    row<scalarNoAlpha<BinaryOp::LegendreP>>("aten::special_legendre_polynomial_p.n_scalar"),
    row<scalarFirst<BinaryOp::LegendreP>>("aten::special_legendre_polynomial_p.x_scalar"),
    row<binaryNoAlpha<BinaryOp::Maximum>>("aten::maximum"),
    row<binaryNoAlpha<BinaryOp::Minimum>>("aten::minimum"),
    row<binaryNoAlpha<BinaryOp::Maximum>>("aten::max.other"),
    row<binaryNoAlpha<BinaryOp::Minimum>>("aten::min.other"),
    row<binaryNoAlpha<BinaryOp::Fmax>>("aten::fmax"),
    row<binaryNoAlpha<BinaryOp::Fmin>>("aten::fmin"),
    row<binaryNoAlpha<BinaryOp::Remainder>>("aten::remainder.Tensor"),
    row<binaryNoAlpha<BinaryOp::Fmod>>("aten::fmod.Tensor"),
    row<binaryNoAlpha<BinaryOp::FloorDivide>>("aten::floor_divide"),
    row<binaryNoAlpha<BinaryOp::Pow>>("aten::pow.Tensor_Tensor"),
    row<binaryNoAlpha<BinaryOp::Heaviside>>("aten::heaviside"),
    row<binaryNoAlpha<BinaryOp::Atan2>>("aten::atan2"),
    row<binaryNoAlpha<BinaryOp::Hypot>>("aten::hypot"),
    row<binaryNoAlpha<BinaryOp::Copysign>>("aten::copysign.Tensor"),
    row<binaryNoAlpha<BinaryOp::Xlogy>>("aten::xlogy.Tensor"),
    row<binaryNoAlpha<BinaryOp::Xlog1py>>("aten::special_xlog1py"),
    row<binaryNoAlpha<BinaryOp::LogAddExp>>("aten::logaddexp"),
    row<binaryNoAlpha<BinaryOp::LogAddExp2>>("aten::logaddexp2"),
    row<binaryNoAlpha<BinaryOp::NextAfter>>("aten::nextafter"),
    row<binaryNoAlpha<BinaryOp::Div>>("aten::true_divide.Tensor"),
    row<scalarNoAlpha<BinaryOp::Remainder>>("aten::remainder.Scalar"),
    row<scalarNoAlpha<BinaryOp::Fmod>>("aten::fmod.Scalar"),
    row<scalarNoAlpha<BinaryOp::FloorDivide>>("aten::floor_divide.Scalar"),
    row<scalarNoAlpha<BinaryOp::Copysign>>("aten::copysign.Scalar"),
    row<divMode>("aten::div.Tensor_mode"),
    row<divScalarMode>("aten::div.Scalar_mode"),
    row<rsubTensor>("aten::rsub.Tensor"),
    row<unary<UnaryOp::Sign>>("aten::sign"),
    row<unary<UnaryOp::Sign>>("aten::sgn"),
    row<unary<UnaryOp::Floor>>("aten::floor"),
    row<unary<UnaryOp::Ceil>>("aten::ceil"),
    row<unary<UnaryOp::Round>>("aten::round"),
    row<unary<UnaryOp::Trunc>>("aten::trunc"),
    row<unary<UnaryOp::Trunc>>("aten::fix"),
    row<unary<UnaryOp::Square>>("aten::square"),
    row<unary<UnaryOp::Sin>>("aten::sin"),
    row<unary<UnaryOp::Cos>>("aten::cos"),
    row<unary<UnaryOp::Tan>>("aten::tan"),
    row<unary<UnaryOp::Asin>>("aten::asin"),
    row<unary<UnaryOp::Acos>>("aten::acos"),
    row<unary<UnaryOp::Atan>>("aten::atan"),
    row<unary<UnaryOp::Sinh>>("aten::sinh"),
    row<unary<UnaryOp::Cosh>>("aten::cosh"),
    row<unary<UnaryOp::Asinh>>("aten::asinh"),
    row<unary<UnaryOp::Acosh>>("aten::acosh"),
    row<unary<UnaryOp::Atanh>>("aten::atanh"),
    row<unary<UnaryOp::Exp2>>("aten::exp2"),
    row<unary<UnaryOp::Expm1>>("aten::expm1"),
    row<unary<UnaryOp::Log2>>("aten::log2"),
    row<unary<UnaryOp::Log10>>("aten::log10"),
    row<unary<UnaryOp::Log1p>>("aten::log1p"),
    row<unary<UnaryOp::Rsqrt>>("aten::rsqrt"),
    row<unary<UnaryOp::Reciprocal>>("aten::reciprocal"),
    row<unary<UnaryOp::Frac>>("aten::frac"),
    row<unary<UnaryOp::Erf>>("aten::erf"),
    row<unary<UnaryOp::Erfc>>("aten::erfc"),
    row<unary<UnaryOp::Erfinv>>("aten::erfinv"),
    row<unary<UnaryOp::Lgamma>>("aten::lgamma"),
    row<unary<UnaryOp::I0>>("aten::i0"),
    row<unary<UnaryOp::Sinc>>("aten::sinc"),
    row<unary<UnaryOp::Rad2deg>>("aten::rad2deg"),
    row<unary<UnaryOp::Deg2rad>>("aten::deg2rad"),
    row<unary<UnaryOp::LogSigmoid>>("aten::log_sigmoid"),
    row<unary<UnaryOp::Mish>>("aten::mish"),
    row<unaryWith1<UnaryOp::LeakyRelu>>("aten::leaky_relu"),
    row<unaryWith1<UnaryOp::Softshrink>>("aten::softshrink"),
    row<unaryWith1<UnaryOp::Hardshrink>>("aten::hardshrink"),
    row<threshold>("aten::threshold"),
    row<softplus>("aten::softplus"),
    row<elu>("aten::elu"),
    row<eluInplace>("aten::elu_"),
    row<selu>("aten::selu"),
    row<celu>("aten::celu"),
    row<leakyReluInplace>("aten::leaky_relu_"),
    row<logit>("aten::logit"),
    row<relu6>("aten::relu6"),
    row<mvlgamma>("aten::mvlgamma"),
    row<hardtanh>("aten::hardtanh"),
    row<gelu>("aten::gelu"),
    row<unaryInplace<UnaryOp::Relu>>("aten::relu_"),
    row<unaryInplace<UnaryOp::Sigmoid>>("aten::sigmoid_"),
    row<unaryInplace<UnaryOp::Hardswish>>("aten::hardswish_"),
    row<hardtanhInplace>("aten::hardtanh_"),
    row<inplaceAlpha<BinaryOp::Add>>("aten::add_.Tensor"),
    row<inplaceAlpha<BinaryOp::Sub>>("aten::sub_.Tensor"),
    row<inplaceNoAlpha<BinaryOp::Mul>>("aten::mul_.Tensor"),
    row<inplaceNoAlpha<BinaryOp::Div>>("aten::div_.Tensor"),
    row<inplaceScalarAlpha<BinaryOp::Add>>("aten::add_.Scalar"),
    row<inplaceScalarNoAlpha<BinaryOp::Mul>>("aten::mul_.Scalar"),
    row<cat>("aten::cat"),
    row<stack>("aten::stack"),
    row<clamp>("aten::clamp"),
    row<clampInplace>("aten::clamp_"),
    row<clampMin>("aten::clamp_min"),
    row<indexSelect>("aten::index_select"),
    row<embedding>("aten::embedding"),
    row<cloneOp>("aten::clone"),
    row<reshapeOp>("aten::reshape"),
    row<flattenOp>("aten::flatten.using_ints"),
    row<ravelOp>("aten::ravel"),
    row<contiguousOp>("aten::contiguous"),
};

}  // namespace jitserve::cuda
