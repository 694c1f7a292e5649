#include "compiler/serialization/zip_writer.h"

#include <array>
#include <fstream>
#include <limits>

#include "absl/strings/str_cat.h"

namespace jitserve {

namespace {

constexpr std::array<uint32_t, 256> makeCrcTable() {
  std::array<uint32_t, 256> t{};
  for (uint32_t i = 0; i < 256; ++i) {
    uint32_t c = i;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
    t[i] = c;
  }
  return t;
}
constexpr std::array<uint32_t, 256> kCrcTable = makeCrcTable();

void put16(std::string& s, uint16_t v) {
  s.push_back(static_cast<char>(v & 0xff));
  s.push_back(static_cast<char>(v >> 8));
}
void put32(std::string& s, uint32_t v) {
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

constexpr uint16_t kVersion = 20;      // 2.0: stored entries, folders
constexpr uint16_t kFlagUtf8 = 0x800;  // names are UTF-8
constexpr uint16_t kDosTime = 0;
constexpr uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;  // 1980-01-01
constexpr uint16_t kPaddingFieldId = 0x4246;            // "FB"
constexpr uint64_t kMaxZip32 = std::numeric_limits<uint32_t>::max();

}  // namespace

uint32_t crc32Update(uint32_t crc, const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  crc = ~crc;
  for (size_t i = 0; i < size; ++i) crc = kCrcTable[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
  return ~crc;
}

absl::Status ZipArchiveWriter::addRecord(std::string_view name, const void* data, size_t size) {
  if (name.empty() || name.front() == '/' || name.size() > 0xffff) {
    return absl::InvalidArgumentError(absl::StrCat("zip writer: bad record name '", std::string(name), "'"));
  }
  for (std::string_view rest = name; !rest.empty();) {
    size_t slash = rest.find('/');
    std::string_view comp = rest.substr(0, slash);
    if (comp.empty() || comp == "." || comp == "..") {
      return absl::InvalidArgumentError(absl::StrCat("zip writer: bad record name '", std::string(name), "'"));
    }
    rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
  }
  if (names_.contains(std::string(name))) {
    return absl::InvalidArgumentError(absl::StrCat("zip writer: duplicate record '", std::string(name), "'"));
  }
  if (entries_.size() >= 0xffff) return absl::ResourceExhaustedError("zip writer: more than 65534 records");

  const uint64_t headerStart = out_.size();
  const uint64_t beforePad = headerStart + 30 + name.size();
  uint64_t pad = (kAlignment - beforePad % kAlignment) % kAlignment;
  if (pad != 0 && pad < 4) pad += kAlignment;  // an extra field needs 4 bytes of header
  if (beforePad + pad + size > kMaxZip32) {
    return absl::ResourceExhaustedError(
        absl::StrCat("zip writer: archive would exceed 4 GiB at record '", std::string(name), "' (zip64 unsupported)"));
  }
  const uint32_t crc = crc32Update(0, data, size);
  std::string& s = out_;
  put32(s, 0x04034b50);
  put16(s, kVersion);
  put16(s, kFlagUtf8);
  put16(s, 0);  // stored
  put16(s, kDosTime);
  put16(s, kDosDate);
  put32(s, crc);
  put32(s, static_cast<uint32_t>(size));
  put32(s, static_cast<uint32_t>(size));
  put16(s, static_cast<uint16_t>(name.size()));
  put16(s, static_cast<uint16_t>(pad));
  s.append(name);
  if (pad != 0) {
    put16(s, kPaddingFieldId);
    put16(s, static_cast<uint16_t>(pad - 4));
    s.append(pad - 4, 'Z');
  }
  s.append(static_cast<const char*>(data), size);
  names_.insert(std::string(name));
  entries_.push_back(Entry{std::string(name), crc, static_cast<uint32_t>(size), static_cast<uint32_t>(headerStart)});
  return absl::OkStatus();
}

absl::StatusOr<std::string> ZipArchiveWriter::finish() {
  const uint64_t cdStart = out_.size();
  std::string& s = out_;
  for (const Entry& e : entries_) {
    put32(s, 0x02014b50);
    put16(s, kVersion);  // made by
    put16(s, kVersion);  // needed
    put16(s, kFlagUtf8);
    put16(s, 0);
    put16(s, kDosTime);
    put16(s, kDosDate);
    put32(s, e.crc);
    put32(s, e.size);
    put32(s, e.size);
    put16(s, static_cast<uint16_t>(e.name.size()));
    put16(s, 0);  // extra
    put16(s, 0);  // comment
    put16(s, 0);  // disk
    put16(s, 0);  // internal attributes
    put32(s, 0);  // external attributes
    put32(s, e.offset);
    s.append(e.name);
  }
  const uint64_t cdSize = out_.size() - cdStart;
  if (out_.size() + 22 > kMaxZip32) return absl::ResourceExhaustedError("zip writer: archive exceeds 4 GiB");
  put32(s, 0x06054b50);
  put16(s, 0);
  put16(s, 0);
  put16(s, static_cast<uint16_t>(entries_.size()));
  put16(s, static_cast<uint16_t>(entries_.size()));
  put32(s, static_cast<uint32_t>(cdSize));
  put32(s, static_cast<uint32_t>(cdStart));
  put16(s, 0);
  std::string result = std::move(out_);
  out_.clear();
  entries_.clear();
  names_.clear();
  return result;
}

absl::Status writeArchiveFile(const std::string& path, std::string_view bytes) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) return absl::PermissionDeniedError(absl::StrCat("cannot write '", path, "'"));
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();
  if (!f) return absl::DataLossError(absl::StrCat("error writing '", path, "'"));
  return absl::OkStatus();
}

}  // namespace jitserve
