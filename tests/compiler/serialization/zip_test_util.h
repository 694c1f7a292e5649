// Test helpers: build zip archives in memory with libzip, and patch their
// headers to make hostile variants (lying sizes, bad names).
#pragma once

#include <zip.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace jitserve::testing {

struct ZipItem {
  std::string name;
  std::string data;
  bool deflate = false;
  // Unix st_mode to record in the external attributes (0: libzip's default,
  // a regular file).
  uint32_t unixMode = 0;
};

inline std::string makeZip(const std::vector<ZipItem>& items) {
  zip_error_t err;
  zip_error_init(&err);
  zip_source_t* out = zip_source_buffer_create(nullptr, 0, 0, &err);
  if (!out) throw std::runtime_error("zip_source_buffer_create");
  zip_source_keep(out);
  zip_t* za = zip_open_from_source(out, ZIP_TRUNCATE, &err);
  if (!za) throw std::runtime_error("zip_open_from_source");
  for (const ZipItem& it : items) {
    zip_source_t* s = zip_source_buffer(za, it.data.data(), it.data.size(), 0);
    zip_int64_t idx = zip_file_add(za, it.name.c_str(), s, ZIP_FL_ENC_UTF_8);
    if (idx < 0) throw std::runtime_error(std::string("zip_file_add: ") + zip_strerror(za));
    zip_set_file_compression(za, idx, it.deflate ? ZIP_CM_DEFLATE : ZIP_CM_STORE, 0);
    if (it.unixMode != 0) zip_file_set_external_attributes(za, idx, 0, ZIP_OPSYS_UNIX, it.unixMode << 16);
  }
  if (zip_close(za) != 0) throw std::runtime_error("zip_close");
  zip_source_open(out);
  zip_source_seek(out, 0, SEEK_END);
  zip_int64_t size = zip_source_tell(out);
  zip_source_seek(out, 0, SEEK_SET);
  std::string bytes(static_cast<size_t>(size), '\0');
  zip_source_read(out, bytes.data(), size);
  zip_source_close(out);
  zip_source_free(out);
  return bytes;
}

inline void putLE32(std::string& s, size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) s[at + i] = static_cast<char>((v >> (8 * i)) & 0xff);
}

// Sets the declared uncompressed size of every entry (local and central
// headers alike, so the archive stays self-consistent).
inline void patchDeclaredSizes(std::string& zipBytes, uint32_t size) {
  for (size_t i = 0; i + 30 <= zipBytes.size(); ++i) {
    if (std::memcmp(&zipBytes[i], "PK\x03\x04", 4) == 0) putLE32(zipBytes, i + 22, size);
    if (std::memcmp(&zipBytes[i], "PK\x01\x02", 4) == 0 && i + 46 <= zipBytes.size()) putLE32(zipBytes, i + 24, size);
  }
}

// Replaces every occurrence of `from` by `to` (same length) in the raw bytes:
// used to rename entries after libzip wrote them.
inline void patchBytes(std::string& s, const std::string& from, const std::string& to) {
  if (from.size() != to.size()) throw std::runtime_error("patchBytes: lengths differ");
  for (size_t pos = s.find(from); pos != std::string::npos; pos = s.find(from, pos + to.size())) {
    s.replace(pos, from.size(), to);
  }
}

}  // namespace jitserve::testing
