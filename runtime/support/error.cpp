#include "runtime/support/error.h"

#include <new>
#include <stdexcept>

#include "absl/strings/str_cat.h"

namespace jitserve {
namespace detail {

void throwError(const std::string& msg) { throw Error(msg); }

void throwInternal(const char* file, int line, const char* cond, const std::string& msg) {
  std::ostringstream os;
  os << "internal error (a jitserve bug) at " << file << ":" << line << ": " << cond;
  if (!msg.empty()) os << ": " << msg;
  throw InternalError(os.str());
}

}  // namespace detail

absl::Status statusFromException(const std::exception& e) {
  if (auto* je = dynamic_cast<const Error*>(&e)) return absl::Status(je->code(), je->message());
  // A program that asks for more memory than there is ([1] * (1 << 40), a
  // huge tensor) is the user's limit, not our bug.
  if (dynamic_cast<const std::bad_alloc*>(&e))
    return absl::ResourceExhaustedError("out of memory: an allocation failed (std::bad_alloc)");
  if (dynamic_cast<const std::length_error*>(&e))
    return absl::ResourceExhaustedError(absl::StrCat("out of memory: a container would exceed its maximum size (",
                                                     e.what(), ")"));
  return absl::InternalError(e.what());
}

}  // namespace jitserve
