// Elementwise CUDA kernels, host half: PyTorch's argument rules
// (broadcasting, type promotion, a CPU 0-dim tensor beside a CUDA one is a
// number), the output on the inputs' device, the launch on the calling
// thread's stream. The device code is kernels/elementwise.cu.
#include "runtime/cuda/cuda_op_tables.h"
#include "runtime/cuda/cuda_op_utils.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::cuda {
namespace {

const char* nameOf(BinaryOp op) {
  switch (op) {
    case BinaryOp::Add: return "add";
    case BinaryOp::Sub: return "sub";
    case BinaryOp::Mul: return "mul";
    default: return "div";
  }
}

ScalarType binaryResultType(BinaryOp op, ScalarType promoted, bool alphaGiven, const Scalar& alpha) {
  const char* name = nameOf(op);
  if (op == BinaryOp::Div) return toFloatingIfIntegral(promoted);
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

const char* nameOf(UnaryOp op) {
  switch (op) {
    case UnaryOp::Neg: return "neg";
    case UnaryOp::Abs: return "abs";
    case UnaryOp::Relu: return "relu";
    case UnaryOp::Exp: return "exp";
    case UnaryOp::Log: return "log";
    case UnaryOp::Sqrt: return "sqrt";
    case UnaryOp::Tanh: return "tanh";
    default: return "sigmoid";
  }
}

// Neg, Abs and Relu keep the dtype; the rest compute in floating point
// (integers and bool promote to the default float, as in PyTorch).
template <UnaryOp Op>
Tensor unary(const Tensor& self) {
  const char* name = nameOf(Op);
  const Device dev = deviceOf({&self}, name);
  const bool keepsDtype = Op == UnaryOp::Neg || Op == UnaryOp::Abs || Op == UnaryOp::Relu;
  const ScalarType dt = keepsDtype ? self.dtype() : toFloatingIfIntegral(self.dtype());
  JS_CHECK(!(Op == UnaryOp::Neg && dt == ScalarType::Bool),
           "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use "
           "the `~` or `logical_not()` operator instead.");
  JS_CHECK(!(Op == UnaryOp::Relu && dt == ScalarType::Bool), "relu: not implemented for 'Bool'");
  checkDtype(dt, name);
  OnDevice on(dev);
  const Tensor in = castOnDevice(self, dt, on);
  Tensor out = emptyOnDevice(self.sizes(), dt, dev);
  launchUnary(Op, launchShape(self.sizes(), name), operandOf(out, self.sizes()), operandOf(in, self.sizes()),
              on.stream);
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

}  // namespace

const CudaTable kCudaElementwiseOps = {
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
    row<cloneOp>("aten::clone"),
    row<contiguousOp>("aten::contiguous"),
};

}  // namespace jitserve::cuda
