#include "compiler/serialization/zip_reader.h"

#include <zip.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <unordered_set>

#include "absl/strings/str_cat.h"
#include "runtime/support/malloc_tuning.h"

namespace jitserve {

// ---------------------------------------------------------------- AlignedBuffer

AlignedBuffer AlignedBuffer::allocate(size_t size) {
  AlignedBuffer b;
  if (size == 0) return b;
  // aligned_alloc wants a multiple of the alignment; round up (cannot
  // overflow: callers cap size far below SIZE_MAX).
  size_t rounded = (size + kAlignment - 1) / kAlignment * kAlignment;
  tuneMallocOnce();  // records become tensor storage: keep their memory like the tensor allocator does
  void* p = std::aligned_alloc(kAlignment, rounded);
  if (p == nullptr) throw std::bad_alloc();
  b.data_ = static_cast<uint8_t*>(p);
  b.size_ = size;
  return b;
}

AlignedBuffer& AlignedBuffer::operator=(AlignedBuffer&& o) noexcept {
  if (this != &o) {
    freeFn(data_);
    data_ = o.data_;
    size_ = o.size_;
    o.data_ = nullptr;
    o.size_ = 0;
  }
  return *this;
}

AlignedBuffer::~AlignedBuffer() { freeFn(data_); }

void AlignedBuffer::freeFn(void* p) { std::free(p); }

// ---------------------------------------------------------------- helpers

namespace {

std::string libzipErrorText(int code) {
  zip_error_t err;
  zip_error_init_with_code(&err, code);
  std::string s = zip_error_strerror(&err);
  zip_error_fini(&err);
  return s;
}

// Shows a hostile name safely in an error message.
std::string printableName(std::string_view name) {
  std::string out;
  for (unsigned char c : name.substr(0, 200)) {
    if (c < 0x20 || c == 0x7f) {
      absl::StrAppend(&out, "\\x", absl::Hex(c, absl::kZeroPad2));
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  if (name.size() > 200) out += "...";
  return out;
}

// Why an entry name is unacceptable, or "" when it is fine.
std::string checkEntryName(std::string_view name) {
  if (name.empty()) return "empty entry name";
  if (name.size() > 4096) return "entry name longer than 4096 bytes";
  if (name.front() == '/') return "absolute entry name";
  if (name.size() >= 2 && name[1] == ':') return "entry name with a drive letter";
  for (unsigned char c : name) {
    if (c < 0x20 || c == 0x7f) return "control character in entry name";
    if (c == '\\') return "backslash in entry name";
  }
  // Components: no "", ".", ".." (a trailing '/' marks a directory).
  std::string_view rest = name;
  if (rest.back() == '/') rest.remove_suffix(1);
  size_t start = 0;
  while (start <= rest.size()) {
    size_t end = rest.find('/', start);
    if (end == std::string_view::npos) end = rest.size();
    std::string_view comp = rest.substr(start, end - start);
    if (comp.empty()) return "empty path component in entry name";
    if (comp == "..") return "'..' component in entry name";
    if (comp == ".") return "'.' component in entry name";
    start = end + 1;
  }
  return "";
}

// Deflate cannot expand data by more than about 1032:1 (a 258-byte match per
// 2 bits); anything above is a forged header.
constexpr uint64_t kMaxDeflateRatio = 1100;

}  // namespace

// ---------------------------------------------------------------- open

ZipArchiveReader::ZipArchiveReader(std::string displayName, const ZipLimits& limits)
    : displayName_(std::move(displayName)), limits_(limits) {}

ZipArchiveReader::~ZipArchiveReader() {
  // Read-only: discard never fails in a way we could act on.
  if (archive_ != nullptr) zip_discard(archive_);
}

std::string ZipArchiveReader::where(std::string_view entryName) const {
  return absl::StrCat("entry '", printableName(entryName), "' of zip archive '", displayName_, "'");
}

absl::StatusOr<std::unique_ptr<ZipArchiveReader>> ZipArchiveReader::openFile(const std::string& path,
                                                                             const ZipLimits& limits) {
  std::unique_ptr<ZipArchiveReader> r(new ZipArchiveReader(path, limits));
  int code = 0;
  std::error_code ec;
  r->archiveBytes_ = std::filesystem::file_size(path, ec);
  if (ec) return absl::NotFoundError(absl::StrCat("cannot open zip archive '", path, "': ", ec.message()));
  if (r->archiveBytes_ == 0) return absl::InvalidArgumentError(absl::StrCat("cannot open zip archive '", path, "': file is empty"));
  zip_t* za = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &code);
  if (za == nullptr) {
    absl::StatusCode sc = (code == ZIP_ER_OPEN || code == ZIP_ER_NOENT) ? absl::StatusCode::kNotFound
                                                                         : absl::StatusCode::kInvalidArgument;
    return absl::Status(sc, absl::StrCat("cannot open zip archive '", path, "': ", libzipErrorText(code)));
  }
  absl::Status st = r->init(za);
  if (!st.ok()) return st;
  return r;
}

absl::StatusOr<std::unique_ptr<ZipArchiveReader>> ZipArchiveReader::openBytes(std::string bytes,
                                                                              std::string displayName,
                                                                              const ZipLimits& limits) {
  std::unique_ptr<ZipArchiveReader> r(new ZipArchiveReader(std::move(displayName), limits));
  // libzip treats an empty source as a new, empty archive; for a reader that
  // is simply not a zip file.
  if (bytes.empty()) {
    return absl::InvalidArgumentError(absl::StrCat("cannot open zip archive '", r->displayName_, "': input is empty"));
  }
  r->bytes_ = std::move(bytes);
  r->archiveBytes_ = r->bytes_.size();
  zip_error_t err;
  zip_error_init(&err);
  // The source borrows r->bytes_, which lives as long as the reader. An empty
  // string still has a valid data() pointer.
  zip_source_t* src = zip_source_buffer_create(r->bytes_.data(), r->bytes_.size(), 0, &err);
  if (src == nullptr) {
    std::string msg = absl::StrCat("cannot open zip archive '", r->displayName_, "': ", zip_error_strerror(&err));
    zip_error_fini(&err);
    return absl::InvalidArgumentError(msg);
  }
  zip_t* za = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &err);
  if (za == nullptr) {
    zip_source_free(src);  // still ours: the open failed
    std::string msg = absl::StrCat("cannot open zip archive '", r->displayName_, "': ", zip_error_strerror(&err));
    zip_error_fini(&err);
    return absl::InvalidArgumentError(msg);
  }
  zip_error_fini(&err);
  absl::Status st = r->init(za);
  if (!st.ok()) return st;
  return r;
}

absl::Status ZipArchiveReader::init(zip_t* za) {
  archive_ = za;
  zip_int64_t n = zip_get_num_entries(za, 0);
  if (n < 0) return absl::InvalidArgumentError(absl::StrCat("zip archive '", displayName_, "': cannot count entries"));
  if (static_cast<uint64_t>(n) > limits_.maxEntries) {
    return absl::InvalidArgumentError(absl::StrCat("zip archive '", displayName_, "' has ", n,
                                                   " entries, more than the limit of ", limits_.maxEntries));
  }
  entries_.reserve(static_cast<size_t>(n));
  uint64_t total = 0, inflated = 0;
  for (zip_uint64_t i = 0; i < static_cast<zip_uint64_t>(n); ++i) {
    const char* raw = zip_get_name(za, i, ZIP_FL_ENC_RAW);
    if (raw == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat("zip archive '", displayName_, "': cannot read the name of entry #",
                                                     i, ": ", zip_error_strerror(zip_get_error(za))));
    }
    ZipEntryInfo e;
    e.name = raw;
    e.index = i;
    std::string bad = checkEntryName(e.name);
    if (!bad.empty()) return absl::InvalidArgumentError(absl::StrCat(bad, ": ", where(e.name)));
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(za, i, ZIP_FL_ENC_RAW, &st) != 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("cannot stat ", where(e.name), ": ", zip_error_strerror(zip_get_error(za))));
    }
    const zip_uint64_t need = ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_ENCRYPTION_METHOD;
    if ((st.valid & need) != need) {
      return absl::InvalidArgumentError(absl::StrCat("incomplete header for ", where(e.name)));
    }
    // Only regular files and folders: a symlink entry holds a path (to
    // /etc/passwd, say), not a record, and whoever extracts the archive later
    // would follow it; devices and FIFOs are no records either. Unix mode
    // bits live in the high half of the external attributes; other systems
    // (and torch.save, which writes 0) carry no file type.
    zip_uint8_t opsys = 0;
    zip_uint32_t attributes = 0;
    if (zip_file_get_external_attributes(za, i, 0, &opsys, &attributes) == 0 && opsys == ZIP_OPSYS_UNIX) {
      const uint32_t type = (attributes >> 16) & 0170000;  // S_IFMT
      if (type == 0120000) return absl::InvalidArgumentError(absl::StrCat(where(e.name), " is a symbolic link"));
      if (type != 0 && type != 0100000 && type != 0040000)
        return absl::InvalidArgumentError(absl::StrCat(where(e.name), " is not a regular file or folder (unix mode 0x",
                                                       absl::Hex(attributes >> 16), ")"));
    }
    if (st.encryption_method != ZIP_EM_NONE) {
      return absl::InvalidArgumentError(absl::StrCat("encrypted ", where(e.name), " is not supported"));
    }
    if (st.comp_method != ZIP_CM_STORE && st.comp_method != ZIP_CM_DEFLATE) {
      return absl::InvalidArgumentError(absl::StrCat("unsupported compression method ", st.comp_method, " for ",
                                                     where(e.name), " (only stored and deflate are read)"));
    }
    e.size = st.size;
    e.compressedSize = st.comp_size;
    e.method = st.comp_method;
    if (e.size > limits_.maxEntryBytes) {
      return absl::InvalidArgumentError(absl::StrCat(where(e.name), " declares ", e.size,
                                                     " uncompressed bytes, more than the per-entry limit of ",
                                                     limits_.maxEntryBytes));
    }
    // Sizes a real compressor could not have produced are lies; catching them
    // here keeps a bomb from making us allocate its declared size.
    if (e.compressedSize > archiveBytes_) {
      return absl::InvalidArgumentError(absl::StrCat(where(e.name), " declares ", e.compressedSize,
                                                     " compressed bytes but the archive has only ", archiveBytes_));
    }
    if (e.method == ZIP_CM_STORE && e.size != e.compressedSize) {
      return absl::InvalidArgumentError(absl::StrCat("stored ", where(e.name), " declares ", e.size,
                                                     " bytes but occupies ", e.compressedSize));
    }
    if (e.method == ZIP_CM_DEFLATE && e.size / kMaxDeflateRatio > e.compressedSize) {
      return absl::InvalidArgumentError(absl::StrCat(where(e.name), " declares ", e.size, " bytes from only ",
                                                     e.compressedSize, " deflated bytes, beyond deflate's maximum ratio"));
    }
    if (e.isDirectory() && e.size != 0) {
      return absl::InvalidArgumentError(absl::StrCat("directory ", where(e.name), " declares ", e.size, " bytes"));
    }
    if (e.method == ZIP_CM_DEFLATE) {
      inflated += e.size;  // cannot wrap, as total below
      const uint64_t budget = std::max(limits_.inflateFloorBytes, limits_.maxInflateRatio * archiveBytes_);
      if (inflated > budget) {
        return absl::InvalidArgumentError(absl::StrCat(
            "zip archive '", displayName_, "' of ", archiveBytes_, " bytes declares ", inflated,
            " bytes of deflated data (at ", where(e.name), "), more than ", limits_.maxInflateRatio,
            " times its size: a zip bomb, or compressed past what a model archive needs"));
      }
    }
    total += e.size;  // cannot wrap: each term <= maxEntryBytes, checked every step
    if (total > limits_.maxTotalBytes) {
      return absl::InvalidArgumentError(absl::StrCat("zip archive '", displayName_, "' declares more than ",
                                                     limits_.maxTotalBytes, " uncompressed bytes in total (at ",
                                                     where(e.name), ")"));
    }
    if (!byName_.emplace(e.name, entries_.size()).second) {
      return absl::InvalidArgumentError(absl::StrCat("duplicate ", where(e.name)));
    }
    entries_.push_back(std::move(e));
  }

  // The shared top-level folder, if there is one.
  std::optional<std::string_view> first;
  bool shared = !entries_.empty();
  for (const ZipEntryInfo& e : entries_) {
    size_t slash = e.name.find('/');
    if (slash == std::string::npos) {
      shared = false;
      break;
    }
    std::string_view top = std::string_view(e.name).substr(0, slash + 1);
    if (!first) first = top;
    if (*first != top) {
      shared = false;
      break;
    }
  }
  if (shared) prefix_ = std::string(*first);
  return absl::OkStatus();
}

// ---------------------------------------------------------------- lookup

const ZipEntryInfo* ZipArchiveReader::findEntry(std::string_view fullName) const {
  auto it = byName_.find(std::string(fullName));
  return it == byName_.end() ? nullptr : &entries_[it->second];
}

const ZipEntryInfo* ZipArchiveReader::findRecord(std::string_view relName) const {
  return findEntry(prefix_ + std::string(relName));
}

std::vector<std::string> ZipArchiveReader::recordsUnder(std::string_view relFolder) const {
  std::string full = prefix_ + std::string(relFolder);
  std::vector<std::string> out;
  for (const ZipEntryInfo& e : entries_) {
    if (!e.isDirectory() && e.name.size() > full.size() && e.name.compare(0, full.size(), full) == 0) {
      out.push_back(e.name.substr(prefix_.size()));
    }
  }
  return out;
}

// ---------------------------------------------------------------- read

absl::Status ZipArchiveReader::readInto(const ZipEntryInfo& entry, uint8_t* dst) {
  std::lock_guard<std::mutex> lock(mu_);
  zip_file_t* f = zip_fopen_index(archive_, entry.index, 0);
  if (f == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot open ", where(entry.name), ": ", zip_error_strerror(zip_get_error(archive_))));
  }
  struct Closer {
    zip_file_t* f;
    ~Closer() { zip_fclose(f); }
  } closer{f};

  uint64_t done = 0;
  while (done < entry.size) {
    // zip_fread takes a 64-bit count, but keep chunks moderate so a lying
    // stream is noticed early.
    uint64_t want = std::min<uint64_t>(entry.size - done, uint64_t{1} << 30);
    zip_int64_t got = zip_fread(f, dst + done, want);
    if (got < 0) {
      return absl::InvalidArgumentError(absl::StrCat("cannot read ", where(entry.name), " at uncompressed offset ",
                                                     done, ": ", zip_error_strerror(zip_file_get_error(f))));
    }
    if (got == 0) {
      return absl::InvalidArgumentError(absl::StrCat(where(entry.name), " is truncated: declares ", entry.size,
                                                     " bytes but holds ", done));
    }
    done += static_cast<uint64_t>(got);
  }
  // The stream must end exactly here. Reading to the end also makes libzip
  // check the CRC.
  uint8_t probe;
  zip_int64_t extra = zip_fread(f, &probe, 1);
  if (extra < 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("cannot read ", where(entry.name), ": ", zip_error_strerror(zip_file_get_error(f))));
  }
  if (extra > 0) {
    return absl::InvalidArgumentError(absl::StrCat(where(entry.name), " decompresses to more than its declared ",
                                                   entry.size, " bytes"));
  }
  return absl::OkStatus();
}

absl::StatusOr<AlignedBuffer> ZipArchiveReader::readEntry(const ZipEntryInfo& entry) {
  // entry.size was checked against the limits at open time; reading entries
  // again is what could still add up.
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (bytesRead_ + entry.size > limits_.maxTotalBytes) {
      return absl::ResourceExhaustedError(absl::StrCat("reading ", where(entry.name), " would take the bytes read from ",
                                                       "the archive past the limit of ", limits_.maxTotalBytes));
    }
    bytesRead_ += entry.size;
  }
  AlignedBuffer buf;
  try {
    buf = AlignedBuffer::allocate(static_cast<size_t>(entry.size));
  } catch (const std::bad_alloc&) {
    return absl::ResourceExhaustedError(
        absl::StrCat("out of memory allocating ", entry.size, " bytes for ", where(entry.name)));
  }
  // A zero-size entry still needs its stream checked (it might not be empty).
  uint8_t dummy;
  absl::Status st = readInto(entry, buf.size() ? buf.data() : &dummy);
  if (!st.ok()) return st;
  return buf;
}

absl::StatusOr<AlignedBuffer> ZipArchiveReader::readRecord(std::string_view relName) {
  const ZipEntryInfo* e = findRecord(relName);
  if (e == nullptr) {
    return absl::NotFoundError(
        absl::StrCat("zip archive '", displayName_, "' has no record '", prefix_, printableName(relName), "'"));
  }
  return readEntry(*e);
}

absl::StatusOr<std::string> ZipArchiveReader::readRecordAsString(std::string_view relName) {
  absl::StatusOr<AlignedBuffer> b = readRecord(relName);
  if (!b.ok()) return b.status();
  return std::string(b->view());
}

}  // namespace jitserve
