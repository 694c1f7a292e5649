#include "runtime/cuda/cuda_op_utils.h"

#include <algorithm>

#include "runtime/support/error.h"
#include "runtime/tensor/device_copy.h"

namespace jitserve::cuda {

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

Device deviceOf(std::initializer_list<const Tensor*> ts, const char* op) {
  Device dev = Device::cpu();
  for (const Tensor* t : ts)
    if (t->defined() && t->device().type == DeviceType::CUDA) {
      dev = t->device();
      break;
    }
  JS_INTERNAL_ASSERT(dev.type == DeviceType::CUDA, op, ": CUDA kernel called without a CUDA tensor");
  for (const Tensor* t : ts)
    JS_CHECK(!t->defined() || t->device() == dev || isCpuScalar(*t), op,
             ": expected all tensors to be on the same device, but found ", dev.str(), " and ", t->device().str());
  return dev;
}

OnDevice::OnDevice(Device d) : device(d), guard(index(d)), stream(currentStream(index(d))) {}

namespace {

// A complex tensor as a view of its real type with a trailing (re, im) dim
// (view_as_real's geometry), so the strided copy kernel moves it unchanged.
Tensor asRealPairs(const Tensor& t) {
  std::vector<int64_t> sizes(t.sizes().begin(), t.sizes().end()), strides;
  for (int64_t d = 0; d < t.dim(); ++d) strides.push_back(t.stride(d) * 2);
  sizes.push_back(2);
  strides.push_back(1);
  const ScalarType rt = t.dtype() == ScalarType::ComplexDouble ? ScalarType::Double : ScalarType::Float;
  return Tensor::fromStorage(t.storage(), rt, sizes, strides, t.storage_offset() * 2);
}

bool isPairCopyable(ScalarType t) { return t == ScalarType::ComplexFloat || t == ScalarType::ComplexDouble; }

}  // namespace

Tensor cloneOnDevice(const Tensor& t, const OnDevice& on) {
  Tensor out = emptyOnDevice(t.sizes(), t.dtype(), t.device());
  copyIntoOnDevice(out, t, on);
  return out;
}

void copyIntoOnDevice(const Tensor& dst, const Tensor& src, const OnDevice& on) {
  if (dst.numel() == 0) return;
  const Tensor s = src.device() == dst.device() ? src : toDevice(src, dst.device());
  if (isPairCopyable(dst.dtype()) || isPairCopyable(s.dtype())) {
    JS_CHECK(dst.dtype() == s.dtype(), "copy_: converting ", scalarTypeName(s.dtype()), " to ",
             scalarTypeName(dst.dtype()), " is not supported on CUDA (move the tensor to the CPU first)");
    std::vector<int64_t> shape(dst.sizes().begin(), dst.sizes().end());
    shape.push_back(2);
    const Tensor d2 = asRealPairs(dst), s2 = asRealPairs(s);
    launchCopy(launchShape(shape, "copy_"), operandOf(d2, shape), operandOf(s2, shape), on.stream);
    return;
  }
  checkDtype(dst.dtype(), "copy_");
  checkDtype(s.dtype(), "copy_");
  launchCopy(launchShape(dst.sizes(), "copy_"), operandOf(dst, dst.sizes()), operandOf(s, dst.sizes()), on.stream);
}

Tensor fullOnDevice(IntArrayRef shape, const Scalar& value, ScalarType dt, const OnDevice& on) {
  checkDtype(dt, "full");
  Tensor out = emptyOnDevice(shape, dt, on.device);
  if (out.numel() == 0) return out;
  const Tensor one = toDevice(full({}, value, dt), on.device);
  launchCopy(launchShape(shape, "full"), operandOf(out, shape), operandOf(one, shape), on.stream);
  return out;
}

Tensor longsOnDevice(const std::vector<int64_t>& values, IntArrayRef shape, const OnDevice& on) {
  Tensor host = empty(shape, ScalarType::Long);
  JS_INTERNAL_ASSERT(static_cast<size_t>(host.numel()) == values.size(), "longsOnDevice: ", values.size(),
                     " values for shape ", shapeToString(shape));
  std::copy(values.begin(), values.end(), host.data<int64_t>());
  return toDevice(host, on.device);
}

Tensor contiguousOnDevice(const Tensor& t, const OnDevice& on) { return t.is_contiguous() ? t : cloneOnDevice(t, on); }

Tensor castOnDevice(const Tensor& t, ScalarType dt, const OnDevice& on) {
  if (t.dtype() == dt) return t;
  checkDtype(t.dtype(), "to");
  checkDtype(dt, "to");
  Tensor out = emptyOnDevice(t.sizes(), dt, t.device());
  launchCopy(launchShape(t.sizes(), "to"), operandOf(out, t.sizes()), operandOf(t, t.sizes()), on.stream);
  return out;
}

std::pair<int64_t, int64_t> pairOf(const std::vector<int64_t>& v, int64_t fallback, const char* op,
                                   const char* what) {
  if (v.empty()) return {fallback, fallback};
  JS_CHECK(v.size() == 1 || v.size() == 2, op, ": ", what, " must either be a single int, or a tuple of two ints");
  return {v[0], v.size() == 2 ? v[1] : v[0]};
}

double scalarValue(const Scalar& s) { return s.isIntegral(true) ? static_cast<double>(s.toLong()) : s.toDouble(); }

}  // namespace jitserve::cuda
