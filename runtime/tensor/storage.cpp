#include "runtime/tensor/storage.h"

#include <algorithm>
#include <cstring>

#include "runtime/support/error.h"

namespace jitserve {

void StorageImpl::resize(size_t nbytes) {
  JS_CHECK(resizable(), "Trying to resize storage that is not resizable");
  if (nbytes == nbytes_) return;
  DataPtr fresh = allocator_->allocate(nbytes);
  const size_t keep = std::min(nbytes, nbytes_);
  if (keep > 0) {
    JS_CHECK(device().isCPU(), "StorageImpl::resize: only CPU storage can be resized here");
    std::memcpy(fresh.get(), data_ptr_.get(), keep);
  }
  data_ptr_ = std::move(fresh);
  nbytes_ = nbytes;
}

Storage Storage::allocate(size_t nbytes, Device device) {
  return Storage(make_intrusive<StorageImpl>(nbytes, getAllocator(device.type)));
}

}  // namespace jitserve
