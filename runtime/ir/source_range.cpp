#include "runtime/ir/source_range.h"

#include <algorithm>

#include "runtime/support/error.h"

namespace jitserve {

Source::Source(std::string text, std::string filename, size_t startingLine)
    : text_(std::move(text)), filename_(std::move(filename)), startingLine_(startingLine) {
  lineStarts_.push_back(0);
  for (size_t i = 0; i < text_.size(); ++i)
    if (text_[i] == '\n') lineStarts_.push_back(i + 1);
}

size_t Source::lineIndexOf(size_t offset) const {
  offset = std::min(offset, text_.size());
  auto it = std::upper_bound(lineStarts_.begin(), lineStarts_.end(), offset);
  return static_cast<size_t>(it - lineStarts_.begin()) - 1;
}

std::pair<size_t, size_t> Source::lineCol(size_t offset) const {
  offset = std::min(offset, text_.size());
  size_t idx = lineIndexOf(offset);
  return {startingLine_ + idx, offset - lineStarts_[idx]};
}

SourceRange::SourceRange(std::shared_ptr<const Source> source, size_t start, size_t end)
    : source_(std::move(source)), start_(start), end_(end) {
  JS_INTERNAL_ASSERT(source_ && start_ <= end_ && end_ <= source_->text().size(), "bad source range [",
                     start_, ", ", end_, ")");
}

SourceRange SourceRange::location(std::string filename, size_t line, size_t col) {
  SourceRange r;
  r.loc_ = FileLineCol{std::move(filename), line, col};
  return r;
}

std::string_view SourceRange::text() const {
  if (!source_) return {};
  return std::string_view(source_->text()).substr(start_, end_ - start_);
}

std::optional<FileLineCol> SourceRange::fileLineCol() const {
  if (loc_) return loc_;
  if (!source_) return std::nullopt;
  auto [line, col] = source_->lineCol(start_);
  return FileLineCol{source_->filename(), line, col};
}

std::string SourceRange::locationString() const {
  auto flc = fileLineCol();
  if (!flc) return {};
  return flc->filename + ":" + std::to_string(flc->line) + ":" + std::to_string(flc->col);
}

namespace {

// Error text goes back to clients (in gRPC trailers, which have a size
// limit), so what highlight() quotes is bounded whatever the source: a
// window of each line around the range, the first and last lines of a long
// range, and the start of a long file name.
constexpr size_t kMaxQuotedLineBytes = 120;
constexpr size_t kMaxQuotedRangeLines = 4;  // more: the first and last two, "..." between
constexpr size_t kMaxFilenameBytes = 200;

}  // namespace

std::string SourceRange::highlight(size_t context) const {
  auto flc = fileLineCol();
  if (!flc) return {};
  std::string filename = flc->filename;
  if (filename.size() > kMaxFilenameBytes) filename = filename.substr(0, kMaxFilenameBytes) + "...";
  std::string out = "  File \"" + filename + "\", line " + std::to_string(flc->line) + "\n";
  if (!source_) return out;
  const Source& src = *source_;
  const std::string& text = src.text();
  size_t firstLine = src.lineIndexOf(start_);
  // A range ending just after a newline does not include the next line.
  size_t lastLine = src.lineIndexOf(end_ > start_ ? end_ - 1 : end_);
  size_t from = firstLine >= context ? firstLine - context : 0;
  size_t to = std::min(src.numLines() - 1, lastLine + context);
  auto lineText = [&](size_t idx) {
    size_t b = src.lineStart(idx);
    size_t e = idx + 1 < src.numLines() ? src.lineStart(idx + 1) - 1 : text.size();
    return std::string_view(text).substr(b, e - b);
  };
  // Columns [win, win + kMaxQuotedLineBytes) of every line are shown, the
  // same for all so the lines stay aligned. A line that fits is shown whole;
  // past that the window starts a little before the range, so its start is
  // always visible.
  const size_t startCol = start_ - src.lineStart(firstLine);
  const size_t firstLen = lineText(firstLine).size();
  size_t win = 0;
  if (firstLen > kMaxQuotedLineBytes && startCol >= kMaxQuotedLineBytes * 3 / 4)
    win = std::min(startCol - kMaxQuotedLineBytes / 4, firstLen - kMaxQuotedLineBytes);
  const bool elide = lastLine - firstLine + 1 > kMaxQuotedRangeLines;
  for (size_t i = from; i <= to; ++i) {
    if (elide && i >= firstLine + kMaxQuotedRangeLines / 2 && i + kMaxQuotedRangeLines / 2 <= lastLine) {
      if (i == firstLine + kMaxQuotedRangeLines / 2)
        out += "... (" + std::to_string(lastLine - firstLine + 1 - kMaxQuotedRangeLines) + " lines not shown)\n";
      continue;
    }
    std::string_view line = lineText(i);
    std::string shown(line.substr(std::min(win, line.size()), kMaxQuotedLineBytes));
    // "..." over the ends that were cut, keeping every shown column in place.
    if (win > 0 && shown.empty() && !line.empty()) shown = "...";  // all of it left of the window
    else if (win > 0 && !shown.empty()) shown.replace(0, std::min<size_t>(3, shown.size()), std::min<size_t>(3, shown.size()), '.');
    if (line.size() > win + kMaxQuotedLineBytes) shown.replace(shown.size() - 3, 3, "...");
    out.append(shown).append("\n");
    if (i < firstLine || i > lastLine) continue;
    // Underline the part of this line inside the range (and the window).
    size_t b = src.lineStart(i);
    size_t hs = std::max(start_, b) - b;
    size_t he = std::min(end_, b + line.size()) - b;
    hs = std::min(std::max(hs, win), win + kMaxQuotedLineBytes) - win;
    he = std::min(std::max(he, win), win + kMaxQuotedLineBytes) - win;
    if (he <= hs) he = hs + 1;  // an empty range still gets one marker
    out.append(hs, ' ').append(he - hs, '~');
    if (i == lastLine) out += " <--- HERE";
    out += "\n";
  }
  return out;
}

}  // namespace jitserve
