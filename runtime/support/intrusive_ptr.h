// intrusive_ptr: a shared pointer whose count lives in the object, so a handle
// is one word. Tensors, strings, lists, dicts, tuples, objects and futures are
// all held this way, which keeps IValue at 16 bytes.
//
// Invariant: a Refcounted object is destroyed when its count falls to zero;
// counts are atomic, so handles may cross threads (fork/wait).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <utility>

namespace jitserve {

class Refcounted {
 public:
  Refcounted() = default;
  Refcounted(const Refcounted&) : refcount_(0) {}
  Refcounted& operator=(const Refcounted&) { return *this; }
  virtual ~Refcounted() = default;

  uint32_t refcount() const { return refcount_.load(std::memory_order_acquire); }
  void incref() const { refcount_.fetch_add(1, std::memory_order_relaxed); }
  // Returns true if this was the last reference.
  bool decref() const { return refcount_.fetch_sub(1, std::memory_order_acq_rel) == 1; }

 private:
  mutable std::atomic<uint32_t> refcount_{0};
};

template <typename T>
class intrusive_ptr {
 public:
  intrusive_ptr() noexcept = default;
  intrusive_ptr(std::nullptr_t) noexcept {}
  // Takes a new reference to p (p may be freshly allocated with count 0).
  explicit intrusive_ptr(T* p) noexcept : p_(p) { if (p_) p_->incref(); }
  intrusive_ptr(const intrusive_ptr& o) noexcept : p_(o.p_) { if (p_) p_->incref(); }
  intrusive_ptr(intrusive_ptr&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  template <typename U>
  intrusive_ptr(const intrusive_ptr<U>& o) noexcept : p_(o.get()) { if (p_) p_->incref(); }
  template <typename U>
  intrusive_ptr(intrusive_ptr<U>&& o) noexcept : p_(o.release()) {}
  ~intrusive_ptr() { reset(); }

  intrusive_ptr& operator=(const intrusive_ptr& o) noexcept { intrusive_ptr(o).swap(*this); return *this; }
  intrusive_ptr& operator=(intrusive_ptr&& o) noexcept { intrusive_ptr(std::move(o)).swap(*this); return *this; }

  void reset() noexcept {
    if (p_ && p_->decref()) delete p_;
    p_ = nullptr;
  }
  void swap(intrusive_ptr& o) noexcept { std::swap(p_, o.p_); }
  // Gives up ownership without decrementing; pair with reclaim().
  T* release() noexcept { T* p = p_; p_ = nullptr; return p; }
  // Adopts a pointer previously release()d (no increment).
  static intrusive_ptr reclaim(T* p) noexcept { intrusive_ptr r; r.p_ = p; return r; }

  T* get() const noexcept { return p_; }
  T* operator->() const noexcept { return p_; }
  T& operator*() const noexcept { return *p_; }
  explicit operator bool() const noexcept { return p_ != nullptr; }
  uint32_t use_count() const noexcept { return p_ ? p_->refcount() : 0; }
  bool unique() const noexcept { return use_count() == 1; }

  friend bool operator==(const intrusive_ptr& a, const intrusive_ptr& b) { return a.p_ == b.p_; }
  friend bool operator==(const intrusive_ptr& a, std::nullptr_t) { return a.p_ == nullptr; }

 private:
  T* p_ = nullptr;
};

template <typename T, typename... Args>
intrusive_ptr<T> make_intrusive(Args&&... args) {
  return intrusive_ptr<T>(new T(std::forward<Args>(args)...));
}

}  // namespace jitserve
