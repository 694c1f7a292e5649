// ZipArchiveWriter: writes the zip container of torch.save files and
// TorchScript archives, the way PyTorch lays them out.
//
// Every record is stored uncompressed and its data starts at an offset that
// is a multiple of 64, so a reader (ours, or PyTorch's mmap path) can use a
// tensor storage in place. The padding lives in an extra field of the local
// header (id "FB", PyTorch's choice), which other zip readers skip.
//
// Records are appended in order; finish() writes the central directory. The
// archive is built in memory (archives go out as gRPC bytes or one file
// write). Limits of the classic zip format apply: fewer than 65535 records
// and under 4 GiB in total; larger archives are refused (no zip64).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace jitserve {

class ZipArchiveWriter {
 public:
  static constexpr size_t kAlignment = 64;

  // Appends a record. Names are checked like the reader checks them (no
  // absolute paths, "..", duplicates).
  absl::Status addRecord(std::string_view name, const void* data, size_t size);
  absl::Status addRecord(std::string_view name, std::string_view data) {
    return addRecord(name, data.data(), data.size());
  }
  // Writes the central directory and returns the archive; the writer is then
  // empty again.
  absl::StatusOr<std::string> finish();

 private:
  struct Entry {
    std::string name;
    uint32_t crc;
    uint32_t size;
    uint32_t offset;
  };
  std::string out_;
  std::vector<Entry> entries_;
  absl::flat_hash_set<std::string> names_;
};

// Writes a finished archive (or any bytes) to `path`, replacing it; errors
// name the path.
absl::Status writeArchiveFile(const std::string& path, std::string_view bytes);

// CRC-32 (IEEE 802.3, as zip uses), continuing from `crc` (0 to start).
uint32_t crc32Update(uint32_t crc, const void* data, size_t size);

}  // namespace jitserve
