#include "runtime/core/future.h"

#include <utility>

namespace jitserve {

bool FutureImpl::completed() const {
  std::lock_guard<std::mutex> g(mu_);
  return completed_;
}

bool FutureImpl::hasError() const {
  std::lock_guard<std::mutex> g(mu_);
  return completed_ && error_ != nullptr;
}

void FutureImpl::markCompleted(IValue value) {
  std::unique_lock<std::mutex> lock(mu_);
  JS_CHECK(!completed_, "Future: markCompleted called on a future that is already complete");
  value_ = std::move(value);
  finish(std::move(lock));
}

void FutureImpl::setError(std::exception_ptr error) {
  JS_INTERNAL_ASSERT(error != nullptr, "FutureImpl::setError needs an exception");
  std::unique_lock<std::mutex> lock(mu_);
  JS_CHECK(!completed_, "Future: setError called on a future that is already complete");
  error_ = std::move(error);
  finish(std::move(lock));
}

void FutureImpl::setErrorMessage(std::string message) {
  setError(std::make_exception_ptr(Error(std::move(message))));
}

void FutureImpl::finish(std::unique_lock<std::mutex> lock) {
  completed_ = true;
  // Callbacks run outside the lock: they may add callbacks to, or read, this
  // very future (a resumed task waiting on it again).
  std::vector<Callback> callbacks = std::move(callbacks_);
  callbacks_.clear();
  lock.unlock();
  cv_.notify_all();
  // Keep this future alive while its callbacks run even if they drop the
  // last other reference.
  intrusive_ptr<FutureImpl> self(this);
  for (auto& cb : callbacks) cb(*this);
}

void FutureImpl::addCallback(Callback cb) {
  std::unique_lock<std::mutex> lock(mu_);
  if (!completed_) {
    callbacks_.push_back(std::move(cb));
    return;
  }
  lock.unlock();
  cb(*this);
}

void FutureImpl::wait() const {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return completed_; });
}

const IValue& FutureImpl::value() const {
  std::lock_guard<std::mutex> g(mu_);
  JS_CHECK(completed_, "Future: value() called before the future completed");
  if (error_) std::rethrow_exception(error_);
  // Once complete the value never changes, so the reference stays valid.
  return value_;
}

std::string FutureImpl::errorMessage() const {
  std::exception_ptr e;
  {
    std::lock_guard<std::mutex> g(mu_);
    e = error_;
  }
  if (!e) return "";
  try {
    std::rethrow_exception(e);
  } catch (const std::exception& ex) {
    return ex.what();
  } catch (...) {
    return "unknown error";
  }
}

std::exception_ptr FutureImpl::exception() const {
  std::lock_guard<std::mutex> g(mu_);
  return error_;
}

}  // namespace jitserve
