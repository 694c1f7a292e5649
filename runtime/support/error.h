// Errors inside the runtime and compiler.
//
// Kernels, the interpreter and the compiler report a user's mistake (bad shape,
// out-of-range index, wrong type) by throwing jitserve::Error through
// JS_CHECK; our own bugs go through JS_INTERNAL_ASSERT, which throws
// InternalError. Library boundaries (loading, compiling, running a model) catch
// both and return absl::Status, so exceptions never cross into the server.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

#include "absl/status/status.h"

namespace jitserve {

class Error : public std::exception {
 public:
  explicit Error(std::string msg, absl::StatusCode code = absl::StatusCode::kInvalidArgument)
      : msg_(std::move(msg)), code_(code) {}
  const char* what() const noexcept override { return msg_.c_str(); }
  const std::string& message() const { return msg_; }
  absl::StatusCode code() const { return code_; }
  // Adds context (e.g. a source range) below the message.
  void appendContext(const std::string& ctx) { msg_ += "\n" + ctx; }

 private:
  std::string msg_;
  absl::StatusCode code_;
};

// A violated internal invariant: a bug in jitserve, not in the user's input.
class InternalError : public Error {
 public:
  explicit InternalError(std::string msg) : Error(std::move(msg), absl::StatusCode::kInternal) {}
};

// A device tensor reached a kernel that reads host memory (an operator with
// no kernel for that device, or inputs on different devices). Its own type
// so the interpreter can name the operator that ran.
class NotOnHostError : public Error {
 public:
  explicit NotOnHostError(std::string msg) : Error(std::move(msg), absl::StatusCode::kFailedPrecondition) {}
};

namespace detail {
template <typename... Args>
std::string concat(Args&&... args) {
  std::ostringstream os;
  (os << ... << std::forward<Args>(args));
  return os.str();
}
[[noreturn]] void throwError(const std::string& msg);
[[noreturn]] void throwInternal(const char* file, int line, const char* cond, const std::string& msg);
}  // namespace detail

// Converts an exception in flight into a Status (for use in catch blocks).
absl::Status statusFromException(const std::exception& e);

}  // namespace jitserve

// User-facing check: the message names the problem, e.g.
//   JS_CHECK(a.dim() == 2, "mm: expected a 2-D tensor, got ", a.dim(), "-D");
#define JS_CHECK(cond, ...)                                                    \
  do {                                                                         \
    if (__builtin_expect(!(cond), 0))                                          \
      ::jitserve::detail::throwError(::jitserve::detail::concat(__VA_ARGS__)); \
  } while (0)

#define JS_ERROR(...) ::jitserve::detail::throwError(::jitserve::detail::concat(__VA_ARGS__))

// Internal invariant; failing it is our bug.
#define JS_INTERNAL_ASSERT(cond, ...)                                                   \
  do {                                                                                  \
    if (__builtin_expect(!(cond), 0))                                                   \
      ::jitserve::detail::throwInternal(__FILE__, __LINE__, #cond,                      \
                                        ::jitserve::detail::concat("" __VA_OPT__(, ) __VA_ARGS__)); \
  } while (0)
