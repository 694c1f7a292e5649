// Host halves of the CUDA kernels: argument checks with PyTorch's rules
// (broadcasting, type promotion, a CPU 0-dim tensor beside a CUDA one is a
// number), output allocation on the inputs' device, and the launch on the
// calling thread's stream. The device code is in kernels/.
#include "runtime/cuda/cuda_ops.h"

#include <string>
#include <vector>

#include "runtime/core/boxing.h"
#include "runtime/core/operator_registry.h"
#include "runtime/cuda/cuda_device.h"
#include "runtime/cuda/kernels/elementwise.h"
#include "runtime/support/error.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/type_promotion.h"

namespace jitserve::cuda {
namespace {

LaunchShape launchShape(IntArrayRef sizes, const char* op) {
  JS_CHECK(static_cast<int>(sizes.size()) <= kMaxDims, op, ": CUDA kernels take at most ", kMaxDims,
           " dims, got ", sizes.size());
  LaunchShape s;
  s.ndim = static_cast<int>(sizes.size());
  for (int d = 0; d < s.ndim; ++d) {
    s.sizes[d] = sizes[d];
    s.numel *= sizes[d];
  }
  return s;
}

// t seen over `shape` (t's shape broadcast to it): stride 0 where t is
// broadcast.
Operand operandOf(const Tensor& t, IntArrayRef shape) {
  Operand o;
  o.data = t.unsafeGetImpl()->deviceData();
  o.dtype = t.dtype();
  const int64_t lead = static_cast<int64_t>(shape.size()) - t.dim();
  for (int64_t d = 0; d < t.dim(); ++d)
    o.strides[lead + d] = t.size(d) == 1 && shape[lead + d] != 1 ? 0 : t.stride(d);
  return o;
}

void checkDtype(ScalarType t, const char* op) {
  JS_CHECK(isSupportedDtype(t), op, ": dtype ", scalarTypeName(t), " is not supported on CUDA");
}

bool isCpuScalar(const Tensor& t) { return t.device().isCPU() && t.dim() == 0; }

// The CUDA device a kernel runs on: that of its first CUDA tensor; any other
// tensor must be there too, or be a CPU 0-dim number.
Device deviceOf(std::initializer_list<const Tensor*> ts, const char* op) {
  Device dev = Device::cpu();
  for (const Tensor* t : ts)
    if (t->device().type == DeviceType::CUDA) {
      dev = t->device();
      break;
    }
  JS_INTERNAL_ASSERT(dev.type == DeviceType::CUDA, op, ": CUDA kernel called without a CUDA tensor");
  for (const Tensor* t : ts)
    JS_CHECK(t->device() == dev || isCpuScalar(*t), op, ": expected all tensors to be on the same device, but found ",
             dev.str(), " and ", t->device().str());
  return dev;
}

// Launches go to the device's current stream with the device current.
struct OnDevice {
  explicit OnDevice(Device d) : guard(index(d)), stream(currentStream(index(d))) {}
  static int index(Device d) { return d.index < 0 ? 0 : d.index; }
  DeviceGuard guard;
  cudaStream_t stream;
};

// t in dtype dt on its device (t itself when it already is).
Tensor castTo(const Tensor& t, ScalarType dt, const OnDevice& on) {
  if (t.dtype() == dt) return t;
  checkDtype(t.dtype(), "to");
  Tensor out = emptyOnDevice(t.sizes(), dt, t.device());
  const LaunchShape s = launchShape(t.sizes(), "to");
  launchCopy(s, operandOf(out, t.sizes()), operandOf(t, t.sizes()), on.stream);
  return out;
}

double scalarValue(const Scalar& s) { return s.isIntegral(true) ? static_cast<double>(s.toLong()) : s.toDouble(); }

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
    const Tensor ac = castTo(a, dt, on);
    Tensor out = emptyOnDevice(a.sizes(), dt, dev);
    launchBinaryScalar(op, launchShape(a.sizes(), name), operandOf(out, a.sizes()), operandOf(ac, a.sizes()), s,
                       false, on.stream);
    return out;
  }
  const Tensor ad = isCpuScalar(a) ? toDevice(a, dev) : a;
  const Tensor bd = isCpuScalar(b) ? toDevice(b, dev) : b;
  const DimVector shape = infer_size(ad.sizes(), bd.sizes());
  const Tensor ac = castTo(ad, dt, on), bc = castTo(bd, dt, on);
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
  const Tensor ac = castTo(a, dt, on);
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
  const Tensor in = castTo(self, dt, on);
  Tensor out = emptyOnDevice(self.sizes(), dt, dev);
  launchUnary(Op, launchShape(self.sizes(), name), operandOf(out, self.sizes()), operandOf(in, self.sizes()),
              on.stream);
  return out;
}

Tensor cloneOp(const Tensor& self, std::optional<int64_t> /*memory_format*/) {
  const Device dev = deviceOf({&self}, "clone");
  checkDtype(self.dtype(), "clone");
  OnDevice on(dev);
  Tensor out = emptyOnDevice(self.sizes(), self.dtype(), dev);
  launchCopy(launchShape(self.sizes(), "clone"), operandOf(out, self.sizes()), operandOf(self, self.sizes()),
             on.stream);
  return out;
}

Tensor contiguousOp(const Tensor& self, int64_t memory_format) {
  return self.is_contiguous() ? self : cloneOp(self, memory_format);
}

// A CUDA kernel for the operator `overload` ("aten::add.Tensor"), whose CPU
// twin is already registered: the schema is taken from its record.
struct CudaRow {
  const char* overload;
  Kernel kernel;
  const KernelSignature* signature;
};

template <auto F>
constexpr CudaRow row(const char* overload) {
  return CudaRow{overload, &boxed<F>, &kernelSignatureOf<F>};
}

const CudaRow kCudaRows[] = {
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

}  // namespace

void registerCudaKernels(OperatorRegistry& registry) {
  for (const CudaRow& r : kCudaRows) {
    const Operator* cpu = registry.findByName(r.overload);
    JS_INTERNAL_ASSERT(cpu != nullptr, "CUDA kernel for ", r.overload, ", which is not registered");
    OperatorDef def(cpu->schemaString(), r.kernel, cpu->doc());
    def.signature = r.signature;
    def.device = DeviceType::CUDA;
    const absl::Status st = registry.add(def);
    JS_INTERNAL_ASSERT(st.ok(), "registering the CUDA kernel of ", r.overload, ": ", st.message());
  }
}

}  // namespace jitserve::cuda
