// ZipArchiveReader: read-only access to the zip container of torch.save files
// and torch.jit.save archives, hardened for untrusted uploads.
//
// PyTorch writes every record of an archive under one top-level folder whose
// name varies ("archive/", "inputs/", the file's stem...). The reader detects
// that folder once at open time (prefix()) so callers address records by
// their relative name ("data.pkl", "data/0", "code/__torch__.py").
//
// Invariants established by open*() (a violation fails the open):
//   - the archive has at most ZipLimits::maxEntries entries, no two entries
//     share a name, and no name is absolute, contains a ".." or "." component,
//     a backslash or a control character;
//   - no entry is encrypted and each uses a method we read (stored/deflate);
//   - every declared uncompressed size is <= maxEntryBytes and their sum is
//     <= maxTotalBytes; declared sizes are plausible (compressed size within
//     the archive, stored size == compressed size, deflate ratio possible).
// Reads then allocate exactly the declared size (already checked) and fail if
// the decompressed stream is longer or shorter than declared (zip bombs lie
// about sizes), or if libzip reports a CRC or data error.
//
// Concurrency: reads are serialized by an internal mutex (libzip handles are
// not thread-safe), so one reader may be shared between threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

struct zip;
struct zip_source;

namespace jitserve {

struct ZipLimits {
  uint64_t maxEntries = 100000;
  // Largest uncompressed entry (a single tensor storage).
  uint64_t maxEntryBytes = uint64_t{8} << 30;
  // Sum of all declared uncompressed sizes.
  uint64_t maxTotalBytes = uint64_t{32} << 30;
  // What deflated entries may expand to, together: at most this multiple of
  // the archive's size (or the floor, for small archives). torch.jit.save
  // stores entries uncompressed and a re-zipped archive of weights deflates
  // little, so only a zip bomb (1 MB of compressed zeros declaring 1 GiB)
  // reaches it.
  uint64_t maxInflateRatio = 16;
  uint64_t inflateFloorBytes = uint64_t{64} << 20;
};

// An owned, 64-byte aligned byte buffer: what a read entry becomes, suitable
// to be adopted as a tensor Storage without copying (release() + freeFn()).
class AlignedBuffer {
 public:
  static constexpr size_t kAlignment = 64;

  AlignedBuffer() = default;
  // Allocates size bytes (uninitialized); size 0 gives a null buffer. Throws
  // std::bad_alloc on failure.
  static AlignedBuffer allocate(size_t size);

  AlignedBuffer(AlignedBuffer&& o) noexcept : data_(o.data_), size_(o.size_) {
    o.data_ = nullptr;
    o.size_ = 0;
  }
  AlignedBuffer& operator=(AlignedBuffer&& o) noexcept;
  AlignedBuffer(const AlignedBuffer&) = delete;
  AlignedBuffer& operator=(const AlignedBuffer&) = delete;
  ~AlignedBuffer();

  uint8_t* data() { return data_; }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  std::string_view view() const { return {reinterpret_cast<const char*>(data_), size_}; }

  // Gives up ownership; the pointer must be freed with freeFn().
  uint8_t* release() {
    uint8_t* p = data_;
    data_ = nullptr;
    size_ = 0;
    return p;
  }
  static void freeFn(void* p);

 private:
  uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

struct ZipEntryInfo {
  std::string name;           // full name inside the archive
  uint64_t index = 0;         // libzip index
  uint64_t size = 0;          // declared uncompressed size
  uint64_t compressedSize = 0;
  uint16_t method = 0;        // 0 stored, 8 deflate
  bool isDirectory() const { return !name.empty() && name.back() == '/'; }
};

class ZipArchiveReader {
 public:
  // Opens an archive on disk. `path` also names the archive in errors.
  static absl::StatusOr<std::unique_ptr<ZipArchiveReader>> openFile(const std::string& path,
                                                                    const ZipLimits& limits = {});
  // Opens an archive held in memory (e.g. received over gRPC); the reader
  // keeps the bytes. `displayName` names the archive in errors.
  static absl::StatusOr<std::unique_ptr<ZipArchiveReader>> openBytes(std::string bytes,
                                                                     std::string displayName = "<bytes>",
                                                                     const ZipLimits& limits = {});
  ~ZipArchiveReader();
  ZipArchiveReader(const ZipArchiveReader&) = delete;
  ZipArchiveReader& operator=(const ZipArchiveReader&) = delete;

  const std::string& displayName() const { return displayName_; }
  const std::vector<ZipEntryInfo>& entries() const { return entries_; }
  const ZipLimits& limits() const { return limits_; }

  // The top-level folder shared by every entry, with its trailing slash
  // ("archive/"), or "" when the entries do not share one.
  const std::string& prefix() const { return prefix_; }

  // Entry by full name / by name relative to prefix(); nullptr if absent.
  const ZipEntryInfo* findEntry(std::string_view fullName) const;
  const ZipEntryInfo* findRecord(std::string_view relName) const;
  bool hasRecord(std::string_view relName) const { return findRecord(relName) != nullptr; }
  // Names of the records (relative to prefix()) under a folder, e.g. "code/".
  std::vector<std::string> recordsUnder(std::string_view relFolder) const;

  // Reads a whole entry. Errors name the archive and the entry. The bytes
  // read over the reader's life are capped by maxTotalBytes too.
  absl::StatusOr<AlignedBuffer> readEntry(const ZipEntryInfo& entry);
  absl::StatusOr<AlignedBuffer> readRecord(std::string_view relName);
  absl::StatusOr<std::string> readRecordAsString(std::string_view relName);

 private:
  ZipArchiveReader(std::string displayName, const ZipLimits& limits);
  absl::Status init(zip* archive);
  absl::Status readInto(const ZipEntryInfo& entry, uint8_t* dst);
  std::string where(std::string_view entryName) const;

  std::string displayName_;
  ZipLimits limits_;
  std::string bytes_;  // the archive, when opened from memory (libzip borrows it)
  uint64_t archiveBytes_ = 0;
  zip* archive_ = nullptr;
  std::vector<ZipEntryInfo> entries_;
  std::unordered_map<std::string, size_t> byName_;
  std::string prefix_;
  std::mutex mu_;
  uint64_t bytesRead_ = 0;  // guarded by mu_
};

}  // namespace jitserve
