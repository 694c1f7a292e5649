// Tensor factories, fromStorage validation, item() and in-place geometry.
// Views are in tensor_views.cpp, copies in tensor_copy.cpp, printing in
// tensor_print.cpp.
#include "runtime/tensor/tensor.h"

#include "runtime/tensor/device_copy.h"

#include <cmath>

#include "runtime/tensor/dispatch.h"

namespace jitserve {

namespace detail {
void throwDtypeMismatch(const char* accessor, ScalarType expected, ScalarType actual) {
  JS_ERROR("expected scalar type ", scalarTypeName(expected), " but found ", scalarTypeName(actual),
           " (Tensor::", accessor, ")");
}
void throwUndefinedTensor(const char* what) { JS_ERROR(what, ": the tensor is undefined"); }
void throwUnsupportedDtype(const char* op, ScalarType t) { JS_ERROR(op, ": unsupported dtype ", scalarTypeName(t)); }
}  // namespace detail

namespace {

void checkDtype(ScalarType dtype, const char* what) {
  JS_CHECK(isValidScalarType(static_cast<int>(dtype)) && elementSize(dtype) > 0, what, ": invalid dtype ",
           static_cast<int>(dtype));
}

// Bytes needed so that every element of (sizes, strides, offset) fits;
// nullopt on int64 overflow. 0 for an empty tensor.
std::optional<int64_t> requiredBytes(IntArrayRef sizes, IntArrayRef strides, int64_t offset, int64_t itemsize) {
  int64_t last = offset;  // index of the last element
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == 0) return 0;
    int64_t step;
    if (__builtin_mul_overflow(sizes[i] - 1, strides[i], &step)) return std::nullopt;
    if (__builtin_add_overflow(last, step, &last)) return std::nullopt;
  }
  int64_t bytes;
  if (__builtin_add_overflow(last, 1, &last) || __builtin_mul_overflow(last, itemsize, &bytes)) return std::nullopt;
  return bytes;
}

template <typename T>
Scalar elementToScalar(T v) {
  if constexpr (std::is_same_v<T, bool>) return Scalar(v);
  else if constexpr (std::is_integral_v<T>) return Scalar(static_cast<int64_t>(v));
  else if constexpr (std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>)
    return Scalar(std::complex<double>(v));
  else return Scalar(static_cast<double>(static_cast<float>(v)));
}
template <>
Scalar elementToScalar<double>(double v) {
  return Scalar(v);
}

}  // namespace

Tensor Tensor::fromStorage(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                           int64_t storage_offset) {
  JS_CHECK(storage.defined(), "fromStorage: undefined storage");
  checkDtype(dtype, "fromStorage");
  JS_CHECK(sizes.size() == strides.size(), "fromStorage: sizes ", shapeToString(sizes), " and strides ",
           shapeToString(strides), " differ in length");
  JS_CHECK(sizes.size() <= 64, "fromStorage: too many dimensions (", sizes.size(), ")");
  checked_numel(sizes, "fromStorage");
  for (int64_t s : strides) JS_CHECK(s >= 0, "fromStorage: negative stride in ", shapeToString(strides));
  JS_CHECK(storage_offset >= 0, "fromStorage: negative storage offset ", storage_offset);
  const int64_t itemsize = static_cast<int64_t>(elementSize(dtype));
  auto need = requiredBytes(sizes, strides, storage_offset, itemsize);
  JS_CHECK(need && *need <= static_cast<int64_t>(storage.nbytes()), "setStorage: sizes ", shapeToString(sizes),
           ", strides ", shapeToString(strides), ", storage offset ", storage_offset, ", and itemsize ", itemsize,
           need ? " requiring a storage size of " + std::to_string(*need) : std::string(" (overflowing int64)"),
           " are out of bounds for storage of size ", storage.nbytes());
  return Tensor(make_intrusive<TensorImpl>(std::move(storage), dtype, sizes, strides, storage_offset));
}

Tensor Tensor::fromStorage(Storage storage, ScalarType dtype, IntArrayRef sizes, int64_t storage_offset) {
  checked_numel(sizes, "fromStorage");
  DimVector strides = contiguous_strides(sizes);
  return fromStorage(std::move(storage), dtype, sizes, strides, storage_offset);
}

Scalar Tensor::item() const {
  JS_CHECK(defined(), "item(): the tensor is undefined");
  JS_CHECK(numel() == 1, "a Tensor with ", numel(), " elements cannot be converted to Scalar");
  // A device's one element comes to the host first (a synchronizing copy,
  // as in PyTorch).
  if (!is_cpu()) return toDevice(*this, Device::cpu()).item();
  return JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dtype(), "item", [&]() -> Scalar {
    return elementToScalar(*static_cast<const scalar_t*>(data_ptr()));
  });
}

// ---- in-place geometry ----

Tensor& Tensor::resize_(IntArrayRef sizes) {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("resize_");
  const int64_t n = checked_numel(sizes, "resize_");
  int64_t bytes;
  JS_CHECK(!__builtin_mul_overflow(n + storage_offset(), static_cast<int64_t>(itemsize()), &bytes),
           "resize_: shape ", shapeToString(sizes), " is too large");
  if (n > 0 && static_cast<size_t>(bytes) > storage().nbytes()) storage().unsafeGetStorageImpl()->resize(bytes);
  impl_->set_sizes_contiguous(sizes);
  return *this;
}

// ---- factories ----

Tensor empty(IntArrayRef sizes, ScalarType dtype, Device device) {
  checkDtype(dtype, "empty");
  const int64_t n = checked_numel(sizes, "empty");
  int64_t bytes;
  JS_CHECK(!__builtin_mul_overflow(n, static_cast<int64_t>(elementSize(dtype)), &bytes), "empty: shape ",
           shapeToString(sizes), " is too large");
  return Tensor(make_intrusive<TensorImpl>(Storage::allocate(static_cast<size_t>(bytes), device), dtype, sizes));
}

Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype, Device device) {
  checkDtype(dtype, "empty_strided");
  JS_CHECK(sizes.size() == strides.size(), "empty_strided: mismatch in length of strides and shape");
  checked_numel(sizes, "empty_strided");
  for (int64_t s : strides) JS_CHECK(s >= 0, "empty_strided: negative strides are not supported");
  const int64_t itemsize = static_cast<int64_t>(elementSize(dtype));
  auto need = requiredBytes(sizes, strides, 0, itemsize);
  JS_CHECK(need.has_value(), "empty_strided: shape ", shapeToString(sizes), " with strides ", shapeToString(strides),
           " is too large");
  return Tensor(make_intrusive<TensorImpl>(Storage::allocate(static_cast<size_t>(*need), device), dtype, sizes,
                                           strides, 0));
}

Tensor empty_like(const Tensor& like, std::optional<ScalarType> dtype) {
  const ScalarType dt = dtype.value_or(like.dtype());
  if (like.is_contiguous() || !like.is_non_overlapping_and_dense()) return empty(like.sizes(), dt, like.device());
  return empty_strided(like.sizes(), like.strides(), dt, like.device());
}

Tensor zeros(IntArrayRef sizes, ScalarType dtype, Device device) {
  Tensor t = empty(sizes, dtype, device);
  t.zero_();
  return t;
}

Tensor ones(IntArrayRef sizes, ScalarType dtype, Device device) { return full(sizes, 1, dtype, device); }

Tensor zeros_like(const Tensor& like, std::optional<ScalarType> dtype) {
  Tensor t = empty_like(like, dtype);
  t.zero_();
  return t;
}

Tensor ones_like(const Tensor& like, std::optional<ScalarType> dtype) { return full_like(like, 1, dtype); }

namespace {
ScalarType inferFullDtype(const Scalar& v) {
  switch (v.kind()) {
    case Scalar::Kind::Bool: return ScalarType::Bool;
    case Scalar::Kind::Int: return ScalarType::Long;
    case Scalar::Kind::Double: return kDefaultDtype;
    case Scalar::Kind::ComplexDouble: return ScalarType::ComplexFloat;
  }
  return kDefaultDtype;
}
}  // namespace

Tensor full(IntArrayRef sizes, const Scalar& value, std::optional<ScalarType> dtype, Device device) {
  Tensor t = empty(sizes, dtype.value_or(inferFullDtype(value)), device);
  t.fill_(value);
  return t;
}

Tensor full_like(const Tensor& like, const Scalar& value, std::optional<ScalarType> dtype) {
  Tensor t = empty_like(like, dtype);
  t.fill_(value);
  return t;
}

Tensor scalar_tensor(const Scalar& value, std::optional<ScalarType> dtype, Device device) {
  Tensor t = empty({}, dtype.value_or(value.type()), device);
  t.fill_(value);
  return t;
}

Tensor wrapped_scalar_tensor(const Scalar& value) {
  Tensor t = scalar_tensor(value);
  t.unsafeGetImpl()->set_wrapped_number(true);
  return t;
}

Tensor arange(const Scalar& end, std::optional<ScalarType> dtype) { return arange(0, end, 1, dtype); }

Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step, std::optional<ScalarType> dtype) {
  JS_CHECK(!start.isComplex() && !end.isComplex() && !step.isComplex(), "arange: complex arguments are not supported");
  const bool all_integral = start.isIntegral(true) && end.isIntegral(true) && step.isIntegral(true);
  const ScalarType dt = dtype.value_or(all_integral ? ScalarType::Long : kDefaultDtype);
  int64_t n;
  if (all_integral && !isFloatingType(dt)) {
    const int64_t s = start.toLong(), e = end.toLong(), st = step.toLong();
    JS_CHECK(st != 0, "step must be nonzero");
    JS_CHECK((st > 0 && e >= s) || (st < 0 && e <= s), "upper bound and larger bound inconsistent with step sign");
    // ceil((e - s) / st) without overflow for reasonable ranges.
    __int128 span = static_cast<__int128>(e) - s;
    __int128 cnt = (span + st - (st > 0 ? 1 : -1)) / st;
    n = static_cast<int64_t>(cnt);
  } else {
    const double s = start.toDouble(), e = end.toDouble(), st = step.toDouble();
    JS_CHECK(std::isfinite(s) && std::isfinite(e), "unsupported range: ", s, " -> ", e);
    JS_CHECK(st != 0, "step must be nonzero");
    JS_CHECK((st > 0 && e >= s) || (st < 0 && e <= s), "upper bound and larger bound inconsistent with step sign");
    const double cnt = std::ceil((e - s) / st);
    JS_CHECK(cnt >= 0 && cnt < 9.2e18, "arange: invalid size, possible overflow?");
    n = static_cast<int64_t>(cnt);
  }
  Tensor t = empty({n}, dt);
  JS_DISPATCH_ALL_TYPES(dt, "arange", [&] {
    scalar_t* p = t.data<scalar_t>();
    if constexpr (std::is_integral_v<scalar_t>) {
      if (all_integral) {
        const int64_t s = start.toLong(), st = step.toLong();
        for (int64_t i = 0; i < n; ++i) p[i] = static_cast<scalar_t>(s + i * st);
        return;
      }
    }
    // Computed in double, as start + i * step (not by accumulation).
    const double s = start.toDouble(), st = step.toDouble();
    for (int64_t i = 0; i < n; ++i) p[i] = static_cast<scalar_t>(s + static_cast<double>(i) * st);
  });
  return t;
}

}  // namespace jitserve
