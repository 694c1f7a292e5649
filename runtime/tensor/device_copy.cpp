#include "runtime/tensor/device_copy.h"

#include <algorithm>

#include "runtime/support/error.h"
#include "runtime/tensor/backend.h"

namespace jitserve {
namespace {

// The device as a backend addresses it: index -1 ("the current one") is 0.
Device concrete(Device d) { return d.index < 0 ? Device(d.type, 0) : d; }

// The backend's memory for `device` (so the index is honoured, not the
// thread's current device).
Tensor emptyOn(Backend& b, IntArrayRef sizes, ScalarType dtype, Device device) {
  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  const size_t nbytes = static_cast<size_t>(numel) * elementSize(dtype);
  Storage storage(make_intrusive<StorageImpl>(b.allocate(nbytes, device), nbytes));
  return Tensor::fromStorage(std::move(storage), dtype, sizes);
}

Backend& checkedBackend(Device d) {
  Backend& b = backendFor(d.type);
  const int n = b.deviceCount();
  JS_CHECK(n > 0, "device ", d.str(), " is not available: no ", deviceTypeName(d.type), " device on this machine");
  JS_CHECK(d.index < n, "device ", d.str(), " is not available: this machine has ", n, " ",
           deviceTypeName(d.type), " device", n == 1 ? "" : "s");
  return b;
}

// t's elements in its own layout, brought to the host: the span of storage
// its view covers, re-viewed with t's strides.
Tensor gatherToHost(const Tensor& t, Backend& from) {
  if (t.numel() == 0) return empty(t.sizes(), t.dtype());
  int64_t lo = 0, hi = 0;  // element offsets relative to element 0
  for (int64_t d = 0; d < t.dim(); ++d) {
    const int64_t reach = (t.size(d) - 1) * t.stride(d);
    (reach < 0 ? lo : hi) += reach;
  }
  const int64_t span = hi - lo + 1;
  const size_t item = elementSize(t.dtype());
  Tensor host = empty({span}, t.dtype());
  const char* src = static_cast<const char*>(t.unsafeGetImpl()->deviceData()) + lo * static_cast<int64_t>(item);
  from.copyToHost(host.data_ptr(), src, t.device(), static_cast<size_t>(span) * item);
  return host.as_strided(t.sizes(), t.strides(), -lo).contiguous();
}

}  // namespace

Tensor emptyOnDevice(IntArrayRef sizes, ScalarType dtype, Device d) {
  if (d.type == DeviceType::CPU) return empty(sizes, dtype);
  const Device dst = concrete(d);
  return emptyOn(checkedBackend(dst), sizes, dtype, dst);
}

bool isOnDevice(const Tensor& t, Device d) {
  const Device src = t.device();
  return src.type == d.type && (d.index < 0 || concrete(src) == d);
}

Tensor toDevice(const Tensor& t, Device d, bool copy) {
  JS_CHECK(t.defined(), "to(): undefined tensor");
  const Device src = t.device();
  const bool sameDevice = isOnDevice(t, d);
  if (sameDevice && (!copy || src.type == DeviceType::CPU)) return copy ? t.clone() : t;
  const Device dst = concrete(sameDevice ? src : d);
  if (src.type == DeviceType::CPU) {
    Backend& to = checkedBackend(dst);
    const Tensor c = t.contiguous();
    Tensor out = emptyOn(to, t.sizes(), t.dtype(), dst);
    to.copyFromHost(out.unsafeGetImpl()->deviceData(), dst, c.data_ptr(),
                    static_cast<size_t>(c.numel()) * elementSize(c.dtype()));
    return out;
  }
  Backend& from = checkedBackend(concrete(src));
  if (dst.type == src.type && t.is_contiguous()) {
    Tensor out = emptyOn(from, t.sizes(), t.dtype(), dst);
    from.copyOnDevice(out.unsafeGetImpl()->deviceData(), dst, t.unsafeGetImpl()->deviceData(), src,
                      static_cast<size_t>(t.numel()) * elementSize(t.dtype()));
    return out;
  }
  if (dst.type == src.type) {
    // A strided view staying on the device type: copied there when the
    // backend can, then moved (a no-op on the same device).
    Tensor c = from.contiguousCopy(t);
    if (c.defined()) return isOnDevice(c, dst) ? c : toDevice(c, dst);
  }
  Tensor host = gatherToHost(t, from);
  return dst.type == DeviceType::CPU ? host : toDevice(host, dst);
}

}  // namespace jitserve
