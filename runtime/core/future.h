// FutureImpl: the result of fork(), completed once with a value or an error.
//
// Designed for the interpreter's fork/wait: a task that reaches aten::wait on
// an incomplete future does not block its thread; it registers a callback
// with addCallback() and suspends, and the thread that completes the future
// runs the callbacks, which resume it. Blocking wait() exists for callers
// outside the interpreter (tests, the server waiting for a request).
//
// Invariants: completion happens exactly once (a second markCompleted or
// setError is a user-visible error); callbacks run exactly once each, in
// registration order, outside the lock, on the completing thread (or at once
// on the registering thread if already complete). All methods are thread-safe.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/core/ivalue.h"

namespace jitserve {

class FutureImpl final : public Refcounted {
 public:
  using Callback = std::function<void(FutureImpl&)>;

  explicit FutureImpl(TypePtr elementType) : elementType_(std::move(elementType)) {}
  static intrusive_ptr<FutureImpl> create(TypePtr elementType) {
    return make_intrusive<FutureImpl>(std::move(elementType));
  }

  const TypePtr& elementType() const { return elementType_; }
  bool completed() const;
  bool hasError() const;

  // Completes with a value / with an error, then runs the callbacks.
  void markCompleted(IValue value);
  void setError(std::exception_ptr error);
  // As setError, for an error message (stored as a jitserve::Error).
  void setErrorMessage(std::string message);

  // Runs cb once the future completes (immediately if it already has).
  void addCallback(Callback cb);

  // Blocks until complete.
  void wait() const;
  // The value; rethrows the stored error. The future must be complete.
  const IValue& value() const;
  // The error's message ("" when none).
  std::string errorMessage() const;
  std::exception_ptr exception() const;

 private:
  void finish(std::unique_lock<std::mutex> lock);

  const TypePtr elementType_;
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  bool completed_ = false;
  IValue value_;
  std::exception_ptr error_;
  std::vector<Callback> callbacks_;
};

inline IValue::IValue(intrusive_ptr<FutureImpl> v) noexcept : IValue(Tag::Future, v.release()) {}
inline FutureImpl& IValue::toFutureRef() const { return *ptrAs<FutureImpl>(Tag::Future, "Future"); }
inline intrusive_ptr<FutureImpl> IValue::toFuture() const& {
  return intrusive_ptr<FutureImpl>(ptrAs<FutureImpl>(Tag::Future, "Future"));
}
inline intrusive_ptr<FutureImpl> IValue::toFuture() && {
  auto* p = ptrAs<FutureImpl>(Tag::Future, "Future");
  tag_ = Tag::None;
  payload_.i = 0;
  return intrusive_ptr<FutureImpl>::reclaim(p);
}

}  // namespace jitserve
