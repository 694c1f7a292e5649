#include "runtime/tensor/storage.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <vector>

#include "runtime/support/error.h"

namespace jitserve {

// A frozen storage's derived data: few entries (one per layout a kernel
// wanted), looked up under a mutex (uncontended: one lock per kernel call).
struct StorageImpl::FrozenState {
  std::mutex mu;
  std::vector<std::pair<std::string, std::shared_ptr<const void>>> derived;
};

StorageImpl::~StorageImpl() { delete frozen_.load(std::memory_order_acquire); }

void StorageImpl::markFrozen() {
  if (frozen()) return;
  auto* state = new FrozenState();
  FrozenState* expected = nullptr;
  if (!frozen_.compare_exchange_strong(expected, state, std::memory_order_acq_rel)) delete state;
}

std::shared_ptr<const void> StorageImpl::findDerived(std::string_view key) const {
  FrozenState* s = frozen_.load(std::memory_order_acquire);
  if (s == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(s->mu);
  for (const auto& [k, v] : s->derived)
    if (k == key) return v;
  return nullptr;
}

std::shared_ptr<const void> StorageImpl::addDerived(std::string key, std::shared_ptr<const void> value) const {
  FrozenState* s = frozen_.load(std::memory_order_acquire);
  if (s == nullptr) return value;
  std::lock_guard<std::mutex> lock(s->mu);
  for (const auto& [k, v] : s->derived)
    if (k == key) return v;
  s->derived.emplace_back(std::move(key), value);
  return value;
}

size_t StorageImpl::derivedCount() const {
  FrozenState* s = frozen_.load(std::memory_order_acquire);
  if (s == nullptr) return 0;
  std::lock_guard<std::mutex> lock(s->mu);
  return s->derived.size();
}

bool StorageImpl::removeDerived(std::string_view key) const {
  FrozenState* s = frozen_.load(std::memory_order_acquire);
  if (s == nullptr) return false;
  std::lock_guard<std::mutex> lock(s->mu);
  for (auto it = s->derived.begin(); it != s->derived.end(); ++it) {
    if (it->first == key) {
      s->derived.erase(it);
      return true;
    }
  }
  return false;
}

void StorageImpl::clearDerived() {
  FrozenState* s = frozen_.load(std::memory_order_acquire);
  if (s == nullptr) return;
  std::lock_guard<std::mutex> lock(s->mu);
  s->derived.clear();
}

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
  clearDerived();
}

Storage Storage::allocate(size_t nbytes, Device device) {
  return Storage(make_intrusive<StorageImpl>(nbytes, getAllocator(device.type)));
}

}  // namespace jitserve
