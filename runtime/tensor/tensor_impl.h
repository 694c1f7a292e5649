// TensorImpl: the refcounted object behind a Tensor handle.
//
// A tensor is a strided view of a Storage: element (i0, i1, ...) lives at
// storage.data() + (storage_offset + sum_k i_k * stride_k) * itemsize. Many
// TensorImpls may view one Storage (views share memory; writes through one are
// seen by the others).
//
// Invariants (kept by every mutator here):
//  - sizes are >= 0, numel_ is their product (no overflow),
//  - contiguous_ is true iff the strides are the row-major strides of the
//    sizes, ignoring dims of size 1 (and any tensor with 0 elements),
//  - for tensors built from untrusted input, the viewed range fits in the
//    storage (Tensor::fromStorage checks; views of valid tensors stay valid).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "runtime/support/intrusive_ptr.h"
#include "runtime/tensor/device.h"
#include "runtime/tensor/dtype.h"
#include "runtime/tensor/int_array_ref.h"
#include "runtime/tensor/sizes_and_strides.h"
#include "runtime/tensor/storage.h"

namespace jitserve {

class TensorImpl final : public Refcounted {
 public:
  // A contiguous tensor of `sizes` over `storage` starting at element 0.
  TensorImpl(Storage storage, ScalarType dtype, IntArrayRef sizes);
  TensorImpl(Storage storage, ScalarType dtype, IntArrayRef sizes, IntArrayRef strides, int64_t storage_offset);

  std::span<const int64_t> sizes() const { return sizes_strides_.sizes(); }
  std::span<const int64_t> strides() const { return sizes_strides_.strides(); }
  int64_t dim() const { return static_cast<int64_t>(sizes_strides_.rank()); }
  // Unchecked, non-negative index (Tensor::size(d) wraps and checks).
  int64_t size(int64_t d) const { return sizes_strides_.sizeData()[d]; }
  int64_t stride(int64_t d) const { return sizes_strides_.strideData()[d]; }
  int64_t numel() const { return numel_; }
  int64_t storage_offset() const { return storage_offset_; }
  ScalarType dtype() const { return dtype_; }
  size_t itemsize() const { return itemsize_; }
  Device device() const { return storage_.device(); }
  const Storage& storage() const { return storage_; }
  bool is_contiguous() const { return contiguous_; }
  // No two elements share memory and the elements fill a dense block (in
  // some dim order): e.g. a transposed contiguous tensor.
  bool is_non_overlapping_and_dense() const;

  // Address of element 0 (may be null for an empty tensor), for code that
  // reads or writes it on the host: a tensor on another device is an error
  // here, never a wild read (a CPU kernel handed a CUDA tensor fails at its
  // first data access, naming the device).
  void* data() const {
    if (storage_.device().type != DeviceType::CPU) [[unlikely]] throwNotOnHost();
    return deviceData();
  }
  // The same address on whatever device holds it: for backends and device
  // kernels, which know where the memory is.
  void* deviceData() const {
    return static_cast<char*>(storage_.data()) + storage_offset_ * static_cast<int64_t>(itemsize_);
  }

  bool requires_grad() const { return requires_grad_; }
  void set_requires_grad(bool v) { requires_grad_ = v; }
  // A zero-dim tensor standing for a Python number in an op's arguments: it
  // takes part in type promotion by category only (see type_promotion.h).
  bool is_wrapped_number() const { return wrapped_number_; }
  void set_wrapped_number(bool v) { wrapped_number_ = v; }

  // Mutators. They do not check the result fits the storage; callers that
  // take shapes from users check first (Tensor::fromStorage, resize_).
  void set_sizes_and_strides(IntArrayRef sizes, IntArrayRef strides, std::optional<int64_t> storage_offset = {});
  void set_sizes_contiguous(IntArrayRef sizes);
  void set_storage_offset(int64_t offset) { storage_offset_ = offset; }
  void set_storage(Storage storage) { storage_ = std::move(storage); }
  // Writable access for view ops that compute shapes in place; call
  // refresh() after changing them.
  SizesAndStrides& mutable_sizes_and_strides() { return sizes_strides_; }
  void refresh();

 private:
  [[noreturn]] void throwNotOnHost() const;

  Storage storage_;
  SizesAndStrides sizes_strides_;
  int64_t storage_offset_ = 0;
  int64_t numel_ = 0;
  uint32_t itemsize_;
  ScalarType dtype_;
  bool contiguous_ = true;
  bool requires_grad_ = false;
  bool wrapped_number_ = false;
};

// Row-major strides for `sizes` (size-0/1 dims get the stride they would have
// if they were 1, as PyTorch does).
DimVector contiguous_strides(IntArrayRef sizes);
// Product of sizes; errors (naming `what`) on negative sizes or int64 overflow.
int64_t checked_numel(IntArrayRef sizes, const char* what);

}  // namespace jitserve
