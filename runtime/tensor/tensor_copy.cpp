// copy_, clone, to, fill_, zero_. Same-dtype dense copies are memcpy (split
// across the pool when large); everything else runs a dtype-converting
// TensorIterator loop.
#include <algorithm>
#include <complex>
#include <cstdint>
#include <cstring>

#include "runtime/tensor/backend.h"
#include "runtime/tensor/broadcasting.h"
#include "runtime/tensor/cpu_loops.h"
#include "runtime/tensor/device_copy.h"
#include "runtime/tensor/dispatch.h"
#include "runtime/tensor/tensor.h"

namespace jitserve {

namespace detail {
void throwKernelDtypeMismatch(int operand, ScalarType expected, ScalarType actual) {
  JS_ERROR("internal error (a jitserve bug): kernel expects ", scalarTypeName(expected), " for operand ", operand,
           " but the iterator has ", scalarTypeName(actual));
}
}  // namespace detail

namespace {

template <typename T>
inline constexpr bool isComplexCpp = std::is_same_v<T, std::complex<float>> || std::is_same_v<T, std::complex<double>>;

// Element conversion with PyTorch's CPU results: complex -> real keeps the
// real part; floating -> integer truncates through int32 (int64 for 64-bit
// targets) keeping the low bits, so 300.0 -> uint8 is 44 and -1.0 -> uint8 is
// 255, as on x86 PyTorch.
template <typename To, typename From>
inline To convertElement(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (isComplexCpp<From>) return v.real() != 0 || v.imag() != 0;
    else return static_cast<double>(v) != 0;
  } else if constexpr (isComplexCpp<To>) {
    using V = typename To::value_type;
    if constexpr (isComplexCpp<From>) return To(static_cast<V>(v.real()), static_cast<V>(v.imag()));
    else if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) return To(static_cast<V>(static_cast<float>(v)), 0);
    else return To(static_cast<V>(v), 0);
  } else if constexpr (isComplexCpp<From>) {
    return convertElement<To>(v.real());
  } else if constexpr (std::is_integral_v<To>) {
    if constexpr (std::is_integral_v<From>) {
      return static_cast<To>(v);
    } else {
      // x86 semantics without the UB: out-of-range and NaN give the
      // "integer indefinite" value of a 32-bit (or 64-bit) conversion, then
      // narrow types keep the low bits, as PyTorch's CPU casts produce.
      const double d = static_cast<double>(v);
      if constexpr (sizeof(To) <= 4) {
        const int32_t i = (d > -2147483649.0 && d < 2147483648.0) ? static_cast<int32_t>(d) : INT32_MIN;
        return static_cast<To>(i);
      } else {
        return static_cast<To>((d >= -9223372036854775808.0 && d < 9223372036854775808.0) ? static_cast<int64_t>(d)
                                                                                          : INT64_MIN);
      }
    }
  } else if constexpr (std::is_same_v<To, Half> || std::is_same_v<To, BFloat16>) {
    if constexpr (std::is_same_v<From, double>) return To(static_cast<float>(v));
    else return To(static_cast<float>(v));
  } else {
    // float / double targets.
    if constexpr (std::is_same_v<From, Half> || std::is_same_v<From, BFloat16>) return static_cast<To>(static_cast<float>(v));
    else return static_cast<To>(v);
  }
}

constexpr int64_t kMemcpyGrain = 1 << 18;  // bytes per parallel memcpy chunk

void parallelMemcpy(char* dst, const char* src, int64_t nbytes) {
  parallel_for(0, nbytes, kMemcpyGrain, [&](int64_t b, int64_t e) { std::memcpy(dst + b, src + b, e - b); });
}

bool sameGeometry(const Tensor& a, const Tensor& b) {
  return IntArrayRef(a.sizes()) == IntArrayRef(b.sizes()) && IntArrayRef(a.strides()) == IntArrayRef(b.strides());
}

bool overlaps(const Tensor& a, const Tensor& b) {
  if (!a.storage().is_same(b.storage()) || a.numel() == 0 || b.numel() == 0) return false;
  auto range = [](const Tensor& t) {
    int64_t last = 0;
    for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[d] - 1) * t.strides()[d];
    const auto lo = reinterpret_cast<uintptr_t>(t.data_ptr());
    return std::pair<uintptr_t, uintptr_t>(lo, lo + (last + 1) * t.itemsize());
  };
  auto [alo, ahi] = range(a);
  auto [blo, bhi] = range(b);
  return alo < bhi && blo < ahi;
}

// Same-dtype copy of a 2-D problem whose input runs along the outer dim
// (dst[i][j] = src[j][i] in memory terms, e.g. t().contiguous()): walking
// either side linearly strides the other by a whole row, so copy in tiles.
// 16x16 tiles in a plain sweep read 64 bytes from every row of a whole
// column strip before moving on; visiting them within 128x128 blocks
// touches each row in 512-byte runs instead (256x256 floats: 40 -> 28 us).
template <typename T>
void transposeCopy(const TensorIterator& iter) {
  // Small tiles: power-of-two row strides map a tall tile onto few cache
  // sets, so 64-row tiles thrash L1 where 16-row ones do not.
  constexpr int64_t kTile = 16, kBlock = 128;
  const int64_t n0 = iter.iter_size(0), n1 = iter.iter_size(1);
  const int64_t* s0 = iter.iter_strides(0);
  const int64_t* s1 = iter.iter_strides(1);
  char* dst = iter.data_ptr(0);
  const char* src = iter.data_ptr(1);
  const int64_t blocks1 = (n1 + kBlock - 1) / kBlock;
  // A chunk moves at least 4x the usual grain: a 256x256 float transpose
  // (28 us on one thread) took 58-86 us split in two, the second thread
  // starting late and reading the first one's cache.
  parallel_for(0, blocks1, std::max<int64_t>(1, 4 * kGrainSize / (kBlock * std::max<int64_t>(n0, 1))),
               [&](int64_t bb, int64_t be) {
                 for (int64_t b1 = bb; b1 < be; ++b1) {
                   const int64_t jb0 = b1 * kBlock, jb1 = std::min(n1, jb0 + kBlock);
                   for (int64_t ib0 = 0; ib0 < n0; ib0 += kBlock) {
                     const int64_t ib1 = std::min(n0, ib0 + kBlock);
                     for (int64_t j0 = jb0; j0 < jb1; j0 += kTile) {
                       const int64_t j1 = std::min(jb1, j0 + kTile);
                       for (int64_t i0 = ib0; i0 < ib1; i0 += kTile) {
                         const int64_t i1 = std::min(ib1, i0 + kTile);
                         for (int64_t j = j0; j < j1; ++j)
                           for (int64_t i = i0; i < i1; ++i)
                             *reinterpret_cast<T*>(dst + i * s0[0] + j * s1[0]) =
                                 *reinterpret_cast<const T*>(src + i * s0[1] + j * s1[1]);
                       }
                     }
                   }
                 }
               });
}

bool tryTransposeCopy(const TensorIterator& iter, size_t itemsize) {
  if (iter.ndim() != 2 || iter.numel() < 4096) return false;
  const int64_t item = static_cast<int64_t>(itemsize);
  // Output dense along the inner dim, input dense along the outer one.
  if (iter.iter_strides(0)[0] != item || iter.iter_strides(1)[1] != item) return false;
  switch (itemsize) {
    case 1: transposeCopy<uint8_t>(iter); return true;
    case 2: transposeCopy<uint16_t>(iter); return true;
    case 4: transposeCopy<uint32_t>(iter); return true;
    case 8: transposeCopy<uint64_t>(iter); return true;
    default: return false;
  }
}

}  // namespace

Tensor& Tensor::copy_(const Tensor& src_in) {
  JS_CHECK(defined(), "copy_: the destination tensor is undefined");
  JS_CHECK(src_in.defined(), "copy_: the source tensor is undefined");
  if (!is_cpu() || !src_in.is_cpu()) {
    // A device destination: its backend's copy (composite kernels write
    // results through copy_ whatever the device). A host destination: the
    // source brought over first.
    if (is_cpu()) return copy_(toDevice(src_in, Device::cpu()));
    Backend* backend = findBackend(device().type);
    JS_CHECK(backend && backend->copyInto(*this, src_in), "copy_: no device-side copy for ", device().str(),
             " (", device().str(), " <- ", src_in.device().str(), ")");
    return *this;
  }
  if (is_same(src_in)) return *this;
  if (IntArrayRef(src_in.sizes()) != IntArrayRef(sizes())) {
    DimVector b = infer_size(sizes(), src_in.sizes());
    JS_CHECK(IntArrayRef(b) == IntArrayRef(sizes()), "output with shape ", shapeToString(sizes()),
             " doesn't match the broadcast shape ", shapeToString(b));
  }
  if (numel() == 0) return *this;
  if (data_ptr() == src_in.data_ptr() && dtype() == src_in.dtype() && sameGeometry(*this, src_in)) return *this;

  // A source that partially overlaps the destination is read from a copy.
  const Tensor src = overlaps(*this, src_in) ? src_in.clone() : src_in;

  if (dtype() == src.dtype() && sameGeometry(*this, src) && is_non_overlapping_and_dense()) {
    parallelMemcpy(static_cast<char*>(data_ptr()), static_cast<const char*>(src.data_ptr()),
                   static_cast<int64_t>(nbytes()));
    return *this;
  }

  const ScalarType dst_t = dtype(), src_t = src.dtype();
  if (numel() == 1) {
    // One element (scalar arguments cast to an op's dtype): skip the iterator.
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dst_t, "copy_", [&] {
      using dst_scalar = scalar_t;
      JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(src_t, "copy_", [&] {
        *static_cast<dst_scalar*>(data_ptr()) = convertElement<dst_scalar>(*static_cast<const scalar_t*>(src.data_ptr()));
      });
    });
    return *this;
  }

  TensorIterator iter = TensorIteratorConfig()
                            .name("copy_")
                            .add_output(*this)
                            .add_input(src)
                            .check_all_same_dtype(false)
                            .resize_outputs(false)
                            .build();
  if (dst_t == src_t && tryTransposeCopy(iter, itemsize())) return *this;
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dst_t, "copy_", [&] {
    using dst_scalar = scalar_t;
    JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(src_t, "copy_", [&] {
      using src_scalar = scalar_t;
      cpu_kernel(iter, [](src_scalar v) -> dst_scalar { return convertElement<dst_scalar>(v); });
    });
  });
  return *this;
}

Tensor Tensor::clone() const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("clone");
  // Another device's tensor: a copy through its backend (contiguous), so
  // CPU-slot code that only copies (dropout in eval, reshape of a view)
  // works on any device.
  if (!is_cpu()) return toDevice(*this, device(), /*copy=*/true);
  Tensor out = empty_like(*this);
  out.copy_(*this);
  return out;
}

Tensor Tensor::to(ScalarType dt, bool copy) const {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("to");
  if (dt == dtype() && !copy) return *this;
  Tensor out = empty_like(*this, dt);
  out.copy_(*this);
  return out;
}

Tensor& Tensor::fill_(const Scalar& value) {
  JS_CHECK(defined(), "fill_: the tensor is undefined");
  // On a device: one host element broadcast by the backend's copy.
  if (!is_cpu()) return copy_(full({}, value, dtype()));
  JS_DISPATCH_ALL_TYPES_AND_COMPLEX_AND_BOOL(dtype(), "fill_", [&] {
    const scalar_t v = value.to<scalar_t>();
    if (is_non_overlapping_and_dense()) {
      // Dense: the elements are exactly the block starting at element 0.
      scalar_t* p = static_cast<scalar_t*>(data_ptr());
      parallel_for(0, numel(), kGrainSize, [&](int64_t b, int64_t e) {
        for (int64_t i = b; i < e; ++i) p[i] = v;
      });
      return;
    }
    TensorIterator iter = TensorIteratorConfig().name("fill_").add_output(*this).resize_outputs(false).build();
    cpu_kernel(iter, [v]() -> scalar_t { return v; });
  });
  return *this;
}

Tensor& Tensor::zero_() {
  if (__builtin_expect(!defined(), 0)) detail::throwUndefinedTensor("zero_");
  if (defined() && is_cpu() && is_non_overlapping_and_dense()) {
    char* p = static_cast<char*>(data_ptr());
    parallel_for(0, static_cast<int64_t>(nbytes()), kMemcpyGrain,
                 [&](int64_t b, int64_t e) { std::memset(p + b, 0, e - b); });
    return *this;
  }
  return fill_(0);
}

}  // namespace jitserve
