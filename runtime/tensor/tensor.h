// Tensor: a one-word handle (intrusive_ptr<TensorImpl>) to a strided view of
// a Storage. Copying a Tensor copies the handle, not the data; IValue stores
// the raw TensorImpl* (fromImpl / releaseImpl / unsafeGetImpl).
//
// The API follows PyTorch's C++ names and semantics (snake_case), so kernels
// read like ATen code:
//   - metadata: dtype(), device(), dim(), sizes(), strides(), size(-1), numel()
//   - views share storage and allocate only their TensorImpl: view, reshape
//     (view if possible, else copy), as_strided, transpose, t, permute, slice,
//     select, narrow, expand, squeeze, unsqueeze, flatten, unflatten,
//     diagonal, unfold, movedim. Errors match PyTorch's messages.
//   - copies: copy_ (broadcasting, any dtypes, any strides), clone, to, fill_
//   - factories (free functions): empty, empty_strided, zeros, ones, full,
//     scalar_tensor, from_vector, arange, and Tensor::fromStorage, which
//     checks a shape taken from an untrusted file fits its storage.
// A default-constructed Tensor is undefined (no impl). Operations (views,
// copies, conversions, item) throw "<op>: the tensor is undefined" on it;
// the metadata accessors (sizes(), dtype(), data_ptr(), ...) are unchecked
// for speed, so check defined() first where a tensor may be missing.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "runtime/support/error.h"
#include "runtime/support/intrusive_ptr.h"
#include "runtime/tensor/device.h"
#include "runtime/tensor/dtype.h"
#include "runtime/tensor/half.h"
#include "runtime/tensor/int_array_ref.h"
#include "runtime/tensor/scalar.h"
#include "runtime/tensor/scalar_type_traits.h"
#include "runtime/tensor/storage.h"
#include "runtime/tensor/tensor_impl.h"
#include "runtime/tensor/wrap_dim.h"

namespace jitserve {

namespace detail {
[[noreturn]] void throwDtypeMismatch(const char* accessor, ScalarType expected, ScalarType actual);
[[noreturn]] void throwUndefinedTensor(const char* what);
}  // namespace detail

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(intrusive_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  static Tensor fromImpl(intrusive_ptr<TensorImpl> impl) { return Tensor(std::move(impl)); }
  TensorImpl* unsafeGetImpl() const { return impl_.get(); }
  intrusive_ptr<TensorImpl> releaseImpl() { return std::move(impl_); }
  const intrusive_ptr<TensorImpl>& getIntrusivePtr() const { return impl_; }

  // A view of `storage` with the given geometry. Checks (overflow-safe) that
  // sizes and strides are non-negative and that every element lies inside the
  // storage; the error names the shape, offset and storage size. Meant for
  // shapes read from untrusted files (the unpickler).
  static Tensor fromStorage(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides,
                            int64_t storage_offset = 0);
  // Contiguous variant.
  static Tensor fromStorage(Storage storage, ScalarType dtype, IntArrayRef sizes, int64_t storage_offset = 0);

  // ---- metadata ----
  bool defined() const { return static_cast<bool>(impl_); }
  ScalarType dtype() const { return impl_->dtype(); }
  ScalarType scalar_type() const { return impl_->dtype(); }
  Device device() const { return impl_->device(); }
  bool is_cpu() const { return impl_->device().isCPU(); }
  int64_t dim() const { return impl_->dim(); }
  int64_t ndimension() const { return dim(); }
  std::span<const int64_t> sizes() const { return impl_->sizes(); }
  std::span<const int64_t> strides() const { return impl_->strides(); }
  // Dims may be negative (-1 is the last); out of range is an error.
  int64_t size(int64_t d) const { return impl_->size(maybe_wrap_dim(d, dim(), false)); }
  int64_t stride(int64_t d) const { return impl_->stride(maybe_wrap_dim(d, dim(), false)); }
  int64_t numel() const { return impl_->numel(); }
  int64_t storage_offset() const { return impl_->storage_offset(); }
  size_t element_size() const { return impl_->itemsize(); }
  size_t itemsize() const { return impl_->itemsize(); }
  size_t nbytes() const { return static_cast<size_t>(numel()) * itemsize(); }
  bool is_contiguous() const { return impl_->is_contiguous(); }
  bool is_non_overlapping_and_dense() const { return impl_->is_non_overlapping_and_dense(); }
  bool is_floating_point() const { return isFloatingType(dtype()); }
  bool is_complex() const { return isComplexType(dtype()); }
  const Storage& storage() const { return impl_->storage(); }
  bool requires_grad() const { return impl_->requires_grad(); }
  Tensor& set_requires_grad(bool v) {
    impl_->set_requires_grad(v);
    return *this;
  }
  uint32_t use_count() const { return impl_.use_count(); }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }
  bool is_alias_of(const Tensor& o) const { return storage().is_same(o.storage()); }

  // ---- data access ----
  // Address of element 0.
  void* data_ptr() const { return impl_->data(); }
  // Typed address of element 0; the dtype must be exactly T's.
  template <typename T>
  T* data() const {
    if (__builtin_expect(dtype() != scalarTypeOf<T>, 0)) detail::throwDtypeMismatch("data", scalarTypeOf<T>, dtype());
    return static_cast<T*>(impl_->data());
  }
  template <typename T>
  const T* const_data() const {
    return data<T>();
  }
  // The value of a one-element tensor ("a Tensor with 6 elements cannot be
  // converted to Scalar" otherwise): Double for floating dtypes, Int for
  // integral, Bool for bool, ComplexDouble for complex.
  Scalar item() const;
  template <typename T>
  T item() const {
    return item().to<T>();
  }

  // ---- views (share storage) ----
  // -1 infers one size; fails when the strides cannot express the new shape
  // ("view size is not compatible with input tensor's size and stride ...").
  Tensor view(IntArrayRef sizes) const;
  Tensor view_as(const Tensor& other) const { return view(other.sizes()); }
  // A view when possible, otherwise a contiguous copy.
  Tensor reshape(IntArrayRef sizes) const;
  Tensor reshape_as(const Tensor& other) const { return reshape(other.sizes()); }
  // Offset defaults to this tensor's storage offset. Checked to stay inside
  // the storage.
  Tensor as_strided(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storage_offset = {}) const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  // transpose(0, 1) for 2-D tensors; 0-D and 1-D tensors are returned as is.
  Tensor t() const;
  Tensor permute(IntArrayRef dims) const;
  // Python slicing self[start:end:step] along dim, with clamping; step > 0.
  Tensor slice(int64_t dim = 0, std::optional<int64_t> start = {}, std::optional<int64_t> end = {},
               int64_t step = 1) const;
  // Removes dim, picking `index` (negative counts from the end).
  Tensor select(int64_t dim, int64_t index) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  // Broadcasts size-1 dims to `sizes` (stride 0) and prepends new dims; -1
  // keeps a size.
  Tensor expand(IntArrayRef sizes) const;
  Tensor expand_as(const Tensor& other) const { return expand(other.sizes()); }
  Tensor squeeze() const;
  Tensor squeeze(int64_t dim) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor flatten(int64_t start_dim = 0, int64_t end_dim = -1) const;
  Tensor unflatten(int64_t dim, IntArrayRef sizes) const;
  Tensor diagonal(int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1) const;
  // Sliding windows of `size` every `step` along dim, as a new last dim.
  Tensor unfold(int64_t dimension, int64_t size, int64_t step) const;
  Tensor movedim(int64_t source, int64_t destination) const;
  Tensor movedim(IntArrayRef source, IntArrayRef destination) const;
  // A new handle on the same view (what aten::alias returns).
  Tensor alias() const;
  // No autograd here: a fresh alias with requires_grad = false.
  Tensor detach() const;
  // Self if contiguous, else a contiguous copy.
  Tensor contiguous() const;

  // In-place geometry changes (this TensorImpl changes; other handles to it
  // see the change).
  Tensor& squeeze_();
  Tensor& squeeze_(int64_t dim);
  Tensor& unsqueeze_(int64_t dim);
  Tensor& transpose_(int64_t dim0, int64_t dim1);
  Tensor& t_();
  Tensor& as_strided_(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storage_offset = {});
  // Makes this tensor contiguous with `sizes`, growing the storage if needed
  // (existing values are kept only as raw bytes, as in PyTorch). For out=
  // kernels.
  Tensor& resize_(IntArrayRef sizes);

  // ---- copy and conversion ----
  // Copies src into self, broadcasting src to self's shape and converting
  // dtypes. Self must not have overlapping elements (expanded dims).
  Tensor& copy_(const Tensor& src);
  // A contiguous copy with the same values and dtype.
  Tensor clone() const;
  // Self when the dtype already matches and !copy, else a converted copy.
  Tensor to(ScalarType dtype, bool copy = false) const;
  Tensor& fill_(const Scalar& value);
  Tensor& zero_();

  friend std::ostream& operator<<(std::ostream& os, const Tensor& t);

 private:
  intrusive_ptr<TensorImpl> impl_;
};

static_assert(sizeof(Tensor) == sizeof(void*), "Tensor must be one word");

// The dtype PyTorch uses for Python floats in factories and promotion.
inline constexpr ScalarType kDefaultDtype = ScalarType::Float;

// ---- factories ----
Tensor empty(IntArrayRef sizes, ScalarType dtype = kDefaultDtype, Device device = Device::cpu());
Tensor empty_strided(IntArrayRef sizes, IntArrayRef strides, ScalarType dtype = kDefaultDtype,
                     Device device = Device::cpu());
// Same shape; keeps `like`'s memory layout when it is non-overlapping and
// dense (e.g. a transposed result stays transposed), else contiguous.
Tensor empty_like(const Tensor& like, std::optional<ScalarType> dtype = {});
Tensor zeros(IntArrayRef sizes, ScalarType dtype = kDefaultDtype, Device device = Device::cpu());
Tensor ones(IntArrayRef sizes, ScalarType dtype = kDefaultDtype, Device device = Device::cpu());
Tensor zeros_like(const Tensor& like, std::optional<ScalarType> dtype = {});
Tensor ones_like(const Tensor& like, std::optional<ScalarType> dtype = {});
// dtype unset: inferred from the value like torch.full (bool -> Bool, int ->
// Long, float -> Float, complex -> ComplexFloat).
Tensor full(IntArrayRef sizes, const Scalar& value, std::optional<ScalarType> dtype = {},
            Device device = Device::cpu());
Tensor full_like(const Tensor& like, const Scalar& value, std::optional<ScalarType> dtype = {});
// A zero-dim tensor. dtype unset: Scalar::type() (Double for floats, Long for ints).
Tensor scalar_tensor(const Scalar& value, std::optional<ScalarType> dtype = {}, Device device = Device::cpu());
// A zero-dim tensor flagged as a wrapped number, for passing a Scalar
// argument to TensorIterator so it promotes like a Python number.
Tensor wrapped_scalar_tensor(const Scalar& value);
// torch.arange: [start, end) by step. dtype unset: Long if all arguments are
// integral, else the default dtype (Float).
Tensor arange(const Scalar& end, std::optional<ScalarType> dtype = {});
Tensor arange(const Scalar& start, const Scalar& end, const Scalar& step = 1, std::optional<ScalarType> dtype = {});

// A new contiguous tensor holding `values` with the given shape (1-D when
// sizes is empty); numel must equal values.size().
template <typename T>
Tensor from_vector(const std::vector<T>& values, IntArrayRef sizes = {}) {
  const int64_t n = static_cast<int64_t>(values.size());
  Tensor t = sizes.empty() ? empty({n}, scalarTypeOf<T>) : empty(sizes, scalarTypeOf<T>);
  JS_CHECK(t.numel() == n, "from_vector: shape ", shapeToString(sizes), " needs ", t.numel(), " values, got ", n);
  T* p = t.data<T>();
  for (int64_t i = 0; i < n; ++i) p[i] = values[static_cast<size_t>(i)];
  return t;
}

// Short description plus values for small tensors, e.g.
//   "Float[2, 3] [[1, 2, 3], [4, 5, 6]]"
// Large tensors print their first and last few values per dim with "...".
std::string toString(const Tensor& t);
// Just "Float[2, 3]" (no values), for error messages.
std::string describe(const Tensor& t);
// What str(t) and print(t) give in TorchScript: libtorch's C++ tensor
// printing (one value per line for 1-d, rows for 2-d, "(i,.,.) =" slices
// above, a shared width and fixed/scientific format, "[ CPUFloatType{2} ]"
// last), e.g. " 1.5000\n 2.0000\n[ CPUFloatType{2} ]". Complex and
// non-CPU tensors fall back to toString.
std::string torchScriptString(const Tensor& t);

}  // namespace jitserve
