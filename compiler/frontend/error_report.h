// ErrorReport: a user's mistake in TorchScript source, with the place it was
// made.
//
// The lexer, the parser and the IR emitter all throw this one type, so every
// frontend failure prints the same way PyTorch does:
//
//   expected ':' but found 'ident':
//     File "<string>", line 3
//       def f(x)
//           ~~~~ <--- HERE
//
// Usage: `throw ErrorReport(range) << "expected " << what;`. The message is
// built by streaming; after every `<<` the inherited jitserve::Error message
// (what(), message()) is the full text, so code that catches jitserve::Error
// and converts it to an absl::Status loses nothing.
#pragma once

#include <sstream>
#include <string>
#include <utility>

#include "runtime/ir/source_range.h"
#include "runtime/support/error.h"

namespace jitserve::frontend {

class ErrorReport : public Error {
 public:
  explicit ErrorReport(SourceRange range)
      : Error(""), range_(std::move(range)), context_(range_.highlight()) {
    // Control bytes in the quoted source (a NUL would end what() early) are
    // shown as '?'; one byte for one keeps the ~~~ marker aligned.
    for (char& c : context_)
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') || c == 0x7f) c = '?';
    refresh();
  }
  ErrorReport(SourceRange range, std::string msg) : ErrorReport(std::move(range)) {
    msg_ = std::move(msg);
    refresh();
  }

  template <typename T>
  ErrorReport& operator<<(const T& value) & {
    std::ostringstream os;
    os << value;
    msg_ += os.str();
    refresh();
    return *this;
  }
  template <typename T>
  ErrorReport&& operator<<(const T& value) && {
    return std::move(static_cast<ErrorReport&>(*this) << value);
  }

  const SourceRange& range() const { return range_; }
  // The message alone, without the source context.
  const std::string& rawMessage() const { return msg_; }

 private:
  void refresh() {
    // Re-seat the base message: Error keeps its text privately and only the
    // full form is useful to whoever catches Error.
    // The message may quote the user's text (an identifier, a string
    // literal): cut it, as highlight() bounds the context, so the error a
    // client gets is bounded whatever the input.
    std::string full = msg_.size() <= kMaxMessageBytes
                           ? msg_
                           : msg_.substr(0, kMaxMessageBytes) + "... (" + std::to_string(msg_.size()) + " bytes in all)";
    if (!context_.empty()) {
      full += ":\n";
      full += context_;
    }
    static_cast<Error&>(*this) = Error(std::move(full));
  }

  static constexpr size_t kMaxMessageBytes = 1024;

  SourceRange range_;
  std::string context_;
  std::string msg_;
};

}  // namespace jitserve::frontend
