#include "runtime/support/error.h"

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
  return absl::InternalError(e.what());
}

}  // namespace jitserve
