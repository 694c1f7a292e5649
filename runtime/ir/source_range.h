// Source and SourceRange: where a node came from, for error messages and for
// the "# file:line:col" comments the IR printer writes.
//
// A Source is immutable text plus the file it came from (PyTorch uses
// "<string>" for code compiled from a string). A SourceRange is a [start, end)
// byte range into one shared Source. Graphs parsed from printed IR only know
// "file:line:col", not the text; such a range is "location only": it prints
// the same comment but cannot highlight anything.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jitserve {

class Source {
 public:
  // startingLine: the 1-based line number of the first line of text in the
  // file (code extracted from the middle of a file keeps its real lines).
  Source(std::string text, std::string filename = "<string>", size_t startingLine = 1);

  const std::string& text() const { return text_; }
  const std::string& filename() const { return filename_; }
  size_t startingLine() const { return startingLine_; }
  // 1-based line and 0-based column of a byte offset (clamped to the text).
  std::pair<size_t, size_t> lineCol(size_t offset) const;
  // Offset of the first byte of a 0-based line of text.
  size_t lineStart(size_t lineIndex) const { return lineStarts_[lineIndex]; }
  size_t lineIndexOf(size_t offset) const;
  size_t numLines() const { return lineStarts_.size(); }

 private:
  std::string text_;
  std::string filename_;
  size_t startingLine_;
  std::vector<size_t> lineStarts_;
};

struct FileLineCol {
  std::string filename;
  size_t line;  // 1-based
  size_t col;   // 0-based, as PyTorch prints it
};

class SourceRange {
 public:
  SourceRange() = default;  // unknown location
  SourceRange(std::shared_ptr<const Source> source, size_t start, size_t end);
  // A location without text, e.g. from a "# <string>:6:15" comment.
  static SourceRange location(std::string filename, size_t line, size_t col);

  bool valid() const { return source_ != nullptr || loc_.has_value(); }
  bool hasText() const { return source_ != nullptr; }
  const std::shared_ptr<const Source>& source() const { return source_; }
  size_t start() const { return start_; }
  size_t end() const { return end_; }
  std::string_view text() const;

  std::optional<FileLineCol> fileLineCol() const;
  // "<string>:6:15": what the IR printer writes after "# ".
  std::string locationString() const;
  // PyTorch-style error context:
  //     File "<string>", line 3
  //       def f(x):
  //           return x + y
  //                      ~ <--- HERE
  // with up to `context` lines around it. Empty for an unknown location; only
  // the first line for a location without text.
  std::string highlight(size_t context = 3) const;

 private:
  std::shared_ptr<const Source> source_;
  size_t start_ = 0;
  size_t end_ = 0;
  std::optional<FileLineCol> loc_;
};

}  // namespace jitserve
