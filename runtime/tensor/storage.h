// Storage: a refcounted block of memory that tensors view.
//
// Several tensors (views) may share one StorageImpl; each views it through its
// own sizes, strides and offset. StorageImpl owns its memory through a DataPtr,
// which frees it when the last Storage handle dies; it may equally wrap
// external memory (a tensor payload inside a loaded archive). nbytes is the
// usable size; tensors check they fit inside it (see Tensor::fromStorage).
//
// Storages are device-tagged by their DataPtr. They may be resized only when
// created from an allocator (resizable), as out= kernels do.
//
// A storage may be marked frozen: a promise, made by freezing
// (compiler/passes/freeze_module.h) for the graph constants it proved nothing
// writes, that its bytes never change again. Kernels may then keep data
// derived from the bytes (a convolution weight in oneDNN's blocked layout)
// in the storage's derived-data cache, which dies with the storage, so a
// later storage at the same address never sees it. Nothing checks the
// promise on writes (that would cost every kernel); replacing or resizing
// the memory drops the cache.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "runtime/support/intrusive_ptr.h"
#include "runtime/tensor/allocator.h"
#include "runtime/tensor/device.h"

namespace jitserve {

class StorageImpl : public Refcounted {
 public:
  // Allocates nbytes from `allocator` (resizable storage).
  StorageImpl(size_t nbytes, Allocator* allocator)
      : data_ptr_(allocator->allocate(nbytes)), nbytes_(nbytes), allocator_(allocator) {}
  // Adopts existing memory of nbytes (not resizable).
  StorageImpl(DataPtr data, size_t nbytes) : data_ptr_(std::move(data)), nbytes_(nbytes), allocator_(nullptr) {}
  ~StorageImpl() override;

  void* data() const { return data_ptr_.get(); }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return data_ptr_.device(); }
  const DataPtr& dataPtr() const { return data_ptr_; }
  Allocator* allocator() const { return allocator_; }
  bool resizable() const { return allocator_ != nullptr; }

  // Grows or shrinks to nbytes, keeping the first min(old, new) bytes. Errors
  // on storage that wraps external memory.
  void resize(size_t nbytes);
  // Replaces the memory (e.g. with a copy on another device).
  void setDataPtr(DataPtr data, size_t nbytes) {
    data_ptr_ = std::move(data);
    nbytes_ = nbytes;
    clearDerived();
  }
  // Swaps in another DataPtr for the same bytes (a wrapper with another
  // deleter: the memory planner watches when a fresh output dies); returns
  // the old one, which the caller must keep alive as long as the new one.
  DataPtr exchangeDataPtr(DataPtr data) {
    return std::exchange(data_ptr_, std::move(data));
  }

  // See the header comment. Marking is idempotent and thread safe.
  bool frozen() const { return frozen_.load(std::memory_order_acquire) != nullptr; }
  void markFrozen();
  // Data a kernel derived from a frozen storage's bytes, under a key naming
  // what was derived (layout, view); nullptr if none (or not frozen).
  std::shared_ptr<const void> findDerived(std::string_view key) const;
  // Keeps `value` under `key` unless another thread got there first; returns
  // the value kept. A storage that is not frozen keeps nothing (returns value).
  std::shared_ptr<const void> addDerived(std::string key, std::shared_ptr<const void> value) const;
  // Drops the value kept under `key` (one superseded by another); false
  // when there was none. Holders of the value keep it alive.
  bool removeDerived(std::string_view key) const;
  // How many derived values are kept (for tests and diagnostics).
  size_t derivedCount() const;

 private:
  struct FrozenState;
  void clearDerived();

  DataPtr data_ptr_;
  size_t nbytes_;
  Allocator* allocator_;
  std::atomic<FrozenState*> frozen_{nullptr};
};

class Storage {
 public:
  Storage() = default;
  explicit Storage(intrusive_ptr<StorageImpl> impl) : impl_(std::move(impl)) {}

  // New memory of nbytes from the device's allocator.
  static Storage allocate(size_t nbytes, Device device = Device::cpu());
  // Wraps memory the DataPtr describes (owned or borrowed), nbytes long.
  static Storage wrap(DataPtr data, size_t nbytes) {
    return Storage(make_intrusive<StorageImpl>(std::move(data), nbytes));
  }

  bool defined() const { return static_cast<bool>(impl_); }
  void* data() const { return impl_->data(); }
  size_t nbytes() const { return impl_->nbytes(); }
  Device device() const { return impl_->device(); }
  uint32_t use_count() const { return impl_.use_count(); }
  bool is_same(const Storage& o) const { return impl_ == o.impl_; }
  StorageImpl* unsafeGetStorageImpl() const { return impl_.get(); }
  const intrusive_ptr<StorageImpl>& getIntrusivePtr() const { return impl_; }

 private:
  intrusive_ptr<StorageImpl> impl_;
};

}  // namespace jitserve
